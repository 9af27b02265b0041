// Files of a game directory edited by hand: each is refused with its position, exit 1 and the
// directory untouched, where the program used to crash, hang or carry on with a wrong result.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::Outcome;
using testing::read_text;
using testing::replace_in_file;
using testing::snapshot_tree;
using testing::write_text;

using testing::run;

/// "path:line:column" of the first `needle` in a file after `after` (1-based).
std::string position(const fs::path& file, const std::string& needle,
                     const std::string& after = "") {
  const std::string text = read_text(file);
  const auto from = text.find(after);
  const auto at = text.find(needle, from == std::string::npos ? 0 : from + after.size());
  EXPECT_NE(at, std::string::npos) << needle << " in " << file;
  const auto line_start = text.rfind('\n', at) + 1;
  return file.string() + ":" +
         std::to_string(
             std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1) +
         ":" + std::to_string(at - line_start + 1);
}

/// The line of a file that starts with `start`, replaced whole by `line`.
void replace_line(const fs::path& file, const std::string& start, const std::string& line) {
  std::string text = read_text(file);
  const auto at = text.find("\n" + start);
  ASSERT_NE(at, std::string::npos) << start;
  text = text.substr(0, at + 1) + line + text.substr(text.find('\n', at + 1));
  write_text(file, text);
}

class TamperedFiles : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(testing::new_game(dir(), 3).status, 0); }
  fs::path dir() const { return tmp_ / "game"; }
  fs::path spring() const { return dir() / "seasons/01-1618-spring"; }

  /// Runs a command that must refuse the game with exit 1, `first_line` first on stderr, and
  /// leave every file of the directory as it was.
  void expect_refused(const std::vector<std::string>& args, const std::string& first_line) const {
    const auto before = snapshot_tree(tmp_.path());
    const Outcome r = run(args);
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(r.err.substr(0, r.err.find('\n')), first_line) << r.err;
    EXPECT_EQ(snapshot_tree(tmp_.path()), before);
  }

  /// Random legal orders for every player of the season now open, submitted.
  void write_random_orders_for_next_season() {
    testing::submit_random_orders(dir(), tmp_ / "orders", 11);
  }

  testing::TempDir tmp_;
};

TEST_F(TamperedFiles, AnEmptyEventsLeftIsRefusedByResolveWithItsPosition) {
  replace_line(spring() / "state.yaml", "  left:", "  left: []");
  expect_refused({"resolve", dir().string(), "--force"},
                 position(spring() / "state.yaml", "[]", "  left: ") +
                     ": error: events.left must hold the 4 events of the year not drawn yet in "
                     "1618-spring, not 0");
}

TEST_F(TamperedFiles, AnAllZeroRandomStateIsRefusedByResolveWithItsPosition) {
  const std::string zero = "\"0000000000000000\"";
  replace_line(spring() / "state.yaml",
               "rng:", "rng: [" + zero + ", " + zero + ", " + zero + ", " + zero + "]");
  expect_refused({"resolve", dir().string(), "--force"},
                 position(spring() / "state.yaml", "[", "\nrng: ") +
                     ": error: rng is all zeros, a state the generator never leaves; at least one "
                     "word must not be 0");
}

TEST_F(TamperedFiles, AStateWhoseSeasonIndexDoesNotMatchItsDirectoryIsRefused) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  const fs::path state = dir() / "seasons/03-1618-autumn/state.yaml";
  replace_in_file(state, "season_index: 3", "season_index: 2");
  replace_in_file(state, "season: \"1618-autumn\"", "season: \"1618-summer\"");
  expect_refused(
      {"resolve", dir().string(), "--force"},
      position(state, "2", "season_index: ") +
          ": error: season_index 2 does not match the season directory 03-1618-autumn; expected 3");
}

TEST_F(TamperedFiles, AMissingSeasonDirectoryIsRefusedByName) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  fs::remove_all(dir() / "seasons/02-1618-summer");
  expect_refused(
      {"resolve", dir().string(), "--force"},
      (dir() / "seasons/03-1618-autumn").string() +
          ": error: season directory 02 is missing; seasons are numbered 01, 02, ... without gaps");
}

TEST_F(TamperedFiles, SetupDraftAddedToAStandardGameIsRefusedWithTheWayBack) {
  write_text(dir() / "game.yaml", read_text(dir() / "game.yaml") + "setup: draft\n");
  expect_refused({"status", dir().string()},
                 (dir() / "game.yaml").string() +
                     ": error: game.yaml says setup: draft but the game started with the standard "
                     "setup (01-1618-spring); a game keeps the setup it was started with: take "
                     "setup: draft out of game.yaml");
}

