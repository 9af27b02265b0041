#include <gtest/gtest.h>

#include "support/base_spaces.hpp"
#include "support/tiny_world.hpp"

namespace wallenstein {
namespace {

using testing::cubes;
using testing::entries;
using testing::ScriptedTower;
using testing::TinyWorld;

constexpr int kStart = 20;  // TinyWorld's starting thaler

TEST(Build, PalacePaysThreeAndTakesASiteFromTheSupply) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::palace, "a");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_TRUE(r.next.at(w.p("a")).has(Building::palace));
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kStart - 3);
  EXPECT_EQ(r.next.supply.buildings[0], w.rules.pieces.buildings[0] - 1);
  ASSERT_EQ(entries<Built>(r.log).size(), 1u);
  EXPECT_EQ(entries<Built>(r.log)[0].cost, 3);
}

TEST(Build, SecondBuildingOfTheSameTypeIsCancelled) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2).build("a", Building::church);
  Orders red = w.orders(0);
  w.act(red, space::church, "a");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Cancelled>(r.log).size(), 1u);
  EXPECT_EQ(entries<Cancelled>(r.log)[0].reason, CancelReason::already_built);
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kStart);
}

TEST(Build, ProvinceWithoutFreeSiteIsCancelled) {
  TinyWorld w;  // every tiny province has 2 sites
  w.give("a", 0, 2).give("d", 1, 2).build("a", Building::church).build("a", Building::palace);
  Orders red = w.orders(0);
  w.act(red, space::trading_house, "a");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Cancelled>(r.log).size(), 1u);
  EXPECT_EQ(entries<Cancelled>(r.log)[0].reason, CancelReason::no_free_site);
}

TEST(Build, EmptyBuildingSupplyCancelsTheAction) {
  TinyWorld w;
  w.rules.pieces.buildings[0] = 0;
  w.state.supply.buildings[0] = 0;
  w.give("a", 0, 2).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::palace, "a");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Cancelled>(r.log).size(), 1u);
  EXPECT_EQ(entries<Cancelled>(r.log)[0].reason, CancelReason::no_building_left);
}

TEST(Build, NotEnoughThalerCancelsTheActionWithTheNumbers) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2);
  w.state.players[0].thaler = 2;
  Orders red = w.orders(0);
  w.act(red, space::palace, "a");
  const auto r = w.resolve({red, w.orders(1)});
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::not_enough_thaler);
  EXPECT_EQ(cancelled[0].need, 3);
  EXPECT_EQ(cancelled[0].have, 2);
}

TEST(Build, TradingHouseCalmsEventRemovesARevoltMarker) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2).markers("a", 2).event("trade_house_calms_1");
  Orders red = w.orders(0);
  w.act(red, space::trading_house, "a");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(r.next.at(w.p("a")).revolt_markers, 1);
  EXPECT_EQ(entries<Built>(r.log)[0].markers_removed, 1);
}

TEST(Collect, TaxesAreCappedByTheEventThenRaisedByTheTile) {
  // Seed 000's example in small: 7 thaler, "at most 5" event, +1 tile = 6.
  TinyWorld w;
  w.give("a", 0, 2)
      .give("d", 1, 2)
      .event("tax_max_5")
      .tiles({"thaler", "grain", "armies", "attack", "defense"});
  Orders red = w.orders(0, 1);
  w.act(red, space::taxes, "a");
  const auto r = w.resolve({red, w.orders(1)});
  const auto collected = entries<Collected>(r.log);
  ASSERT_EQ(collected.size(), 1u);
  EXPECT_EQ(collected[0].base, 7);
  EXPECT_EQ(collected[0].after_event, 5);
  EXPECT_EQ(collected[0].tile_bonus, 1);
  EXPECT_EQ(collected[0].amount, 6);
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kStart - 1 + 6);
}

TEST(Collect, TaxFloorRaisesLowTaxes) {
  TinyWorld w;
  w.give("f", 0, 2).give("c", 1, 2).event("tax_min_6");
  Orders red = w.orders(0);
  w.act(red, space::taxes, "f");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(entries<Collected>(r.log)[0].amount, 6);
}

TEST(Collect, GrainCapAppliesBeforeTheGrainTile) {
  TinyWorld w;
  w.give("f", 0, 2)
      .give("c", 1, 2)
      .event("grain_max_3")
      .tiles({"grain", "thaler", "armies", "attack", "defense"});
  Orders red = w.orders(0, 1);
  w.act(red, space::grain, "f");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(entries<Collected>(r.log)[0].amount, 4);  // 7, at most 3, +1
  EXPECT_EQ(r.next.player(w.player(0)).grain, 4);
}

TEST(Collect, GrainFloorRaisesPoorHarvests) {
  TinyWorld w;
  w.give("a", 0, 2).give("c", 1, 2).event("grain_min_4");
  Orders red = w.orders(0, 1);  // first choice: position 1, the thaler tile
  w.act(red, space::grain, "a");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(entries<Collected>(r.log)[0].amount, 4);
}

