#pragma once

#include <kainjow/mustache.hpp>

#include <optional>
#include <string>

#include "adapters/game_config.hpp"
#include "core/game_state.hpp"
#include "core/ruleset.hpp"
#include "core/season_log.hpp"

namespace wallenstein::report {

using Data = kainjow::mustache::data;

/// What a report is about. `log` set: the report of a resolved season (`start` its state,
/// `after` the state it led to). `log` null: the opening report of the season `start`.
struct ReportInput {
  const GameConfig* config = nullptr;
  const Ruleset* rules = nullptr;
  const GameState* start = nullptr;
  const GameState* after = nullptr;
  const SeasonLog* log = nullptr;
};

/// The data every template sees: only public information (the tower's content, the event deck,
/// the face-down action cards of the next season and the seed are never put in).
/// With `player`, also that player's holdings and order template.
Data report_data(const ReportInput& input, std::optional<PlayerIndex> player);

/// The season whose orders the report asks for, if the game goes on.
std::optional<SeasonLabel> next_season(const ReportInput& input);

}  // namespace wallenstein::report
