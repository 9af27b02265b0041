// The military leaders expansion (rules 13.3): what a leader changes in its province's actions,
// applied after the event and the bonus tile (E-2), and the leader lost with its province (E-13).

#include <gtest/gtest.h>

#include <algorithm>

#include "support/tiny_world.hpp"

namespace wallenstein {
namespace {

using testing::cubes;
using testing::entries;
using testing::ScriptedTower;
using testing::TinyWorld;

constexpr int kStart = 20;  // TinyWorld's starting thaler

/// The tiny world with the leaders' bonuses of the shipped module (rules 13.3) and red's leader
/// in province a. The season plays no leader phase (they are still to come), so the invariant,
/// which asks for them, is not checked here.
TinyWorld with_leader_in_a() {
  TinyWorld w;
  LeaderRules& leaders = w.rules.leaders;
  leaders.statues = 6;
  for (Action a : {Action::palace, Action::church, Action::trading_house})
    leaders.bonuses[index_of(a)].cost = -1;
  for (Action a : {Action::taxes, Action::grain}) leaders.bonuses[index_of(a)].amount = 1;
  for (Action a : {Action::armies5, Action::armies3, Action::army1})
    leaders.bonuses[index_of(a)].armies = 1;
  w.give("a", 0, 2).give("f", 0, 2).give("d", 1, 2);
  w.state.players[0].leader = w.p("a");
  return w;
}

TEST(Leaders, APalaceInTheLeadersProvinceCostsTwoAndABuildElsewhereItsFullPrice) {
  TinyWorld w = with_leader_in_a();
  Orders red = w.orders(0);
  w.act(red, Action::palace, "a").actions[index_of(Action::trading_house)] =
      ActionOrder{w.p("f"), std::nullopt, ArmyCount{}, 1};
  const auto r = w.resolve({red, w.orders(1)});
  const auto built = entries<Built>(r.log);
  ASSERT_EQ(built.size(), 2u);
  EXPECT_EQ(built[0].cost, 2);
  EXPECT_EQ(built[0].leader_bonus, -1);
  EXPECT_EQ(built[1].cost, 1) << "f has no leader: the trading house costs its 1";
  EXPECT_EQ(built[1].leader_bonus, 0);
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kStart - 3);
}

TEST(Leaders, ATradingHouseInTheLeadersProvinceCostsNothing) {
  TinyWorld w = with_leader_in_a();
  w.state.players[0].thaler = 0;
  Orders red = w.orders(0);
  w.act(red, Action::trading_house, "a");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Built>(r.log).size(), 1u);
  EXPECT_EQ(entries<Built>(r.log)[0].cost, 0);
  EXPECT_TRUE(r.next.at(w.p("a")).has(Building::trading_house));
}

TEST(Leaders, TaxesGetTheLeadersThalerAfterTheEventAndTheTile_E2) {
  // 7 thaler, at most 5 by the event, +1 by the tile, +1 by the leader.
  TinyWorld w = with_leader_in_a();
  w.event("tax_max_5").tiles({"thaler", "grain", "armies", "attack", "defense"});
  Orders red = w.orders(0, 1);
  w.act(red, Action::taxes, "a");
  const auto r = w.resolve({red, w.orders(1)});
  const auto collected = entries<Collected>(r.log);
  ASSERT_EQ(collected.size(), 1u);
  EXPECT_EQ(collected[0].after_event, 5);
  EXPECT_EQ(collected[0].tile_bonus, 1);
  EXPECT_EQ(collected[0].leader_bonus, 1);
  EXPECT_EQ(collected[0].amount, 7);
}

TEST(Leaders, PlacingFiveArmiesWithTheLeaderPlacesSixAndAfterTheTileSeven) {
  TinyWorld w = with_leader_in_a();
  w.tiles({"armies", "grain", "thaler", "attack", "defense"});
  Orders red = w.orders(0, 1);
  w.act(red, Action::armies5, "a");
  const auto r = w.resolve({red, w.orders(1)});
  const auto placed = entries<Placed>(r.log);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0].tile_bonus, 1);
  EXPECT_EQ(placed[0].leader_bonus, 1);
  EXPECT_EQ(placed[0].count, 7);
  EXPECT_EQ(r.next.at(w.p("a")).armies, 2 + 7);
}

TEST(Leaders, TheLeadersExtraArmyIsARightTheReserveMayLack_D31) {
  TinyWorld w = with_leader_in_a();
  PlayerState& red_state = w.state.players[0];
  w.state.tower.inside.player(w.player(0)) += red_state.reserve - 3;
  red_state.reserve = 3;
  Orders red = w.orders(0);
  w.act(red, Action::armies3, "a");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Placed>(r.log).size(), 1u);
  EXPECT_EQ(entries<Placed>(r.log)[0].leader_bonus, 0);
  EXPECT_EQ(entries<Placed>(r.log)[0].count, 3);
  EXPECT_TRUE(entries<Cancelled>(r.log).empty());
}

