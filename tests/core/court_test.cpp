// The Imperial Court (rules 13.1): officers, the favour cards displayed, conversions (E-4) and
// favours (E-5, E-7, E-8, E-9), each step on a small world.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "support/base_spaces.hpp"
#include "support/tiny_world.hpp"
#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

using testing::TinyWorld;

/// The court of court.yaml in short: 7 officers, spaces 3/2/1, the display costing 4/3/2, cards
/// 1 to 21 giving their number in thaler but for #1 (cancel the event), #4 (a marker off), #12
/// (3 cubes placed), #18 (a shield from both battles) and #21 (a palace).
struct CourtWorld : TinyWorld {
  CourtWorld() {
    CourtRules& c = rules.court;
    c.officers = 7;
    c.tower_cards = 3;
    c.setup_officers_max = 7;
    c.conversions = {3, 2, 1};
    c.display = {4, 3, 2};
    for (int n = 1; n <= 21; ++n) c.cards.push_back(FavourCard{n, FavourEffect::thaler, n, {}, {}});
    c.cards[0].effect = FavourEffect::cancel_event;
    c.cards[3].effect = FavourEffect::remove_marker;
    c.cards[11] = FavourCard{12, FavourEffect::place, 3, {}, {}};
    c.cards[17] = FavourCard{18, FavourEffect::shield, 0, {}, {space::battle_a, space::battle_b}};
    c.cards[20] = FavourCard{21, FavourEffect::build, 0, Building::palace, {}};
    const auto actions =
        std::find(rules.season_phases.begin(), rules.season_phases.end(), "actions");
    rules.season_phases.insert(
        actions, {std::string(kCourtConversionPhase), std::string(kCourtFavorsPhase)});
    Rng rng(3);
    start_court(state, rules, rng);
  }
  std::vector<PlayerIndex> seats() const { return {player(0), player(1)}; }
  Orders court_orders(int seat, std::vector<ConversionOrder> conversions,
                      std::vector<FavourWish> favours) const {
    Orders o = orders(seat);
    o.court = CourtOrder{std::move(conversions), std::move(favours)};
    return o;
  }
  ConversionOrder from(const std::string& province) const {
    return {ConversionSource::province, p(province)};
  }
};

TEST(Court, EachPlayerStartsWithTheirOfficersBesideTheBoardAndTheCardsShuffled_Rules13) {
  const CourtWorld w;
  EXPECT_EQ(w.state.court.officers_beside, (std::vector<int>{7, 7}));
  EXPECT_EQ(w.state.court.officers_hall, (std::vector<int>{0, 0}));
  std::vector<int> sorted = w.state.court.deck;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> all(21);
  std::iota(all.begin(), all.end(), 1);
  EXPECT_EQ(sorted, all);
  EXPECT_NE(w.state.court.deck, all) << "shuffled";
}

TEST(Court, CubesInTheFirstTraySendOfficersToTheReceptionHallAtMostSeven_E3) {
  CourtWorld w;
  CubeCounts tray;
  tray.n[0] = 2;
  tray.n[1] = 9;
  officers_from_tray(w.state, w.rules, tray);
  EXPECT_EQ(w.state.court.officers_hall, (std::vector<int>{2, 7}));
  EXPECT_EQ(w.state.court.officers_beside, (std::vector<int>{5, 0}));
}

TEST(Court, TheHighestCardDrawnLiesOnTheCostliestSpace_Rules13) {
  CourtWorld w;
  w.state.court.deck = {5, 17, 9, 2};
  display_favours(w.state, w.rules);
  EXPECT_EQ(w.state.court.display, (std::vector<int>{17, 9, 5}));
  EXPECT_EQ(w.state.court.deck, (std::vector<int>{2}));
}