TEST(Collect, CollectingInAQuietProvinceAddsARevoltMarker) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::grain, "a");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(r.next.at(w.p("a")).revolt_markers, 1);
  EXPECT_TRUE(entries<Revolt>(r.log).empty());
}

TEST(Collect, CollectingWhereAMarkerLiesStartsARevoltThatAddsAMarkerWhenPutDown) {
  TinyWorld w;
  w.give("a", 0, 3).give("d", 1, 2).markers("a", 1);
  Orders red = w.orders(0);
  w.act(red, space::taxes, "a");
  ScriptedTower tower({cubes({2, 0}, 1)});
  const auto r = w.resolve({red, w.orders(1)}, &tower);
  const auto revolts = entries<Revolt>(r.log);
  ASSERT_EQ(revolts.size(), 1u);
  EXPECT_EQ(revolts[0].peasants, 1);
  EXPECT_EQ(revolts[0].defending, 3);
  EXPECT_TRUE(revolts[0].player_won);
  EXPECT_EQ(r.next.at(w.p("a")).owner, w.player(0));
  EXPECT_EQ(r.next.at(w.p("a")).armies, 1);  // 2 out, minus 1 peasant
  EXPECT_EQ(r.next.at(w.p("a")).revolt_markers, 2);
}

TEST(Collect, IncomeIsKeptWhenTheRevoltIsLost_D5) {
  TinyWorld w;
  w.give("a", 0, 1).give("d", 1, 2).markers("a", 2).build("a", Building::church);
  Orders red = w.orders(0);
  w.act(red, space::taxes, "a");
  ScriptedTower tower({cubes({0, 0}, 1)});
  const auto r = w.resolve({red, w.orders(1)}, &tower);
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kStart + 5);  // tax 7 at most 5
  const ProvinceState& a = r.next.at(w.p("a"));
  EXPECT_FALSE(a.owner.has_value());
  EXPECT_EQ(a.revolt_markers, 0);
  EXPECT_FALSE(a.has(Building::church));
  EXPECT_TRUE(w.broken().empty());
  EXPECT_TRUE(invariant_violations(r.next, w.rules).empty());
}

TEST(Place, FiveArmiesCostThreeAndComeFromTheReserve) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2).tiles({"thaler", "grain", "armies", "attack", "defense"});
  Orders red = w.orders(0, 1);
  w.act(red, space::armies5, "a");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(r.next.at(w.p("a")).armies, 7);
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kStart - 1 - 3);
  EXPECT_EQ(r.next.player(w.player(0)).reserve, 62 - 2 - 5);
}

TEST(Place, ArmiesTileMakesFiveArmiesSix) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2).tiles({"armies", "grain", "thaler", "attack", "defense"});
  Orders red = w.orders(0, 1);
  w.act(red, space::armies5, "a");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(r.next.at(w.p("a")).armies, 8);
}

TEST(Place, ArmyShortageLimitsPlacementAndTheArmiesTileAddsOne_D4) {
  TinyWorld w;
  w.give("a", 0, 2).give("b", 0, 2).give("d", 1, 2).event("army_shortage");
  w.tiles({"armies", "grain", "thaler", "attack", "defense"});
  Orders red = w.orders(0, 1);
  w.act(red, space::armies5, "a");
  w.act(red, space::armies3, "b");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(r.next.at(w.p("a")).armies, 2 + 4);  // 3 + 1
  EXPECT_EQ(r.next.at(w.p("b")).armies, 2 + 2);
}

TEST(Place, NotEnoughReserveCancelsThePlacement) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 1, 2);
  w.state.players[0].reserve = 4;
  w.state.tower.inside.n[0] = 56;  // keep the 62 cubes accounted for
  Orders red = w.orders(0);
  w.act(red, space::armies5, "a");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Cancelled>(r.log).size(), 1u);
  EXPECT_EQ(entries<Cancelled>(r.log)[0].reason, CancelReason::not_enough_reserve);
  EXPECT_EQ(r.next.at(w.p("a")).armies, 2);
}

TEST(Place, Army1PlacesOneThenMovesAllButOneToAnOwnNeighbour) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 0, 1).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::army1, "a", "b");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(r.next.at(w.p("a")).armies, 1);
  EXPECT_EQ(r.next.at(w.p("b")).armies, 4);
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kStart - 1);
}

TEST(Place, Army1MoveIntoAProvinceNotHeldIsCancelledButThePlacementStays_D15) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 1, 1).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::army1, "a", "b");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(r.next.at(w.p("a")).armies, 4);
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_TRUE(cancelled[0].move_only);
  EXPECT_EQ(cancelled[0].reason, CancelReason::move_target_not_own);
  EXPECT_EQ(r.next.at(w.p("b")).owner, w.player(1));
}

TEST(Move, MinArmiesCancelsAMoveThatCannotSendEnough) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 0, 1).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::battle_a, "a", "b", ArmyCount{true, 0}, 3);
  const auto r = w.resolve({red, w.orders(1)});
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::min_armies_not_met);
  EXPECT_EQ(cancelled[0].need, 3);
  EXPECT_EQ(cancelled[0].have, 2);
}

