#include <algorithm>

#include "wallenstein/rules/leaders.hpp"
#include "wallenstein/rules/resolution.hpp"
#include "wallenstein/rules/standings.hpp"

namespace wallenstein::detail {
namespace {

/// Rules 9.2: the revolting provinces, drawn uniformly from the player's cards, then put in the
/// order of the player's `winter_revolt_order` preference (D-7).
std::vector<ProvinceId> draw_revolts(Context& ctx, PlayerIndex p, int count, const Orders* orders) {
  std::vector<ProvinceId> cards = ctx.state.provinces_of(p);
  count = std::min<int>(count, static_cast<int>(cards.size()));
  for (int i = 0; i < count; ++i) {
    const auto remaining = static_cast<std::uint32_t>(cards.size()) - static_cast<std::uint32_t>(i);
    const std::size_t j = static_cast<std::size_t>(i) + ctx.rng.below(remaining);
    std::swap(cards[static_cast<std::size_t>(i)], cards[j]);
  }
  cards.resize(static_cast<std::size_t>(count));
  if (!orders || orders->winter_revolt_order.empty()) return cards;
  std::vector<ProvinceId> ordered;
  for (ProvinceId wanted : orders->winter_revolt_order) {
    if (std::find(cards.begin(), cards.end(), wanted) != cards.end()) ordered.push_back(wanted);
  }
  for (ProvinceId drawn : cards) {
    if (std::find(ordered.begin(), ordered.end(), drawn) == ordered.end()) ordered.push_back(drawn);
  }
  return ordered;
}

/// Rules 9.3 (and 13.3 at the end of the game: statues and trophies).
void score(Context& ctx, WinterLog& winter, bool game_ends) {
  const GameState& state = ctx.state;
  const ScoringRules& rules = ctx.rules.scoring;
  const int players = state.player_count();
  winter.scores.assign(static_cast<std::size_t>(players), Score{});
  for (int i = 0; i < players; ++i)
    winter.scores[static_cast<std::size_t>(i)].player =
        state.player_index(static_cast<std::size_t>(i));

  // counts[region][building][player]
  const std::size_t regions = ctx.rules.regions.size();
  std::vector<std::array<std::array<int, kMaxPlayers>, kBuildingTypes>> counts(regions);
  winter.majorities.reserve(regions * kBuildingTypes);
  for (std::size_t i = 0; i < state.provinces.size(); ++i) {
    const ProvinceState& province = state.provinces[i];
    if (!province.owner) continue;
    Score& s = winter.scores[province.owner->value];
    s.provinces += 1;
    s.buildings += province.building_count();
    const auto region = ctx.rules.provinces[i].region.value;
    for (std::size_t b = 0; b < kBuildingTypes; ++b) {
      if (province.buildings[b]) ++counts[region][b][province.owner->value];
    }
  }
  for (std::size_t r = 0; r < regions; ++r) {
    for (std::size_t b = 0; b < kBuildingTypes; ++b) {
      const auto& by_player = counts[r][b];
      const int best = *std::max_element(by_player.begin(), by_player.begin() + players);
      if (best < 1) continue;  // Rules 9.3: at least one building of the type.
      Majority m;
      m.counts.reserve(static_cast<std::size_t>(players));
      m.leaders.reserve(static_cast<std::size_t>(players));
      m.region = RegionId::at(r);
      m.building = kAllBuildings[b];
      for (int p = 0; p < players; ++p) {
        const int n = by_player[static_cast<std::size_t>(p)];
        if (n > 0) m.counts.emplace_back(state.player_index(static_cast<std::size_t>(p)), n);
        if (n == best) m.leaders.push_back(state.player_index(static_cast<std::size_t>(p)));
      }
      m.points = rules.majority[b] - (m.leaders.size() > 1 ? rules.tie_penalty : 0);
      for (PlayerIndex leader : m.leaders) winter.scores[leader.value].majorities += m.points;
      winter.majorities.push_back(std::move(m));
    }
  }
  for (Score& s : winter.scores) {
    s.provinces *= rules.vp_per_province;
    s.buildings *= rules.vp_per_building;
    if (game_ends && ctx.rules.plays(kLeadersPlacePhase))
      s.statues = statue_points(state, ctx.rules, s.player);
    s.total = s.provinces + s.buildings + s.majorities + s.statues;
    PlayerState& player = ctx.state.player(s.player);
    player.vp += s.total;
    s.vp_after = player.vp;
  }
}

std::vector<PlayerIndex> find_winners(const GameState& state, const Ruleset& rules) {
  // Rules 10: most VP, then the tie-breaks (most thaler); still tied, a shared win.
  std::vector<PlayerIndex> winners;
  for (const Standing& s : rank_players(state, rules)) {
    if (s.place == 1) winners.push_back(s.player);
  }
  return winners;
}

}  // namespace

WinterLog play_winter(Context& ctx, const std::vector<Orders>& orders) {
  GameState& state = ctx.state;
  WinterLog winter;
  // Rules 9.1: the year's last event card gives the loss.
  winter.last_event = state.events_left.front();
  winter.grain_loss = ctx.rules.event(winter.last_event).winter_loss;
  winter.supply.reserve(ctx.log.turn_order.size());

  for (PlayerIndex p : ctx.log.turn_order) {
    PlayerState& player = state.player(p);
    WinterSupply supply;
    supply.player = p;
    supply.grain_before = player.grain;
    player.grain = std::max(0, player.grain - winter.grain_loss);  // D-9
    supply.grain_after_loss = player.grain;
    supply.provinces = state.province_count(p);
    supply.unsupplied = supply.provinces - player.grain;
    if (const SupplyRow* row = ctx.rules.supply_row(supply.unsupplied)) {
      supply.revolt_count = std::min(row->revolt_count, supply.provinces);
      supply.extra_peasants = row->extra_peasants;
      supply.drawn = draw_revolts(ctx, p, supply.revolt_count, &orders[p.value]);
    }
    winter.supply.push_back(supply);
  }
  // Rules 13.3: leaders taken off from here on are taken off in winter.
  const std::size_t leader_steps = ctx.log.leaders.size();
  // Rules 9.2: players in autumn turn order; each drawn province first gets a marker (D-10), but
  // not in the 1st edition (rules 12).
  std::size_t drawn = 0;
  for (const WinterSupply& supply : winter.supply) drawn += supply.drawn.size();
  winter.markers.reserve(ctx.rules.winter_marker_before_revolt ? drawn : 0);
  winter.revolts.reserve(drawn);
  for (const WinterSupply& supply : winter.supply) {
    for (ProvinceId where : supply.drawn) {
      if (state.at(where).owner != supply.player) continue;
      if (ctx.rules.winter_marker_before_revolt)
        winter.markers.push_back(add_marker(ctx, 0, supply.player, where));
      winter.revolts.push_back(
          fight_revolt(ctx, 0, RevoltCause::winter, supply.player, where, supply.extra_peasants));
      ctx.step_done();
    }
  }

  const int per_year = static_cast<int>(ctx.rules.seasons.size());
  const bool last_year = state.season_index / per_year >= static_cast<int>(ctx.rules.years.size());
  for (std::size_t i = leader_steps; i < ctx.log.leaders.size(); ++i)
    ctx.log.leaders[i].in_winter = true;
  score(ctx, winter, last_year);

  // Rules 7.3 / 9.4: all revolt markers leave the board.
  for (ProvinceState& province : state.provinces) {
    winter.markers_removed += province.revolt_markers;
    state.supply.revolt_markers += province.revolt_markers;
    province.revolt_markers = 0;
  }
  ctx.step_done();

  state.events_left.clear();
  if (last_year) {
    state.finished = true;
    state.winners = find_winners(state, ctx.rules);
    ctx.log.winners = state.winners;
  } else {
    start_year(state, ctx.rules);
    winter.next_year_events = state.year_events;
  }
  return winter;
}

void start_year(GameState& state, const Ruleset& rules) {
  // Rules 3: new events from the deck, grain counters back to 0.
  const std::size_t reveal = std::min<std::size_t>(static_cast<std::size_t>(rules.events_per_year),
                                                   state.event_deck.size());
  state.year_events.assign(state.event_deck.begin(),
                           state.event_deck.begin() + static_cast<std::ptrdiff_t>(reveal));
  state.event_deck.erase(state.event_deck.begin(),
                         state.event_deck.begin() + static_cast<std::ptrdiff_t>(reveal));
  state.events_left = state.year_events;
  // Rules 13.2: the Landsknechte piles are put back in order, the blank card on top.
  for (PlayerState& player : state.players) {
    player.grain = 0;
    player.landsknechte = 0;
  }
}

}  // namespace wallenstein::detail
