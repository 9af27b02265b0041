#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/orders.hpp"
#include "wallenstein/rules/season_log.hpp"

namespace wallenstein {

struct Ruleset;
class TowerModel;

/// Hooks for tests: a fixed tower and an observer called after every step that moves pieces.
struct ResolveOptions {
  TowerModel* tower = nullptr;  ///< null: the random tower of rules 8.4
  std::function<void(const GameState&)> after_step;
};

/// The state after a season and what happened in it.
struct SeasonResult {
  GameState next;
  SeasonLog log;
};

/// Resolves the season being planned (and the winter after autumn) and publishes the next one:
/// rules 4 to 10. ("Rules N.M" in the core's comments is a section of docs/rules.md.) `orders`
/// holds one entry per player in seat order; `nmr` names the players whose orders were made up for
/// them. Same inputs, same result, on every platform. `state` is taken by value: a caller done with
/// it moves it in and saves a copy of it.
SeasonResult resolve_season(GameState state, const std::vector<Orders>& orders,
                            const std::vector<PlayerIndex>& nmr, const Ruleset& rules,
                            const ResolveOptions& options = {});

/// Resolves the draft season (rules 2.2, D-42): plays the picks from each player's `draft` wishes,
/// places the groups, then fills the tower, reveals the first year's events and publishes the
/// first season. resolve_season calls it for a state with a draft.
SeasonResult resolve_draft(GameState state, const std::vector<Orders>& orders,
                           const std::vector<PlayerIndex>& nmr, const Ruleset& rules,
                           const ResolveOptions& options = {});

/// What `new` needs to lay out a game.
struct NewGame {
  std::string name;
  std::vector<std::string> player_ids;  ///< seat order: players A, B, C... of the standard setup
  std::uint64_t seed = 0;
  bool draft = false;  ///< rules 2.2: the players draft their provinces in a season 0
};

/// Lays out the standard setup, fills the tower, reveals the first year's events and publishes
/// the first season (rules 2). The player count must have a standard setup. With `draft` it deals
/// the draft's cards instead and publishes the draft (season 0, rules 2.2); resolving that season
/// plays the draft and the rest of the setup.
GameState new_game(const NewGame& spec, const Ruleset& rules, TowerModel* tower = nullptr);

/// The rule invariants every state keeps (cubes, peasants, markers, buildings, cards); each
/// broken one is described. Used by tests and by `resolve` as a last line of defence.
std::vector<std::string> invariant_violations(const GameState& state, const Ruleset& rules);

}  // namespace wallenstein
