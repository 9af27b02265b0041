#include "wallenstein/files/ruleset_files.hpp"

#include <gtest/gtest.h>

#include "pbem/files/diagnostic.hpp"
#include "support/base_spaces.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/files/ruleset_file_parts.hpp"
#include "wallenstein/pbem.hpp"

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
  /// The first diagnostic of loading with these modules, formatted, without the excerpt lines.
  std::string error(const std::vector<std::string>& modules = {}) const {
    try {
      load_ruleset(dir.path(), kCurrentRulesVersion, modules);
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
  replace_in_file(data.file("rules.yaml"), "court_favors, actions,", "court_favors, actoins,");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":44:31: error: unknown season phase \"actoins\"; did you mean "
                              "\"actions\"?");
}

TEST(RulesetLoading, ASeasonPhaseFarFromAnyKnownOneIsRefusedWithTheKnownNames) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"), "winter, publish]", "winter, siege, publish]");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":44:62: error: unknown season phase \"siege\"; expected event, "
                              "bids, actions, winter, publish, court_conversion, court_favors, "
                              "draw_turn_order, landsknechte, leaders_place or leaders_move");
}

TEST(RulesetLoading, ASeasonPhaseListedTwiceIsRefused) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"), "winter, publish]", "winter, winter, publish]");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":44:62: error: season phase winter is listed twice");
}

TEST(RulesetLoading, AMissingSeasonPhaseIsRefused) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"), "leaders_move, winter, publish]",
                  "leaders_move, publish]");
  EXPECT_EQ(data.error(),
            data.file("rules.yaml").string() + ":43:16: error: season phase winter is missing");
}

TEST(RulesetLoading, AModulesPhaseMissingFromTheSeasonIsRefusedNamingTheModule) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"), "landsknechte, court_conversion", "court_conversion");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":43:16: error: season phase landsknechte is missing: the "
                              "Landsknechte expansion (modules/landsknechte) adds it; place it in "
                              "the season");
}

TEST(RulesetLoading, SeasonPhasesOutOfTheirOrderAreRefused) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"), "[event, bids,", "[bids, event,");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":43:23: error: season phase event must come before bids (rules 4, "
                              "9)");
}

TEST(RulesetLoading, RulesWithoutSeasonPhasesAreRefused) {
  DataCopy data;
  replace_in_file(data.file("rules.yaml"),
                  "season_phases: [event, bids, draw_turn_order, leaders_place, landsknechte, "
                  "court_conversion,\n                court_favors, actions, leaders_move, winter, "
                  "publish]\n",
                  "");
  EXPECT_EQ(data.error(), data.file("rules.yaml").string() +
                              ":31:1: error: missing key \"season_phases\" ([event, bids, actions, "
                              "winter, publish] with every module's phases)");
}

/// A module of a copy of the data, "plain", that this program can play (it adds no phase): the
/// 1st edition's starting thaler, one event card changed and one added, another tower.
struct PlainModule : DataCopy {
  fs::path folder = file("modules/plain");
  PlainModule() {
    fs::create_directory(folder);
    testing::write_text(folder / "module.yaml",
                        "name: Plain variant\nkind: edition\nphases: []\norder_sections: []\n");
    testing::write_text(folder / "rules.yaml", "starting_thaler: {3: 18, 4: 15, 5: 13}\n");
    testing::write_text(folder / "events.yaml",
                        "events:\n"
                        "  - {id: tax_max_5, name: \"Tax limit\", effect: tax_max, value: 4,\n"
                        "     winter_loss: 1, text: \"Collect taxes yields at most 4 thaler.\"}\n"
                        "  - {id: plague, name: \"Plague\", effect: grain_max, value: 2,\n"
                        "     winter_loss: 9, text: \"Collect grain yields at most 2 grain.\"}\n");
    testing::write_text(folder / "tower.yaml",
                        "p_through: \"3/4\"\np_release: \"1/4\"\n"
                        "fill: {cubes_per_player: 6, peasants: 8}\n");
  }
};

TEST(RulesetModules, ShippedDataHasTheThreeExpansionsTheFirstEditionAndABaseGameWithoutThem) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  std::vector<std::string> ids;
  for (const Module& module : rules.modules) {
    ids.push_back(module.id);
    EXPECT_FALSE(module.on) << module.id;
    EXPECT_EQ(module.kind, module.id == "edition1" ? "edition" : "expansion") << module.id;
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"court", "edition1", "landsknechte", "leaders"}));
  EXPECT_EQ(rules.edition, 2);
  EXPECT_TRUE(rules.has_bids());
  EXPECT_EQ(rules.section_owner("defend_with")->name, "1st edition");
  EXPECT_EQ(rules.section_owner("favors")->name, "Imperial Court");
  EXPECT_EQ(rules.section_owner("leader")->id, "leaders");
  EXPECT_EQ(rules.section_owner("actions"), nullptr);
}

