#include "wallenstein/files/kept_rulesets.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>  // setenv, unsetenv

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "pbem/files/files.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::replace_in_file;
using testing::TempDir;

/// A copy of the shipped data that a test may change, and a cache directory of its own.
struct KeptData {
  TempDir data;
  TempDir cache;
  KeptData() { fs::copy(testing::source_data_dir(), data.path(), fs::copy_options::recursive); }
  Ruleset load(const std::vector<std::string>& modules = {}) const {
    return load_ruleset(data.path(), kCurrentRulesVersion, modules, cache.path());
  }
  std::string key(const std::vector<std::string>& modules = {}) const {
    return ruleset_key(data.path(), kCurrentRulesVersion, modules).value();
  }
  std::vector<fs::path> entries() const {
    std::vector<fs::path> found;
    if (!fs::exists(cache / "rulesets")) return found;
    for (const auto& e : fs::directory_iterator(cache / "rulesets")) found.push_back(e.path());
    return found;
  }
  fs::path entry(const std::string& key) const { return cache / "rulesets" / (key + ".ruleset"); }
};

TEST(KeptRulesets, EveryRulesetOfTheShippedDataReadsBackEqualToTheOneParsed) {
  const std::vector<std::string> expansions = {"court", "landsknechte", "leaders"};
  int compared = 0;
  for (int version = 1; version <= kCurrentRulesVersion; ++version) {
    for (const int edition : {1, 2}) {
      for (unsigned chosen = 0; chosen < (1U << expansions.size()); ++chosen) {
        std::vector<std::string> played;
        for (std::size_t i = 0; i < expansions.size(); ++i) {
          if ((chosen >> i) & 1U) played.push_back(expansions[i]);
        }
        Ruleset parsed;
        try {
          parsed = load_edition_ruleset(testing::source_data_dir(), version, edition, played);
        } catch (const ModuleRefused&) {
          continue;  // a module this version cannot play: nothing to keep
        }
        const std::optional<Ruleset> back = ruleset_from_kept_bytes(kept_ruleset_bytes(parsed));
        ASSERT_TRUE(back.has_value()) << version << " " << edition << " " << chosen;
        EXPECT_TRUE(*back == parsed)
            << "version " << version << ", edition " << edition << ", expansions " << chosen;
        EXPECT_EQ(back->find_province("Boehmen"), parsed.find_province("Böhmen"));
        ++compared;
      }
    }
  }
  // Every version plays both editions with every expansion.
  EXPECT_EQ(compared, kCurrentRulesVersion * 2 * 8);
}

TEST(KeptRulesets, ARulesetWithEveryModuleOnHasTheModulesNumbersAfterTheRoundTrip) {
  const Ruleset parsed = load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1,
                                              {"court", "landsknechte", "leaders"});
  const Ruleset back = ruleset_from_kept_bytes(kept_ruleset_bytes(parsed)).value();
  // What the comparison above covers is only as good as the data: the modules set these.
  EXPECT_FALSE(back.court.cards.empty());
  EXPECT_FALSE(back.landsknechte.cards.empty());
  EXPECT_GT(back.leaders.statues, 0);
  EXPECT_EQ(back.edition, 1);
  EXPECT_TRUE(back == parsed);
}

TEST(KeptRulesets, ALoadWithTheSameFilesReturnsTheKeptRulesetWithoutParsing) {
  const KeptData kept;
  const Ruleset first = kept.load();
  ASSERT_EQ(kept.entries().size(), 1u);
  EXPECT_EQ(kept.entries().front(), kept.entry(kept.key()));
  // An entry the parse could not have made: the load must have read it.
  Ruleset marked = first;
  marked.provinces.front().grain = 99;
  keep_ruleset(kept.cache.path(), kept.key(), marked);
  EXPECT_EQ(kept.load().provinces.front().grain, 99);
}

TEST(KeptRulesets, AChangedDataFileIsParsedAgainAndKeptBesideTheOldEntry) {
  const KeptData kept;
  const Ruleset before = kept.load();
  const ProvinceId altmark = *before.find_province("Altmark");
  ASSERT_EQ(before.province(altmark).grain, 2);
  replace_in_file(kept.data / "provinces.yaml", "    grain: 2\n    tax: 6\n    sites: 2",
                  "    grain: 3\n    tax: 6\n    sites: 2");
  EXPECT_EQ(kept.load().province(altmark).grain, 3);
  EXPECT_EQ(kept.entries().size(), 2u);
}

TEST(KeptRulesets, TheKeyNamesTheVersionTheModulesInOrderAndEveryFileWithItsPath) {
  const KeptData kept;
  const fs::path dir = kept.data.path();
  const std::string base = kept.key();
  EXPECT_EQ(ruleset_key(dir, kCurrentRulesVersion, {}), base) << "the same files, the same key";
  EXPECT_NE(ruleset_key(dir, kCurrentRulesVersion - 1, {}), base);
  EXPECT_NE(ruleset_key(dir, kCurrentRulesVersion, {"court"}), base);
  EXPECT_NE(ruleset_key(dir, kCurrentRulesVersion, {"court", "leaders"}),
            ruleset_key(dir, kCurrentRulesVersion, {"leaders", "court"}));
  std::ofstream(dir / "modules" / "court" / "notes.txt") << "a file the loader never reads\n";
  const std::string with_note = kept.key();
  EXPECT_NE(with_note, base);
  fs::rename(dir / "modules" / "court" / "notes.txt", dir / "modules" / "leaders" / "notes.txt");
  EXPECT_NE(kept.key(), with_note) << "the same bytes in another place";
}

