// The military leaders expansion (rules 13.3): what a leader changes in its province's actions,
// applied after the event and the bonus tile (E-2), the leader lost with its province (E-13), its
// placement in spring and its move after the ten actions (E-11), statues, trophies (E-12) and
// their points at the end.

#include "wallenstein/rules/leaders.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "support/base_spaces.hpp"
#include "support/tiny_world.hpp"

namespace wallenstein {
namespace {

using testing::cubes;
using testing::entries;
using testing::ScriptedTower;
using testing::TinyWorld;

constexpr int kLeaderStart = 20;  // TinyWorld's starting thaler

/// The tiny world with the leaders' bonuses of the shipped module (rules 13.3) and red's leader
/// in province a. The season plays no leader phase (they are still to come), so the invariant,
/// which asks for them, is not checked here.
TinyWorld with_leader_in_a() {
  TinyWorld w;
  LeaderRules& leaders = w.rules.leaders;
  leaders.statues = 6;
  for (Action a : {space::palace, space::church, space::trading_house})
    leaders.bonuses[index_of(a)].cost = -1;
  for (Action a : {space::taxes, space::grain}) leaders.bonuses[index_of(a)].amount = 1;
  for (Action a : {space::armies5, space::armies3, space::army1})
    leaders.bonuses[index_of(a)].armies = 1;
  w.give("a", 0, 2).give("f", 0, 2).give("d", 1, 2);
  w.state.players[0].leader = w.p("a");
  return w;
}

/// The tiny world playing the leaders' phases as the shipped rules.yaml orders them, with six
/// statues per player beside the board and red's leader in a; the invariant holds.
TinyWorld playing_leaders() {
  TinyWorld w = with_leader_in_a();
  std::vector<std::string>& phases = w.rules.season_phases;
  phases.insert(std::find(phases.begin(), phases.end(), "actions") + 1, "leaders_move");
  phases.insert(std::find(phases.begin(), phases.end(), "bids") + 1, "leaders_place");
  for (PlayerState& p : w.state.players) p.statues = 6;
  w.rules.leaders.vp_per_statue = 1;
  w.rules.leaders.vp_per_trophy = 1;
  return w;
}

/// The steps of one kind of a season's leaders.
std::vector<LeaderStep> steps(const SeasonLog& log, LeaderStepKind kind) {
  std::vector<LeaderStep> out;
  std::copy_if(log.leaders.begin(), log.leaders.end(), std::back_inserter(out),
               [&](const LeaderStep& s) { return s.kind == kind; });
  return out;
}

Orders& lead(Orders& o, std::optional<ProvinceId> place, std::optional<ProvinceId> move_to,
             bool statue) {
  o.leader = LeaderOrder{place, move_to, statue};
  return o;
}

TEST(Leaders, InSpringALeaderBesideTheBoardIsPlacedWhereItsOrderSays) {
  TinyWorld w = playing_leaders();
  w.give("e", 1, 2);  // blue: d with 2 armies, e with 2
  ASSERT_EQ(w.broken(), std::vector<std::string>{});
  Orders blue = w.orders(1, 1);
  lead(blue, w.p("e"), w.p("d"), false);
  const auto r = w.resolve({w.orders(0), blue});
  const auto placed = steps(r.log, LeaderStepKind::placed);
  ASSERT_EQ(placed.size(), 1u) << "red's leader stands on the board already";
  EXPECT_EQ(placed[0].player, w.player(1));
  EXPECT_EQ(placed[0].province, w.p("e"));
  EXPECT_TRUE(placed[0].as_ordered);
  EXPECT_EQ(r.next.player(w.player(1)).leader, w.p("d")) << "then it moved after the actions";
}

TEST(Leaders, WithoutAPlaceTheLeaderGoesWhereTheMostArmiesStandThenTheLowestId_D32) {
  TinyWorld w = playing_leaders();
  w.give("e", 1, 2);
  const auto lowest = steps(w.resolve({w.orders(0), w.orders(1, 1)}).log, LeaderStepKind::placed);
  ASSERT_EQ(lowest.size(), 1u);
  EXPECT_EQ(lowest[0].province, w.p("d")) << "d and e hold 2 armies each: the lower id";
  EXPECT_FALSE(lowest[0].as_ordered);
  w.give("e", 1, 3);
  Orders blue = w.orders(1, 1);
  lead(blue, w.p("a"), std::nullopt, false);  // not blue's: the default is taken
  const auto most = steps(w.resolve({w.orders(0), blue}).log, LeaderStepKind::placed);
  ASSERT_EQ(most.size(), 1u);
  EXPECT_EQ(most[0].province, w.p("e")) << "e holds 3 armies";
  EXPECT_FALSE(most[0].as_ordered);
}

TEST(Leaders, ALeaderBesideTheBoardWaitsUntilSpring_E13) {
  TinyWorld w = playing_leaders();
  w.state.season_index = 2;  // summer
  Orders blue = w.orders(1, 1);
  lead(blue, w.p("d"), std::nullopt, false);
  const auto r = w.resolve({w.orders(0), blue});
  EXPECT_TRUE(steps(r.log, LeaderStepKind::placed).empty());
  EXPECT_FALSE(r.next.player(w.player(1)).leader.has_value());
}

TEST(Leaders, AfterTheActionsTheLeaderMovesNextDoorAndLeavesAStatueWhenAsked) {
  TinyWorld w = playing_leaders();
  Orders red = w.orders(0);
  lead(red, std::nullopt, w.p("f"), true);
  const auto r = w.resolve({red, w.orders(1, 1)});
  const auto moved = steps(r.log, LeaderStepKind::moved);
  ASSERT_EQ(moved.size(), 2u) << "blue's leader, placed this spring, moves too";
  const LeaderStep& step = moved[0].player == w.player(0) ? moved[0] : moved[1];
  EXPECT_EQ(step.from, w.p("a"));
  EXPECT_EQ(step.province, w.p("f"));
  EXPECT_TRUE(step.statue);
  EXPECT_TRUE(step.as_ordered);
  EXPECT_EQ(r.next.player(w.player(0)).leader, w.p("f"));
  EXPECT_EQ(r.next.at(w.p("a")).statues[0], 1);
  EXPECT_EQ(r.next.player(w.player(0)).statues, 5);
  EXPECT_EQ(invariant_violations(r.next, w.rules), std::vector<std::string>{});
}

TEST(Leaders, ALeaderMustGoNextDoorWhileItCan_E11) {
  TinyWorld w = playing_leaders();
  w.rules.version = 2;  // D-45 lifted E-11 from rules version 3 on
  w.give("c", 0, 4);    // red: a, f (next to a) and c (not next to a)
  Orders red = w.orders(0);
  lead(red, std::nullopt, w.p("c"), true);
  const auto r = w.resolve({red, w.orders(1, 1)});
  const auto moved = steps(r.log, LeaderStepKind::moved);
  const auto step = std::find_if(moved.begin(), moved.end(),
                                 [&](const LeaderStep& s) { return s.player == w.player(0); });
  ASSERT_NE(step, moved.end());
  EXPECT_EQ(step->province, w.p("f")) << "the only own neighbour of a";
  EXPECT_FALSE(step->as_ordered);
  EXPECT_TRUE(step->statue) << "the move is still next door, so the statue is left";
}

TEST(Leaders, AMoveFurtherAwayGoesWhereItsOrderSaysAndLeavesNoStatue_D45) {
  TinyWorld w = playing_leaders();
  w.give("c", 0, 4);  // red: a, f (next to a) and c (not next to a)
  ASSERT_FALSE(w.rules.adjacent(w.p("a"), w.p("c")));
  Orders red = w.orders(0);
  lead(red, std::nullopt, w.p("c"), true);
  const auto r = w.resolve({red, w.orders(1, 1)});
  const auto moved = steps(r.log, LeaderStepKind::moved);
  const auto step = std::find_if(moved.begin(), moved.end(),
                                 [&](const LeaderStep& s) { return s.player == w.player(0); });
  ASSERT_NE(step, moved.end());
  EXPECT_EQ(step->province, w.p("c")) << "any province of the player, though f is next door";
  EXPECT_TRUE(step->as_ordered);
  EXPECT_FALSE(step->statue) << "the leader had to flee: no statue in a";
  EXPECT_EQ(r.next.at(w.p("a")).statues[0], 0);
  EXPECT_EQ(r.next.player(w.player(0)).statues, 6);
  EXPECT_EQ(invariant_violations(r.next, w.rules), std::vector<std::string>{});
}

TEST(Leaders, WithoutAPossibleMoveToTheLeaderStillGoesNextDoorAndLeavesItsStatue_D45) {
  TinyWorld w = playing_leaders();
  w.give("c", 0, 4);  // red: a, f (2 armies, next to a) and c (4 armies, not next to a)
  Orders red = w.orders(0);
  lead(red, std::nullopt, w.p("d"), true);  // blue's
  const auto r = w.resolve({red, w.orders(1, 1)});
  const auto moved = steps(r.log, LeaderStepKind::moved);
  const auto step = std::find_if(moved.begin(), moved.end(),
                                 [&](const LeaderStep& s) { return s.player == w.player(0); });
  ASSERT_NE(step, moved.end());
  EXPECT_EQ(step->province, w.p("f")) << "the neighbour with the most armies, not c (D-32)";
  EXPECT_FALSE(step->as_ordered);
  EXPECT_TRUE(step->statue);
}

TEST(Leaders, ALeaderTakenOffMayStayBesideTheBoardAfterWinter_D46) {
  TinyWorld w = playing_leaders();
  w.state.season_index = 4;  // 1619's spring: blue's leader was taken off
  Orders blue = w.orders(1, 1);
  blue.leader.stay_beside = true;
  const auto r = w.resolve({w.orders(0), blue});
  EXPECT_TRUE(steps(r.log, LeaderStepKind::placed).empty());
  EXPECT_FALSE(r.next.player(w.player(1)).leader.has_value());
  EXPECT_TRUE(leader_may_stay_beside(w.rules, 4));
  EXPECT_FALSE(leader_may_stay_beside(w.rules, 1)) << "the first placement is a must";
  w.rules.version = 2;
  EXPECT_FALSE(leader_may_stay_beside(w.rules, 4));
}

TEST(Leaders, WithNoOwnNeighbourTheLeaderGoesToAnyOwnProvinceWithoutAStatue_E11) {
  TinyWorld w;
  w = playing_leaders();
  w.state.at(w.p("f")).owner.reset();
  w.state.players[0].reserve += w.state.at(w.p("f")).armies;
  w.state.at(w.p("f")).armies = 0;
  w.give("c", 0, 1).give("d", 0, 0);
  w.state.at(w.p("d")).owner = w.player(0);  // red: a, c, d; neither c nor d is next to a
  w.give("e", 1, 2);
  Orders red = w.orders(0);
  lead(red, std::nullopt, w.p("d"), true);
  const auto r = w.resolve({red, w.orders(1, 1)});
  const auto moved = steps(r.log, LeaderStepKind::moved);
  const auto step = std::find_if(moved.begin(), moved.end(),
                                 [&](const LeaderStep& s) { return s.player == w.player(0); });
  ASSERT_NE(step, moved.end());
  EXPECT_EQ(step->province, w.p("d"));
  EXPECT_TRUE(step->as_ordered);
  EXPECT_FALSE(step->statue) << "a leader that does not go next door leaves no statue";
  EXPECT_EQ(r.next.player(w.player(0)).statues, 6);
}

TEST(Leaders, WithNoOtherProvinceTheLeaderStays) {
  TinyWorld w = playing_leaders();
  w.state.players[0].reserve += w.state.at(w.p("f")).armies;
  w.state.at(w.p("f")).armies = 0;
  w.state.at(w.p("f")).owner.reset();
  Orders red = w.orders(0);
  lead(red, std::nullopt, w.p("f"), true);
  const auto r = w.resolve({red, w.orders(1, 1)});
  const auto moved = steps(r.log, LeaderStepKind::moved);
  const auto step = std::find_if(moved.begin(), moved.end(),
                                 [&](const LeaderStep& s) { return s.player == w.player(0); });
  ASSERT_NE(step, moved.end());
  EXPECT_EQ(step->from, w.p("a"));
  EXPECT_EQ(step->province, w.p("a"));
  EXPECT_FALSE(step->statue);
  EXPECT_FALSE(step->as_ordered) << "f was asked for and is not red's";
  EXPECT_EQ(r.next.player(w.player(0)).leader, w.p("a"));
}

TEST(Leaders, ALeaderMovedIntoAProvinceWithOtherPlayersStatuesTakesThemAsTrophies) {
  TinyWorld w = playing_leaders();
  w.state.at(w.p("f")).statues[1] = 2;  // blue's, left when blue held f
  w.state.players[1].statues = 4;
  ASSERT_EQ(w.broken(), std::vector<std::string>{});
  Orders red = w.orders(0);
  lead(red, std::nullopt, w.p("f"), false);
  const auto r = w.resolve({red, w.orders(1, 1)});
  const auto moved = steps(r.log, LeaderStepKind::moved);
  const auto step = std::find_if(moved.begin(), moved.end(),
                                 [&](const LeaderStep& s) { return s.player == w.player(0); });
  ASSERT_NE(step, moved.end());
  EXPECT_EQ(step->trophies, (std::vector<PlayerIndex>{w.player(1), w.player(1)}));
  EXPECT_EQ(r.next.player(w.player(0)).trophies, 2);
  EXPECT_EQ(r.next.at(w.p("f")).statues[1], 0);
  EXPECT_EQ(invariant_violations(r.next, w.rules), std::vector<std::string>{});
}

TEST(Leaders, ALeaderPlacedIntoAProvinceWithAnotherPlayersStatueTakesItAsATrophy) {
  TinyWorld w = playing_leaders();
  w.state.at(w.p("d")).statues[0] = 1;  // red's, left when red held d
  w.state.players[0].statues = 5;
  Orders blue = w.orders(1, 1);
  lead(blue, w.p("d"), std::nullopt, false);
  const auto r = w.resolve({w.orders(0), blue});
  const auto placed = steps(r.log, LeaderStepKind::placed);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0].trophies, std::vector<PlayerIndex>{w.player(0)});
  EXPECT_EQ(r.next.player(w.player(1)).trophies, 1);
}

