// `wallenstein rollback`: exact restoration, refusal while next orders exist, --force, --dry-run,
// and rollback bundles that cannot name anything outside the season they undo.

#include <gtest/gtest.h>

#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::Outcome;
using testing::read_text;
using testing::snapshot_tree;
using testing::TempDir;
using testing::write_text;

using testing::run;

/// A 3-player game with 1618-spring resolved (orders for all) and 1618-summer open.
class RollbackGame : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(testing::new_game(dir(), 3).status, 0);
    testing::submit_random_orders(dir(), tmp_ / "o1", 1);
    before_ = snapshot_tree(dir());
    const Outcome r = run({"resolve", dir().string()});
    ASSERT_EQ(r.status, 0) << r.err;
  }
  fs::path dir() const { return tmp_ / "game"; }
  TempDir tmp_;
  std::map<std::string, std::string> before_;
};

TEST_F(RollbackGame, RestoresTheDirectoryByteForByteAfterRenderAndReportAddedFiles) {
  ASSERT_EQ(run({"render", dir().string()}).status, 0);  // the open season's map
  ASSERT_EQ(run({"report", dir().string()}).status, 0);
  const Outcome r = run({"rollback", dir().string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("1618-spring is the season being planned again"), std::string::npos)
      << r.out;
  EXPECT_EQ(snapshot_tree(dir()), before_);
}

TEST_F(RollbackGame, RefusesWhileOrdersExistForTheNextSeasonAndChangesNothing) {
  testing::submit_random_orders(dir(), tmp_ / "o2", 2);
  const auto with_orders = snapshot_tree(dir());
  const Outcome r = run({"rollback", dir().string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(
                "orders were already submitted for 1618-summer (blue.yaml, red.yaml, yellow.yaml)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("Use --force"), std::string::npos) << r.err;
  EXPECT_EQ(snapshot_tree(dir()), with_orders);
}

TEST_F(RollbackGame, ForceKeepsTheNextSeasonsOrdersInTheAttic) {
  testing::submit_random_orders(dir(), tmp_ / "o2", 2);
  const std::string red = read_text(dir() / "seasons/02-1618-summer/orders/red.yaml");
  const Outcome r = run({"rollback", dir().string(), "--force"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.out.find(
          "kept seasons/02-1618-summer/orders/red.yaml as attic/02-1618-summer/orders/red.yaml"),
      std::string::npos)
      << r.out;
  EXPECT_EQ(read_text(dir() / "attic/02-1618-summer/orders/red.yaml"), red);
  // Each player whose orders were set aside is told.
  const std::string ledger = read_text(dir() / "mail/sent.yaml");
  for (const char* id : {"red", "blue", "yellow"}) {
    EXPECT_NE(ledger.find(std::string("/") + id + "\", message_id"), std::string::npos) << ledger;
  }
  EXPECT_NE(ledger.find("set-aside"), std::string::npos) << ledger;
  auto after = snapshot_tree(dir());
  std::erase_if(after, [](const auto& entry) {
    return entry.first.rfind("attic", 0) == 0 || entry.first.rfind("mail", 0) == 0 ||
           entry.first.rfind("outbox", 0) == 0;
  });
  EXPECT_EQ(after, before_);
}

TEST_F(RollbackGame, DryRunSaysWhatWouldChangeAndChangesNothing) {
  const auto resolved = snapshot_tree(dir());
  const Outcome r = run({"rollback", dir().string(), "--dry-run"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("would be removed seasons/02-1618-summer/"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("would be removed seasons/01-1618-spring/log.yaml"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Dry run: nothing changed"), std::string::npos) << r.out;
  EXPECT_EQ(snapshot_tree(dir()), resolved);
}

TEST_F(RollbackGame, SaysWhichPlayersWereAlreadyMailedTheUndoneSeason) {
  ASSERT_EQ(run({"mail", dir().string()}).status, 0);
  const Outcome r = run({"rollback", dir().string(), "--dry-run"});
  EXPECT_NE(r.out.find("Already mailed the undone report of 1618-spring: Anna Weber (red), Jörg "
                       "Krämer (blue), Marie Dubois (yellow)"),
            std::string::npos)
      << r.out;
}

/// A bundle edited by hand must not make rollback touch anything but the season it undoes.
class TamperedBundle : public RollbackGame,
                       public ::testing::WithParamInterface<std::pair<std::string, std::string>> {};

TEST_P(TamperedBundle, IsRefusedWithItsPositionAndChangesNothing) {
  const fs::path manifest = dir() / ".rollback/01/manifest.yaml";
  testing::replace_in_file(manifest, GetParam().first, GetParam().second);
  const auto tampered = snapshot_tree(dir());
  const Outcome r = run({"rollback", dir().string()});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.err.find(manifest.string() + ":"), std::string::npos) << r.err;
  EXPECT_EQ(snapshot_tree(dir()), tampered);
}

INSTANTIATE_TEST_SUITE_P(
    Rollback, TamperedBundle,
    ::testing::Values(
        std::pair<std::string, std::string>{"created_directory: \"seasons/02-1618-summer\"",
                                            "created_directory: seasons"},
        std::pair<std::string, std::string>{"replaced: []", "replaced: [\"game.yaml\"]"},
        std::pair<std::string, std::string>{"\"seasons/01-1618-spring/orders\"\n",
                                            "\"seasons/../../outside\"\n"},
        std::pair<std::string, std::string>{"season_index: 1", "season_index: 7"},
        std::pair<std::string, std::string>{"format: 2", "format: 2\nunknown_key: 1"}));

TEST(Rollback, UndoesAResolveOfAnOlderProgramFromItsBundle) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  fs::copy(testing::source_path("tests/fixtures/game-2a74c34"), game, fs::copy_options::recursive);
  // Its bundle is in the older format; the next season's orders must be kept in the attic.
  const Outcome refused = run({"rollback", game.string()});
  EXPECT_EQ(refused.status, 1) << refused.err;
  const Outcome r = run({"rollback", game.string(), "--force"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(fs::exists(game / "seasons/06-1619-autumn"));
  EXPECT_FALSE(fs::exists(game / "seasons/05-1619-summer/log.yaml"));
  EXPECT_TRUE(fs::exists(game / "attic/06-1619-autumn/orders/red.yaml"));
  EXPECT_FALSE(fs::exists(game / ".rollback/05"));
  EXPECT_TRUE(fs::exists(game / ".rollback/04/manifest.yaml"));
}

}  // namespace
}  // namespace wallenstein
