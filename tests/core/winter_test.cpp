#include <gtest/gtest.h>

#include <algorithm>

#include "support/tiny_world.hpp"

namespace wallenstein {
namespace {

using testing::cubes;
using testing::ScriptedTower;
using testing::TinyWorld;

/// A TinyWorld in the autumn of `year` (0 or 1) whose winter card is `winter_event`.
TinyWorld autumn(int year, const std::string& winter_event, int players = 2) {
  TinyWorld w(players);
  w.state.season_index = 3 + 3 * year;
  const EventId e = *w.rules.find_event(winter_event);
  w.state.events_left = {e, e};  // Whichever is drawn for autumn, the same card is left for winter.
  w.state.event_deck = {EventId{0}, EventId{1}, EventId{3}, EventId{4}};
  return w;
}

TEST(Winter, GrainLossNeverLeavesLessThanZero_D9) {
  TinyWorld w = autumn(0, "grain_max_3");  // loss 4
  w.give("a", 0, 2).give("d", 1, 2);
  w.state.players[0].grain = 5;
  w.state.players[1].grain = 2;
  ScriptedTower tower({cubes({0, 2})});
  const auto r = w.resolve({w.orders(0), w.orders(1, 1)}, &tower);
  ASSERT_TRUE(r.log.winter);
  EXPECT_EQ(r.log.winter->grain_loss, 4);
  const auto& supply = r.log.winter->supply;
  const auto red = std::find_if(supply.begin(), supply.end(),
                                [](const WinterSupply& s) { return s.player.value == 0; });
  const auto blue = std::find_if(supply.begin(), supply.end(),
                                 [](const WinterSupply& s) { return s.player.value == 1; });
  EXPECT_EQ(red->grain_after_loss, 1);
  EXPECT_EQ(blue->grain_after_loss, 0);
  EXPECT_EQ(blue->unsupplied, 1);
  EXPECT_EQ(blue->revolt_count, 1);
}

// Seed 000's example in small: 2 provinces short gives 1 revolt with 1 marker + 2 peasants.
TEST(Winter, ShortageRevoltPutsAMarkerFirstSoPeasantsAreMarkersPlusTheTable_D10) {
  TinyWorld w = autumn(0, "grain_min_4");  // loss 3
  w.give("a", 0, 2).give("b", 0, 2).give("c", 0, 2).give("d", 0, 2).give("e", 0, 2).give("f", 1, 2);
  w.state.players[0].grain = 6;  // 6 - 3 = 3 for 5 provinces: 2 unsupplied
  w.state.players[1].grain = 4;
  ScriptedTower tower({cubes({2, 0}, 1)});
  const auto r = w.resolve({w.orders(0), w.orders(1, 1)}, &tower);
  ASSERT_EQ(r.log.winter->revolts.size(), 1u);
  const Revolt& revolt = r.log.winter->revolts[0];
  EXPECT_EQ(revolt.cause, RevoltCause::winter);
  EXPECT_EQ(revolt.markers, 1);
  EXPECT_EQ(revolt.extra_peasants, 2);
  EXPECT_EQ(revolt.peasants, 3);
  EXPECT_TRUE(revolt.player_won);
}

TEST(Winter, RevoltsFollowTheWinterRevoltOrderPreference_D7) {
  TinyWorld w = autumn(0, "tax_max_5");  // loss 0
  for (const char* p : {"a", "b", "c", "d", "e", "f"}) w.give(p, 0, 3);
  Orders red = w.orders(0);
  for (const char* p : {"f", "e", "d", "c", "b", "a"}) red.winter_revolt_order.push_back(w.p(p));
  ScriptedTower tower({cubes({3, 0}), cubes({3, 0})});
  const auto r = w.resolve({red, w.orders(1, 1)}, &tower);
  // 6 provinces, no grain: 6 unsupplied, 2 revolts with 3 extra peasants each.
  ASSERT_EQ(r.log.winter->revolts.size(), 2u);
  EXPECT_EQ(r.log.winter->revolts[0].extra_peasants, 3);
  EXPECT_GT(r.log.winter->revolts[0].province.value, r.log.winter->revolts[1].province.value);
}

TEST(Winter, PlayersAreProcessedInTheAutumnTurnOrder) {
  TinyWorld w = autumn(0, "tax_max_5");
  w.give("a", 0, 3).give("d", 1, 3);
  ScriptedTower tower({cubes({0, 3}), cubes({3, 0})});
  const auto r = w.resolve({w.orders(0), w.orders(1, 1)}, &tower);  // blue bids more: blue first
  ASSERT_EQ(r.log.winter->revolts.size(), 2u);
  EXPECT_EQ(r.log.winter->revolts[0].player, w.player(1));
  EXPECT_EQ(r.log.winter->revolts[1].player, w.player(0));
}

TEST(Winter, ScoringCountsProvincesBuildingsAndRegionalMajorities) {
  TinyWorld w = autumn(0, "tax_max_5");
  w.give("a", 0, 2).give("c", 0, 2).give("b", 1, 2).give("d", 1, 2);
  w.build("a", Building::palace).build("b", Building::palace);  // tied: 3 - 1 each
  w.build("a", Building::church).build("c", Building::church);  // red alone: 2
  w.build("d", Building::trading_house);                        // blue alone: 1
  w.state.players[0].grain = 2;
  w.state.players[1].grain = 2;
  const auto r = w.resolve({w.orders(0), w.orders(1, 1)});
  const auto& scores = r.log.winter->scores;
  EXPECT_EQ(scores[0].provinces, 2);
  EXPECT_EQ(scores[0].buildings, 3);
  EXPECT_EQ(scores[0].majorities, 2 + 2);
  EXPECT_EQ(scores[0].total, 9);
  EXPECT_EQ(scores[1].majorities, 2 + 1);
  EXPECT_EQ(scores[1].total, 7);
  EXPECT_EQ(r.next.player(w.player(0)).vp, 9);
}

TEST(Winter, RevoltMarkersAreRemovedAndTheNextYearBegins) {
  TinyWorld w = autumn(0, "tax_max_5");
  w.give("a", 0, 2).give("d", 1, 2).markers("a", 2).markers("d", 1);
  w.state.players[0].grain = 3;
  w.state.players[1].grain = 1;
  const auto r = w.resolve({w.orders(0), w.orders(1, 1)});
  EXPECT_EQ(r.log.winter->markers_removed, 3);
  EXPECT_EQ(r.next.supply.revolt_markers, w.rules.pieces.revolt_markers);
  EXPECT_EQ(r.next.season_index, 4);
  EXPECT_EQ(r.next.year_events.size(), 4u);
  EXPECT_EQ(r.next.events_left, r.next.year_events);
  EXPECT_EQ(r.next.player(w.player(0)).grain, 0);
  EXPECT_FALSE(r.next.finished);
}

TEST(Winter, AfterTheSecondWinterMostVictoryPointsWin) {
  TinyWorld w = autumn(1, "tax_max_5");
  w.give("a", 0, 2).give("b", 0, 2).give("d", 1, 2);
  w.state.players[0].grain = 2;
  w.state.players[1].grain = 1;
  const auto r = w.resolve({w.orders(0), w.orders(1, 1)});
  EXPECT_TRUE(r.next.finished);
  EXPECT_EQ(r.next.winners, (std::vector<PlayerIndex>{w.player(0)}));
  EXPECT_EQ(r.log.winners, r.next.winners);
}

TEST(Winter, TiedVictoryPointsGoToTheMostThaler) {
  TinyWorld w = autumn(1, "tax_max_5");
  w.give("a", 0, 2).give("d", 1, 2);
  w.state.players[0].grain = 1;
  w.state.players[1].grain = 1;
  w.state.players[0].thaler = 30;
  const auto r = w.resolve({w.orders(0), w.orders(1)});
  EXPECT_EQ(r.next.winners, (std::vector<PlayerIndex>{w.player(0)}));
}

TEST(Winter, EqualVictoryPointsAndThalerShareTheWin) {
  TinyWorld w = autumn(1, "tax_max_5");
  w.give("a", 0, 2).give("d", 1, 2);
  w.state.players[0].grain = 1;
  w.state.players[1].grain = 1;
  const auto r = w.resolve({w.orders(0), w.orders(1)});
  EXPECT_EQ(r.next.winners, (std::vector<PlayerIndex>{w.player(0), w.player(1)}));
}

}  // namespace
}  // namespace wallenstein
