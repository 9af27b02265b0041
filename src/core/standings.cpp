#include "core/standings.hpp"

#include <algorithm>

namespace wallenstein {

std::vector<Standing> rank_players(const GameState& state) {
  const auto ahead = [&](const PlayerState& a, const PlayerState& b) {
    return a.vp > b.vp || (a.vp == b.vp && a.thaler > b.thaler);
  };
  std::vector<Standing> out;
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const PlayerState& me = state.players[i];
    Standing s{state.player_index(i), 1, TieBreak::none};
    for (const PlayerState& other : state.players) {
      if (&other == &me) continue;
      if (ahead(other, me)) ++s.place;
      if (other.vp != me.vp) continue;
      if (other.thaler == me.thaler)
        s.tie_break = TieBreak::shared;
      else if (s.tie_break == TieBreak::none)
        s.tie_break = TieBreak::thaler;
    }
    out.push_back(s);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Standing& a, const Standing& b) { return a.place < b.place; });
  return out;
}

}  // namespace wallenstein
