// The draft setup (rules 2.2, D-42): the cards dealt, and the picks made from wish lists.

#include "wallenstein/rules/draft.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "support/tiny_world.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

using testing::TinyWorld;

ProvinceId card(std::size_t i) { return ProvinceId::at(i); }

/// A table with face-up cards 0 and 1 and the pile 2, 3, ... (top first).
DraftTable table_of(std::size_t cards) {
  DraftTable t;
  t.face_up = {card(0), card(1)};
  for (std::size_t i = 2; i < cards; ++i) t.pile.push_back(card(i));
  return t;
}

DraftOrders wishes(std::initializer_list<DraftWish> list) { return DraftOrders{list}; }

TEST(Draft, DealsEveryProvinceInPlayShuffledWithTwoFaceUp_Rules2) {
  TinyWorld w;
  w.rules.provinces[2].excluded_3p = true;
  Rng rng(5);
  const DraftTable three = deal_draft(w.rules, 3, rng);
  ASSERT_TRUE(three.face_up[0] && three.face_up[1]);
  std::set<ProvinceId> dealt(three.pile.begin(), three.pile.end());
  dealt.insert(*three.face_up[0]);
  dealt.insert(*three.face_up[1]);
  EXPECT_EQ(dealt.size(), w.rules.provinces.size() - 1) << "every card once";
  EXPECT_FALSE(dealt.count(w.p("c"))) << "out of play with 3 players";
  Rng again(5);
  EXPECT_EQ(deal_draft(w.rules, 3, again), three) << "the same seed deals the same cards";
  Rng four(5);
  EXPECT_EQ(deal_draft(w.rules, 4, four).pile.size() + 2, w.rules.provinces.size());
}

TEST(Draft, PlayersPickInSeatOrderRoundAfterRoundAndPlaceEachGroupOnce_Rules2) {
  const std::vector<int> groups = {3, 2, 2};
  const auto picks = play_draft(table_of(8), {DraftOrders{}, DraftOrders{}}, groups);
  ASSERT_EQ(picks.size(), 6u);
  std::map<int, std::multiset<int>> placed;
  std::set<ProvinceId> taken;
  for (std::size_t i = 0; i < picks.size(); ++i) {
    EXPECT_EQ(picks[i].player, PlayerIndex::at(i % 2)) << "pick " << i;
    EXPECT_EQ(picks[i].round, static_cast<int>(i / 2) + 1);
    placed[picks[i].player.value].insert(picks[i].armies);
    EXPECT_TRUE(taken.insert(picks[i].province).second) << "a card is taken once";
  }
  for (const auto& [seat, armies] : placed) EXPECT_EQ(armies, (std::multiset<int>{3, 2, 2}));
}

TEST(Draft, AFaceUpCardOnTheListIsTakenAndReplacedFromThePile_D42) {
  // Red wishes card 5 first (not face up), then card 1; blue wishes card 2, which comes up.
  const auto picks = play_draft(
      table_of(8),
      {wishes({{card(5), 3}, {card(1), std::nullopt}}), wishes({{card(2), std::nullopt}})}, {3, 2});
  ASSERT_EQ(picks.size(), 4u);
  EXPECT_EQ(picks[0].province, card(1));
  EXPECT_FALSE(picks[0].blind);
  EXPECT_EQ(picks[0].armies, 3) << "a wished province without a group gets the largest left";
  EXPECT_EQ(picks[1].offered, (std::array<std::optional<ProvinceId>, 2>{card(0), card(2)}))
      << "card 1's place is filled from the top of the pile";
  EXPECT_EQ(picks[1].province, card(2));
  EXPECT_EQ(picks[1].armies, 3);
}

TEST(Draft, WithNoFaceUpCardOnTheListThePlayerDrawsBlindAndPlacesTheSmallestGroup_D42) {
  const auto picks =
      play_draft(table_of(8), {wishes({{card(7), std::nullopt}}), DraftOrders{}}, {4, 3, 2});
  EXPECT_TRUE(picks[0].blind);
  EXPECT_EQ(picks[0].province, card(2)) << "the top card of the pile";
  EXPECT_EQ(picks[0].armies, 2);
  EXPECT_EQ(picks[1].offered, (std::array<std::optional<ProvinceId>, 2>{card(0), card(1)}))
      << "a blind draw leaves the face-up cards";
}

