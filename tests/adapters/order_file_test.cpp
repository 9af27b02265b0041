#include "wallenstein/files/order_file.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "support/base_spaces.hpp"
#include "support/problem_texts.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/ruleset_file_parts.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

// Red is seat A of the 3-player standard setup: Gft. Mark 5, Osnabrück 4, Oberösterreich 4,
// Passau 3, Erzbm. Trier 3, Erzbm. Köln 2, Niederösterreich 2, Sächs. Lande 2, Vogtland 2.
constexpr const char* kValid = R"(game: test
player: red
season: 1618-spring
actions:
  palace: Gft. Mark
  church: none
  trading_house: Koeln
  grain: Osnabrück
  taxes: Erzbm. Trier
  armies5: oberoesterreich
  armies3: none
  army1: {province: Passau, move_to: Oberösterreich, armies: all}
  battle_a: {province: Vogtland, target: Kursachsen, armies: all}
  battle_b: {province: Sächs. Lande, target: Anhalt, armies: 1}
bid: 2
turn_order: [attack, defense, armies, thaler, grain]
)";

class OrderCheck : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { rules_ = new Ruleset(load_ruleset(testing::source_data_dir())); }
  static void TearDownTestSuite() { delete rules_; }

  OrderCheck() : state_(new_game(NewGame{"test", {"red", "blue", "yellow"}, 1}, *rules_)) {}

  /// Checks `text` with `from` replaced by `to`; returns the first lines of the diagnostics.
  std::vector<std::string> check(const std::string& from = "", const std::string& to = "") {
    std::string text = kValid;
    if (!from.empty()) {
      const auto at = text.find(from);
      EXPECT_NE(at, std::string::npos) << from;
      if (at != std::string::npos) text.replace(at, from.size(), to);
    }
    return lines(check_order_source(SourceFile{"red.yaml", text}, state_, *rules_,
                                    testing::problem_texts()));
  }

  using Lines = std::vector<std::string>;

  static std::vector<std::string> lines(const CheckedOrderFile& checked) {
    std::vector<std::string> out;
    for (const auto& d : checked.diagnostics) {
      const std::string text = d.format();
      out.push_back(text.substr(0, text.find('\n')));
    }
    return out;
  }

  /// Leaves red with only these provinces; red's others go to blue.
  void keep_only(std::initializer_list<const char*> ids) {
    for (auto& p : state_.provinces) {
      if (p.owner && p.owner->value == 0) p.owner = PlayerIndex{1};
    }
    for (const char* id : ids) state_.at(*rules_->find_province(id)).owner = PlayerIndex{0};
  }

  /// Red's orders with these actions (the others none) and this bid.
  static std::string orders_text(const std::string& actions, const std::string& bid) {
    return "game: test\nplayer: red\nseason: 1618-spring\nactions: {" + actions +
           ", church: none, trading_house: none, grain: none, taxes: none, armies3: none, "
           "battle_a: none, battle_b: none}\n"
           "bid: " +
           bid + "\n";
  }

  Lines check_text(const std::string& text, const Ruleset& rules) const {
    return lines(
        check_order_source(SourceFile{"red.yaml", text}, state_, rules, testing::problem_texts()));
  }

  /// The shipped rules under rules version 1 (games started before D-25 to D-28).
  static Ruleset version_one() {
    Ruleset v1 = *rules_;
    v1.version = 1;
    return v1;
  }

  /// The shipped rules with the Landsknechte expansion.
  static const Ruleset& with_landsknechte() {
    static const Ruleset rules =
        load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"landsknechte"});
    return rules;
  }

  /// The shipped rules with the military leaders expansion.
  static const Ruleset& with_leaders() {
    static const Ruleset rules =
        load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
    return rules;
  }

  /// The shipped rules of the 1st edition (rules 12).
  static const Ruleset& first_edition() {
    static const Ruleset rules =
        load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1, {});
    return rules;
  }

  /// kValid without its bid and tiles, as the 1st edition writes it, and `more`.
  static std::string first_edition_orders(const std::string& more = "") {
    std::string text = kValid;
    return text.erase(text.find("bid: 2")) + more;
  }

  /// The first lines of the diagnostics of `text` in a 1st edition game's first spring.
  static Lines check_first_edition(const std::string& text) {
    const GameState state =
        new_game(NewGame{"test", {"red", "blue", "yellow"}, 1}, first_edition());
    return lines(check_order_source(SourceFile{"red.yaml", text}, state, first_edition(),
                                    testing::problem_texts()));
  }

  /// A leaders game's first spring (every leader beside the board), or its `season_index`.
  /// The shipped military leaders under rules version 2, before D-45 and D-46.
  static const Ruleset& with_leaders_of_version_two() {
    static const Ruleset rules = load_ruleset(testing::source_data_dir(), 2, {"leaders"});
    return rules;
  }

  static GameState leaders_game(int season_index = 1) {
    GameState s = new_game(NewGame{"test", {"red", "blue", "yellow"}, 1}, with_leaders());
    s.season_index = season_index;
    return s;
  }

  static Lines check_leaders(const std::string& text, const GameState& state) {
    return lines(check_order_source(SourceFile{"red.yaml", text}, state, with_leaders(),
                                    testing::problem_texts()));
  }

  static Lines check_leaders_of_version_two(const std::string& text, const GameState& state) {
    return lines(check_order_source(SourceFile{"red.yaml", text}, state,
                                    with_leaders_of_version_two(), testing::problem_texts()));
  }

  static Ruleset* rules_;
  GameState state_;
};
Ruleset* OrderCheck::rules_ = nullptr;

TEST_F(OrderCheck, ValidOrdersPassWithoutAnyMessage) {
  const auto checked =
      check_order_source(SourceFile{"red.yaml", kValid}, state_, *rules_, testing::problem_texts());
  EXPECT_TRUE(checked.ok());
  EXPECT_TRUE(checked.diagnostics.empty());
  EXPECT_EQ(checked.player_id, "red");
  const Orders& o = *checked.orders;
  EXPECT_EQ(o[space::palace]->province, *rules_->find_province("gft_mark"));
  EXPECT_FALSE(o[space::church]);
  EXPECT_EQ(o[space::battle_b]->armies.count, 1);
  EXPECT_EQ(o.bid.kind, BidKind::coin);
  EXPECT_EQ(o.bid.coin, 2);
  EXPECT_EQ(o.tile_preferences.size(), 5u);
}

TEST_F(OrderCheck, OrdersLongerThanAnOrderFileEverIsAreRefusedWithoutBeingRead) {
  // By mail, orders may come with a whole quoted mail; resolve reads no order file that long,
  // so such orders must never be stored.
  const std::string text = std::string(kValid) + "# " + std::string(kMaxOrderBytes, 'x') + "\n";
  EXPECT_EQ(lines(check_order_source(SourceFile{"red.yaml", text}, state_, *rules_,
                                     testing::problem_texts())),
            Lines{"red.yaml: error: these orders are longer than an order file ever is (262144 "
                  "bytes at most): send the order file alone, without a long quote or signature"});
}

TEST_F(OrderCheck, AByteOrderMarkBeforeTheCommentsOfATemplateIsNoText) {
  // Windows Notepad saves one; the comments above `game:` are the template's own.
  const std::string text = "\xEF\xBB\xBF# your orders\n# fill them in\n" + std::string(kValid);
  EXPECT_EQ(lines(check_order_source(SourceFile{"red.yaml", text}, state_, *rules_,
                                     testing::problem_texts())),
            Lines{});
}

TEST_F(OrderCheck, WhatAMailProgramDressesUpIsReadAsTyped) {
  // Indentation of non-breaking spaces and curly quotes, as HTML mail pastes them.
  std::string dressed = kValid;
  for (auto at = dressed.find("\n  "); at != std::string::npos; at = dressed.find("\n  ", at + 1))
    dressed.replace(at + 1, 2, "\xC2\xA0\xC2\xA0");
  dressed.replace(dressed.find("palace: Gft. Mark"), 17,
                  "palace: \xE2\x80\x9CGft. Mark\xE2\x80\x9D");
  const auto checked = check_order_source(SourceFile{"red.yaml", dressed}, state_, *rules_,
                                          testing::problem_texts());
  EXPECT_TRUE(checked.ok()) << (checked.diagnostics.empty() ? "" : checked.diagnostics[0].format());
  EXPECT_EQ((*checked.orders)[space::palace]->province, *rules_->find_province("gft_mark"));
}

TEST_F(OrderCheck, WhatIsNotUnambiguousIsExplainedInAPlayersWords) {
  EXPECT_EQ(check("  palace: Gft. Mark", "\tpalace: Gft. Mark"),
            Lines{"red.yaml:5:1: error: this line is indented with a tab, and order files are "
                  "indented with spaces only: write two spaces instead of each tab"});
  EXPECT_EQ(check("bid: 2", "bid: 2 thaler"),
            Lines{"red.yaml:15:6: error: write the coin card as a number alone: `bid: 2` (the bid "
                  "is a coin card, not an amount of thaler)"});
  EXPECT_EQ(check("palace: Gft. Mark", "palace: Sachsen"),
            Lines{"red.yaml:5:11: error: \"Sachsen\" is a region, not a province; did you mean "
                  "\"Kursachsen\" or \"Sächs. Lande\"?"});
}

TEST_F(OrderCheck, GameNameMustMatch) {
  EXPECT_EQ(check("game: test", "game: other"),
            Lines{"red.yaml:1:7: error: game \"other\" is not this game; expected \"test\""});
}

TEST_F(OrderCheck, UnknownPlayerIsRejectedListingThePlayers) {
  EXPECT_EQ(
      check("player: red", "player: green"),
      Lines{"red.yaml:2:9: error: unknown player \"green\"; the players are red, blue and yellow"});
}

