// Hostile text and files: what an attacker or a careless game master can hand the command.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>

#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::Outcome;
using testing::read_text;
using testing::snapshot_tree;
using testing::write_text;

using testing::run;

/// Red's orders for the first season of a 3-player game, with `palace` as given.
std::string red_orders(const std::string& palace) {
  return "game: game\nplayer: red\nseason: 1618-spring\nactions:\n  palace: " + palace +
         "\n  church: none\n  trading_house: Koeln\n  grain: Osnabrück\n  taxes: Erzbm. Trier\n"
         "  armies5: oberoesterreich\n  armies3: none\n  army1: {province: Passau, move_to: "
         "Oberösterreich}\n"
         "  battle_a: {province: Vogtland, target: Kursachsen}\n  battle_b: none\nbid: 2\n";
}

bool has_control_bytes(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && byte != '\n') || byte == 0x7f;
  });
}

class HostileInput : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(testing::new_game(dir(), 3).status, 0); }
  fs::path dir() const { return tmp_ / "game"; }
  testing::TempDir tmp_;
};

TEST_F(HostileInput, CheckPrintsControlCharactersAndInvalidUtf8Escaped) {
  const fs::path escapes = tmp_ / "red\xff.yaml";
  write_text(escapes, red_orders("\"\\e[2J\\x07\""));
  const fs::path raw = tmp_ / "raw.yaml";
  write_text(raw, red_orders("\"\x1b]0;owned\x07\"").replace(0, 10, "game: g\xff\n"));
  const Outcome r = run({"check", dir().string(), escapes.string(), raw.string()});
  EXPECT_EQ(r.status, 1);
  const std::string shown = (tmp_ / "red\\xff.yaml").string();
  EXPECT_NE(r.err.find(shown + ":5:11: error: unknown province \"\\e[2J\\x07\"\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(
      r.err.find(raw.string() +
                 ":1:8: error: invalid UTF-8; save the file as UTF-8 text\n    game: g\\xff\n"),
      std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find(shown + ": 1 error\n"), std::string::npos) << r.out;
  EXPECT_FALSE(has_control_bytes(r.err)) << r.err;
  EXPECT_FALSE(has_control_bytes(r.out)) << r.out;
}

TEST_F(HostileInput, ARawEscapeInAnOrderFileIsShownEscapedInTheMessageAndTheExcerpt) {
  const fs::path file = tmp_ / "red.yaml";
  write_text(file, red_orders("\x1b[2J\x1b]0;owned\x07"));
  const Outcome r = run({"check", dir().string(), file.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("unknown province \"\\e[2J\\e]0;owned\\x07\""), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\n      palace: \\e[2J\\e]0;owned\\x07\n"), std::string::npos) << r.err;
  EXPECT_FALSE(has_control_bytes(r.err)) << r.err;
}

TEST_F(HostileInput, SubmitShowsUmlautsAsTheyAreAndEscapesTheNamedPlayer) {
  const fs::path file = tmp_ / "Jörg.yaml";
  write_text(file, red_orders("Gft. Mark"));
  const Outcome r = run({"submit", dir().string(), file.string(), "--player", "bl\x1b[1mue"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            file.string() +
                ": error: these are the orders of \"red\", not of \"bl\\e[1mue\"; not stored\n");
}

TEST_F(HostileInput, CheckListsAHundredProblemsOfAFileAndCountsTheRest) {
  // Thousands of problems on one long line used to cost time and memory in the square of the
  // file's size: each problem copied and scanned the whole line.
  std::string keys;
  for (int i = 0; i < 3000; ++i) keys += "k" + std::to_string(i) + ": 1, ";
  const fs::path file = tmp_ / "wide.yaml";
  write_text(file, "{" + keys + "game: " + std::string(100000, 'x') + "}\n");
  const Outcome r = testing::run_wallenstein({"check", dir().string(), file.string()}, 120);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '^'), 100) << "one caret per listed problem";
  EXPECT_NE(
      r.err.find(file.string() + ": error: 2905 more problems are not listed; fix these first\n"),
      std::string::npos);
  // 3000 unknown keys, 2 missing actions and bid, each missing player and season said once.
  EXPECT_EQ(r.out, file.string() + ": 3005 errors\n");
}

TEST_F(HostileInput, SubmitNeverFollowsASymlinkPlantedAtTheTemporaryName) {
  const fs::path victim = tmp_ / "victim.txt";
  write_text(victim, "precious\n");
  const fs::path orders = dir() / "seasons/01-1618-spring/orders";
  fs::create_directories(orders);
  fs::create_symlink(victim, orders / ".red.yaml.tmp");
  const fs::path file = tmp_ / "red.yaml";
  write_text(file, red_orders("Gft. Mark"));
  const Outcome r = run({"submit", dir().string(), file.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_text(victim), "precious\n");
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(orders / "red.yaml")));
  EXPECT_EQ(read_text(orders / "red.yaml"), red_orders("Gft. Mark"));
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(orders / ".red.yaml.tmp")));
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(orders)) ++entries;
  EXPECT_EQ(entries, 2u) << "no temporary file is left behind";
}

