// The draft setup (rules 2.2, D-42): the cards dealt, and the picks made from wish lists.

#include "core/draft.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/ruleset.hpp"
#include "support/tiny_world.hpp"

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

TEST(Draft, RefusesMoreGroupsThanCards) {
  EXPECT_THROW(play_draft(table_of(5), {DraftOrders{}, DraftOrders{}}, {2, 2, 2}),
               std::invalid_argument);
}

}  // namespace
}  // namespace wallenstein
