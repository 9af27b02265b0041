// The message catalogue of order problems (templates/text/problems.yaml) and the English lists
// the adapters' own messages still join in C++.

#include "support/problem_texts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/english.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"

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
      ProblemTexts::load(file);
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
  const ProblemTexts texts = ProblemTexts::load(shipped());  // throws when a message is missing
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
      ProblemTexts::load(edited("and: '{{rest}} and {{last}}'", "and: '{{rest}} und {{last}}'"));
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

TEST(JoinNames, UsesCommasAndTheLastSeparator) {
  EXPECT_EQ(join_names({"a", "b", "c"}), "a, b or c");
  EXPECT_EQ(join_names({"a", "b"}, " and "), "a and b");
  EXPECT_EQ(join_names({"a"}), "a");
}

}  // namespace
}  // namespace wallenstein