TEST(Leaders, OnceEveryStatueIsPlacedNoMoreAreLeft_E12) {
  TinyWorld w = playing_leaders();
  w.state.players[0].statues = 0;
  w.state.at(w.p("c")).statues[0] = 6;
  ASSERT_EQ(w.broken(), std::vector<std::string>{});
  Orders red = w.orders(0);
  lead(red, std::nullopt, w.p("f"), true);
  const auto r = w.resolve({red, w.orders(1, 1)});
  EXPECT_EQ(r.next.at(w.p("a")).statues[0], 0);
  EXPECT_EQ(r.next.player(w.player(0)).leader, w.p("f"));
}

TEST(Leaders, StatuesOnTheBoardAndTrophiesScoreAtTheEndOfTheGameOnly) {
  for (const int year : {0, 1}) {
    TinyWorld w = playing_leaders();
    w.state.season_index = 3 + 3 * year;  // autumn; winter follows
    const EventId e = *w.rules.find_event("tax_max_5");
    w.state.events_left = {e, e};
    w.state.event_deck = {EventId{0}, EventId{1}, EventId{3}, EventId{4}};
    w.state.at(w.p("c")).statues[0] = 2;  // red's two statues, on a neutral province
    w.state.players[0].statues = 4;
    w.state.players[0].trophies = 1;  // and a statue of blue's
    w.state.players[1].statues = 5;
    ASSERT_EQ(w.broken(), std::vector<std::string>{});
    const auto r = w.resolve({w.orders(0), w.orders(1, 1)});
    ASSERT_TRUE(r.log.winter);
    const Score& red = r.log.winter->scores[0];
    EXPECT_EQ(red.statues, year == 1 ? 3 : 0) << "year " << year;
    EXPECT_EQ(red.total, red.provinces + red.buildings + red.majorities + red.statues);
  }
}

