#include <gtest/gtest.h>

#include <functional>

#include "adapters/diagnostic.hpp"
#include "adapters/mail/mime.hpp"
#include "adapters/order_file.hpp"
#include "adapters/report/reports.hpp"
#include "adapters/ruleset_loader.hpp"
#include "core/engine.hpp"
#include "core/random_orders.hpp"
#include "support/temp_dir.hpp"
#include "support/tiny_world.hpp"

namespace wallenstein {
namespace {

class Reports : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    rules_ = new Ruleset(load_ruleset(testing::source_data_dir()));
    templates_ = new report::Templates(report::Templates::load(testing::source_path("templates")));
  }
  static void TearDownTestSuite() {
    delete rules_;
    delete templates_;
  }

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

  static report::ReportSet reports(const GameConfig& cfg, const GameState& start, const SeasonResult& result) {
    SeasonView in{&cfg, rules_, &start, &result.next, &result.log};
    return report::build_reports(in, *templates_);
  }

  static Ruleset* rules_;
  static report::Templates* templates_;
};
Ruleset* Reports::rules_ = nullptr;
report::Templates* Reports::templates_ = nullptr;

/// Every text a player receives from a report set.
std::vector<std::string> everything_sent(const report::ReportSet& set) {
  std::vector<std::string> texts{set.public_text};
  for (const auto& r : set.players) {
    for (const std::string* t : {&r.subject, &r.text, &r.html, &r.mail_html}) texts.push_back(*t);
    if (r.orders) texts.push_back(*r.orders);
  }
  return texts;
}

TEST_F(Reports, NoPlayerEverReadsHiddenInformation) {
  for (int players : {3, 4, 5}) {
    const GameConfig cfg = config(players);
    NewGame spec{"reports", {}, static_cast<std::uint64_t>(1000 + players)};
    for (const auto& p : cfg.players) spec.player_ids.push_back(p.id);
    GameState state = new_game(spec, *rules_);
    Rng rng(static_cast<std::uint64_t>(players));
    while (!state.finished) {
      std::vector<Orders> orders;
      for (std::size_t p = 0; p < state.players.size(); ++p) orders.push_back(random_orders(state, *rules_, state.player_index(p), rng));
      const SeasonResult result = resolve_season(state, orders, {}, *rules_);
      const auto texts = everything_sent(reports(cfg, state, result));
      const GameState& next = result.next;
      for (const std::string& text : texts) {
        // The deck, in order or not: cards not yet revealed never appear by title or text.
        for (EventId e : next.event_deck) {
          const EventCard& card = rules_->event(e);
          const bool revealed = std::any_of(next.year_events.begin(), next.year_events.end(), [&](EventId y) {
            return rules_->event(y).name == card.name;
          }) || std::any_of(state.year_events.begin(), state.year_events.end(), [&](EventId y) { return rules_->event(y).name == card.name; });
          if (!revealed) {
            EXPECT_EQ(text.find(card.name), std::string::npos) << card.name;
          }
        }
        // The next season's face-down action cards are never listed as face up.
        if (!next.finished) {
          for (int slot = 6; slot <= 10; ++slot) {
            const std::string shown = std::to_string(slot) + " " + rules_->action(next.action_cards[static_cast<std::size_t>(slot - 1)]).name;
            EXPECT_EQ(text.find(shown), std::string::npos) << shown;
          }
        }
        // Neither the tower's content nor the random state is ever written.
        EXPECT_EQ(text.find("inside"), std::string::npos);
        EXPECT_EQ(text.find("gm_"), std::string::npos);
        for (std::uint64_t word : next.rng) EXPECT_EQ(text.find(std::to_string(word)), std::string::npos);
      }
      state = result.next;
    }
  }
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
  state.bonus_tiles = {*rules_->find_tile("thaler"), *rules_->find_tile("grain"), *rules_->find_tile("armies"),
                       *rules_->find_tile("attack"), *rules_->find_tile("defense")};
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 4; ++p) orders.push_back(pass_orders(state.player_index(p), state, *rules_));
  orders[0].bid.coin = 1;
  orders[0].actions[static_cast<std::size_t>(Action::taxes)] = ActionOrder{burgund, std::nullopt, ArmyCount{}, 1};
  const SeasonResult result = resolve_season(state, orders, {}, *rules_);
  const auto set = reports(cfg, state, result);
  const std::string expected =
      "Player red collected 6 thaler in Burgund (7, at most 5 by the event “Tax limit”, +1 by the bonus tile = 6)";
  EXPECT_NE(set.public_text.find(expected), std::string::npos) << set.public_text;
  EXPECT_NE(set.players[1].html.find(expected), std::string::npos);
}

TEST_F(Reports, CancelledActionsOfRulesVersionTwoAreExplained_D26_D27) {
  const GameConfig cfg = config(3);
  NewGame spec{"reports", {"red", "blue", "yellow"}, 8};
  const GameState state = new_game(spec, *rules_);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p) orders.push_back(pass_orders(state.player_index(p), state, *rules_));
  SeasonResult result = resolve_season(state, orders, {}, *rules_);
  Cancelled lost;
  lost.slot = 4;
  lost.action = Action::taxes;
  lost.player = PlayerIndex{0};
  lost.province = *rules_->find_province("passau");
  lost.reason = CancelReason::card_left_hand;
  Cancelled unplaced = lost;
  unplaced.action = Action::army1;
  unplaced.reason = CancelReason::not_enough_thaler;
  unplaced.need = 1;
  unplaced.placement_only = true;
  result.log.entries = {lost, unplaced};
  const std::string text = reports(cfg, state, result).public_text;
  EXPECT_NE(text.find("Player red: Collect taxes in Passau was cancelled: the card left their hand when Passau was "
                      "lost earlier this season."),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("Player red: Place or move 1 army in Passau placed nothing, the move goes on: it costs 1 "
                      "thaler, there were 0."),
            std::string::npos)
      << text;
}