TEST(RulesetModules, AModuleOnIsLaidOverTheBaseGameAndAModuleOffChangesNothing) {
  PlainModule data;
  const Ruleset base = load_ruleset(data.dir.path());
  const Ruleset plain = load_ruleset(data.dir.path(), kCurrentRulesVersion, {"plain"});
  EXPECT_EQ(base.starting_thaler, (std::map<int, int>{{3, 18}, {4, 15}, {5, 12}}));
  EXPECT_EQ(plain.starting_thaler, (std::map<int, int>{{3, 18}, {4, 15}, {5, 13}}));
  EXPECT_EQ(plain.pieces.cubes_per_player, base.pieces.cubes_per_player);
  EXPECT_EQ(plain.coin_cards, base.coin_cards);
  ASSERT_EQ(plain.events.size(), base.events.size() + 1);
  const EventId tax_max = *base.find_event("tax_max_5");
  EXPECT_EQ(plain.find_event("tax_max_5"), tax_max);  // replaced in its place in the deck
  EXPECT_EQ(plain.event(tax_max).value, 4);
  EXPECT_EQ(base.event(tax_max).value, 5);
  EXPECT_EQ(plain.events.back().id, "plague");
  EXPECT_EQ(plain.tower.p_through.num, 3u);
  EXPECT_EQ(plain.tower.fill_peasants, 8);
  EXPECT_EQ(base.tower.fill_peasants, 10);
  EXPECT_EQ(plain.season_phases, base.season_phases);
  EXPECT_TRUE(plain.modules.back().on);
  EXPECT_FALSE(base.modules.back().on);
}

TEST(RulesetModules, AGamePlaysThePhasesOfItsModulesInTheOrderOfARound_E1) {
  using Phases = std::vector<std::string>;
  EXPECT_EQ(load_ruleset(testing::source_data_dir()).season_phases,
            (Phases{"event", "bids", "actions", "winter", "publish"}));
  EXPECT_EQ(
      load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"}).season_phases,
      (Phases{"event", "bids", "leaders_place", "actions", "leaders_move", "winter", "publish"}));
  EXPECT_EQ(
      load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders", "landsknechte"})
          .season_phases,
      (Phases{"event", "bids", "leaders_place", "landsknechte", "actions", "leaders_move", "winter",
              "publish"}));
}

TEST(RulesetModules, AModuleWithAnOrderSectionThisProgramDoesNotReadIsRefused) {
  PlainModule data;
  replace_in_file(data.folder / "module.yaml", "order_sections: []", "order_sections: [plain]");
  EXPECT_EQ(data.error({"plain"}), (data.folder / "module.yaml").string() +
                                       ":4:18: error: the Plain variant (plain) cannot "
                                       "be played by this version of the program, which lacks "
                                       "the order section plain");
  EXPECT_EQ(data.error(), "no error");
}

TEST(RulesetModules, AProblemInAModulesFileIsReportedAtItsPositionInThatFile) {
  PlainModule data;
  replace_in_file(data.folder / "events.yaml", "effect: grain_max", "effect: grain_maxx");
  EXPECT_EQ(data.error({"plain"}), (data.folder / "events.yaml").string() +
                                       ":4:42: error: unknown effect \"grain_maxx\"; see the list "
                                       "at the top of the base game's events.yaml");
  EXPECT_EQ(data.error(), "no error");  // a module that is off is not laid over the game
}

TEST(RulesetModules, AModuleCannotReorderTheSeason) {
  PlainModule data;
  testing::write_text(data.folder / "rules.yaml", "season_phases: [event, actions]\n");
  EXPECT_EQ(data.error({"plain"}),
            (data.folder / "rules.yaml").string() +
                ":1:16: error: season_phases belongs to the base game's rules.yaml, which places "
                "every module's phases; a module names its phases in module.yaml");
}

TEST(RulesetModules, AModuleAddsAnActionSpaceAfterTheBoardsAndChangesOneInItsPlace) {
  PlainModule data;
  testing::write_text(
      data.folder / "actions.yaml",
      "actions:\n"
      "  - {id: armies2, name: \"Place 2 armies\", kind: place, cost: 1, armies: 2}\n"
      "  - {id: army1, name: \"Move 1 army\", kind: place, cost: 2, armies: 1, "
      "move: true}\n");
  const Ruleset base = load_ruleset(data.dir.path());
  const Ruleset plain = load_ruleset(data.dir.path(), kCurrentRulesVersion, {"plain"});
  ASSERT_EQ(base.action_count(), 10);
  ASSERT_EQ(plain.action_count(), 11);
  EXPECT_EQ(plain.find_action("armies2"), Action::at(10));  // after the base game's spaces
  EXPECT_EQ(plain.action(Action::at(10)).kind, ActionKind::place);
  EXPECT_EQ(plain.action(Action::at(10)).armies, 2);
  EXPECT_EQ(plain.find_action("army1"), base.find_action("army1"));  // changed in its place
  EXPECT_EQ(plain.action(space::army1).cost, 2);
  EXPECT_EQ(base.action(space::army1).cost, 1);
  EXPECT_EQ(plain.spaces_of(ActionKind::place),
            (std::vector<Action>{space::armies5, space::armies3, space::army1, Action::at(10)}));
  EXPECT_FALSE(base.find_action("armies2").has_value());
}

