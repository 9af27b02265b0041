#include <gtest/gtest.h>

#include "support/base_spaces.hpp"
#include "support/tiny_world.hpp"

namespace wallenstein {
namespace {

using testing::cubes;
using testing::entries;
using testing::ScriptedTower;
using testing::TinyWorld;

/// Blue (seat 1) attacks red's province a from b with battle A; blue plays first.
struct Attack {
  TinyWorld w;
  Orders red;
  Orders blue;
  Attack(int red_armies, int blue_armies) {
    w.give("a", 0, red_armies).give("b", 1, blue_armies).give("d", 0, 2);
    w.slots({space::battle_a});
    red = w.orders(0);
    blue = w.orders(1, 1);
    w.act(blue, space::battle_a, "b", "a");
  }
  SeasonResult run(std::vector<CubeCounts> outcomes) {
    ScriptedTower tower(std::move(outcomes));
    return w.resolve({red, blue}, &tower);
  }
};

// Seed 000's example: blue moves 4 into yellow's Kursachsen (3 cubes); 3 blue, 1 yellow and
// 1 peasant fall out; the peasant fights for the defender; blue wins 3:2 and 1 blue cube stays.
TEST(Battle, AttackerWithMoreCubesOutTakesTheProvinceAndItsCard) {
  Attack at(3, 5);
  at.w.state.tower.inside.peasants() = 1;
  at.w.state.supply.peasants -= 1;
  at.w.build("a", Building::church);
  const auto r = at.run({cubes({1, 3}, 1)});
  const auto battles = entries<Battle>(r.log);
  ASSERT_EQ(battles.size(), 1u);
  EXPECT_EQ(battles[0].attacking, 4);
  EXPECT_EQ(battles[0].defending, 3);
  EXPECT_EQ(battles[0].attacker_count, 3);
  EXPECT_EQ(battles[0].defender_count, 2);
  EXPECT_EQ(battles[0].defender_peasants, 1);
  EXPECT_EQ(battles[0].result, BattleResult::attacker);
  const ProvinceState& a = r.next.at(at.w.p("a"));
  EXPECT_EQ(a.owner, at.w.player(1));
  EXPECT_EQ(a.armies, 1);
  EXPECT_TRUE(a.has(Building::church));  // Rules 8.3: buildings stay.
  EXPECT_EQ(r.next.tower.tray, CubeCounts{});
  EXPECT_TRUE(invariant_violations(r.next, at.w.rules).empty());
}

TEST(Battle, PeasantsStayOutOfABattleForAProvinceWithRevoltMarkers) {
  Attack at(3, 5);
  at.w.state.tower.inside.peasants() = 1;
  at.w.state.supply.peasants -= 1;
  at.w.markers("a", 1);
  const auto r = at.run({cubes({2, 2}, 1)});
  const Battle b = entries<Battle>(r.log)[0];
  EXPECT_EQ(b.defender_count, 2);
  EXPECT_EQ(b.result, BattleResult::tie);
  EXPECT_EQ(r.next.tower.tray.peasants(), 1);  // a bystander, thrown again next battle
}

TEST(Battle, TieDevastatesTheProvince) {
  Attack at(3, 5);
  at.w.build("a", Building::palace).markers("a", 1);
  const auto r = at.run({cubes({2, 2})});
  const ProvinceState& a = r.next.at(at.w.p("a"));
  EXPECT_FALSE(a.owner.has_value());
  EXPECT_EQ(a.armies, 0);
  EXPECT_EQ(a.building_count(), 0);
  EXPECT_EQ(a.revolt_markers, 0);
  EXPECT_EQ(r.next.supply.buildings[0], at.w.rules.pieces.buildings[0]);
  EXPECT_EQ(r.next.supply.revolt_markers, at.w.rules.pieces.revolt_markers);
  EXPECT_EQ(r.next.tower.tray, CubeCounts{});
  EXPECT_TRUE(invariant_violations(r.next, at.w.rules).empty());
}

TEST(Battle, DefenderWinsAndKeepsSurvivorsAfterLosingPeasantsFirst) {
  Attack at(3, 5);
  at.w.state.tower.inside.peasants() = 2;
  at.w.state.supply.peasants -= 2;
  const auto r = at.run({cubes({2, 3}, 2)});  // defender 2 + 2 peasants = 4 against 3
  const Battle b = entries<Battle>(r.log)[0];
  EXPECT_EQ(b.result, BattleResult::defender);
  EXPECT_EQ(b.survivors, 1);  // loses 3: both peasants, then one cube
  EXPECT_EQ(r.next.at(at.w.p("a")).owner, at.w.player(0));
  EXPECT_EQ(r.next.at(at.w.p("a")).armies, 1);
  EXPECT_EQ(r.next.supply.peasants, at.w.rules.pieces.peasants);
}

TEST(Battle, DefenderWinWithOnlyPeasantsOutIsATie) {
  Attack at(3, 5);
  at.w.state.tower.inside.peasants() = 2;
  at.w.state.supply.peasants -= 2;
  const auto r = at.run({cubes({0, 1}, 2)});
  EXPECT_EQ(entries<Battle>(r.log)[0].result, BattleResult::tie);
  EXPECT_FALSE(r.next.at(at.w.p("a")).owner.has_value());
}

TEST(Battle, CubesOfUninvolvedPlayersStayInTheTrayAndAreThrownNextTime) {
  TinyWorld w(3);
  w.give("a", 0, 3).give("b", 1, 5).give("d", 2, 2);
  w.state.tower.tray.n[2] = 2;  // yellow cubes from an earlier battle
  w.state.players[2].reserve -= 2;
  w.slots({space::battle_a});
  Orders blue = w.orders(1, 1);
  w.act(blue, space::battle_a, "b", "a");
  ScriptedTower tower({cubes({1, 3, 1})});
  const auto r = w.resolve({w.orders(0), blue, w.orders(2)}, &tower);
  const Battle b = entries<Battle>(r.log)[0];
  EXPECT_EQ(b.tower.from_tray, cubes({0, 0, 2}));
  EXPECT_EQ(r.next.tower.tray, cubes({0, 0, 1}));
  EXPECT_TRUE(invariant_violations(r.next, w.rules).empty());
}

TEST(Battle, NeutralProvinceThrowsOnePeasant) {
  TinyWorld w;
  w.give("a", 0, 4).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::battle_a, "a", "b");
  ScriptedTower tower({cubes({2}, 1)});
  const auto r = w.resolve({red, w.orders(1)}, &tower);
  const Battle b = entries<Battle>(r.log)[0];
  EXPECT_FALSE(b.defender.has_value());
  EXPECT_EQ(b.peasants, 1);
  EXPECT_EQ(b.result, BattleResult::attacker);
  EXPECT_EQ(r.next.at(w.p("b")).owner, w.player(0));
  EXPECT_EQ(r.next.at(w.p("b")).armies, 1);
}

TEST(Battle, AngryPeasantsThrowTwoPeasantsAtANeutralProvince) {
  TinyWorld w;
  w.give("a", 0, 4).give("d", 1, 2).event("angry_peasants");
  Orders red = w.orders(0);
  w.act(red, space::battle_a, "a", "b");
  ScriptedTower tower({cubes({1}, 2)});
  const auto r = w.resolve({red, w.orders(1)}, &tower);
  const Battle b = entries<Battle>(r.log)[0];
  EXPECT_EQ(b.peasants, 2);
  EXPECT_EQ(b.result, BattleResult::defender);  // the peasants win; nothing is placed
  EXPECT_FALSE(r.next.at(w.p("b")).owner.has_value());
  EXPECT_EQ(r.next.at(w.p("b")).armies, 0);
  EXPECT_EQ(r.next.supply.peasants, w.rules.pieces.peasants);
}

TEST(Battle, ConqueringANeutralProvinceAddsNoRevoltMarker_D6) {
  TinyWorld w;
  w.give("a", 0, 4).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::battle_a, "a", "b");
  ScriptedTower tower({cubes({3}, 0)});
  const auto r = w.resolve({red, w.orders(1)}, &tower);
  EXPECT_EQ(r.next.at(w.p("b")).owner, w.player(0));
  EXPECT_EQ(r.next.at(w.p("b")).revolt_markers, 0);
}

