#pragma once

// Commands that work on many games: `DIR...` or `--root ROOT` (every game directory in it).

#include <boost/program_options.hpp>
#include <filesystem>
#include <vector>

namespace wallenstein::app {

struct Invocation;

/// Declares the positional `DIR...` and `--root ROOT`.
void declare_game_dirs(boost::program_options::options_description& options,
                       boost::program_options::positional_options_description& positional);

/// The game directories a command was given: the DIRs, or every directory under ROOT that holds
/// a game.yaml, by name; a usage error when neither or both were given.
std::vector<std::filesystem::path> game_dirs(const Invocation& in);

}  // namespace wallenstein::app