TEST(Court, AConversionTakesArmiesOrTrayCubesAllOrNothing_E4) {
  CourtWorld w;
  w.give("a", 0, 4).give("b", 0, 2);
  w.state.tower.tray.player(w.player(0)) = 1;  // a cube of red's reserve lies in the tray
  --w.state.player(w.player(0)).reserve;
  const int reserve = w.state.player(w.player(0)).reserve;
  const std::vector<Orders> orders = {
      w.court_orders(0, {w.from("a"), {ConversionSource::tower, {}}, w.from("b")}, {}),
      w.orders(1)};
  const auto done = convert_at_court(w.state, orders, w.seats(), w.rules);
  ASSERT_EQ(done.size(), 3u);
  EXPECT_TRUE(done[0].done) << "3 of a's 4 armies, leaving 1";
  EXPECT_FALSE(done[1].done) << "2 cubes asked of a tray holding 1: none goes";
  EXPECT_TRUE(done[2].done) << "1 of b's 2 armies";
  EXPECT_EQ(w.state.at(w.p("a")).armies, 1);
  EXPECT_EQ(w.state.at(w.p("b")).armies, 1);
  EXPECT_EQ(w.state.tower.tray.player(w.player(0)), 1);
  EXPECT_EQ(w.state.player(w.player(0)).reserve, reserve + 4);
  EXPECT_EQ(w.state.court.officers_hall[0], 4);
  EXPECT_EQ(w.state.court.officers_beside[0], 3);
  EXPECT_TRUE(w.broken().empty());
}

TEST(Court, WithTooFewOfficersLeftAConversionDoesNotHappen_E4) {
  CourtWorld w;
  w.give("a", 0, 9);
  w.state.court.officers_beside[0] = 2;
  const std::vector<Orders> orders = {w.court_orders(0, {w.from("a")}, {}), w.orders(1)};
  EXPECT_FALSE(convert_at_court(w.state, orders, w.seats(), w.rules).front().done);
  EXPECT_EQ(w.state.at(w.p("a")).armies, 9);
}

TEST(Court, MostOfficersChooseFirstAndACardCostsItsSpacesOfficers_E5) {
  CourtWorld w;
  w.state.court.display = {16, 9, 2};
  w.state.court.officers_hall = {3, 5};
  w.state.court.officers_beside = {4, 2};
  // Both want 16 (on the 4-officer space): blue, with 5 officers, chooses first and takes it;
  // red, with 3, cannot pay for 16, then takes 9 (3 officers).
  const std::vector<Orders> orders = {w.court_orders(0, {}, {{16, {}, {}}, {9, {}, {}}}),
                                      w.court_orders(1, {}, {{16, {}, {}}})};
  const int red = w.state.player(w.player(0)).thaler;
  const int blue = w.state.player(w.player(1)).thaler;
  CourtSeason season;
  const auto turns = grant_favours(w.state, orders, w.seats(), w.rules, std::nullopt, season);
  ASSERT_EQ(turns.size(), 2u);
  EXPECT_EQ(turns[0], (FavourTurn{w.player(1), 5, 16, 4, std::nullopt, false, false, false}));
  EXPECT_EQ(turns[1], (FavourTurn{w.player(0), 3, 9, 3, std::nullopt, false, false, false}));
  EXPECT_EQ(w.state.player(w.player(1)).thaler, blue + 16);
  EXPECT_EQ(w.state.player(w.player(0)).thaler, red + 9);
  EXPECT_EQ(w.state.court.officers_hall, (std::vector<int>{0, 1})) << "the rest go back";
  EXPECT_EQ(w.state.court.officers_beside, (std::vector<int>{7, 6}));
  EXPECT_EQ(w.state.court.display, (std::vector<int>{0, 0, 0})) << "the 2 leaves the game";
}