TEST_F(OrderCheck, SeasonMustBeTheSeasonBeingPlanned) {
  EXPECT_EQ(check("season: 1618-spring", "season: 1618-summer"),
            Lines{"red.yaml:3:9: error: season \"1618-summer\" is not the season being planned; "
                  "expected \"1618-spring\""});
}

TEST_F(OrderCheck, UnknownKeyIsRejectedWithTheNearestKnownOne) {
  EXPECT_EQ(check("bid: 2", "bid: 2\nturnorder: []"),
            Lines{"red.yaml:16:1: error: unknown key \"turnorder\" in the order file; did you mean "
                  "\"turn_order\"?"});
}

TEST_F(OrderCheck, AKeyInTheWrongCaseSuggestsTheRightOneAndNothingMore) {
  EXPECT_EQ(
      check("  battle_b:", "  battle_B:"),
      Lines{
          "red.yaml:14:3: error: unknown key \"battle_B\" in actions; did you mean \"battle_b\"?"});
  EXPECT_EQ(
      check("bid:", "BID:"),
      Lines{"red.yaml:15:1: error: unknown key \"BID\" in the order file; did you mean \"bid\"?"});
}

TEST_F(OrderCheck, ThePlayerIdIsTakenInAnyCase) {
  std::string text = kValid;
  text.replace(text.find("player: red"), 11, "player: Red");
  const auto checked =
      check_order_source(SourceFile{"red.yaml", text}, state_, *rules_, testing::problem_texts());
  EXPECT_TRUE(checked.ok()) << format_all(checked.diagnostics);
  EXPECT_EQ(checked.player_id, "red") << "the orders are stored under the game's spelling";
}

TEST_F(OrderCheck, TextPastedFromAMailBeforeTheOrderIsNamedAsSuch) {
  const std::string text = std::string("Hello GM,\nhere are my orders.\n\n") + kValid;
  const auto checked =
      check_order_source(SourceFile{"red.yaml", text}, state_, *rules_, testing::problem_texts());
  EXPECT_FALSE(checked.ok());
  EXPECT_EQ(
      lines(checked),
      Lines{"red.yaml:1:1: error: this looks like text from a mail, not part of an order file: "
            "the order starts at `game:` on line 4; remove the lines above it"});
  // An order file whose first key is not `game:` is no mail text.
  std::string reordered = kValid;
  reordered.erase(0, reordered.find('\n') + 1);
  reordered += "game: test\n";
  EXPECT_TRUE(check_order_source(SourceFile{"red.yaml", reordered}, state_, *rules_,
                                 testing::problem_texts())
                  .ok());
}

TEST_F(OrderCheck, AnUnclosedBraceIsReportedWhereItOpens) {
  EXPECT_EQ(
      check("move_to: Oberösterreich, armies: all}", "move_to: Oberösterreich, armies: all"),
      Lines{"red.yaml:12:10: error: this { is never closed; end the map with } on the same line"});
  EXPECT_EQ(
      check("thaler, grain]", "thaler, grain"),
      Lines{"red.yaml:16:13: error: this [ is never closed; end the list with ] on the same line"});
}

TEST_F(OrderCheck, DuplicateKeyIsRejectedWhereItRepeats) {
  EXPECT_EQ(check("  church: none", "  church: none\n  church: none"),
            Lines{"red.yaml:7:3: error: duplicate key \"church\"; each key may appear once"});
}

TEST_F(OrderCheck, MissingActionIsRejectedWithHowToWriteNone) {
  EXPECT_EQ(
      check("  church: none\n", ""),
      Lines{"red.yaml:5:3: error: missing action \"church\"; write `church: none` for no action"});
}

TEST_F(OrderCheck, AValueLeftBlankIsSaidOnItsKeysLineNotOnTheNext) {
  EXPECT_EQ(check("bid: 2\n", "bid:\n"),
            Lines{"red.yaml:15:5: error: bid is empty; write a value"});
  EXPECT_EQ(check("  palace: Gft. Mark\n", "  palace:\n"),
            Lines{"red.yaml:5:10: error: palace is empty; write a value"})
      << "an action left blank, though the next line is indented";
  EXPECT_EQ(check("  palace: Gft. Mark\n", "  palace:   # later\n"),
            Lines{"red.yaml:5:20: error: palace is empty; write a value"});
  std::string text = kValid;
  text.replace(text.find("bid: 2\n"), 7, "");
  text += "bid:\n";
  EXPECT_EQ(lines(check_order_source(SourceFile{"red.yaml", text}, state_, *rules_,
                                     testing::problem_texts())),
            Lines{"red.yaml:16:5: error: bid is empty; write a value"})
      << "at the end of the file too";
}

TEST_F(OrderCheck, MissingBidIsRejected) {
  EXPECT_EQ(
      check("bid: 2\n", ""),
      Lines{"red.yaml:1:1: error: missing key \"bid\" (a coin 0-4, a province card, or none)"});
}

TEST_F(OrderCheck, AHeaderKeyMissingOrNotASingleValueIsSaidOnceNotAgainAsAnEmptyName) {
  EXPECT_EQ(check("game: test\n", ""),
            Lines{"red.yaml:1:1: error: missing key \"game\" (the game's name)"});
  EXPECT_EQ(check("player: red\n", "playr: red\n"),
            (Lines{"red.yaml:1:1: error: missing key \"player\" (your player id)",
                   "red.yaml:2:1: error: unknown key \"playr\" in the order file; did you mean "
                   "\"player\"?"}));
  EXPECT_EQ(check("season: 1618-spring\n", "season: [1618-spring]\n"),
            Lines{"red.yaml:3:9: error: season must be a single value, not a list"});
}

TEST_F(OrderCheck, ProvinceHeldByAnotherPlayerIsRejectedNamingTheHolder) {
  EXPECT_EQ(
      check("palace: Gft. Mark", "palace: Mittelmark"),
      Lines{
          "red.yaml:5:11: error: Mittelmark is not yours: it is held by blue; you hold Gft. Mark, "
          "Erzbm. Köln, Niederösterreich, Oberösterreich, Osnabrück, Passau, Sächs. Lande, Erzbm. "
          "Trier "
          "and Vogtland"});
}

TEST_F(OrderCheck, NeutralProvinceIsNotYours) {
  const std::string message = check("palace: Gft. Mark", "palace: Anhalt").front();
  EXPECT_EQ(message.substr(0, message.find(';')),
            "red.yaml:5:11: error: Anhalt is not yours: it is neutral");
}

TEST_F(OrderCheck, ProvinceOutOfPlayIsRejected) {
  EXPECT_EQ(check("target: Anhalt", "target: Bremen"),
            Lines{"red.yaml:14:46: error: Bremen is out of play with 3 players"});
}

TEST_F(OrderCheck, ProvinceCardUsedTwiceIsRejected) {
  EXPECT_EQ(check("church: none", "church: gft_mark"),
            Lines{"red.yaml:6:11: error: Gft. Mark is already used for palace; each province card "
                  "serves once per season"});
}

TEST_F(OrderCheck, ProvinceCardOnAnActionAndTheBidIsRejected) {
  EXPECT_EQ(check("bid: 2", "bid: Passau"),
            Lines{"red.yaml:15:6: error: Passau is already used for army1; each province card "
                  "serves once per season"});
}

TEST_F(OrderCheck, TypoSuggestsTheNearestProvinces) {
  EXPECT_EQ(
      check("grain: Osnabrück", "grain: Osnabrük"),
      Lines{"red.yaml:8:10: error: unknown province \"Osnabrük\"; did you mean \"Osnabrück\"?"});
}

TEST_F(OrderCheck, NamesAreAcceptedWithoutDiacriticsAsIdsAliasesAndInAnyCase) {
  EXPECT_TRUE(check("grain: Osnabrück", "grain: OSNABRUECK").empty());
  EXPECT_TRUE(check("grain: Osnabrück", "grain: osnabrueck").empty());
  EXPECT_TRUE(check("grain: Osnabrück", "grain: Osnabruck").empty());
  EXPECT_TRUE(check("palace: Gft. Mark", "palace: Grafschaft Mark").empty());
  EXPECT_TRUE(check("palace: Gft. Mark", "palace: gft mark").empty());
}

TEST_F(OrderCheck, BattleTargetMustBeAdjacentListingTheNeighbours) {
  EXPECT_EQ(
      check("target: Kursachsen", "target: Neumark"),
      Lines{
          "red.yaml:13:42: error: Neumark is not adjacent to Vogtland; its neighbours are Böhmen, "
          "Kursachsen, Oberpfalz and Sächs. Lande"});
}

TEST_F(OrderCheck, BattleNeedsATarget) {
  EXPECT_EQ(check("battle_a: {province: Vogtland, target: Kursachsen, armies: all}",
                  "battle_a: Vogtland"),
            Lines{"red.yaml:13:13: error: battle_a needs a target: write `battle_a: {province: "
                  "Vogtland, target: ...}` "
                  "with the adjacent province to attack or move to"});
}

TEST_F(OrderCheck, BattleUsesTargetNotMoveTo) {
  EXPECT_EQ(check("target: Kursachsen", "move_to: Kursachsen"),
            Lines{"red.yaml:13:34: error: battle_a uses \"target\", not \"move_to\""});
}

TEST_F(OrderCheck, ArmiesMustBeAWholeNumberOrAll) {
  EXPECT_EQ(
      check("armies: 1}", "armies: some}"),
      Lines{
          "red.yaml:14:62: error: armies (a number or all) must be a whole number, not \"some\""});
}

TEST_F(OrderCheck, MinArmiesAboveArmiesCouldNeverMove) {
  EXPECT_EQ(check("armies: 1}", "armies: 1, min_armies: 2}"),
            Lines{"red.yaml:14:77: error: min_armies 2 is more than armies 1: the move could never "
                  "happen"});
}

TEST_F(OrderCheck, BidAboveThalerIsRejected_D3) {
  state_.players[0].thaler = 3;
  EXPECT_EQ(check("bid: 2", "bid: 4"), Lines{"red.yaml:15:6: error: bid 4 is more than your 3 "
                                             "thaler; bid at most 3, a province card or none"});
}