TEST_F(TamperedFiles, AMisspeltKeyInGameYamlIsRefusedWithTheNearestKey) {
  write_text(dir() / "game.yaml",
             read_text(dir() / "game.yaml") + "dedlines:\n  1618-spring: soon\n");
  expect_refused({"resolve", dir().string(), "--force"},
                 position(dir() / "game.yaml", "dedlines") +
                     ": error: unknown key \"dedlines\" in game.yaml; did you mean \"deadlines\"?");
}

TEST_F(TamperedFiles, AGameYamlSwitchedToAnotherEditionIsRefusedAtTheState) {
  replace_in_file(dir() / "game.yaml", "edition: 2", "edition: 1");
  expect_refused({"resolve", dir().string(), "--force"},
                 position(spring() / "state.yaml", "2", "edition: ") +
                     ": error: this state is of edition 2 but game.yaml says edition: 1; a game "
                     "keeps the edition it was started with: put edition: 2 back in game.yaml");
  replace_in_file(dir() / "game.yaml", "edition: 1", "edition: 3");
  expect_refused({"resolve", dir().string(), "--force"},
                 position(dir() / "game.yaml", "3", "edition: ") +
                     ": error: edition must be 2 (the 2nd edition) or 1 (the 1st edition), not 3");
  std::vector<std::string> args = {"new", (tmp_ / "other").string(), "--edition", "3"};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  const Outcome refused = run(args);
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.err,
            "wallenstein: --edition: edition must be 2 (the 2nd edition) or 1 (the 1st edition), "
            "not 3\n");
}

TEST_F(TamperedFiles, AnExpansionEditedIntoAGameOrMisspeltIsRefusedByNewAndInGameYaml) {
  replace_in_file(dir() / "game.yaml", "expansions: []", "expansions: [court]");
  expect_refused({"resolve", dir().string(), "--force"},
                 position(spring() / "state.yaml", "format: 1") +
                     ": error: this state has no court: section, but game.yaml's expansions: "
                     "names court; a game keeps the expansions it was started with: take court "
                     "out of expansions: in game.yaml");

  for (const auto& [list, message] :
       {std::pair{"court, curt",
                  std::string("there is no expansion \"curt\" (did you mean court?); the "
                              "expansions are court, landsknechte and leaders")},
        std::pair{"landsknechte, leaders, curt",
                  std::string("there is no expansion \"curt\" (did you mean court?); the "
                              "expansions are court, landsknechte and leaders")}}) {
    std::vector<std::string> args = {"new", (tmp_ / "other").string(), "--expansions", list};
    for (const auto& a : testing::players_args(3)) args.push_back(a);
    const Outcome refused = run(args);
    EXPECT_EQ(refused.status, 2);
    EXPECT_EQ(refused.err, "wallenstein: --expansions: " + message + "\n");
    EXPECT_FALSE(fs::exists(tmp_ / "other"));
  }
  std::vector<std::string> both = {"new",          (tmp_ / "other").string(),
                                   "--from",       (dir() / "game.yaml").string(),
                                   "--expansions", ""};
  const Outcome refused = run(both);
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.err,
            "wallenstein: give the expansions in the --from file or with "
            "--expansions, not both\n");
}

TEST_F(TamperedFiles, AnOutboxOutsideTheGameIsRefused) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  replace_in_file(dir() / "game.yaml", "outbox: outbox", "outbox: ../x");
  expect_refused({"mail", dir().string()}, position(dir() / "game.yaml", "../x") +
                                               ": error: mail outbox \"../x\" leads out of the "
                                               "game directory (..); write a directory inside "
                                               "the game directory, like outbox");
  EXPECT_FALSE(fs::exists(tmp_ / "x"));
}

TEST_F(TamperedFiles, AnUnknownKeyInTheSentLedgerIsRefusedWithTheNearestKey) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  ASSERT_EQ(run({"mail", dir().string()}).status, 0);
  const fs::path ledger = dir() / "mail/sent.yaml";
  replace_in_file(ledger, "{key:", "{kye:");
  expect_refused({"mail", dir().string()},
                 position(ledger, "kye") +
                     ": error: unknown key \"kye\" in mail ledger entry; did you mean \"key\"?");
}

