// The README's mail-server recipes, as written there: the wrapper, the Postfix alias table owned
// by the games' user and the procmail recipe deliver orders through a real Postfix on loopback,
// and a busy game keeps the message in the server's queue instead of bouncing it.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "support/mail_games.hpp"
#include "support/run_binary.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::Outcome;
using testing::read_text;
using testing::run_shell;
using testing::shell_quote;
using testing::TempDir;
using testing::write_text;

constexpr const char* kUser = "wallenstein-test";
constexpr const char* kHome = "/var/lib/wallenstein-test";

/// The README's text from the line that starts with `first` to the line before `end`.
std::string readme_part(const std::string& first, const std::string& end) {
  const std::string readme = read_text(testing::source_path("README.md"));
  const auto from = readme.find("\n" + first);
  EXPECT_NE(from, std::string::npos) << "the README has no line starting with " << first;
  if (from == std::string::npos) return {};
  const auto to = readme.find("\n" + end, from + 1);
  EXPECT_NE(to, std::string::npos) << "no " << end << " after " << first;
  return readme.substr(from + 1, to - from);
}

/// `text` with `from` replaced by `to` everywhere; a recipe that lost `from` fails the test.
std::string with(std::string text, const std::string& from, const std::string& to) {
  EXPECT_NE(text.find(from), std::string::npos) << "the recipe no longer holds " << from;
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

/// The games' user of the recipes, made when it is missing, its home kHome. Tests running at
/// once may both make it: the one that loses the race finds it made.
void ensure_user() {
  const std::string exists = std::string("id -u ") + kUser + " >/dev/null 2>&1";
  if (run_shell(exists).status == 0) return;
  const Outcome made =
      run_shell(std::string("useradd --system --user-group --no-create-home --shell "
                            "/usr/sbin/nologin --home-dir ") +
                kHome + " " + kUser);
  ASSERT_TRUE(made.status == 0 || run_shell(exists).status == 0) << made.err;
}

void give_to_user(const fs::path& path) {
  const Outcome r = run_shell(std::string("chown -R ") + kUser + ": " + shell_quote(path.string()));
  ASSERT_EQ(r.status, 0) << r.err;
}

/// Runs wallenstein as the games' user, as the README says the game master does.
Outcome as_user(const std::vector<std::string>& args) {
  std::string line =
      std::string("runuser -u ") + kUser + " -- " + shell_quote(testing::wallenstein_binary());
  for (const auto& a : args) line += " " + shell_quote(a);
  return run_shell(line);
}

/// The files under `dir` that do not belong to the games' user.
std::vector<std::string> foreign_files(const fs::path& dir) {
  const Outcome uid = run_shell(std::string("id -u ") + kUser);
  const auto mine = static_cast<uid_t>(std::stoul(uid.out));
  std::vector<std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    struct stat st {};
    if (::lstat(entry.path().c_str(), &st) == 0 && st.st_uid != mine)
      out.push_back(entry.path().string());
  }
  return out;
}

