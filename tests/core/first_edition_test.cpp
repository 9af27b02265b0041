// The 1st edition's rules (docs/rules.md, section 12), each against the 2nd edition's where they
// differ.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "support/base_spaces.hpp"
#include "support/tiny_world.hpp"
#include "wallenstein/bot/bot.hpp"
#include "wallenstein/bot/player_view.hpp"
#include "wallenstein/rules/standings.hpp"

namespace wallenstein {
namespace {

using testing::cubes;
using testing::entries;
using testing::ScriptedTower;
using testing::TinyWorld;

/// Blue (seat 1) attacks red's province a from b with battle A in the 1st edition.
struct EditionAttack {
  TinyWorld w;
  Orders red;
  Orders blue;
  EditionAttack(int red_armies, int blue_armies) {
    w.first_edition();
    w.give("a", 0, red_armies).give("b", 1, blue_armies).give("d", 0, 2);
    w.slots({space::battle_a});
    red = w.orders(0);
    blue = w.orders(1);
    w.act(blue, space::battle_a, "b", "a");
  }
  SeasonResult run(std::vector<CubeCounts> outcomes) {
    ScriptedTower tower(std::move(outcomes));
    return w.resolve({red, blue}, &tower);
  }
};

TEST(FirstEdition, TurnOrderIsDrawnEachSeasonWithoutBidsOrBonusTiles_Rules12) {
  std::set<std::vector<std::size_t>> seen;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    TinyWorld w(3);
    w.first_edition();
    w.state.rng = Rng(seed).state();
    w.give("a", 0, 2).give("c", 1, 2).give("e", 2, 2);
    const int thaler = w.state.players[0].thaler;
    const auto r = w.resolve({w.orders(0, 4), w.orders(1, 3), w.orders(2, 2)});
    EXPECT_TRUE(r.log.bids.empty());
    EXPECT_TRUE(r.log.bid_ranking.empty());
    EXPECT_TRUE(r.log.tiles.empty());
    EXPECT_TRUE(r.next.bonus_tiles.empty()) << "the next season is published without tiles";
    EXPECT_EQ(r.next.players[0].thaler, thaler) << "nobody pays for a place in the turn order";
    std::vector<std::size_t> order;
    for (PlayerIndex p : r.log.turn_order) order.push_back(p.value);
    ASSERT_EQ(order.size(), 3u);
    EXPECT_TRUE(
        std::is_permutation(order.begin(), order.end(), std::vector<std::size_t>{0, 1, 2}.begin()));
    EXPECT_EQ(r.next.turn_order, r.log.turn_order);
    EXPECT_EQ(w.resolve({w.orders(0, 4), w.orders(1, 3), w.orders(2, 2)}).log.turn_order,
              r.log.turn_order)
        << "the same seed draws the same order";
    seen.insert(order);
  }
  EXPECT_GE(seen.size(), 4u) << "the bids (4, 3, 2) must not fix the order";
}

TEST(FirstEdition, DefenderThrowsOnlyTheCubesOfDefendWithAndLosesTheRestWithTheProvince) {
  EditionAttack at(5, 6);
  at.red.defend_with = {{at.w.p("a"), 2}};
  const int red_reserve = at.w.state.players[0].reserve;
  const auto r = at.run({cubes({1, 4})});
  const auto battles = entries<Battle>(r.log);
  ASSERT_EQ(battles.size(), 1u);
  EXPECT_EQ(battles[0].defending, 2);
  EXPECT_EQ(battles[0].held_back, 3);
  EXPECT_EQ(battles[0].result, BattleResult::attacker);
  const ProvinceState& a = r.next.at(at.w.p("a"));
  EXPECT_EQ(a.owner, at.w.player(1));
  EXPECT_EQ(a.armies, battles[0].survivors) << "only the winner's cubes stand in it";
  // Red's cube out of the tower and the 3 held back go back to the reserve; 1 is still inside.
  EXPECT_EQ(r.next.players[0].reserve, red_reserve + 1 + 3);
  EXPECT_TRUE(invariant_violations(r.next, at.w.rules).empty());
}

TEST(FirstEdition, DefenderWhoWinsKeepsTheCubesHeldBack) {
  EditionAttack at(5, 4);
  at.red.defend_with = {{at.w.p("a"), 3}};
  const auto r = at.run({cubes({3, 1})});
  const auto battles = entries<Battle>(r.log);
  ASSERT_EQ(battles.size(), 1u);
  EXPECT_EQ(battles[0].result, BattleResult::defender);
  EXPECT_EQ(battles[0].held_back, 2);
  EXPECT_EQ(r.next.at(at.w.p("a")).armies, battles[0].survivors + 2);
  EXPECT_TRUE(invariant_violations(r.next, at.w.rules).empty());
}

TEST(FirstEdition, WithoutDefendWithTheDefenderThrowsEveryCube) {
  EditionAttack at(4, 6);
  at.red.defend_with = {{at.w.p("d"), 1}};  // another province: a throws all
  const auto r = at.run({cubes({2, 2})});
  const auto battles = entries<Battle>(r.log);
  ASSERT_EQ(battles.size(), 1u);
  EXPECT_EQ(battles[0].defending, 4);
  EXPECT_EQ(battles[0].held_back, 0);
}

TEST(FirstEdition, PeasantsFightForTheDefenderWhileTheProvinceHasAtMostOneMarker) {
  for (const int markers : {1, 2}) {
    EditionAttack at(3, 5);
    at.w.state.tower.inside.peasants() = 1;
    at.w.state.supply.peasants -= 1;
    at.w.markers("a", markers);
    const auto r = at.run({cubes({2, 2}, 1)});
    const auto battles = entries<Battle>(r.log);
    ASSERT_EQ(battles.size(), 1u);
    EXPECT_EQ(battles[0].peasants_stay_out, markers > 1) << markers << " markers";
    EXPECT_EQ(battles[0].defender_peasants, markers > 1 ? 0 : 1) << markers << " markers";
    EXPECT_EQ(battles[0].result, markers > 1 ? BattleResult::tie : BattleResult::defender)
        << markers << " markers";
  }
}

TEST(FirstEdition, ArmiesHeldBackHoldTheProvinceWhenPeasantsWinTheCountForTheDefender_D41) {
  for (const int held_back : {0, 3}) {
    EditionAttack at(4, 3);
    at.w.rules.version = 2;  // before D-52, the peasants alone tie
    if (held_back > 0) at.red.defend_with = {{at.w.p("a"), 4 - held_back}};
    at.w.state.tower.inside.peasants() = 2;
    at.w.state.supply.peasants -= 2;
    at.w.markers("a", 1);
    // None of red's cubes comes out; blue's 1 against 2 peasants fighting for red.
    const auto r = at.run({cubes({0, 1}, 2)});
    const auto battles = entries<Battle>(r.log);
    ASSERT_EQ(battles.size(), 1u);
    EXPECT_EQ(battles[0].held_back, held_back);
    if (held_back == 0) {
      EXPECT_EQ(battles[0].result, BattleResult::tie) << "D-17: no cube of red's is left";
      EXPECT_FALSE(r.next.at(at.w.p("a")).owner.has_value());
    } else {
      EXPECT_EQ(battles[0].result, BattleResult::defender) << "the 3 held back are left in a";
      EXPECT_EQ(r.next.at(at.w.p("a")).owner, at.w.player(0));
      EXPECT_EQ(r.next.at(at.w.p("a")).armies, held_back) << "no thrown cube survived";
    }
    EXPECT_TRUE(invariant_violations(r.next, at.w.rules).empty());
  }
}

TEST(FirstEdition, ADefenderWithMoreCubesPeasantsIncludedHoldsTheProvince_D52) {
  EditionAttack at(4, 3);
  at.w.state.tower.inside.peasants() = 2;
  at.w.state.supply.peasants -= 2;
  // None of red's cubes comes out; blue's 1 against 2 peasants fighting for red.
  const auto r = at.run({cubes({0, 1}, 2)});
  const auto battles = entries<Battle>(r.log);
  ASSERT_EQ(battles.size(), 1u);
  EXPECT_EQ(battles[0].result, BattleResult::defender)
      << "the 1st edition: more cubes, peasants included, hold the province";
  EXPECT_EQ(r.next.at(at.w.p("a")).owner, at.w.player(0));
  EXPECT_EQ(r.next.at(at.w.p("a")).armies, 0) << "no cube of red's survived; peasants never stay";
  EXPECT_EQ(r.next.player(at.w.player(1)).reserve, at.w.state.player(at.w.player(1)).reserve + 1)
      << "blue's one cube out of the tower goes back to the reserve, the other stays inside";
  EXPECT_EQ(invariant_violations(r.next, at.w.rules), std::vector<std::string>{});
}

TEST(FirstEdition, TheSecondEditionsPeasantsAloneStillTie_D52) {
  TinyWorld w;
  ASSERT_TRUE(w.rules.peasants_alone_tie);
  w.give("a", 0, 4).give("b", 1, 3).give("d", 0, 2);
  w.slots({space::battle_a});
  w.state.tower.inside.peasants() = 2;
  w.state.supply.peasants -= 2;
  Orders blue = w.orders(1, 1);
  w.act(blue, space::battle_a, "b", "a");
  ScriptedTower tower({cubes({0, 1}, 2)});
  const auto battles = entries<Battle>(w.resolve({w.orders(0), blue}, &tower).log);
  ASSERT_EQ(battles.size(), 1u);
  EXPECT_EQ(battles[0].result, BattleResult::tie) << "rules 8.3: only peasants in the tray";
}

TEST(FirstEdition, SecondEditionPeasantsStayOutOfAProvinceWithOneMarker) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 1, 5).give("d", 0, 2).markers("a", 1);
  w.slots({space::battle_a});
  w.state.tower.inside.peasants() = 1;
  w.state.supply.peasants -= 1;
  Orders blue = w.orders(1, 1);
  w.act(blue, space::battle_a, "b", "a");
  ScriptedTower tower({cubes({2, 2}, 1)});
  const auto battles = entries<Battle>(w.resolve({w.orders(0), blue}, &tower).log);
  ASSERT_EQ(battles.size(), 1u);
  EXPECT_TRUE(battles[0].peasants_stay_out);
}