TEST(RulesetModules, TheTablesNamingActionSpacesNameSpacesOfTheRightKind) {
  DataCopy data;
  replace_in_file(data.file("bonus_tiles.yaml"), "action: armies5", "action: armies6");
  EXPECT_EQ(data.error(), data.file("bonus_tiles.yaml").string() +
                              ":16:66: error: unknown place space \"armies6\"; did you mean "
                              "\"armies5\"?");
  DataCopy battle;
  replace_in_file(battle.file("bonus_tiles.yaml"), "action: armies5", "action: battle_a");
  EXPECT_EQ(battle.error(), battle.file("bonus_tiles.yaml").string() +
                                ":16:66: error: battle_a is not a place space; the place spaces "
                                "are armies5, armies3 or army1");
  DataCopy event;
  replace_in_file(event.file("events.yaml"), "limits: {armies5: 3", "limits: {taxes: 3");
  EXPECT_NE(event.error().find("unknown key \"taxes\" in event army_shortage limits"),
            std::string::npos)
      << event.error();
  DataCopy shield;
  replace_in_file(shield.file("modules/court/court.yaml"), "battles: [battle_a]}",
                  "battles: [army1]}");
  EXPECT_NE(shield.error({"court"}).find(
                "army1 is not a battle space; the battles are battle_a or battle_b"),
            std::string::npos)
      << shield.error({"court"});
  DataCopy unknown_shield;
  replace_in_file(unknown_shield.file("modules/court/court.yaml"), "battles: [battle_a]}",
                  "battles: [battle_c]}");
  EXPECT_NE(unknown_shield.error({"court"}).find("unknown battle \"battle_c\""), std::string::npos)
      << unknown_shield.error({"court"});
}

TEST(RulesetModules, ASpaceAddedByAModuleIsKnownToEveryTableWhateverTheModulesOrder) {
  PlainModule data;
  testing::write_text(
      data.folder / "actions.yaml",
      "actions:\n"
      "  - {id: armies2, name: \"Place 2 armies\", kind: place, cost: 1, armies: 2}\n");
  replace_in_file(data.file("modules/leaders/leaders.yaml"), "  army1: {armies: 1}",
                  "  army1: {armies: 1}\n  armies2: {armies: 1}");
  for (const std::vector<std::string>& order : {std::vector<std::string>{"plain", "leaders"},
                                                std::vector<std::string>{"leaders", "plain"}}) {
    const Ruleset rules = load_ruleset(data.dir.path(), kCurrentRulesVersion, order);
    EXPECT_EQ(rules.leaders.bonus(*rules.find_action("armies2")).armies, 1) << order.front();
  }
  // A later module that turns a space into another kind is checked against the tables too.
  testing::write_text(data.folder / "actions.yaml",
                      "actions:\n  - {id: armies5, name: \"Collect twice\", kind: collect, "
                      "collect: grain}\n");
  EXPECT_EQ(data.error({"leaders", "plain"}),
            data.file("events.yaml").string() +
                ":42:80: error: unknown key \"armies5\" in event army_shortage limits; did you "
                "mean \"armies3\"?");
}

TEST(RulesetLoading, AnActionRowTakesOnlyTheNumbersOfItsKindAndAReadableId) {
  DataCopy data;
  replace_in_file(data.file("actions.yaml"), "kind: battle}", "kind: battle, cost: 2}");
  EXPECT_EQ(data.error(), data.file("actions.yaml").string() +
                              ":24:82: error: cost does not belong to a battle space");
  DataCopy null_id;
  replace_in_file(null_id.file("actions.yaml"), "{id: battle_b,", "{id: 2nd_battle,");
  EXPECT_NE(null_id.error().find("action id \"2nd_battle\" must be lowercase letters, digits or "
                                 "_, begin with a letter and not be null"),
            std::string::npos)
      << null_id.error();
  DataCopy unnamed;
  replace_in_file(unnamed.file("actions.yaml"), "name: \"Battle/move B\"", "name: \"\"");
  EXPECT_NE(unnamed.error().find("an action's name cannot be empty"), std::string::npos)
      << unnamed.error();
  DataCopy limits;
  replace_in_file(limits.file("events.yaml"), "effect: tax_max, value: 5,",
                  "effect: tax_max, value: 5, limits: {armies5: 1},");
  EXPECT_NE(limits.error().find("limits belongs to an army_shortage event only"), std::string::npos)
      << limits.error();
}

TEST(RulesetModules, ABoardHoldsAtMostSixteenActionSpacesAndEverySlotFaceUpIsOne) {
  PlainModule data;
  std::string added = "actions:\n";
  for (int i = 0; i < 7; ++i) {
    added +=
        "  - {id: drill" + std::to_string(i) + ", name: Drill, kind: place, cost: 1, armies: 2}\n";
  }
  testing::write_text(data.folder / "actions.yaml", added);
  EXPECT_EQ(data.error({"plain"}), (data.folder / "actions.yaml").string() +
                                       ":8:5: error: a board has at most 16 action spaces");
  DataCopy slots;
  replace_in_file(slots.file("rules.yaml"), "face_up_slots: 5", "face_up_slots: 11");
  EXPECT_EQ(slots.error(), slots.file("rules.yaml").string() +
                               ": error: face_up_slots 11 is more than the board's 10 action "
                               "spaces");
}

