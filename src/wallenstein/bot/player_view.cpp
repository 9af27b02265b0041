#include "wallenstein/bot/player_view.hpp"

#include <algorithm>

#include "wallenstein/rules/rng.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {
namespace {

/// Rules 1: every colour has a fixed number of pieces; those not in sight are in the tower.
CubeCounts unseen_cubes(const GameState& state, const Ruleset& rules) {
  CubeCounts out;
  for (std::size_t p = 0; p < state.players.size(); ++p) {
    out.n[p] = rules.pieces.cubes_per_player - state.players[p].reserve - state.tower.tray.n[p];
  }
  for (const ProvinceState& province : state.provinces) {
    if (province.owner) out.player(*province.owner) -= province.armies;
  }
  out.peasants() = rules.pieces.peasants - state.supply.peasants - state.tower.tray.peasants();
  for (int& n : out.n) n = std::max(0, n);
  return out;
}

}  // namespace

std::vector<ProvinceId> PlayerView::provinces_of(PlayerIndex p) const {
  std::vector<ProvinceId> out;
  for (std::size_t i = 0; i < provinces.size(); ++i) {
    if (provinces[i].owner == p) out.push_back(ProvinceId::at(i));
  }
  return out;
}

std::optional<int> PlayerView::face_up_slot(Action action) const {
  for (std::size_t i = 0; i < face_up.size(); ++i) {
    if (face_up[i] == action) return static_cast<int>(i) + 1;
  }
  return std::nullopt;
}

std::uint64_t bot_seed(const Rng::State& game_rng, int season_index, PlayerIndex player) {
  std::uint64_t x = 0x626f74ULL ^ (static_cast<std::uint64_t>(season_index) << 8) ^ player.value;
  std::uint64_t mixed = splitmix64(x);
  for (std::uint64_t word : game_rng) {
    x ^= word;
    mixed ^= splitmix64(x);
  }
  return mixed;
}

PlayerView see(const GameState& state, const Ruleset& rules, PlayerIndex player) {
  PlayerView view;
  view.me = player;
  view.season_index = state.season_index;
  const CourtState& court = state.court;
  const bool with_court = !court.officers_beside.empty();
  for (std::size_t seat = 0; seat < state.players.size(); ++seat) {
    const PlayerState& p = state.players[seat];
    SeenPlayer seen{p.thaler,       p.grain,  p.vp,      p.reserve,
                    p.landsknechte, p.leader, p.statues, p.trophies};
    if (with_court) {
      seen.officers_beside = court.officers_beside[seat];
      seen.officers_hall = court.officers_hall[seat];
      seen.marker_shield = court.marker_shield[seat];
    }
    view.players.push_back(seen);
  }
  view.provinces = state.provinces;
  view.supply = state.supply;
  view.tray = state.tower.tray;
  view.unseen = unseen_cubes(state, rules);
  view.year_events = state.year_events;
  view.events_left = state.events_left;
  for (int slot = 1; slot <= rules.visible_slots(state.action_cards.size(), false); ++slot) {
    view.face_up.push_back(state.action_cards[static_cast<std::size_t>(slot - 1)]);
  }
  view.bonus_tiles = state.bonus_tiles;
  view.turn_order = state.turn_order;
  view.favour_display = court.display;
  view.bot_seed = bot_seed(state.rng, state.season_index, player);
  return view;
}

}  // namespace wallenstein
