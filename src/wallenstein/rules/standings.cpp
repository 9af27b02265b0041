#include "wallenstein/rules/standings.hpp"

#include <algorithm>

namespace wallenstein {
namespace {

constexpr TieBreakKey counted_by(Building building) {
  switch (building) {
    case Building::palace:
      return TieBreakKey::palaces;
    case Building::church:
      return TieBreakKey::churches;
    case Building::trading_house:
      return TieBreakKey::trading_houses;
  }
  return TieBreakKey::palaces;
}

}  // namespace

std::vector<int> tie_break_values(const GameState& state, const Ruleset& rules,
                                  PlayerIndex player) {
  std::array<int, kAllTieBreakKeys.size()> of{};
  of[index_of(TieBreakKey::thaler)] = state.player(player).thaler;
  for (const ProvinceState& province : state.provinces) {
    if (province.owner != player) continue;
    for (Building b : kAllBuildings) {
      if (province.has(b)) ++of[index_of(counted_by(b))];
    }
  }
  std::vector<int> values;
  values.reserve(rules.scoring.tie_breaks.size());
  for (TieBreakKey key : rules.scoring.tie_breaks) values.push_back(of[index_of(key)]);
  return values;
}

std::vector<Standing> rank_players(const GameState& state, const Ruleset& rules) {
  std::vector<std::vector<int>> values;
  values.reserve(state.players.size());
  for (std::size_t i = 0; i < state.players.size(); ++i)
    values.push_back(tie_break_values(state, rules, state.player_index(i)));
  const auto ahead = [&](std::size_t a, std::size_t b) {
    const int vp_a = state.players[a].vp;
    const int vp_b = state.players[b].vp;
    return vp_a > vp_b || (vp_a == vp_b && values[a] > values[b]);
  };
  std::vector<Standing> out;
  out.reserve(state.players.size());
  for (std::size_t me = 0; me < state.players.size(); ++me) {
    Standing s{state.player_index(me), 1, TieBreak::none};
    for (std::size_t other = 0; other < state.players.size(); ++other) {
      if (other == me) continue;
      if (ahead(other, me)) ++s.place;
      if (state.players[other].vp != state.players[me].vp) continue;
      if (values[other] == values[me])
        s.tie_break = TieBreak::shared;
      else if (s.tie_break == TieBreak::none)
        s.tie_break = TieBreak::decided;
    }
    out.push_back(s);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Standing& a, const Standing& b) { return a.place < b.place; });
  return out;
}

}  // namespace wallenstein