TEST(FirstEdition, TakingANeutralProvincePutsARevoltMarkerOnIt) {
  TinyWorld w;
  w.first_edition();
  w.give("b", 1, 5).give("d", 0, 2);
  w.slots({space::battle_a});
  Orders blue = w.orders(1);
  w.act(blue, space::battle_a, "b", "c");
  ScriptedTower tower({cubes({0, 3})});
  const auto r = w.resolve({w.orders(0), blue}, &tower);
  const auto battles = entries<Battle>(r.log);
  ASSERT_EQ(battles.size(), 1u);
  ASSERT_EQ(battles[0].result, BattleResult::attacker);
  const auto markers = entries<MarkerAdded>(r.log);
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_EQ(markers[0].province, w.p("c"));
  EXPECT_EQ(markers[0].player, w.player(1));
  EXPECT_EQ(r.next.at(w.p("c")).revolt_markers, 1);
  // The marker is told right after the battle, on the same slot.
  const auto battle_at =
      std::find_if(r.log.entries.begin(), r.log.entries.end(),
                   [](const auto& e) { return std::holds_alternative<Battle>(e); });
  ASSERT_NE(battle_at + 1, r.log.entries.end());
  EXPECT_TRUE(std::holds_alternative<MarkerAdded>(*(battle_at + 1)));
  EXPECT_TRUE(invariant_violations(r.next, w.rules).empty());
}

