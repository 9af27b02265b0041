#include "adapters/ruleset_files.hpp"

#include <gtest/gtest.h>

#include "pbem/diagnostic.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::replace_in_file;
using testing::TempDir;

/// A copy of the shipped data that a test may break.
struct DataCopy {
  TempDir dir;
  DataCopy() { fs::copy(testing::source_data_dir(), dir.path(), fs::copy_options::recursive); }
  fs::path file(const std::string& name) const { return dir / name; }
  /// The first diagnostic of loading, formatted, without the excerpt lines.
  std::string error() const {
    try {
      load_ruleset(dir.path());
    } catch (const InputError& e) {
      const std::string text = e.diagnostics().front().format();
      return text.substr(0, text.find('\n'));
    }
    return "no error";
  }
};

TEST(RulesetLoading, TheFolderAboveARulesetIsRefusedWithTheRulesetItHolds) {
  TempDir above;
  fs::copy(testing::source_data_dir(), above / "wallenstein", fs::copy_options::recursive);
  try {
    load_ruleset(above.path());
    FAIL() << "the folder above the ruleset was loaded";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().format(),
              above.path().string() + ": error: is no ruleset directory: it has no rules.yaml; " +
                  "did you mean --data " + (above / "wallenstein").string() + "?");
  }
}

TEST(RulesetLoading, ShippedDataHas45ProvincesInFiveRegionsOfNine) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  EXPECT_EQ(rules.provinces.size(), 45u);
  EXPECT_EQ(rules.regions.size(), 5u);
  EXPECT_EQ(rules.events.size(), 12u);
  EXPECT_EQ(rules.tiles.size(), 5u);
  EXPECT_EQ(rules.standard_setups.at(3).seats.size(), 3u);
  EXPECT_EQ(rules.standard_setups.at(5).seats.size(), 5u);
  EXPECT_EQ(rules.starting_thaler.at(4), 15);
  EXPECT_EQ(rules.tower.p_through, (Fraction{2, 3}));
  int excluded = 0;
  for (const auto& p : rules.provinces) excluded += p.excluded_3p ? 1 : 0;
  EXPECT_EQ(excluded, 8);
}

TEST(RulesetLoading, ShippedBordersAreSymmetric) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  int borders = 0;
  for (std::size_t i = 0; i < rules.provinces.size(); ++i) {
    for (ProvinceId n : rules.provinces[i].neighbours) {
      EXPECT_TRUE(rules.adjacent(n, ProvinceId::at(i)));
      ++borders;
    }
  }
  EXPECT_EQ(borders, 2 * 114);  // data/wallenstein/provinces.yaml: 114 borders
}

TEST(RulesetLoading, ProvinceNamesMatchWithoutDiacriticsByAliasAndById) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  const auto lueneburg = rules.find_province("lueneburg");
  ASSERT_TRUE(lueneburg);
  EXPECT_EQ(rules.find_province("Lüneburg"), lueneburg);
  EXPECT_EQ(rules.find_province("LUNEBURG"), lueneburg);
  EXPECT_EQ(rules.find_province("Grafschaft Mark"), rules.find_province("gft_mark"));
  EXPECT_EQ(rules.find_province("Sächsische Lande"), rules.find_province("Saechs. Lande"));
  EXPECT_FALSE(rules.find_province("Atlantis"));
}

TEST(RulesetLoading, OneSidedBorderIsRejectedWithFileAndLine) {
  DataCopy data;
  replace_in_file(data.file("provinces.yaml"),
                  "neighbours: [altmark, kursachsen, mittelmark, saechs_lande, wolfenbuettel]",
                  "neighbours: [kursachsen, mittelmark, saechs_lande, wolfenbuettel]");
  EXPECT_EQ(
      data.error(),
      data.file("provinces.yaml").string() +
          ":34:17: error: altmark lists anhalt as a neighbour, but anhalt does not list altmark");
}

TEST(RulesetLoading, RegionWithFewerProvincesThanTheRulesSayIsRejected) {
  DataCopy data;
  replace_in_file(data.file("provinces.yaml"), "    region: sachsen\n    grain: 4\n    tax: 5",
                  "    region: bayern\n    grain: 4\n    tax: 5");
  EXPECT_EQ(data.error(), data.file("provinces.yaml").string() +
                              ":19:12: error: region sachsen has 8 provinces; every region has 9 "
                              "(rules.yaml: provinces_per_region)");
}

TEST(RulesetLoading, AliasMatchingTwoProvincesIsRejected) {
  DataCopy data;
  replace_in_file(data.file("provinces.yaml"), "aliases: [\"Köln\", \"Erzbistum Köln\", \"Koeln\"]",
                  "aliases: [\"Köln\", \"Erzbistum Köln\", \"Koeln\", \"Trier\"]");
  EXPECT_EQ(data.error(), data.file("provinces.yaml").string() +
                              ":182:5: error: the name \"trier\" matches both koeln and trier; "
                              "names and aliases must be unique");
}