TEST(Battle, PalaceGuardGivesTheDefenderAnExtraCubeFromTheReserve) {
  Attack at(2, 5);
  at.w.build("a", Building::palace).event("palace_guard_1");
  const auto r = at.run({cubes({3, 3})});
  const Battle b = entries<Battle>(r.log)[0];
  EXPECT_EQ(b.palace_guard, 1);
  EXPECT_EQ(b.tower.fighting, cubes({3, 4}));
}

TEST(Battle, AttackAndDefenseTilesAlwaysThrowAnExtraCube_D8) {
  Attack at(2, 5);
  at.w.tiles({"attack", "defense", "thaler", "grain", "armies"});
  at.red = at.w.orders(0, 0);
  at.red.tile_preferences = {*at.w.rules.find_tile("defense")};
  at.blue.tile_preferences = {*at.w.rules.find_tile("attack")};
  const auto r = at.run({cubes({3, 5})});
  const Battle b = entries<Battle>(r.log)[0];
  EXPECT_EQ(b.attack_bonus, 1);
  EXPECT_EQ(b.defense_bonus, 1);
  EXPECT_EQ(b.tower.fighting, cubes({3, 5}));
}

TEST(Battle, ReligiousPeaceProtectsProvincesWithAChurch) {
  Attack at(2, 5);
  at.w.build("a", Building::church).event("religious_peace_1");
  const auto r = at.run({});
  EXPECT_TRUE(entries<Battle>(r.log).empty());
  ASSERT_EQ(entries<Cancelled>(r.log).size(), 1u);
  EXPECT_EQ(entries<Cancelled>(r.log)[0].reason, CancelReason::target_protected);
  EXPECT_EQ(r.next.at(at.w.p("b")).armies, 5);
}