TEST_F(Reports, TheOrderTemplateIsAnOrderFileThatOnlyNeedsCards) {
  const GameConfig cfg = config(3);
  NewGame spec{"reports", {"red", "blue", "yellow"}, 8};
  const GameState state = new_game(spec, *rules_);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p) orders.push_back(pass_orders(state.player_index(p), state, *rules_));
  const SeasonResult result = resolve_season(state, orders, {}, *rules_);
  for (const auto& r : reports(cfg, state, result).players) {
    ASSERT_TRUE(r.orders);
    EXPECT_EQ(r.orders_name, "orders-1618-summer-" + r.id + ".yaml");
    const auto checked = check_order_source(SourceFile{r.orders_name, *r.orders}, result.next, *rules_);
    // The YAML, the game, the player and the season are right; what is left is to choose.
    ASSERT_EQ(checked.diagnostics.size(), 1u) << format_all(checked.diagnostics);
    EXPECT_NE(checked.diagnostics[0].message.find("10 actions are none and the bid is a coin"), std::string::npos);
  }
}

TEST_F(Reports, TheOrderTemplateBidsNoneWhenNoCardIsLeftForTheBid_D25) {
  const GameConfig cfg = config(3);
  NewGame spec{"reports", {"red", "blue", "yellow"}, 8};
  GameState state = new_game(spec, *rules_);
  const auto red = state.provinces_of(PlayerIndex{0});
  for (std::size_t i = 3; i < red.size(); ++i) state.at(red[i]).owner = PlayerIndex{1};
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p) orders.push_back(pass_orders(state.player_index(p), state, *rules_));
  const SeasonResult result = resolve_season(state, orders, {}, *rules_);
  const std::string template_text = *reports(cfg, state, result).players[0].orders;
  EXPECT_NE(template_text.find("# With 3 province(s) no card is left for the bid once the ten spaces hold one: bid none."),
            std::string::npos)
      << template_text;
  const auto checked = check_order_source(SourceFile{"red.yaml", template_text}, result.next, *rules_);
  ASSERT_EQ(checked.diagnostics.size(), 1u) << format_all(checked.diagnostics);
  EXPECT_NE(checked.diagnostics[0].message.find("10 actions are none: that needs 10 coin cards"), std::string::npos)
      << checked.diagnostics[0].message;
}

TEST_F(Reports, ReportsAreTheSameForTheSameSeason) {
  const GameConfig cfg = config(5);
  NewGame spec{"reports", {"red", "blue", "yellow", "green", "black"}, 3};
  const GameState state = new_game(spec, *rules_);
  Rng rng(4);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 5; ++p) orders.push_back(random_orders(state, *rules_, state.player_index(p), rng));
  const SeasonResult result = resolve_season(state, orders, {}, *rules_);
  EXPECT_EQ(report::report_files(reports(cfg, state, result)), report::report_files(reports(cfg, state, result)));
}

TEST_F(Reports, ABrokenTemplateIsReportedWithItsFile) {
  testing::TempDir dir;
  std::filesystem::copy(testing::source_path("templates"), dir.path(), std::filesystem::copy_options::recursive);
  testing::write_text(dir / "text/subject.mustache", "Report {{#season}} unclosed\n");
  const auto broken = report::Templates::load(dir.path());
  const GameConfig cfg = config(3);
  NewGame spec{"reports", {"red", "blue", "yellow"}, 8};
  const GameState state = new_game(spec, *rules_);
  SeasonView in{&cfg, rules_, &state, &state, nullptr};
  try {
    report::build_reports(in, broken);
    FAIL() << "a broken template was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().path, (dir / "text/subject.mustache").string());
    EXPECT_NE(e.diagnostics().front().message.find("broken template: Unclosed section \"season\""), std::string::npos)
        << e.diagnostics().front().message;
  }
}

TEST(Mime, HeadersWithUmlautsUseRfc2047) {
  EXPECT_EQ(mail::encode_header("Jörg"), "=?UTF-8?B?SsO2cmc=?=");
  EXPECT_EQ(mail::encode_header("plain ASCII"), "plain ASCII");
  EXPECT_EQ(mail::format_mailbox({"Jörg Krämer", "joerg@example.org"}), "=?UTF-8?B?SsO2cmcgS3LDpG1lcg==?= <joerg@example.org>");
  EXPECT_EQ(mail::format_mailbox({"Anna \"A\" Weber", "anna@example.org"}), "\"Anna \\\"A\\\" Weber\" <anna@example.org>");
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

TEST(Mime, AnAddressWithoutAtIsRefused) {
  EXPECT_THROW(mail::parse_mailbox("GM <gm>", "from"), InputError);
  const auto m = mail::parse_mailbox("\"Spielleiter Müller\" <gm@example.org>", "from");
  EXPECT_EQ(m.name, "Spielleiter Müller");
  EXPECT_EQ(m.address, "gm@example.org");
}

}  // namespace
}  // namespace wallenstein
