#include "pbem/files/kept.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "support/temp_dir.hpp"

namespace pbem {
namespace {

namespace fs = std::filesystem;
using wallenstein::testing::TempDir;

constexpr KeptKind kNotes{"notes", ".note", "kept note 1\n", 2, 1024};
constexpr KeptKind kOtherNotes{"notes", ".note", "kept note 2\n", 2, 1024};

TEST(Kept, AnEntryReadsBackOnlyWholeUnderItsKindAndKey) {
  const std::string body("the body\n\0 and more", 19);
  const std::string entry = kept_entry(kNotes, "k1", body);
  EXPECT_EQ(kept_body(kNotes, "k1", entry), std::optional<std::string>(body));
  EXPECT_EQ(kept_body(kNotes, "k2", entry), std::nullopt) << "another key's";
  EXPECT_EQ(kept_body(kOtherNotes, "k1", entry), std::nullopt) << "another layout's";
  EXPECT_EQ(kept_body(kNotes, "k", entry), std::nullopt) << "a key that begins the entry's";
  EXPECT_EQ(kept_body(kNotes, "k1", entry.substr(0, entry.size() - 1)), std::nullopt) << "cut";
  std::string flipped = entry;
  flipped.back() ^= 1;
  EXPECT_EQ(kept_body(kNotes, "k1", flipped), std::nullopt) << "a byte of the body changed";
  EXPECT_EQ(kept_body(kNotes, "k1", entry + "x"), std::nullopt) << "a byte added";
  EXPECT_EQ(kept_body(kNotes, "k1", kept_entry(kNotes, "k1", "")), std::optional<std::string>(""));
}

TEST(Kept, KeepsTheKindsNewestEntriesByTheirLastUse) {
  TempDir tmp;
  const fs::path cache = tmp / "home" / ".cache" / "app";
  fs::create_directory(tmp / "home");
  EXPECT_EQ(read_kept(cache, kNotes, "a"), std::nullopt) << "no cache yet";
  keep(cache, kNotes, "a", "A");
  keep(cache, kNotes, "b", "B");
  ASSERT_EQ(read_kept(cache, kNotes, "a"), std::optional<std::string>("A"));
  const auto now = fs::file_time_type::clock::now();
  fs::last_write_time(cache / "notes" / "a.note", now - std::chrono::minutes(2));
  fs::last_write_time(cache / "notes" / "b.note", now - std::chrono::minutes(1));
  EXPECT_EQ(read_kept(cache, kNotes, "a"), std::optional<std::string>("A")) << "a is used again";
  keep(cache, kNotes, "c", "C");
  EXPECT_EQ(read_kept(cache, kNotes, "b"), std::nullopt) << "the least recently used went";
  EXPECT_EQ(read_kept(cache, kNotes, "a"), std::optional<std::string>("A"));
  EXPECT_EQ(read_kept(cache, kNotes, "c"), std::optional<std::string>("C"));
  EXPECT_EQ(read_kept(cache, kOtherNotes, "c"), std::nullopt) << "the layout is in each entry";
}

TEST(Kept, AFullKindLosesItsLeastRecentlyUsedEighthAtOnceAndIsNotListedByTimeTillFullAgain) {
  constexpr KeptKind kEight{"eight", ".e", "kept eight 1\n", 8, 1024};
  TempDir tmp;
  const fs::path cache = tmp / "cache";
  const auto now = fs::file_time_type::clock::now();
  for (int i = 0; i < 8; ++i) {
    keep(cache, kEight, "k" + std::to_string(i), "body");
    fs::last_write_time(cache / "eight" / ("k" + std::to_string(i) + ".e"),
                        now - std::chrono::minutes(10 - i));
  }
  const auto count = [&] {
    return std::distance(fs::directory_iterator(cache / "eight"), fs::directory_iterator());
  };
  EXPECT_EQ(count(), 8) << "not over: nothing goes";
  keep(cache, kEight, "k8", "body");
  EXPECT_EQ(count(), 7) << "over: down to 7/8 of 8";
  EXPECT_EQ(read_kept(cache, kEight, "k0"), std::nullopt) << "the least recently used";
  EXPECT_EQ(read_kept(cache, kEight, "k1"), std::nullopt);
  EXPECT_EQ(read_kept(cache, kEight, "k2"), std::optional<std::string>("body"));
  EXPECT_EQ(read_kept(cache, kEight, "k8"), std::optional<std::string>("body"));
}

TEST(KeyDigest, PiecesCannotRunIntoEachOther) {
  EXPECT_EQ(KeyDigest().add("ab").add("c").hex(), KeyDigest().add("abc").hex());
  EXPECT_NE(KeyDigest().add_piece("ab").add_piece("c").hex(),
            KeyDigest().add_piece("a").add_piece("bc").hex());
  EXPECT_EQ(KeyDigest().hex().size(), 32U);
  EXPECT_NE(program_build_ids(), "") << "the program is built with build ids";
}

}  // namespace
}  // namespace pbem