TEST(Leaders, ALeaderTakenOffIsLoggedWithTheProvinceLost_E13) {
  TinyWorld w = playing_leaders();
  w.give("b", 1, 5).slots({space::battle_a});
  Orders blue = w.orders(1, 1);
  w.act(blue, space::battle_a, "b", "a");
  ScriptedTower tower({cubes({0, 3})});
  const auto r = w.resolve({w.orders(0), blue}, &tower);
  const auto off = steps(r.log, LeaderStepKind::taken_off);
  ASSERT_EQ(off.size(), 1u);
  EXPECT_EQ(off[0].player, w.player(0));
  EXPECT_EQ(off[0].province, w.p("a"));
  for (const LeaderStep& s : steps(r.log, LeaderStepKind::moved))
    EXPECT_NE(s.player, w.player(0)) << "a leader beside the board does not move";
}

TEST(Leaders, APalaceInTheLeadersProvinceCostsTwoAndABuildElsewhereItsFullPrice) {
  TinyWorld w = with_leader_in_a();
  Orders red = w.orders(0);
  w.act(red, space::palace, "a").actions[index_of(space::trading_house)] =
      ActionOrder{w.p("f"), std::nullopt, ArmyCount{}, 1};
  const auto r = w.resolve({red, w.orders(1)});
  const auto built = entries<Built>(r.log);
  ASSERT_EQ(built.size(), 2u);
  EXPECT_EQ(built[0].cost, 2);
  EXPECT_EQ(built[0].leader_bonus, -1);
  EXPECT_EQ(built[1].cost, 1) << "f has no leader: the trading house costs its 1";
  EXPECT_EQ(built[1].leader_bonus, 0);
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kLeaderStart - 3);
}