/// A test's world: a games root owned by the games' user holding the corpus's game, the
/// README's wrapper, and Postfix on loopback with an alias table.
class Recipes : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::geteuid() != 0) GTEST_SKIP() << "the recipes need root: a user of their own, Postfix";
    ensure_user();
    fs::permissions(tmp_.path(), fs::perms::owner_all | fs::perms::group_read |
                                     fs::perms::group_exec | fs::perms::others_read |
                                     fs::perms::others_exec);
    fs::create_directories(tmp_ / "games");
    game_ = testing::mail_game(tmp_, "games/mailgame");
    give_to_user(tmp_ / "games");
    // The wrapper as the README gives it, calling this build and this games root.
    std::string wrapper = readme_part("#!/bin/sh\n# /usr/local/bin/wallenstein-receive", "```");
    wrapper = with(wrapper, "ROOT=/srv/wallenstein", "ROOT=" + (tmp_ / "games").string());
    wrapper = with(wrapper, "/usr/local/bin/wallenstein receive",
                   testing::wallenstein_binary() + " receive");
    fs::create_directories(tmp_ / "bin");
    write_text(wrapper_path(), wrapper);
    fs::permissions(wrapper_path(), fs::perms::owner_all | fs::perms::group_read |
                                        fs::perms::group_exec | fs::perms::others_read |
                                        fs::perms::others_exec);
  }

  fs::path wrapper_path() const { return tmp_ / "bin/wallenstein-receive"; }
  fs::path orders() const { return game_ / "seasons/01-1618-spring/orders/red.yaml"; }
  fs::path etc() const { return tmp_ / "postfix/etc"; }

  /// Writes the alias table into a directory of the games' user and starts Postfix with it.
  void start_postfix(const std::string& aliases, const std::string& mailbox_command = "") {
    fs::create_directories(tmp_ / "aliases");
    write_text(tmp_ / "aliases/aliases", aliases);
    give_to_user(tmp_ / "aliases");
    std::vector<std::string> argv = {
        "/usr/bin/python3", testing::source_path("tests/mail/postfix.py").string(),
        (tmp_ / "postfix").string(), (tmp_ / "aliases/aliases").string()};
    if (!mailbox_command.empty()) {
      argv.emplace_back("--mailbox-command");
      argv.push_back(mailbox_command);
    }
    postfix_ = std::make_unique<testing::ServerProcess>(argv, (tmp_ / "postfix.err").string());
  }

  /// Sends `message` to `rcpt` over SMTP, as a player's provider would.
  void send(const std::string& message, const std::string& rcpt) {
    write_text(tmp_ / "send.eml", message);
    const Outcome r =
        run_shell("curl -sS --url smtp://127.0.0.1:" + std::to_string(postfix_->port()) +
                  " --mail-from anna@example.org --mail-rcpt " + shell_quote(rcpt) +
                  " --upload-file " + shell_quote((tmp_ / "send.eml").string()));
    ASSERT_EQ(r.status, 0) << r.err;
  }

  std::string postfix_log() const { return read_text(tmp_ / "postfix/log/postfix.log"); }
  std::string receive_log() const {
    std::error_code ec;
    return fs::exists(tmp_ / "games/receive.log", ec) ? read_text(tmp_ / "games/receive.log")
                                                      : std::string("(no receive.log)");
  }

  /// Waits (at most a minute) until `done` holds; false, with the logs printed, when it never
  /// does.
  bool eventually(const std::function<bool()>& done, const std::string& what) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!done()) {
      if (std::chrono::steady_clock::now() > deadline) {
        ADD_FAILURE() << "never: " << what << "\npostfix.log:\n"
                      << postfix_log() << "\nreceive.log:\n"
                      << receive_log();
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return true;
  }

  bool stored_with(const std::string& text) {
    std::error_code ec;
    return fs::exists(orders(), ec) && read_text(orders()).find(text) != std::string::npos;
  }

  /// Sends `mail` to `rcpt` and waits until the orders holding `text` are stored and Postfix
  /// logs the delivery done: the orders are stored before `receive` has finished (its receipt,
  /// its journal), so the games' files are looked at only once the command has exited.
  void deliver(const std::string& mail, const std::string& rcpt, const std::string& text,
               const std::string& what) {
    const std::size_t sent = count(postfix_log(), "status=sent");
    send(mail, rcpt);
    ASSERT_TRUE(eventually([&] { return stored_with(text); }, what));
    ASSERT_TRUE(eventually([&] { return count(postfix_log(), "status=sent") > sent; },
                           "Postfix logs the delivery done"));
  }

  std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  }

  /// Red's orders as a message to the game's address; `bid` varies them.
  static std::string orders_mail(const std::string& id, const std::string& bid) {
    std::string body = testing::red_orders();
    body = with(body, "bid: saechs_lande", "bid: " + bid);
    return with(testing::mail_from_anna(id, body), "To: gm@example.org",
                "To: Wallenstein <league7@game.test>");
  }

  /// While the game is busy (its lock held by another process of the games' user), a message
  /// sent to `rcpt` is deferred by Postfix and stores nothing; once the lock is free, a flush of
  /// the queue delivers it.
  void busy_game_keeps_the_message_queued(const std::string& rcpt) {
    const fs::path lock = game_ / ".lock";
    // setpriv and flock --no-fork exec: the process started is the one holding the lock.
    testing::Running holder({"/usr/bin/setpriv", std::string("--reuid=") + kUser,
                             std::string("--regid=") + kUser, "--init-groups", "/usr/bin/flock",
                             "--no-fork", "-x", lock.string(), "/bin/sleep", "300"});
    ASSERT_TRUE(eventually(
        [&] {
          return run_shell("flock -n -x " + shell_quote(lock.string()) + " true").status != 0;
        },
        "the lock is held"));
    const std::size_t deferred = count(postfix_log(), "status=deferred");
    send(orders_mail("busy", "0"), rcpt);
    ASSERT_TRUE(eventually([&] { return count(postfix_log(), "status=deferred") > deferred; },
                           "Postfix defers the message of a busy game"));
    EXPECT_FALSE(stored_with("bid: 0")) << "nothing is stored while the game is busy";
    EXPECT_EQ(count(postfix_log(), "status=bounced"), 0u) << postfix_log();
    ::kill(holder.pid(), SIGTERM);
    holder.wait();
    const std::size_t sent = count(postfix_log(), "status=sent");
    const Outcome flush = run_shell("postqueue -c " + shell_quote(etc().string()) + " -f");
    ASSERT_EQ(flush.status, 0) << flush.err;
    EXPECT_TRUE(eventually([&] { return stored_with("bid: 0"); },
                           "the queued message is delivered once the game is free"));
    EXPECT_TRUE(eventually([&] { return count(postfix_log(), "status=sent") > sent; },
                           "Postfix logs the delivery done"));
  }

  TempDir tmp_;
  fs::path game_;
  std::unique_ptr<testing::ServerProcess> postfix_;
};

