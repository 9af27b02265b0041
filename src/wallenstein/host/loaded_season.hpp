#pragma once

#include <optional>
#include <string>

#include "pbem/host/timetable.hpp"
#include "wallenstein/files/game_config.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/host/season_files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/season_view.hpp"

namespace wallenstein {

/// A season loaded for the map and the reports: its state and, when it has been resolved, its
/// resolution (re-resolved and checked against the stored log and next state).
struct LoadedSeason {
  GameConfig config;       ///< game.yaml with each seat named after whoever held it in this season
  GameConfig next_config;  ///< the same for the season its order templates are for
  GameState start;
  std::optional<ResolvedSeason> resolution;
  /// When the orders it asks for are due, and the schedule's time zone (none: no schedule).
  std::optional<pbem::Timetable> due;

  SeasonView view(const Ruleset& rules) const;
};

LoadedSeason load_season(const GameDirectory& game, const Ruleset& rules, const SeasonDir& season);

}  // namespace wallenstein
