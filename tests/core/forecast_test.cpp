#include "wallenstein/bot/forecast.hpp"

#include <gtest/gtest.h>

#include "support/base_spaces.hpp"
#include "support/tiny_world.hpp"
#include "wallenstein/rules/standings.hpp"

namespace wallenstein {
namespace {

using testing::TinyWorld;

template <class T>
std::vector<T> only(const std::vector<ForecastWarning>& warnings) {
  std::vector<T> out;
  for (const auto& w : warnings) {
    if (const T* t = std::get_if<T>(&w)) out.push_back(*t);
  }
  return out;
}

std::vector<Action> actions(const std::vector<PlannedCost>& costs) {
  std::vector<Action> out;
  out.reserve(costs.size());
  for (const auto& c : costs) out.push_back(c.action);
  return out;
}

TEST(Forecast, SaysNothingWhenTheThalerCoverTheCostsAndTheBid) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 0, 3);
  w.state.players[0].thaler = 6;
  Orders o = w.orders(0, 1);
  w.act(o, space::palace, "a");
  w.act(o, space::church, "b");
  EXPECT_TRUE(forecast(o, w.state, w.rules).empty());
}

TEST(Forecast, FaceUpActionsTheThalerCannotReachAreCancelledInSlotOrder) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 0, 3).give("c", 0, 3);
  w.slots({space::palace, space::church, space::trading_house});
  w.state.players[0].thaler = 5;
  Orders o = w.orders(0, 1);  // 4 left after the bid: the palace (3) is paid, the church (2) is not
  w.act(o, space::palace, "a");
  w.act(o, space::church, "b");
  w.act(o, space::trading_house, "c");
  const auto short_of = only<ShortOfThaler>(forecast(o, w.state, w.rules));
  ASSERT_EQ(short_of.size(), 1u);
  EXPECT_EQ(short_of[0].thaler, 5);
  EXPECT_EQ(short_of[0].bid, 1);
  EXPECT_EQ(short_of[0].costs, 6);
  EXPECT_EQ(actions(short_of[0].cancelled), std::vector<Action>{space::church});
  EXPECT_EQ(short_of[0].cancelled[0].slot, 2);
  EXPECT_TRUE(short_of[0].at_risk.empty());
}

TEST(Forecast, FaceDownActionsAreAtRiskInTheOrderTheirCardsComeUp) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 0, 3);
  w.slots({space::grain, space::taxes, space::armies5, space::armies3,
           space::army1});  // builds face down
  w.state.players[0].thaler = 4;
  Orders o = w.orders(0, 0);
  w.act(o, space::palace, "a");
  w.act(o, space::church, "b");
  const auto short_of = only<ShortOfThaler>(forecast(o, w.state, w.rules));
  ASSERT_EQ(short_of.size(), 1u);
  EXPECT_TRUE(short_of[0].cancelled.empty());
  // Palace first: the church is cancelled; church first: the palace is. One of the two, either way.
  EXPECT_EQ(actions(short_of[0].at_risk), (std::vector<Action>{space::palace, space::church}));
  EXPECT_EQ(short_of[0].at_risk[0].slot, 0);
  EXPECT_EQ(short_of[0].at_risk_fewest, 1);
  EXPECT_EQ(short_of[0].at_risk_most, 1);
}

TEST(Forecast, AFaceDownActionPaidInEveryOrderIsNotAtRisk) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 0, 3).give("c", 0, 3);
  w.slots({space::grain, space::taxes, space::church, space::armies3, space::battle_a});
  w.state.players[0].thaler = 5;
  Orders o = w.orders(0, 0);
  // 3 + 3 + 1 = 7 > 5: the second 3 to come up is always cut; the 1 always finds 2 left.
  w.act(o, space::palace, "a");
  w.act(o, space::armies5, "b");
  w.act(o, space::trading_house, "c");
  const auto s = only<ShortOfThaler>(forecast(o, w.state, w.rules));
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(actions(s[0].at_risk), (std::vector<Action>{space::palace, space::armies5}));
  EXPECT_EQ(s[0].at_risk_fewest, 1);
  EXPECT_EQ(s[0].at_risk_most, 1);
}

