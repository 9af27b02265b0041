#include <algorithm>

#include "wallenstein/rules/resolution.hpp"

namespace wallenstein::detail {
namespace {

Cancelled cancelled(int slot, Action action, PlayerIndex player, ProvinceId province,
                    CancelReason reason, int need = 0, int have = 0) {
  Cancelled c;
  c.slot = slot;
  c.action = action;
  c.player = player;
  c.province = province;
  c.reason = reason;
  c.need = need;
  c.have = have;
  return c;
}

void build(Context& ctx, int slot, Action action, PlayerIndex p, ProvinceId where) {
  const ActionDef& def = ctx.rules.action(action);
  ProvinceState& province = ctx.state.at(where);
  PlayerState& player = ctx.state.player(p);
  const auto b = index_of(def.builds);
  const int cost = ctx.cost_of(p, where, action);  // rules 13.3: cheaper with the leader
  const int site_count = ctx.rules.province(where).sites;
  std::optional<CancelReason> reason;
  int need = 0;
  int have = 0;
  // Rules 5: one building per site, one of each type per province; rules 1: finite supply.
  if (province.buildings[b]) {
    reason = CancelReason::already_built;
  } else if (province.building_count() >= site_count) {
    reason = CancelReason::no_free_site;
    need = 1;
  } else if (ctx.state.supply.buildings[b] <= 0) {
    reason = CancelReason::no_building_left;
  } else if (player.thaler < cost) {
    reason = CancelReason::not_enough_thaler;
    need = cost;
    have = player.thaler;
  }
  if (reason) {
    ctx.record(cancelled(slot, action, p, where, *reason, need, have));
    return;
  }
  player.thaler -= cost;
  province.buildings[b] = true;
  --ctx.state.supply.buildings[b];
  Built built{slot, p, where, def.builds, cost, 0, std::nullopt, cost - def.cost, action};
  if (const EventCard* calm = ctx.event_with(EventEffect::trading_house_calms);
      calm && def.builds == Building::trading_house) {
    built.markers_removed = std::min(calm->value, province.revolt_markers);
    built.event = ctx.event;
    province.revolt_markers -= built.markers_removed;
    ctx.state.supply.revolt_markers += built.markers_removed;
  }
  ctx.record(built);
}

void collect(Context& ctx, int slot, Action action, PlayerIndex p, ProvinceId where) {
  const ActionDef& def = ctx.rules.action(action);
  const Province& facts = ctx.rules.province(where);
  const bool grain = def.collects == Resource::grain;
  Collected c;
  c.slot = slot;
  c.player = p;
  c.province = where;
  c.resource = def.collects;
  c.action = action;
  c.base = grain ? facts.grain : facts.tax;
  c.after_event = c.base;
  // Rules 5: the event applies first, then the bonus tile.
  const EventCard* cap = ctx.event_with(grain ? EventEffect::grain_max : EventEffect::tax_max);
  const EventCard* floor = ctx.event_with(grain ? EventEffect::grain_min : EventEffect::tax_min);
  if (cap) c.after_event = std::min(c.base, cap->value);
  if (floor) c.after_event = std::max(c.base, floor->value);
  if (c.after_event != c.base) c.event = ctx.event;
  if (const BonusTile* t =
          ctx.tile_with(p, grain ? TileEffect::grain_bonus : TileEffect::taxes_bonus)) {
    c.tile_bonus = t->value;
  }
  // Rules 13.3, E-2: the leader's bonus comes after the event and the tile.
  if (const LeaderBonus* leader = ctx.leader_with(p, where, action))
    c.leader_bonus = leader->amount;
  c.amount = std::max(0, c.after_event + c.tile_bonus + c.leader_bonus);
  int& counter = grain ? ctx.state.player(p).grain : ctx.state.player(p).thaler;
  counter += c.amount;
  c.total_after = counter;
  ctx.record(c);

  // Rules 7.1: a province that already had a marker revolts; the income is kept either way (D-5).
  if (ctx.state.at(where).revolt_markers > 0) {
    const Revolt revolt =
        fight_revolt(ctx, slot, grain ? RevoltCause::grain : RevoltCause::taxes, p, where, 0);
    ctx.record(revolt);
    if (revolt.player_won) ctx.record(add_marker(ctx, slot, p, where));
  } else {
    ctx.record(add_marker(ctx, slot, p, where));
  }
}

void move_armies(Context& ctx, int slot, Action action, PlayerIndex p, ProvinceId from,
                 ProvinceId to, int count) {
  ctx.state.at(from).armies -= count;
  ctx.state.at(to).armies += count;
  ctx.record(Moved{slot, action, p, from, to, count});
}

/// The cubes that may leave `from` under the order, or a cancellation.
std::optional<int> cubes_to_move(Context& ctx, int slot, Action action, PlayerIndex p,
                                 ProvinceId from, const ActionOrder& order, bool move_only) {
  const int moving = movable(ctx.state.at(from).armies, order.armies);
  const int needed = std::max(1, order.min_armies);
  if (moving < needed) {
    Cancelled c =
        cancelled(slot, action, p, from, CancelReason::min_armies_not_met, needed, moving);
    c.move_only = move_only;
    c.target = order.target;
    ctx.record(c);
    return std::nullopt;
  }
  return moving;
}

/// Pays for and places the card's armies (rules 5, 6); false when the placement is cancelled.
bool place_armies(Context& ctx, int slot, Action action, PlayerIndex p, const ActionOrder& order,
                  bool move_follows) {
  const ActionDef& def = ctx.rules.action(action);
  PlayerState& player = ctx.state.player(p);
  Placed placed;
  placed.slot = slot;
  placed.action = action;
  placed.player = p;
  placed.province = order.province;
  placed.base = def.armies;
  placed.cost = ctx.cost_of(p, order.province, action);
  int count = def.armies;
  if (const EventCard* shortage = ctx.event_with(EventEffect::army_shortage)) {
    const int limited = shortage->place_limit(action).value_or(count);
    if (limited != count) placed.event = ctx.event;
    count = limited;
  }
  // Rules 6 and D-4: the armies tile adds to its place space ("place 5 armies") after the event.
  if (const BonusTile* t = ctx.tile_with(p, TileEffect::armies_bonus); t && t->space == action)
    placed.tile_bonus = t->value;
  // Rules 6, D-28: the tile's extra cubes are a right; the reserve may lack them.
  if (ctx.changes.armies_tile_is_a_right)
    placed.tile_bonus = std::clamp(player.reserve - count, 0, placed.tile_bonus);
  // Rules 13.3, E-2: the leader's armies come after the event and the tile; like the tile's
  // (D-28) they are a right, which the reserve may lack (D-31).
  if (const LeaderBonus* leader = ctx.leader_with(p, order.province, action)) {
    placed.leader_bonus = std::clamp(player.reserve - count - placed.tile_bonus, 0, leader->armies);
  }
  placed.count = std::max(0, count + placed.tile_bonus + placed.leader_bonus);
  std::optional<Cancelled> c;
  if (player.thaler < placed.cost) {
    c = cancelled(slot, action, p, order.province, CancelReason::not_enough_thaler, placed.cost,
                  player.thaler);
  } else if (player.reserve < placed.count) {
    c = cancelled(slot, action, p, order.province, CancelReason::not_enough_reserve, placed.count,
                  player.reserve);
  }
  if (c) {
    c->placement_only = move_follows;
    ctx.record(*c);
    return false;
  }
  player.thaler -= placed.cost;
  player.reserve -= placed.count;
  ctx.state.at(order.province).armies += placed.count;
  ctx.record(placed);
  return true;
}

/// army1's move to an own neighbour (rules 5); `placed` says whether a placement came first.
void move_to_own(Context& ctx, int slot, Action action, PlayerIndex p, const ActionOrder& order,
                 bool placed) {
  const ProvinceId to = *order.target;
  if (ctx.state.at(to).owner != p) {
    Cancelled c = cancelled(slot, action, p, order.province, CancelReason::move_target_not_own);
    c.move_only = placed;
    c.target = to;
    c.holder = ctx.state.at(to).owner;
    ctx.record(c);
    return;
  }
  if (auto moving = cubes_to_move(ctx, slot, action, p, order.province, order, placed)) {
    move_armies(ctx, slot, action, p, order.province, to, *moving);
  }
}

void place(Context& ctx, int slot, Action action, PlayerIndex p, const ActionOrder& order) {
  const bool moves = ctx.rules.action(action).move && order.target.has_value();
  // Rules 5, D-27: army1 is place or move; without thaler or reserve only the placement is
  // cancelled. Before D-27 it always placed first and a cancelled placement cancelled the move.
  const bool may_only_move = moves && ctx.changes.army1_may_only_move;
  const bool places = order.place || !may_only_move;
  const bool placed = places && place_armies(ctx, slot, action, p, order, may_only_move);
  if (moves && (placed || may_only_move)) move_to_own(ctx, slot, action, p, order, placed);
}

void battle(Context& ctx, int slot, Action action, PlayerIndex p, const ActionOrder& order) {
  const ProvinceId from = order.province;
  const int armies = ctx.state.at(from).armies;
  if (armies < ctx.rules.min_source_armies) {
    Cancelled c = cancelled(slot, action, p, from, CancelReason::too_few_armies,
                            ctx.rules.min_source_armies, armies);
    c.target = order.target;
    ctx.record(c);
    return;
  }
  const auto moving = cubes_to_move(ctx, slot, action, p, from, order, false);
  if (!moving) return;
  const ProvinceId target = *order.target;
  const ProvinceState& there = ctx.state.at(target);
  if (there.owner == p) {
    move_armies(ctx, slot, action, p, from, target,
                *moving);  // Rules 5: into an own province, a move.
    return;
  }
  // Rules 13.1: a favour of the court shields the target's holder from this battle.
  if (there.owner && there.owner != p && ctx.court.shields.size() > there.owner->value &&
      ctx.court.shields[there.owner->value][index_of(action)]) {
    Cancelled c = cancelled(slot, action, p, from, CancelReason::target_shielded);
    c.target = target;
    c.holder = there.owner;
    ctx.record(c);
    return;
  }
  if (ctx.event_with(EventEffect::religious_peace) && there.has(Building::church)) {
    Cancelled c = cancelled(slot, action, p, from, CancelReason::target_protected);
    c.target = target;
    c.holder = there.owner;
    ctx.record(c);
    return;
  }
  Battle battle = fight_battle(ctx, slot, action, p, from, target, *moving);
  const bool neutral_taken = !battle.defender && battle.result == BattleResult::attacker;
  ctx.record(battle);
  // D-6: none in the 2nd edition; the 1st edition puts a revolt marker on it (rules 12).
  for (int i = 0; neutral_taken && i < ctx.rules.neutral_conquest_markers; ++i)
    ctx.record(add_marker(ctx, slot, p, target));
}

}  // namespace

int movable(int armies, ArmyCount spec) {
  const int most = std::max(0, armies - 1);
  return spec.all ? most : std::min(spec.count, most);
}

void perform_action(Context& ctx, int slot, Action action, PlayerIndex player,
                    const ActionOrder& order) {
  const ProvinceState& province = ctx.state.at(order.province);
  if (province.owner != player) {
    // Rules 4.7: a card taken in battle (or lost to a revolt) cancels its planned action.
    Cancelled c = cancelled(slot, action, player, order.province, CancelReason::province_lost);
    c.holder = province.owner;
    ctx.record(c);
    return;
  }
  if (ctx.changes.lost_card_leaves_its_actions && ctx.lost_earlier(player, order.province)) {
    // Rules 4.7, D-26: the card left the player's hand; winning the province back does not return
    // it.
    ctx.record(cancelled(slot, action, player, order.province, CancelReason::card_left_hand));
    return;
  }
  switch (ctx.rules.action(action).kind) {
    case ActionKind::build:
      build(ctx, slot, action, player, order.province);
      break;
    case ActionKind::collect:
      collect(ctx, slot, action, player, order.province);
      break;
    case ActionKind::place:
      place(ctx, slot, action, player, order);
      break;
    case ActionKind::battle:
      if (!order.target) return;  // Checked orders always carry a target for battles.
      battle(ctx, slot, action, player, order);
      break;
  }
}

}  // namespace wallenstein::detail