TEST(RulesetModules, AFileThatNoModuleHoldsIsRefusedWhenAGamePlaysTheModule) {
  PlainModule data;
  testing::write_text(data.folder / "xyzzy.yaml", "cards: []\n");
  EXPECT_EQ(data.error(), "no error");  // a module that is off is its module.yaml alone
  EXPECT_EQ(data.error({"plain"}),
            (data.folder / "xyzzy.yaml").string() +
                ": error: this program reads no xyzzy.yaml in a module; a module holds "
                "module.yaml, rules.yaml, actions.yaml, events.yaml, bonus_tiles.yaml, "
                "supply_table.yaml, tower.yaml, landsknechte.yaml, leaders.yaml and court.yaml");
}

TEST(RulesetModules, TheFirstEditionDrawsTheTurnOrderAndLaysItsNumbersOverTheBaseGame_Rules12) {
  const Ruleset rules =
      load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1, {});
  EXPECT_EQ(rules.edition, 1);
  EXPECT_FALSE(rules.has_bids());
  EXPECT_EQ(rules.season_phases,
            (std::vector<std::string>{"event", "draw_turn_order", "actions", "winter", "publish"}));
  EXPECT_EQ(rules.starting_thaler, (std::map<int, int>{{3, 18}, {4, 15}, {5, 13}}));
  EXPECT_EQ(rules.peasants_defend_up_to_markers, 1);
  EXPECT_EQ(rules.neutral_conquest_markers, 1);
  EXPECT_FALSE(rules.winter_marker_before_revolt);
  EXPECT_EQ(rules.scoring.tie_breaks,
            (std::vector<TieBreakKey>{TieBreakKey::palaces, TieBreakKey::churches,
                                      TieBreakKey::trading_houses}));
  EXPECT_EQ(rules.min_source_armies, 2);
  const Ruleset second =
      load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 2, {});
  EXPECT_EQ(second.peasants_defend_up_to_markers, 0);
  EXPECT_EQ(second.neutral_conquest_markers, 0);
  EXPECT_TRUE(second.winter_marker_before_revolt);
  EXPECT_EQ(second.scoring.tie_breaks, std::vector<TieBreakKey>{TieBreakKey::thaler});
  EXPECT_EQ(second.starting_thaler.at(5), 12);
}

TEST(RulesetModules, TheFirstEditionPlaysWithTheExpansionsItsPhaseInPlaceOfTheBids) {
  const Ruleset rules = load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1,
                                             {"leaders", "landsknechte"});
  EXPECT_EQ(rules.season_phases,
            (std::vector<std::string>{"event", "draw_turn_order", "leaders_place", "landsknechte",
                                      "actions", "leaders_move", "winter", "publish"}));
}

TEST(RulesetModules, AnEditionIsNotAnExpansion) {
  try {
    load_game_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 2, {"edition1"},
                      "/games/berlin/game.yaml");
    FAIL() << "edition1 was played as an expansion";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().format(),
              "/games/berlin/game.yaml: error: expansions: edition1 is the 1st edition, not an "
              "expansion: choose it with the edition (edition: 1 in game.yaml, new --edition 1)");
  }
}

TEST(RulesetModules, OnlyAnEditionReplacesAPhaseOfTheBaseGameAndOnlyWithItsOwn) {
  PlainModule data;  // an edition without phases of its own
  replace_in_file(data.folder / "module.yaml", "phases: []", "phases: []\nreplaces: [bids]");
  EXPECT_EQ(data.error(), (data.folder / "module.yaml").string() +
                              ":4:11: error: an edition that replaces a phase adds its own in its "
                              "place");
  replace_in_file(data.folder / "module.yaml", "kind: edition", "kind: expansion");
  EXPECT_EQ(data.error(), (data.folder / "module.yaml").string() +
                              ":4:11: error: an expansion adds to the base game; only an edition "
                              "replaces its phases");
  DataCopy first;
  replace_in_file(first.file("modules/edition1/module.yaml"), "replaces: [bids]",
                  "replaces: [bidz]");
  EXPECT_EQ(first.error(), first.file("modules/edition1/module.yaml").string() +
                               ":9:12: error: bidz is not a phase of the base game, which are "
                               "event, bids, actions, winter and publish");
}

TEST(RulesetModules, ReplacesWrittenAsAMapIsRefusedAtItsLineNotACrash) {
  DataCopy first;
  replace_in_file(first.file("modules/edition1/module.yaml"), "replaces: [bids]",
                  "replaces: {bids: draw}");
  EXPECT_EQ(first.error(), first.file("modules/edition1/module.yaml").string() +
                               ":9:11: error: replaces must be a list, like [a, b]");
}

