#include <gtest/gtest.h>
#include <pango/pangocairo.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <regex>
#include <set>
#include <sstream>

#include "pbem/files/diagnostic.hpp"
#include "pbem/mail/mime.hpp"
#include "support/base_spaces.hpp"
#include "support/problem_texts.hpp"
#include "support/temp_dir.hpp"
#include "support/tiny_world.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/language_names.hpp"
#include "wallenstein/files/log_reader.hpp"
#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/ruleset_file_parts.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/season_phases.hpp"
#include "wallenstein/views/report/forecast_text.hpp"
#include "wallenstein/views/report/reports.hpp"

namespace wallenstein {
namespace {

class Reports : public ::testing::Test {
 public:
  static GameConfig config(int players) {
    GameConfig c;
    c.name = "reports";
    const std::vector<std::string> ids = {"red", "blue", "yellow", "green", "black"};
    for (int i = 0; i < players; ++i) {
      const auto& id = ids[static_cast<std::size_t>(i)];
      c.players.push_back({id, "Player " + id, id + "@example.org"});
    }
    return c;
  }

 protected:
  static void SetUpTestSuite() {
    rules_ = new Ruleset(load_ruleset(testing::source_data_dir()));
    templates_ = new Templates(Templates::load(testing::source_path("templates")));
  }
  static void TearDownTestSuite() {
    delete rules_;
    delete templates_;
  }

  static report::ReportSet reports(const GameConfig& cfg, const GameState& start,
                                   const SeasonResult& result) {
    SeasonView in{&cfg, rules_, &start, &result.next, &result.log};
    return report::build_reports(in, *templates_);
  }

  static Ruleset* rules_;
  static Templates* templates_;
};
Ruleset* Reports::rules_ = nullptr;
Templates* Reports::templates_ = nullptr;

/// Every text a player receives from a report set.
std::vector<std::string> everything_sent(const report::ReportSet& set) {
  std::vector<std::string> texts{set.public_text, set.public_html, set.public_mail_html};
  for (const auto& r : set.players) {
    for (const std::string* t : {&r.subject, &r.text, &r.html, &r.mail_html}) texts.push_back(*t);
    if (r.orders) texts.push_back(*r.orders);
  }
  return texts;
}

/// Plays whole games of random orders under `rules` and checks every text sent for hidden
/// information, in each language (English with every count of players, the others with the
/// largest).
void expect_no_hidden_information_sent(const Ruleset& english_rules,
                                       std::initializer_list<int> counts,
                                       const Templates& templates) {
  for (const std::string& code : templates.languages()) {
    // The names a player of this language reads (event titles, actions).
    const Ruleset rules = in_language(english_rules, templates.in(code).words());
    for (int players : counts) {
      if (code != "en" && players != std::max(counts)) continue;
      SCOPED_TRACE(code + ", " + std::to_string(players) + " players");
      GameConfig cfg = Reports::config(players);
      cfg.language = code;
      if (rules.plays(kLandsknechtePhase)) cfg.expansions.push_back("landsknechte");
      if (rules.plays(kLeadersPlacePhase)) cfg.expansions.push_back("leaders");
      if (rules.plays(kCourtConversionPhase)) cfg.expansions.push_back("court");
      cfg.edition = rules.edition;
      NewGame spec{"reports", {}, static_cast<std::uint64_t>(1000 + players)};
      for (const auto& p : cfg.players) spec.player_ids.push_back(p.id);
      GameState state = new_game(spec, rules);
      Rng rng(static_cast<std::uint64_t>(players));
      while (!state.finished) {
        std::vector<Orders> orders;
        for (std::size_t p = 0; p < state.players.size(); ++p)
          orders.push_back(random_orders(state, rules, state.player_index(p), rng));
        const SeasonResult result = resolve_season(state, orders, {}, english_rules);
        const auto texts = everything_sent(report::build_reports(
            SeasonView{&cfg, &english_rules, &state, &result.next, &result.log}, templates));
        const GameState& next = result.next;
        for (const std::string& text : texts) {
          // The deck, in order or not: cards not yet revealed never appear by title or text.
          for (EventId e : next.event_deck) {
            const EventCard& card = rules.event(e);
            const bool revealed =
                std::any_of(next.year_events.begin(), next.year_events.end(),
                            [&](EventId y) { return rules.event(y).name == card.name; }) ||
                std::any_of(state.year_events.begin(), state.year_events.end(),
                            [&](EventId y) { return rules.event(y).name == card.name; });
            if (!revealed) {
              EXPECT_EQ(text.find(card.name), std::string::npos) << card.name;
            }
          }
          // The next season's face-down action cards are never listed as face up.
          if (!next.finished) {
            for (int slot = 6; slot <= 10; ++slot) {
              const std::string shown =
                  std::to_string(slot) + " " +
                  rules.action(next.action_cards[static_cast<std::size_t>(slot - 1)]).name;
              EXPECT_EQ(text.find(shown), std::string::npos) << shown;
            }
          }
          // Rules 13.1: the favour cards still in the deck are never named.
          for (int card : next.court.deck)
            EXPECT_EQ(text.find("#" + std::to_string(card) + " ("), std::string::npos) << card;
          // Neither the tower's content nor the random state is ever written.
          EXPECT_EQ(text.find("inside"), std::string::npos);
          EXPECT_EQ(text.find("gm_"), std::string::npos);
          for (std::uint64_t word : next.rng)
            EXPECT_EQ(text.find(std::to_string(word)), std::string::npos);
        }
        state = result.next;
      }
    }
  }
}

TEST_F(Reports, NoPlayerEverReadsHiddenInformation) {
  expect_no_hidden_information_sent(*rules_, {3, 4, 5}, *templates_);
}

TEST_F(Reports, NoPlayerOfALandsknechteGameEverReadsHiddenInformation) {
  const Ruleset rules =
      load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"landsknechte"});
  expect_no_hidden_information_sent(rules, {3}, *templates_);
}

TEST_F(Reports, NoPlayerOfAMilitaryLeadersGameEverReadsHiddenInformation) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  expect_no_hidden_information_sent(rules, {4}, *templates_);
}

TEST_F(Reports, NoPlayerOfAnImperialCourtGameEverReadsHiddenInformation) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"court"});
  expect_no_hidden_information_sent(rules, {3, 5}, *templates_);
}

TEST_F(Reports, NoPlayerOfAFirstEditionGameEverReadsHiddenInformation) {
  const Ruleset rules =
      load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1, {"leaders"});
  expect_no_hidden_information_sent(rules, {5}, *templates_);
}

TEST_F(Reports, IncomeIsExplainedEventFirstThenTile) {
  // Seed 000's example: taxes 7, at most 5 by the event, +1 by the tile: 6.
  const GameConfig cfg = config(4);
  NewGame spec{"reports", {"red", "blue", "yellow", "green"}, 5};
  GameState state = new_game(spec, *rules_);
  const ProvinceId burgund = *rules_->find_province("burgund");
  state.at(burgund).owner = PlayerIndex{0};
  state.at(burgund).armies = 1;
  state.players[0].reserve -= 1;
  state.events_left = {*rules_->find_event("tax_max_5")};
  state.bonus_tiles = {*rules_->find_tile("thaler"), *rules_->find_tile("grain"),
                       *rules_->find_tile("armies"), *rules_->find_tile("attack"),
                       *rules_->find_tile("defense")};
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 4; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, *rules_));
  orders[0].bid.coin = 1;
  orders[0].actions[index_of(space::taxes)] = ActionOrder{burgund, std::nullopt, ArmyCount{}, 1};
  const SeasonResult result = resolve_season(state, orders, {}, *rules_);
  const auto set = reports(cfg, state, result);
  const std::string expected =
      "Player red collected 6 thaler in Burgund (7, at most 5 by the event “Tax limit”, +1 by the "
      "bonus tile = 6)";
  EXPECT_NE(set.public_text.find(expected), std::string::npos) << set.public_text;
  EXPECT_NE(set.players[1].html.find(expected), std::string::npos);
}

TEST_F(Reports, CancelledActionsOfRulesVersionTwoAreExplained_D26_D27) {
  const GameConfig cfg = config(3);
  NewGame spec{"reports", {"red", "blue", "yellow"}, 8};
  const GameState state = new_game(spec, *rules_);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, *rules_));
  SeasonResult result = resolve_season(state, orders, {}, *rules_);
  Cancelled lost;
  lost.slot = 4;
  lost.action = space::taxes;
  lost.player = PlayerIndex{0};
  lost.province = *rules_->find_province("passau");
  lost.reason = CancelReason::card_left_hand;
  Cancelled unplaced = lost;
  unplaced.action = space::army1;
  unplaced.reason = CancelReason::not_enough_thaler;
  unplaced.need = 1;
  unplaced.placement_only = true;
  result.log.entries = {lost, unplaced};
  const std::string text = reports(cfg, state, result).public_text;
  EXPECT_NE(text.find("Player red: Collect taxes in Passau was cancelled: the card left their hand "
                      "when Passau was "
                      "lost earlier this season."),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find(
          "Player red: Place or move 1 army in Passau placed nothing, the move goes on: it costs 1 "
          "thaler, there were 0."),
      std::string::npos)
      << text;
}

