#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "support/base_spaces.hpp"
#include "support/tiny_world.hpp"

namespace wallenstein {
namespace {

using testing::cubes;
using testing::entries;
using testing::ScriptedTower;
using testing::TinyWorld;

std::vector<PlayerIndex> seats(std::initializer_list<int> list) {
  std::vector<PlayerIndex> out;
  for (int s : list) out.push_back(PlayerIndex::at(s));
  return out;
}

TEST(Bidding, CoinsRankAboveProvinceCardsAboveZeroAboveNoCard) {
  TinyWorld w(3);
  w.give("a", 0, 2).give("b", 0, 2).give("c", 1, 2).give("d", 2, 2);
  Orders red = w.orders(0);
  red.bid = Bid{BidKind::province, 0, w.p("b")};
  Orders blue = w.orders(1, 0);
  Orders yellow = w.orders(2, 2);
  const auto r = w.resolve({red, blue, yellow});
  EXPECT_EQ(r.log.bid_ranking, seats({2, 0, 1}));
  EXPECT_EQ(r.log.turn_order, seats({2, 0, 1}));

  Orders none = w.orders(0);
  none.bid = Bid{BidKind::none, 0, ProvinceId{}};
  const auto r2 = w.resolve({none, w.orders(1, 0), w.orders(2, 1)});
  EXPECT_EQ(r2.log.bid_ranking, seats({2, 1, 0}));
}

TEST(Bidding, CoinBiddersPayTheirCoinAndProvinceBiddersNothing) {
  TinyWorld w(3);
  w.give("a", 0, 2).give("b", 0, 2).give("c", 1, 2).give("d", 2, 2);
  Orders red = w.orders(0);
  red.bid = Bid{BidKind::province, 0, w.p("b")};
  const auto r = w.resolve({red, w.orders(1, 3), w.orders(2, 4)});
  EXPECT_EQ(r.next.player(w.player(0)).thaler, 20);
  EXPECT_EQ(r.next.player(w.player(1)).thaler, 17);
  EXPECT_EQ(r.next.player(w.player(2)).thaler, 16);
}

TEST(Bidding, TiesAreBrokenAtRandomAndReproducibly_D19) {
  std::set<std::vector<PlayerIndex>> orders_seen;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    TinyWorld w;
    w.give("a", 0, 2).give("d", 1, 2);
    w.state.rng = Rng(seed).state();
    const auto first = w.resolve({w.orders(0, 2), w.orders(1, 2)});
    const auto again = w.resolve({w.orders(0, 2), w.orders(1, 2)});
    EXPECT_EQ(first.log.turn_order, again.log.turn_order);
    orders_seen.insert(first.log.turn_order);
  }
  EXPECT_EQ(orders_seen.size(), 2u);
}

TEST(TurnOrder, EachTakesTheFreeTileHighestOnTheirList) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2).tiles({"thaler", "grain", "armies", "attack", "defense"});
  Orders red = w.orders(0, 2);
  red.tile_preferences = {*w.rules.find_tile("attack"), *w.rules.find_tile("grain")};
  Orders blue = w.orders(1, 1);
  blue.tile_preferences = {*w.rules.find_tile("attack"), *w.rules.find_tile("thaler")};
  const auto r = w.resolve({red, blue});
  // Red chooses first and takes attack (position 4); blue's first choice is gone: thaler (1).
  EXPECT_EQ(r.log.tiles[0].second, *w.rules.find_tile("attack"));
  EXPECT_EQ(r.log.tiles[1].second, *w.rules.find_tile("thaler"));
  EXPECT_EQ(r.log.turn_order, seats({1, 0}));
}

TEST(TurnOrder, EmptyOrExhaustedListTakesTheLowestFreePosition_D2) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2).tiles({"thaler", "grain", "armies", "attack", "defense"});
  Orders red = w.orders(0, 2);
  red.tile_preferences = {*w.rules.find_tile("thaler")};
  Orders blue = w.orders(1, 1);
  blue.tile_preferences = {*w.rules.find_tile("thaler")};
  const auto r = w.resolve({red, blue});
  EXPECT_EQ(r.log.tiles[1].second, *w.rules.find_tile("grain"));  // position 2
}

TEST(TurnOrder, AnyOfTheFiveTilesMayBeChosenWithFewerPlayers_D1) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2).tiles({"thaler", "grain", "armies", "attack", "defense"});
  Orders red = w.orders(0, 2);
  red.tile_preferences = {*w.rules.find_tile("defense")};
  const auto r = w.resolve({red, w.orders(1, 1)});
  EXPECT_EQ(r.log.tiles[0].second, *w.rules.find_tile("defense"));
  EXPECT_EQ(r.log.turn_order, seats({1, 0}));  // blue on position 1, red on position 5
}

