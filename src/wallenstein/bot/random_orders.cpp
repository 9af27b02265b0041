#include "wallenstein/bot/random_orders.hpp"

#include <algorithm>
#include <array>

#include "wallenstein/rules/leaders.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_phases.hpp"

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
  // D-46: a leader taken off may stay beside the board (drawn only where it may).
  if (leader_placed_now(state, rules, player) &&
      leader_may_stay_beside(rules, state.season_index) && rng.below(5) == 0) {
    order.place.reset();
    order.stay_beside = true;
  }
  const std::vector<ProvinceId> in_play = rules.provinces_in_play(state.player_count());
  if (rng.below(4) != 0)
    order.move_to = in_play[rng.below(static_cast<std::uint32_t>(in_play.size()))];
  order.statue = rng.below(2) == 0;
  return order;
}

/// The province cards a player's random orders deal out: shuffled, taken from the front.
struct Hand {
  std::vector<ProvinceId> cards;
  std::size_t next = 0;  ///< the first card not yet given to a space
  int nones = 0;         ///< the spaces left without a province so far
  int extra_blanks = 0;  ///< blank cards beyond the coin cards (rules 13.1: tower cards left)
  PlayerIndex player;
};

/// Acts with about two thirds of the action spaces while the cards last.
void random_actions(const Ruleset& rules, const GameState& state, Hand& hand, Orders& orders,
                    Rng& rng) {
  const RuleChanges changes = rules.changes();
  for (Action action : rules.action_spaces()) {
    if (hand.next >= hand.cards.size() || rng.below(3) == 0) {
      ++hand.nones;
      continue;
    }
    const ProvinceId province = hand.cards[hand.next++];
    ActionOrder& order = orders.actions[index_of(action)].emplace();  // filled in place
    order.province = province;
    const ActionKind kind = rules.action(action).kind;
    if (kind == ActionKind::battle || (rules.action(action).move && rng.below(2) == 0)) {
      std::array<ProvinceId, kMaxProvinces> targets{};
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
}

/// Rules 4.3: the bid, where spaces beyond the coin cards must take the free province cards. None
/// in the 1st edition (rules 12) or, from rules 2, when no card is left for it (D-25).
Bid random_bid(const Ruleset& rules, int thaler, Hand& hand, Rng& rng) {
  const int coins = static_cast<int>(rules.coin_cards.size());
  const std::size_t free = hand.cards.size() - hand.next;
  if (!rules.has_bids() || (rules.changes().bid_needs_a_spare_card &&
                            !card_left_for_bid(static_cast<int>(hand.cards.size()), rules)))
    return Bid{BidKind::none, 0, ProvinceId{}};
  if (free > 0 && (hand.nones + 1 > coins || rng.below(4) == 0))
    return Bid{BidKind::province, 0, hand.cards[hand.next++]};
  if (hand.nones + 1 <= coins || free == 0) {
    const int top = std::min(thaler, rules.coin_cards.back());
    return Bid{BidKind::coin, static_cast<int>(rng.below(static_cast<std::uint32_t>(top + 1))),
               ProvinceId{}};
  }
  return Bid{};
}

/// Any excess of `none` spaces over the coin cards is fixed by acting in more provinces.
void fill_spaces_beyond_the_coins(const Ruleset& rules, Hand& hand, Orders& orders) {
  const int coins = static_cast<int>(rules.coin_cards.size()) + hand.extra_blanks;
  for (Action action : rules.action_spaces()) {
    const int coin_bid = orders.bid.kind == BidKind::coin ? 1 : 0;
    if (hand.nones + coin_bid <= coins || hand.next >= hand.cards.size()) break;
    auto& slot = orders.actions[index_of(action)];
    if (slot || rules.action(action).kind == ActionKind::battle) continue;
    slot = ActionOrder{hand.cards[hand.next++], std::nullopt, ArmyCount{}, 1};
    --hand.nones;
  }
}

/// D-50: card #1's events, sometimes any (none written), else some of those this season may draw.
std::optional<std::vector<EventId>> random_cancel(const GameState& state, Rng& rng) {
  if (rng.below(2) == 0) return std::nullopt;
  std::vector<EventId> events;
  for (EventId e : state.events_left) {
    if (rng.below(2) == 0) events.push_back(e);
  }
  return events;
}

/// The wishes of the modules' order sections, each drawn only in games that play its phase, so
/// that a base game's random orders stay as they were.
/// Rules 13.1: each side-board space empty, a province card left in the hand or a tower card;
/// favours wished among the displayed cards, in a random order, each with a province in play.
/// Empty spaces take blank cards, and tower cards not on the side board serve as coin cards.
CourtOrder random_court(const GameState& state, const Ruleset& rules, Hand& hand, Rng& rng) {
  CourtOrder court;
  int towers = 0;
  for (std::size_t space = 0; space < rules.court.conversions.size(); ++space) {
    ConversionOrder order;
    const auto pick = rng.below(3);
    if (pick == 1 && hand.next < hand.cards.size()) {
      order = {ConversionSource::province, hand.cards[hand.next++]};
    } else if (pick == 2 && towers < rules.court.tower_cards) {
      order.source = ConversionSource::tower;
      ++towers;
    } else {
      ++hand.nones;
    }
    court.conversions.push_back(order);
  }
  hand.extra_blanks = rules.court.tower_cards - towers;
  std::vector<int> shown;
  for (int card : state.court.display) {
    if (card != 0) shown.push_back(card);
  }
  rng.shuffle(shown);
  // Where a card may act (E-8): a build or a marker in a province of the player's, armies placed
  // there or in a neutral one; possible or not when the card's turn comes.
  std::vector<ProvinceId> mine;
  std::vector<ProvinceId> open;
  for (ProvinceId p : rules.provinces_in_play(state.player_count())) {
    const auto& owner = state.at(p).owner;
    if (owner == hand.player) mine.push_back(p);
    if (owner == hand.player || !owner) open.push_back(p);
  }
  for (int card : shown) {
    const FavourCard& favour = *rules.court.card(card);
    const std::vector<ProvinceId>& where = favour.acts_in_own_province() ? mine : open;
    if (where.empty()) {
      if (!favour.needs_province()) court.favours.push_back(FavourWish{card, std::nullopt, {}});
    } else {
      court.favours.push_back(
          FavourWish{card, where[rng.below(static_cast<std::uint32_t>(where.size()))], {}});
    }
    if (favour.effect == FavourEffect::cancel_event && !court.favours.empty() &&
        court.favours.back().card == card && rules.changes().favour_one_is_a_choice)
      court.favours.back().cancel = random_cancel(state, rng);
  }
  return court;
}

void random_module_orders(const GameState& state, const Ruleset& rules, Orders& orders, Rng& rng) {
  if (rules.has_bids()) {
    std::vector<TileId>& tiles = orders.tile_preferences;
    tiles.reserve(rules.tiles.size());
    for (std::size_t i = 0; i < rules.tiles.size(); ++i) tiles.push_back(TileId::at(i));
    rng.shuffle(tiles);
    tiles.resize(rng.below(static_cast<std::uint32_t>(tiles.size() + 1)));
  }
  if (rules.plays(kLandsknechtePhase)) {  // rules 13.2
    std::vector<LandsknechtBonus>& wishes = orders.landsknecht_wishes;
    wishes.assign(kAllLandsknechtBonuses.begin(), kAllLandsknechtBonuses.end());
    rng.shuffle(wishes);
    wishes.resize(rng.below(static_cast<std::uint32_t>(wishes.size() + 1)));
  }
  if (rules.plays(kLeadersPlacePhase))
    orders.leader = random_leader_order(state, rules, orders.player, rng);
  if (rules.plays(kDrawTurnOrderPhase)) {  // rules 12: some cubes held back in some provinces
    for (ProvinceId p : state.provinces_of(orders.player)) {
      if (rng.below(3) == 0) orders.defend_with.emplace_back(p, 1 + static_cast<int>(rng.below(4)));
    }
  }
}

/// Rules 2.2: a random list of the draft's provinces (sometimes empty), some with a group.
DraftOrders random_draft(const GameState& state, const Ruleset& rules, Rng& rng) {
  std::vector<ProvinceId> cards = state.draft->pile;
  for (const auto& card : state.draft->face_up)
    if (card) cards.push_back(*card);
  rng.shuffle(cards);
  const auto groups = rules.army_groups.find(state.player_count());
  DraftOrders draft;
  const std::size_t wishes =
      static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(cards.size() + 1)));
  const DraftRules allowed = draft_rules(rules);
  for (std::size_t i = 0; i < wishes; ++i) {
    DraftWish wish{cards[i], std::nullopt, false};
    if (groups != rules.army_groups.end() && rng.below(3) == 0)
      wish.group = groups->second[static_cast<std::size_t>(
          rng.below(static_cast<std::uint32_t>(groups->second.size())))];
    if (allowed.leaders) wish.leader = rng.below(4) == 0;  // D-48
    draft.wishes.push_back(wish);
  }
  if (allowed.refresh) draft.refresh = rng.below(2) == 0;  // D-49
  return draft;
}