TEST_F(Reports, TheOrderTemplateIsAnOrderFileThatOnlyNeedsCards) {
  const GameConfig cfg = config(3);
  NewGame spec{"reports", {"red", "blue", "yellow"}, 8};
  const GameState state = new_game(spec, *rules_);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, *rules_));
  const SeasonResult result = resolve_season(state, orders, {}, *rules_);
  for (const auto& r : reports(cfg, state, result).players) {
    ASSERT_TRUE(r.orders);
    EXPECT_EQ(r.orders_name, "orders-1618-summer-" + r.id + ".yaml");
    const auto checked = check_order_source(SourceFile{r.orders_name, *r.orders}, result.next,
                                            *rules_, testing::problem_texts());
    // The YAML, the game, the player and the season are right; what is left is to choose.
    ASSERT_EQ(checked.diagnostics.size(), 1u) << format_all(checked.diagnostics);
    EXPECT_NE(checked.diagnostics[0].message.find("10 actions are none and the bid is a coin"),
              std::string::npos);
  }
}

TEST_F(Reports, TheOrderTemplateBidsNoneWhenNoCardIsLeftForTheBid_D25) {
  const GameConfig cfg = config(3);
  NewGame spec{"reports", {"red", "blue", "yellow"}, 8};
  GameState state = new_game(spec, *rules_);
  const auto red = state.provinces_of(PlayerIndex{0});
  for (std::size_t i = 3; i < red.size(); ++i) state.at(red[i]).owner = PlayerIndex{1};
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, *rules_));
  const SeasonResult result = resolve_season(state, orders, {}, *rules_);
  const std::string template_text = *reports(cfg, state, result).players[0].orders;
  EXPECT_NE(
      template_text.find(
          "# With 3 provinces no card is left for the bid once the 10 spaces hold one: bid none."),
      std::string::npos)
      << template_text;
  const auto checked = check_order_source(SourceFile{"red.yaml", template_text}, result.next,
                                          *rules_, testing::problem_texts());
  ASSERT_EQ(checked.diagnostics.size(), 1u) << format_all(checked.diagnostics);
  EXPECT_NE(checked.diagnostics[0].message.find("10 actions are none: that needs 10 coin cards"),
            std::string::npos)
      << checked.diagnostics[0].message;
}

TEST_F(Reports, LandsknechteTurnsAreToldAndTheOrderTemplateOffersTheNextCard) {
  const Ruleset rules =
      load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"landsknechte"});
  GameConfig cfg = config(3);
  cfg.expansions = {"landsknechte"};
  const GameState state = new_game(NewGame{"reports", {"red", "blue", "yellow"}, 8}, rules);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, rules));
  orders[0].landsknecht_wishes = {LandsknechtBonus::tray};
  const SeasonResult result = resolve_season(state, orders, {}, rules);
  SeasonView in{&cfg, &rules, &state, &result.next, &result.log};
  const report::ReportSet set = report::build_reports(in, *templates_);
  const std::string& text = set.players[0].text;
  ASSERT_NE(text.find("Landsknechte, in turn order (a player whose provinces lie in 4 regions or "
                      "more turns their next card and takes a bonus from it):"),
            std::string::npos)
      << text;
  for (const LandsknechtTurn& t : result.log.landsknechte) {
    const std::string who = "  - Player " + state.player(t.player).id + ", provinces in " +
                            std::to_string(t.regions) + " regions: ";
    const std::string what = !t.card ? "no card"
                             : t.bonus == LandsknechtBonus::tray
                                 ? "card 1, took 1 cube into the tower's tray"
                                 : "card 1, took " + std::to_string(t.amount) + " " +
                                       std::string(landsknecht_bonus_key(t.bonus));
    EXPECT_NE(text.find(who + what + "\n"), std::string::npos) << who + what << "\n" << text;
  }
  EXPECT_NE(set.players[0].html.find("<b>Landsknechte</b>"), std::string::npos);
  const std::string& tmpl = *set.players[0].orders;
  EXPECT_NE(tmpl.find("landsknechte: []   # bonuses most wanted first: thaler, tray, grain, vp; "
                      "if the card offers none of them: thaler\n"),
            std::string::npos)
      << tmpl;
  ASSERT_EQ(result.next.players[0].landsknechte, 1) << "red starts in enough regions";
  EXPECT_NE(tmpl.find("Your next card offers 4 thaler, 2 cubes into the tower's tray or 1 grain."),
            std::string::npos)
      << tmpl;
  const auto checked =
      check_order_source(SourceFile{"t.yaml", tmpl}, result.next, rules, testing::problem_texts());
  ASSERT_EQ(checked.diagnostics.size(), 1u)
      << "only the cards are left to choose: " << format_all(checked.diagnostics);
}

TEST_F(Reports, CourtStepsAreToldAndTheOrderTemplateShowsTheSideBoardAndTheCards_Rules13) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"court"});
  GameConfig cfg = config(3);
  cfg.expansions = {"court"};
  GameState state = new_game(NewGame{"reports", {"red", "blue", "yellow"}, 8}, rules);
  state.court.display = {16, 12, 1};
  state.court.officers_hall = {2, 0, 2};
  state.court.officers_beside = {5, 7, 5};
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, rules));
  const ProvinceId home = state.provinces_of(state.player_index(0)).front();
  state.at(home).armies = 4;
  orders[0].court.conversions = {{ConversionSource::province, home},
                                 {ConversionSource::tower, {}},
                                 {ConversionSource::none, {}}};
  orders[0].court.favours = {{16, std::nullopt, {}}, {1, std::nullopt, {}}};
  orders[2].court.favours = {{1, std::nullopt, {}}};
  const SeasonResult result = resolve_season(state, orders, {}, rules);
  SeasonView in{&cfg, &rules, &state, &result.next, &result.log};
  const report::ReportSet set = report::build_reports(in, *templates_);
  const std::string& text = set.players[0].text;
  const std::string home_name = rules.province(home).name;
  for (const std::string& line : std::vector<std::string>{
           "Imperial Court, step 1, in turn order: side-board spaces convert cubes into court "
           "officers, all or nothing:\n",
           "  - Player red: 3 cubes from " + home_name +
               ", as many officers to the reception hall\n",
           "Imperial Court, step 2: the audience, most officers in the reception hall first:\n",
           "  - Player red, 5 officers: took #16 (4 officers): 7 thaler\n",
           "  - Player yellow, 2 officers: took #1 (2 officers): the season's event does not "
           "happen\n",
           "A favour card took the event out of force"}) {
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  }
  EXPECT_EQ(text.find("#12 ("), std::string::npos) << "nobody took #12; cards leave unseen";
  EXPECT_NE(set.players[0].html.find("<b>Imperial Court, step 1</b>"), std::string::npos);
  const CourtState& next = result.next.court;
  std::string shown = "Imperial Court, favour cards shown: #" + std::to_string(next.display[0]);
  EXPECT_NE(text.find(shown), std::string::npos) << shown << "\n" << text;
  const std::string& tmpl = *set.players[0].orders;
  for (const std::string& line :
       std::vector<std::string>{"# Imperial Court: 1 of your officers waits in the reception hall, "
                                "6 beside your board.\n",
                                "court: { convert3: none, convert2: none, convert1: none }   # a "
                                "province of yours, tower "
                                "or none\n",
                                "favors: []   # the cards you want, most wanted first"}) {
    EXPECT_NE(tmpl.find(line), std::string::npos) << line << "\n" << tmpl;
  }
  const auto checked =
      check_order_source(SourceFile{"t.yaml", tmpl}, result.next, rules, testing::problem_texts());
  ASSERT_EQ(checked.diagnostics.size(), 1u)
      << "only the cards are left to choose: " << format_all(checked.diagnostics);
}