TEST(FirstEdition, ACollectingRevoltAlsoThrowsOnlyTheCubesOfDefendWith) {
  TinyWorld w;
  w.first_edition();
  w.give("a", 0, 4).give("d", 1, 2).markers("a", 1);
  w.slots({space::taxes});
  Orders red = w.orders(0);
  w.act(red, space::taxes, "a");
  red.defend_with = {{w.p("a"), 1}};
  ScriptedTower tower({cubes({0, 0}, 1)});
  const auto r = w.resolve({red, w.orders(1)}, &tower);
  const auto revolts = entries<Revolt>(r.log);
  ASSERT_EQ(revolts.size(), 1u);
  EXPECT_EQ(revolts[0].defending, 1);
  EXPECT_EQ(revolts[0].held_back, 3);
  EXPECT_FALSE(revolts[0].player_won);
  EXPECT_FALSE(r.next.at(w.p("a")).owner) << "lost with the 3 cubes held back";
  EXPECT_EQ(r.next.at(w.p("a")).armies, 0);
  EXPECT_TRUE(invariant_violations(r.next, w.rules).empty());
}

TEST(FirstEdition, AWinterRevoltFightsWithTheMarkersAlreadyThereAndAddsNone) {
  TinyWorld w(2);
  w.first_edition();
  w.state.season_index = 3;
  const EventId loss = *w.rules.find_event("grain_min_4");  // loss 3
  w.state.events_left = {loss, loss};
  w.state.event_deck = {EventId{0}, EventId{1}, EventId{3}, EventId{4}};
  w.give("a", 0, 2).give("b", 0, 2).give("c", 0, 2).give("d", 0, 2).give("e", 0, 2).give("f", 1, 2);
  w.state.players[0].grain = 6;  // 6 - 3 = 3 for 5 provinces: 2 unsupplied, 1 revolt, 2 extra
  w.state.players[1].grain = 4;
  const int markers_in_supply = w.state.supply.revolt_markers;
  ScriptedTower tower({cubes({2, 0}, 1)});
  const auto r = w.resolve({w.orders(0), w.orders(1)}, &tower);
  ASSERT_TRUE(r.log.winter);
  ASSERT_EQ(r.log.winter->revolts.size(), 1u);
  EXPECT_TRUE(r.log.winter->markers.empty());
  EXPECT_EQ(r.log.winter->revolts[0].markers, 0);
  EXPECT_EQ(r.log.winter->revolts[0].peasants, 2) << "the table's 2, no marker's peasant";
  EXPECT_EQ(r.next.supply.revolt_markers, markers_in_supply);
}