TEST(Leaders, ATradingHouseInTheLeadersProvinceCostsNothing) {
  TinyWorld w = with_leader_in_a();
  w.state.players[0].thaler = 0;
  Orders red = w.orders(0);
  w.act(red, space::trading_house, "a");
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
  w.act(red, space::taxes, "a");
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
  w.act(red, space::armies5, "a");
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
  w.act(red, space::armies3, "a");
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
  w.act(red, space::armies5, "a");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Placed>(r.log).size(), 1u);
  EXPECT_EQ(entries<Placed>(r.log)[0].tile_bonus, 1);
  EXPECT_EQ(entries<Placed>(r.log)[0].leader_bonus, 0);
  EXPECT_EQ(entries<Placed>(r.log)[0].count, 6);
}

TEST(Leaders, AnActionElsewhereIsUnchanged) {
  TinyWorld w = with_leader_in_a();
  Orders red = w.orders(0);
  w.act(red, space::armies3, "f");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Placed>(r.log).size(), 1u);
  EXPECT_EQ(entries<Placed>(r.log)[0].count, 3);
  EXPECT_EQ(entries<Placed>(r.log)[0].leader_bonus, 0);
}

TEST(Leaders, APlayerWhoLosesTheLeadersProvinceTakesTheLeaderOff_E13) {
  TinyWorld w = with_leader_in_a();
  w.give("b", 1, 5).slots({space::battle_a});
  Orders blue = w.orders(1, 1);
  w.act(blue, space::battle_a, "b", "a");
  ScriptedTower tower({cubes({0, 3})});
  const auto r = w.resolve({w.orders(0), blue}, &tower);
  ASSERT_EQ(entries<Battle>(r.log).size(), 1u);
  ASSERT_EQ(r.next.at(w.p("a")).owner, w.player(1));
  EXPECT_FALSE(r.next.player(w.player(0)).leader.has_value());
}

