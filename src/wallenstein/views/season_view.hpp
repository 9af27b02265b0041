#pragma once

#include <optional>
#include <string>

#include "pbem/files/language.hpp"
#include "pbem/host/schedule.hpp"
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
  /// When the orders for the season after are due (the schedule's), worded in the language of
  /// the reports; none: the game.yaml's free text for that season, if any.
  std::optional<pbem::Instant> due = {};
  std::string due_timezone = {};
  /// The words of the language the reports and the map are in (null: English).
  const pbem::LanguageWords* words = nullptr;
  /// The seats as held in the season the order templates are for (the season after a resolved
  /// one): a newcomer who took a seat over gets the template in their name; null: `config`.
  const GameConfig* next_config = nullptr;

  bool resolved() const { return log != nullptr; }
};

}  // namespace wallenstein