TEST_F(Reports, AFailedCourtConversionSaysWhetherOfficersArmiesOrTheTrayWereShort_Rules13) {
  for (const int version : {kCurrentRulesVersion, 2}) {
    SCOPED_TRACE("rules version " + std::to_string(version));
    const Ruleset rules = load_ruleset(testing::source_data_dir(), version, {"court"});
    GameConfig cfg = config(3);
    cfg.expansions = {"court"};
    GameState state = new_game(NewGame{"reports", {"red", "blue", "yellow"}, 8}, rules);
    state.court.officers_beside = {2, 7, 7};  // red: too few officers for the 3-cube space
    const ProvinceId blue_home = state.provinces_of(state.player_index(1)).front();
    state.at(blue_home).armies = 2;                      // blue: 2 cubes would leave none
    state.tower.tray.player(state.player_index(2)) = 0;  // yellow: nothing in the tray
    std::vector<Orders> orders;
    for (std::size_t p = 0; p < 3; ++p)
      orders.push_back(pass_orders(state.player_index(p), state, rules));
    orders[0].court.conversions = {{ConversionSource::tower, {}}};
    orders[1].court.conversions = {{ConversionSource::none, {}},
                                   {ConversionSource::province, blue_home}};
    orders[2].court.conversions = {
        {ConversionSource::none, {}}, {ConversionSource::none, {}}, {ConversionSource::tower, {}}};
    const SeasonResult result = resolve_season(state, orders, {}, rules);
    // Reports are built from the log as stored: the log of each version says what it can.
    const std::string log_text =
        write_log(result.log, state, rules, LogHeader{"pass", version, "test"});
    const StoredLog stored = read_log(SourceFile{"log.yaml", log_text}, state, rules);
    SeasonView in{&cfg, &rules, &state, &result.next, &stored.log};
    const std::string text = report::build_reports(in, *templates_).players[0].text;
    const std::string blue = rules.province(blue_home).name;
    const std::vector<std::string> lines =
        version >= kConversionShortSince
            ? std::vector<std::string>{"  - Player red: 3 cubes from the tower's tray: not "
                                       "converted (too few officers left beside the board)\n",
                                       "  - Player blue: 2 cubes from " + blue +
                                           ": not converted (too few armies there, and one "
                                           "must stay)\n",
                                       "  - Player yellow: 1 cube from the tower's tray: not "
                                       "converted (too few of Player yellow's cubes in the "
                                       "tray)\n"}
            : std::vector<std::string>{"  - Player red: 3 cubes from the tower's tray: not "
                                       "converted (too few cubes there, or too few officers "
                                       "left)\n"};
    for (const std::string& line : lines)
      EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
    EXPECT_EQ(log_text.find("short:") != std::string::npos, version >= kConversionShortSince)
        << "logs of versions 1 and 2 replay byte for byte as they were written";
  }
}

TEST_F(Reports, TheDraftTellsThePairPutUnderAndWhereEachLeaderWent_D48_D49) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  GameConfig cfg = config(3);
  cfg.expansions = {"leaders"};
  cfg.setup = "draft";
  const GameState draft = new_game(NewGame{"reports", {"red", "blue", "yellow"}, 8, true}, rules);
  // The opening template explains both keys and leaves the refresh, a right, to the player (D-49).
  const report::ReportSet opening =
      report::build_reports(SeasonView{&cfg, &rules, &draft, &draft, nullptr}, *templates_);
  const std::string& tmpl = *opening.players[0].orders;
  for (const char* line : {"# Your military leader is placed while you draft: on taking a province",
                           "# refresh: true means: when at your pick you face the same two face-up",
                           "\nrefresh: false   # true: a pair you faced at your previous pick"})
    EXPECT_NE(tmpl.find(line), std::string::npos) << line << "\n" << tmpl;
  // Red lists a card deep in the pile: every pick of round 1 is blind, so red faces the same pair
  // in round 2 and puts it under the pile; the leaders go with the last provinces.
  std::vector<Orders> orders(3);
  for (std::size_t p = 0; p < 3; ++p) orders[p].player = draft.player_index(p);
  orders[0].draft.wishes = {{draft.draft->pile.back(), std::nullopt, true}};
  orders[0].draft.refresh = true;
  const SeasonResult result = resolve_season(draft, orders, {}, rules);
  ASSERT_TRUE(result.log.draft[3].refreshed());
  const report::ReportSet set = report::build_reports(
      SeasonView{&cfg, &rules, &draft, &result.next, &result.log}, *templates_);
  const std::string under = "after putting " + rules.province(*draft.draft->face_up[0]).name +
                            " and " + rules.province(*draft.draft->face_up[1]).name +
                            " under the pile";
  EXPECT_NE(set.public_text.find(under), std::string::npos) << under << "\n" << set.public_text;
  EXPECT_NE(set.players[1].html.find(under), std::string::npos);
  std::size_t leaders = 0;
  for (std::size_t at = 0;
       (at = set.public_text.find("; the military leader goes there", at)) != std::string::npos;
       ++at)
    ++leaders;
  EXPECT_EQ(leaders, 3u) << set.public_text;
}

TEST_F(Reports, CardOneLeavingTheEventAndACardTakenForNothingAreTold_D50_D51) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"court"});
  GameConfig cfg = config(3);
  cfg.expansions = {"court"};
  GameState state = new_game(NewGame{"reports", {"red", "blue", "yellow"}, 8}, rules);
  state.court.display = {21, 12, 1};
  state.court.officers_hall = {4, 0, 2};
  state.court.officers_beside = {3, 7, 5};
  const ProvinceId home = state.provinces_of(state.player_index(0)).front();
  state.at(home).buildings[index_of(Building::palace)] = true;
  --state.supply.buildings[index_of(Building::palace)];
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, rules));
  orders[0].court.favours = {{21, home, {}}};
  orders[2].court.favours = {{1, std::nullopt, std::vector<EventId>{}}};  // cancel: none
  const SeasonResult result = resolve_season(state, orders, {}, rules);
  const report::ReportSet set = report::build_reports(
      SeasonView{&cfg, &rules, &state, &result.next, &result.log}, *templates_);
  const std::string& text = set.players[0].text;
  for (const std::string& line : std::vector<std::string>{
           ", in " + rules.province(home).name +
               "; it could do nothing there, and Player red took it all the same\n",
           "; the season's event is not one Player yellow asked to cancel, so it stays in force\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  EXPECT_EQ(text.find("A favour card took the event out of force"), std::string::npos);
  // The template of the season with card #1 shown says how to leave the event; one without it
  // does not.
  const report::ReportSet opening =
      report::build_reports(SeasonView{&cfg, &rules, &state, &state, nullptr}, *templates_);
  const std::string& tmpl = *opening.players[0].orders;
  for (const char* line :
       {"# A card you wish for and can pay for is yours even when it can do",
        "# A card that cancels the season's event may leave it: `cancel: [...]`"})
    EXPECT_NE(tmpl.find(line), std::string::npos) << line << "\n" << tmpl;
  const bool one_shown =
      std::count(result.next.court.display.begin(), result.next.court.display.end(), 1) > 0;
  EXPECT_EQ(set.players[0].orders->find("`cancel: [...]`") != std::string::npos, one_shown);
}

TEST_F(Reports, WhatTheMilitaryLeaderAddsIsExplainedAfterTheTile) {
  Ruleset rules = *rules_;
  loading::load_leaders(testing::source_data_dir() / "modules/leaders", rules);
  const GameConfig cfg = config(3);
  GameState state = new_game(NewGame{"reports", {"red", "blue", "yellow"}, 8}, rules);
  const ProvinceId where = state.provinces_of(state.player_index(0)).front();
  state.players[0].leader = where;
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, rules));
  orders[0].actions[index_of(space::taxes)] = ActionOrder{where, std::nullopt, ArmyCount{}, 1};
  orders[0].actions[index_of(space::armies3)] = ActionOrder{where, std::nullopt, ArmyCount{}, 1};
  const SeasonResult result = resolve_season(state, orders, {}, rules);
  const std::string text =
      report::build_reports(SeasonView{&cfg, &rules, &state, &result.next, &result.log},
                            *templates_)
          .public_text;
  EXPECT_NE(text.find(", +1 by the leader = "), std::string::npos) << text;
  EXPECT_NE(
      text.find("and placed 4 armies in " + rules.province(where).name + " (3, +1 by the leader)"),
      std::string::npos)
      << text;
}

