// Message catalogues kept between processes (ProblemTexts::load_directory with a cache): a hit
// gives what the parse gives, an edit or a damaged entry is read again, a broken catalogue is
// never kept.

#include <gtest/gtest.h>

#include <algorithm>
#include <cereal/types/map.hpp>
#include <cereal/types/string.hpp>
#include <filesystem>
#include <optional>

#include "pbem/files/kept.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/files/cereal_body.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using report::ProblemTexts;

fs::path shipped_templates(const std::string& language = "") {
  const fs::path templates = testing::source_path("templates");
  return language.empty() ? templates : templates / language;
}

/// The entries kept in `cache`, by name.
std::vector<fs::path> catalogue_entries(const fs::path& cache) {
  std::vector<fs::path> out;
  if (!fs::exists(cache / "catalogues")) return out;
  for (const auto& e : fs::directory_iterator(cache / "catalogues")) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

/// A templates directory of its own with the shipped English catalogues, over the shipped ones.
fs::path own_templates(const fs::path& dir) {
  fs::create_directories(dir / "text");
  fs::copy_file(report::problem_texts_file(shipped_templates()), report::problem_texts_file(dir));
  fs::copy_file(pbem::yaml_words_file(shipped_templates()), pbem::yaml_words_file(dir));
  return dir;
}

TEST(KeptCatalogues, EveryShippedLanguageReadsBackEqualToItsParse) {
  testing::TempDir tmp;
  const fs::path cache = tmp / "cache";
  for (const std::string language : {"", "fr", "de"}) {
    const ProblemTexts parsed = ProblemTexts::load_directory(shipped_templates(language));
    EXPECT_EQ(ProblemTexts::load_directory(shipped_templates(language), {}, cache), parsed)
        << language;
    const std::size_t kept = catalogue_entries(cache).size();
    EXPECT_EQ(ProblemTexts::load_directory(shipped_templates(language), {}, cache), parsed)
        << language;
    EXPECT_EQ(catalogue_entries(cache).size(), kept) << "read back, not kept again";
  }
  EXPECT_EQ(catalogue_entries(cache).size(), 3U);
  EXPECT_NE(ProblemTexts::load_directory(shipped_templates("fr")),
            ProblemTexts::load_directory(shipped_templates()))
      << "the comparison sees a language's words";
}

TEST(KeptCatalogues, AHitReadsTheEntryOfItsKeyAndNoOther) {
  testing::TempDir tmp;
  const fs::path cache = tmp / "cache";
  const ProblemTexts english = ProblemTexts::load_directory(shipped_templates());
  const ProblemTexts french = ProblemTexts::load_directory(shipped_templates("fr"));
  (void)ProblemTexts::load_directory(shipped_templates(), {}, cache);
  ASSERT_EQ(catalogue_entries(cache).size(), 1U);
  const fs::path entry = catalogue_entries(cache).front();
  const std::string english_entry = testing::read_text(entry);
  // French words under the English key's head, with their own digest: read as the English ones.
  const std::size_t head = english_entry.find('\n', english_entry.find('\n') + 1) + 1;
  const std::string body = cereal_body(french);
  testing::write_text(entry,
                      english_entry.substr(0, head) + pbem::KeyDigest().add(body).hex() + body);
  EXPECT_EQ(ProblemTexts::load_directory(shipped_templates(), {}, cache), french)
      << "the entry is read";
  // The French entry under the English name: another key's, so parsed again and written anew.
  (void)ProblemTexts::load_directory(shipped_templates("fr"), {}, cache);
  const std::vector<fs::path> both = catalogue_entries(cache);
  ASSERT_EQ(both.size(), 2U);
  fs::copy_file(both[0] == entry ? both[1] : both[0], entry, fs::copy_options::overwrite_existing);
  EXPECT_EQ(ProblemTexts::load_directory(shipped_templates(), {}, cache), english);
  EXPECT_EQ(testing::read_text(entry), english_entry) << "written again";
  // A damaged entry is the same.
  std::string damaged = english_entry;
  damaged.back() ^= 1;
  testing::write_text(entry, damaged);
  EXPECT_EQ(ProblemTexts::load_directory(shipped_templates(), {}, cache), english);
  EXPECT_EQ(testing::read_text(entry), english_entry);
}

TEST(KeptCatalogues, AnEditedCatalogueIsReadAgainAndABrokenOneIsNeverKept) {
  testing::TempDir tmp;
  const fs::path cache = tmp / "cache";
  const fs::path own = own_templates(tmp / "templates");
  const ProblemTexts before = ProblemTexts::load_directory(own, shipped_templates(), cache);
  ASSERT_EQ(catalogue_entries(cache).size(), 1U);
  testing::replace_in_file(report::problem_texts_file(own), "is not a coin card",
                           "is no coin card");
  const ProblemTexts edited = ProblemTexts::load_directory(own, shipped_templates(), cache);
  EXPECT_NE(edited, before);
  EXPECT_EQ(edited, ProblemTexts::load_directory(own, shipped_templates()));
  EXPECT_EQ(catalogue_entries(cache).size(), 2U);
  testing::replace_in_file(pbem::yaml_words_file(own), "and:", "und:");
  for (int attempt = 0; attempt < 2; ++attempt) {
    EXPECT_THROW((void)ProblemTexts::load_directory(own, shipped_templates(), cache), InputError);
  }
  EXPECT_EQ(catalogue_entries(cache).size(), 2U) << "a catalogue with a problem is never kept";
}

TEST(KeptCatalogues, WhatAnOwnCatalogueLacksComesFromTheUnderlayWarmAsCold) {
  testing::TempDir tmp;
  const fs::path cache = tmp / "cache";
  const fs::path own = own_templates(tmp / "templates");
  testing::replace_in_file(report::problem_texts_file(own), "  bid_not_a_coin:", "  # gone:");
  fs::remove(pbem::yaml_words_file(own));
  const ProblemTexts parsed = ProblemTexts::load_directory(own, shipped_templates());
  EXPECT_EQ(ProblemTexts::load_directory(own, shipped_templates(), cache), parsed);
  EXPECT_EQ(ProblemTexts::load_directory(own, shipped_templates(), cache), parsed);
  EXPECT_EQ(parsed, ProblemTexts::load_directory(shipped_templates()))
      << "the underlay's message and words";
  EXPECT_EQ(catalogue_entries(cache).size(), 1U);
}

}  // namespace
}  // namespace wallenstein