TEST(FirstEdition, EqualVictoryPointsGoToMostPalacesThenChurchesThenTradingHouses) {
  TinyWorld w(3);
  w.first_edition();
  w.give("a", 0, 1).give("b", 0, 1).give("c", 1, 1).give("d", 1, 1).give("e", 2, 1);
  w.build("a", Building::palace).build("b", Building::church);
  w.build("c", Building::palace).build("d", Building::trading_house);
  w.build("e", Building::palace);
  for (PlayerState& p : w.state.players) p.vp = 20;
  w.state.players[2].thaler = 99;  // thaler do not count in the 1st edition
  const auto ranked = rank_players(w.state, w.rules);
  ASSERT_EQ(ranked.size(), 3u);
  EXPECT_EQ(ranked[0], (Standing{w.player(0), 1, TieBreak::decided}));  // 1 palace, 1 church
  EXPECT_EQ(ranked[1], (Standing{w.player(1), 2, TieBreak::decided}));  // 1 palace, 1 house
  EXPECT_EQ(ranked[2], (Standing{w.player(2), 3, TieBreak::decided}));  // 1 palace
  w.build("e", Building::church);  // now as many of each as red
  const auto shared = rank_players(w.state, w.rules);
  EXPECT_EQ(shared[0].tie_break, TieBreak::shared);
  EXPECT_EQ(shared[1].tie_break, TieBreak::shared);
  EXPECT_EQ(shared[0].place, 1);
  EXPECT_EQ(shared[1].place, 1);
  EXPECT_EQ(shared[2], (Standing{w.player(1), 3, TieBreak::decided}));
}

/// The bot's defend_with for red (seat 0).
std::vector<std::pair<ProvinceId, int>> bots_defend_with(const TinyWorld& w) {
  return plan_orders(see(w.state, w.rules, w.player(0)), w.rules).orders.defend_with;
}

TEST(FirstEditionBot, HoldsArmiesBackOnlyWhereFewerAreTakenAboutAsSeldom) {
  TinyWorld w;
  w.first_edition();
  // Red's a (12) and e (12) face blue's b (2); e also has a revolt marker. Red's d (3) is small.
  w.give("a", 0, 12).give("e", 0, 12).give("d", 0, 3).give("b", 1, 2).markers("e", 1);
  const auto limits = bots_defend_with(w);
  ASSERT_EQ(limits.size(), 1u) << "only a: e may revolt, d has too few to hold any back";
  EXPECT_EQ(limits[0].first, w.p("a"));
  EXPECT_GE(limits[0].second, 2) << "more than the one cube blue could move";
  EXPECT_LE(limits[0].second, 10) << "at least two held back";
}

TEST(FirstEditionBot, HoldsNothingBackWhereTheStrongestAttackMayWellTakeTheProvince) {
  TinyWorld w;
  w.first_edition();
  // Blue's b (9) could attack red's a (4) or c (5): held back, red's armies would fall with them.
  w.give("a", 0, 4).give("c", 0, 5).give("b", 1, 9);
  EXPECT_TRUE(bots_defend_with(w).empty());
}

TEST(FirstEditionBot, ThrowsEveryArmyBeforeTheWinterAndInTheSecondEdition) {
  TinyWorld w;
  w.give("a", 0, 12).give("b", 1, 2);
  EXPECT_TRUE(bots_defend_with(w).empty()) << "the 2nd edition has no defend_with";
  w.first_edition();
  ASSERT_FALSE(bots_defend_with(w).empty());
  w.state.season_index = 3;  // autumn: winter revolts follow
  EXPECT_TRUE(bots_defend_with(w).empty());
}

}  // namespace
}  // namespace wallenstein
