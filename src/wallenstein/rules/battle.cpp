#include <algorithm>

#include "wallenstein/rules/resolution.hpp"

namespace wallenstein::detail {
namespace {

/// Takes up to `wanted` cubes from a player's reserve for the tower.
int from_reserve(Context& ctx, PlayerIndex p, int wanted) {
  const int taken = std::min(wanted, ctx.state.player(p).reserve);
  ctx.state.player(p).reserve -= taken;
  return taken;
}

/// Takes up to `wanted` peasants from the supply ("throw what there is", rules 8.1).
int peasants_from_supply(Context& ctx, int wanted) {
  const int taken = std::min(wanted, ctx.state.supply.peasants);
  ctx.state.supply.peasants -= taken;
  return taken;
}

/// Returns a player's cubes from the tray to the reserve.
void tray_to_reserve(Context& ctx, PlayerIndex p, int count) {
  ctx.state.tower.tray.player(p) -= count;
  ctx.state.player(p).reserve += count;
}

void tray_peasants_to_supply(Context& ctx, int count) {
  ctx.state.tower.tray.peasants() -= count;
  ctx.state.supply.peasants += count;
}

/// Moves a player's surviving tray cubes into a province.
void tray_to_province(Context& ctx, PlayerIndex p, ProvinceId where, int count) {
  ctx.state.tower.tray.player(p) -= count;
  ctx.state.at(where).armies += count;
}

/// Rules 8.3: buildings, armies and markers go back to the supply; the card to the neutral pile.
int devastate(Context& ctx, ProvinceId where) {
  ProvinceState& province = ctx.state.at(where);
  int buildings = 0;
  for (std::size_t b = 0; b < province.buildings.size(); ++b) {
    if (province.buildings[b]) {
      ++ctx.state.supply.buildings[b];
      ++buildings;
      province.buildings[b] = false;
    }
  }
  ctx.state.supply.revolt_markers += province.revolt_markers;
  province.revolt_markers = 0;
  if (province.owner) ctx.state.player(*province.owner).reserve += province.armies;
  province.armies = 0;
  ctx.hand_over(where, std::nullopt);
  return buildings;
}

/// Rules 8.1: who throws. The attackers leave their province, the defenders theirs; bonus cubes
/// come from the reserves, peasants from the supply. Returns what goes into the tower.
CubeCounts muster(Context& ctx, Battle& b) {
  ProvinceState& there = ctx.state.at(b.target);
  ctx.state.at(b.from).armies -= b.attacking;
  CubeCounts fighting;
  if (const BonusTile* t = ctx.tile_with(b.attacker, TileEffect::attack_cubes)) {
    b.attack_bonus = from_reserve(ctx, b.attacker, t->value);  // D-8: always thrown when possible.
  }
  fighting.player(b.attacker) = b.attacking + b.attack_bonus;
  if (b.defender) {
    const PlayerIndex d = *b.defender;
    b.defending = defenders_thrown(ctx.orders[d.value], b.target, there.armies);
    b.held_back = there.armies - b.defending;
    there.armies = b.held_back;
    if (const BonusTile* t = ctx.tile_with(d, TileEffect::defense_cubes))
      b.defense_bonus = from_reserve(ctx, d, t->value);
    if (const EventCard* guard = ctx.event_with(EventEffect::palace_guard);
        guard && there.has(Building::palace)) {
      b.palace_guard = from_reserve(ctx, d, guard->value);
    }
    fighting.player(d) = b.defending + b.defense_bonus + b.palace_guard;
  } else {
    const EventCard* angry = ctx.event_with(EventEffect::neutral_peasants);
    b.peasants = peasants_from_supply(ctx, angry ? angry->value : ctx.rules.neutral_peasants);
    fighting.peasants() = b.peasants;
  }
  return fighting;
}

/// Rules 8.2: only the two sides count; peasants side with a defender whose province has no
/// revolt marker (the 1st edition: at most one), and always with a neutral province. Returns the
/// defender's own cubes.
int count_sides(const CubeCounts& tray, Battle& b) {
  const int own_defenders = b.defender ? tray.player(*b.defender) : 0;
  b.attacker_count = tray.player(b.attacker);
  b.defender_peasants = b.peasants_stay_out ? 0 : tray.peasants();
  b.defender_count = own_defenders + b.defender_peasants;
  return own_defenders;
}

/// Rules 8.3: a defending "win" with none of the defender's own cubes is a tie; a neutral
/// province has no cubes of its own, so its peasants win outright (D-17); armies held back
/// (rules 12) are the defender's own cubes left in it, so they hold it (D-41); in the 1st edition
/// the peasants alone hold it (D-52: "si le défenseur a plus d'armées (éventuellement en comptant
/// les paysans)").
BattleResult judge(const Battle& b, int own_defenders, bool peasants_alone_hold) {
  if (b.attacker_count > b.defender_count) return BattleResult::attacker;
  if (b.defender_count > b.attacker_count &&
      (!b.defender || own_defenders > 0 || b.held_back > 0 || peasants_alone_hold))
    return BattleResult::defender;
  return BattleResult::tie;
}

/// Rules 8.3: the cubes in the tray go back to the reserves and the supply, the survivors into
/// the province, and the card to the winner (or, after a tie, to the neutral pile).
void settle(Context& ctx, Battle& b, int own_defenders) {
  switch (b.result) {
    case BattleResult::attacker: {
      b.survivors = b.attacker_count - b.defender_count;
      if (b.defender) {
        tray_to_reserve(ctx, *b.defender, own_defenders);
        // Rules 12: the cubes held back are lost with the province.
        ctx.state.at(b.target).armies -= b.held_back;
        ctx.state.player(*b.defender).reserve += b.held_back;
      }
      tray_peasants_to_supply(ctx, b.defender_peasants);
      tray_to_reserve(ctx, b.attacker, b.defender_count);
      tray_to_province(ctx, b.attacker, b.target, b.survivors);
      ctx.hand_over(b.target, b.attacker);  // Rules 4.7: the card changes hands at once.
      break;
    }
    case BattleResult::defender: {
      // The winner loses as many as the loser had, peasants first; peasants never stay.
      const int peasants_lost = std::min(b.defender_peasants, b.attacker_count);
      const int own_lost = b.attacker_count - peasants_lost;
      tray_to_reserve(ctx, b.attacker, b.attacker_count);
      tray_peasants_to_supply(ctx, b.defender_peasants);
      if (b.defender) {
        b.survivors = own_defenders - own_lost;
        tray_to_reserve(ctx, *b.defender, own_lost);
        tray_to_province(ctx, *b.defender, b.target, b.survivors);
      }
      break;
    }
    case BattleResult::tie: {
      tray_to_reserve(ctx, b.attacker, b.attacker_count);
      if (b.defender) tray_to_reserve(ctx, *b.defender, own_defenders);
      tray_peasants_to_supply(ctx, b.defender_peasants);
      b.buildings_lost = devastate(ctx, b.target);
      break;
    }
  }
}

}  // namespace

Battle fight_battle(Context& ctx, int slot, Action action, PlayerIndex attacker, ProvinceId from,
                    ProvinceId target, int moving) {
  Battle b;
  b.slot = slot;
  b.action = action;
  b.attacker = attacker;
  b.from = from;
  b.target = target;
  b.attacking = moving;
  const ProvinceState& there = ctx.state.at(target);
  b.defender = there.owner;
  b.peasants_stay_out =
      b.defender && there.revolt_markers > ctx.rules.peasants_defend_up_to_markers;

  const CubeCounts fighting = muster(ctx, b);
  b.tower = throw_into_tower(ctx.state.tower, fighting, ctx.tower, ctx.rng);
  const int own_defenders = count_sides(ctx.state.tower.tray, b);
  b.result = judge(b, own_defenders, ctx.rules.peasants_alone_hold());
  settle(ctx, b, own_defenders);
  return b;
}

Revolt fight_revolt(Context& ctx, int slot, RevoltCause cause, PlayerIndex player, ProvinceId where,
                    int extra_peasants) {
  Revolt r;
  r.slot = slot;
  r.cause = cause;
  r.player = player;
  r.province = where;
  ProvinceState& province = ctx.state.at(where);
  r.markers = province.revolt_markers;
  r.extra_peasants = extra_peasants;
  r.defending = defenders_thrown(ctx.orders[player.value], where, province.armies);
  r.held_back = province.armies - r.defending;
  province.armies = r.held_back;
  r.peasants = peasants_from_supply(ctx, r.markers + extra_peasants);
  CubeCounts fighting;
  fighting.player(player) = r.defending;
  fighting.peasants() = r.peasants;
  r.tower = throw_into_tower(ctx.state.tower, fighting, ctx.tower, ctx.rng);

  const CubeCounts& tray = ctx.state.tower.tray;
  r.player_count = tray.player(player);
  r.peasant_count = tray.peasants();
  r.player_won = r.player_count > r.peasant_count;
  tray_peasants_to_supply(ctx, r.peasant_count);
  if (r.player_won) {
    r.survivors = r.player_count - r.peasant_count;
    tray_to_reserve(ctx, player, r.peasant_count);
    tray_to_province(ctx, player, where, r.survivors);
  } else {
    // Rules 8.3: lost or tied, the province becomes neutral and is stripped (with the cubes held
    // back, rules 12).
    tray_to_reserve(ctx, player, r.player_count);
    r.buildings_lost = devastate(ctx, where);
  }
  return r;
}

MarkerAdded add_marker(Context& ctx, int slot, PlayerIndex player, ProvinceId where) {
  MarkerAdded m{slot, player, where, 0, false, false};
  auto& shields = ctx.state.court.marker_shield;
  if (shields.size() > player.value && shields[player.value]) {
    shields[player.value] = false;  // E-7: the kept favour card cancels this marker, once
    m.shielded = true;
  } else if (ctx.state.supply.revolt_markers > 0) {
    --ctx.state.supply.revolt_markers;
    ++ctx.state.at(where).revolt_markers;
  } else {
    m.supply_empty = true;
  }
  m.markers_after = ctx.state.at(where).revolt_markers;
  return m;
}

}  // namespace wallenstein::detail