TEST_F(Reports, LeadersAreToldAsTheyMovedAndTheOrderTemplateSaysWhereTheLeaderMayGo) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  GameConfig cfg = config(3);
  cfg.expansions = {"leaders"};
  const GameState state = new_game(NewGame{"reports", {"red", "blue", "yellow"}, 8}, rules);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, rules));
  const ProvinceId gft_mark = *rules.find_province("gft_mark");
  const ProvinceId koeln = *rules.find_province("koeln");
  orders[0].leader = LeaderOrder{gft_mark, koeln, true};
  const SeasonResult result = resolve_season(state, orders, {}, rules);
  const report::ReportSet set = report::build_reports(
      SeasonView{&cfg, &rules, &state, &result.next, &result.log}, *templates_);
  const std::string& text = set.players[0].text;
  EXPECT_NE(text.find("\nMilitary leaders placed, in turn order:\n"), std::string::npos) << text;
  EXPECT_LT(text.find("Military leaders placed"), text.find("Slot 1:"))
      << "placed before the actions";
  EXPECT_NE(text.find("  - Player red placed the leader in Gft. Mark.\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("\nMilitary leaders, moved after the ten actions in turn order (and taken "
                      "off when their province was lost):\n"),
            std::string::npos)
      << text;
  EXPECT_GT(text.find("Military leaders, moved"), text.find("Slot 10:")) << "moved after them";
  EXPECT_NE(text.find("  - Player red’s leader went from Gft. Mark to Erzbm. Köln, leaving a "
                      "statue in Gft. Mark.\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(" placed the leader in Strassburg (no province was named: the one with the "
                      "most armies).\n"),
            std::string::npos)
      << "blue named no province";
  const auto line_at = text.find("  - Gft. Mark (Kurpfalz): ");
  ASSERT_NE(line_at, std::string::npos) << text;
  const std::string line = text.substr(line_at, text.find('\n', line_at) - line_at);
  EXPECT_NE(line.find("; 1 statue of Player red. Grain"), std::string::npos)
      << "the province lines show the statues: " << line;
  EXPECT_NE(text.find("    leader in Erzbm. Köln; 1 statue on the board, 5 left; 0 trophies\n"),
            std::string::npos)
      << text;
  EXPECT_NE(set.players[0].html.find("<h3 style=\"font-size:16px;margin:14px 0 4px\">Military "
                                     "leaders</h3>"),
            std::string::npos);
  const std::string& tmpl = *set.players[0].orders;
  EXPECT_NE(tmpl.find("# Military leader: in Erzbm. Köln. In its province: Build palace 1 thaler "
                      "less; Build church 1 thaler less; Build trading house 1 thaler less; "
                      "Collect grain 1 more; Collect taxes 1 more; Place 5 armies 1 more army; "
                      "Place 3 armies 1 more army; Place or move 1 army 1 more army.\n"),
            std::string::npos)
      << tmpl;
  EXPECT_NE(tmpl.find("# After the ten actions it must move to another province of yours: Gft. "
                      "Mark, Niederösterreich, Oberösterreich, Osnabrück, Passau, Sächs. Lande, "
                      "Erzbm. Trier, Vogtland. A move next door (Gft. Mark, Osnabrück) may leave a "
                      "statue behind (5 left); a move further away leaves none.\n"),
            std::string::npos)
      << "D-45: " << tmpl;
  EXPECT_NE(tmpl.find("\nleader: {}   # place: "), std::string::npos) << tmpl;
  const auto checked =
      check_order_source(SourceFile{"t.yaml", tmpl}, result.next, rules, testing::problem_texts());
  ASSERT_EQ(checked.diagnostics.size(), 2u)
      << "the cards are left to choose, and where the leader goes is told: "
      << format_all(checked.diagnostics);
  EXPECT_NE(checked.diagnostics[1].message.find("no move_to: after the ten actions your leader "
                                                "must move, and goes to"),
            std::string::npos)
      << checked.diagnostics[1].message;
}

TEST_F(Reports, ABaseGamesReportsSayNothingOfTheLandsknechte) {
  const GameConfig cfg = config(3);
  const GameState state = new_game(NewGame{"reports", {"red", "blue", "yellow"}, 8}, *rules_);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, *rules_));
  for (const std::string& text :
       everything_sent(reports(cfg, state, resolve_season(state, orders, {}, *rules_))))
    EXPECT_EQ(text.find("andsknecht"), std::string::npos);
}

TEST_F(Reports, ReportsAreTheSameForTheSameSeason) {
  const GameConfig cfg = config(5);
  NewGame spec{"reports", {"red", "blue", "yellow", "green", "black"}, 3};
  const GameState state = new_game(spec, *rules_);
  Rng rng(4);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 5; ++p)
    orders.push_back(random_orders(state, *rules_, state.player_index(p), rng));
  const SeasonResult result = resolve_season(state, orders, {}, *rules_);
  EXPECT_EQ(report::report_files(reports(cfg, state, result)),
            report::report_files(reports(cfg, state, result)));
}

TEST_F(Reports, ABrokenTemplateIsReportedWithItsFile) {
  testing::TempDir dir;
  std::filesystem::copy(testing::source_path("templates"), dir.path(),
                        std::filesystem::copy_options::recursive);
  testing::write_text(dir / "text/subject.mustache", "Report {{#season}} unclosed\n");
  const auto broken = Templates::load(dir.path());
  const GameConfig cfg = config(3);
  NewGame spec{"reports", {"red", "blue", "yellow"}, 8};
  const GameState state = new_game(spec, *rules_);
  SeasonView in{&cfg, rules_, &state, &state, nullptr};
  try {
    report::build_reports(in, broken);
    FAIL() << "a broken template was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().path, (dir / "text/subject.mustache").string());
    EXPECT_NE(e.diagnostics().front().message.find("broken template: Unclosed section \"season\""),
              std::string::npos)
        << e.diagnostics().front().message;
  }
}

/// A season of pass orders for `players` players from seed `seed`, resolved.
struct Passed {
  GameConfig cfg;
  GameState state;
  SeasonResult result;
};

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

class ReportTexts : public Reports {
 protected:
  static Passed passed(int players, std::uint64_t seed, int season_index = 1) {
    Passed p{config(players), {}, {}};
    NewGame spec{"reports", {}, seed};
    for (const auto& pl : p.cfg.players) spec.player_ids.push_back(pl.id);
    p.state = new_game(spec, *rules_);
    std::vector<Orders> orders;
    for (std::size_t i = 0; i < p.state.players.size(); ++i) {
      orders.push_back(pass_orders(p.state.player_index(i), p.state, *rules_));
    }
    while (p.state.season_index < season_index) {
      p.state = resolve_season(p.state, orders, {}, *rules_).next;
      for (std::size_t i = 0; i < orders.size(); ++i)
        orders[i] = pass_orders(p.state.player_index(i), p.state, *rules_);
    }
    p.result = resolve_season(p.state, orders, {}, *rules_);
    return p;
  }
  static report::ReportSet render(const Passed& p) { return reports(p.cfg, p.state, p.result); }
  /// Red attacks blue's Kursachsen from Vogtland on slot 4 with `attacking` against `defending`.
  static Battle battle_for_kursachsen(int attacking, int defending) {
    Battle battle;
    battle.slot = 4;
    battle.attacker = PlayerIndex{0};
    battle.defender = PlayerIndex{1};
    battle.from = *rules_->find_province("vogtland");
    battle.target = *rules_->find_province("kursachsen");
    battle.attacking = attacking;
    battle.defending = defending;
    return battle;
  }
};

TEST_F(ReportTexts, TheNextYearsEventsAreNamedOnceInTheWinterReport) {
  const Passed autumn = passed(3, 8, 3);
  ASSERT_TRUE(autumn.result.log.winter);
  ASSERT_EQ(autumn.result.log.winter->next_year_events.size(), 4u);
  const auto set = render(autumn);
  EXPECT_EQ(count_of(set.public_text, "The events of the next year:"), 1u) << set.public_text;
  EXPECT_EQ(count_of(set.players[0].text, "The events of the next year:"), 1u);
  EXPECT_EQ(count_of(set.players[0].html, "The events of the next year:"), 1u);
  const std::string& first = rules_->event(autumn.result.log.winter->next_year_events[0]).name;
  EXPECT_NE(set.public_text.find("The events of the next year: " + first + ", "),
            std::string::npos);
}

TEST_F(ReportTexts, PlayersWithoutOrdersAreNamedInOneSentence) {
  Passed p = passed(3, 8);
  p.result.log.nmr = {PlayerIndex{0}, PlayerIndex{2}};
  const auto set = render(p);
  for (const std::string* text : {&set.public_text, &set.players[1].text, &set.players[1].html}) {
    EXPECT_EQ(count_of(*text, "No orders came from"), 1u) << *text;
    EXPECT_NE(text->find("No orders came from Player red, Player yellow: they passed (NMR)."),
              std::string::npos);
  }
}