TEST_F(OrderCheck, BidNoneIsAcceptedWithCardsLeft_D14) {
  EXPECT_EQ(check("bid: 2", "bid: none"), Lines{});
  const auto checked = check_order_source(
      SourceFile{"red.yaml",
                 std::string(kValid).replace(std::string(kValid).find("bid: 2"), 6, "bid: NONE")},
      state_, *rules_, testing::problem_texts());
  ASSERT_TRUE(checked.ok());
  EXPECT_EQ(checked.orders->bid.kind, BidKind::none);
}

TEST_F(OrderCheck, BidMustBeACoinCard) {
  EXPECT_EQ(check("bid: 2", "bid: 5"), Lines{"red.yaml:15:6: error: bid 5 is not a coin card; the "
                                             "coins are 0, 1, 2, 3 and 4, or bid a "
                                             "province card or none"});
}

TEST_F(OrderCheck, ANumberThatIsNoCoinIsSaidToBeNoCoinNotAnUnknownProvince) {
  for (const std::string bid : {"-1", "2.5", "+3", "1,5"}) {
    EXPECT_EQ(check("bid: 2", "bid: " + bid),
              Lines{"red.yaml:15:6: error: bid " + bid +
                    " is not a coin card; the coins are 0, 1, 2, 3 and 4, or bid a province card "
                    "or none"})
        << bid;
  }
}

TEST_F(OrderCheck, MoreNoneActionsThanCoinCardsNeedTheFreeProvinceCards_D12) {
  const std::string many = R"(actions:
  palace: none
  church: none
  trading_house: none
  grain: none
  taxes: Erzbm. Trier)";
  EXPECT_EQ(check("actions:\n  palace: Gft. Mark\n  church: none\n  trading_house: Koeln\n  grain: "
                  "Osnabrück\n  taxes: Erzbm. Trier",
                  many),
            Lines{"red.yaml:5:3: error: 5 actions are none and the bid is a coin: that needs 6 "
                  "coin cards but you "
                  "hold 5; put one of your free province cards (Gft. Mark, Erzbm. Köln, "
                  "Niederösterreich and "
                  "Osnabrück) on an action or on the bid"});
}

TEST_F(OrderCheck, SpacesStayEmptyWhenNoCardIsLeftToCoverThem_D12) {
  // Red keeps only three provinces: ten spaces cannot all be covered.
  for (auto& p : state_.provinces) {
    if (p.owner && p.owner->value == 0) p.owner = PlayerIndex{1};
  }
  for (const char* id : {"gft_mark", "passau", "vogtland"})
    state_.at(*rules_->find_province(id)).owner = PlayerIndex{0};
  const std::string text = R"(game: test
player: red
season: 1618-spring
actions: {palace: Gft. Mark, church: none, trading_house: none, grain: none, taxes: none, armies5: Passau,
          armies3: none, army1: none, battle_a: {province: Vogtland, target: Kursachsen}, battle_b: none}
bid: none
)";
  const auto checked =
      check_order_source(SourceFile{"red.yaml", text}, state_, *rules_, testing::problem_texts());
  EXPECT_TRUE(checked.ok()) << (checked.diagnostics.empty() ? ""
                                                            : checked.diagnostics.front().format());
}

TEST_F(OrderCheck, UnknownOrRepeatedBonusTilesAreRejected) {
  EXPECT_EQ(
      check("[attack, defense, armies, thaler, grain]", "[atack, defense, defense]"),
      (Lines{"red.yaml:16:14: error: unknown bonus tile \"atack\"; did you mean \"attack\"? "
             "The tiles are "
             "thaler, grain, armies, attack and defense",
             "red.yaml:16:30: error: bonus tile \"defense\" is listed twice in turn_order; list "
             "it once"}));
}

TEST_F(OrderCheck, ExpansionOrdersAreRejectedInABaseGame) {
  EXPECT_EQ(check("bid: 2", "bid: 2\nlandsknechte: [vp]"),
            Lines{"red.yaml:16:1: error: \"landsknechte\" orders belong to the Landsknechte "
                  "expansion (landsknechte), which this game does not play; leave the "
                  "section out"});
}

TEST_F(OrderCheck, EveryProblemIsListedInFileOrder) {
  const auto lines_out = check("game: test\nplayer: red\nseason: 1618-spring",
                               "game: nope\nplayer: red\nseason: 1619-spring");
  ASSERT_EQ(lines_out.size(), 2u);
  EXPECT_NE(lines_out[0].find(":1:7:"), std::string::npos);
  EXPECT_NE(lines_out[1].find(":3:9:"), std::string::npos);
}

TEST_F(OrderCheck, Army1MoveToAProvinceNotHeldIsOnlyAWarning_D15) {
  std::string text = kValid;
  const std::string from = "move_to: Oberösterreich";
  text.replace(text.find(from), from.size(), "move_to: Böhmen");
  const auto checked =
      check_order_source(SourceFile{"red.yaml", text}, state_, *rules_, testing::problem_texts());
  EXPECT_TRUE(checked.ok());
  ASSERT_EQ(lines(checked).size(), 1u);
  EXPECT_EQ(lines(checked)[0],
            "red.yaml:12:38: warning: Böhmen is not yours now: army1 moves there only if you hold "
            "it when it is played");
}

TEST_F(OrderCheck, NotYamlIsRejectedWithItsPosition) {
  const auto checked = check_order_source(SourceFile{"red.yaml", "game: [unclosed\nplayer: red\n"},
                                          state_, *rules_, testing::problem_texts());
  EXPECT_FALSE(checked.ok());
  EXPECT_EQ(
      lines(checked),
      Lines{"red.yaml:1:7: error: this [ is never closed; end the list with ] on the same line"});
  const auto tab = check_order_source(SourceFile{"red.yaml", "game: g\nplayer: red\n\tseason: x\n"},
                                      state_, *rules_, testing::problem_texts());
  ASSERT_EQ(lines(tab).size(), 1u);
  EXPECT_EQ(lines(tab)[0].rfind("red.yaml:3:", 0), 0u) << lines(tab)[0];
  EXPECT_NE(lines(tab)[0].find("indented with a tab"), std::string::npos) << lines(tab)[0];
}

TEST_F(OrderCheck, PlainTextIsNotAnOrderFile) {
  const auto checked = check_order_source(SourceFile{"red.yaml", "hello world\n"}, state_, *rules_,
                                          testing::problem_texts());
  EXPECT_EQ(lines(checked), Lines{"red.yaml:1:1: error: an order file is a YAML map with game, "
                                  "player, season, actions and bid"});
}

TEST_F(OrderCheck, AliasBombIsRejectedBeforeExpansion) {
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'k'; ++c) {
    bomb += std::string(1, c) + ": &" + c + " [*" + static_cast<char>(c - 1) + ", *" +
            static_cast<char>(c - 1) + "]\n";
  }
  const auto checked =
      check_order_source(SourceFile{"red.yaml", bomb}, state_, *rules_, testing::problem_texts());
  EXPECT_EQ(lines(checked), Lines{"red.yaml:2:8: error: aliases (*name) are not allowed in this "
                                  "file; write the value out"});
}

TEST_F(OrderCheck, InvalidUtf8IsRejectedWithItsPosition) {
  const auto checked = check_order_source(SourceFile{"red.yaml", "game: test\nplayer: r\xff\xfe\n"},
                                          state_, *rules_, testing::problem_texts());
  EXPECT_EQ(lines(checked),
            Lines{"red.yaml:2:10: error: invalid UTF-8; save the file as UTF-8 text"});
}

TEST_F(OrderCheck, DeepNestingIsRejected) {
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += "{a: ";
  deep += "1" + std::string(40, '}');
  const auto checked =
      check_order_source(SourceFile{"red.yaml", deep}, state_, *rules_, testing::problem_texts());
  EXPECT_EQ(lines(checked), Lines{"red.yaml:1:65: error: nested more than 16 levels deep"});
}

TEST_F(OrderCheck, HugeFileIsRejectedWithoutReadingIt) {
  testing::TempDir dir;
  const auto path = dir / "huge.yaml";
  testing::write_text(path, "");
  std::filesystem::resize_file(path, 100u << 20);  // 100 MB, sparse
  const auto checked = check_order_file(path.string(), state_, *rules_, testing::problem_texts());
  EXPECT_EQ(
      lines(checked),
      Lines{path.string() +
            ": error: file is larger than 262144 bytes; this kind of file is never that large"});
}

TEST_F(OrderCheck, FormattedOrdersReadBackToTheSameOrders) {
  const auto first =
      check_order_source(SourceFile{"red.yaml", kValid}, state_, *rules_, testing::problem_texts());
  const std::string text =
      format_order_file(to_written(*first.orders, state_, *rules_), *rules_, "a comment");
  const auto again =
      check_order_source(SourceFile{"again.yaml", text}, state_, *rules_, testing::problem_texts());
  ASSERT_TRUE(again.ok()) << text;
  EXPECT_EQ(again.orders->tile_preferences, first.orders->tile_preferences);
  EXPECT_EQ(again.orders->bid.coin, 2);
  for (Action a : space::kAll)
    EXPECT_EQ((*again.orders)[a].has_value(), (*first.orders)[a].has_value());
}

TEST_F(OrderCheck, NoCardIsLeftForACoinBidWithFiveProvincesOrFewer_D25) {
  keep_only({"gft_mark", "passau", "vogtland", "osnabrueck", "trier"});
  const std::string actions =
      "palace: Gft. Mark, armies5: Passau, army1: Vogtland, trading_house: Osnabrück, taxes: Trier";
  const std::string text =
      "game: test\nplayer: red\nseason: 1618-spring\nactions: {" + actions +
      ", church: none, grain: none, armies3: none, battle_a: none, battle_b: none}\nbid: 0\n";
  EXPECT_EQ(
      check_text(text, *rules_),
      Lines{
          "red.yaml:5:6: error: no card is left for bid 0: your 5 province cards and 5 coin cards "
          "all belong "
          "on the 10 action spaces, which come first; with 5 provinces or fewer, write bid: none"});
  std::string none = text;
  none.replace(none.find("bid: 0"), 6, "bid: none");
  EXPECT_EQ(check_text(none, *rules_), Lines{});
}