TEST(Leaders, ACostNeverFallsBelowZero) {
  TinyWorld w = with_leader_in_a();
  w.rules.leaders.bonuses[index_of(space::trading_house)].cost = -2;
  Orders red = w.orders(0);
  w.act(red, space::trading_house, "a");
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(entries<Built>(r.log).size(), 1u);
  EXPECT_EQ(entries<Built>(r.log)[0].cost, 0);
  EXPECT_EQ(entries<Built>(r.log)[0].leader_bonus, -1) << "what the leader changed: 1 to 0";
  EXPECT_EQ(r.next.player(w.player(0)).thaler, kLeaderStart);
}

TEST(Leaders, ALeaderLostInARevoltIsTakenOff_E13) {
  TinyWorld w = with_leader_in_a();
  w.markers("a", 1).slots({space::taxes});
  Orders red = w.orders(0);
  w.act(red, space::taxes, "a");
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
  w.act(red, space::palace, "a");
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
  EXPECT_EQ(w.broken(),
            std::vector<std::string>{"statues: 0 beside the board, standing on it and "
                                     "taken as trophies, instead of 12 (6 per player)"});
  for (PlayerState& p : w.state.players) p.statues = 6;
  EXPECT_EQ(w.broken(), std::vector<std::string>{});
  // Red left a statue in f and one in a; blue's leader took the one in a as a trophy.
  w.state.players[0].statues = 4;
  w.state.at(w.p("f")).statues[0] = 1;
  w.state.players[1].trophies = 1;
  EXPECT_EQ(w.broken(), std::vector<std::string>{});
  w.state.players[1].trophies = 2;
  EXPECT_EQ(w.broken(),
            std::vector<std::string>{"statues: 13 beside the board, standing on it and "
                                     "taken as trophies, instead of 12 (6 per player)"});
  // The same 12 pieces, but blue holds red's lost statue as one of its own: 7 of blue's.
  w.state.players[1].trophies = 0;
  w.state.players[1].statues = 7;
  EXPECT_EQ(w.broken(), std::vector<std::string>{"blue: 7 statues beside the board and standing "
                                                 "on it, more than the 6 a player has"});
  w.state.players[1].statues = 6;
  w.state.players[1].trophies = 1;
  // A statue cannot stand where no leader may go: a province out of play (c, held by nobody).
  w.state.at(w.p("f")).statues[0] = 0;
  w.state.at(w.p("c")).statues[0] = 1;
  w.rules.provinces[w.p("c").value].excluded_3p = true;
  EXPECT_EQ(w.broken(), std::vector<std::string>{"statues stand in c, which is out of play"});
  w.rules.provinces[w.p("c").value].excluded_3p = false;
  w.state.players[0].leader = w.p("d");
  EXPECT_EQ(w.broken(), std::vector<std::string>{
                            "red: the leader stands in d, which the player does not hold"});
}

}  // namespace
}  // namespace wallenstein