TEST(Battle, LosingAttackerCubesReturnToTheReserve) {
  Attack at(3, 5);
  const auto r = at.run({cubes({3, 1})});
  EXPECT_EQ(entries<Battle>(r.log)[0].result, BattleResult::defender);
  EXPECT_EQ(r.next.at(at.w.p("b")).armies, 1);
  EXPECT_EQ(r.next.at(at.w.p("a")).armies, 2);
  EXPECT_TRUE(invariant_violations(r.next, at.w.rules).empty());
}

TEST(Battle, NoCubeOutOnEitherSideIsATie_D16) {
  Attack at(2, 3);
  at.w.build("a", Building::palace);
  const auto r = at.run({cubes({0, 0})});
  EXPECT_EQ(entries<Battle>(r.log)[0].result, BattleResult::tie);
  EXPECT_FALSE(r.next.at(at.w.p("a")).owner.has_value());
  EXPECT_EQ(r.next.at(at.w.p("a")).building_count(), 0);
}

TEST(Battle, PeasantsDefendingANeutralProvinceWinOutright_D17) {
  TinyWorld w;
  w.give("a", 0, 3).give("d", 1, 2);
  Orders red = w.orders(0);
  w.act(red, space::battle_a, "a", "b");
  ScriptedTower tower({cubes({0}, 1)});
  const auto r = w.resolve({red, w.orders(1)}, &tower);
  EXPECT_EQ(entries<Battle>(r.log)[0].result, BattleResult::defender);
  EXPECT_EQ(r.next.player(w.player(0)).reserve, 59);  // nothing came back: both cubes stuck inside
  EXPECT_EQ(r.next.tower.inside.n[0], 2);
}

TEST(Battle, TrayCubesOfASideCountForThatSide_D21) {
  Attack at(3, 5);
  at.w.state.tower.tray.n[1] = 2;  // blue cubes left in the tray by an earlier battle
  at.w.state.players[1].reserve -= 2;
  const auto r = at.run({cubes({2, 3})});
  const Battle b = entries<Battle>(r.log)[0];
  EXPECT_EQ(b.tower.from_tray, cubes({0, 2}));
  EXPECT_EQ(b.attacker_count, 3);
  EXPECT_EQ(b.result, BattleResult::attacker);
}

}  // namespace
}  // namespace wallenstein