TEST_F(Reports, TheForecastSaysInWordsWhatWouldBeCancelledAsThingsStand) {
  const ProvinceId passau = *rules_->find_province("passau");
  const ProvinceId trier = *rules_->find_province("trier");
  ShortOfThaler s;
  s.thaler = 5;
  s.bid = 2;
  s.costs = 6;
  s.collects_taxes = true;
  s.cancelled = {PlannedCost{space::church, passau, 2, 3}};
  s.at_risk = {PlannedCost{space::palace, trier, 3, 0}, PlannedCost{space::army1, passau, 1, 0}};
  s.at_risk_fewest = 0;
  s.at_risk_most = 1;
  const auto lines = report::forecast_lines(
      {s, RevoltAhead{space::taxes, trier, 1, 3}, FewArmies{space::battle_b, passau, 1, 2, true}},
      *rules_, *templates_);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(
      lines[0],
      "your planned costs of 6 thaler and the bid of 2 come to 8, but you have 5 thaler; if "
      "nothing else changes (taxes on a face-down slot are not counted: they may pay in time "
      "if their card comes up early), Build church in Passau (slot 3) would be cancelled, and "
      "in the order the face-down cards come up, up to 1 of Build palace in Erzbm. Trier, "
      "Place or move 1 army in Passau would be cancelled");
  // Without a bid the costs are not "come to" themselves; face-up taxes are counted.
  s.bid = 0;
  s.costs = 7;
  s.collects_taxes = false;
  s.income_counted = 1;
  const auto plain = report::forecast_lines({s}, *rules_, *templates_);
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(plain[0].rfind("your planned costs come to 7 thaler, but you have 5 thaler and the "
                           "taxes on a face-up slot bring at least 1 on the way; if nothing else "
                           "changes, Build church",
                           0),
            0u)
      << plain[0];
  EXPECT_EQ(lines[1],
            "Collect taxes in Erzbm. Trier starts a revolt: 1 revolt marker lies there, so 1 "
            "peasant rises against "
            "your 3 armies; the income is kept either way");
  EXPECT_EQ(lines[2],
            "Battle/move B from Passau may have too few armies: 1 army there now, 2 needed when it "
            "is played (one "
            "always stays) unless your placement there comes first, else it is cancelled");
}

TEST_F(Reports, TheFirstEditionsForecastNamesArmiesHeldBackAndNoBonusTiles_Rules12) {
  const Ruleset first =
      load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1, {});
  const ProvinceId passau = *first.find_province("passau");
  const ProvinceId trier = *first.find_province("trier");
  const BattleAhead defended{
      space::battle_a, passau, trier, 4, 2, true, BattleOdds{0.59, 0.17, 0.24}};
  const BattleAhead alone{space::battle_b, trier, passau, 2, 1, true, BattleOdds{0.5, 0.2, 0.3}};
  const auto lines = report::forecast_lines({RevoltAhead{space::taxes, trier, 1, 2, 3}},
                                            {defended, alone}, first, *templates_);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(
      lines[2],
      "Battle/move B from Erzbm. Trier, if fought as things stand: 50% win, 20% tie, 30% lose "
      "with 2 armies against 1 army in Passau (1:1 odds to win; the event not counted)")
      << "one army cannot hold any back";
  EXPECT_EQ(lines[0],
            "Collect taxes in Erzbm. Trier starts a revolt: 1 revolt marker lies there, so 1 "
            "peasant rises against your 2 armies (3 held back by defend_with, lost if the revolt "
            "succeeds); the income is kept either way");
  EXPECT_EQ(lines[1],
            "Battle/move A from Passau, if fought as things stand: 59% win, 17% tie, 24% lose with "
            "4 armies against at most 2 armies in Erzbm. Trier (the defender may hold some back) "
            "(3:2 odds to win; the event not counted)");
}

TEST_F(Reports, TheForecastGivesEachPlannedBattleItsOddsInWords) {
  const ProvinceId passau = *rules_->find_province("passau");
  const ProvinceId trier = *rules_->find_province("trier");
  const BattleAhead defended{
      space::battle_a, passau, trier, 4, 2, true, BattleOdds{0.59, 0.17, 0.24}};
  const BattleAhead neutral{
      space::battle_b, trier, passau, 1, 0, false, BattleOdds{0.003, 0.001, 0.996}};
  const auto lines = report::forecast_lines({FewArmies{space::battle_b, trier, 1, 2, false}},
                                            {defended, neutral}, *rules_, *templates_);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].rfind("Battle/move B from Erzbm. Trier may have too few armies", 0), 0u)
      << "warnings first";
  EXPECT_EQ(lines[1],
            "Battle/move A from Passau, if fought as things stand: 59% win, 17% tie, 24% lose with "
            "4 armies against 2 "
            "armies in Erzbm. Trier (3:2 odds to win; bonus tiles and the event not counted)");
  // Rounding never hides that something can happen, or that it can fail.
  EXPECT_EQ(lines[2],
            "Battle/move B from Erzbm. Trier, if fought as things stand: under 1% win, under 1% "
            "tie, over 99% lose with "
            "1 army against the peasants of neutral Passau (worse than 1:10 odds to win; bonus "
            "tiles and the event not "
            "counted)");
}

TEST(Templates, NoSectionLoopsInsideASectionOfTheSameName) {
  // `{{#list}}...{{#list}}{{name}}{{/list}}...{{/list}}` meant as "if any, then each" repeats the
  // whole sentence once per item; a guard needs its own key (`list_any`).
  const std::regex tag(R"(\{\{([#^/])\s*([\w.]+)\s*\}\})");
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(testing::source_path("templates"))) {
    if (entry.path().extension() != ".mustache") continue;
    const std::string text = testing::read_text(entry.path());
    std::vector<std::pair<char, std::string>> open;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), tag);
         it != std::sregex_iterator(); ++it) {
      const char kind = (*it)[1].str()[0];
      const std::string name = (*it)[2];
      if (kind == '/') {
        while (!open.empty() && open.back().second != name) open.pop_back();
        if (!open.empty()) open.pop_back();
        continue;
      }
      if (kind == '#') {
        for (const auto& [k, n] : open) {
          EXPECT_FALSE(k == '#' && n == name)
              << entry.path().filename() << ": {{#" << name << "}} inside {{#" << name << "}}";
        }
      }
      open.emplace_back(kind, name);
    }
  }
}

TEST_F(ReportTexts, HtmlEventListsCarryOneBulletPerEvent) {
  const std::string html = render(passed(3, 8)).players[0].html;
  std::size_t marks = 0;
  for (const std::string mark : {">• ", ">✓ "}) {
    for (auto at = html.find(mark); at != std::string::npos;
         at = html.find(mark, at + 1), ++marks) {
      const auto list = html.rfind("<ul", at);
      ASSERT_NE(list, std::string::npos);
      EXPECT_NE(html.substr(list, html.find('>', list) - list).find("list-style:none"),
                std::string::npos)
          << "a drawn bullet inside a bulleted list: " << html.substr(list, at - list + 8);
    }
  }
  EXPECT_EQ(marks, 4u) << "the year's four events";
}

TEST_F(ReportTexts, PeasantsStayingOutOfABattleAreMentionedOnlyWhenSomeCameOutOfTheTower) {
  Passed p = passed(3, 8);
  Battle battle = battle_for_kursachsen(3, 2);
  battle.peasants_stay_out = true;
  battle.tower.fighting.n = {3, 2, 0, 0, 0, 0};
  battle.tower.out.n = {2, 1, 0, 0, 0, 0};
  battle.attacker_count = 2;
  battle.defender_count = 1;
  battle.result = BattleResult::attacker;
  battle.survivors = 1;
  p.result.log.entries = {battle};
  const std::string none_out = render(p).public_text;
  EXPECT_NE(none_out.find("2 against 1. Player red won"), std::string::npos) << none_out;
  EXPECT_EQ(none_out.find("stayed out"), std::string::npos) << none_out;
  battle.tower.out.peasants() = 2;
  p.result.log.entries = {battle};
  const std::string two_out = render(p).public_text;
  EXPECT_NE(two_out.find("2 against 1 (2 peasants in the tray stayed out of it: the province has "
                         "revolt markers)."),
            std::string::npos)
      << two_out;
}

TEST_F(ReportTexts, ADefenderHoldingWithTheArmiesHeldBackAloneIsToldSo_D41) {
  Passed p = passed(3, 8);
  Battle battle = battle_for_kursachsen(1, 1);
  battle.held_back = 3;
  battle.tower.fighting.n = {1, 1, 0, 0, 0, 0};
  battle.tower.out.n = {1, 0, 0, 0, 0, 0};
  battle.tower.out.peasants() = 2;
  battle.attacker_count = 1;
  battle.defender_peasants = 2;
  battle.defender_count = 2;
  battle.result = BattleResult::defender;
  battle.survivors = 0;
  p.result.log.entries = {battle};
  const std::string text = render(p).public_text;
  EXPECT_NE(text.find(" held Kursachsen with the 3 armies held back."), std::string::npos) << text;
  EXPECT_EQ(text.find("with 0 armies"), std::string::npos) << text;
}