TEST_F(OrderCheck, NoCardIsLeftForAProvinceBidEither_D25) {
  keep_only({"gft_mark", "passau", "vogtland"});
  const std::string text =
      orders_text("palace: Gft. Mark, armies5: Passau, army1: none", "Vogtland");
  EXPECT_EQ(check_text(text, *rules_),
            (Lines{"red.yaml:4:10: error: 8 actions are none: that needs 8 coin cards but you hold "
                   "5; put one of your "
                   "free province cards (Vogtland) on an action",
                   "red.yaml:5:6: error: no card is left for bid Vogtland: your 3 province cards "
                   "and 5 coin cards all "
                   "belong on the 10 action spaces, which come first; with 5 provinces or fewer, "
                   "write bid: none"}));
}

TEST_F(OrderCheck, APlayerWithoutProvincesBidsNone_D25) {
  keep_only({});
  const std::string text = orders_text("palace: none, armies5: none, army1: none", "2");
  EXPECT_EQ(check_text(text, *rules_),
            Lines{"red.yaml:5:6: error: no card is left for bid 2: your 5 coin cards all belong on "
                  "the 10 action "
                  "spaces, which come first; with 5 provinces or fewer, write bid: none"});
}

TEST_F(OrderCheck, SixProvincesLeaveACardForTheBid_D25) {
  keep_only({"gft_mark", "passau", "vogtland", "osnabrueck", "trier", "koeln"});
  const std::string actions =
      "palace: Gft. Mark, armies5: Passau, army1: Vogtland, trading_house: Osnabrück, taxes: Trier";
  const std::string text = "game: test\nplayer: red\nseason: 1618-spring\nactions: {" + actions +
                           ", church: none, armies3: none, battle_a: none, battle_b: none, grain: ";
  EXPECT_EQ(check_text(text + "Köln}\nbid: 1\n", *rules_), Lines{});
  EXPECT_EQ(check_text(text + "none}\nbid: Köln\n", *rules_), Lines{});
}

TEST_F(OrderCheck, VersionOneStillTakesABidWithFiveProvincesOrFewer_D25) {
  keep_only({"gft_mark", "passau", "vogtland"});
  const std::string text = orders_text("palace: Gft. Mark, armies5: Passau, army1: Vogtland", "0");
  EXPECT_EQ(check_text(text, version_one()), Lines{});
  EXPECT_FALSE(check_text(text, *rules_).empty());
}

TEST_F(OrderCheck, PlaceFalseMakesArmy1AMoveOnly_D27) {
  const auto checked = check_order_source(
      SourceFile{"red.yaml", std::string(kValid).replace(std::string(kValid).find("armies: all}"),
                                                         12, "armies: all, place: false}")},
      state_, *rules_, testing::problem_texts());
  ASSERT_TRUE(checked.ok()) << format_all(checked.diagnostics);
  EXPECT_FALSE((*checked.orders)[space::army1]->place);
  EXPECT_TRUE((*checked.orders)[space::armies5]->place);
}

TEST_F(OrderCheck, PlaceFalseWithoutMoveToIsRejected_D27) {
  EXPECT_EQ(check("army1: {province: Passau, move_to: Oberösterreich, armies: all}",
                  "army1: {province: Passau, place: false}"),
            Lines{"red.yaml:12:36: error: army1 with place: false needs move_to: a move only "
                  "without a move does "
                  "nothing; add move_to, or remove place: false to place 1 army"});
}

TEST_F(OrderCheck, PlaceOnAnotherActionIsRejected_D27) {
  EXPECT_EQ(check("target: Kursachsen, armies: all}", "target: Kursachsen, place: false}"),
            Lines{"red.yaml:13:54: error: \"place\" belongs to army1 only (place: false makes "
                  "army1 a move only); "
                  "battle_a has no placement to leave out"});
  EXPECT_EQ(check("armies5: oberoesterreich", "armies5: {province: oberoesterreich, place: true}"),
            Lines{"red.yaml:10:40: error: \"place\" belongs to army1 only (place: false makes "
                  "army1 a move only); "
                  "armies5 has no placement to leave out"});
}

TEST_F(OrderCheck, MistypedPlaceIsAnErrorThatSuggestsPlace_D27) {
  EXPECT_EQ(
      check("armies: all}", "armies: all, plase: false}"),
      Lines{"red.yaml:12:67: error: unknown key \"plase\" in army1; did you mean \"place\"?"});
}

TEST_F(OrderCheck, PlaceMustBeTrueOrFalse_D27) {
  EXPECT_EQ(check("armies: all}", "armies: all, place: no}"),
            Lines{"red.yaml:12:74: error: place must be true or false, not \"no\""});
}

TEST_F(OrderCheck, VersionOneHasNoPlaceFalse_D27) {
  std::string text = kValid;
  text.replace(text.find("armies: all}"), 12, "armies: all, place: false}");
  EXPECT_EQ(check_text(text, version_one()),
            Lines{"red.yaml:12:74: error: place: false is not in this game's rules (version 1): "
                  "army1 places 1 army "
                  "and may then move; remove place: false, or write army1: none"});
  text.replace(text.find("place: false"), 12, "place: true");
  EXPECT_EQ(check_text(text, version_one()), Lines{});
}

TEST_F(OrderCheck, FormattedOrdersKeepPlaceFalse_D27) {
  std::string text = kValid;
  text.replace(text.find("armies: all}"), 12, "armies: all, place: false}");
  const auto first =
      check_order_source(SourceFile{"red.yaml", text}, state_, *rules_, testing::problem_texts());
  ASSERT_TRUE(first.ok());
  const std::string formatted =
      format_order_file(to_written(*first.orders, state_, *rules_), *rules_);
  EXPECT_NE(formatted.find("army1: {province: passau, move_to: oberoesterreich, place: false}"),
            std::string::npos)
      << formatted;
  const auto again = check_order_source(SourceFile{"again.yaml", formatted}, state_, *rules_,
                                        testing::problem_texts());
  ASSERT_TRUE(again.ok()) << formatted;
  EXPECT_FALSE((*again.orders)[space::army1]->place);
}

TEST_F(OrderCheck, LandsknechteWishesAreReadMostWantedFirst) {
  std::string text = kValid;
  text += "landsknechte: [vp, grain, thaler]\n";
  const auto checked = check_order_source(SourceFile{"red.yaml", text}, state_, with_landsknechte(),
                                          testing::problem_texts());
  ASSERT_TRUE(checked.ok()) << format_all(checked.diagnostics);
  EXPECT_EQ(checked.orders->landsknecht_wishes,
            (std::vector<LandsknechtBonus>{LandsknechtBonus::vp, LandsknechtBonus::grain,
                                           LandsknechtBonus::thaler}));
}

TEST_F(OrderCheck, WithoutLandsknechteWishesTheCardsFallbackIsTaken) {
  const auto checked = check_order_source(SourceFile{"red.yaml", kValid}, state_,
                                          with_landsknechte(), testing::problem_texts());
  ASSERT_TRUE(checked.ok()) << format_all(checked.diagnostics);
  EXPECT_TRUE(checked.orders->landsknecht_wishes.empty());
}

TEST_F(OrderCheck, UnknownOrRepeatedLandsknechteBonusesAreRejected) {
  const std::string text = std::string(kValid) + "landsknechte: [VP, gold, tray, tray]\n";
  EXPECT_EQ(check_text(text, with_landsknechte()),
            (Lines{"red.yaml:17:16: error: unknown Landsknechte bonus \"VP\"; did you mean \"vp\"? "
                   "The bonuses are thaler, tray, grain and vp, listed most wanted first",
                   "red.yaml:17:20: error: unknown Landsknechte bonus \"gold\". The bonuses are "
                   "thaler, tray, grain and vp, listed most wanted first",
                   "red.yaml:17:32: error: bonus \"tray\" is listed twice in landsknechte; list it "
                   "once"}));
}

TEST_F(OrderCheck, WishesTheNextLandsknechteCardDoesNotOfferAreWarnedOf) {
  const std::string text = std::string(kValid) + "landsknechte: [vp, grain]\n";
  const auto checked = check_order_source(SourceFile{"red.yaml", text}, state_, with_landsknechte(),
                                          testing::problem_texts());
  EXPECT_TRUE(checked.ok()) << "a warning only";
  EXPECT_EQ(lines(checked),
            Lines{"red.yaml:17:16: warning: your next Landsknechte card offers none of these "
                  "bonuses, only thaler or tray: if you turn it, you take thaler"});
  EXPECT_EQ(check_text(std::string(kValid) + "landsknechte: [vp, tray]\n", with_landsknechte()),
            Lines{});
}

TEST_F(OrderCheck, LandsknechteMustBeAListAndMayBeLeftBlank) {
  EXPECT_EQ(check_text(std::string(kValid) + "landsknechte: vp\n", with_landsknechte()),
            Lines{"red.yaml:17:15: error: landsknechte is a list of bonuses, most wanted first, "
                  "like [vp, tray, thaler]"});
  const auto blank =
      check_order_source(SourceFile{"red.yaml", std::string(kValid) + "landsknechte:\n"}, state_,
                         with_landsknechte(), testing::problem_texts());
  ASSERT_TRUE(blank.ok()) << format_all(blank.diagnostics);
  EXPECT_TRUE(blank.orders->landsknecht_wishes.empty());
}