TEST(Court, AWishThatCannotBeFollowedIsSkippedForTheNext_E9) {
  CourtWorld w;
  w.rules.version = 2;  // from rules version 3 such a card is taken all the same (D-51)
  w.give("a", 0, 2);
  w.state.court.display = {21, 12, 3};
  w.state.court.officers_hall = {4, 0};
  w.state.court.officers_beside = {3, 7};
  // 21 (a palace) in b, which red does not hold: skipped; 12 places 3 cubes in neutral c.
  const std::vector<Orders> orders = {
      w.court_orders(0, {}, {{21, w.p("b"), {}}, {7, {}, {}}, {12, w.p("c"), {}}}), w.orders(1)};
  CourtSeason season;
  const auto turns = grant_favours(w.state, orders, w.seats(), w.rules, std::nullopt, season);
  ASSERT_EQ(turns.size(), 1u) << "blue, with no officer at court, has no turn";
  EXPECT_EQ(turns[0].card, 12);
  EXPECT_EQ(w.state.at(w.p("c")).owner, w.player(0)) << "a neutral province is taken (E-8)";
  EXPECT_EQ(w.state.at(w.p("c")).armies, 3);
  EXPECT_TRUE(w.broken().empty());
}

TEST(Court, ACardThePlayerCanPayForIsTakenEvenWhenItsEffectComesToNothing_D51) {
  CourtWorld w;
  w.give("a", 0, 2);
  w.state.court.display = {21, 12, 3};
  w.state.court.officers_hall = {4, 0};
  w.state.court.officers_beside = {3, 7};
  // 21 (a palace) in b, which red does not hold: taken all the same, and the next wish waits.
  const std::vector<Orders> orders = {
      w.court_orders(0, {}, {{21, w.p("b"), {}}, {12, w.p("c"), {}}}), w.orders(1)};
  CourtSeason season;
  const auto turns = grant_favours(w.state, orders, w.seats(), w.rules, std::nullopt, season);
  ASSERT_EQ(turns.size(), 1u);
  EXPECT_EQ(turns[0], (FavourTurn{w.player(0), 4, 21, 4, w.p("b"), false, false, true}));
  EXPECT_FALSE(w.state.at(w.p("b")).has(Building::palace));
  EXPECT_FALSE(w.state.at(w.p("c")).owner) << "12 stays on display and leaves the game";
  EXPECT_EQ(w.state.court.officers_beside[0], 7) << "the officers are paid";
  EXPECT_TRUE(w.broken().empty());
}

TEST(Court, CardOneCancelsOnlyAnEventItsWishNamesAndLeavesTheOthers_D50) {
  const EventId named = EventId::at(2);
  const EventId other = EventId::at(3);
  for (const EventId drawn : {named, other}) {
    CourtWorld w;
    w.state.court.display = {0, 0, 1};
    w.state.court.officers_hall = {2, 0};
    w.state.court.officers_beside = {5, 7};
    const std::vector<Orders> orders = {
        w.court_orders(0, {}, {{1, {}, std::vector<EventId>{named}}}), w.orders(1)};
    CourtSeason season;
    const auto turns = grant_favours(w.state, orders, w.seats(), w.rules, drawn, season);
    ASSERT_EQ(turns.size(), 1u);
    EXPECT_EQ(turns[0].card, 1) << "the card is taken in either case";
    EXPECT_EQ(season.event_cancelled, drawn == named);
    EXPECT_EQ(turns[0].event_left, drawn != named);
    EXPECT_EQ(event_cancelled_by_favour(turns, w.rules), drawn == named);
  }
}

TEST(Court, CardOneWithoutAListCancelsAnyEvent_D50) {
  CourtWorld w;
  w.state.court.display = {0, 0, 1};
  w.state.court.officers_hall = {2, 0};
  w.state.court.officers_beside = {5, 7};
  CourtSeason season;
  const auto turns = grant_favours(w.state, {w.court_orders(0, {}, {{1, {}, {}}}), w.orders(1)},
                                   w.seats(), w.rules, EventId::at(4), season);
  EXPECT_TRUE(season.event_cancelled);
  EXPECT_FALSE(turns[0].event_left);
}

