#include "wallenstein/files/kept_rulesets.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>  // setenv, unsetenv
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
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

/// The ruleset read back from the bytes of its entry.
std::optional<Ruleset> round_trip(const Ruleset& rules) {
  return ruleset_from_kept_bytes("key", kept_ruleset_bytes("key", rules));
}

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
        const std::optional<Ruleset> back = round_trip(parsed);
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
  const Ruleset back = round_trip(parsed).value();
  // What the comparison above covers is only as good as the data: the modules set these.
  EXPECT_FALSE(back.court.cards.empty());
  EXPECT_FALSE(back.landsknechte.cards.empty());
  EXPECT_GT(back.leaders.statues, 0);
  EXPECT_EQ(back.edition, 1);
  EXPECT_TRUE(back == parsed);
}

TEST(KeptRulesets, ARulesetWhoseEveryFieldDiffersFromItsDefaultReadsBackEqual) {
  // The shipped data leaves these at their defaults: a field left out of `serialize` would read
  // back equal there. Each is set here to another value (kept_rulesets.cpp's sizes say when a
  // type has a field more).
  Ruleset r = load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1,
                                   {"court", "landsknechte", "leaders"});
  r.tower = TowerParams{Fraction{3, 5}, Fraction{1, 7}, 6, 11};
  r.pieces = Pieces{61, 19, 41, {27, 25, 24}};
  r.coin_cards = {0, 2, 4};
  r.years = {1630, 1631, 1632};
  r.seasons = {SeasonName::summer, SeasonName::autumn};
  r.events_per_year = 3;
  r.face_up_slots = 3;
  r.provinces_per_region = 8;
  r.min_source_armies = 3;
  r.neutral_peasants = 2;
  r.peasants_defend_up_to_markers = 1;
  r.peasants_alone_tie = !r.peasants_alone_tie;
  r.neutral_conquest_markers = 2;
  r.winter_marker_before_revolt = !r.winter_marker_before_revolt;
  r.scoring = ScoringRules{2, 3, {5, 4, 2}, 2, {TieBreakKey::churches, TieBreakKey::thaler}};
  r.landsknechte.fallback = LandsknechtBonus::vp;
  r.landsknechte.min_regions = 4;
  r.modules.front().title_words = "the first module's own title";
  r.tiles.front().short_name = "a short name";
  r.supply_table.front().unsupplied_max = 9;
  r.court.setup_officers_max = 5;
  r.leaders.bonuses.front() = LeaderBonus{1, 2, 3};
  r.index_names();
  const std::optional<Ruleset> back = round_trip(r);
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(*back == r);
  EXPECT_EQ(back->face_up_slots, 3);
  EXPECT_EQ(back->tower.p_release, (Fraction{1, 7}));
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