TEST_F(ReportTexts, TurnOrderSaysWhoBidWhatTheRankingAndTheTileAndPlaceEachTook) {
  Passed p = passed(3, 8);
  SeasonLog& log = p.result.log;
  const ProvinceId passau = *rules_->find_province("passau");
  log.bids = {{PlayerIndex{0}, Bid{BidKind::province, 0, passau}, 0},
              {PlayerIndex{1}, Bid{BidKind::coin, 2, {}}, 2},
              {PlayerIndex{2}, Bid{BidKind::province, 0, *rules_->find_province("augsburg")}, 0}};
  log.bid_ranking = {PlayerIndex{1}, PlayerIndex{2}, PlayerIndex{0}};
  log.tiles = {{PlayerIndex{0}, *rules_->find_tile("thaler")},
               {PlayerIndex{1}, *rules_->find_tile("attack")},
               {PlayerIndex{2}, *rules_->find_tile("defense")}};
  p.state.bonus_tiles = {*rules_->find_tile("thaler"), *rules_->find_tile("grain"),
                         *rules_->find_tile("attack"), *rules_->find_tile("armies"),
                         *rules_->find_tile("defense")};
  log.turn_order = {PlayerIndex{0}, PlayerIndex{1}, PlayerIndex{2}};
  const std::string text = render(p).public_text;
  EXPECT_NE(
      text.find("Bids, best first (coins 4 to 1, then province cards, then 0, then no card; equal "
                "bids ranked by "
                "lot). In this order each player took a free bonus tile; the tile's position is "
                "their place in "
                "the turn order:\n"
                "  1. Player blue bid 2 (paid 2 thaler): took “+1 attack cube” on position 2\n"
                "  2. Player yellow bid a province card (Augsburg), ranked by lot: took “+1 "
                "defense cube” on "
                "position 3\n"
                "  3. Player red bid a province card (Passau), ranked by lot: took “+1 thaler” on "
                "position 1\n"
                "Turn order: 1. Player red (+1 thaler), 2. Player blue (+1 attack cube), 3. Player "
                "yellow (+1 "
                "defense cube).\n"),
      std::string::npos)
      << text;
}

TEST_F(ReportTexts, EachPlayersReportOpensWithWhatTheSeasonChangedForThem) {
  Passed p = passed(3, 8);
  const ProvinceId vogtland = *rules_->find_province("vogtland");
  ASSERT_EQ(p.result.next.at(vogtland).owner, PlayerIndex{0});
  p.result.next.at(vogtland).owner = PlayerIndex{1};  // blue took Vogtland from red in battle
  Battle battle;
  battle.slot = 3;
  battle.attacker = PlayerIndex{1};
  battle.defender = PlayerIndex{0};
  battle.target = vogtland;
  battle.from = *rules_->find_province("kursachsen");
  battle.result = BattleResult::attacker;
  Cancelled cancelled;
  cancelled.slot = 5;
  cancelled.action = space::palace;
  cancelled.player = PlayerIndex{0};
  cancelled.province = *rules_->find_province("passau");
  cancelled.reason = CancelReason::not_enough_thaler;
  cancelled.need = 3;
  cancelled.have = 1;
  p.result.log.entries = {battle, cancelled};
  p.result.next.players[0].thaler = p.state.players[0].thaler - 3;
  p.result.next.players[0].vp = 4;
  const auto set = render(p);
  const std::string& red = set.players[0].text;
  const auto summary = red.find("YOUR SEASON\n");
  ASSERT_NE(summary, std::string::npos) << red;
  EXPECT_LT(summary, red.find("WHAT HAPPENED")) << "the summary opens the report";
  const std::string place = std::to_string(
      std::find(p.result.log.turn_order.begin(), p.result.log.turn_order.end(), PlayerIndex{0}) -
      p.result.log.turn_order.begin() + 1);
  const std::string thaler = std::to_string(p.state.players[0].thaler);
  EXPECT_NE(red.find("YOUR SEASON\nProvinces lost: Vogtland (taken by Player blue).\nCancelled:\n"
                     "  - slot 5: Player red: Build palace in Passau was cancelled: it costs 3 "
                     "thaler, there was 1.\n"
                     "Thaler " +
                     thaler + " → " + std::to_string(p.state.players[0].thaler - 3) +
                     " (−3), grain 0 → 0, VP 0 → 4 (+4).\nTurn order: you played at place " +
                     place + " of 3 (“"),
            std::string::npos)
      << red;
  EXPECT_NE(red.find("Standing: place 1 of 3 (most VP, then most thaler)."), std::string::npos)
      << red;
  EXPECT_NE(
      set.players[1].text.find("YOUR SEASON\nProvinces won: Vogtland (taken from Player red).\n"
                               "None of your actions was cancelled.\n"),
      std::string::npos)
      << set.players[1].text;
  EXPECT_NE(set.players[2].text.find("YOUR SEASON\nNo province of yours changed hands.\n"),
            std::string::npos);
  EXPECT_NE(set.players[0].html.find("<b>Provinces lost:</b> Vogtland (taken by Player blue)."),
            std::string::npos);
  EXPECT_EQ(set.public_text.find("YOUR SEASON"), std::string::npos)
      << "the public report has no summary";
}

TEST_F(ReportTexts, TheFinalReportRanksEveryPlayerAndExplainsTheTieBreak) {
  Passed p = passed(4, 9);
  GameState& end = p.result.next;
  end.finished = true;
  const std::vector<std::pair<int, int>> vp_thaler = {{30, 5}, {30, 9}, {22, 4}, {22, 4}};
  for (std::size_t i = 0; i < 4; ++i)
    end.players[i].vp = vp_thaler[i].first, end.players[i].thaler = vp_thaler[i].second;
  end.winners = {PlayerIndex{1}};
  const auto set = render(p);
  for (const std::string* text : {&set.public_text, &set.players[2].text}) {
    EXPECT_NE(
        text->find(
            "Final ranking (most VP; with equal VP, most thaler; still equal, the place is "
            "shared):\n"
            "  1. Player blue (blue): 30 VP, 9 thaler; as many VP as Player red, so thaler decide: "
            "the "
            "winner\n"
            "  2. Player red (red): 30 VP, 5 thaler; as many VP as Player blue, so thaler decide\n"
            "  3. Player yellow (yellow): 22 VP, 4 thaler; as many VP and thaler as Player green, "
            "so the "
            "place is shared\n"
            "  3. Player green (green): 22 VP, 4 thaler; as many VP and thaler as Player yellow, "
            "so the "
            "place is shared\n"),
        std::string::npos)
        << *text;
  }
  EXPECT_NE(set.players[0].html.find("as many VP and thaler as Player green: shared"),
            std::string::npos);
}

TEST_F(ReportTexts, TheFinalReportOpensWithTheResultAndThePlayersOwnPlace) {
  Passed p = passed(4, 9);
  GameState& end = p.result.next;
  end.finished = true;
  const std::vector<int> vp = {30, 31, 22, 22};
  for (std::size_t i = 0; i < 4; ++i) end.players[i].vp = vp[i];
  end.winners = {PlayerIndex{1}};
  const auto set = render(p);
  const auto opening = [](const std::string& text) {  // the first lines, before the season
    return text.substr(0, text.find("The map of the season"));
  };
  EXPECT_NE(opening(set.players[0].text)
                .find("THE GAME IS OVER. Winner: Player blue, 31 VP. You finished in place 2 of "
                      "4 with 30 VP. The final ranking follows the standings below.\n"),
            std::string::npos)
      << set.players[0].text;
  EXPECT_NE(opening(set.players[1].text).find("Player blue, 31 VP. You won with 31 VP."),
            std::string::npos)
      << set.players[1].text;
  EXPECT_NE(set.public_text.find("THE GAME IS OVER. Winner: Player blue, 31 VP. The final"),
            std::string::npos)
      << set.public_text;
  EXPECT_LT(set.players[3].html.find("<b>The game is over.</b>"),
            set.players[3].html.find("Standings"));
  EXPECT_NE(set.players[3].html.find("You finished in place 3 of 4 with 22 VP."),
            std::string::npos);
}

TEST_F(ReportTexts, TheOrderTemplateDescribesEachProvinceAndItsNeighboursInComments) {
  Passed p = passed(3, 8);
  const ProvinceId mark = *rules_->find_province("gft_mark");
  p.result.next.at(mark).buildings[static_cast<std::size_t>(Building::church)] = true;
  p.result.next.at(mark).revolt_markers = 1;
  const std::string orders = *render(p).players[0].orders;
  const int armies = p.result.next.at(mark).armies;
  const std::string line = "#   Gft. Mark: " + std::to_string(armies) +
                           " armies; church; 1 revolt marker; " +
                           std::to_string(rules_->province(mark).sites - 1) + " free ";
  EXPECT_NE(orders.find(line), std::string::npos) << orders;
  // Each neighbour with its holder and armies, e.g. "Kursachsen (green, 8)"; neutral ones hold
  // none.
  const std::string next_to = orders.substr(orders.find('\n', orders.find(line)) + 1);
  EXPECT_EQ(next_to.rfind("#     next to ", 0), 0u) << next_to;
  for (ProvinceId n : rules_->province(mark).neighbours) {
    if (!rules_->in_play(n, 3)) continue;
    const auto& owner = p.result.next.at(n).owner;
    const std::string who =
        !owner ? "neutral"
        : *owner == PlayerIndex{0}
            ? "yours, " + std::to_string(p.result.next.at(n).armies)
            : p.result.next.player(*owner).id + ", " + std::to_string(p.result.next.at(n).armies);
    EXPECT_NE(
        next_to.substr(0, next_to.find('\n')).find(rules_->province(n).name + " (" + who + ")"),
        std::string::npos)
        << next_to.substr(0, next_to.find('\n'));
  }
  // Still an order file: comments only.
  const auto checked = check_order_source(SourceFile{"red.yaml", orders}, p.result.next, *rules_,
                                          testing::problem_texts());
  ASSERT_EQ(checked.diagnostics.size(), 1u) << format_all(checked.diagnostics);
}