TEST(Move, ArmiesNMovesUpToNLeavingOne_D20) {
  TinyWorld w;
  w.give("a", 0, 6).give("b", 0, 1).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::battle_a, "a", "b", ArmyCount{false, 3});
  w.act(red, space::battle_b, "b", "a", ArmyCount{false, 9});
  w.slots({space::battle_a, space::battle_b});
  const auto r = w.resolve({red, w.orders(1)});
  // a: 6 - 3 = 3; b: 1 + 3 = 4, then b sends up to 9 but keeps one: 3 go back.
  EXPECT_EQ(r.next.at(w.p("a")).armies, 6);
  EXPECT_EQ(r.next.at(w.p("b")).armies, 1);
}

TEST(Move, BattleIntoAnOwnProvinceIsAPlainMove) {
  TinyWorld w;
  w.give("a", 0, 4).give("b", 0, 1).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::battle_a, "a", "b");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_TRUE(entries<Battle>(r.log).empty());
  ASSERT_EQ(entries<Moved>(r.log).size(), 1u);
  EXPECT_EQ(r.next.at(w.p("b")).armies, 4);
}

TEST(Move, BattleNeedsTwoArmiesInTheSource) {
  TinyWorld w;
  w.give("a", 0, 1).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::battle_a, "a", "b");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Cancelled>(r.log).size(), 1u);
  EXPECT_EQ(entries<Cancelled>(r.log)[0].reason, CancelReason::too_few_armies);
}

TEST(Season, ActionInAProvinceConqueredEarlierIsCancelledForTheLoser) {
  TinyWorld w;
  w.give("a", 0, 1).give("b", 1, 5).give("d", 1, 2);
  w.slots({space::battle_a, space::taxes});
  Orders red = w.orders(0);
  w.act(red, space::taxes, "a");
  Orders blue = w.orders(1, 1);
  w.act(blue, space::battle_a, "b", "a");
  ScriptedTower tower({cubes({0, 3})});
  const auto r = w.resolve({red, blue}, &tower);
  EXPECT_EQ(r.next.at(w.p("a")).owner, w.player(1));
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::province_lost);
  EXPECT_EQ(cancelled[0].holder, w.player(1));
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kStart);
}

TEST(Collect, NoMarkerIsPlacedWhenTheSupplyIsEmpty_D18) {
  TinyWorld w;
  w.rules.pieces.revolt_markers = 0;
  w.state.supply.revolt_markers = 0;
  w.give("a", 0, 2).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::grain, "a");
  const auto r = w.resolve({red, w.orders(1)});
  const auto markers = entries<MarkerAdded>(r.log);
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_TRUE(markers[0].supply_empty);
  EXPECT_EQ(r.next.at(w.p("a")).revolt_markers, 0);
  EXPECT_EQ(r.next.player(w.player(0)).grain, 2);
}

TEST(Nmr, PassOrdersActNowhereAndBidZero_D13) {
  TinyWorld w;
  for (const char* p : {"a", "b", "c", "d", "e", "f"})
    w.give(p, 0, 1);  // six provinces: a card is left to bid
  const Orders pass = pass_orders(w.player(0), w.state, w.rules);
  for (Action a : space::kAll) EXPECT_FALSE(pass[a].has_value());
  EXPECT_EQ(pass.bid.kind, BidKind::coin);
  EXPECT_EQ(pass.bid.coin, 0);
  const auto r = w.resolve({pass, w.orders(1)});
  EXPECT_EQ(r.log.entries.size(), 0u);
  EXPECT_EQ(r.next.player(w.player(0)).thaler, 20);
}

TEST(Nmr, PassOrdersBidNoneWithFiveProvincesOrFewer_D29) {
  TinyWorld w;
  for (const char* p : {"a", "b", "c", "d", "e"}) w.give(p, 0, 1);
  EXPECT_EQ(pass_orders(w.player(0), w.state, w.rules).bid.kind, BidKind::none);
  EXPECT_EQ(pass_orders(w.player(1), w.state, w.rules).bid.kind,
            BidKind::none);  // no province at all
}

TEST(Nmr, VersionOnePassOrdersAlwaysBidZero_D29) {
  TinyWorld w;
  w.rules.version = 1;
  w.give("a", 0, 2);
  const Orders pass = pass_orders(w.player(0), w.state, w.rules);
  EXPECT_EQ(pass.bid.kind, BidKind::coin);
  EXPECT_EQ(pass.bid.coin, 0);
}

TEST(Bidding, ACardIsLeftForTheBidOnlyWithSixProvincesOrMore_D25) {
  TinyWorld w;
  for (const char* p : {"a", "b", "c", "d", "e"}) w.give(p, 0, 1);
  EXPECT_FALSE(card_left_for_bid(w.state, w.rules, w.player(0)));  // 5 + 5 cards for 10 spaces
  w.give("f", 0, 1);
  EXPECT_TRUE(card_left_for_bid(w.state, w.rules, w.player(0)));
  EXPECT_FALSE(card_left_for_bid(w.state, w.rules, w.player(1)));
}

}  // namespace
}  // namespace wallenstein