TEST_F(HostileInput, CheckRefusesAFifoAtOnceAndOtherFilesThatAreNotRegular) {
  const fs::path fifo = tmp_ / "fifo.yaml";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto before = snapshot_tree(dir());
  // Nobody ever writes to the FIFO: a regression blocks, and the timeout turns that into a failure.
  const Outcome r = testing::run_wallenstein(
      {"check", dir().string(), fifo.string(), "/dev/null", tmp_.path().string()}, 20);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err, fifo.string() +
                       ": error: is a FIFO, not a regular file\n"
                       "/dev/null: error: is a character device, not a regular file\n" +
                       tmp_.path().string() + ": error: is a directory, not a regular file\n");
  EXPECT_EQ(snapshot_tree(dir()), before);
}

TEST_F(HostileInput, RenderNeverReplacesADeviceALinkOrADirectoryItIsToldToWriteTo) {
  // As root, a rename onto /dev/null would put a plain file in the device's place; a link such as
  // /dev/stdout would lose its target. Such outputs take the bytes as they come.
  const fs::path link = tmp_ / "map-link.png";
  const fs::path target = tmp_ / "target.png";
  write_text(target, "old\n");
  fs::create_symlink(target, link);
  const Outcome through = run({"render", dir().string(), "-o", link.string()});
  ASSERT_EQ(through.status, 0) << through.err;
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link))) << "the link stays a link";
  EXPECT_EQ(read_text(target).substr(1, 3), "PNG") << "the map went to the link's target";
  EXPECT_EQ(through.out, "") << "nothing printed that could mix with a stream";
  const Outcome null = run({"render", dir().string(), "-o", "/dev/null"});
  EXPECT_EQ(null.status, 0) << null.err;
  EXPECT_TRUE(fs::is_character_file(fs::symlink_status("/dev/null")));
  const Outcome folder = run({"render", dir().string(), "-o", tmp_.path().string()});
  EXPECT_EQ(folder.status, 1);
  EXPECT_EQ(folder.err, tmp_.path().string() +
                            ": error: is a directory, not a regular file; it is left as it is\n");
}

TEST_F(HostileInput, SubmitRefusesAFifoAtOnce) {
  const fs::path fifo = tmp_ / "fifo.yaml";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto before = snapshot_tree(dir());
  const Outcome r = testing::run_wallenstein({"submit", dir().string(), fifo.string()}, 20);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err, fifo.string() + ": error: is a FIFO, not a regular file\n");
  EXPECT_EQ(snapshot_tree(dir()), before);
}

/// A directory of the game replaced by a symbolic link to a copy elsewhere.
class SymlinkedDirectory : public ::testing::TestWithParam<std::string> {};

TEST_P(SymlinkedDirectory, IsRefusedByNameAndNothingIsWrittenThroughIt) {
  testing::TempDir tmp;
  const fs::path dir = tmp / "game";
  ASSERT_EQ(testing::new_game(dir, 3).status, 0);
  testing::replace_in_file(dir / "game.yaml", "outbox: outbox", "outbox: out/box");
  const fs::path inside = dir / GetParam();
  const fs::path elsewhere = tmp / "elsewhere";
  fs::create_directories(inside);
  fs::rename(inside, elsewhere);
  fs::create_symlink(elsewhere, inside);
  const auto before = snapshot_tree(tmp.path());
  const fs::path file = tmp / "red.yaml";
  write_text(file, red_orders("Gft. Mark"));
  const Outcome r = run({"submit", dir.string(), file.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, inside.string() +
                       ": error: is a symbolic link; the directories of a game must be real "
                       "directories, so that "
                       "nothing is written outside the game\n");
  fs::remove(file);
  EXPECT_EQ(snapshot_tree(tmp.path()), before);
}

INSTANTIATE_TEST_SUITE_P(GameDirectory, SymlinkedDirectory,
                         ::testing::Values("seasons", "seasons/01-1618-spring",
                                           "seasons/01-1618-spring/orders",
                                           "seasons/01-1618-spring/reports", "mail", "out",
                                           "out/box", ".rollback"),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name;
                           for (char c : param.param)
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

}  // namespace
}  // namespace wallenstein
