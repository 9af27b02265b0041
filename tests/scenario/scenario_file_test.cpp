// A scenario file with a typo must fail, never pass unchecked: every broken text below is refused
// with the position of the typo and a hint.

#include "scenario/scenario_file.hpp"

#include <gtest/gtest.h>

#include <map>

#include "pbem/files/diagnostic.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::testing {
namespace {

Scenario read(const std::string& text) { return read_scenario(SourceFile{"s.yaml", text}); }

constexpr const char* kValid = R"(rule: "5: red collects taxes in Trier"
given:
  players: [red, blue, yellow]
  event: tax_max_5
  action_cards: [taxes]
  provinces:
    trier: {owner: red, armies: 2}
orders:
  red: {actions: {taxes: Trier}}
then:
  thaler: {red: 23}
  provinces:
    trier: {owner: red, armies: 2, revolts: 1, buildings: []}
  log:
    - {what: collected, province: trier, amount: 5}
  not_in_log:
    - {what: revolt}
)";

/// A typo: `from` replaced by `to` in the valid scenario, and the first line of the error.
struct Typo {
  std::string name;
  std::string from;
  std::string to;
  std::string error;
};

void PrintTo(const Typo& t, std::ostream* os) { *os << t.name; }

/// The first line of the first diagnostic reading `text`, or "no error".
std::string first_error(const std::string& text) {
  try {
    read(text);
  } catch (const InputError& e) {
    const std::string line = e.diagnostics().front().format();
    return line.substr(0, line.find('\n'));
  }
  return "no error";
}

TEST(ScenarioFile, TheValidScenarioOfTheTypoTestsIsAccepted) {
  const Scenario s = read(kValid);
  EXPECT_EQ(s.then.counters.size(), 1u);
  ASSERT_EQ(s.then.provinces.size(), 1u);
  EXPECT_TRUE(s.then.provinces[0].buildings.has_value());
  EXPECT_EQ(s.then.log.size(), 1u);
  EXPECT_EQ(s.then.not_in_log.size(), 1u);
  ASSERT_TRUE(s.orders[0].has_value());
  EXPECT_FALSE(s.orders[1].has_value());
}

class ScenarioTypo : public ::testing::TestWithParam<Typo> {};