TEST_F(OrderCheck, FormattedOrdersKeepTheLandsknechteWishes) {
  const std::string text = std::string(kValid) + "landsknechte: [tray, vp]\n";
  const auto first = check_order_source(SourceFile{"red.yaml", text}, state_, with_landsknechte(),
                                        testing::problem_texts());
  ASSERT_TRUE(first.ok());
  const std::string formatted = format_order_file(
      to_written(*first.orders, state_, with_landsknechte()), with_landsknechte());
  EXPECT_NE(formatted.find("landsknechte: [tray, vp]"), std::string::npos) << formatted;
  const auto again = check_order_source(SourceFile{"again.yaml", formatted}, state_,
                                        with_landsknechte(), testing::problem_texts());
  ASSERT_TRUE(again.ok()) << formatted;
  EXPECT_EQ(again.orders->landsknecht_wishes, first.orders->landsknecht_wishes);
}

TEST_F(OrderCheck, AnUnknownTileWithoutANearOneEndsItsSentence) {
  EXPECT_EQ(check("[attack, defense, armies, thaler, grain]", "[zzzzzz]"),
            Lines{"red.yaml:16:14: error: unknown bonus tile \"zzzzzz\". The tiles are "
                  "thaler, grain, armies, attack and defense"});
}

TEST_F(OrderCheck, ALeaderIsPlacedAndMovedAsWritten) {
  const GameState state = leaders_game();
  const std::string text =
      std::string(kValid) + "leader: {place: Passau, move_to: Oberösterreich, statue: true}\n";
  const auto checked = check_order_source(SourceFile{"red.yaml", text}, state, with_leaders(),
                                          testing::problem_texts());
  ASSERT_TRUE(checked.ok()) << format_all(checked.diagnostics);
  EXPECT_TRUE(checked.diagnostics.empty()) << format_all(checked.diagnostics);
  EXPECT_EQ(checked.orders->leader,
            (LeaderOrder{with_leaders().find_province("passau"),
                         with_leaders().find_province("oberoesterreich"), true}));
}

TEST_F(OrderCheck, ALeaderWithoutPlaceOrMoveIsToldWhereItGoes_D32) {
  const GameState state = leaders_game();
  // Gft. Mark holds red's most armies (5); from there Osnabrück (4) is the strongest neighbour.
  EXPECT_EQ(check_leaders(kValid, state),
            (Lines{"red.yaml:1:7: warning: your leader is beside the board and this order places "
                   "it nowhere: it goes to Gft. Mark, your province with the most armies; write "
                   "`leader: {place: ...}` to choose",
                   "red.yaml:1:7: warning: no move_to: after the ten actions your leader must "
                   "move, and goes to the province of yours with the most armies it may go to, "
                   "now Osnabrück; write `leader: {move_to: ...}` to choose"}));
  EXPECT_EQ(
      check_leaders_of_version_two(std::string(kValid) + "leader: {move_to: Anhalt}\n", state),
      (Lines{"red.yaml:17:1: warning: your leader is beside the board and this order places "
             "it nowhere: it goes to Gft. Mark, your province with the most armies; write "
             "`leader: {place: ...}` to choose",
             "red.yaml:17:19: warning: Anhalt is not next to Gft. Mark, where your leader "
             "stands before it moves: while you hold a province next to it (Erzbm. Köln, "
             "Osnabrück and Erzbm. Trier), it must go to one of those, and without a "
             "possible move_to it goes to the one with the most armies, now Osnabrück"}));
}

TEST_F(OrderCheck, ALeaderIsPlacedOnlyFromBesideTheBoardInSpringAndInAProvinceOfTheirs) {
  GameState state = leaders_game();
  const std::string move = ", move_to: Oberösterreich}\n";
  EXPECT_EQ(check_leaders(std::string(kValid) + "leader: {place: Kursachsen" + move, state),
            Lines{"red.yaml:17:17: error: Kursachsen is not yours: it is neutral; you hold "
                  "Gft. Mark, Erzbm. Köln, Niederösterreich, Oberösterreich, Osnabrück, Passau, "
                  "Sächs. Lande, Erzbm. Trier and Vogtland"});
  state.players[0].leader = with_leaders().find_province("passau");
  EXPECT_EQ(check_leaders(std::string(kValid) + "leader: {place: Vogtland" + move, state),
            Lines{"red.yaml:17:17: error: your leader stands in Passau: `place` is only for a "
                  "leader beside the board (at the start, or after losing its province); leave "
                  "`place` out, and use move_to to move it"});
  GameState summer = leaders_game(2);
  std::string text = std::string(kValid) + "leader: {place: Kursachsen}\n";
  text.replace(text.find("1618-spring"), 11, "1618-summer");
  EXPECT_EQ(check_leaders(text, summer),
            (Lines{"red.yaml:17:17: error: a leader beside the board is placed in spring only: "
                   "leave `place` out now and write it in the spring orders; until then the "
                   "leader waits beside the board",
                   "red.yaml:17:17: error: Kursachsen is not yours: it is neutral; you hold "
                   "Gft. Mark, Erzbm. Köln, Niederösterreich, Oberösterreich, Osnabrück, Passau, "
                   "Sächs. Lande, Erzbm. Trier and Vogtland"}))
      << "every mistake at once";
}

TEST_F(OrderCheck, AMoveTheLeaderCannotMakeAsThingsStandIsWarned_E11) {
  GameState state = leaders_game();
  state.players[0].leader = with_leaders().find_province("passau");
  EXPECT_EQ(check_leaders_of_version_two(
                std::string(kValid) + "leader: {move_to: Vogtland, statue: true}\n", state),
            Lines{"red.yaml:17:19: warning: Vogtland is not next to Passau, where your leader "
                  "stands before it moves: while you hold a province next to it "
                  "(Oberösterreich), it must go to one of those, and without a possible move_to "
                  "it goes to the one with the most armies, now Oberösterreich"});
  EXPECT_EQ(check_leaders(std::string(kValid) + "leader: {move_to: Oberpfalz}\n", state),
            Lines{"red.yaml:17:19: warning: Oberpfalz is not yours now and none of your battles "
                  "targets it: unless you hold it when the leader moves, it goes to "
                  "Oberösterreich, the province of yours with the most armies it may go to"});
  EXPECT_EQ(check_leaders(std::string(kValid) + "leader: {move_to: Passau}\n", state),
            Lines{"red.yaml:17:19: warning: your leader stands in Passau and must move after the "
                  "ten actions: it goes to Oberösterreich instead, the province of yours with the "
                  "most armies it may go to"});
  // From Vogtland, Kursachsen is the target of battle_a: the leader may follow the conquest.
  state.players[0].leader = with_leaders().find_province("vogtland");
  EXPECT_EQ(check_leaders(std::string(kValid) + "leader: {move_to: Kursachsen}\n", state), Lines{});
}

TEST_F(OrderCheck, AMoveFurtherAwayIsAllowedAndWarnedOnlyWhenAStatueIsAsked_D45) {
  GameState state = leaders_game();
  state.players[0].leader = with_leaders().find_province("passau");
  EXPECT_EQ(check_leaders(std::string(kValid) + "leader: {move_to: Vogtland}\n", state), Lines{})
      << "any province of the player's, though Oberösterreich is next door";
  EXPECT_EQ(
      check_leaders(std::string(kValid) + "leader: {move_to: Vogtland, statue: true}\n", state),
      Lines{"red.yaml:17:37: warning: Vogtland is not next to Passau: a leader that goes further "
            "away leaves no statue (it had to flee); move it next door to leave one"});
  EXPECT_EQ(check_leaders(std::string(kValid) + "leader: {move_to: Oberösterreich, statue: true}\n",
                          state),
            Lines{});
}

TEST_F(OrderCheck, PlaceNoneKeepsALeaderTakenOffBesideTheBoardAfterWinterOnly_D46) {
  GameState later = leaders_game(4);  // 1619's spring
  std::string text = std::string(kValid) + "leader: {place: none, move_to: Vogtland}\n";
  text.replace(text.find("1618-spring"), 11, "1619-spring");
  const auto checked = check_order_source(SourceFile{"red.yaml", text}, later, with_leaders(),
                                          testing::problem_texts());
  ASSERT_TRUE(checked.ok()) << format_all(checked.diagnostics);
  EXPECT_TRUE(checked.orders->leader.stay_beside);
  EXPECT_FALSE(checked.orders->leader.place.has_value());
  EXPECT_EQ(lines(checked), Lines{"red.yaml:17:32: warning: your leader is beside the board until "
                                  "spring: move_to and statue are ignored this season"});
  EXPECT_EQ(check_leaders(std::string(kValid) + "leader: {place: none}\n", leaders_game()),
            Lines{"red.yaml:17:17: error: your leader takes the field for the first time this "
                  "spring: it must be placed in a province of yours (only a leader taken off may "
                  "stay beside the board); name one or leave `place` out"});
  EXPECT_EQ(check_leaders_of_version_two(text, later),
            Lines{"red.yaml:17:17: error: place: none is not in this game's rules (version 2): a "
                  "leader beside the board is placed in spring; name a province of yours or leave "
                  "`place` out"});
}

TEST_F(OrderCheck, AStatueThatCannotBeLeftIsWarned_E11_E12) {
  GameState state = leaders_game();
  state.players[0].leader = with_leaders().find_province("vogtland");
  state.players[0].statues = 0;
  state.at(*with_leaders().find_province("anhalt")).statues[0] = 6;
  EXPECT_EQ(
      check_leaders(std::string(kValid) + "leader: {move_to: Sächs. Lande, statue: true}\n", state),
      Lines{"red.yaml:17:41: warning: you have no statue left (all 6 are placed or taken): "
            "statue: true leaves none"});
}

TEST_F(OrderCheck, ALeaderBesideTheBoardOutsideSpringIgnoresItsMove) {
  GameState summer = leaders_game(2);
  std::string text = std::string(kValid) + "leader: {move_to: Vogtland}\n";
  text.replace(text.find("1618-spring"), 11, "1618-summer");
  EXPECT_EQ(check_leaders(text, summer),
            Lines{"red.yaml:17:19: warning: your leader is beside the board until spring: "
                  "move_to and statue are ignored this season"});
}