TEST(Draft, TheGroupAWishNamesIsPlacedWhileItIsLeft_D42) {
  const DraftOrders red = wishes({{card(0), 2}, {card(1), 2}, {card(2), 2}});
  const auto picks = play_draft(table_of(6), {red}, {5, 2, 2});
  ASSERT_EQ(picks.size(), 3u);
  EXPECT_EQ(picks[0].armies, 2);
  EXPECT_EQ(picks[1].armies, 2);
  EXPECT_EQ(picks[2].armies, 5) << "no 2 is left: the largest";
}

TEST(Draft, WhenThePileIsSpentTheFirstFaceUpCardIsTaken) {
  const auto picks = play_draft(table_of(4), {DraftOrders{}, DraftOrders{}}, {2, 2});
  ASSERT_EQ(picks.size(), 4u);
  EXPECT_TRUE(picks[0].blind && picks[1].blind);
  EXPECT_EQ(picks[2].province, card(0));
  EXPECT_FALSE(picks[2].blind);
  EXPECT_EQ(picks[3].province, card(1));
}

TEST(DraftBot, WishesEveryProvinceInPlayRichestFirstAndSoNeverDrawsBlind) {
  TinyWorld w;
  w.rules.provinces[2].excluded_3p = true;
  const DraftOrders bot = draft_bot_wishes(w.rules, 3);
  ASSERT_EQ(bot.wishes.size(), w.rules.provinces.size() - 1);
  for (std::size_t i = 1; i < bot.wishes.size(); ++i) {
    const Province& before = w.rules.province(bot.wishes[i - 1].province);
    const Province& after = w.rules.province(bot.wishes[i].province);
    EXPECT_GE(before.tax + before.grain, after.tax + after.grain) << i;
    EXPECT_NE(bot.wishes[i].province, w.p("c"));
  }
  Rng rng(3);
  const DraftTable table = deal_draft(w.rules, 3, rng);
  const auto picks = play_draft(table, {bot, bot, DraftOrders{}}, {2});
  for (const DraftPick& pick : picks)
    EXPECT_EQ(pick.blind, pick.player == PlayerIndex::at(2)) << "only the empty list draws blind";
}

TEST(Draft, FacingTheSamePairAgainAPlayerWhoAsksPutsItUnderThePileAndTurnsTwoNewCards_D49) {
  // Red wants card 5 only, blue nothing: both draw blind in round 1, so red faces cards 0 and 1
  // again in round 2, puts them under the pile and turns 4 and 5.
  DraftOrders red = wishes({{card(5), std::nullopt, false}});
  red.refresh = true;
  DraftOrders blue;
  blue.refresh = true;
  const auto picks = play_draft(table_of(10), {red, blue}, {3, 2}, DraftRules{true, false});
  ASSERT_EQ(picks.size(), 4u);
  EXPECT_FALSE(picks[0].refreshed()) << "no previous pick to compare with";
  EXPECT_EQ(picks[2].put_under, (std::array<std::optional<ProvinceId>, 2>{card(0), card(1)}));
  EXPECT_EQ(picks[2].offered, (std::array<std::optional<ProvinceId>, 2>{card(4), card(5)}));
  EXPECT_EQ(picks[2].province, card(5));
  EXPECT_FALSE(picks[2].blind);
  EXPECT_FALSE(picks[3].refreshed()) << "blue faces 4 and 6, not the pair of its last pick";
  EXPECT_EQ(picks[3].offered, (std::array<std::optional<ProvinceId>, 2>{card(4), card(6)}));
  EXPECT_TRUE(picks[3].blind);
  EXPECT_EQ(picks[3].province, card(7)) << "0 and 1 lie at the bottom of the pile";
}

