#include "core/random_orders.hpp"

#include <algorithm>
#include <array>

#include "core/leaders.hpp"
#include "core/ruleset.hpp"
#include "core/season_phases.hpp"

namespace wallenstein {

namespace {

/// Rules 13.3: a place among the player's provinces when the leader is placed now, and a move to
/// any province in play (possible or not: the fallbacks are played too). Drawn only in games with
/// the leaders, so that other games' random streams stay as they were.
LeaderOrder random_leader_order(const GameState& state, const Ruleset& rules, PlayerIndex player,
                                Rng& rng) {
  LeaderOrder order;
  const std::vector<ProvinceId> mine = state.provinces_of(player);
  if (leader_placed_now(state, rules, player) && !mine.empty() && rng.below(4) != 0)
    order.place = mine[rng.below(static_cast<std::uint32_t>(mine.size()))];
  std::vector<ProvinceId> in_play;
  for (std::size_t i = 0; i < rules.provinces.size(); ++i) {
    if (rules.in_play(ProvinceId::at(i), state.player_count()))
      in_play.push_back(ProvinceId::at(i));
  }
  if (rng.below(4) != 0)
    order.move_to = in_play[rng.below(static_cast<std::uint32_t>(in_play.size()))];
  order.statue = rng.below(2) == 0;
  return order;
}

}  // namespace

Orders random_orders(const GameState& state, const Ruleset& rules, PlayerIndex player, Rng& rng) {
  const RuleChanges changes = rules.changes();
  Orders orders;
  orders.player = player;
  std::vector<ProvinceId> cards = state.provinces_of(player);
  rng.shuffle(cards);
  const int coins = static_cast<int>(rules.coin_cards.size());
  std::size_t next = 0;
  int nones = 0;
  for (Action action : kAllActions) {
    // Act with about two thirds of the spaces while cards last.
    if (next >= cards.size() || rng.below(3) == 0) {
      ++nones;
      continue;
    }
    const ProvinceId province = cards[next++];
    ActionOrder& order = orders.actions[index_of(action)].emplace();  // filled in place
    order.province = province;
    const ActionKind kind = rules.action(action).kind;
    if (kind == ActionKind::battle || (rules.action(action).move && rng.below(2) == 0)) {
      std::array<ProvinceId, 64> targets{};
      std::uint32_t count = 0;
      for (ProvinceId n : rules.province(province).neighbours) {
        if (rules.in_play(n, state.player_count())) targets[count++] = n;
      }
      order.target = targets[rng.below(count)];
      if (rng.below(3) == 0) order.armies = ArmyCount{false, 1 + static_cast<int>(rng.below(4))};
      if (rng.below(4) == 0) order.min_armies = 1 + static_cast<int>(rng.below(2));
      if (!order.armies.all) order.min_armies = std::min(order.min_armies, order.armies.count);
      // Rules 5, D-27: army1 sometimes only moves.
      if (kind == ActionKind::place && changes.army1_may_only_move && rng.below(4) == 0)
        order.place = false;
    }
  }
  // Rules 4.3: spaces beyond the coin cards must take the free province cards.
  const std::size_t free = cards.size() - next;
  const int thaler = state.player(player).thaler;
  if (!rules.has_bids()) {
    orders.bid = Bid{BidKind::none, 0, ProvinceId{}};  // Rules 12: the 1st edition has no bids.
  } else if (changes.bid_needs_a_spare_card &&
             !card_left_for_bid(static_cast<int>(cards.size()), rules)) {
    orders.bid =
        Bid{BidKind::none, 0, ProvinceId{}};  // Rules 4.3, D-25: no card is left for the bid.
  } else if (free > 0 && (nones + 1 > coins || rng.below(4) == 0)) {
    orders.bid = Bid{BidKind::province, 0, cards[next++]};
  } else if (nones + 1 <= coins || free == 0) {
    const int top = std::min(thaler, rules.coin_cards.back());
    orders.bid =
        Bid{BidKind::coin, static_cast<int>(rng.below(static_cast<std::uint32_t>(top + 1))),
            ProvinceId{}};
  }
  // Any remaining excess of `none` spaces is fixed by acting in more provinces.
  for (Action action : kAllActions) {
    const int coin_bid = orders.bid.kind == BidKind::coin ? 1 : 0;
    if (nones + coin_bid <= coins || next >= cards.size()) break;
    auto& slot = orders.actions[index_of(action)];
    if (slot || rules.action(action).kind == ActionKind::battle) continue;
    slot = ActionOrder{cards[next++], std::nullopt, ArmyCount{}, 1};
    --nones;
  }
  if (rules.has_bids()) {
    std::vector<TileId>& tiles = orders.tile_preferences;
    tiles.reserve(rules.tiles.size());
    for (std::size_t i = 0; i < rules.tiles.size(); ++i) tiles.push_back(TileId::at(i));
    rng.shuffle(tiles);
    tiles.resize(rng.below(static_cast<std::uint32_t>(tiles.size() + 1)));
  }
  // Rules 13.2: some Landsknechte wishes, drawn only in games that play the phase, so that a
  // base game's random orders stay as they were.
  if (rules.plays(kLandsknechtePhase)) {
    std::vector<LandsknechtBonus>& wishes = orders.landsknecht_wishes;
    wishes.assign(kAllLandsknechtBonuses.begin(), kAllLandsknechtBonuses.end());
    rng.shuffle(wishes);
    wishes.resize(rng.below(static_cast<std::uint32_t>(wishes.size() + 1)));
  }
  if (rules.plays(kLeadersPlacePhase))
    orders.leader = random_leader_order(state, rules, player, rng);
  // Rules 12: some cubes held back in some provinces, drawn only in the 1st edition.
  if (rules.plays(kDrawTurnOrderPhase)) {
    for (ProvinceId p : state.provinces_of(player)) {
      if (rng.below(3) == 0) orders.defend_with.emplace_back(p, 1 + static_cast<int>(rng.below(4)));
    }
  }
  return orders;
}

WrittenOrders to_written(const Orders& orders, const GameState& state, const Ruleset& rules) {
  WrittenOrders w;
  w.game.text = state.game;
  w.player.text = state.player(orders.player).id;
  w.season.text = season_label(rules, state.season_index).name();
  for (Action action : kAllActions) {
    const auto& order = orders[action];
    WrittenAction a;
    if (!order) {
      a.province.text = "none";
    } else {
      a.province.text = rules.province(order->province).id;
      if (order->target) a.target = Written{rules.province(*order->target).id, {}};
      if (!order->armies.all) a.armies = order->armies;
      if (order->min_armies != 1) a.min_armies = order->min_armies;
      if (!order->place) a.place = false;
    }
    w.actions[index_of(action)] = a;
  }
  switch (rules.has_bids() ? orders.bid.kind : BidKind::none) {
    case BidKind::coin:
      w.bid = Written{std::to_string(orders.bid.coin), {}};
      break;
    case BidKind::province:
      w.bid = Written{rules.province(orders.bid.province).id, {}};
      break;
    case BidKind::none:
      if (rules.has_bids()) w.bid = Written{"none", {}};  // Rules 12: not in the 1st edition.
      break;
  }
  for (TileId t : orders.tile_preferences) w.turn_order.push_back(Written{rules.tile(t).id, {}});
  for (ProvinceId p : orders.winter_revolt_order)
    w.winter_revolt_order.push_back(Written{rules.province(p).id, {}});
  for (LandsknechtBonus b : orders.landsknecht_wishes)
    w.landsknechte.push_back(Written{std::string(landsknecht_bonus_key(b)), {}});
  if (rules.plays(kLeadersPlacePhase)) {
    const LeaderOrder& leader = orders.leader;
    WrittenLeader written;
    if (leader.place) written.place = Written{rules.province(*leader.place).id, {}};
    if (leader.move_to) written.move_to = Written{rules.province(*leader.move_to).id, {}};
    if (leader.statue) written.statue = true;
    w.leader = written;
  }
  for (const auto& [p, at_most] : orders.defend_with)
    w.defend_with.push_back(WrittenDefence{Written{rules.province(p).id, {}}, at_most});
  return w;
}

}  // namespace wallenstein