TEST(RulesetLoading, SetupsGroupsOrStandardWrittenAsAListIsRefusedAtItsLineNotACrash) {
  DataCopy groups;
  replace_in_file(groups.file("setups.yaml"),
                  "  3: [5, 4, 4, 3, 3, 2, 2, 2, 2]\n  4:", "  - [5, 4, 4, 3, 3, 2, 2, 2, 2]\n  -");
  replace_in_file(groups.file("setups.yaml"), "\n  5: [5, 4, 4, 3, 3, 2, 2]", "\n  - [5, 4, 4]");
  EXPECT_EQ(groups.error(), groups.file("setups.yaml").string() +
                                ":10:3: error: groups must be a map of `key: value` lines");
  DataCopy standard;
  const std::string text = testing::read_text(standard.file("setups.yaml"));
  testing::write_text(standard.file("setups.yaml"),
                      text.substr(0, text.find("\nstandard:") + 1) + "standard: [3, 4, 5]\n");
  EXPECT_EQ(standard.error(), standard.file("setups.yaml").string() +
                                  ":13:11: error: standard must be a map of `key: value` lines");
}

TEST(RulesetLoading, AMisspeltKeyOfTheBattleWinterOrScoringRulesIsRefusedWithItsPosition) {
  for (const auto& [key, typo] :
       {std::pair{"  neutral_conquest_markers: 0", "  neutral_conquest_marker: 0"},
        std::pair{"  marker_before_revolt: true", "  marker_before_revolts: true"},
        std::pair{"tie_breaks: [thaler]", "tie_breaks: [thalers]"}}) {
    DataCopy data;
    replace_in_file(data.file("rules.yaml"), key, typo);
    const std::string error = data.error();
    EXPECT_TRUE(error.starts_with(data.file("rules.yaml").string() + ":")) << error;
    EXPECT_NE(error.find("did you mean"), std::string::npos) << error;
  }
}

TEST(RulesetModules, AModuleCannotClaimAPhaseOfTheBaseGame) {
  PlainModule data;
  replace_in_file(data.folder / "module.yaml", "phases: []", "phases: [bids]");
  EXPECT_EQ(data.error(), (data.folder / "module.yaml").string() +
                              ":3:10: error: phase bids is the base game's, which every game "
                              "plays; a module adds phases of its own");
}

TEST(RulesetModules, AnOrderSectionBelongsToOneModule) {
  PlainModule data;
  replace_in_file(data.folder / "module.yaml", "order_sections: []", "order_sections: [favors]");
  EXPECT_EQ(data.error(), data.file("modules/plain/module.yaml").string() +
                              ": error: order section favors is claimed by two modules, court "
                              "and plain; each phase or section belongs to one");
}

TEST(RulesetModules, AModuleCannotClaimAnOrderKeyOfTheBaseGame) {
  PlainModule data;
  replace_in_file(data.folder / "module.yaml", "order_sections: []", "order_sections: [bid]");
  EXPECT_EQ(data.error(), (data.folder / "module.yaml").string() +
                              ":4:18: error: order section bid is the base game's order key; a "
                              "module adds sections of its own");
}

TEST(RulesetModules, AnExpansionWhoseOrderSectionsThisProgramDoesNotReadIsRefused) {
  // A later data folder may list a section this version cannot read: the game is refused.
  DataCopy data;
  replace_in_file(data.file("modules/court/module.yaml"), "order_sections: [court, favors]",
                  "order_sections: [court, favors, petitions, audiences]");
  EXPECT_EQ(data.error({"court"}), data.file("modules/court/module.yaml").string() +
                                       ":12:33: error: the Imperial Court expansion (court) "
                                       "cannot be played by this version of the program, which "
                                       "lacks the order sections petitions and audiences");
  EXPECT_THROW(load_ruleset(data.dir.path(), kCurrentRulesVersion, {"leaders", "court"}),
               ModuleRefused);
}

TEST(RulesetModules, EveryShippedModuleIsPlayedByThisVersion) {
  for (const std::string module : {"court", "landsknechte", "leaders"}) {
    const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {module});
    EXPECT_TRUE(std::any_of(rules.modules.begin(), rules.modules.end(), [&](const Module& m) {
      return m.id == module && m.on;
    })) << module;
  }
}

TEST(RulesetModules, AGameListingAModuleItCannotPlayIsToldAtItsGameYaml) {
  DataCopy data;
  replace_in_file(data.file("modules/court/module.yaml"), "order_sections: [court, favors]",
                  "order_sections: [court, favors, petitions]");
  try {
    load_game_ruleset(data.dir.path(), kCurrentRulesVersion, 2, {"court"},
                      "/games/berlin/game.yaml");
    FAIL() << "court was played";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().format(),
              "/games/berlin/game.yaml: error: expansions: the Imperial Court expansion "
              "(court) cannot be played by this version of the program, which lacks the "
              "order section petitions");
  }
}

TEST(RulesetModules, AModulesPiecesBoundTheBaseGamesTables) {
  PlainModule data;
  testing::write_text(data.folder / "rules.yaml",
                      "pieces: {cubes_per_player: 20, peasants: 20, revolt_markers: 42,\n"
                      "         buildings: {palace: 28, church: 26, trading_house: 26}}\n");
  const std::string error = data.error({"plain"});
  EXPECT_TRUE(error.starts_with(data.file("setups.yaml").string())) << error;
  EXPECT_TRUE(
      error.ends_with("-player setup places more armies than a player's 20 cubes "
                      "(rules.yaml pieces)"))
      << error;
}

