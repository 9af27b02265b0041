// The repository stands alone: the rules it cites are in docs/rules.md, and nothing points
// outside the source tree.

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>

#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;

/// Every text file of the source tree the project writes (not the build, not git's own).
std::vector<fs::path> project_files() {
  std::vector<fs::path> out;
  const fs::path root = testing::source_path("");
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() &&
        (name == "build" || name == ".git" || name == "fixtures" || name == "corpus")) {
      it.disable_recursion_pending();
      continue;
    }
    const std::string ext = it->path().extension().string();
    if (it->is_regular_file() &&
        (ext == ".cpp" || ext == ".hpp" || ext == ".md" || ext == ".yaml" || ext == ".mustache" ||
         ext == ".txt" || ext == ".1" || ext == ".py" || name == "install-deps" ||
         name == "test-all" || name == "run-example" || name == "regen-golden")) {
      out.push_back(it->path());
    }
  }
  return out;
}

TEST(RulesDocument, EverySectionTheProjectCitesIsInDocsRules) {
  const std::string rules = testing::read_text(testing::source_path("docs/rules.md"));
  std::set<std::string> sections;
  const std::regex heading(R"((?:^|\n)## (\d+)\. )");
  for (auto it = std::sregex_iterator(rules.begin(), rules.end(), heading);
       it != std::sregex_iterator(); ++it) {
    sections.insert((*it)[1]);
  }
  const std::regex item(R"(\n(\d+\.\d+) \*\*)");
  for (auto it = std::sregex_iterator(rules.begin(), rules.end(), item);
       it != std::sregex_iterator(); ++it) {
    sections.insert((*it)[1]);
  }
  ASSERT_EQ(sections.count("13"), 1u) << "sections 1 to 13";
  const std::regex cite(R"([Rr]ules (\d+(?:\.\d+)?)\b)");
  std::size_t cited = 0;
  for (const fs::path& file : project_files()) {
    if (file.filename() == "rules.md") continue;
    const std::string text = testing::read_text(file);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), cite);
         it != std::sregex_iterator(); ++it) {
      ++cited;
      EXPECT_EQ(sections.count((*it)[1]), 1u)
          << file << " cites rules " << (*it)[1] << ", which docs/rules.md lacks";
    }
  }
  EXPECT_GT(cited, 50u);
}

TEST(RulesDocument, NoFilePointsOutsideTheRepository) {
  // The project's documents travel with it; a path to a sibling directory would break in any clone.
  const std::regex outside(R"((\.\./shared|/wor[k]/|shared[/](rules|spec|seeds|data)[/]))");
  for (const fs::path& file : project_files()) {
    const std::string text = testing::read_text(file);
    std::smatch m;
    EXPECT_FALSE(std::regex_search(text, m, outside))
        << file << " points outside the repository: " << m.str();
  }
}

}  // namespace
}  // namespace wallenstein
