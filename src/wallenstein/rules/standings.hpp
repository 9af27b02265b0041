#pragma once

#include <cstdint>
#include <vector>

#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// How a place was decided among players with as many VP (rules 10).
enum class TieBreak : std::uint8_t {
  none,     ///< nobody else has as many VP
  decided,  ///< someone has as many VP; the ruleset's tie-breaks decide (`scoring.tie_breaks`)
  shared,   ///< someone is equal in VP and in every tie-break: the place is shared
};

/// A player's place in the game.
struct Standing {
  PlayerIndex player;
  int place = 1;  ///< 1 + the players ahead; players equal in VP and every tie-break share it
  TieBreak tie_break = TieBreak::none;
  bool operator==(const Standing&) const = default;
};

/// Every player's place, best first, seat order within a shared place (rules 10: most VP, then
/// the tie-breaks in order, most thaler in the 2nd edition and most palaces, churches, trading
/// houses in the 1st; still equal, shared). The players on place 1 are the winners of a finished
/// game.
std::vector<Standing> rank_players(const GameState& state, const Ruleset& rules);

/// A player's values of the ruleset's tie-breaks, in their order (thaler; palaces, churches and
/// trading houses on the board): players equal in VP and in these share a place.
std::vector<int> tie_break_values(const GameState& state, const Ruleset& rules, PlayerIndex player);

}  // namespace wallenstein
