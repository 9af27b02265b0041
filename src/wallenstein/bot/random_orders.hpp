#pragma once

#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/orders.hpp"
#include "wallenstein/rules/rng.hpp"

namespace wallenstein {

struct Ruleset;

/// Random orders that `check_orders` accepts: a random subset of actions on distinct provinces,
/// battle targets among the in-play neighbours, a legal bid and a shuffled tile list. Used by the
/// property tests and the benchmark; deterministic for a given generator state.
Orders random_orders(const GameState& state, const Ruleset& rules, PlayerIndex player, Rng& rng);

/// Orders written back as text (ids for provinces), as a player could have written them.
WrittenOrders to_written(const Orders& orders, const GameState& state, const Ruleset& rules);

}  // namespace wallenstein