TEST_F(TamperedFiles, AnUnknownPlayerInTheNmrListOfALogIsRefusedWithTheNearestId) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  const fs::path log = spring() / "log.yaml";
  replace_in_file(log, "nmr: [red, blue, yellow]", "nmr: [red, blue, yelow]");
  expect_refused(
      {"show", dir().string(), "--season", "1618-spring"},
      position(log, "yelow") + ": error: unknown player \"yelow\"; did you mean \"yellow\"?");
}

TEST_F(TamperedFiles, AnUnknownKeyInALogIsRefusedWithTheNearestKey) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  const fs::path log = spring() / "log.yaml";
  replace_in_file(log, "nmr_policy: pass", "nmr_polcy: pass");
  expect_refused(
      {"replay", dir().string()},
      position(log, "nmr_polcy") +
          ": error: unknown key \"nmr_polcy\" in log.yaml; did you mean \"nmr_policy\"?");
}

TEST_F(TamperedFiles, AMisspeltKeyInTheMapLayoutIsRefusedByRenderWithTheNearestKey) {
  const fs::path data = tmp_ / "data";
  fs::copy(testing::source_data_dir(), data, fs::copy_options::recursive);
  replace_in_file(data / "map_layout.yaml", "\n  muted:", "\n  mutted:");
  expect_refused({"render", dir().string(), "--data", data.string()},
                 position(data / "map_layout.yaml", "mutted") +
                     ": error: unknown key \"mutted\" in style; did you mean \"muted\"?");
}

// Issue: hand-made damage that used to crash rollback, wedge the game or make it look younger.

TEST_F(TamperedFiles, RollbackRefusesAResolvedSeasonWhoseStateIsADirectoryBeforeAnyChange) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  const fs::path state = spring() / "state.yaml";
  fs::remove(state);
  fs::create_directories(state / "x");
  write_text(state / "x/y", "z");
  expect_refused({"rollback", dir().string()},
                 state.string() +
                     ": error: is a directory; every season directory holds its state.yaml, and "
                     "seasons up to 02-1618-summer exist: the game is damaged; restore the file "
                     "from a backup");
}

TEST_F(TamperedFiles, AStateThatIsALinkIsRefusedByEveryCommandAndRollbackForceChangesNothing) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  const fs::path state = dir() / "seasons/02-1618-summer/state.yaml";
  fs::rename(state, tmp_ / "state.yaml");
  fs::create_symlink(tmp_ / "state.yaml", state);
  const std::string refused =
      state.string() +
      ": error: is a symbolic link; every season directory holds its state.yaml: the game is "
      "damaged; restore the file from a backup";
  expect_refused({"rollback", dir().string(), "--force"}, refused);
  expect_refused({"status", dir().string()}, refused);
  expect_refused({"mail", dir().string()}, refused);
}

TEST_F(TamperedFiles, RollbackNeverDeletesWhatTheProgramDidNotWrite) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  // The game master's notes in the season rollback removes, and in the one it restores.
  const fs::path notes = dir() / "seasons/03-1618-autumn/gm-notes";
  fs::create_directories(notes);
  write_text(notes / "important.txt", "precious\n");
  expect_refused({"rollback", dir().string(), "--force"},
                 notes.string() +
                     ": error: is not something the program wrote there, and rollback would "
                     "delete it: move it out of seasons/03-1618-autumn/, then run rollback "
                     "again; nothing was changed");
  fs::rename(notes, tmp_ / "gm-notes");
  write_text(dir() / "seasons/02-1618-summer/extra.txt", "mine\n");
  expect_refused({"rollback", dir().string()},
                 (dir() / "seasons/02-1618-summer/extra.txt").string() +
                     ": error: is not something the program wrote there, and rollback would "
                     "delete it: move it out of seasons/02-1618-summer/, then run rollback "
                     "again; nothing was changed");
  fs::remove(dir() / "seasons/02-1618-summer/extra.txt");
  EXPECT_EQ(run({"rollback", dir().string()}).status, 0) << "once they are gone, rollback works";
}

TEST_F(TamperedFiles, AChangeThatWouldWriteThroughAFileIsRefusedBeforeItsCommitPoint) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  write_random_orders_for_next_season();
  write_text(dir() / "attic", "a file where rollback keeps orders in a directory\n");
  expect_refused({"rollback", dir().string(), "--force"},
                 (dir() / "attic").string() +
                     ": error: is a file where the change needs a directory; nothing was changed");
  EXPECT_FALSE(fs::exists(dir() / ".journal")) << "nothing was committed";
}

