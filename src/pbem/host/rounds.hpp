#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pbem {

/// One round's directory of a game: `seasons/<NN>-<name>` (interfaces 2), holding the round's
/// state, its log once resolved, and the players' orders.
struct RoundDir {
  int index = 0;
  std::string name;  ///< "1618-spring"
  std::filesystem::path path;

  std::filesystem::path state_file() const { return path / "state.yaml"; }
  std::filesystem::path log_file() const { return path / "log.yaml"; }
  std::filesystem::path orders_dir() const { return path / "orders"; }
  std::filesystem::path orders_file(std::string_view player) const {
    return orders_dir() / (std::string(player) + ".yaml");
  }
};

/// The round a directory's name says (`NN-name`), or none when it is not one.
std::optional<RoundDir> parse_round_dir(const std::filesystem::path& path);
/// Every round directory of a game (`root/seasons/NN-...`), in order of their numbers.
std::vector<RoundDir> list_rounds(const std::filesystem::path& root);

/// What a game writes into a round's directory besides `orders/*.yaml`: files at its top
/// (its state, log, timetable, map) and folders that are wholly its own (reports). `rollback`
/// removes only these, and refuses to delete anything else someone put there.
struct RoundFiles {
  std::vector<std::string> files;
  std::vector<std::string> directories;
};

}  // namespace pbem
