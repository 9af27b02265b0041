#include <gtest/gtest.h>

#include "support/tiny_world.hpp"
#include "wallenstein/bot/battle_odds.hpp"
#include "wallenstein/bot/player_view.hpp"

namespace wallenstein {
namespace {

using testing::TinyWorld;

constexpr double kExact = 1e-12;

/// The rules 8.2-8.3 outcome for one fall of cubes: +1 attacker wins, -1 defender wins, 0 tie.
int outcome(const BattleQuestion& q, int attacker, int own, int peasants) {
  const int defender = own + (q.peasants_fight ? peasants : 0);
  if (attacker > defender) return 1;
  if (defender > attacker && (!q.defender_is_player || own > 0)) return -1;
  return 0;
}

/// Every way the cubes can fall, each cube on its own (rules 8.4), for small battles.
BattleOdds enumerate(const BattleQuestion& q) {
  const TowerSide sides[3] = {q.attacker, q.defender, q.peasants};
  std::vector<double> chance;
  std::vector<int> side_of;
  for (int s = 0; s < 3; ++s) {
    for (int i = 0; i < sides[s].thrown + sides[s].in_tray; ++i)
      chance.push_back(2.0 / 3), side_of.push_back(s);
    for (int i = 0; i < sides[s].inside; ++i) chance.push_back(1.0 / 3), side_of.push_back(s);
  }
  BattleOdds odds;
  for (unsigned mask = 0; mask < (1U << chance.size()); ++mask) {
    double p = 1;
    int out[3] = {0, 0, 0};
    for (std::size_t c = 0; c < chance.size(); ++c) {
      const bool falls = (mask >> c) & 1U;
      p *= falls ? chance[c] : 1 - chance[c];
      out[side_of[c]] += falls ? 1 : 0;
    }
    const int r = outcome(q, out[0], out[1], out[2]);
    (r > 0 ? odds.win : r < 0 ? odds.lose : odds.tie) += p;
  }
  return odds;
}

TEST(BattleOdds, OneCubeAgainstOnePeasantWinsAndLosesTwoNinthsOfTheTime) {
  BattleQuestion q;
  q.attacker = TowerSide{1, 0, 0};
  q.peasants = TowerSide{1, 0, 0};
  const BattleOdds odds = battle_odds(q, TowerParams{});
  EXPECT_NEAR(odds.win, 2.0 / 9, kExact);
  EXPECT_NEAR(odds.lose, 2.0 / 9, kExact);
  EXPECT_NEAR(odds.tie, 5.0 / 9, kExact);
}

TEST(BattleOdds, SumToOneAndMatchEveryWayTheCubesCanFall) {
  for (int a = 0; a <= 3; ++a) {
    for (int d = 1; d <= 3; ++d) {
      for (int peasants = 0; peasants <= 2; ++peasants) {
        for (bool fight : {true, false}) {
          BattleQuestion q;
          q.attacker = TowerSide{a, 1, 1};
          q.defender = TowerSide{d, 0, 1};
          q.peasants = TowerSide{0, peasants, 1};
          q.defender_is_player = true;
          q.peasants_fight = fight;
          const BattleOdds odds = battle_odds(q, TowerParams{});
          const BattleOdds expected = enumerate(q);
          EXPECT_NEAR(odds.win + odds.tie + odds.lose, 1.0, kExact);
          EXPECT_NEAR(odds.win, expected.win, kExact) << a << " vs " << d << " + " << peasants;
          EXPECT_NEAR(odds.lose, expected.lose, kExact) << a << " vs " << d << " + " << peasants;
          EXPECT_NEAR(odds.tie, expected.tie, kExact) << a << " vs " << d << " + " << peasants;
        }
      }
    }
  }
}

TEST(BattleOdds, ADefenderWinWithNoneOfTheDefendersOwnCubesIsATie) {
  // Only peasants can fall for the defender: they outnumber the attacker but cannot win
  // (rules 8.3).
  BattleQuestion q;
  q.attacker = TowerSide{0, 0, 0};
  q.defender = TowerSide{0, 0, 0};
  q.peasants = TowerSide{0, 2, 0};
  q.defender_is_player = true;
  const BattleOdds odds = battle_odds(q, TowerParams{});
  EXPECT_NEAR(odds.lose, 0.0, kExact);
  EXPECT_NEAR(odds.tie, 1.0, kExact);
}

TEST(BattleOdds, ARevoltTiedIsLost) {
  EXPECT_NEAR(revolt_hold_chance(TowerSide{1, 0, 0}, TowerSide{1, 0, 0}, TowerParams{}), 2.0 / 9,
              kExact);
  EXPECT_NEAR(revolt_hold_chance(TowerSide{0, 0, 0}, TowerSide{0, 0, 0}, TowerParams{}), 0.0,
              kExact);
}

TEST(PlayerView, ShowsTheFaceUpSlotsAndCountsTheUnseenCubesFromPublicPieces) {
  TinyWorld w(2);
  w.give("a", 0, 4).give("b", 1, 3);
  w.state.tower.inside = testing::cubes({2, 1}, 3);
  w.state.players[0].reserve -= 2;
  w.state.players[1].reserve -= 1;
  w.state.supply.peasants -= 3;
  ASSERT_TRUE(w.broken().empty());
  const PlayerView view = see(w.state, w.rules, w.player(0));
  ASSERT_EQ(view.face_up.size(), 5U);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(view.face_up[static_cast<std::size_t>(i)],
              w.state.action_cards[static_cast<std::size_t>(i)]);
  EXPECT_EQ(view.face_up_slot(w.state.action_cards[7]), std::nullopt);
  EXPECT_EQ(view.unseen, w.state.tower.inside);
}

TEST(PlayerView, IsTheSameWhateverLiesFaceDownInTheDeckOrInsideTheTower) {
  TinyWorld w(2);
  w.give("a", 0, 4).give("b", 1, 3);
  GameState other = w.state;
  std::swap(other.action_cards[6], other.action_cards[9]);
  other.tower.inside.n[1] = 5;
  other.event_deck.push_back(EventId{2});
  EXPECT_EQ(see(w.state, w.rules, w.player(0)), see(other, w.rules, w.player(0)));
}

}  // namespace
}  // namespace wallenstein
