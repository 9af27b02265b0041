// Every name a template reads is one the program provides: a misspelt key would otherwise render
// as nothing, silently, in a mail a player reads.

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;

/// Every C++ source of the program, as one text.
std::string program_sources() {
  std::string all;
  for (const auto& entry : fs::recursive_directory_iterator(testing::source_path("src"))) {
    const auto ext = entry.path().extension();
    if (ext == ".cpp" || ext == ".hpp") all += testing::read_text(entry.path());
  }
  return all;
}

/// Whether the program provides `key`: as a string literal, or made by a helper that provides
/// "X_one" for a count X, or by a prefix the code completes ("command_" + the command).
bool provided(const std::string& key, const std::string& sources) {
  const auto literal = [&](const std::string& k) {
    return sources.find('"' + k + '"') != std::string::npos;
  };
  if (literal(key)) return true;
  const std::string one = "_one";
  if (key.size() > one.size() && key.compare(key.size() - one.size(), one.size(), one) == 0)
    return literal(key.substr(0, key.size() - one.size()));
  for (auto at = key.find('_'); at != std::string::npos; at = key.find('_', at + 1)) {
    if (literal(key.substr(0, at + 1))) return true;
  }
  return false;
}

TEST(TemplateKeys, EveryKeyATemplateReadsIsOneTheProgramProvides) {
  const std::string sources = program_sources();
  const std::regex tag(R"(\{\{\{?\s*([#^&]?)\s*([A-Za-z0-9_.]+)\s*\}?\}\})");
  int keys = 0;
  for (const auto& entry : fs::recursive_directory_iterator(testing::source_path("templates"))) {
    if (entry.path().extension() != ".mustache") continue;
    const std::string text = testing::read_text(entry.path());
    for (std::sregex_iterator it(text.begin(), text.end(), tag), end; it != end; ++it) {
      std::string name = (*it)[2];
      for (std::size_t start = 0; start <= name.size();) {  // me.id: "me" and "id"
        const std::size_t dot = std::min(name.find('.', start), name.size());
        const std::string part = name.substr(start, dot - start);
        ++keys;
        EXPECT_TRUE(part.empty() || provided(part, sources))
            << entry.path().filename().string() << ": {{" << name << "}} reads \"" << part
            << "\", which no code provides";
        start = dot + 1;
      }
    }
  }
  EXPECT_GT(keys, 400) << "the templates were read";
}

}  // namespace
}  // namespace wallenstein
