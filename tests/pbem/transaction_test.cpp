// The resolve transaction and its rollback, in-process and for any game: a round's files written
// all or nothing, and undone byte for byte, removing only what the game says it writes.
#include "pbem/host/transaction.hpp"

#include <gtest/gtest.h>

#include "pbem/files/diagnostic.hpp"
#include "support/temp_dir.hpp"

namespace pbem {
namespace {

namespace fs = std::filesystem;
using wallenstein::testing::read_text;
using wallenstein::testing::snapshot_tree;
using wallenstein::testing::TempDir;
using wallenstein::testing::write_text;

/// What a small game writes into a round: its state and log, and a folder of reports.
const RoundFiles kFiles{{"state.yaml", "log.yaml"}, {"reports"}};

/// A game in its first round, with one player's orders in.
fs::path first_round(const TempDir& tmp) {
  fs::path root = tmp / "game";
  write_text(root / "game.yaml", "name: g\n");
  write_text(root / "seasons/01-first/state.yaml", "round: 1\n");
  write_text(root / "seasons/01-first/orders/ann.yaml", "bid: 3\n");
  return root;
}

/// Resolves round 1 into round 2 as a game would.
void resolve_first(const fs::path& root) {
  const auto rounds = list_rounds(root);
  ASSERT_EQ(rounds.size(), 1u);
  ResolveTransaction t(root, rounds.front(), "seasons/02-second");
  t.write("log.yaml", "winner: ann\n");
  t.write("reports/ann.txt", "You won the bid.\n");
  t.write_next("state.yaml", "round: 2\n");
  t.commit();
}

TEST(RoundTransaction, AResolveWritesTheRoundsFilesAndOpensTheNextRound) {
  TempDir tmp;
  const fs::path root = first_round(tmp);
  resolve_first(root);
  const auto rounds = list_rounds(root);
  ASSERT_EQ(rounds.size(), 2u);
  EXPECT_EQ(rounds[1].index, 2);
  EXPECT_EQ(rounds[1].name, "second");
  EXPECT_EQ(read_text(rounds[0].log_file()), "winner: ann\n");
  EXPECT_EQ(read_text(rounds[1].state_file()), "round: 2\n");
  EXPECT_TRUE(fs::is_directory(rounds[1].orders_dir()));
  EXPECT_TRUE(fs::exists(root / ".rollback/01/manifest.yaml"));
}

TEST(RoundTransaction, ARollbackRestoresTheGameByteForByte) {
  TempDir tmp;
  const fs::path root = first_round(tmp);
  const auto before = snapshot_tree(root);
  resolve_first(root);
  const RollbackOutcome done = rollback_last_resolve(root, kFiles, false, false);
  EXPECT_EQ(done.season, "first");
  EXPECT_EQ(snapshot_tree(root), before);
}

TEST(RoundTransaction, ARollbackRefusesToDeleteAFileTheGameDoesNotWrite) {
  TempDir tmp;
  const fs::path root = first_round(tmp);
  resolve_first(root);
  write_text(root / "seasons/01-first/notes.txt", "the game master's notes\n");
  const auto before = snapshot_tree(root);
  try {
    rollback_last_resolve(root, kFiles, false, false);
    FAIL() << "a file the game does not write must not be deleted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("notes.txt"), std::string::npos) << e.what();
  }
  EXPECT_EQ(snapshot_tree(root), before) << "nothing changed";
}

TEST(RoundTransaction, OrdersForTheNextRoundStopARollbackUnlessForcedAndAreThenKept) {
  TempDir tmp;
  const fs::path root = first_round(tmp);
  const auto before = snapshot_tree(root);
  resolve_first(root);
  write_text(root / "seasons/02-second/orders/ann.yaml", "bid: 5\n");
  EXPECT_THROW(rollback_last_resolve(root, kFiles, false, false), InputError);
  const RollbackOutcome dry = rollback_last_resolve(root, kFiles, true, true);
  EXPECT_EQ(dry.kept_orders, std::vector<std::string>{"ann.yaml"});
  EXPECT_TRUE(fs::exists(root / "seasons/02-second")) << "a dry run changes nothing";
  rollback_last_resolve(root, kFiles, true, false);
  EXPECT_EQ(read_text(root / "attic/02-second/orders/ann.yaml"), "bid: 5\n");
  fs::remove_all(root / "attic");
  EXPECT_EQ(snapshot_tree(root), before);
}

TEST(RoundTransaction, WithoutAResolveThereIsNothingToRollBack) {
  TempDir tmp;
  const fs::path root = first_round(tmp);
  EXPECT_THROW(rollback_last_resolve(root, kFiles, false, false), InputError);
}

}  // namespace
}  // namespace pbem
