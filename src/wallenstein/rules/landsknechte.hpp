#pragma once

#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// How many regions a player's provinces lie in (the Landsknechte expansion, rules 13.2).
int regions_held(const GameState& state, const Ruleset& rules, PlayerIndex player);

/// The card a player turns next this year if their provinces still lie in enough regions then;
/// null when this year's pile is spent.
const LandsknechtCard* next_landsknecht_card(const GameState& state, const Ruleset& rules,
                                             PlayerIndex player);
/// The same for a player who has turned `turned` cards this year (what anyone sees).
const LandsknechtCard* next_landsknecht_card(const Ruleset& rules, int turned);

}  // namespace wallenstein