TEST_P(ScenarioTypo, IsAnErrorWithItsPositionAndAHint) {
  std::string text = kValid;
  const auto at = text.find(GetParam().from);
  ASSERT_NE(at, std::string::npos) << GetParam().from;
  text.replace(at, GetParam().from.size(), GetParam().to);
  EXPECT_EQ(first_error(text), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    EveryLevel, ScenarioTypo,
    ::testing::Values(
        Typo{"UnknownTopLevelKey", "orders:", "order:",
             "s.yaml:8:1: error: unknown key \"order\" in the scenario; did you mean \"orders\"?"},
        Typo{
            "MissingRule", "rule: \"5: red collects taxes in Trier\"\n", "",
            "s.yaml:1:1: error: missing key \"rule\" (the section of the rules and what it shows)"},
        Typo{"UnknownGivenKey", "action_cards:", "action_card:",
             "s.yaml:5:3: error: unknown key \"action_card\" in given; did you mean "
             "\"action_cards\"?"},
        Typo{"UnknownSeason", "  event: tax_max_5", "  season: 1618-sprung\n  event: tax_max_5",
             "s.yaml:4:11: error: unknown season \"1618-sprung\"; did you mean \"1618-spring\"?"},
        Typo{"UnknownEvent", "event: tax_max_5", "event: tax_max_6",
             "s.yaml:4:10: error: unknown event \"tax_max_6\"; did you mean \"tax_max_5\"?"},
        Typo{"WinterEventOutsideAutumn", "  event: tax_max_5",
             "  event: tax_max_5\n  winter_event: grain_min_4",
             "s.yaml:5:17: error: winter_event is only for an autumn season"},
        Typo{"UnknownActionCard", "[taxes]", "[taxs]",
             "s.yaml:5:18: error: unknown action \"taxs\"; did you mean \"taxes\"?"},
        Typo{"UnknownTile", "  action_cards: [taxes]",
             "  action_cards: [taxes]\n  tiles: [thaler, grain, armies, atack, defense]",
             "s.yaml:6:34: error: unknown bonus tile \"atack\"; did you mean \"attack\"?"},
        Typo{"UnknownGivenProvince", "trier: {owner: red, armies: 2}",
             "trir: {owner: red, armies: 2}",
             "s.yaml:7:5: error: unknown province \"trir\"; did you mean \"trier\"?"},
        Typo{"UnknownGivenProvinceKey", "{owner: red, armies: 2}", "{owner: red, armys: 2}",
             "s.yaml:7:25: error: unknown key \"armys\" in a province; did you mean \"armies\"?"},
        Typo{"UnknownOwner", "{owner: red, armies: 2}", "{owner: rde, armies: 2}",
             "s.yaml:7:20: error: unknown player \"rde\"; did you mean \"red\"?"},
        Typo{"IncompleteBidRanking", "  event: tax_max_5",
             "  event: tax_max_5\n  bid_ranking: [red, blue]",
             "s.yaml:5:16: error: bid_ranking must list every player once"},
        Typo{"UnknownOrdersPlayer", "  red: {actions", "  rde: {actions",
             "s.yaml:9:3: error: unknown player \"rde\"; did you mean \"red\"?"},
        Typo{"UnknownOrdersKey", "{actions: {taxes: Trier}}", "{actions: {taxes: Trier}, bdi: 1}",
             "s.yaml:9:34: error: unknown key \"bdi\" in a player's orders; did you mean \"bid\"?"},
        Typo{"UnknownOrdersAction", "{taxes: Trier}", "{taxs: Trier}",
             "s.yaml:9:19: error: unknown key \"taxs\" in actions; did you mean \"taxes\"?"},
        Typo{"UnknownThenKey", "  thaler: {red: 23}", "  thaller: {red: 23}",
             "s.yaml:11:3: error: unknown key \"thaller\" in then; did you mean \"thaler\"?"},
        Typo{"UnknownThenPlayer", "{red: 23}", "{rde: 23}",
             "s.yaml:11:12: error: unknown player \"rde\"; did you mean \"red\"?"},
        Typo{"MisspeltArmiesInThen", "armies: 2, revolts: 1", "armys: 99, revolts: 1",
             "s.yaml:13:25: error: unknown key \"armys\" in an expected province; did you mean "
             "\"armies\"?"},
        Typo{"UnknownBuildingInThen", "buildings: []", "buildings: [palce]",
             "s.yaml:13:60: error: unknown building \"palce\"; did you mean \"palace\"?"},
        Typo{"DuplicateThenKey", "  thaler: {red: 23}", "  thaler: {red: 23}\n  thaler: {red: 24}",
             "s.yaml:12:3: error: duplicate key \"thaler\"; each key may appear once"},
        Typo{"UnknownLogStepKey", "province: trier, amount", "provnce: trier, amount",
             "s.yaml:15:25: error: unknown key \"provnce\" in a collected log step; did you mean "
             "\"province\"?"},
        Typo{"UnknownLogStep", "{what: revolt}", "{what: revolts}",
             "s.yaml:17:14: error: unknown log step \"revolts\"; did you mean \"revolt\"?"},
        Typo{"ProvinceNameInTheLogIsNotItsId", "province: trier, amount", "province: Trier, amount",
             "s.yaml:15:35: error: the log names provinces by id: write \"trier\""},
        Typo{"UnknownProvinceInNotInLog", "{what: revolt}", "{what: revolt, province: triet}",
             "s.yaml:17:32: error: unknown province \"triet\"; did you mean \"trier\"?"},
        Typo{"UnknownCancelReason", "{what: revolt}", "{what: cancelled, reason: provinc_lost}",
             "s.yaml:17:33: error: unknown cancel reason \"provinc_lost\"; did you mean "
             "\"province_lost\"?"},
        Typo{"UnknownKeyInANestedLogValue", "{what: revolt}", "{what: battle, count: {atacker: 2}}",
             "s.yaml:17:30: error: unknown key \"atacker\" in count; did you mean \"attacker\"?"},
        Typo{"UnknownExpansion", "rule: \"5: red collects taxes in Trier\"",
             "rule: \"5: red collects taxes in Trier\"\nexpansions: [landsknecht]",
             "s.yaml:2:13: error: there is no expansion \"landsknecht\" (did you mean "
             "landsknechte?); the expansions are court, landsknechte and leaders"},
        Typo{"LandsknechteCountedInAGameWithoutThem", "  thaler: {red: 23}",
             "  thaler: {red: 23}\n  landsknechte: {red: 1}",
             "s.yaml:12:17: error: landsknechte counts the cards turned in a game with the "
             "Landsknechte; add expansions: [landsknechte]"},
        Typo{"UnknownLandsknechteBonusInTheLog", "{what: revolt}", "{player: red, bonus: vps}",
             "s.yaml:17:28: error: unknown Landsknechte bonus \"vps\"; did you mean \"vp\"?"},
        Typo{"LeadersInAGameWithoutThem", "  thaler: {red: 23}",
             "  thaler: {red: 23}\n  leaders: {red: trier}",
             "s.yaml:12:12: error: leaders, statues and trophies are pieces of the military "
             "leaders; add expansions: [leaders]"},
        Typo{"UnknownPlayerAmongALeadersTrophies", "{what: revolt}",
             "{player: red, to: trier, trophies: [bleu]}",
             "s.yaml:17:43: error: unknown player \"bleu\"; did you mean \"blue\"?"},
        Typo{"ALeaderStepNamesProvincesById", "{what: revolt}", "{player: red, placed: Trier}",
             "s.yaml:17:29: error: the log names provinces by id: write \"trier\""},
        Typo{"TheCourtInAGameWithoutIt", "  event: tax_max_5",
             "  event: tax_max_5\n  court: {hall: {red: 2}}",
             "s.yaml:5:10: error: court is the Imperial Court's; add expansions: [court]"},
        Typo{"AMisspeltCourtKey", "given:", "expansions: [court]\ngiven:\n  court: {hal: {red: 2}}",
             "s.yaml:4:11: error: unknown key \"hal\" in given.court; did you mean \"hall\"?"},
        Typo{"AFavourCardThatDoesNotExist",
             "given:", "expansions: [court]\ngiven:\n  court: {display: [22]}",
             "s.yaml:4:21: error: a favour card must be between 1 and 21, not 22"},
        Typo{"OfficersCountedInAGameWithoutTheCourt", "  thaler: {red: 23}",
             "  thaler: {red: 23}\n  officers_hall: {red: 1}",
             "s.yaml:12:18: error: officers_hall counts court officers; add expansions: [court]"},
        Typo{"AConversionFromAnUnknownProvince", "{what: revolt}",
             "{player: red, cubes: 3, from: trir}",
             "s.yaml:17:37: error: unknown province \"trir\"; did you mean \"trier\"?"},
        Typo{"ADrawnOrderWithoutTheFirstEdition", "  event: tax_max_5",
             "  event: tax_max_5\n  drawn_order: [red, blue, yellow]",
             "s.yaml:5:16: error: drawn_order is the 1st edition's turn order; add edition: 1, "
             "or give the bids' ties as bid_ranking"},
        Typo{"ABidRankingInTheFirstEdition", "given:", "edition: 1\ngiven:\n  bid_ranking: [red]",
             "s.yaml:4:16: error: the 1st edition has no bids: give the turn order it draws as "
             "drawn_order"},
        Typo{"AnEditionThatIsNotOne", "given:", "edition: 3\ngiven:",
             "s.yaml:2:10: error: edition must be between 1 and 2, not 3"},
        Typo{"AnEventBeforeTheDraft", "  event: tax_max_5",
             "  draft: {face_up: [trier, koeln]}\n  event: tax_max_5",
             "s.yaml:5:10: error: event belongs to a season after the draft; leave it out"},
        Typo{"ADraftCardDealtTwice",
             "  event: tax_max_5\n  action_cards: [taxes]\n  provinces:\n    trier: {owner: red, "
             "armies: 2}\n",
             "  draft: {face_up: [trier, koeln], pile: [trier]}\n",
             "s.yaml:4:43: error: trier is dealt twice"},
        Typo{"AMisspeltKeyOfADraftPick", "{what: revolt}", "{round: 1, player: red, put_undr: []}",
             "s.yaml:17:31: error: unknown key \"put_undr\" in a log pattern without what; did "
             "you mean \"put_under\"?"},
        Typo{"SummaryPatternWithAnUnknownKey", "{what: revolt}", "{bid_rankin: [red]}",
             "s.yaml:17:8: error: unknown key \"bid_rankin\" in a log pattern without what; did "
             "you mean "
             "\"bid_ranking\"?"}),
    [](const ::testing::TestParamInfo<Typo>& param) { return param.param.name; });

}  // namespace
}  // namespace wallenstein::testing