/// The sections of the modules a game plays (rules 13.1, 13.3), as an order file writes them.
void written_module_sections(const Orders& orders, const Ruleset& rules, WrittenOrders& w) {
  if (rules.plays(kLeadersPlacePhase)) {
    const LeaderOrder& leader = orders.leader;
    WrittenLeader written;
    if (leader.place) written.place = Written{rules.province(*leader.place).id, {}};
    if (leader.stay_beside) written.place = Written{"none", {}};
    if (leader.move_to) written.move_to = Written{rules.province(*leader.move_to).id, {}};
    if (leader.statue) written.statue = true;
    w.leader = written;
  }
  if (rules.plays(kCourtConversionPhase)) {  // rules 13.1
    WrittenCourt court;
    for (std::size_t i = 0; i < rules.court.conversions.size(); ++i) {
      const ConversionOrder c =
          i < orders.court.conversions.size() ? orders.court.conversions[i] : ConversionOrder{};
      const std::string text = c.source == ConversionSource::tower ? "tower"
                               : c.source == ConversionSource::province
                                   ? rules.province(c.province).id
                                   : "none";
      court.keys.push_back("convert" + std::to_string(rules.court.conversions[i]));
      court.spaces.emplace_back(Written{text, {}});
    }
    w.court = court;
    for (const FavourWish& f : orders.court.favours) {
      WrittenFavour favour{f.card, {}, std::nullopt, std::nullopt, {}};
      if (f.province) favour.province = Written{rules.province(*f.province).id, {}};
      if (f.cancel) {  // D-50
        favour.cancel.emplace();
        for (EventId e : *f.cancel) favour.cancel->push_back(Written{rules.event(e).id, {}});
      }
      w.favours.push_back(favour);
    }
  }
}

}  // namespace

