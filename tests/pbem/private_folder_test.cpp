#include "pbem/files/private_folder.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "support/temp_dir.hpp"

namespace pbem {
namespace {

namespace fs = std::filesystem;
using wallenstein::testing::TempDir;

fs::perms mode_of(const fs::path& path) { return fs::status(path).permissions() & fs::perms::all; }

TEST(PrivateFolder, MakesAtMostTheLevelsItIsGivenEachForItsUserAlone) {
  TempDir tmp;
  EXPECT_FALSE(PrivateFolder::open(tmp / "home" / ".cache" / "app", 2).has_value())
      << "a missing home is not made";
  EXPECT_FALSE(fs::exists(tmp / "home"));
  fs::create_directory(tmp / "home");
  EXPECT_TRUE(PrivateFolder::open(tmp / "home" / ".cache" / "app", 2).has_value());
  EXPECT_EQ(mode_of(tmp / "home" / ".cache"), fs::perms::owner_all);
  EXPECT_EQ(mode_of(tmp / "home" / ".cache" / "app"), fs::perms::owner_all);
  EXPECT_FALSE(PrivateFolder::open(tmp / "home" / "elsewhere").has_value()) << "none made";
}

TEST(PrivateFolder, MakesNoFolderInsideAFolderOfAnotherUser) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can give a folder to another user";
  TempDir tmp;
  fs::create_directory(tmp / "their-home");
  ASSERT_EQ(::chown((tmp / "their-home").c_str(), 65534, 65534), 0);
  EXPECT_FALSE(PrivateFolder::open(tmp / "their-home" / ".cache" / "app", 2).has_value());
  EXPECT_FALSE(fs::exists(tmp / "their-home" / ".cache")) << "the user could not write it";
}

TEST(PrivateFolder, AFolderThatIsALinkOrThatOthersMayWriteIsNotOpened) {
  TempDir tmp;
  fs::create_directory(tmp / "own");
  fs::permissions(tmp / "own", fs::perms::owner_all);
  ASSERT_TRUE(PrivateFolder::open(tmp / "own").has_value());
  fs::create_directory_symlink(tmp / "own", tmp / "link");
  EXPECT_FALSE(PrivateFolder::open(tmp / "link").has_value());
  for (const fs::perms others : {fs::perms::group_write, fs::perms::others_write}) {
    fs::permissions(tmp / "own", fs::perms::owner_all | others);
    EXPECT_FALSE(PrivateFolder::open(tmp / "own").has_value());
  }
}

TEST(PrivateFolder, AFileIsWrittenWholeUnderItsNameAndALinkInItsPlaceIsNeitherReadNorFollowed) {
  TempDir tmp;
  const PrivateFolder folder = PrivateFolder::open(tmp / "f", 1).value();
  ASSERT_TRUE(folder.write("entry", "the bytes"));
  EXPECT_EQ(folder.read("entry", 100), "the bytes");
  EXPECT_EQ(folder.read("entry", 3), std::nullopt) << "larger than asked for";
  EXPECT_EQ(folder.files().size(), 1u) << "no temporary left";
  std::ofstream(tmp / "secret") << "another file\n";
  fs::create_symlink(tmp / "secret", tmp / "f" / "planted");
  EXPECT_EQ(folder.read("planted", 100), std::nullopt);
  ASSERT_TRUE(folder.write("planted", "new"));
  EXPECT_EQ(wallenstein::testing::read_text(tmp / "secret"), "another file\n");
  EXPECT_FALSE(fs::is_symlink(tmp / "f" / "planted"));
  folder.remove("planted");
  EXPECT_FALSE(fs::exists(tmp / "f" / "planted"));
}

TEST(PrivateFolder, KeepsWorkingInTheFolderItOpenedWhenAnotherIsSwappedInForIt) {
  TempDir tmp;
  const PrivateFolder folder = PrivateFolder::open(tmp / "f", 1).value();
  fs::rename(tmp / "f", tmp / "moved");
  fs::create_directory(tmp / "theirs");
  fs::create_directory_symlink(tmp / "theirs", tmp / "f");
  ASSERT_TRUE(folder.write("entry", "mine"));
  EXPECT_TRUE(fs::exists(tmp / "moved" / "entry"));
  EXPECT_FALSE(fs::exists(tmp / "theirs" / "entry"));
}

TEST(PrivateFolder, ListsItsFilesWithTheirTimesAndTellsTemporariesApart) {
  TempDir tmp;
  const PrivateFolder folder = PrivateFolder::open(tmp / "f", 1).value();
  ASSERT_TRUE(folder.write("a", "1"));
  fs::create_directory(tmp / "f" / "sub");
  const auto long_ago = fs::file_time_type::clock::now() - std::chrono::hours(48);
  fs::last_write_time(tmp / "f" / "a", long_ago);
  const auto before = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  folder.touch("a");
  const std::vector<PrivateFolder::Entry> files = folder.files();
  ASSERT_EQ(files.size(), 1u) << "files only";
  EXPECT_EQ(files.front().name, "a");
  EXPECT_GE(files.front().modified, before - std::chrono::seconds(2))
      << "touched: now, not 48 h ago";
  // A time past 2262, when nanoseconds since 1970 overflow 64 bits, is still the newest.
  ASSERT_TRUE(folder.write("future", "2"));
  const timespec far[2] = {{9300000000, 0}, {9300000000, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, (tmp / "f" / "future").c_str(), far, 0), 0);
  const std::vector<PrivateFolder::Entry> listed = folder.files();
  const auto future = std::find_if(listed.begin(), listed.end(), [](const PrivateFolder::Entry& e) {
    return e.name == "future";
  });
  ASSERT_NE(future, listed.end());
  EXPECT_GT(future->modified, before + std::chrono::hours(24 * 365 * 200));
  EXPECT_TRUE(PrivateFolder::is_temporary(".a.tmp-0123456789abcdef"));
  EXPECT_FALSE(PrivateFolder::is_temporary("a.ruleset"));
}

}  // namespace
}  // namespace pbem
