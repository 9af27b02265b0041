#pragma once

#include <nlohmann/json.hpp>

#include "wallenstein/files/game_config.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_log.hpp"

namespace wallenstein {

/// The public state of a season as JSON (interfaces 4). `resolution` is the season's log when it
/// has been resolved. Hidden information never appears: action slots 6-10 of an unresolved
/// season, the event deck, the tower's content, the random state and the seed.
nlohmann::ordered_json public_json(const GameConfig& config, const GameState& state,
                                   const Ruleset& rules, const SeasonLog* resolution);

/// A bid as JSON: the coin value, "province" or "none".
nlohmann::ordered_json bid_json(const Bid& bid);

}  // namespace wallenstein