TEST(Forecast, PlacementWithoutPlacingCostsNothing_D27) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 0, 3);
  w.state.players[0].thaler = 0;
  Orders o = w.orders(0, 0);
  w.act(o, space::army1, "a", "b");
  o.actions[index_of(space::army1)]->place = false;
  EXPECT_TRUE(forecast(o, w.state, w.rules).empty());
  o.actions[index_of(space::army1)]->place = true;
  EXPECT_EQ(only<ShortOfThaler>(forecast(o, w.state, w.rules)).size(), 1u);
}

TEST(Forecast, ActionsInTheLeadersProvinceArePricedWithTheLeader) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 0, 3);
  w.rules.leaders.bonuses[index_of(space::palace)].cost = -1;
  w.rules.leaders.bonuses[index_of(space::church)].cost = -1;
  w.rules.season_phases.insert(w.rules.season_phases.begin() + 2, "leaders_place");
  w.state.players[0].thaler = 4;
  w.state.season_index = 2;  // summer: a leader beside the board stays there
  Orders o = w.orders(0, 0);
  w.act(o, space::palace, "a");  // 3, or 2 with the leader in a
  w.act(o, space::church, "b");  // 2, or 1 with the leader in b
  EXPECT_EQ(only<ShortOfThaler>(forecast(o, w.state, w.rules)).size(), 1u)
      << "without a leader: 5 thaler for 4";
  w.state.players[0].leader = w.p("a");
  EXPECT_TRUE(forecast(o, w.state, w.rules).empty()) << "with the leader in a: 4 for 4";
  w.state.players[0].leader.reset();
  w.state.season_index = 1;  // spring: the leader is placed before the actions
  o.leader.place = w.p("b");
  EXPECT_TRUE(forecast(o, w.state, w.rules).empty()) << "placed in b: 3 + 1";
  o.leader.place.reset();
  EXPECT_TRUE(forecast(o, w.state, w.rules).empty()) << "placed by default in a (D-32): 2 + 2";
}

TEST(Forecast, ACollectionWhereRevoltMarkersLieStartsARevolt) {
  TinyWorld w;
  w.give("a", 0, 2).give("b", 0, 3).markers("a", 2);
  Orders o = w.orders(0, 0);
  w.act(o, space::taxes, "a");
  w.act(o, space::grain, "b");
  const auto revolts = only<RevoltAhead>(forecast(o, w.state, w.rules));
  ASSERT_EQ(revolts.size(), 1u);
  EXPECT_EQ(revolts[0].action, space::taxes);
  EXPECT_EQ(revolts[0].province, w.p("a"));
  EXPECT_EQ(revolts[0].markers, 2);
  EXPECT_EQ(revolts[0].armies, 2);
}

TEST(Forecast, ARevoltAheadCountsOnlyTheArmiesDefendWithThrows_Rules12) {
  TinyWorld w;
  w.first_edition();
  w.give("a", 0, 5).give("b", 0, 3).markers("a", 1);
  Orders o = w.orders(0, 0);
  w.act(o, space::grain, "a");
  o.defend_with = {{w.p("a"), 2}};
  const auto revolts = only<RevoltAhead>(forecast(o, w.state, w.rules));
  ASSERT_EQ(revolts.size(), 1u);
  EXPECT_EQ(revolts[0].armies, 2);
  EXPECT_EQ(revolts[0].held_back, 3);
}

TEST(Forecast, ABattleFromAProvinceWithTooFewArmiesIsForeseen) {
  TinyWorld w;
  w.give("a", 0, 1).give("c", 0, 3);
  Orders o = w.orders(0, 0);
  w.act(o, space::battle_a, "a", "b");
  w.act(o, space::battle_b, "c", "d", ArmyCount{false, 3}, 3);
  w.act(o, space::armies3, "a");
  const auto few = only<FewArmies>(forecast(o, w.state, w.rules));
  ASSERT_EQ(few.size(), 2u);
  EXPECT_EQ(few[0].action, space::battle_a);
  EXPECT_EQ(few[0].armies, 1);
  EXPECT_EQ(few[0].needed, 2);
  EXPECT_TRUE(few[0].placement_planned);
  // min_armies 3 needs 4 there: one army always stays behind.
  EXPECT_EQ(few[1].action, space::battle_b);
  EXPECT_EQ(few[1].needed, 4);
  EXPECT_FALSE(few[1].placement_planned);
}