TEST(RulesetLoading, SetupThatDoesNotUseTheArmyGroupsIsRejected) {
  DataCopy data;
  replace_in_file(data.file("setups.yaml"), "A: {gft_mark: 5, osnabrueck: 4",
                  "A: {gft_mark: 6, osnabrueck: 4");
  EXPECT_EQ(data.error(), data.file("setups.yaml").string() +
                              ":15:5: error: seat A of the 3-player setup does not use exactly the "
                              "army groups listed under groups");
}

TEST(RulesetLoading, UnknownKeyInADataFileIsRejected) {
  DataCopy data;
  replace_in_file(data.file("tower.yaml"), "p_release:", "p_relase:");
  EXPECT_EQ(
      data.error(),
      data.file("tower.yaml").string() +
          ":11:1: error: unknown key \"p_relase\" in tower.yaml; did you mean \"p_release\"?");
}

TEST(RulesetLoading, SupplyTableWithAGapIsRejected) {
  DataCopy data;
  replace_in_file(data.file("supply_table.yaml"), "unsupplied_min: 3", "unsupplied_min: 4");
  EXPECT_EQ(data.error(), data.file("supply_table.yaml").string() +
                              ":11:5: error: rows must cover 1, 2, 3... without gaps or overlaps; "
                              "this row should start at 3");
}

TEST(RulesetLoading, TowerProbabilityMustBeAFraction) {
  DataCopy data;
  replace_in_file(data.file("tower.yaml"), "p_through: \"2/3\"", "p_through: 0.66");
  EXPECT_EQ(
      data.error(),
      data.file("tower.yaml").string() +
          ":10:12: error: p_through must be a fraction \"num/den\" between 0 and 1, like \"2/3\"");
}

TEST(RulesetLoading, ShippedSeasonPhasesAreTheBaseGamesInTheirOrder) {
  const Ruleset loaded = load_ruleset(testing::source_data_dir());
  EXPECT_EQ(loaded.season_phases,
            (std::vector<std::string>{"event", "bids", "actions", "winter", "publish"}));
  EXPECT_EQ(loaded.season_phases, Ruleset{}.season_phases);
}

TEST(RulesetLoading, AMisspeltSeasonPhaseIsRefusedWithItsPosition) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"), "season_phases: [event, bids, actions,",
                  "season_phases: [event, bids, actoins,");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":32:30: error: unknown season phase \"actoins\"; did you mean "
                              "\"actions\"?");
}

TEST(RulesetLoading, ASeasonPhaseFarFromAnyKnownOneIsRefusedWithTheKnownNames) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"), "winter, publish]", "winter, landsknechte, publish]");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":32:47: error: unknown season phase \"landsknechte\"; expected "
                              "event, bids, actions, winter or publish");
}

TEST(RulesetLoading, ASeasonPhaseListedTwiceIsRefused) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"), "winter, publish]", "winter, winter, publish]");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":32:47: error: season phase winter is listed twice");
}

TEST(RulesetLoading, AMissingSeasonPhaseIsRefused) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"), "actions, winter, publish]", "actions, publish]");
  EXPECT_EQ(data.error(),
            data.file("rules.yaml").string() + ":32:16: error: season phase winter is missing");
}

TEST(RulesetLoading, SeasonPhasesOutOfTheirOrderAreRefused) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"), "[event, bids,", "[bids, event,");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":32:23: error: season phase event must come before bids (rules 4, "
                              "9)");
}

TEST(RulesetLoading, RulesWithoutSeasonPhasesAreRefused) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"),
                  "season_phases: [event, bids, actions, winter, publish]\n", "");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":20:1: error: missing key \"season_phases\" ([event, bids, actions, "
                              "winter, publish])");
}

TEST(RulesetLoading, RulesetsPlayTheCurrentRulesVersionUnlessTheGameSaysOtherwise) {
  EXPECT_EQ(load_ruleset(testing::source_data_dir()).version, kCurrentRulesVersion);
  EXPECT_EQ(load_ruleset(testing::source_data_dir(), 1).version, 1);
}

TEST(RulesetLoading, UnknownRulesVersionIsAnInputError) {
  try {
    load_ruleset(testing::source_data_dir(), 3);
    FAIL() << "rules version 3 was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().message,
              "rules version 3 is unknown to this program, which plays 1 to 2");
  }
}

TEST(RulesetLoading, MissingDataDirectoryIsAnInputError) {
  EXPECT_THROW(load_ruleset("/nonexistent/data"), InputError);
}

}  // namespace
}  // namespace wallenstein
