#pragma once

#include <cstdint>
#include <vector>

#include "core/game_state.hpp"

namespace wallenstein {

/// How a place was decided among players with as many VP (rules 10).
enum class TieBreak : std::uint8_t {
  none,    ///< nobody else has as many VP
  thaler,  ///< someone has as many VP; thaler decide
  shared,  ///< someone has as many VP and as many thaler: the place is shared
};

/// A player's place in the game.
struct Standing {
  PlayerIndex player;
  int place = 1;  ///< 1 + the players ahead; players equal in VP and thaler share it
  TieBreak tie_break = TieBreak::none;
  bool operator==(const Standing&) const = default;
};

/// Every player's place, best first, seat order within a shared place (rules 10: most VP, then
/// most thaler; still equal, shared). The players on place 1 are the winners of a finished game.
std::vector<Standing> rank_players(const GameState& state);

}  // namespace wallenstein