TEST(BattlesAhead, AnAttackOnANeutralProvinceHasItsExactOddsAgainstOnePeasant) {
  TinyWorld w;  // the tower: p_through 2/3; nothing inside it, nothing in the tray
  w.give("a", 0, 3);
  Orders o = w.orders(0, 0);
  w.act(o, space::battle_a, "a", "b", ArmyCount{false, 1});
  const auto battles = battles_ahead(o, w.state, w.rules);
  ASSERT_EQ(battles.size(), 1u);
  EXPECT_EQ(battles[0].action, space::battle_a);
  EXPECT_EQ(battles[0].province, w.p("a"));
  EXPECT_EQ(battles[0].target, w.p("b"));
  EXPECT_EQ(battles[0].moving, 1);
  EXPECT_FALSE(battles[0].defended);
  // One cube against one peasant: each lands alone with 2/3 * 1/3; both or neither is a tie.
  EXPECT_NEAR(battles[0].odds.win, 2.0 / 9, 1e-12);
  EXPECT_NEAR(battles[0].odds.lose, 2.0 / 9, 1e-12);
  EXPECT_NEAR(battles[0].odds.tie, 5.0 / 9, 1e-12);
}

TEST(BattlesAhead, AnAttackOnAPlayerSendsEveryArmyButOne) {
  TinyWorld w;
  w.give("a", 0, 3).give("f", 1, 1);
  Orders o = w.orders(0, 0);
  w.act(o, space::battle_b, "a", "f");
  const auto battles = battles_ahead(o, w.state, w.rules);
  ASSERT_EQ(battles.size(), 1u);
  EXPECT_EQ(battles[0].action, space::battle_b);
  EXPECT_EQ(battles[0].moving, 2);
  EXPECT_EQ(battles[0].defenders, 1);
  EXPECT_TRUE(battles[0].defended);
  // Attacker 0/1/2 cubes land with 1/9, 4/9, 4/9; the defender's one with 2/3. The defender
  // wins only with its own cube landing against none.
  EXPECT_NEAR(battles[0].odds.win, 16.0 / 27, 1e-12);
  EXPECT_NEAR(battles[0].odds.lose, 2.0 / 27, 1e-12);
  EXPECT_NEAR(battles[0].odds.tie, 9.0 / 27, 1e-12);
}

TEST(BattlesAhead, MovesAndBattlesThatCannotGoNowHaveNoOdds) {
  TinyWorld w;
  w.give("a", 0, 3).give("b", 0, 2).give("c", 1, 2).give("e", 0, 1);
  Orders o = w.orders(0, 0);
  w.act(o, space::battle_a, "a", "b");                  // into an own province: a move
  w.act(o, space::battle_b, "b", "c", ArmyCount{}, 2);  // 1 could go, 2 wanted: cancelled
  EXPECT_TRUE(battles_ahead(o, w.state, w.rules).empty());
  Orders from_one = w.orders(0, 0);
  w.act(from_one, space::battle_a, "e", "d");  // one army never leaves alone
  EXPECT_TRUE(battles_ahead(from_one, w.state, w.rules).empty());
}

TEST(Standings, MostVictoryPointsFirstThenMostThalerThenAShare) {
  TinyWorld w(3);
  const auto set = [&](int seat, int vp, int thaler) {
    w.state.players[static_cast<std::size_t>(seat)].vp = vp;
    w.state.players[static_cast<std::size_t>(seat)].thaler = thaler;
  };
  set(0, 10, 4);
  set(1, 12, 1);
  set(2, 10, 6);
  const auto ranked = rank_players(w.state, w.rules);
  ASSERT_EQ(ranked.size(), 3u);
  EXPECT_EQ(ranked[0], (Standing{w.player(1), 1, TieBreak::none}));
  EXPECT_EQ(ranked[1], (Standing{w.player(2), 2, TieBreak::decided}));
  EXPECT_EQ(ranked[2], (Standing{w.player(0), 3, TieBreak::decided}));
  set(0, 10, 6);
  const auto shared = rank_players(w.state, w.rules);
  EXPECT_EQ(shared[1], (Standing{w.player(0), 2, TieBreak::shared}));
  EXPECT_EQ(shared[2], (Standing{w.player(2), 2, TieBreak::shared}));
}

}  // namespace
}  // namespace wallenstein