TEST_F(TamperedFiles, AnOutboxThatIsOneOfTheGamesOwnFilesIsRefused) {
  for (const char* own : {"game.yaml", "seasons/01-1618-spring", "mail", ".rollback"}) {
    const std::string text = read_text(dir() / "game.yaml");
    replace_in_file(dir() / "game.yaml", "outbox: outbox", std::string("outbox: ") + own);
    const Outcome r = run({"mail", dir().string()});
    EXPECT_EQ(r.status, 1) << own;
    EXPECT_NE(r.err.find("is the game's own"), std::string::npos) << r.err;
    write_text(dir() / "game.yaml", text);
  }
}

TEST_F(TamperedFiles, ASeasonLostAfterTheLastResolveIsRefusedRatherThanPlayedAgain) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  fs::remove_all(dir() / "seasons/03-1618-autumn");
  for (const char* command : {"status", "verify", "resolve", "mail"}) {
    expect_refused({command, dir().string()},
                   (dir() / "seasons/02-1618-summer").string() +
                       ": error: was resolved (its log or rollback bundle is there), but the "
                       "season it opened is missing: the game is damaged; restore the season "
                       "from a backup");
  }
  fs::remove_all(dir() / "seasons");
  for (const char* command : {"status", "verify", "replay"}) {
    expect_refused({command, dir().string()},
                   (dir() / "seasons").string() +
                       ": error: holds no season: the game is damaged; restore it from a backup");
  }
}

TEST_F(TamperedFiles, AnEmptyStateOrOrderFileIsRefusedBeforeAnyChange) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  write_text(spring() / "state.yaml", "");
  expect_refused({"rollback", dir().string()},
                 (spring() / "state.yaml").string() +
                     ": error: is empty; every season directory holds its state.yaml, and "
                     "seasons up to 02-1618-summer exist: the game is damaged; restore the file "
                     "from a backup");
}

