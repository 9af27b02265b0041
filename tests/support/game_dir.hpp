#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/run_binary.hpp"

namespace wallenstein::testing {

/// `--player ID:NAME:EMAIL` arguments for the first `count` of five fixed players.
std::vector<std::string> players_args(int count);

/// Runs `wallenstein new DIR --seed SEED` with `players` players.
Outcome new_game_cmd(const std::filesystem::path& dir, int players, const std::string& seed = "42");

/// Every entry under a directory with its bytes, to compare directories exactly. Symbolic links
/// are recorded by their target and other special files by their kind; neither is followed.
std::map<std::string, std::string> snapshot(const std::filesystem::path& root);

}  // namespace wallenstein::testing
