// The military leaders expansion's phases (rules 13.3).

#include "wallenstein/rules/leaders.hpp"

#include <algorithm>
#include <iterator>

#include "wallenstein/rules/resolution.hpp"

namespace wallenstein {
bool leader_placed_now(const GameState& state, const Ruleset& rules, PlayerIndex player) {
  return leader_placed_now(rules, state.season_index, state.player(player).leader.has_value());
}

bool leader_placed_now(const Ruleset& rules, int season_index, bool on_board) {
  return rules.plays(kLeadersPlacePhase) && !on_board &&
         season_label(rules, season_index).season == rules.seasons.front();
}

bool leader_may_stay_beside(const Ruleset& rules, int season_index) {
  return rules.changes().leader_may_stay_beside &&
         season_label(rules, season_index).year != rules.years.front();
}

std::optional<ProvinceId> default_leader_place(const GameState& state, PlayerIndex player) {
  return most_armies(state, state.provinces_of(player));
}

std::optional<ProvinceId> leader_place(const GameState& state, PlayerIndex player,
                                       std::optional<ProvinceId> wanted) {
  if (wanted && state.at(*wanted).owner == player) return wanted;
  return default_leader_place(state, player);
}

LeaderDestinations leader_destinations(const Ruleset& rules, const std::vector<ProvinceId>& own,
                                       ProvinceId from) {
  LeaderDestinations out;
  std::copy_if(own.begin(), own.end(), std::back_inserter(out.neighbours),
               [&](ProvinceId p) { return rules.adjacent(from, p); });
  std::sort(out.neighbours.begin(), out.neighbours.end());
  out.next_door = !out.neighbours.empty();
  // D-45: "dans un état qu'ils contrôlent", any; before it (E-11) next door while it could.
  if (out.next_door && !rules.changes().leader_moves_anywhere) {
    out.provinces = out.neighbours;
    return out;
  }
  std::copy_if(own.begin(), own.end(), std::back_inserter(out.provinces),
               [&](ProvinceId p) { return p != from; });
  std::sort(out.provinces.begin(), out.provinces.end());
  return out;
}

std::optional<ProvinceId> LeaderDestinations::fallback(const GameState& state) const {
  return leader_fallback(state, *this);
}

int action_price(const Ruleset& rules, Action action, ProvinceId where,
                 std::optional<ProvinceId> leader, bool places) {
  // D-27: a space that moves after placing may only move, and then pays nothing.
  if (rules.action(action).move && !places && rules.changes().army1_may_only_move) return 0;
  const int change = leader == where ? rules.leaders.bonus(action).cost : 0;
  return std::max(0, rules.action(action).cost + change);
}

std::optional<ProvinceId> leader_during_actions(const GameState& state, const Ruleset& rules,
                                                PlayerIndex player, const LeaderOrder& order) {
  if (!leader_placed_now(state, rules, player)) return state.player(player).leader;
  if (order.stay_beside) return std::nullopt;
  return leader_place(state, player, order.place);
}

int statue_points(const GameState& state, const Ruleset& rules, PlayerIndex player) {
  return state.statues_standing(player) * rules.leaders.vp_per_statue +
         state.player(player).trophies * rules.leaders.vp_per_trophy;
}

namespace detail {
namespace {

/// Rules 13.3: a leader placed or moved into a province takes every other player's statue there
/// as a trophy ("si un autre joueur place son chef militaire dans cet état").
std::vector<PlayerIndex> take_trophies(GameState& state, PlayerIndex player, ProvinceId where) {
  std::vector<PlayerIndex> owners;
  std::array<int, kMaxPlayers>& statues = state.at(where).statues;
  for (std::size_t q = 0; q < state.players.size(); ++q) {
    if (q == player.value) continue;
    for (int i = 0; i < statues[q]; ++i) owners.push_back(state.player_index(q));
    state.player(player).trophies += statues[q];
    statues[q] = 0;
  }
  return owners;
}

}  // namespace

void place_leaders(Context& ctx, const std::vector<Orders>& orders) {
  for (PlayerIndex p : ctx.log.turn_order) {
    if (!leader_placed_now(ctx.state, ctx.rules, p)) continue;
    if (orders[p.value].leader.stay_beside) continue;  // D-46: the check allowed it
    const std::optional<ProvinceId>& wanted = orders[p.value].leader.place;
    const std::optional<ProvinceId> where = leader_place(ctx.state, p, wanted);
    const bool possible = where && where == wanted;
    if (!where) continue;  // a player without provinces keeps the leader beside the board
    ctx.state.player(p).leader = *where;
    ctx.log.leaders.push_back({LeaderStepKind::placed, p, *where, std::nullopt, false,
                               take_trophies(ctx.state, p, *where), possible,
                               possible ? std::nullopt : wanted, false});
  }
  ctx.step_done();
}

void move_leaders(Context& ctx, const std::vector<Orders>& orders) {
  for (PlayerIndex p : ctx.log.turn_order) {
    PlayerState& player = ctx.state.player(p);
    if (!player.leader) continue;
    const ProvinceId from = *player.leader;
    const LeaderOrder& order = orders[p.value].leader;
    const LeaderDestinations destinations =
        leader_destinations(ctx.rules, ctx.state.provinces_of(p), from);
    const std::vector<ProvinceId>& allowed = destinations.provinces;
    const bool possible =
        order.move_to && std::find(allowed.begin(), allowed.end(), *order.move_to) != allowed.end();
    // With no other province the leader stays (rules 13.3); it was not asked to go elsewhere.
    const ProvinceId to =
        possible ? *order.move_to : destinations.fallback(ctx.state).value_or(from);
    LeaderStep step{LeaderStepKind::moved, p, to, from, false, {}, possible, std::nullopt, false};
    if (to == from) {
      step.as_ordered = !order.move_to || *order.move_to == from;
    } else {
      // E-12: a statue only after a move to a neighbour, and only while statues are left.
      step.statue = order.statue && ctx.rules.adjacent(from, to) && player.statues > 0;
      if (step.statue) {
        player.statues -= 1;
        ctx.state.at(from).statues[p.value] += 1;
      }
      player.leader = to;
      step.trophies = take_trophies(ctx.state, p, to);
    }
    if (!step.as_ordered) step.asked = order.move_to;
    ctx.log.leaders.push_back(std::move(step));
  }
  ctx.step_done();
}

}  // namespace detail
}  // namespace wallenstein