TEST(Court, ACardForAMarkerWithNoMarkerToRemoveIsKept_E7) {
  CourtWorld w;
  w.give("a", 0, 2);
  w.state.court.display = {4, 0, 0};
  w.state.court.officers_hall = {4, 0};
  w.state.court.officers_beside = {3, 7};
  CourtSeason season;
  const auto turns = grant_favours(w.state, {w.court_orders(0, {}, {{4, {}, {}}}), w.orders(1)},
                                   w.seats(), w.rules, std::nullopt, season);
  EXPECT_TRUE(turns[0].kept);
  EXPECT_TRUE(w.state.court.marker_shield[0]);
}

TEST(Court, AShieldAndTheCancelledEventLastTheSeason) {
  CourtWorld w;
  w.state.court.display = {18, 0, 1};
  w.state.court.officers_hall = {4, 2};
  w.state.court.officers_beside = {3, 5};
  CourtSeason season;
  grant_favours(w.state,
                {w.court_orders(0, {}, {{18, {}, {}}}), w.court_orders(1, {}, {{1, {}, {}}})},
                w.seats(), w.rules, std::nullopt, season);
  EXPECT_TRUE(season.shields[0][index_of(space::battle_a)]);
  EXPECT_TRUE(season.shields[0][index_of(space::battle_b)]);
  EXPECT_EQ(std::count(season.shields[1].begin(), season.shields[1].end(), true), 0);
  EXPECT_TRUE(season.event_cancelled);
}

TEST(CourtSeason, AShieldTakenAtCourtCancelsTheBattleAgainstItsHolder_Rules13) {
  CourtWorld w;
  w.give("a", 0, 3).give("b", 1, 6);
  w.slots({space::battle_a});
  w.state.court.display = {18, 0, 0};
  w.state.court.officers_hall = {4, 0};
  w.state.court.officers_beside = {3, 7};
  Orders red = w.court_orders(0, {}, {{18, {}, {}}});
  Orders blue = w.orders(1);
  w.act(blue, space::battle_a, "b", "a");
  const SeasonResult result = w.resolve({red, blue});
  ASSERT_EQ(result.log.court_favours.size(), 1u);
  EXPECT_EQ(result.log.court_favours[0].card, 18);
  const auto cancelled = testing::entries<Cancelled>(result.log);
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0].reason, CancelReason::target_shielded);
  EXPECT_EQ(result.next.at(w.p("a")).owner, w.player(0));
  EXPECT_TRUE(invariant_violations(result.next, w.rules).empty());
}

TEST(CourtSeason, TheFirstCardTakesTheEventOutOfForce_Rules13) {
  CourtWorld w;
  w.give("a", 0, 3);
  w.event("tax_max_5");
  w.slots({space::taxes});
  w.state.court.display = {0, 0, 1};
  w.state.court.officers_hall = {2, 0};
  w.state.court.officers_beside = {5, 7};
  Orders red = w.court_orders(0, {}, {{1, {}, {}}});
  w.act(red, space::taxes, "a");
  const int thaler = w.state.player(w.player(0)).thaler;
  const SeasonResult result = w.resolve({red, w.orders(1)});
  const int tax = w.rules.province(w.p("a")).tax;
  ASSERT_GT(tax, 5) << "the event would cap it";
  EXPECT_EQ(result.next.player(w.player(0)).thaler, thaler + tax);
}

TEST(CourtSeason, AKeptMarkerCardCancelsTheNextMarkerOnce_E7) {
  CourtWorld w;
  w.give("a", 0, 3);
  w.slots({space::taxes});
  w.state.court.marker_shield[0] = true;
  Orders red = w.orders(0);
  w.act(red, space::taxes, "a");
  const SeasonResult result = w.resolve({red, w.orders(1)});
  const auto markers = testing::entries<MarkerAdded>(result.log);
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_TRUE(markers[0].shielded);
  EXPECT_EQ(result.next.at(w.p("a")).revolt_markers, 0);
  EXPECT_FALSE(result.next.court.marker_shield[0]) << "used up";
}

}  // namespace
}  // namespace wallenstein
