// Golden reports, one per language: the first player's report on the first season of a
// 3-player game with the Imperial Court and the military leaders, and the order template for the
// next, as a player of each language reads them (tests/golden/reports/<code>-report.txt and
// <code>-orders.yaml). tools/regen-golden rewrites them; a native reader reviews each diff.

#include <gtest/gtest.h>

#include <cstdlib>

#include "pbem/files/templates.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/views/report/reports.hpp"

namespace wallenstein {
namespace {

void expect_golden(const std::string& name, const std::string& actual) {
  const auto path = testing::source_path("tests/golden/reports") / name;
  if (std::getenv("WALLENSTEIN_REGENERATE_GOLDEN")) {
    std::filesystem::create_directories(path.parent_path());
    testing::write_text(path, actual);
    return;
  }
  EXPECT_EQ(actual, testing::read_text(path))
      << "the report differs from " << path
      << "; if the change is intended, run tools/regen-golden and have it read";
}

class GoldenReport : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenReport, TheFirstSeasonsReportAndTheNextOrderTemplateReadAsReviewed) {
  const std::string code = GetParam();
  const Ruleset rules = load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 2,
                                             {"court", "leaders"});
  GameConfig config;
  config.name = "golden";
  config.language = code;
  config.expansions = {"court", "leaders"};
  config.players = {{"red", "Anna Weber", "anna@example.org"},
                    {"blue", "Jörg Krämer", "joerg@example.org"},
                    {"yellow", "Marie Dubois", "marie@example.org"}};
  NewGame spec{"golden", {"red", "blue", "yellow"}, 1618};
  const GameState start = new_game(spec, rules);
  Rng rng(7);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < start.players.size(); ++p)
    orders.push_back(random_orders(start, rules, start.player_index(p), rng));
  const SeasonResult result = resolve_season(start, orders, {}, rules);
  SeasonView view{&config, &rules, &start, &result.next, &result.log};
  view.due = std::chrono::sys_days{std::chrono::year{2026} / 12 / 6} + std::chrono::hours{19};
  view.due_timezone = "Europe/Berlin";
  const Templates templates = Templates::load(testing::source_path("templates"));
  const report::ReportSet reports = report::build_reports(view, templates);
  ASSERT_FALSE(reports.players.empty());
  EXPECT_EQ(reports.players[0].language, code);
  expect_golden(code + "-report.txt",
                reports.players[0].subject + "\n\n" + reports.players[0].text);
  ASSERT_TRUE(reports.players[0].orders.has_value());
  expect_golden(code + "-orders.yaml", *reports.players[0].orders);
  if (std::getenv("WALLENSTEIN_REGENERATE_GOLDEN")) GTEST_SKIP() << "regenerated";
}

INSTANTIATE_TEST_SUITE_P(Languages, GoldenReport, ::testing::Values("en", "fr", "de"));

}  // namespace
}  // namespace wallenstein