TEST(KeptRulesets, AnEntryUnderAnotherKeysNameIsNotRead) {
  const KeptData kept;
  kept.load();
  const Ruleset court = kept.load({"court"});
  ASSERT_EQ(kept.entries().size(), 2u);
  fs::copy_file(kept.entry(kept.key({"court"})), kept.entry(kept.key()),
                fs::copy_options::overwrite_existing);
  EXPECT_FALSE(read_kept_ruleset(kept.cache.path(), kept.key()).has_value());
  EXPECT_TRUE(kept.load().court.cards.empty()) << "the base game, parsed again";
  EXPECT_TRUE(read_kept_ruleset(kept.cache.path(), kept.key()).has_value()) << "and kept again";
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

TEST(KeptRulesets, AFolderOrLinkTheLoaderRefusesIsToldThoughTheFilesWereKept) {
  // Each is no file's bytes, but the loader refuses it: the key must change with it, or a kept
  // ruleset would hide the problem until the next miss.
  const std::vector<std::function<void(const fs::path&)>> breakages = {
      [](const fs::path& d) { fs::create_directory(d / "modules" / "court" / "junk"); },
      [](const fs::path& d) { fs::create_directory(d / "modules" / "newmod"); },
      [](const fs::path& d) {
        fs::remove(d / "modules" / "court" / "court.yaml");
        fs::create_symlink(d / "nowhere.yaml", d / "modules" / "court" / "court.yaml");
      },
      [](const fs::path& d) {
        ASSERT_EQ(::mkfifo((d / "modules" / "court" / "pipe").c_str(), 0600), 0);
      },
  };
  for (std::size_t i = 0; i < breakages.size(); ++i) {
    const KeptData kept;
    kept.load({"court"});
    const std::string before = kept.key({"court"});
    breakages[i](kept.data.path());
    EXPECT_NE(ruleset_key(kept.data.path(), kCurrentRulesVersion, {"court"}), before) << i;
    EXPECT_THROW(kept.load({"court"}), InputError) << i;
  }
}

TEST(KeptRulesets, ALargeFileBesideTheDataCountsByItsSizeAndHiddenOrOtherFoldersNotAtAll) {
  const KeptData kept;
  const std::string before = kept.key();
  // A backup left beside the data: never read whole, but its size is part of the key.
  std::ofstream(kept.data / "old-backup.tar").close();
  fs::resize_file(kept.data / "old-backup.tar", (4U << 20U) + 1U);
  const std::string with_backup = kept.key();
  EXPECT_NE(with_backup, before);
  fs::resize_file(kept.data / "old-backup.tar", (4U << 20U) + 2U);
  EXPECT_NE(kept.key(), with_backup);
  kept.load();
  EXPECT_EQ(kept.entries().size(), 1u) << "kept beside a backup";
  // What the loader never opens: hidden entries, and folders other than modules/ at the top.
  const std::string kept_key = kept.key();
  fs::create_directories(kept.data / ".git" / "objects");
  std::ofstream(kept.data / ".git" / "index") << "changes with every git status\n";
  fs::create_directories(kept.data / "docs" / "notes");
  std::ofstream(kept.data / "docs" / "notes" / "draft.txt") << "a draft\n";
  const std::string with_docs = kept.key();
  std::ofstream(kept.data / "docs" / "notes" / "draft.txt") << "another draft\n";
  std::ofstream(kept.data / ".git" / "index") << "changed\n";
  EXPECT_EQ(kept.key(), with_docs);
  EXPECT_NE(with_docs, kept_key) << "a new top-level folder is seen, not what it holds";
}

TEST(KeptRulesets, AModuleFolderWithMoreEntriesThanADataDirectoryHasIsNeverDigested) {
  const KeptData kept;
  for (int i = 0; i < 4100; ++i)
    std::ofstream(kept.data / "modules" / "court" / ("extra" + std::to_string(i))).close();
  EXPECT_EQ(ruleset_key(kept.data.path(), kCurrentRulesVersion, {}), std::nullopt);
  EXPECT_EQ(kept.load().provinces.size(), 45u);
  EXPECT_TRUE(kept.entries().empty());
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

TEST(KeptRulesets, AFolderOthersMayWriteIsNeitherReadNorWritten) {
  const KeptData kept;
  kept.load();
  Ruleset marked = kept.load();
  marked.provinces.front().grain = 99;
  keep_ruleset(kept.cache.path(), kept.key(), marked);
  fs::permissions(kept.cache / "rulesets", fs::perms::others_write, fs::perm_options::add);
  EXPECT_EQ(kept.load().provinces.front().grain, 2) << "parsed, not read from there";
  fs::remove(kept.entry(kept.key()));
  kept.load();
  EXPECT_TRUE(kept.entries().empty()) << "nor written there";
  fs::permissions(kept.cache / "rulesets", fs::perms::others_write, fs::perm_options::remove);
  kept.load();
  EXPECT_EQ(kept.entries().size(), 1u);
  EXPECT_EQ(fs::status(kept.cache / "rulesets").permissions() & fs::perms::all,
            fs::perms::owner_all)
      << "made for its user alone";
}

TEST(KeptRulesets, OnlyTheNewestOrLatestReadEntriesAreKeptAndTemporariesLeftBehindGo) {
  const KeptData kept;
  kept.load();  // the folder, made as the program makes it
  const fs::path folder = kept.cache / "rulesets";
  const auto long_ago = fs::file_time_type::clock::now() - std::chrono::hours(24);
  fs::last_write_time(kept.entry(kept.key()), long_ago - std::chrono::hours(1));
  for (int i = 0; i < 70; ++i) {
    const fs::path old = folder / ("old" + std::to_string(i) + ".ruleset");
    std::ofstream(old) << "an entry of another program\n";
    fs::last_write_time(old, long_ago + std::chrono::minutes(i));
  }
  const fs::path stale = folder / ".x.ruleset.tmp-0123456789abcdef";
  const fs::path fresh = folder / ".y.ruleset.tmp-0123456789abcdef";
  std::ofstream(stale) << "left by a killed process\n";
  fs::last_write_time(stale, long_ago);
  std::ofstream(fresh) << "being written\n";
  std::ofstream(folder / "README") << "not an entry\n";
  ASSERT_TRUE(read_kept_ruleset(kept.cache.path(), kept.key()).has_value());  // made the newest
  kept.load({"court"});  // a new entry: 72 in all
  EXPECT_TRUE(fs::exists(kept.entry(kept.key()))) << "read last, so kept";
  EXPECT_TRUE(fs::exists(kept.entry(kept.key({"court"}))));
  int entries = 0;
  for (const auto& e : fs::directory_iterator(folder))
    entries += e.path().extension() == ".ruleset";
  EXPECT_EQ(entries, 56) << "past 64, the least recently used go, down to 7/8 of 64";
  EXPECT_FALSE(fs::exists(folder / "old15.ruleset")) << "the oldest go first";
  EXPECT_TRUE(fs::exists(folder / "old16.ruleset"));
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(fresh));
  EXPECT_TRUE(fs::exists(folder / "README"));
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

TEST(KeptRulesets, TheCacheIsTheVariablesAbsolutePathThenXdgThenHomeAndOffKeepsNone) {
  Environment env;
  env.set("WALLENSTEIN_CACHE", nullptr);
  env.set("XDG_CACHE_HOME", nullptr);
  env.set("HOME", "/home/gm");
  EXPECT_EQ(kept_cache_dir(), fs::path("/home/gm/.cache/wallenstein"));
  env.set("XDG_CACHE_HOME", "relative/is/ignored");
  EXPECT_EQ(kept_cache_dir(), fs::path("/home/gm/.cache/wallenstein"));
  env.set("XDG_CACHE_HOME", "/var/cache/gm");
  EXPECT_EQ(kept_cache_dir(), fs::path("/var/cache/gm/wallenstein"));
  env.set("WALLENSTEIN_CACHE", "/srv/pbem/cache");
  EXPECT_EQ(kept_cache_dir(), fs::path("/srv/pbem/cache"));
  env.set("WALLENSTEIN_CACHE", "off");
  EXPECT_EQ(kept_cache_dir(), std::nullopt);
  env.set("WALLENSTEIN_CACHE", "cache");
  EXPECT_EQ(kept_cache_dir(), std::nullopt) << "a relative path would follow the directory";
  env.set("WALLENSTEIN_CACHE", nullptr);
  env.set("XDG_CACHE_HOME", nullptr);
  env.set("HOME", "relative/home");
  EXPECT_EQ(kept_cache_dir(), std::nullopt);
  env.set("HOME", nullptr);
  EXPECT_EQ(kept_cache_dir(), std::nullopt);
}

}  // namespace
}  // namespace wallenstein
