#pragma once

// Commands that work on many games: `DIR...` or `--root ROOT` (every game directory in it).

#include <filesystem>
#include <vector>

namespace wallenstein::app {

struct Invocation;

/// The game directories a command was given: the DIRs, or every directory under ROOT that holds
/// a game.yaml, by name; a usage error when neither or both were given.
std::vector<std::filesystem::path> game_dirs(const Invocation& in);

}  // namespace wallenstein::app