TEST_F(OrderCheck, TheLeaderSectionIsAMapOfKnownKeys) {
  const GameState state = leaders_game();
  // Nothing is foretold from a malformed section: the error stands alone.
  EXPECT_EQ(check_leaders(std::string(kValid) + "leader: Passau\n", state),
            Lines{"red.yaml:17:9: error: leader is a map like {place: ..., move_to: ..., statue: "
                  "true}: place puts a leader beside the board on the map (spring), move_to moves "
                  "it after the actions, statue: true leaves a statue behind"});
  EXPECT_EQ(check_leaders(
                std::string(kValid) + "leader: {place: Pasau, move-to: Vogtland, statue: maybe}\n",
                state),
            (Lines{"red.yaml:17:17: error: unknown province \"Pasau\"; did you mean \"Passau\"?",
                   "red.yaml:17:24: error: unknown key \"move-to\" in leader; did you mean "
                   "\"move_to\"?",
                   "red.yaml:17:51: error: statue must be true or false, not \"maybe\""}));
  EXPECT_EQ(check(kValid, std::string(kValid) + "leader: {place: Passau}\n"),
            Lines{"red.yaml:17:1: error: \"leader\" orders belong to the Military leaders "
                  "expansion (leaders), which this game does not play; leave the section out"});
}

TEST_F(OrderCheck, FormattedOrdersKeepTheLeadersOrder) {
  const GameState state = leaders_game();
  const std::string text =
      std::string(kValid) + "leader: {place: Passau, move_to: Oberösterreich, statue: true}\n";
  const auto first = check_order_source(SourceFile{"red.yaml", text}, state, with_leaders(),
                                        testing::problem_texts());
  ASSERT_TRUE(first.ok());
  const std::string formatted =
      format_order_file(to_written(*first.orders, state, with_leaders()), with_leaders());
  EXPECT_NE(formatted.find("leader: {place: passau, move_to: oberoesterreich, statue: true}"),
            std::string::npos)
      << formatted;
  const auto again = check_order_source(SourceFile{"again.yaml", formatted}, state, with_leaders(),
                                        testing::problem_texts());
  ASSERT_TRUE(again.ok()) << formatted;
  EXPECT_EQ(again.orders->leader, first.orders->leader);
}

TEST_F(OrderCheck, AFirstEditionOrderHasNoBidAndMayHoldBackDefenders_Rules12) {
  const GameState state = new_game(NewGame{"test", {"red", "blue", "yellow"}, 1}, first_edition());
  const auto checked = check_order_source(
      SourceFile{"red.yaml", first_edition_orders("defend_with: {Gft. Mark: 2, Passau: all}\n")},
      state, first_edition(), testing::problem_texts());
  ASSERT_TRUE(checked.ok()) << lines(checked).front();
  EXPECT_EQ(lines(checked), Lines{});
  EXPECT_EQ(checked.orders->bid.kind, BidKind::none);
  EXPECT_TRUE(checked.orders->tile_preferences.empty());
  EXPECT_EQ(checked.orders->defend_with,
            (std::vector<std::pair<ProvinceId, int>>{{*first_edition().find_province("mark"), 2}}));
  EXPECT_EQ(check_first_edition(first_edition_orders("defend_with:\n")), Lines{});
}

TEST_F(OrderCheck, ABidOrTilesInAFirstEditionGameAreErrors_Rules12) {
  EXPECT_EQ(check_first_edition(kValid),
            (Lines{"red.yaml:15:6: error: bid: this game has no bids and no bonus tiles (the 1st "
                   "edition draws the turn order at random each season); leave it out",
                   "red.yaml:16:13: error: turn_order: this game has no bids and no bonus tiles "
                   "(the 1st edition draws the turn order at random each season); leave it out"}));
}

TEST_F(OrderCheck, AFirstEditionOrderIsToldOnlyOfWhatItsGameHas_Rules12) {
  std::string text = first_edition_orders("tiles: [attack]\n");
  for (const char* planned : {"Gft. Mark", "Koeln", "Osnabrück", "Erzbm. Trier"})
    text.replace(text.find(planned), std::string(planned).size(), "none");
  const Lines told = check_first_edition(text);
  ASSERT_EQ(told.size(), 2u) << ::testing::PrintToString(told);
  EXPECT_NE(told[0].find("6 actions are none"), std::string::npos) << told[0];
  EXPECT_EQ(told[0].find("bid"), std::string::npos) << "the 1st edition has no bid: " << told[0];
  EXPECT_EQ(told[1],
            "red.yaml:15:1: error: unknown key \"tiles\" in the order file; expected game, "
            "player, season, actions, winter_revolt_order, token or defend_with")
      << "no bid, turn_order or sections of modules the game does not play";
}

TEST_F(OrderCheck, DefendWithTakesAllOrANumberOfCubesForEachProvinceOnce_D38) {
  EXPECT_EQ(
      check_first_edition(first_edition_orders(
          "defend_with: {Passau: 0, Vogtland: two, Pasau: 2, Koeln: 1, Erzbm. Köln: 3}\n")),
      (Lines{"red.yaml:15:23: error: defend_with: Passau takes all or a number of cubes from 1 to "
             "62, not \"0\"",
             "red.yaml:15:36: error: defend_with: Vogtland takes all or a number of cubes from 1 "
             "to 62, not \"two\"",
             "red.yaml:15:41: error: unknown province \"Pasau\"; did you mean \"Passau\"?",
             "red.yaml:15:61: error: Erzbm. Köln is listed twice under defend_with; write each "
             "province once"}));
  EXPECT_EQ(check_first_edition(first_edition_orders("defend_with: [Passau]\n")),
            Lines{"red.yaml:15:14: error: defend_with is a map of your provinces, each with the "
                  "most cubes thrown when it is attacked or revolts (all or a number of cubes "
                  "from 1 to 62), like {Kursachsen: 2} with one of your provinces"});
  EXPECT_EQ(check_first_edition(first_edition_orders(
                "defend_with: {Passau: ALL, Vogtland: 99999999999999999999, Koeln: -1}\n")),
            (Lines{"red.yaml:15:38: error: defend_with: Vogtland takes all or a number of cubes "
                   "from 1 to 62, not \"99999999999999999999\"",
                   "red.yaml:15:67: error: defend_with: Koeln takes all or a number of cubes from "
                   "1 to 62, not \"-1\""}))
      << "ALL is all, whatever the case; every count is told the same way";
}

TEST_F(OrderCheck, DefendWithForAProvinceNotYoursIsWarned_D38) {
  // Kursachsen is the target of red's battle A.
  EXPECT_EQ(
      check_first_edition(first_edition_orders("defend_with: {Augsburg: 2, Kursachsen: 1}\n")),
      Lines{"red.yaml:15:15: warning: Augsburg is not yours now and none of your battles "
            "targets it: defend_with counts there only if you hold it when it is "
            "attacked"});
}

TEST_F(OrderCheck, DefendWithInASecondEditionGameNamesTheFirstEdition) {
  EXPECT_EQ(check(kValid, std::string(kValid) + "defend_with: {Passau: 2}\n"),
            Lines{"red.yaml:17:1: error: \"defend_with\" orders belong to the 1st edition "
                  "(edition1), which this game does not play; leave the section out"});
}

TEST_F(OrderCheck, FormattedFirstEditionOrdersKeepDefendWithAndHaveNoBid) {
  const GameState state = new_game(NewGame{"test", {"red", "blue", "yellow"}, 1}, first_edition());
  const auto first =
      check_order_source(SourceFile{"red.yaml", first_edition_orders("defend_with: {Passau: 2}\n")},
                         state, first_edition(), testing::problem_texts());
  ASSERT_TRUE(first.ok());
  const std::string formatted =
      format_order_file(to_written(*first.orders, state, first_edition()), first_edition());
  EXPECT_NE(formatted.find("defend_with: {passau: 2}"), std::string::npos) << formatted;
  EXPECT_EQ(formatted.find("bid:"), std::string::npos) << formatted;
  const auto again = check_order_source(SourceFile{"again.yaml", formatted}, state, first_edition(),
                                        testing::problem_texts());
  ASSERT_TRUE(again.ok()) << formatted;
  EXPECT_EQ(again.orders->defend_with, first.orders->defend_with);
}

/// The draft's order file (rules 2.2) of a 3-player game whose draft is being planned.
class DraftOrderFile : public OrderCheck {
 protected:
  DraftOrderFile()
      : draft_(new_game(NewGame{"test", {"red", "blue", "yellow"}, 1, true}, *rules_)) {}

  Lines check_draft(const std::string& list) const {
    return lines(check_order_source(
        SourceFile{"red.yaml", "game: test\nplayer: red\nseason: 1618-draft\n" + list}, draft_,
        *rules_, testing::problem_texts()));
  }

  GameState draft_;
};

TEST_F(DraftOrderFile, AListOfProvincesWithGroupsWhereWantedPasses_Rules2) {
  const auto checked =
      check_order_source(SourceFile{"red.yaml",
                                    "game: test\nplayer: red\nseason: 1618-draft\n"
                                    "draft: [Kursachsen: 5, böhmen, {Gft. Mark: 2}]\n"},
                         draft_, *rules_, testing::problem_texts());
  ASSERT_TRUE(checked.ok()) << checked.diagnostics.front().format();
  EXPECT_TRUE(checked.diagnostics.empty());
  const auto& wishes = checked.orders->draft.wishes;
  ASSERT_EQ(wishes.size(), 3U);
  EXPECT_EQ(wishes[0], (DraftWish{*rules_->find_province("kursachsen"), 5, false}));
  EXPECT_EQ(wishes[1], (DraftWish{*rules_->find_province("boehmen"), std::nullopt, false}));
  EXPECT_EQ(wishes[2], (DraftWish{*rules_->find_province("gft_mark"), 2, false}));
}