Orders random_orders(const GameState& state, const Ruleset& rules, PlayerIndex player, Rng& rng) {
  Orders orders;
  orders.player = player;
  if (state.draft) {
    orders.draft = random_draft(state, rules, rng);
    return orders;
  }
  Hand hand{state.provinces_of(player), 0, 0, 0, player};
  rng.shuffle(hand.cards);
  random_actions(rules, state, hand, orders, rng);
  orders.bid = random_bid(rules, state.player(player).thaler, hand, rng);
  if (rules.plays(kCourtConversionPhase)) orders.court = random_court(state, rules, hand, rng);
  fill_spaces_beyond_the_coins(rules, hand, orders);
  random_module_orders(state, rules, orders, rng);
  return orders;
}

WrittenOrders to_written(const Orders& orders, const GameState& state, const Ruleset& rules) {
  WrittenOrders w;
  w.game.text = state.game;
  w.player.text = state.player(orders.player).id;
  w.season.text = season_label(rules, state.season_index).name();
  if (state.draft) {  // Rules 2.2: the draft's file holds its list only.
    w.draft_at = SourceRef{};
    for (const DraftWish& wish : orders.draft.wishes) {
      WrittenDraftWish written{
          Written{rules.province(wish.province).id, {}}, wish.group, {}, {}, {}};
      if (wish.leader) written.leader = true;  // D-48
      w.draft.push_back(written);
    }
    w.draft_entries = w.draft.size();
    if (orders.draft.refresh) w.draft_refresh = true;  // D-49
    return w;
  }
  for (Action action : rules.action_spaces()) {
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
  written_module_sections(orders, rules, w);
  for (const auto& [p, at_most] : orders.defend_with)
    w.defend_with.push_back(WrittenDefence{Written{rules.province(p).id, {}}, at_most});
  return w;
}

}  // namespace wallenstein
