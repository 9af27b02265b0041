#pragma once

#include <string>

#include "wallenstein/files/game_config.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_log.hpp"

namespace wallenstein {

/// A season as the map and the reports show it. A resolved season: `start` is its state,
/// `after` the state it led to, `log` what happened. A season being planned: `after` is
/// `start` and `log` is null.
struct SeasonView {
  const GameConfig* config = nullptr;
  const Ruleset* rules = nullptr;
  const GameState* start = nullptr;
  const GameState* after = nullptr;
  const SeasonLog* log = nullptr;
  std::string nmr_policy = "pass";  ///< how the log's NMR players' orders were made (rules 11)
  std::string deadline = {};  ///< when the orders for the season after are due, in words (schedule)
  /// The seats as held in the season the order templates are for (the season after a resolved
  /// one): a newcomer who took a seat over gets the template in their name; null: `config`.
  const GameConfig* next_config = nullptr;

  bool resolved() const { return log != nullptr; }
};

}  // namespace wallenstein
