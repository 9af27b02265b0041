// check_orders names each problem and its values; the words are the catalogue's
// (templates/text/problems.yaml, tested in tests/adapters/problem_texts_test.cpp).

#include <gtest/gtest.h>

#include <set>

#include "support/base_spaces.hpp"
#include "support/tiny_world.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/rules/orders.hpp"

namespace wallenstein {
namespace {

using testing::TinyWorld;

/// The first problem of a kind, or null.
const Problem* first(const std::vector<Problem>& problems, ProblemKind kind) {
  for (const Problem& p : problems) {
    if (p.kind == kind) return &p;
  }
  return nullptr;
}

/// A problem's value of type T (a failure when it has none or another type).
template <class T>
T value(const Problem& problem, ProblemArg name) {
  const ProblemValue* v = problem.find(name);
  EXPECT_TRUE(v != nullptr && std::holds_alternative<T>(*v)) << problem_arg_key(name);
  return v != nullptr && std::holds_alternative<T>(*v) ? std::get<T>(*v) : T{};
}

WrittenAction& slot(WrittenOrders& w, Action a) { return *w.actions[index_of(a)]; }

/// Red holds a and b, blue holds c; red's orders put a on the palace and bid none (with two
/// provinces and five coins no card is left for a bid, D-25).
class CheckedOrders : public ::testing::Test {
 protected:
  CheckedOrders() {
    w_.give("a", 0, 3).give("b", 0, 3).give("c", 1, 3);
    Orders orders = w_.orders(0);
    orders.bid = Bid{};
    w_.act(orders, space::palace, "a");
    written_ = to_written(orders, w_.state, w_.rules);
  }

  OrderCheck check() const { return check_orders(written_, w_.state, w_.rules); }

  TinyWorld w_{3};
  WrittenOrders written_;
};

TEST_F(CheckedOrders, AnotherGameNamesWhatWasWrittenAndWhatIsExpected) {
  written_.game.text = "other";
  const OrderCheck c = check();
  const Problem* p = first(c.errors, ProblemKind::wrong_game);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(value<std::string>(*p, ProblemArg::written), "other");
  EXPECT_EQ(value<std::string>(*p, ProblemArg::expected), "tiny");
}

TEST_F(CheckedOrders, AnUnknownPlayerNamesThePlayersOfTheGame) {
  written_.player.text = "green";
  const OrderCheck c = check();
  ASSERT_EQ(c.errors.size(), 1u);  // without a player nothing else is judged
  EXPECT_EQ(c.errors[0].kind, ProblemKind::unknown_player);
  EXPECT_EQ(value<std::vector<std::string>>(c.errors[0], ProblemArg::players),
            (std::vector<std::string>{"red", "blue", "yellow"}));
}

TEST_F(CheckedOrders, AMisspeltProvinceSuggestsTheNearestNames) {
  slot(written_, space::church).province.text = "Provinec b";
  const OrderCheck c = check();
  const Problem* p = first(c.errors, ProblemKind::unknown_province);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(value<std::string>(*p, ProblemArg::written), "Provinec b");
  const auto nearest = value<std::vector<std::string>>(*p, ProblemArg::nearest);
  ASSERT_FALSE(nearest.empty());
  EXPECT_EQ(nearest.front(), "Province b");
}

TEST_F(CheckedOrders, AProvinceOfAnotherPlayerNamesItsOwnerAndYourProvinces) {
  slot(written_, space::church).province.text = "c";
  const OrderCheck c = check();
  const Problem* p = first(c.errors, ProblemKind::not_yours);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(value<ProvinceId>(*p, ProblemArg::province), w_.p("c"));
  EXPECT_EQ(value<std::string>(*p, ProblemArg::owner), "blue");
  EXPECT_EQ(value<std::vector<ProvinceId>>(*p, ProblemArg::yours),
            (std::vector<ProvinceId>{w_.p("a"), w_.p("b")}));
}

TEST_F(CheckedOrders, ANeutralProvinceHasNoOwner) {
  slot(written_, space::church).province.text = "d";
  const OrderCheck c = check();
  const Problem* p = first(c.errors, ProblemKind::not_yours);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->find(ProblemArg::owner), nullptr);
}

TEST_F(CheckedOrders, ACardUsedTwiceNamesTheActionItIsOn) {
  slot(written_, space::church).province.text = "a";
  const OrderCheck c = check();
  const Problem* p = first(c.errors, ProblemKind::card_used_twice);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(value<ProvinceId>(*p, ProblemArg::province), w_.p("a"));
  EXPECT_EQ(value<Action>(*p, ProblemArg::action), space::palace);
}

TEST_F(CheckedOrders, ATargetThatIsNotAdjacentNamesTheNeighbours) {
  // The ring a - b - c - d - e - f - a with the chord b - e: d is two steps from a.
  WrittenAction& battle = slot(written_, space::battle_a);
  battle.province.text = "b";
  battle.target = Written{"d", {}};
  const OrderCheck c = check();
  const Problem* p = first(c.errors, ProblemKind::not_adjacent);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(value<ProvinceId>(*p, ProblemArg::province), w_.p("d"));
  EXPECT_EQ(value<ProvinceId>(*p, ProblemArg::from), w_.p("b"));
  EXPECT_EQ(value<std::vector<ProvinceId>>(*p, ProblemArg::neighbours),
            (std::vector<ProvinceId>{w_.p("a"), w_.p("c"), w_.p("e")}));
}

TEST_F(CheckedOrders, ABidWithoutACardLeftCountsTheCards_D25) {
  written_.bid->text = "1";
  const OrderCheck c = check();
  const Problem* p = first(c.errors, ProblemKind::no_card_for_bid);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(value<std::string>(*p, ProblemArg::written), "1");
  EXPECT_EQ(value<int>(*p, ProblemArg::province_cards), 2);
  EXPECT_EQ(value<int>(*p, ProblemArg::coin_cards), 5);
  EXPECT_EQ(value<int>(*p, ProblemArg::action_spaces), space::kCount);
  EXPECT_EQ(value<int>(*p, ProblemArg::max_provinces), 5);
}

TEST_F(CheckedOrders, TooManyEmptyActionsCountTheCoinCardsAndNameTheFreeProvinces) {
  // Nine actions are none: nine coin cards where a player has five, and b is on no action.
  const OrderCheck c = check();
  const Problem* p = first(c.errors, ProblemKind::too_many_none);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(value<int>(*p, ProblemArg::none_actions), 9);
  EXPECT_FALSE(value<bool>(*p, ProblemArg::coin_bid));
  EXPECT_EQ(value<int>(*p, ProblemArg::needed), 9);
  EXPECT_EQ(value<int>(*p, ProblemArg::coin_cards), 5);
  EXPECT_EQ(value<std::vector<ProvinceId>>(*p, ProblemArg::free),
            std::vector<ProvinceId>{w_.p("b")});
  EXPECT_FALSE(value<bool>(*p, ProblemArg::bid_possible));
}

TEST(ProblemKeys, AreDistinctForEveryKindAndValue) {
  std::set<std::string_view> kinds;
  for (ProblemKind kind : kAllProblemKinds)
    EXPECT_TRUE(kinds.insert(problem_key(kind)).second) << problem_key(kind);
  std::set<std::string_view> args;
  for (int i = 0; i < kProblemArgCount; ++i) {
    EXPECT_TRUE(args.insert(problem_arg_key(static_cast<ProblemArg>(i))).second) << i;
  }
  EXPECT_EQ(kinds.count("?") + args.count("?"), 0u);
}

}  // namespace
}  // namespace wallenstein