TEST(Draft, ThePairStaysWhenThePlayerDoesNotAskOrTheRulesVersionHasNoRefresh_D49) {
  DraftOrders asks = wishes({{card(5), std::nullopt, false}});
  asks.refresh = true;
  DraftOrders silent = asks;
  silent.refresh = false;
  for (const auto& [orders, rules] :
       {std::pair{silent, DraftRules{true, false}}, std::pair{asks, DraftRules{false, false}}}) {
    const auto picks = play_draft(table_of(10), {orders, DraftOrders{}}, {3, 2}, rules);
    EXPECT_FALSE(picks[2].refreshed());
    EXPECT_TRUE(picks[2].blind) << "neither 0 nor 1 is on the list";
  }
}

TEST(Draft, APairIsPutUnderOnlyWhileThePileHoldsTwoCardsToTurn_D49) {
  DraftOrders red;
  red.refresh = true;
  // Cards 0, 1 face up, 2 and 3 in the pile: red and blue draw both in round 1.
  const auto picks = play_draft(table_of(4), {red, DraftOrders{}}, {2, 2}, DraftRules{true, false});
  EXPECT_FALSE(picks[2].refreshed()) << "the pile is spent";
  EXPECT_EQ(picks[2].province, card(0));
}

TEST(Draft, TheLeaderGoesWithTheFirstProvinceTakenWhoseWishSaysSo_D48) {
  const DraftOrders red =
      wishes({{card(0), std::nullopt, false}, {card(1), std::nullopt, true}, {card(2), 2, true}});
  const auto picks = play_draft(table_of(8), {red}, {3, 2, 2}, DraftRules{false, true});
  ASSERT_EQ(picks.size(), 3u);
  EXPECT_EQ(picks[0].province, card(0));
  EXPECT_FALSE(picks[0].leader);
  EXPECT_EQ(picks[1].province, card(1));
  EXPECT_TRUE(picks[1].leader);
  EXPECT_FALSE(picks[2].leader) << "the leader is placed once";
}

TEST(Draft, ALeaderStillBesideTheBoardGoesWithTheLastProvince_D48) {
  const auto picks =
      play_draft(table_of(8), {DraftOrders{}, DraftOrders{}}, {3, 2}, DraftRules{false, true});
  ASSERT_EQ(picks.size(), 4u);
  EXPECT_FALSE(picks[0].leader || picks[1].leader);
  EXPECT_TRUE(picks[2].leader && picks[3].leader) << "on the last province it must";
}

TEST(Draft, WithoutTheDraftsLeadersNoPickPlacesALeader_D48) {
  const DraftOrders red = wishes({{card(0), std::nullopt, true}});
  for (const DraftPick& pick : play_draft(table_of(8), {red}, {3, 2})) EXPECT_FALSE(pick.leader);
}

TEST(DraftBot, WithTheDraftsLeadersItsLeaderGoesWithItsFirstProvinceAndItAsksForARefresh_D48_D49) {
  TinyWorld w;
  w.rules.season_phases.insert(w.rules.season_phases.begin() + 1, std::string(kLeadersPlacePhase));
  const DraftOrders bot = draft_bot_wishes(w.rules, 3);
  EXPECT_TRUE(bot.refresh);
  EXPECT_TRUE(std::all_of(bot.wishes.begin(), bot.wishes.end(),
                          [](const DraftWish& wish) { return wish.leader; }));
  Rng rng(3);
  const auto picks =
      play_draft(deal_draft(w.rules, 3, rng), {bot, bot, bot}, {3, 2}, draft_rules(w.rules));
  for (const DraftPick& pick : picks) EXPECT_EQ(pick.leader, pick.round == 1) << pick.round;
  w.rules.version = 2;
  const DraftOrders older = draft_bot_wishes(w.rules, 3);
  EXPECT_FALSE(older.refresh || older.wishes.front().leader) << "rules version 2 has neither";
}

TEST(Draft, RefusesMoreGroupsThanCards) {
  EXPECT_THROW(play_draft(table_of(5), {DraftOrders{}, DraftOrders{}}, {2, 2, 2}),
               std::invalid_argument);
}

}  // namespace
}  // namespace wallenstein
