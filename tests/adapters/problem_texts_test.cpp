// The message catalogue of order problems (templates/text/problems.yaml) and the English lists
// the adapters' own messages still join in C++.

#include "support/problem_texts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/english.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"

namespace wallenstein {
namespace {

using report::ProblemTexts;

class Catalogue : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { rules_ = new Ruleset(load_ruleset(testing::source_data_dir())); }
  static void TearDownTestSuite() { delete rules_; }

  static std::filesystem::path shipped() {
    return report::problem_texts_file(testing::source_path("templates"));
  }
  static std::filesystem::path shipped_words() {
    return pbem::yaml_words_file(testing::source_path("templates"));
  }
  /// The catalogue `file` with the shipped words of YAML reading.
  static ProblemTexts load(const std::filesystem::path& file) {
    return ProblemTexts::load(file, shipped_words());
  }

  /// The shipped catalogue with `from` replaced by `to`, written to a file of the temp dir.
  std::filesystem::path edited(const std::string& from, const std::string& to) {
    std::string text = testing::read_text(shipped());
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    auto file = dir_ / "problems.yaml";
    testing::write_text(file, text);
    return file;
  }

  /// "file:line:col: message" of every diagnostic that loading `file` throws.
  static std::vector<std::string> load_errors(const std::filesystem::path& file) {
    std::vector<std::string> out;
    try {
      load(file);
    } catch (const InputError& e) {
      for (const auto& d : e.diagnostics()) {
        out.push_back(d.path + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) +
                      ": " + d.message);
      }
    }
    return out;
  }

  /// The 1-based line of the first line of `file` that starts with `prefix`.
  static int line_of(const std::filesystem::path& file, const std::string& prefix) {
    const std::string text = testing::read_text(file);
    const auto at = text.find("\n" + prefix);
    if (at == std::string::npos) return 0;
    return static_cast<int>(
               std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at) + 1, '\n')) +
           1;
  }

  ProvinceId province(const char* name) const { return *rules_->find_province(name); }

  static Ruleset* rules_;
  testing::TempDir dir_;
};
Ruleset* Catalogue::rules_ = nullptr;

TEST_F(Catalogue, EveryProblemKindHasAMessageInTheShippedCatalogue) {
  const ProblemTexts texts = load(shipped());  // throws when a message is missing
  for (ProblemKind kind : kAllProblemKinds) {
    EXPECT_FALSE(texts.render(Problem{{}, kind, {}}, *rules_).empty()) << problem_key(kind);
  }
}

TEST_F(Catalogue, AMisspeltIdIsRefusedAtItsPositionNamingTheNearestId) {
  const auto file = edited("  not_adjacent:", "  not_adjacnet:");
  const int line = line_of(file, "  not_adjacnet:");
  ASSERT_GT(line, 0);
  const auto errors = load_errors(file);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0],
            file.string() + ":" + std::to_string(line) +
                ":3: unknown key \"not_adjacnet\" in problems; did you mean \"not_adjacent\"?");
  // The id the catalogue lacks is named too, at the map that should hold it.
  EXPECT_NE(errors[1].find("missing key \"not_adjacent\""), std::string::npos) << errors[1];
}

TEST_F(Catalogue, AMisspeltValueInAMessageIsRefusedNamingTheNearestValue) {
  const auto file = edited("{{player_count}} players", "{{player_cuont}} players");
  const int line = line_of(file, "  out_of_play:");
  const auto errors = load_errors(file);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(
      errors[0],
      file.string() + ":" + std::to_string(line) +
          ":16: unknown value \"player_cuont\" in out_of_play; did you mean \"player_count\"?");
}