TEST_F(DraftOrderFile, EveryMistakeInTheListIsNamedAtItsPlace_Rules2) {
  EXPECT_EQ(check_draft("draft:\n  - Kursachsen: 7\n  - Kursachsen\n  - Holstien\n  - Bremen\n"
                        "  - {Anhalt: 2, Lausitz: 3}\n  - Anhalt: two\n"),
            (Lines{"red.yaml:5:17: error: your board has no group of 7 armies; your groups are 5, "
                   "4, 4, 3, 3, 2, 2, 2 and 2",
                   "red.yaml:6:5: error: Kursachsen is listed twice in the draft; write each "
                   "province once",
                   "red.yaml:7:5: error: unknown province \"Holstien\"; did you mean \"Holstein\"?",
                   "red.yaml:8:5: error: Bremen is out of play with 3 players",
                   "red.yaml:9:5: error: the draft is a list of provinces, most wanted first, each "
                   "alone or with the army group wanted there, like [Kursachsen: 5, Böhmen]",
                   "red.yaml:10:13: error: army group (a number of armies) must be a whole "
                   "number, not \"two\""}));
}

TEST_F(DraftOrderFile, AnEmptyListDrawsBlindAndSaysSo_D42) {
  EXPECT_EQ(check_draft("draft: []\n"),
            Lines{"red.yaml:4:8: warning: the draft list is empty: every pick is the top card of "
                  "the pile, drawn blind, and gets your smallest group left"});
  EXPECT_EQ(check_draft(""), Lines{"red.yaml:1:1: error: missing key \"draft\" (the provinces you "
                                   "want, most wanted first, like [Kursachsen: 5, Böhmen])"});
}

TEST_F(DraftOrderFile, AGroupNamedMoreOftenThanTheBoardHasItIsWarnedAbout_D42) {
  EXPECT_EQ(check_draft("draft: [Kursachsen: 5, Böhmen: 5, Anhalt: 4, Lausitz: 4, Mähren: 4, "
                        "Passau: 5]\n"),
            (Lines{"red.yaml:4:32: warning: your board has one group of 5 armies, named for more "
                   "provinces here: a wish that comes up after it is placed gets your largest "
                   "group left",
                   "red.yaml:4:66: warning: your board has 2 groups of 4 armies, named for more "
                   "provinces here: a wish that comes up after they are placed gets your largest "
                   "group left"}));
}

TEST_F(DraftOrderFile, AListOfBrokenEntriesIsNotCalledEmpty) {
  EXPECT_EQ(check_draft("draft: [Kursachsen: .inf]\n"),
            Lines{"red.yaml:4:21: error: army group (a number of armies) must be a whole number, "
                  "not \".inf\""});
  EXPECT_EQ(check_draft("draft: {Kursachsen: 5}\n"),
            Lines{"red.yaml:4:8: error: the draft is a list of provinces, most wanted first, each "
                  "alone or with the army group wanted there, like [Kursachsen: 5, Böhmen]"});
}

TEST_F(DraftOrderFile, ASeasonsOrdersAreRefusedInTheDraftAndTheDraftAfterIt) {
  EXPECT_EQ(check_draft("draft: [Anhalt]\nbid: 2\n"),
            Lines{"red.yaml:5:1: error: \"bid\" belongs to the seasons after the draft; the "
                  "draft's order file has game, player, season, draft and, by mail, token; "
                  "leave it out"});
  EXPECT_EQ(check(kValid, std::string(kValid) + "draft: [Anhalt]\n"),
            Lines{"red.yaml:17:1: error: \"draft\" belongs to the draft before the first season, "
                  "which is over or not played in this game; leave it out"});
}

TEST_F(DraftOrderFile, FormattedDraftOrdersReadBackAsTheSameWishes) {
  const auto first = check_order_source(
      SourceFile{"red.yaml",
                 "game: test\nplayer: red\nseason: 1618-draft\ndraft: [Anhalt: 4, Lausitz]\n"},
      draft_, *rules_, testing::problem_texts());
  ASSERT_TRUE(first.ok());
  const std::string formatted =
      format_order_file(to_written(*first.orders, draft_, *rules_), *rules_);
  EXPECT_EQ(formatted.find("actions:"), std::string::npos) << formatted;
  const auto again = check_order_source(SourceFile{"again.yaml", formatted}, draft_, *rules_,
                                        testing::problem_texts());
  ASSERT_TRUE(again.ok()) << formatted;
  EXPECT_EQ(again.orders->draft.wishes, first.orders->draft.wishes);
}

/// A ruleset with the military leaders under a rules version (D-48, D-49).
const Ruleset& leaders_rules(int version) {
  static const Ruleset v2 = load_ruleset(testing::source_data_dir(), 2, {"leaders"});
  static const Ruleset v3 = load_ruleset(testing::source_data_dir(), 3, {"leaders"});
  return version == 2 ? v2 : v3;
}

/// The draft's order file of a game with the leaders under `version`.
std::vector<std::string> check_leaders_draft(int version, const std::string& list) {
  const Ruleset& rules = leaders_rules(version);
  const GameState draft = new_game(NewGame{"test", {"red", "blue", "yellow"}, 1, true}, rules);
  std::vector<std::string> out;
  const auto checked = check_order_source(
      SourceFile{"red.yaml", "game: test\nplayer: red\nseason: 1618-draft\n" + list}, draft, rules,
      testing::problem_texts());
  for (const auto& d : checked.diagnostics)
    out.push_back(d.format().substr(0, d.format().find('\n')));
  return out;
}

TEST_F(DraftOrderFile,
       ALeaderAndARefreshAreReadWithTheirPlaceAndRefusedWhereTheGameHasNone_D48_D49) {
  const Ruleset& rules = leaders_rules(3);
  const GameState draft = new_game(NewGame{"test", {"red", "blue", "yellow"}, 1, true}, rules);
  const auto checked = check_order_source(
      SourceFile{"red.yaml",
                 "game: test\nplayer: red\nseason: 1618-draft\nrefresh: true\n"
                 "draft: [Kursachsen: 5, {Böhmen, leader: true}, {Anhalt: 4, leader: true}]\n"},
      draft, rules, testing::problem_texts());
  ASSERT_TRUE(checked.ok()) << checked.diagnostics.front().format();
  EXPECT_TRUE(checked.diagnostics.empty());
  const DraftOrders& orders = checked.orders->draft;
  EXPECT_TRUE(orders.refresh);
  EXPECT_EQ(orders.wishes, (std::vector<DraftWish>{{*rules.find_province("kursachsen"), 5, false},
                                                   {*rules.find_province("boehmen"), {}, true},
                                                   {*rules.find_province("anhalt"), 4, true}}));
  // Formatted and read again, the list keeps its leader and refresh.
  const std::string formatted = format_order_file(to_written(*checked.orders, draft, rules), rules);
  const auto again = check_order_source(SourceFile{"again.yaml", formatted}, draft, rules,
                                        testing::problem_texts());
  ASSERT_TRUE(again.ok()) << formatted;
  EXPECT_EQ(again.orders->draft.wishes, orders.wishes);
  EXPECT_TRUE(again.orders->draft.refresh);

  EXPECT_EQ(check_leaders_draft(3,
                                "draft: [{Böhmen: 4, leder: true}, {leader: true}, "
                                "{Anhalt, leader: yes}, {Lausitz: 2, Mähren: 3}]\n"),
            (Lines{"red.yaml:4:8: warning: no province of your list says leader: true, so your "
                   "military leader goes to the last province you take (on the last one it must); "
                   "add leader: true to the provinces you want it in",
                   "red.yaml:4:21: error: unknown key \"leder\" in a draft entry, which names one "
                   "province; did you mean \"leader\"?",
                   "red.yaml:4:35: error: a draft entry with leader: true names its province, like "
                   "{Lausitz: 4, leader: true} or {Lausitz, leader: true}",
                   "red.yaml:4:68: error: leader must be true or false, not \"yes\"",
                   "red.yaml:4:74: error: the draft is a list of provinces, most wanted first, "
                   "each alone or with the army group wanted there, like [Kursachsen: 5, Böhmen, "
                   "{Lausitz: 4, leader: true}]"}));
  EXPECT_EQ(check_leaders_draft(3, "draft: [Kursachsen, Böhmen]\n"),
            (Lines{"red.yaml:4:8: warning: no province of your list says leader: true, so your "
                   "military leader goes to the last province you take (on the last one it must); "
                   "add leader: true to the provinces you want it in"}));
  EXPECT_EQ(check_draft("refresh: true\ndraft: [{Böhmen, leader: true}]\n"),
            (Lines{"red.yaml:5:26: error: leader: true places a military leader, and this game "
                   "does not play the military leaders; leave it out"}));
  EXPECT_EQ(
      check_leaders_draft(2, "refresh: true\ndraft: [{Böhmen, leader: true}]\n"),
      (Lines{"red.yaml:4:10: error: refresh is not in this game's rules (version 2): the face-up "
             "cards are turned anew only from rules version 3 (D-49); leave `refresh` out",
             "red.yaml:5:26: error: leader: true is not in this game's rules (version 2): the "
             "leaders are placed in the first spring, after the turn order (leader: {place: ...}); "
             "leave it out of the draft"}));
}

/// A 3-player Imperial Court game's first spring (rules 13.1).
class CourtOrderFile : public OrderCheck {
 protected:
  static const Ruleset& with_court() {
    static const Ruleset rules =
        load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"court"});
    return rules;
  }
  CourtOrderFile() : court_(new_game(NewGame{"test", {"red", "blue", "yellow"}, 1}, with_court())) {
    court_.court.display = {21, 12, 4};
  }
  Lines check_court(const std::string& more) const {
    return lines(check_order_source(SourceFile{"red.yaml", std::string(kValid) + more}, court_,
                                    with_court(), testing::problem_texts()));
  }
  GameState court_;
};