TEST(Leaders, UnderRulesVersionOneTheLeadersArmyIsARightToo_D31) {
  // Version 1 places the armies tile's cube as a duty (before D-28); the leader's stays a right.
  TinyWorld w = with_leader_in_a();
  w.rules.version = 1;
  w.tiles({"armies", "grain", "thaler", "attack", "defense"});
  PlayerState& red_state = w.state.players[0];
  w.state.tower.inside.player(w.player(0)) += red_state.reserve - 6;
  red_state.reserve = 6;
  Orders red = w.orders(0, 1);
  w.act(red, Action::armies5, "a");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Placed>(r.log).size(), 1u);
  EXPECT_EQ(entries<Placed>(r.log)[0].tile_bonus, 1);
  EXPECT_EQ(entries<Placed>(r.log)[0].leader_bonus, 0);
  EXPECT_EQ(entries<Placed>(r.log)[0].count, 6);
}

TEST(Leaders, AnActionElsewhereIsUnchanged) {
  TinyWorld w = with_leader_in_a();
  Orders red = w.orders(0);
  w.act(red, Action::armies3, "f");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Placed>(r.log).size(), 1u);
  EXPECT_EQ(entries<Placed>(r.log)[0].count, 3);
  EXPECT_EQ(entries<Placed>(r.log)[0].leader_bonus, 0);
}

TEST(Leaders, APlayerWhoLosesTheLeadersProvinceTakesTheLeaderOff_E13) {
  TinyWorld w = with_leader_in_a();
  w.give("b", 1, 5).slots({Action::battle_a});
  Orders blue = w.orders(1, 1);
  w.act(blue, Action::battle_a, "b", "a");
  ScriptedTower tower({cubes({0, 3})});
  const auto r = w.resolve({w.orders(0), blue}, &tower);
  ASSERT_EQ(entries<Battle>(r.log).size(), 1u);
  ASSERT_EQ(r.next.at(w.p("a")).owner, w.player(1));
  EXPECT_FALSE(r.next.player(w.player(0)).leader.has_value());
}

TEST(Leaders, ACostNeverFallsBelowZero) {
  TinyWorld w = with_leader_in_a();
  w.rules.leaders.bonuses[index_of(Action::trading_house)].cost = -2;
  Orders red = w.orders(0);
  w.act(red, Action::trading_house, "a");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Built>(r.log).size(), 1u);
  EXPECT_EQ(entries<Built>(r.log)[0].cost, 0);
  EXPECT_EQ(entries<Built>(r.log)[0].leader_bonus, -1) << "what the leader changed: 1 to 0";
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kStart);
}

TEST(Leaders, ALeaderLostInARevoltIsTakenOff_E13) {
  TinyWorld w = with_leader_in_a();
  w.markers("a", 1).slots({Action::taxes});
  Orders red = w.orders(0);
  w.act(red, Action::taxes, "a");
  ScriptedTower tower({cubes({0}, 1)});  // the peasant falls out, red's cubes stay inside
  const auto r = w.resolve({red, w.orders(1)}, &tower);
  ASSERT_EQ(entries<Revolt>(r.log).size(), 1u);
  ASSERT_FALSE(r.next.at(w.p("a")).owner.has_value()) << "the province turned neutral";
  EXPECT_FALSE(r.next.player(w.player(0)).leader.has_value());
}

TEST(Leaders, WithoutTheLeaderOnTheBoardTheActionsAreUnchanged) {
  TinyWorld w = with_leader_in_a();
  w.state.players[0].leader.reset();
  Orders red = w.orders(0);
  w.act(red, Action::palace, "a");
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(entries<Built>(r.log)[0].cost, 3);
  EXPECT_EQ(entries<Built>(r.log)[0].leader_bonus, 0);
}

TEST(Invariants, ALeaderStandsInItsPlayersProvinceAndStatuesAreNeitherMadeNorLost) {
  TinyWorld w = with_leader_in_a();
  EXPECT_EQ(w.broken(), std::vector<std::string>{
                            "a leader stands on the board of a game without the military leaders"});
  auto actions = std::find(w.rules.season_phases.begin(), w.rules.season_phases.end(), "actions");
  w.rules.season_phases.insert(actions + 1, "leaders_move");
  actions = std::find(w.rules.season_phases.begin(), w.rules.season_phases.end(), "actions");
  w.rules.season_phases.insert(actions, "leaders_place");
  EXPECT_EQ(w.broken(), std::vector<std::string>{"statues: 0 instead of 12"});
  for (PlayerState& p : w.state.players) p.statues = 6;
  EXPECT_EQ(w.broken(), std::vector<std::string>{});
  // Red left a statue in f and one in a; blue's leader took the one in a as a trophy.
  w.state.players[0].statues = 4;
  w.state.at(w.p("f")).statues[0] = 1;
  w.state.players[1].trophies = 1;
  EXPECT_EQ(w.broken(), std::vector<std::string>{});
  w.state.players[1].trophies = 2;
  EXPECT_EQ(w.broken(), std::vector<std::string>{"statues: 13 instead of 12"});
  w.state.players[1].trophies = 1;
  w.state.players[0].leader = w.p("d");
  EXPECT_EQ(w.broken(), std::vector<std::string>{
                            "red: the leader stands in d, which the player does not hold"});
}

}  // namespace
}  // namespace wallenstein