TEST(Season, ActionsGoSlotBySlotAndEveryPlayerInTurnOrder) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2).slots({space::grain, space::taxes});
  Orders red = w.orders(0, 1);
  w.act(red, space::taxes, "a");
  Orders blue = w.orders(1, 0);
  w.act(blue, space::grain, "d");
  w.act(blue, space::taxes, "d");
  const auto r = w.resolve({red, blue});
  const auto collected = entries<Collected>(r.log);
  ASSERT_EQ(collected.size(), 3u);
  EXPECT_EQ(collected[0].player, w.player(1));  // slot 1: grain, only blue
  EXPECT_EQ(collected[1].player, w.player(0));  // slot 2: taxes, red first
  EXPECT_EQ(collected[2].player, w.player(1));
}

TEST(Season, TheEventIsDrawnFromTheYearsRemainingCards) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2);
  w.state.events_left = {EventId{2}, EventId{3}, EventId{4}, EventId{5}};
  w.state.year_events = w.state.events_left;
  const auto r = w.resolve({w.orders(0), w.orders(1)});
  EXPECT_EQ(r.next.events_left.size(), 3u);
  EXPECT_EQ(std::count(r.next.events_left.begin(), r.next.events_left.end(), r.log.event), 0);
  EXPECT_EQ(std::count(w.state.events_left.begin(), w.state.events_left.end(), r.log.event), 1);
}

TEST(Season, TheNextSeasonIsPublishedWithFreshCardsAndTiles) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2);
  const auto r = w.resolve({w.orders(0, 1), w.orders(1)});
  EXPECT_EQ(r.next.season_index, 2);
  EXPECT_EQ(r.next.turn_order, r.log.turn_order);
  auto cards = std::vector<Action>(r.next.action_cards.begin(), r.next.action_cards.end());
  std::sort(cards.begin(), cards.end());
  EXPECT_EQ(cards, std::vector<Action>(space::kAll.begin(), space::kAll.end()));
  EXPECT_NE(r.next.action_cards, w.state.action_cards);
  EXPECT_EQ(r.next.bonus_tiles.size(), 5u);
  EXPECT_NE(r.next.rng, w.state.rng);
}

/// The tiny world in the autumn of 1618, which the base game's phases end with a winter.
TinyWorld autumn() {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2);
  w.state.season_index = 3;
  w.state.events_left = {EventId{2}, EventId{2}};
  w.state.event_deck = {EventId{0}, EventId{1}, EventId{3}, EventId{4}};
  return w;
}

TEST(Season, PlaysThePhasesItsRulesetListsInThatOrder) {
  TinyWorld w = autumn();
  const auto all = w.resolve({w.orders(0, 1), w.orders(1)});
  EXPECT_EQ(w.rules.season_phases,
            (std::vector<std::string>{"event", "bids", "actions", "winter", "publish"}));
  EXPECT_TRUE(all.log.winter);
  EXPECT_EQ(all.next.season_index, 4);

  w.rules.season_phases = {"event", "bids", "actions", "publish"};
  const auto no_winter = w.resolve({w.orders(0, 1), w.orders(1)});
  EXPECT_FALSE(no_winter.log.winter);
  EXPECT_EQ(no_winter.log.turn_order, all.log.turn_order);
  EXPECT_EQ(no_winter.next.season_index, 4);

  w.rules.season_phases = {"event", "bids"};
  const auto bids_only = w.resolve({w.orders(0, 1), w.orders(1)});
  EXPECT_EQ(bids_only.log.turn_order, all.log.turn_order);
  EXPECT_EQ(bids_only.next.turn_order, w.state.turn_order);  // the actions phase sets it
  EXPECT_EQ(bids_only.next.season_index, 3);                 // not published
  EXPECT_EQ(bids_only.next.action_cards, w.state.action_cards);
}

TEST(Season, AnUnknownPhaseIsACallersBug) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2);
  w.rules.season_phases = {"event", "bids", "actoins", "winter", "publish"};
  EXPECT_THROW(w.resolve({w.orders(0, 1), w.orders(1)}), std::invalid_argument);
}

TEST(Season, SameStateAndOrdersGiveTheSameResult) {
  TinyWorld w;
  w.give("a", 0, 4).give("d", 1, 4);
  Orders red = w.orders(0);
  w.act(red, space::battle_a, "a", "b");
  Orders blue = w.orders(1);
  w.act(blue, space::battle_a, "d", "c");
  const auto first = w.resolve({red, blue});
  const auto second = w.resolve({red, blue});
  EXPECT_EQ(first.next, second.next);
  EXPECT_EQ(first.log.entries.size(), second.log.entries.size());
}