TEST(RulesetModules, TwoModulesSettingOneKeyLeaveTheLaterOnesValue) {
  PlainModule data;
  const fs::path second = data.file("modules/second");
  fs::create_directory(second);
  testing::write_text(second / "module.yaml",
                      "name: Second variant\nkind: edition\nphases: []\norder_sections: []\n");
  testing::write_text(second / "rules.yaml", "starting_thaler: {3: 30, 4: 25, 5: 20}\n");
  testing::write_text(second / "supply_table.yaml",
                      "rows:\n  - {unsupplied_min: 1, unsupplied_max: null, revolts: 2, "
                      "extra_peasants: 0}\n");
  const Ruleset both = load_ruleset(data.dir.path(), kCurrentRulesVersion, {"plain", "second"});
  EXPECT_EQ(both.starting_thaler.at(5), 20);
  EXPECT_EQ(both.events.back().id, "plague");  // the tables of both are laid
  ASSERT_EQ(both.supply_table.size(), 1u);     // replaced whole, not added to
  EXPECT_EQ(both.supply_table[0].revolt_count, 2);
  EXPECT_EQ(load_ruleset(data.dir.path(), kCurrentRulesVersion, {"second", "plain"})
                .starting_thaler.at(5),
            13);
}

TEST(RulesetModules, HiddenFilesAreNoPartOfTheData) {
  PlainModule data;
  testing::write_text(data.file("modules/.gitkeep"), "");
  testing::write_text(data.folder / ".events.yaml.swp", "binary");
  EXPECT_EQ(data.error({"plain"}), "no error");
}

TEST(RulesetModules, ALinkLoopInTheModulesIsAnInputError) {
  DataCopy data;
  fs::create_directory_symlink("loop2", data.file("modules/loop1"));
  fs::create_directory_symlink("loop1", data.file("modules/loop2"));
  EXPECT_EQ(data.error(), data.file("modules/loop1").string() +
                              ": error: cannot read: Too many levels of symbolic links");
  fs::remove_all(data.file("modules"));
  fs::create_directory_symlink("modules", data.file("modules"));
  EXPECT_EQ(data.error(), data.file("modules").string() +
                              ": error: cannot read: Too many levels of symbolic links");
}

TEST(RulesetModules, AProblemOfTheDataIsNeverHiddenBehindTheGamesChoiceOfModules) {
  DataCopy data;
  replace_in_file(data.file("modules/leaders/module.yaml"), "kind: expansion", "kind: bogus");
  EXPECT_EQ(data.error({"court"}), data.file("modules/leaders/module.yaml").string() +
                                       ":4:7: error: kind must be expansion or edition");
  replace_in_file(data.file("modules/leaders/module.yaml"), "kind: bogus", "kind: expansion");
  replace_in_file(data.file("rules.yaml"), "years: [1618, 1619]", "years: [1618, x]");
  EXPECT_TRUE(data.error({"curt"}).starts_with(data.file("rules.yaml").string())) << data.error();
  replace_in_file(data.file("rules.yaml"), "years: [1618, x]", "years: [1618, 1619]");
  replace_in_file(data.file("rules.yaml"), "starting_thaler: {3: 18, 4: 15, 5: 12}",
                  "starting_thaler: {3: 18, 4: 15}");
  EXPECT_EQ(data.error({"curt"}), data.file("rules.yaml").string() +
                                      ": error: starting_thaler has no entry for 5 players, "
                                      "which setups.yaml offers (with the modules curt)");
}

TEST(RulesetLoading, RulesetsPlayTheCurrentRulesVersionUnlessTheGameSaysOtherwise) {
  EXPECT_EQ(load_ruleset(testing::source_data_dir()).version, kCurrentRulesVersion);
  EXPECT_EQ(load_ruleset(testing::source_data_dir(), 1).version, 1);
}

TEST(RulesetLoading, UnknownRulesVersionIsAnInputError) {
  try {
    load_ruleset(testing::source_data_dir(), 4);
    FAIL() << "rules version 4 was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().message,
              "rules version 4 is unknown to this program, which plays 1 to 3");
  }
}

TEST(RulesetLoading, MissingDataDirectoryIsAnInputError) {
  EXPECT_THROW(load_ruleset("/nonexistent/data"), InputError);
}

TEST(RulesetModules, TheShippedLandsknechtePileHoldsTheValuesOfE10) {
  Ruleset rules = load_ruleset(testing::source_data_dir());
  loading::load_landsknechte(testing::source_data_dir() / "modules/landsknechte", rules);
  const LandsknechtRules& pile = rules.landsknechte;
  EXPECT_EQ(pile.min_regions, 4);
  EXPECT_EQ(pile.fallback, LandsknechtBonus::thaler);
  ASSERT_EQ(pile.cards.size(), 3u);
  using Amounts = std::array<int, 4>;  // thaler, tray, grain, vp; 0: not offered
  EXPECT_EQ(pile.cards[0].amount, (Amounts{2, 1, 0, 0}));
  EXPECT_EQ(pile.cards[1].amount, (Amounts{4, 2, 1, 0}));
  EXPECT_EQ(pile.cards[2].amount, (Amounts{6, 3, 2, 1}));
}