TEST_F(ReportTexts, CountsOfOneAreSingularAndNothingIsWrittenAsPluralInBrackets) {
  const GameConfig cfg = config(4);
  NewGame spec{"reports", {"red", "blue", "yellow", "green"}, 11};
  GameState state = new_game(spec, *rules_);
  Rng rng(5);
  std::size_t checked = 0;
  while (!state.finished) {
    std::vector<Orders> orders;
    for (std::size_t p = 0; p < 4; ++p)
      orders.push_back(random_orders(state, *rules_, state.player_index(p), rng));
    const SeasonResult result = resolve_season(state, orders, {}, *rules_);
    for (std::string text : everything_sent(reports(cfg, state, result))) {
      // The bonus tile "armies" may lie on position 1: "Bonus tiles: 1 armies, ...".
      for (auto at = text.find("Bonus tiles"); at != std::string::npos;
           at = text.find("Bonus tiles", at + 1)) {
        text.erase(at, text.find('\n', at) - at);
      }
      EXPECT_EQ(text.find("(s)"), std::string::npos) << text.substr(text.find("(s)") - 80, 120);
      for (const char* wrong :
           {" 1 armies", " 1 provinces", " 1 markers", " 1 buildings", " 1 sites", " 1 peasants",
            " 1 revolts", " 1 spaces", "were 1.", " 1 free sites"}) {
        EXPECT_EQ(text.find(wrong), std::string::npos)
            << wrong << " in " << text.substr(text.find(wrong) - 60, 120);
      }
      ++checked;
    }
    state = result.next;
  }
  EXPECT_GT(checked, 6u * 4u);
}

TEST_F(ReportTexts, EveryCharacterOfTheReportsIsDrawnByTheDefaultFont) {
  // DejaVu Sans is the font the reports name and install-deps installs; an emoji it lacks is
  // drawn as a box or depends on the reader's fonts.
  PangoFontMap* map = pango_cairo_font_map_get_default();
  PangoContext* context = pango_font_map_create_context(map);
  PangoFontDescription* description = pango_font_description_from_string("DejaVu Sans 12");
  PangoFont* font = pango_font_map_load_font(map, context, description);
  ASSERT_NE(font, nullptr);
  PangoFontDescription* loaded = pango_font_describe(font);
  ASSERT_STREQ(pango_font_description_get_family(loaded), "DejaVu Sans")
      << "install fonts-dejavu-core";
  std::string all;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(testing::source_path("templates"))) {
    if (entry.path().extension() == ".mustache") all += testing::read_text(entry.path());
  }
  const Passed p = passed(3, 8, 3);
  for (const std::string& text : everything_sent(render(p))) all += text;
  for (const auto& e : rules_->events) all += e.name + e.text;
  std::set<gunichar> missing;
  for (const char* at = all.c_str(); *at; at = g_utf8_next_char(at)) {
    const gunichar c = g_utf8_get_char(at);
    if (c >= 0x80 && !pango_font_has_char(font, c)) missing.insert(c);
  }
  std::string list;
  for (gunichar c : missing) {
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X ", c);
    list += code;
  }
  EXPECT_TRUE(missing.empty()) << "characters DejaVu Sans cannot draw: " << list;
  pango_font_description_free(loaded);
  pango_font_description_free(description);
  g_object_unref(font);
  g_object_unref(context);
}

TEST(Mime, HeadersWithUmlautsUseRfc2047) {
  EXPECT_EQ(mail::encode_header("Jörg"), "=?UTF-8?B?SsO2cmc=?=");
  EXPECT_EQ(mail::encode_header("plain ASCII"), "plain ASCII");
  EXPECT_EQ(mail::format_mailbox({"Jörg Krämer", "joerg@example.org"}),
            "=?UTF-8?B?SsO2cmcgS3LDpG1lcg==?= <joerg@example.org>");
  EXPECT_EQ(mail::format_mailbox({"Anna \"A\" Weber", "anna@example.org"}),
            "\"Anna \\\"A\\\" Weber\" <anna@example.org>");
}

TEST(Mime, QuotedPrintableKeepsLinesShortAndEncodesWhatItMust) {
  EXPECT_EQ(mail::quoted_printable("Grüße = x \n"), "Gr=C3=BC=C3=9Fe =3D x=20\r\n");
  const std::string long_line(200, 'a');
  const std::string encoded = mail::quoted_printable(long_line);
  std::size_t start = 0;
  while (start < encoded.size()) {
    const auto end = encoded.find("\r\n", start);
    EXPECT_LE(end - start, 76u);
    start = end + 2;
  }
}

TEST(Mime, Base64MatchesTheStandardVectors) {
  EXPECT_EQ(mail::base64("foobar"), "Zm9vYmFy\r\n");
  EXPECT_EQ(mail::base64("fooba"), "Zm9vYmE=\r\n");
  EXPECT_EQ(mail::base64("f"), "Zg==\r\n");
}

TEST(Mime, Base64LinesHold76CharactersAndOnlyTheLastIsPadded) {
  std::string data;
  for (int b = 0; b < 58; ++b) data += static_cast<char>(b);
  for (int b = 200; b < 256; ++b) data += static_cast<char>(b);
  data += '\x01';
  EXPECT_EQ(mail::base64(data),
            "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4\r\n"
            "OcjJysvMzc7P0NHS09TV1tfY2drb3N3e3+Dh4uPk5ebn6Onq6+zt7u/w8fLz9PX29/j5+vv8/f7/\r\n"
            "AQ==\r\n");
  EXPECT_EQ(mail::base64(""), "");
}

TEST(Mime, AnAddressWithoutAtIsRefused) {
  EXPECT_THROW(mail::parse_mailbox("GM <gm>", "from"), InputError);
  const auto m = mail::parse_mailbox("\"Spielleiter Müller\" <gm@example.org>", "from");
  EXPECT_EQ(m.name, "Spielleiter Müller");
  EXPECT_EQ(m.address, "gm@example.org");
}

TEST_F(Reports, APlayerWithoutProvincesHasNoEmptyLineAndTheOpeningSubjectNoRepetition) {
  const GameConfig cfg = config(3);
  GameState state = new_game(NewGame{"reports", {"red", "blue", "yellow"}, 5}, *rules_);
  for (auto& p : state.provinces) {
    if (p.owner && p.owner->value == 1) p.owner = PlayerIndex{0};
  }
  const auto set =
      report::build_reports(SeasonView{&cfg, rules_, &state, &state, nullptr}, *templates_);
  for (const std::string& text : {set.public_text, set.players[0].text, set.players[1].text}) {
    const auto at = text.find("STANDINGS");
    ASSERT_NE(at, std::string::npos);
    std::istringstream lines(text.substr(at));
    std::string line;
    while (std::getline(lines, line) && !line.empty())
      EXPECT_NE(line.find_first_not_of(' '), std::string::npos) << "a line of blanks:\n" << text;
  }
  EXPECT_EQ(set.players[0].subject, "Wallenstein “reports” — 1618-spring opens");
  EXPECT_EQ(set.players[0].text.find('\n'), set.players[0].text.find_first_of('\n'));
  EXPECT_NE(set.players[0].text.front(), '\n') << "no report starts with a blank line";
}

/// The data and templates of the public site in language `code` for the season `p` resolved:
/// the season's page (the public HTML report with the site flag), the game's page with every
/// part shown (the season open, the map, a chart, the tower, the archive) and the index.
struct SitePages {
  std::string season;
  std::string game;
  std::string index;
};