TEST(KeptRulesets, ATruncatedOrAlteredEntryIsParsedAgainAndWrittenWhole) {
  const KeptData kept;
  const Ruleset parsed = kept.load();
  const fs::path entry = kept.entry(kept.key());
  const std::string whole = pbem::read_bytes(entry);
  for (const std::string& broken :
       {whole.substr(0, whole.size() / 2), whole.substr(0, 10), std::string(),
        whole.substr(0, whole.size() - 1) + static_cast<char>(whole.back() ^ 1)}) {
    std::ofstream(entry, std::ios::binary | std::ios::trunc) << broken;
    EXPECT_FALSE(read_kept_ruleset(kept.cache.path(), kept.key()).has_value());
    EXPECT_TRUE(kept.load() == parsed);
    EXPECT_EQ(pbem::read_bytes(entry), whole);
  }
}

TEST(KeptRulesets, AProblemInTheDataIsToldAtEveryLoadAndNeverKept) {
  const KeptData kept;
  replace_in_file(kept.data / "provinces.yaml", "    grain: 2\n    tax: 6\n    sites: 2",
                  "    grain: two\n    tax: 6\n    sites: 2");
  for (int load = 0; load < 2; ++load) {
    EXPECT_THROW(kept.load(), InputError);
  }
  EXPECT_TRUE(kept.entries().empty());
}

TEST(KeptRulesets, AModuleTheGameCannotPlayIsRefusedAtEveryLoadAndNeverKept) {
  const KeptData kept;
  for (int load = 0; load < 2; ++load) {
    EXPECT_THROW(kept.load({"no_such_module"}), ModuleRefused);
  }
  EXPECT_TRUE(kept.entries().empty());
}

TEST(KeptRulesets, ACacheThatCannotBeWrittenIsNoError) {
  const KeptData kept;
  const fs::path not_a_folder = kept.cache / "file";
  std::ofstream(not_a_folder) << "in the way\n";
  const Ruleset parsed = load_ruleset(kept.data.path(), kCurrentRulesVersion, {}, not_a_folder);
  EXPECT_EQ(parsed.provinces.size(), 45u);
  EXPECT_EQ(pbem::read_bytes(not_a_folder), "in the way\n");
}

TEST(KeptRulesets, OnlyTheNewestEntriesAreKept) {
  const KeptData kept;
  fs::create_directories(kept.cache / "rulesets");
  const auto long_ago = fs::file_time_type::clock::now() - std::chrono::hours(24);
  for (int i = 0; i < 40; ++i) {
    const fs::path old = kept.cache / "rulesets" / ("old" + std::to_string(i) + ".ruleset");
    std::ofstream(old) << "an entry of another program\n";
    fs::last_write_time(old, long_ago + std::chrono::minutes(i));
  }
  std::ofstream(kept.cache / "rulesets" / "README") << "not an entry\n";
  kept.load();
  const std::vector<fs::path> left = kept.entries();
  EXPECT_EQ(left.size(), 33u) << "32 entries and the file that is none";
  EXPECT_TRUE(fs::exists(kept.entry(kept.key())));
  EXPECT_TRUE(fs::exists(kept.cache / "rulesets" / "README"));
  EXPECT_FALSE(fs::exists(kept.cache / "rulesets" / "old0.ruleset")) << "the oldest goes first";
  EXPECT_TRUE(fs::exists(kept.cache / "rulesets" / "old39.ruleset"));
}

/// Sets or clears environment variables for one test and puts them back.
class Environment {
 public:
  void set(const char* name, const char* value) {
    if (saved_.find(name) == saved_.end()) {
      const char* old = std::getenv(name);
      saved_[name] = old ? std::optional<std::string>(old) : std::nullopt;
    }
    if (value) {
      setenv(name, value, 1);
    } else {
      unsetenv(name);
    }
  }
  ~Environment() {
    for (const auto& [name, value] : saved_) {
      if (value) {
        setenv(name.c_str(), value->c_str(), 1);
      } else {
        unsetenv(name.c_str());
      }
    }
  }

 private:
  std::map<std::string, std::optional<std::string>> saved_;
};

TEST(KeptRulesets, TheCacheIsTheVariablesChoiceThenXdgThenHomeAndOffKeepsNone) {
  Environment env;
  env.set("WALLENSTEIN_CACHE", nullptr);
  env.set("XDG_CACHE_HOME", nullptr);
  env.set("HOME", "/home/gm");
  EXPECT_EQ(ruleset_cache_dir(), fs::path("/home/gm/.cache/wallenstein"));
  env.set("XDG_CACHE_HOME", "relative/is/ignored");
  EXPECT_EQ(ruleset_cache_dir(), fs::path("/home/gm/.cache/wallenstein"));
  env.set("XDG_CACHE_HOME", "/var/cache/gm");
  EXPECT_EQ(ruleset_cache_dir(), fs::path("/var/cache/gm/wallenstein"));
  env.set("WALLENSTEIN_CACHE", "/srv/pbem/cache");
  EXPECT_EQ(ruleset_cache_dir(), fs::path("/srv/pbem/cache"));
  env.set("WALLENSTEIN_CACHE", "off");
  EXPECT_EQ(ruleset_cache_dir(), std::nullopt);
  env.set("WALLENSTEIN_CACHE", nullptr);
  env.set("XDG_CACHE_HOME", nullptr);
  env.set("HOME", nullptr);
  EXPECT_EQ(ruleset_cache_dir(), std::nullopt);
}

}  // namespace
}  // namespace wallenstein