TEST(Season, PlayerWithoutProvincesBidsNothingTakesATileAndKeepsVictoryPoints_D11) {
  TinyWorld w;
  w.give("a", 0, 2);
  w.state.players[1].vp = 7;
  Orders blue = w.orders(1);
  blue.bid = Bid{BidKind::none, 0, ProvinceId{}};  // Rules 9, D-25: no card is left for a bid.
  const auto r = w.resolve({w.orders(0), blue});
  EXPECT_EQ(r.log.turn_order, seats({0, 1}));
  EXPECT_EQ(r.log.tiles[1].second, w.state.bonus_tiles[1]);
  EXPECT_EQ(r.next.player(w.player(1)).thaler, 20);
  EXPECT_EQ(r.next.player(w.player(1)).vp, 7);
}

/// Red holds a (1 army) and f (5); blue takes a with battle A, red wins it back with battle B
/// from f, and red had planned taxes in a after both. `first_throw` decides blue's battle.
SeasonResult lose_and_retake(TinyWorld& w, const CubeCounts& first_throw) {
  w.give("a", 0, 1).give("f", 0, 5).give("b", 1, 5);
  w.tiles({"grain", "armies", "thaler", "attack", "defense"});
  w.slots({space::battle_a, space::battle_b, space::taxes});
  Orders red = w.orders(0);
  w.act(red, space::battle_b, "f", "a");
  w.act(red, space::taxes, "a");
  Orders blue = w.orders(1);
  w.act(blue, space::battle_a, "b", "a");
  ScriptedTower tower({first_throw, cubes({3, 0})});
  return w.resolve({red, blue}, &tower);
}

TEST(Season, ProvinceLostInBattleAndWonBackPerformsNoMorePlannedActions_D26) {
  TinyWorld w;
  const auto r = lose_and_retake(w, cubes({0, 3}));
  ASSERT_EQ(entries<Battle>(r.log).size(), 2u);
  EXPECT_EQ(entries<Battle>(r.log)[0].result, BattleResult::attacker);
  EXPECT_EQ(r.next.at(w.p("a")).owner, w.player(0));
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::card_left_hand);
  EXPECT_EQ(cancelled[0].action, space::taxes);
  EXPECT_EQ(cancelled[0].province, w.p("a"));
  EXPECT_TRUE(entries<Collected>(r.log).empty());
  EXPECT_EQ(r.next.player(w.player(0)).thaler, 20);
}

TEST(Season, ProvinceDevastatedByATieAndWonBackPerformsNoMorePlannedActions_D26) {
  TinyWorld w;
  const auto r = lose_and_retake(w, cubes({1, 1}));
  ASSERT_EQ(entries<Battle>(r.log).size(), 2u);
  EXPECT_EQ(entries<Battle>(r.log)[0].result, BattleResult::tie);
  EXPECT_FALSE(entries<Battle>(r.log)[1].defender.has_value());
  EXPECT_EQ(r.next.at(w.p("a")).owner, w.player(0));
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::card_left_hand);
  EXPECT_TRUE(entries<Collected>(r.log).empty());
}

TEST(Season, ProvinceThatNeverChangedHandsStillActsAfterABattleNextDoor_D26) {
  TinyWorld w;
  const auto r = lose_and_retake(w, cubes({1, 0}));  // red's one defender holds a
  EXPECT_EQ(entries<Battle>(r.log)[0].result, BattleResult::defender);
  ASSERT_EQ(entries<Collected>(r.log).size(), 1u);
  EXPECT_EQ(entries<Collected>(r.log)[0].province, w.p("a"));
}

TEST(Season, VersionOneStillActsFromAProvinceWonBack_D26) {
  TinyWorld w;
  w.rules.version = 1;
  const auto r = lose_and_retake(w, cubes({0, 3}));
  EXPECT_TRUE(entries<Cancelled>(r.log).empty());
  ASSERT_EQ(entries<Collected>(r.log).size(), 1u);
  EXPECT_EQ(entries<Collected>(r.log)[0].province, w.p("a"));
}

TEST(Invariants, AFreshTinyWorldKeepsEveryInvariant) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2);
  EXPECT_TRUE(w.broken().empty());
}

TEST(Invariants, ACubeThatVanishedIsReported) {
  TinyWorld w;
  w.give("a", 0, 2);
  w.state.players[0].reserve -= 1;
  const auto broken = w.broken();
  ASSERT_EQ(broken.size(), 1u);
  EXPECT_EQ(broken[0], "red: 61 cubes instead of 62");
}

}  // namespace
}  // namespace wallenstein