TEST_F(TamperedFiles, TwoPlayersWithOneTokenAreRefused) {
  const std::string text = read_text(dir() / "game.yaml");
  const auto first = text.find("token: ", text.find("\nplayers:")) + 7;
  const std::string red = text.substr(first, text.find('}', first) - first);
  const auto second = text.find("token: ", first) + 7;
  std::string changed = text;
  changed.replace(second, text.find('}', second) - second, red);
  write_text(dir() / "game.yaml", changed);
  const Outcome r = run({"status", dir().string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("this is the token of red too; each player has their own"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find(red), std::string::npos) << "the token is not printed";
}

TEST_F(TamperedFiles, AGameOfAnotherUserIsRefusedSayingWhoseItIs) {
  if (::geteuid() != 0) GTEST_SKIP() << "making a game of another user needs root";
  fs::permissions(tmp_.path(),
                  fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  fs::permissions(dir(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  const Outcome r = testing::run_shell("setpriv --reuid=nobody --regid=nogroup --clear-groups " +
                                       testing::shell_quote(testing::wallenstein_binary()) +
                                       " status " + testing::shell_quote(dir().string()));
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.err.find(dir().string() + ": error: belongs to root (uid 0), not to this user"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir() / ".lock") &&
               fs::status(dir() / ".lock").permissions() == fs::perms::none)
      << "no lock file of another user is planted";
}

TEST_F(TamperedFiles, ASecretWrittenIntoGameYamlIsNeverQuotedInAnyForm) {
  for (const std::string smtp :
       {"\"password\": Hunter2Secret", "password: &a Hunter2Secret", "pasword: Hunter2Secret",
        "passwd: Hunter2Secret", "smtp_password: Hunter2Secret",
        "url: \"smtp://gm:Hunter2 Secret@127.0.0.1:1\"", "url: \"smtp:gm:Hunter2Secret@host\""}) {
    const std::string text = read_text(dir() / "game.yaml");
    replace_in_file(dir() / "game.yaml", "mail:\n", "mail:\n  smtp:\n    " + smtp + "\n");
    for (const char* command : {"status", "mail"}) {
      const Outcome r = run({command, dir().string()});
      if (std::string(command) == "mail") {
        EXPECT_NE(r.status, 0) << smtp;
      }
      EXPECT_EQ((r.out + r.err).find("Hunter2"), std::string::npos) << smtp << ": " << r.err;
    }
    write_text(dir() / "game.yaml", text);
  }
  for (const auto& [from, to] :
       {std::pair{"\nseed: ", "\nsed: "}, std::pair{"\nsalt: ", "\nslt: "}}) {
    const std::string text = read_text(dir() / "game.yaml");
    const auto at = text.find(from) + std::string(from).size();
    const std::string secret = text.substr(at, text.find('\n', at) - at);
    replace_in_file(dir() / "game.yaml", from, to);
    const Outcome r = run({"status", dir().string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err.find(secret), std::string::npos) << r.err;
    write_text(dir() / "game.yaml", text);
  }
}

TEST_F(TamperedFiles, AJournalThatCannotBeFinishedIsReportedWithTheWayOut) {
  fs::create_directories(dir() / ".journal/blobs");
  write_text(dir() / ".journal/steps", "wallenstein-journal 1\nR seasons\n");
  const Outcome r = run({"status", dir().string()});
  EXPECT_EQ(r.status, 1) << "a damaged game is the user's input, not an internal error: " << r.err;
  EXPECT_EQ(r.err.rfind((dir() / ".journal").string() +
                            ": error: a committed change to this game could not be finished "
                            "(cannot remove directory ",
                        0),
            0u)
      << r.err;
  EXPECT_NE(
      r.err.find("then run any command on the game (status will do), which finishes the change"),
      std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::exists(dir() / "seasons/01-1618-spring/state.yaml"));
}

TEST_F(TamperedFiles, AMissingStateInTheOpenSeasonIsRefusedRatherThanTheGameLookingYounger) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  const fs::path state = dir() / "seasons/03-1618-autumn/state.yaml";
  fs::remove(state);
  const std::string refused = state.string() +
                              ": error: is missing; every season directory holds its state.yaml: "
                              "the game is damaged; restore the file from a backup";
  for (const char* command : {"status", "mail", "verify", "replay", "resolve", "show"})
    expect_refused({command, dir().string()}, refused);
}

TEST_F(TamperedFiles, ALogOfAnUnknownRulesVersionIsRefusedByReplayVerifyAndMail) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  const fs::path log = spring() / "log.yaml";
  replace_in_file(log, "rules_version: 3", "rules_version: 99");
  const std::string refused =
      position(log, "99") +
      ": error: rules_version 99 is unknown to this program, which plays 1 to 3; use the program "
      "that resolved this season, or a newer one";
  for (const char* command : {"replay", "verify", "mail"})
    expect_refused({command, dir().string()}, refused);
}

TEST_F(TamperedFiles, ALockThatIsADirectoryIsTheSetupsFaultNotAnInternalError) {
  fs::create_directory(dir() / ".lock");
  for (const char* command : {"status", "resolve", "mail", "show"}) {
    expect_refused({command, dir().string()},
                   (dir() / ".lock").string() +
                       ": error: is a directory; the game's lock file must be a plain file: "
                       "remove the directory (the program makes the file itself)");
  }
}

TEST_F(TamperedFiles, AnOrderFileThatIsALinkIsNeverCountedAsSubmitted) {
  fs::create_symlink("/etc/passwd", spring() / "orders/red.yaml");
  expect_refused({"status", dir().string()},
                 (spring() / "orders/red.yaml").string() +
                     ": error: is a symbolic link; an order file must be a plain file that the "
                     "program can read (remove it, and submit the orders again)");
}

TEST_F(TamperedFiles, AReportForAPlayerOfNoGameIsAUsageErrorThatWritesNothing) {
  const auto before = snapshot_tree(tmp_.path());
  const Outcome r = run({"report", dir().string(), "--player", "../../x"});
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find("no player \"../../x\" in this game; its players are "), std::string::npos)
      << r.err;
  EXPECT_EQ(snapshot_tree(tmp_.path()), before);
}

TEST_F(TamperedFiles, ASecretWrittenIntoGameYamlIsNeverQuotedInAnError) {
  replace_in_file(dir() / "game.yaml", "mail:\n",
                  "mail:\n  smtp: {url: \"smtp://gm:url-secret@127.0.0.1:1\", password: "
                  "\"hunter2-secret\", tls: x}\n");
  const Outcome r = run({"status", dir().string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("unknown key \"password\" in mail.smtp"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("hunter2-secret"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("url-secret"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("password: ****************"), std::string::npos)
      << "the line is quoted with the value starred out: " << r.err;
}

}  // namespace
}  // namespace wallenstein