TEST_F(CourtOrderFile, TheSideBoardAndTheFavoursAreReadWithTheHand_Rules13) {
  const auto checked = check_order_source(
      SourceFile{"red.yaml", std::string(kValid) +
                                 "court: {convert3: Niederösterreich, convert2: tower}\n"
                                 "favors: [{card: 21, province: Passau}, {card: 4}]\n"},
      court_, with_court(), testing::problem_texts());
  ASSERT_TRUE(checked.ok()) << checked.diagnostics.front().format();
  const CourtOrder& court = checked.orders->court;
  ASSERT_EQ(court.conversions.size(), 3u);
  EXPECT_EQ(court.conversions[0],
            (ConversionOrder{ConversionSource::province,
                             *with_court().find_province("niederoesterreich")}));
  EXPECT_EQ(court.conversions[1].source, ConversionSource::tower);
  EXPECT_EQ(court.conversions[2].source, ConversionSource::none);
  EXPECT_EQ(court.favours, (std::vector<FavourWish>{{21, *with_court().find_province("passau"), {}},
                                                    {4, {}, {}}}));
}

TEST_F(CourtOrderFile, EmptySideBoardSpacesTakeBlankCardsAndTowerCardsOffTheBoardServeAsCoins_D44) {
  std::string text = kValid;
  for (const char* used : {"  palace: Gft. Mark", "  trading_house: Koeln", "  grain: Osnabrück"}) {
    const std::string line(used);
    text.replace(text.find(line), line.size(), line.substr(0, line.find(':')) + ": none");
  }
  const auto check = [&](const std::string& court) {
    return lines(check_order_source(SourceFile{"red.yaml", text + court}, court_, with_court(),
                                    testing::problem_texts()));
  };
  // 5 actions, 3 side-board spaces and a coin bid need 9 blank cards: 5 coins and 3 tower cards.
  EXPECT_EQ(
      check(""),
      Lines{"red.yaml:5:3: error: 5 actions and 3 side-board spaces are none and the bid is a "
            "coin: that needs 9 blank cards but you hold 5 coin cards and 3 tower cards off "
            "the side board; put one of your free province cards (Gft. Mark, Erzbm. Köln, "
            "Niederösterreich and Osnabrück) on an action, a side-board space or on the bid"});
  // A tower card on the side board is one blank card fewer for the rest: still one short.
  const Lines tower = check("court: {convert3: tower}\n");
  ASSERT_EQ(tower.size(), 1u);
  EXPECT_TRUE(tower[0].find("5 actions and 2 side-board spaces are none and the bid is a coin: "
                            "that needs 8 blank cards but you hold 5 coin cards and 2 tower "
                            "cards off the side board") != std::string::npos)
      << tower[0];
  // A free province card on the side board fills its space.
  EXPECT_EQ(check("court: {convert3: Gft. Mark}\n"), Lines{});
}

TEST_F(CourtOrderFile, AFavourBuildsOnlyInTheWishersProvinceAndPlacesNotInAnotherPlayers_E8) {
  const ProvinceId blues = court_.provinces_of(court_.player_index(1)).front();
  const std::string name = with_court().province(blues).name;
  const Lines got = check_court("favors: [{card: 21, province: \"" + name +
                                "\"}, {card: 12, province: \"" + name + "\"}]\n");
  ASSERT_EQ(got.size(), 2u) << ::testing::PrintToString(got);
  for (const std::string& line : got)
    EXPECT_NE(line.find(": error: " + name + " is not yours: it is held by blue; you hold "),
              std::string::npos)
        << line;
}

TEST_F(CourtOrderFile, CardOneCancelsTheEventsItsWishNames_D50) {
  const Ruleset& rules = with_court();
  court_.court.display = {21, 12, 1};
  court_.events_left = {*rules.find_event("tax_max_5"), *rules.find_event("army_shortage")};
  const auto read = [&](const std::string& favours) {
    const auto checked = check_order_source(
        SourceFile{"red.yaml", std::string(kValid) + "favors: " + favours + "\n"}, court_, rules,
        testing::problem_texts());
    EXPECT_TRUE(checked.ok()) << checked.diagnostics.front().format();
    return checked.ok() ? checked.orders->court.favours.front().cancel
                        : std::optional<std::vector<EventId>>();
  };
  EXPECT_EQ(read("[{card: 1, cancel: [army_shortage]}]"),
            std::vector<EventId>{*rules.find_event("army_shortage")});
  EXPECT_EQ(read("[{card: 1, cancel: none}]"), std::vector<EventId>{});
  EXPECT_EQ(read("[{card: 1, cancel: all}]"), std::nullopt);
  EXPECT_EQ(read("[{card: 1}]"), std::nullopt) << "any, as under rules version 2";
  // Formatted and read again, the list keeps its events, and none stays none.
  for (const char* favours :
       {"[{card: 1, cancel: [army_shortage, tax_max_5]}]", "[{card: 1, cancel: none}]"}) {
    const auto first = check_order_source(
        SourceFile{"red.yaml", std::string(kValid) + "favors: " + favours + "\n"}, court_, rules,
        testing::problem_texts());
    ASSERT_TRUE(first.ok());
    const std::string formatted =
        format_order_file(to_written(*first.orders, court_, rules), rules);
    const auto again = check_order_source(SourceFile{"again.yaml", formatted}, court_, rules,
                                          testing::problem_texts());
    ASSERT_TRUE(again.ok()) << formatted;
    EXPECT_EQ(again.orders->court.favours, first.orders->court.favours) << formatted;
  }
  EXPECT_EQ(
      check_court("favors: [{card: 1, cancel: [tax_max_5, angry_peasnts, tax_max_5, "
                  "grain_min_4]}, {card: 21, province: Passau, cancel: none}, {card: 4, "
                  "cancel: 3}]\n"),
      (Lines{
          "red.yaml:17:40: error: unknown event \"angry_peasnts\"; did you mean "
          "\"angry_peasants\"? This season may draw tax_max_5 and army_shortage",
          "red.yaml:17:55: error: event \"tax_max_5\" is listed twice under cancel; list it once",
          "red.yaml:17:66: warning: event \"grain_min_4\" cannot be drawn this season (it may draw "
          "tax_max_5 and army_shortage): it is never cancelled here",
          "red.yaml:17:118: error: cancel belongs to a card that cancels the season's event (1), "
          "not to favour card 21; leave it out",
          "red.yaml:17:132: warning: favour card 4 is not displayed this season (the display holds "
          "21, 12 and 1): this wish is skipped",
          "red.yaml:17:143: error: cancel is all, none or a list of the year's events card 1 "
          "cancels, like [tax_max_5, angry_peasants]"}));
  EXPECT_EQ(check_court("favors: [{card: 1, cancel: [grain_min_4]}]\n"),
            (Lines{"red.yaml:17:17: warning: favour card 1 would cancel none of the events this "
                   "season may draw (tax_max_5 and army_shortage): if you take it, the event stays "
                   "in force and the card does nothing",
                   "red.yaml:17:29: warning: event \"grain_min_4\" cannot be drawn this season (it "
                   "may draw tax_max_5 and army_shortage): it is never cancelled here"}));
}

TEST_F(CourtOrderFile, CancelIsNotInTheRulesOfVersionTwo_D50) {
  const Ruleset v2 = load_ruleset(testing::source_data_dir(), 2, {"court"});
  court_.court.display = {21, 12, 1};
  EXPECT_EQ(lines(check_order_source(
                SourceFile{"red.yaml",
                           std::string(kValid) + "favors: [{card: 1, cancel: [tax_max_5]}]\n"},
                court_, v2, testing::problem_texts())),
            (Lines{"red.yaml:17:28: error: cancel is not in this game's rules (version 2): favour "
                   "card 1 always cancels the season's event; leave `cancel` out"}));
}

TEST_F(CourtOrderFile, AWishCertainToComeToNothingIsWarned_D51) {
  const Ruleset& rules = with_court();
  const ProvinceId passau = *rules.find_province("passau");
  court_.at(passau).buildings[index_of(Building::palace)] = true;
  EXPECT_EQ(check_court("favors: [{card: 21, province: Passau}]\n"),
            (Lines{"red.yaml:17:31: warning: favour card 21 cannot build in Passau: its building "
                   "already stands there; if you take it, it builds nothing"}));
  court_.player(court_.player_index(0)).reserve = 0;
  EXPECT_EQ(
      check_court("favors: [{card: 12, province: Passau}]\n"),
      (Lines{"red.yaml:17:17: warning: favour card 12 takes its cubes from your reserve, which is "
             "empty and which your side board fills with none: if you take it, it does nothing"}));
  EXPECT_EQ(check_court("court: {convert1: tower}\nfavors: [{card: 12, province: Passau}]\n"),
            Lines{})
      << "the side board may refill the reserve";
}

TEST_F(CourtOrderFile, EveryMistakeAtCourtIsNamedAtItsPlace_Rules13) {
  EXPECT_EQ(check_court("court: {convert3: Passau, convert2: Niederösterreich, convert1: "
                        "Niederösterreich}\n"
                        "favors: [{card: 22}, {card: 12}, {card: 9}, {card: 4}, {card: 4}]\n"),
            (Lines{"red.yaml:17:19: error: Passau is already used for army1; each province card "
                   "serves once per season",
                   "red.yaml:17:65: error: Niederösterreich is already on another space of your "
                   "side board; each province card serves once per season",
                   "red.yaml:18:17: error: there is no favour card 22; the cards are numbered 1 "
                   "to 21",
                   "red.yaml:18:29: error: favour card 12 acts on a province: add `province:` "
                   "with where it builds or places",
                   "red.yaml:18:41: warning: favour card 9 is not displayed this season (the "
                   "display holds 21, 12 and 4): this wish is skipped",
                   "red.yaml:18:63: error: favour card 4 is wished twice; write each card once"}));
}

}  // namespace
}  // namespace wallenstein
