#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "support/run_binary.hpp"

namespace wallenstein::testing {

/// `--player` arguments for `count` players (names with umlauts among them).
std::vector<std::string> players_args(int count);
/// Runs `wallenstein new DIR --seed SEED` with `players` players.
Outcome new_game(const std::filesystem::path& dir, int players, const std::string& seed = "42");
/// Writes random legal orders for every player of the season being planned into `out_dir`.
std::vector<std::filesystem::path> write_random_orders(const std::filesystem::path& game_dir,
                                                       const std::filesystem::path& out_dir,
                                                       std::uint64_t seed);
/// Submits random legal orders for every player (all must be accepted).
void submit_random_orders(const std::filesystem::path& game_dir,
                          const std::filesystem::path& work_dir, std::uint64_t seed);

}  // namespace wallenstein::testing