TEST(RulesetModules, TheShippedLeadersHoldTheRulebooksBonusesAsChanges) {
  Ruleset rules = load_ruleset(testing::source_data_dir());
  loading::load_leaders(testing::source_data_dir() / "modules/leaders", rules);
  const LeaderRules& leaders = rules.leaders;
  EXPECT_EQ(leaders.statues, 6);
  EXPECT_EQ(leaders.vp_per_statue, 1);
  EXPECT_EQ(leaders.vp_per_trophy, 1);
  // Rules 13.3: palace 2, church 1, trading house 0; taxes and grain +1; 6, 4 and 2 armies.
  const auto cost = [&](Action a) { return rules.action(a).cost + leaders.bonus(a).cost; };
  EXPECT_EQ(cost(space::palace), 2);
  EXPECT_EQ(cost(space::church), 1);
  EXPECT_EQ(cost(space::trading_house), 0);
  EXPECT_EQ(leaders.bonus(space::taxes), (LeaderBonus{0, 1, 0}));
  EXPECT_EQ(leaders.bonus(space::grain), (LeaderBonus{0, 1, 0}));
  const auto armies = [&](Action a) { return rules.action(a).armies + leaders.bonus(a).armies; };
  EXPECT_EQ(armies(space::armies5), 6);
  EXPECT_EQ(armies(space::armies3), 4);
  EXPECT_EQ(armies(space::army1), 2);
  EXPECT_EQ(leaders.bonus(space::battle_a), LeaderBonus{}) << "battles are unchanged";
}

TEST(RulesetModules, ALeaderBonusThatIsNotWhatItsActionDoesIsAnErrorAtItsPosition) {
  DataCopy data;
  const fs::path file = data.file("modules/leaders/leaders.yaml");
  replace_in_file(file, "taxes: {amount: 1}", "taxes: {armies: 1}");
  Ruleset rules = load_ruleset(data.dir.path());
  try {
    loading::load_leaders(file.parent_path(), rules);
    FAIL() << "taxes took armies";
  } catch (const InputError& e) {
    EXPECT_EQ(
        e.diagnostics().front().format().substr(0, e.diagnostics().front().format().find('\n')),
        file.string() +
            ":20:11: error: unknown key \"armies\" in taxes's leader bonus; "
            "expected amount");
  }
}

TEST(RulesetModules, TheFirstEditionsEventDeckIsItsOwnFileWithTheSecondEditionsCards_D39_D53) {
  const Ruleset first =
      load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1, {});
  const Ruleset second = load_ruleset(testing::source_data_dir());
  ASSERT_TRUE(fs::exists(testing::source_data_dir() / "modules/edition1/events.yaml"));
  ASSERT_EQ(first.events.size(), second.events.size())
      << "the 2nd edition's 12 until the 25 are known";
  for (std::size_t i = 0; i < first.events.size(); ++i) {
    EXPECT_EQ(first.events[i].id, second.events[i].id);
    EXPECT_EQ(first.events[i].effect, second.events[i].effect);
    EXPECT_EQ(first.events[i].value, second.events[i].value);
    EXPECT_EQ(first.events[i].winter_loss, second.events[i].winter_loss);
  }
}

TEST(RulesetModules, AnEditionsDeckThatReplacesTheDeckIsTheWholeDeck_D53) {
  DataCopy data;
  const fs::path deck = data.file("modules/edition1/events.yaml");
  const std::string text = testing::read_text(deck);
  testing::write_text(deck, text.substr(0, text.find("  - {id: angry_peasants")));
  const Ruleset eight = load_edition_ruleset(data.dir.path(), kCurrentRulesVersion, 1, {});
  ASSERT_EQ(eight.events.size(), 8u) << "the base game's other 4 cards are not played";
  EXPECT_EQ(eight.events[7].id, "grain_max_3");
  DataCopy misspelt;
  replace_in_file(misspelt.file("modules/edition1/events.yaml"), "\nreplaces_deck: true",
                  "\nreplace_deck: true");
  try {
    load_edition_ruleset(misspelt.dir.path(), kCurrentRulesVersion, 1, {});
    FAIL() << "a misspelt key was read";
  } catch (const InputError& e) {
    EXPECT_NE(e.diagnostics().front().message.find("did you mean \"replaces_deck\""),
              std::string::npos)
        << e.diagnostics().front().message;
  }
}

TEST(RulesetModules, TheLandsknechtePileIsCheckedWithItsPositionWhenAGamePlaysTheExpansion) {
  DataCopy data;
  const fs::path pile = data.file("modules/landsknechte/landsknechte.yaml");
  replace_in_file(pile, "fallback: thaler", "fallback: gold");
  EXPECT_EQ(data.error(), "no error") << "a module that is off is its module.yaml alone";
  EXPECT_EQ(data.error({"landsknechte"}),
            pile.string() +
                ":19:11: error: unknown fallback \"gold\"; expected thaler, tray, grain or vp");
  replace_in_file(pile, "fallback: gold", "fallback: grain");
  EXPECT_EQ(data.error({"landsknechte"}),
            pile.string() +
                ":16:5: error: card 1 does not offer the fallback grain, which is "
                "taken when no wish is offered; every card must offer it");
  replace_in_file(pile, "fallback: grain", "fallback: thaler");
  replace_in_file(pile, "{thaler: 2, tray: 1}", "{thaler: 2, tray: 1, gold: 3}");
  EXPECT_EQ(data.error({"landsknechte"}),
            pile.string() +
                ":16:26: error: unknown key \"gold\" in a Landsknechte card; expected "
                "thaler, tray, grain or vp");
  replace_in_file(pile, "{thaler: 2, tray: 1, gold: 3}", "{thaler: 2, tray: 99}");
  EXPECT_EQ(data.error({"landsknechte"}),
            pile.string() + ":16:23: error: tray must be between 1 and 62, not 99");
}