TEST_F(Recipes, TheWrapperTurnsEveryFailureIntoATemporaryOneAndOnlySuccessIsFinal) {
  // The README's wrapper with a stand-in program that exits as told.
  std::string wrapper = read_text(wrapper_path());
  wrapper = with(wrapper, testing::wallenstein_binary() + " receive",
                 (tmp_ / "bin/stand-in").string() + " receive");
  write_text(tmp_ / "bin/wrapper", wrapper);
  write_text(tmp_ / "bin/stand-in",
             "#!/bin/sh\necho \"receive said $STAND_IN_EXIT\"\nexit $STAND_IN_EXIT\n");
  ASSERT_EQ(run_shell("chmod 755 " + shell_quote((tmp_ / "bin/wrapper").string()) + " " +
                      shell_quote((tmp_ / "bin/stand-in").string()))
                .status,
            0);
  for (const int status : {0, 1, 2, 3, 4, 5}) {
    const Outcome r = run_shell("STAND_IN_EXIT=" + std::to_string(status) + " " +
                                shell_quote((tmp_ / "bin/wrapper").string()) + " </dev/null");
    EXPECT_EQ(r.status, status == 0 ? 0 : 75) << "receive exited " << status;
    EXPECT_EQ(r.out + r.err, "") << "nothing goes back to the mail server, to be bounced";
  }
  EXPECT_NE(receive_log().find("receive said 4\n"), std::string::npos) << receive_log();
}

TEST_F(Recipes, ThePostfixAliasTableOfTheGamesUserStoresOrdersAndABusyGameWaitsInTheQueue) {
  std::string aliases = readme_part("# /etc/postfix/wallenstein/aliases", "END\n");
  aliases = with(aliases, "/usr/local/bin/wallenstein-receive", wrapper_path().string());
  start_postfix(aliases);
  deliver(orders_mail("first", "saechs_lande"), "league7@game.test", "bid: saechs_lande",
          "the orders sent to the alias are stored");
  if (HasFatalFailure()) return;
  EXPECT_NE(testing::last_intake_line(game_).find("accepted"), std::string::npos)
      << testing::last_intake_line(game_);
  EXPECT_EQ(foreign_files(tmp_ / "games"), std::vector<std::string>{})
      << "every file the delivery wrote belongs to the games' user";
  busy_game_keeps_the_message_queued("league7@game.test");
  EXPECT_EQ(foreign_files(tmp_ / "games"), std::vector<std::string>{});
  const Outcome status = as_user({"status", "--root", (tmp_ / "games").string()});
  EXPECT_EQ(status.status, 0) << status.err;
  const Outcome as_root = testing::run_wallenstein({"status", game_.string()});
  EXPECT_EQ(as_root.status, 1) << "a command of another user is refused before it writes";
  EXPECT_NE(as_root.err.find("run the command as its owner, e.g. `sudo -u wallenstein-test"),
            std::string::npos)
      << as_root.err;
}

TEST_F(Recipes, TheProcmailRecipeFeedsTheGamesMailToTheGameAndKeepsEverythingElse) {
  fs::remove_all(kHome);
  fs::create_directories(kHome);
  std::string rc = readme_part("# ~wallenstein/.procmailrc", "```");
  rc = with(rc, "example\\.org", "game\\.test");
  rc = with(rc, "/usr/local/bin/wallenstein-receive", wrapper_path().string());
  write_text(fs::path(kHome) / ".procmailrc", rc);
  give_to_user(kHome);
  ASSERT_EQ(run_shell(std::string("chmod 644 ") + kHome + "/.procmailrc").status, 0);
  // The game's address is delivered into the games' user's account; procmail sorts it.
  start_postfix(std::string("league7: ") + kUser + "\n", "/usr/bin/procmail -a \"$EXTENSION\"");
  deliver(orders_mail("first", "saechs_lande"), "league7@game.test", "bid: saechs_lande",
          "procmail feeds the game's mail to the game");
  if (HasFatalFailure()) return;
  // Mail for the account that does not carry the game's address (the program's own notice to
  // the game master, say) goes to the mailbox, never to the game.
  const std::string intake = read_text(game_ / "mail/intake.yaml");
  std::string notice = testing::mail_from_anna("notice", "Anna's question to the game master\n");
  notice = with(notice, "To: gm@example.org", std::string("To: ") + kUser + "@game.test");
  send(notice, std::string(kUser) + "@game.test");
  const fs::path inbox = fs::path(kHome) / "Maildir/new";
  ASSERT_TRUE(eventually(
      [&] {
        std::error_code ec;
        return fs::exists(inbox, ec) && !fs::is_empty(inbox, ec);
      },
      "other mail reaches the account's Maildir"));
  EXPECT_EQ(read_text(game_ / "mail/intake.yaml"), intake) << "the game never saw it";
  busy_game_keeps_the_message_queued("league7@game.test");
  EXPECT_EQ(foreign_files(tmp_ / "games"), std::vector<std::string>{});
}

}  // namespace
}  // namespace wallenstein
