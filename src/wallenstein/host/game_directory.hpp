#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/host/rounds.hpp"
#include "wallenstein/files/game_config.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// One season's directory: seasons/<NN>-<year>-<season>, a round of the host.
using SeasonDir = RoundDir;

/// A game directory (interfaces 2): game.yaml and one directory per season.
class GameDirectory {
 public:
  /// Opens an existing game; a missing or broken game.yaml, a season directory without its
  /// state.yaml, and a state or order file that is not a plain readable file are InputErrors.
  /// With `cache` (kept_cache_dir()), the states it reads are kept there between processes
  /// (kept_states.hpp).
  static GameDirectory open(const std::filesystem::path& root,
                            std::optional<std::filesystem::path> cache = {});

  const std::filesystem::path& root() const { return root_; }
  const GameConfig& config() const { return config_; }

  /// Every season directory (seasons/NN-...), in order.
  std::vector<SeasonDir> seasons() const;
  /// The season being planned: the last one.
  SeasonDir current() const;
  /// A season by directory name (01-1618-spring) or season name (1618-spring).
  SeasonDir find(std::string_view which) const;
  /// The season after this one, if it exists (then this one has been resolved).
  std::optional<SeasonDir> next(const SeasonDir& season) const;

  GameState load_state(const SeasonDir& season, const Ruleset& rules) const;
  /// Player ids with an order file in the season, in seat order.
  std::vector<std::string> submitted(const SeasonDir& season) const;

 private:
  GameDirectory(std::filesystem::path root, GameConfig config,
                std::optional<std::filesystem::path> cache)
      : root_(std::move(root)), config_(std::move(config)), cache_(std::move(cache)) {}
  std::filesystem::path root_;
  GameConfig config_;
  std::optional<std::filesystem::path> cache_;
};

/// Creates a game directory with game.yaml and the first season's state, all or nothing:
/// everything is written into a staging directory that is renamed into place last.
void create_game_directory(const std::filesystem::path& root, const GameConfig& config,
                           const GameState& state, const Ruleset& rules);

}  // namespace wallenstein