TEST_F(Catalogue, ABrokenMessageIsRefused) {
  const auto errors =
      load_errors(edited("{{#nearest}}; did you mean", "{{#nearest}; did you mean"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("unknown_province is not a valid mustache text"), std::string::npos)
      << errors[0];
}

TEST_F(Catalogue, ListsAreJoinedWithTheCataloguesWords) {
  const ProblemTexts texts =
      load(edited("and: '{{rest}} and {{last}}'", "and: '{{rest}} und {{last}}'"));
  Problem problem{{}, ProblemKind::not_adjacent, {}};
  problem.arguments = {
      {ProblemArg::province, province("passau")},
      {ProblemArg::from, province("vogtland")},
      {ProblemArg::neighbours,
       std::vector<ProvinceId>{province("anhalt"), province("passau"), province("kursachsen")}}};
  EXPECT_EQ(texts.render(problem, *rules_),
            "Passau is not adjacent to Vogtland; its neighbours are Anhalt, Passau und Kursachsen");
  problem.arguments.back().value = std::vector<ProvinceId>{province("anhalt")};
  EXPECT_EQ(texts.render(problem, *rules_),
            "Passau is not adjacent to Vogtland; its neighbours are Anhalt");
}

TEST_F(Catalogue, SuggestionsAreQuotedAndJoinedWithOr) {
  const ProblemTexts& texts = testing::problem_texts();
  Problem problem{{}, ProblemKind::unknown_province, {{ProblemArg::written, std::string("Pasau")}}};
  EXPECT_EQ(texts.render(problem, *rules_), "unknown province \"Pasau\"");
  problem.arguments.push_back({ProblemArg::nearest, std::vector<std::string>{"Passau", "Hessen"}});
  EXPECT_EQ(texts.render(problem, *rules_),
            "unknown province \"Pasau\"; did you mean \"Passau\" or \"Hessen\"?");
}

/// A templates directory in `dir` holding the shipped catalogues with `edits` (each must be
/// there) made to problems.yaml and yaml.yaml.
void write_catalogues(const std::filesystem::path& dir,
                      const std::vector<std::pair<std::string, std::string>>& problem_edits,
                      const std::vector<std::pair<std::string, std::string>>& word_edits) {
  const auto copy = [](const std::filesystem::path& from, const std::filesystem::path& to,
                       const std::vector<std::pair<std::string, std::string>>& edits) {
    std::string text = testing::read_text(from);
    for (const auto& [a, b] : edits) {
      const auto at = text.find(a);
      EXPECT_NE(at, std::string::npos) << a;
      if (at != std::string::npos) text.replace(at, a.size(), b);
    }
    std::filesystem::create_directories(to.parent_path());
    testing::write_text(to, text);
  };
  const auto source = testing::source_path("templates");
  copy(report::problem_texts_file(source), report::problem_texts_file(dir), problem_edits);
  copy(pbem::yaml_words_file(source), pbem::yaml_words_file(dir), word_edits);
}

TEST_F(Catalogue, AnOrderFilesShapeIsSaidInTheWordsOfTheCatalogues) {
  write_catalogues(
      dir_.path(),
      {{"missing_action: 'missing action \"{{key}}\"; write `{{key}}: none` for no action'",
        "missing_action: 'il manque l''action « {{key}} » ; écrivez `{{key}}: none` pour aucune'"}},
      {{"not_a_single_value: '{{what}} must be a single value, not a",
        "not_a_single_value: '{{what}} doit être une seule valeur, pas une"},
       {"{{#map}}map{{/map}}{{^map}}list{{/map}}'", "{{#map}}table{{/map}}{{^map}}liste{{/map}}'"},
       {"duplicate_key: 'duplicate key \"{{key}}\"; each key may appear once'",
        "duplicate_key: 'la clé « {{key}} » est écrite deux fois'"}});
  const ProblemTexts french = ProblemTexts::load_directory(dir_.path());
  const GameState state = new_game(NewGame{"test", {"red", "blue", "yellow"}, 1}, *rules_);
  const auto messages = [&](const std::string& text) {
    std::vector<std::string> out;
    for (const auto& d :
         check_order_source(SourceFile{"red.yaml", text}, state, *rules_, french).diagnostics)
      out.push_back(d.message);
    return out;
  };
  const std::string head = "game: test\nplayer: red\nseason: 1618-spring\nbid: none\n";
  const auto shaped = messages(head +
                               "actions: {palace: none, church: none, trading_house: none, "
                               "grain: none, taxes: none, armies5: none, armies3: none, "
                               "army1: none, battle_a: none}\n"
                               "winter_revolt_order: [[a]]\n");
  EXPECT_NE(std::find(shaped.begin(), shaped.end(),
                      "il manque l'action « battle_b » ; écrivez `battle_b: none` pour aucune"),
            shaped.end())
      << ::testing::PrintToString(shaped);
  EXPECT_NE(std::find(shaped.begin(), shaped.end(),
                      "winter_revolt_order entry doit être une seule valeur, pas une liste"),
            shaped.end())
      << ::testing::PrintToString(shaped);
  EXPECT_EQ(messages(head + "game: again\n"),
            std::vector<std::string>{"la clé « game » est écrite deux fois"});
}

TEST_F(Catalogue, AGameMastersCatalogueMadeForAnOlderProgramTakesWhatItLacksFromTheInstalledOne) {
  // An older problems.yaml: no shapes section, no message for not_adjacent, no yaml.yaml beside.
  std::string text = testing::read_text(shipped());
  text.erase(text.find("\n# What is said of an order file's shape"));
  const auto line = text.find("  not_adjacent:");
  text.erase(line, text.find('\n', line) + 1 - line);
  text.replace(text.find("and: '{{rest}} and {{last}}'"), 28, "and: '{{rest}} & {{last}}'");
  const auto older = dir_.path() / "older";
  std::filesystem::create_directories(older / "text");
  testing::write_text(report::problem_texts_file(older), text);

  EXPECT_THROW(ProblemTexts::load_directory(older), InputError);  // alone it lacks too much
  const ProblemTexts texts = ProblemTexts::load_directory(older, testing::source_path("templates"));
  Problem problem{{}, ProblemKind::not_adjacent, {}};
  problem.arguments = {{ProblemArg::province, province("passau")},
                       {ProblemArg::from, province("vogtland")},
                       {ProblemArg::neighbours,
                        std::vector<ProvinceId>{province("anhalt"), province("kursachsen")}}};
  // The installed message, with the older catalogue's own words for lists.
  EXPECT_EQ(texts.render(problem, *rules_),
            "Passau is not adjacent to Vogtland; its neighbours are Anhalt & Kursachsen");
  EXPECT_EQ(texts.shape("missing_action", pbem::Data("key", std::string("palace"))),
            "missing action \"palace\"; write `palace: none` for no action");
}

TEST(JoinNames, UsesCommasAndTheLastSeparator) {
  EXPECT_EQ(join_names({"a", "b", "c"}), "a, b or c");
  EXPECT_EQ(join_names({"a", "b"}, " and "), "a and b");
  EXPECT_EQ(join_names({"a"}), "a");
}

}  // namespace
}  // namespace wallenstein