SitePages site_pages(const Passed& p, const Ruleset& rules, const Templates& all,
                     const std::string& code) {
  using kainjow::mustache::list;
  using kainjow::mustache::object;
  const Templates templates = all.in(code);
  const Ruleset named = in_language(rules, templates.words());
  const SeasonView view = report::view_in(
      SeasonView{&p.cfg, &rules, &p.state, &p.result.next, &p.result.log}, named, templates);
  SitePages pages;
  report::Data season = report::report_data(view, std::nullopt);
  season["map_src"] = std::string("01-1618-spring.png");
  season["site"] = object{{"css", std::string("../style.css")},
                          {"script", std::string("../keys.js")},
                          {"home", std::string("../index.html")},
                          {"earlier", false},
                          {"later", false}};
  pages.season = templates.render(Format::html, "report", season);

  report::Data game = report::report_data(view, std::nullopt);
  list players, names;
  for (const PlayerInfo& info : p.cfg.players) {
    players.push_back(object{{"name", info.name},
                             {"colour", colour_name(templates.words(), info.id)},
                             {"swatch", std::string("#000000")},
                             {"paused", false}});
    names.push_back(object{{"name", info.name}});
  }
  ::pbem::mark_last(players);
  ::pbem::mark_last(names);
  report::Data chart = object{{"src", std::string("charts/vp.svg")},
                              {"title", std::string("VP")},
                              {"x_labels", list{object{{"label", std::string("1618")}}}},
                              {"rows", list{object{{"label", std::string("Player red")},
                                                   {"values", list{object{{"value", "1"}}}}}}}};
  report::Data site = object{};
  site["root"] = std::string("../index.html");
  site["program"] = std::string("wallenstein");
  site["first_edition"] = false;
  site["player_count"] = std::to_string(p.cfg.players.size());
  site["resolved_count"] = std::string("1");
  site["players"] = players;
  site["open"] = object{{"season", std::string("1618-summer")},
                        {"sent_count", std::string("1")},
                        {"waiting_any", true},
                        {"sent", names},
                        {"waiting", names}};
  site["seasons_any"] = true;
  site["seasons"] = list{object{{"href", std::string("seasons/01-1618-spring.html")},
                                {"season", std::string("1618-spring")},
                                {"battles", std::string("2")},
                                {"battles_one", false}}};
  site["map"] = object{{"src", std::string("map.png")}, {"after", std::string("1618-spring")}};
  site["charts_any"] = true;
  site["charts"] = list{chart};
  site["tower"] = object{{"src", std::string("charts/tower.svg")},
                         {"bars", list{object{{"label", std::string("Player red")},
                                              {"thrown", std::string("3")},
                                              {"out", std::string("2")},
                                              {"fair", std::string("2.5")}}}},
                         {"percent", templates.words().percent(80)}};
  site["archive"] = object{{"href", std::string("reports.tar.gz")},
                           {"name", std::string("reports.tar.gz")},
                           {"size", std::string("9 KB")}};
  game["site"] = std::move(site);
  pages.game = templates.render(Format::html, "site_game", game);

  report::Data index = object{};
  index["program"] = std::string("wallenstein");
  index["running_any"] = true;
  index["running"] = list{object{{"href", std::string("reports/index.html")},
                                 {"name", std::string("reports")},
                                 {"season", std::string("1618-summer")},
                                 {"players", std::string("3")},
                                 {"leader", std::string("Player red")}}};
  index["finished_any"] = true;
  index["finished"] = list{object{{"href", std::string("over/index.html")},
                                  {"name", std::string("over")},
                                  {"winners", std::string("Player blue")},
                                  {"players", std::string("3")}}};
  pages.index = templates.render(Format::html, "site_index", index);
  return pages;
}

TEST_F(ReportTexts, StandingsAndTheFinalRankingNameEachColourInTheReportsLanguage) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> colours = {
      {"fr", {"rouge", "bleu", "jaune", "vert"}}, {"de", {"Rot", "Blau", "Gelb", "Grün"}}};
  for (const auto& [code, words] : colours) {
    SCOPED_TRACE(code);
    Passed p = passed(4, 9);
    p.cfg.language = code;
    GameState& end = p.result.next;
    end.finished = true;
    end.winners = {PlayerIndex{1}};
    const auto set = render(p);
    for (const std::string* text : {&set.public_text, &set.public_html}) {
      for (std::size_t i = 0; i < 4; ++i) {
        const std::string& id = p.cfg.players[i].id;
        const std::string named = p.cfg.players[i].name + " (" + words[i] + ")";
        // Once in the standings, once in the final ranking.
        EXPECT_EQ(count_of(*text, named), 2u) << named << "\n" << *text;
        EXPECT_EQ(text->find("(" + id + ")"), std::string::npos) << id << "\n" << *text;
      }
    }
    // A neighbour's owner is named by colour too, in the report and the order template's notes.
    Passed going_on = passed(4, 9);
    going_on.cfg.language = code;
    for (const auto& r : render(going_on).players) {
      ASSERT_TRUE(r.orders);
      for (const std::string* text : {&r.text, &r.html, &*r.orders}) {
        for (std::size_t i = 0; i < 4; ++i) {
          EXPECT_EQ(text->find("(" + p.cfg.players[i].id + ", "), std::string::npos) << *text;
        }
      }
    }
    // A player's own report still opens with the id their order file carries.
    EXPECT_NE(set.players[0].text.find(p.cfg.players[0].name + " (red)"), std::string::npos);
    EXPECT_NE(set.players[0].html.find(p.cfg.players[0].name + " (red)"), std::string::npos);
    EXPECT_NE(set.players[0].text.find(p.cfg.players[1].name + " (" + words[1] + ")"),
              std::string::npos);
  }
}

TEST_F(ReportTexts, ASeasonPageOfTheSiteLeavesOutTheNextSeasonsDeadlineWhichMailsKeep) {
  const std::vector<std::pair<std::string, std::string>> lines = {
      {"en", "<b>Orders due:</b>"},
      {"fr", "<b>Date limite des ordres\u00a0:</b>"},
      {"de", "<b>Abgabetermin:</b>"}};
  for (const auto& [code, line] : lines) {
    SCOPED_TRACE(code);
    Passed p = passed(3, 8);
    p.cfg.language = code;
    const auto set = render(p);
    EXPECT_EQ(count_of(set.public_html, line), 1u) << set.public_html;
    EXPECT_EQ(count_of(set.public_mail_html, line), 1u);
    EXPECT_EQ(count_of(set.players[0].html, line), 1u);
    const SitePages pages = site_pages(p, *rules_, *templates_, code);
    EXPECT_EQ(pages.season.find(line), std::string::npos) << pages.season;
    EXPECT_NE(pages.season.find("<nav class=\"site\">"), std::string::npos) << "a site page";
  }
}

TEST_F(ReportTexts, TheWintersStatuesAndTrophiesAreCountedAsPointsInEveryLanguage) {
  const std::vector<std::pair<std::string, std::string>> lines = {
      {"en", "+1 statues and trophies"},
      {"fr", "+1 pour les statues et trophées"},
      {"de", "+1 für Statuen und Trophäen"}};
  for (const auto& [code, line] : lines) {
    SCOPED_TRACE(code);
    Passed autumn = passed(3, 8, 3);
    ASSERT_TRUE(autumn.result.log.winter);
    autumn.cfg.language = code;
    autumn.result.log.winter->scores[0].statues = 1;
    const std::string html = render(autumn).public_html;
    EXPECT_EQ(count_of(html, line), 1u) << html;
  }
}

/// The site's pages use the words of the reports their links lead to: the same register, the
/// same name for a season, a province, the salt and the fair dice.
TEST_F(ReportTexts, TheSitesPagesSpeakAsTheReportsOfTheirLanguage) {
  struct Words {
    std::string code;
    std::vector<std::string> shown;   ///< words the reports use, shown on the pages too
    std::vector<std::string> absent;  ///< other words for them, or English left over
  };
  const std::vector<Words> languages = {
      {"de",
       {"<h2>Fairer Zufall</h2>", "Salt", "Runde", "<th>Länder</th>",
        "Abgabetermin:", "<th>Auf dem Spielplan</th>", "Prüf sie"},
       {"Sie ", "Jahreszeit", "Salz ", "Salz&gt;", "Faire Würfel</h2>", "Provinz", "Auf dem Plan<",
        "Spielleitung", "Befehle fällig"}},
      {"fr",
       {"<h2>Dés équitables</h2>", "<th>États</th>", "<th>Céréales</th>",
        "<b>Date limite des ordres\u00a0:</b>", "l’arbitre", "</b>\u00a0: "},
       {"Provinces", "province", "Blé", "maître de jeu", "Des dés", "</b>: ", "Ordres attendus"}},
  };
  for (const Words& language : languages) {
    SCOPED_TRACE(language.code);
    Passed p = passed(3, 8);
    p.cfg.language = language.code;
    p.cfg.commitment = "0123abcd";
    const SitePages pages = site_pages(p, *rules_, *templates_, language.code);
    const std::string all = pages.season + pages.game + pages.index;
    for (const std::string& word : language.shown)
      EXPECT_NE(all.find(word), std::string::npos) << word << "\n" << all;
    for (const std::string& word : language.absent)
      EXPECT_EQ(all.find(word), std::string::npos) << word << "\n" << all;
  }
  // French puts a no-break space before a colon or semicolon, on the site as in the reports.
  Passed p = passed(3, 8);
  p.cfg.language = "fr";
  const SitePages pages = site_pages(p, *rules_, *templates_, "fr");
  for (const std::string& page : {pages.game, pages.index}) {
    EXPECT_EQ(page.find(" :"), std::string::npos) << page;
    EXPECT_EQ(page.find(" ;"), std::string::npos) << page;
  }
}

}  // namespace
}  // namespace wallenstein
