#include <gtest/gtest.h>

#include <algorithm>

#include "support/tiny_world.hpp"
#include "wallenstein/bot/bot.hpp"

namespace wallenstein {
namespace {

using testing::TinyWorld;

/// The tiny world with the Landsknechte expansion: its two regions are enough for a card, and the
/// pile is the expansion's (E-10).
TinyWorld with_landsknechte(int players = 2) {
  TinyWorld w(players);
  w.rules.landsknechte.min_regions = 2;
  const auto card = [](int thaler, int tray, int grain, int vp) {
    LandsknechtCard c;
    c.amount = {thaler, tray, grain, vp};
    return c;
  };
  w.rules.landsknechte.cards = {card(2, 1, 0, 0), card(4, 2, 1, 0), card(6, 3, 2, 1)};
  w.rules.landsknechte.fallback = LandsknechtBonus::thaler;
  auto bids = std::find(w.rules.season_phases.begin(), w.rules.season_phases.end(), "bids");
  w.rules.season_phases.insert(bids + 1, "landsknechte");
  return w;
}

TEST(Landsknechte, APlayerInEnoughRegionsTurnsTheNextCardAndTakesTheFirstWishItOffers) {
  TinyWorld w = with_landsknechte();
  w.give("a", 0, 2).give("d", 0, 2).give("b", 1, 2);
  w.state.season_index = 2;             // summer
  w.state.players[0].landsknechte = 1;  // the year's second success: thaler 4, tray 2, grain 1
  Orders red = w.orders(0, 1);
  red.landsknecht_wishes = {LandsknechtBonus::vp, LandsknechtBonus::grain,
                            LandsknechtBonus::thaler};
  const auto r = w.resolve({red, w.orders(1)});
  ASSERT_EQ(r.log.landsknechte.size(), 2u);
  const LandsknechtTurn& turn = r.log.landsknechte[0];
  EXPECT_EQ(turn.player, w.player(0));
  EXPECT_EQ(turn.regions, 2);
  EXPECT_EQ(turn.card, 2);
  EXPECT_EQ(turn.bonus, LandsknechtBonus::grain) << "vp is not on the second card";
  EXPECT_EQ(turn.amount, 1);
  EXPECT_EQ(r.next.player(w.player(0)).landsknechte, 2);
  EXPECT_EQ(r.next.player(w.player(0)).grain, w.state.players[0].grain + 1);
}

TEST(Landsknechte, WithProvincesInTooFewRegionsNothingHappens) {
  TinyWorld w = with_landsknechte();
  w.give("a", 0, 2).give("d", 0, 2).give("b", 1, 2).give("c", 1, 2);
  const auto r = w.resolve({w.orders(0, 1), w.orders(1)});
  const LandsknechtTurn& blue = r.log.landsknechte[1];
  EXPECT_EQ(blue.player, w.player(1));
  EXPECT_EQ(blue.regions, 1);
  EXPECT_FALSE(blue.card);
  EXPECT_EQ(blue.amount, 0);
  EXPECT_EQ(r.next.player(w.player(1)).landsknechte, 0);
  EXPECT_EQ(r.next.player(w.player(1)).thaler, w.state.players[1].thaler);
}

TEST(Landsknechte, WithoutAWishTheCardOffersTheFallbackIsTaken) {
  TinyWorld w = with_landsknechte();
  w.give("a", 0, 2).give("d", 0, 2).give("b", 1, 2);
  Orders red = w.orders(0, 1);
  red.landsknecht_wishes = {LandsknechtBonus::vp};  // the first card offers thaler and tray only
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(r.log.landsknechte[0].bonus, LandsknechtBonus::thaler);
  EXPECT_EQ(r.log.landsknechte[0].amount, 2);
  EXPECT_EQ(r.next.player(w.player(0)).thaler, w.state.players[0].thaler - 1 + 2)
      << "paid the coin bid of 1, then took 2 thaler";
}

TEST(Landsknechte,
     TheTrayBonusPutsCubesFromTheReserveIntoTheTowersTrayUpToWhatTheReserveHolds_D30) {
  TinyWorld w = with_landsknechte();
  w.give("a", 0, 2).give("d", 0, 2).give("b", 1, 2);
  w.state.season_index = 2;             // summer: a check during it may see two cards turned
  w.state.players[0].landsknechte = 2;  // the third card: tray 3
  w.state.tower.inside.player(w.player(0)) += w.state.players[0].reserve - 1;
  w.state.players[0].reserve = 1;
  ASSERT_EQ(w.broken(), std::vector<std::string>{});
  Orders red = w.orders(0, 1);
  red.landsknecht_wishes = {LandsknechtBonus::tray};
  const auto r = w.resolve({red, w.orders(1)});
  EXPECT_EQ(r.log.landsknechte[0].bonus, LandsknechtBonus::tray);
  EXPECT_EQ(r.log.landsknechte[0].amount, 1) << "the reserve held one cube";
  EXPECT_EQ(r.next.player(w.player(0)).reserve, 0);
  EXPECT_EQ(r.next.tower.tray.player(w.player(0)), w.state.tower.tray.player(w.player(0)) + 1);
  EXPECT_EQ(invariant_violations(r.next, w.rules), std::vector<std::string>{});
}

TEST(Landsknechte, WithAnEmptyReserveATrayWishIsPassedOver_D30) {
  TinyWorld w = with_landsknechte();
  w.give("a", 0, 2).give("d", 0, 2).give("b", 1, 2);
  w.state.tower.inside.player(w.player(0)) += w.state.players[0].reserve;
  w.state.players[0].reserve = 0;
  ASSERT_EQ(w.broken(), std::vector<std::string>{});
  w.state.players[0].landsknechte = 1;  // the second card: thaler 4, tray 2, grain 1
  Orders red = w.orders(0);
  red.landsknecht_wishes = {LandsknechtBonus::tray, LandsknechtBonus::grain};
  const auto r = w.resolve({red, w.orders(1, 1)});
  EXPECT_EQ(r.log.landsknechte[1].player, w.player(0));
  EXPECT_EQ(r.log.landsknechte[1].bonus, LandsknechtBonus::grain);
  EXPECT_EQ(r.log.landsknechte[1].amount, 1);
}

TEST(Landsknechte, PlayersTurnTheirPilesInTurnOrder) {
  TinyWorld w = with_landsknechte(3);
  w.give("a", 0, 2).give("d", 0, 2).give("b", 1, 2).give("e", 1, 2).give("c", 2, 2);
  const auto r = w.resolve({w.orders(0, 1), w.orders(1, 3), w.orders(2, 2)});
  ASSERT_EQ(r.log.turn_order, (std::vector<PlayerIndex>{w.player(1), w.player(2), w.player(0)}));
  ASSERT_EQ(r.log.landsknechte.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(r.log.landsknechte[i].player, r.log.turn_order[i]);
  EXPECT_FALSE(r.log.landsknechte[1].card) << "yellow holds provinces in one region";
}

TEST(Landsknechte, ThePileIsPutBackInOrderAfterWinter) {
  TinyWorld w = with_landsknechte();
  w.give("a", 0, 2).give("d", 0, 2).give("b", 1, 2);
  w.state.season_index = 3;  // autumn: winter follows
  w.state.events_left = {EventId{2}, EventId{2}};
  w.state.event_deck = {EventId{0}, EventId{1}, EventId{3}, EventId{4}};
  w.state.players[0].landsknechte = 2;
  const auto r = w.resolve({w.orders(0, 1), w.orders(1)});
  EXPECT_EQ(r.log.landsknechte[0].card, 3) << "autumn turns the third card";
  ASSERT_TRUE(r.log.winter);
  EXPECT_EQ(r.next.player(w.player(0)).landsknechte, 0);
}

TEST(Invariants,
     APlayerHasTurnedNoMoreLandsknechteCardsThanThePileHoldsOrTheYearsSeasonsAndNoneWithoutIt) {
  TinyWorld w = with_landsknechte();
  w.state.season_index = 3;  // autumn: the third card may be turned
  w.state.players[0].landsknechte = 3;
  EXPECT_EQ(w.broken(), std::vector<std::string>{});
  w.state.players[0].landsknechte = 4;
  EXPECT_EQ(w.broken(),
            std::vector<std::string>{w.state.players[0].id +
                                     ": has turned 4 Landsknechte cards of a pile of 3"});
  w.state.players[0].landsknechte = 2;
  w.state.season_index = 1;
  EXPECT_EQ(w.broken(),
            std::vector<std::string>{w.state.players[0].id + ": has turned 2 Landsknechte cards by "
                                                             "1618-spring, at most one a season"});
  TinyWorld base;
  base.state.players[1].landsknechte = 1;
  EXPECT_EQ(base.broken(),
            std::vector<std::string>{base.state.players[1].id +
                                     ": has turned Landsknechte cards in a game without the "
                                     "Landsknechte"});
}

TEST(Landsknechte, AGameWithoutTheExpansionTurnsNoPile) {
  TinyWorld w;
  w.rules.landsknechte = with_landsknechte().rules.landsknechte;
  w.give("a", 0, 2).give("d", 0, 2).give("b", 1, 2);
  const auto r = w.resolve({w.orders(0, 1), w.orders(1)});
  EXPECT_TRUE(r.log.landsknechte.empty());
  EXPECT_EQ(r.next.player(w.player(0)).landsknechte, 0);
}

TEST(LandsknechteBot, WishesOnlyWhatTheNextCardOffersAndPrizesAPointInTheLastSeason) {
  TinyWorld w = with_landsknechte();
  w.give("a", 0, 2).give("d", 0, 2).give("b", 1, 2);
  const auto wishes = [&] {
    return plan_orders(see(w.state, w.rules, w.player(0)), w.rules).orders.landsknecht_wishes;
  };
  const std::vector<LandsknechtBonus> first = wishes();
  ASSERT_EQ(first.size(), 2u) << "the first card offers thaler and the tray";
  for (LandsknechtBonus b : first) EXPECT_TRUE(w.rules.landsknechte.cards[0].offers(b));
  w.state.season_index = w.rules.season_count();
  w.state.players[0].landsknechte = 2;
  const std::vector<LandsknechtBonus> last = wishes();
  ASSERT_EQ(last.size(), 4u);
  EXPECT_EQ(last.front(), LandsknechtBonus::vp) << "6 thaler only break ties at the end";
  w.state.players[0].landsknechte = 3;
  EXPECT_TRUE(wishes().empty()) << "the year's pile is spent";
}

TEST(LandsknechteBot, ABaseGamesBotWishesNothing) {
  TinyWorld w;
  w.give("a", 0, 2).give("d", 0, 2).give("b", 1, 2);
  EXPECT_TRUE(
      plan_orders(see(w.state, w.rules, w.player(0)), w.rules).orders.landsknecht_wishes.empty());
}

}  // namespace
}  // namespace wallenstein
