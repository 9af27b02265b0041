// Placing armies under the decisions of rules version 2: army1 as place or move (D-27) and the
// armies tile as a right (D-28), each beside the old path that version 1 keeps.

#include <gtest/gtest.h>

#include "support/base_spaces.hpp"
#include "support/tiny_world.hpp"

namespace wallenstein {
namespace {

using testing::entries;
using testing::TinyWorld;

constexpr int kStart = 20;  // TinyWorld's starting thaler

/// Leaves exactly `n` cubes in a player's reserve; the others wait inside the tower.
void keep_in_reserve(TinyWorld& w, int seat, int n) {
  PlayerState& p = w.state.players[static_cast<std::size_t>(seat)];
  w.state.tower.inside.n[static_cast<std::size_t>(seat)] += p.reserve - n;
  p.reserve = n;
}

/// Red holds a (3 armies) and b (1 army) and plays army1 from a to b; blue holds d.
struct Army1World {
  TinyWorld w;
  Orders red;
  explicit Army1World(bool place) {
    w.give("a", 0, 3).give("b", 0, 1).give("d", 1, 2);
    red = w.orders(0);
    w.act(red, space::army1, "a", "b");
    red.actions[index_of(space::army1)]->place = place;
  }
  SeasonResult resolve() const { return w.resolve({red, w.orders(1)}); }
};

TEST(Place, Army1MovesWithoutPlacingWhenPlaceIsFalse_D27) {
  Army1World world(false);
  const auto r = world.resolve();
  EXPECT_TRUE(entries<Placed>(r.log).empty());
  ASSERT_EQ(entries<Moved>(r.log).size(), 1u);
  EXPECT_EQ(r.next.at(world.w.p("a")).armies, 1);
  EXPECT_EQ(r.next.at(world.w.p("b")).armies, 3);
  EXPECT_EQ(r.next.player(world.w.player(0)).thaler, kStart);
  EXPECT_EQ(r.next.player(world.w.player(0)).reserve, world.w.state.players[0].reserve);
}

TEST(Place, Army1WithoutThalerCancelsOnlyThePlacementAndStillMoves_D27) {
  Army1World world(true);
  world.w.state.players[0].thaler = 0;
  const auto r = world.resolve();
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::not_enough_thaler);
  EXPECT_TRUE(cancelled[0].placement_only);
  EXPECT_FALSE(cancelled[0].move_only);
  ASSERT_EQ(entries<Moved>(r.log).size(), 1u);
  EXPECT_EQ(entries<Moved>(r.log)[0].count, 2);
  EXPECT_EQ(r.next.at(world.w.p("b")).armies, 3);
}

TEST(Place, Army1WithoutReserveCancelsOnlyThePlacementAndStillMoves_D27) {
  Army1World world(true);
  keep_in_reserve(world.w, 0, 0);
  const auto r = world.resolve();
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::not_enough_reserve);
  EXPECT_TRUE(cancelled[0].placement_only);
  EXPECT_EQ(r.next.at(world.w.p("a")).armies, 1);
  EXPECT_EQ(r.next.at(world.w.p("b")).armies, 3);
  EXPECT_EQ(r.next.player(world.w.player(0)).thaler, kStart);
}

TEST(Place, Army1MoveOnlyIntoAProvinceNotHeldIsCancelledWholeAndPaysNothing_D27) {
  Army1World world(false);
  world.w.give("b", 1, 1);
  const auto r = world.resolve();
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::move_target_not_own);
  EXPECT_FALSE(cancelled[0].move_only);  // nothing was placed: the whole action is off
  EXPECT_TRUE(entries<Placed>(r.log).empty());
  EXPECT_EQ(r.next.player(world.w.player(0)).thaler, kStart);
}

TEST(Place, VersionOneCancelsTheWholeArmy1WithoutThaler_D27) {
  Army1World world(true);
  world.w.rules.version = 1;
  world.w.state.players[0].thaler = 0;
  const auto r = world.resolve();
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::not_enough_thaler);
  EXPECT_FALSE(cancelled[0].placement_only);
  EXPECT_TRUE(entries<Moved>(r.log).empty());
  EXPECT_EQ(r.next.at(world.w.p("a")).armies, 3);
}

TEST(Place, VersionOnePlacesBeforeMovingEvenWhenPlaceIsFalse_D27) {
  // `check` refuses place: false under version 1; the engine keeps the old path regardless.
  Army1World world(false);
  world.w.rules.version = 1;
  const auto r = world.resolve();
  ASSERT_EQ(entries<Placed>(r.log).size(), 1u);
  EXPECT_EQ(r.next.at(world.w.p("b")).armies, 4);
  EXPECT_EQ(r.next.player(world.w.player(0)).thaler, kStart - 1);
}

/// Red holds the armies tile and plays "place 5 armies" in a, with `reserve` cubes left.
SeasonResult five_armies_with_the_tile(TinyWorld& w, int reserve) {
  w.give("a", 0, 2).give("d", 1, 2).tiles({"armies", "grain", "thaler", "attack", "defense"});
  keep_in_reserve(w, 0, reserve);
  Orders red = w.orders(0, 1);
  w.act(red, space::armies5, "a");
  return w.resolve({red, w.orders(1)});
}

TEST(Place, ArmiesTileWithOnlyFiveCubesInReservePlacesThoseFive_D28) {
  TinyWorld w;
  const auto r = five_armies_with_the_tile(w, 5);
  ASSERT_EQ(entries<Placed>(r.log).size(), 1u);
  EXPECT_EQ(entries<Placed>(r.log)[0].count, 5);
  EXPECT_EQ(entries<Placed>(r.log)[0].tile_bonus, 0);
  EXPECT_EQ(r.next.at(w.p("a")).armies, 7);
  EXPECT_EQ(r.next.player(w.player(0)).reserve, 0);
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kStart - 1 - 3);
}

TEST(Place, ArmiesTileWithSixCubesInReserveStillPlacesSix_D28) {
  TinyWorld w;
  const auto r = five_armies_with_the_tile(w, 6);
  EXPECT_EQ(entries<Placed>(r.log)[0].count, 6);
  EXPECT_EQ(entries<Placed>(r.log)[0].tile_bonus, 1);
}

TEST(Place, ArmiesTileUnderArmyShortageWithThreeCubesPlacesThree_D28) {
  TinyWorld w;
  w.event("army_shortage");
  const auto r = five_armies_with_the_tile(w, 3);
  ASSERT_EQ(entries<Placed>(r.log).size(), 1u);
  EXPECT_EQ(entries<Placed>(r.log)[0].count, 3);
  EXPECT_EQ(r.next.at(w.p("a")).armies, 5);
}

TEST(Place, ArmiesTileCannotSaveFiveArmiesWithFourCubesInReserve_D28) {
  TinyWorld w;
  const auto r = five_armies_with_the_tile(w, 4);
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::not_enough_reserve);
  EXPECT_EQ(cancelled[0].need, 5);
  EXPECT_EQ(cancelled[0].have, 4);
  EXPECT_EQ(r.next.at(w.p("a")).armies, 2);
}

TEST(Place, VersionOneCancelsFiveArmiesWithTheTileAndOnlyFiveCubes_D28) {
  TinyWorld w;
  w.rules.version = 1;
  const auto r = five_armies_with_the_tile(w, 5);
  const auto cancelled = entries<Cancelled>(r.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::not_enough_reserve);
  EXPECT_EQ(cancelled[0].need, 6);
  EXPECT_EQ(r.next.at(w.p("a")).armies, 2);
}

}  // namespace
}  // namespace wallenstein