TEST(RulesetModules, TheLandsknechtePileFitsTheBoardAndTheYear) {
  DataCopy data;
  const fs::path pile = data.file("modules/landsknechte/landsknechte.yaml");
  replace_in_file(pile, "min_regions: 4", "min_regions: 6");
  EXPECT_EQ(data.error({"landsknechte"}),
            pile.string() +
                ": error: min_regions 6 is more than the board's 5 regions (with the "
                "modules landsknechte)");
  replace_in_file(pile, "min_regions: 6", "min_regions: 4");
  replace_in_file(pile, "  - {thaler: 6, tray: 3, grain: 2, vp: 1}\n", "");
  EXPECT_EQ(data.error({"landsknechte"}),
            pile.string() +
                ": error: the pile has 2 cards below the blank but a year has 3 "
                "seasons (with the modules landsknechte)");
  fs::remove(pile);
  EXPECT_EQ(data.error({"landsknechte"}),
            pile.string() +
                ": error: is missing: a game playing the landsknechte phase needs its "
                "pile (with the modules landsknechte)");
}

TEST(RulesetModules, TheLandsknechtePileBelongsToTheLandsknechteModuleAlone) {
  DataCopy data;
  fs::copy_file(data.file("modules/landsknechte/landsknechte.yaml"),
                data.file("modules/court/landsknechte.yaml"));
  EXPECT_EQ(data.error({"court"}),
            data.file("modules/court/landsknechte.yaml").string() +
                ": error: belongs to the module that adds the landsknechte phase "
                "(modules/landsknechte), not to court");
}

TEST(RulesetModules, TheShippedCourtHoldsTwentyOneFavourCardsWithTheDefaultsOfE6) {
  Ruleset rules = load_ruleset(testing::source_data_dir());
  loading::load_court(testing::source_data_dir() / "modules/court", rules);
  const CourtRules& court = rules.court;
  EXPECT_EQ(court.officers, 7);
  EXPECT_EQ(court.tower_cards, 3);
  EXPECT_EQ(court.setup_officers_max, 7) << "E-3";
  EXPECT_EQ(court.conversions, (std::vector<int>{3, 2, 1}));
  EXPECT_EQ(court.display, (std::vector<int>{4, 3, 2}));
  ASSERT_EQ(court.cards.size(), 21u);
  for (std::size_t i = 0; i < court.cards.size(); ++i)
    EXPECT_EQ(court.cards[i].number, static_cast<int>(i) + 1);
  const auto card = [&](int number) { return court.cards[static_cast<std::size_t>(number - 1)]; };
  EXPECT_EQ(card(1).effect, FavourEffect::cancel_event);
  for (const auto& [number, amount] : {std::pair{2, 3}, {9, 5}, {16, 7}}) {
    EXPECT_EQ(card(number).effect, FavourEffect::thaler);
    EXPECT_EQ(card(number).amount, amount);
  }
  EXPECT_EQ(card(4).effect, FavourEffect::remove_marker);
  EXPECT_EQ(card(21).building, Building::palace);
  EXPECT_EQ(card(7).building, Building::trading_house);
  EXPECT_EQ(card(10).shields, (std::vector<Action>{space::battle_a}));
  EXPECT_EQ(card(18).shields, (std::vector<Action>{space::battle_a, space::battle_b}));
  EXPECT_EQ(card(12).effect, FavourEffect::place);
  EXPECT_EQ(card(12).amount, 3);
}

TEST(RulesetModules, AFavourCardsMistakeIsAnErrorAtItsPosition) {
  DataCopy data;
  const fs::path file = data.file("modules/court/court.yaml");
  replace_in_file(file, "{number: 7, effect: build, building: trading_house}",
                  "{number: 7, effect: build, building: tradinghouse}");
  replace_in_file(file, "{number: 10, effect: shield, battles: [battle_a]}",
                  "{number: 10, effect: shield, battles: [battle_a], amount: 2}");
  Ruleset rules = load_ruleset(data.dir.path());
  try {
    loading::load_court(file.parent_path(), rules);
    FAIL() << "a misspelt building was taken";
  } catch (const InputError& e) {
    std::vector<std::string> lines;
    for (const auto& d : e.diagnostics())
      lines.push_back(d.format().substr(0, d.format().find('\n')));
    EXPECT_EQ(lines,
              (std::vector<std::string>{
                  file.string() + ":39:42: error: unknown building \"tradinghouse\"; did "
                                  "you mean \"trading_house\"?",
                  file.string() + ":42:63: error: amount does not belong to a shield card"}));
  }
}

}  // namespace
}  // namespace wallenstein
