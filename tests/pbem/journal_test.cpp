// The write-ahead journal: all or nothing, and a crash at any point is finished or undone.

#include "pbem/files/journal.hpp"

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

/// A small game-like directory: two files and an empty directory.
fs::path old_game(const TempDir& tmp) {
  fs::path root = tmp / "game";
  write_text(root / "game.yaml", "name: g\n");
  write_text(root / "seasons/01/state.yaml", "old state\n");
  fs::create_directories(root / "seasons/01/orders");
  return root;
}

TEST(Journal, ACommitWritesRemovesAndMakesDirectoriesAndLeavesNoTraceOfItself) {
  TempDir tmp;
  const fs::path root = old_game(tmp);
  Journal j(root);
  j.write("seasons/01/log.yaml", "log\n");
  j.write("seasons/01/state.yaml", "new state\n");
  j.make_directory("seasons/02/orders");
  j.remove("game.yaml");
  j.commit();
  const auto after = snapshot_tree(root);
  const std::map<std::string, std::string> expected = {{"seasons", "<dir>"},
                                                       {"seasons/01", "<dir>"},
                                                       {"seasons/01/log.yaml", "log\n"},
                                                       {"seasons/01/orders", "<dir>"},
                                                       {"seasons/01/state.yaml", "new state\n"},
                                                       {"seasons/02", "<dir>"},
                                                       {"seasons/02/orders", "<dir>"}};
  EXPECT_EQ(after, expected);
  EXPECT_FALSE(journal_pending(root));
}

TEST(Journal, AnUncommittedJournalIsDiscardedAndTheGameIsAsBefore) {
  TempDir tmp;
  const fs::path root = old_game(tmp);
  const auto before = snapshot_tree(root);
  // What a process killed while preparing leaves behind.
  write_text(root / ".journal.new/steps", "pbem-journal 1\nW 0 game.yaml\n");
  write_text(root / ".journal.new/blobs/0", "name: changed\n");
  EXPECT_TRUE(journal_pending(root));
  EXPECT_TRUE(recover_journal(root));
  EXPECT_EQ(snapshot_tree(root), before);
}

TEST(Journal, ACommittedJournalInterruptedHalfwayIsFinished) {
  TempDir tmp;
  const fs::path root = old_game(tmp);
  // Committed; the first write was already moved into place, the removal not yet done.
  write_text(root / ".journal/steps",
             "pbem-journal 1\nW 0 seasons/01/log.yaml\nW 1 seasons/01/state.yaml\nD game.yaml\n"
             "M seasons/02/orders\n");
  write_text(root / "seasons/01/log.yaml", "log\n");
  write_text(root / ".journal/blobs/1", "new state\n");
  EXPECT_TRUE(recover_journal(root));
  EXPECT_FALSE(journal_pending(root));
  EXPECT_EQ(read_text(root / "seasons/01/log.yaml"), "log\n");
  EXPECT_EQ(read_text(root / "seasons/01/state.yaml"), "new state\n");
  EXPECT_FALSE(fs::exists(root / "game.yaml"));
  EXPECT_TRUE(fs::is_directory(root / "seasons/02/orders"));
  EXPECT_FALSE(recover_journal(root)) << "nothing left to do the second time";
}

TEST(Journal, AJournalLeftWhileBeingRemovedIsRemoved) {
  TempDir tmp;
  const fs::path root = old_game(tmp);
  const auto before = snapshot_tree(root);
  write_text(root / ".journal.done/steps", "pbem-journal 1\n");
  EXPECT_TRUE(recover_journal(root));
  EXPECT_EQ(snapshot_tree(root), before);
}

TEST(Journal, ALaterStepOnTheSamePathReplacesTheEarlierOne) {
  TempDir tmp;
  const fs::path root = old_game(tmp);
  Journal j(root);
  j.remove("seasons/01/state.yaml");
  j.write("seasons/01/state.yaml", "kept\n");
  j.write("game.yaml", "first\n");
  j.remove("game.yaml");
  ASSERT_EQ(j.steps().size(), 2u) << "one step per file, so replaying can never undo a write";
  j.commit();
  EXPECT_EQ(read_text(root / "seasons/01/state.yaml"), "kept\n");
  EXPECT_FALSE(fs::exists(root / "game.yaml"));
}

TEST(Journal, APathThatLeavesTheGameIsRefused) {
  TempDir tmp;
  const fs::path root = old_game(tmp);
  Journal j(root);
  EXPECT_THROW(j.write("../outside.yaml", "x"), InputError);
  EXPECT_THROW(j.write("/etc/passwd", "x"), InputError);
  EXPECT_THROW(j.write("seasons/../../x", "x"), InputError);
  EXPECT_THROW(j.remove(".journal/steps"), InputError);
  EXPECT_THROW(j.write(".lock", "x"), InputError);
  EXPECT_TRUE(j.empty());
}

TEST(Journal, ASymlinkedDirectoryIsNeverWrittenThrough) {
  TempDir tmp;
  const fs::path root = old_game(tmp);
  fs::create_directories(tmp / "elsewhere");
  fs::create_directory_symlink(tmp / "elsewhere", root / "mail");
  Journal j(root);
  j.write("mail/sent.yaml", "planted\n");
  EXPECT_THROW(j.commit(), InputError);
  EXPECT_TRUE(fs::is_empty(tmp / "elsewhere"));
}

TEST(Journal, ADamagedJournalIsReportedWithItsLine) {
  TempDir tmp;
  const fs::path root = old_game(tmp);
  write_text(root / ".journal/steps", "pbem-journal 1\nW 0 game.yaml\nX what\n");
  try {
    recover_journal(root);
    FAIL() << "a damaged journal must not be applied";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().line, 3);
    EXPECT_NE(e.diagnostics().front().message.find("unknown step \"X\""), std::string::npos);
  }
  write_text(root / ".journal/steps", "pbem-journal 1\nW 0 ../../etc/passwd\n");
  EXPECT_THROW(recover_journal(root), InputError);
  EXPECT_EQ(read_text(root / "game.yaml"), "name: g\n");
}

TEST(Journal, AJournalAnOlderProgramLeftUnderItsOwnNameIsFinished) {
  // Programs built on this library before it had a name of its own wrote "<program>-journal 1";
  // a game upgraded while such a journal waited must still finish its change.
  TempDir tmp;
  const fs::path root = old_game(tmp);
  write_text(root / ".journal/steps", "oldgame-journal 1\nW 0 game.yaml\n");
  write_text(root / ".journal/blobs/0", "name: finished\n");
  EXPECT_TRUE(recover_journal(root));
  EXPECT_EQ(read_text(root / "game.yaml"), "name: finished\n");
}

TEST(Journal, AFirstLineThatNamesNoJournalIsRefusedAtLineOne) {
  TempDir tmp;
  const fs::path root = old_game(tmp);
  for (const char* header : {"journal 1", "Old Game-journal 1", "pbem-journal 2", "-journal 1"}) {
    write_text(root / ".journal/steps", std::string(header) + "\nW 0 game.yaml\n");
    write_text(root / ".journal/blobs/0", "name: changed\n");
    try {
      recover_journal(root);
      ADD_FAILURE() << header << ": a file that is no journal must not be applied";
    } catch (const InputError& e) {
      EXPECT_EQ(e.diagnostics().front().line, 1) << header;
      EXPECT_NE(e.diagnostics().front().message.find("expected \"pbem-journal 1\""),
                std::string::npos)
          << e.diagnostics().front().message;
    }
    EXPECT_EQ(read_text(root / "game.yaml"), "name: g\n") << header;
  }
}

}  // namespace
}  // namespace pbem
