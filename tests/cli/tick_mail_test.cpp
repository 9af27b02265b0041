// Nothing stops a game silently: a mailbox that cannot be read, a recipient the server keeps
// deferring, a server down for a while. `tick` goes on with everything else, says what fails in
// its line and in `status`, and tells the game master once when a failure starts and ends.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "pbem/host/schedule.hpp"
#include "support/games.hpp"
#include "support/mail_games.hpp"
#include "support/run_binary.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::Outcome;
using testing::read_text;
using testing::TempDir;

using testing::run;
std::string iso_utc(Instant t) { return format_instant(t, "UTC"); }

/// Monday 23 November 2026, 10:00 UTC: the weekly deadline is Sunday 29th, 20:00 UTC.
const Instant kMonday = parse_instant("2026-11-23T10:00:00Z").value();

/// Messages the SMTP server took, decoded.
std::vector<std::string> delivered(const fs::path& maildir) {
  return testing::decoded_messages(maildir, true);
}

std::size_t count_with(const std::vector<std::string>& messages, const std::string& what) {
  return static_cast<std::size_t>(
      std::count_if(messages.begin(), messages.end(),
                    [&](const auto& m) { return m.find(what) != std::string::npos; }));
}

class TickMail : public ::testing::Test {
 protected:
  /// A 3-player game on a weekly schedule, `mail_yaml` added to its mail section.
  void make_game(const std::string& mail_yaml) {
    ASSERT_EQ(testing::new_game(game(), 3).status, 0);
    std::string config = read_text(game() / "game.yaml");
    config.replace(config.find("mail:\n"), 6, "mail:\n  gm: \"GM <gm@example.org>\"\n" + mail_yaml);
    testing::write_text(game() / "game.yaml",
                        config +
                            "schedule:\n  timezone: UTC\n  deadline: \"sun 20:00\"\n"
                            "  reminders: [48h]\n");
  }
  fs::path game() const { return tmp_ / "game"; }
  Outcome tick(Instant now, const std::string& smtp) {
    return testing::run_shell("PW=pw " + testing::shell_quote(testing::wallenstein_binary()) +
                              " tick " + testing::shell_quote(game().string()) + " --now " +
                              iso_utc(now) + " --smtp " + smtp);
  }
  /// Ticks the game open and then past `deadline`, with a mail server that defers every
  /// message to `address`: its opening and its report stay deferred.
  void open_and_resolve_deferring(const std::string& address, Instant deadline) {
    testing::SmtpServer deferring((tmp_ / "sent").string(), {"--defer", address});
    ASSERT_EQ(tick(kMonday, deferring.url()).status, 0);
    const Outcome resolved = tick(deadline + 1min, deferring.url());
    ASSERT_NE(resolved.out.find("resolved 1618-spring at the deadline"), std::string::npos)
        << resolved.out;
  }
  nlohmann::json status(Instant now) {
    const Outcome s = run({"status", game().string(), "--json", "--now", iso_utc(now)});
    EXPECT_EQ(s.status, 0) << s.err;
    return nlohmann::json::parse(s.out)["games"][0];
  }
  TempDir tmp_;
};

TEST_F(TickMail, AMailboxThatCannotBeReadStopsNoDeadlineAndTheGameMasterHearsOfItTwice) {
  testing::SmtpServer smtp((tmp_ / "sent").string());
  make_game(
      "  imap: {url: \"imap://127.0.0.1:1/INBOX\", starttls: false, user: gm, "
      "password_env: PW}\n");
  const Outcome first = tick(kMonday, smtp.url());
  ASSERT_EQ(first.status, 0) << first.out << first.err;
  EXPECT_NE(first.out.find("game: fetch failed (IMAP imap://127.0.0.1:1/INBOX: "),
            std::string::npos)
      << first.out;
  EXPECT_NE(first.out.find("deadline set; mailed 1618-spring"), std::string::npos)
      << "the opening mail goes out all the same: " << first.out;
  EXPECT_EQ(count_with(delivered(tmp_ / "sent"), "orders by mail cannot be fetched"), 1u);
  EXPECT_FALSE(status(kMonday)["mail_health"]["intake"].is_null());
  const Outcome text = run({"status", game().string()});
  EXPECT_NE(text.out.find("Orders by mail: the mailbox cannot be read since"), std::string::npos)
      << text.out;

  // Days of failing fetches: a reminder, then the resolve at the deadline, and one notice only.
  const Outcome reminder = tick(kMonday + 4 * 24h + 11h, smtp.url());
  EXPECT_NE(reminder.out.find("3 reminders sent"), std::string::npos) << reminder.out;
  const Outcome resolved = tick(kMonday + 6 * 24h + 10h + 1min, smtp.url());
  EXPECT_NE(resolved.out.find("resolved 1618-spring at the deadline"), std::string::npos)
      << resolved.out;
  EXPECT_EQ(count_with(delivered(tmp_ / "sent"), "orders by mail cannot be fetched"), 1u);

  // The mailbox works again: one notice that says so.
  testing::ImapServer imap((tmp_ / "dovecot").string(), "gm", "pw");
  testing::replace_in_file(game() / "game.yaml", "imap://127.0.0.1:1/INBOX", imap.url());
  const Outcome back = tick(kMonday + 6 * 24h + 11h, smtp.url());
  EXPECT_NE(back.out.find("fetched 0 messages"), std::string::npos) << back.out;
  EXPECT_NE(back.out.find("fetching works again; the game master is told"), std::string::npos)
      << back.out;
  EXPECT_EQ(count_with(delivered(tmp_ / "sent"), "orders by mail are fetched again"), 1u);
  EXPECT_TRUE(status(kMonday + 6 * 24h + 11h)["mail_health"]["intake"].is_null());
}

TEST_F(TickMail, ADeferredRecipientIsShownRetriedLessAndLessOftenAndTheGameMasterHearsAfterADay) {
  testing::SmtpServer smtp((tmp_ / "sent").string(), {"--defer", "marie@example.org"});
  make_game("");
  const Outcome first = tick(kMonday, smtp.url());
  ASSERT_EQ(first.status, 0) << first.out << first.err;
  EXPECT_NE(first.out.find("1 message deferred: yellow <marie@example.org> (451 4.3.0 try again "
                           "later, since Mon, 23 Nov 2026 10:00:00 +0000, next try Mon, 23 Nov "
                           "2026 10:15:00 +0000)"),
            std::string::npos)
      << first.out;
  const auto j = status(kMonday);
  ASSERT_EQ(j["deferred_mail"].size(), 1u) << j.dump();
  EXPECT_EQ(j["deferred_mail"][0]["to"], "marie@example.org");
  EXPECT_EQ(j["deferred_mail"][0]["attempts"], 1);
  EXPECT_NE(run({"status", game().string()})
                .out.find("Deferred mail: 01-1618-spring/opening/"
                          "yellow to marie@example.org"),
            std::string::npos);

  // Five minutes later it waits; after its pause it is tried again, and the pause doubles.
  tick(kMonday + 5min, smtp.url());
  EXPECT_EQ(status(kMonday + 5min)["deferred_mail"][0]["attempts"], 1);
  const Outcome again = tick(kMonday + 16min, smtp.url());
  EXPECT_NE(again.out.find("next try Mon, 23 Nov 2026 10:46:00 +0000"), std::string::npos)
      << again.out;
  EXPECT_EQ(again.out.find("mailed"), std::string::npos)
      << "a run that only tried deferred mail again mailed nothing: " << again.out;
  EXPECT_EQ(status(kMonday + 16min)["deferred_mail"][0]["attempts"], 2);

  // A day later the game master is told, once.
  EXPECT_EQ(count_with(delivered(tmp_ / "sent"), "has waited a day"), 0u);
  tick(kMonday + 25h, smtp.url());
  tick(kMonday + 30h, smtp.url());
  const auto messages = delivered(tmp_ / "sent");
  EXPECT_EQ(count_with(messages, "has waited a day"), 1u);
  EXPECT_EQ(count_with(messages, "To: GM <gm@example.org>"), 1u) << "the one notice";
}

// A deferred receipt was tried again by every run that sent mail (a receipt, an answer of the
// intake), whatever its pause: its attempts jumped.
TEST_F(TickMail, ADeferredReceiptWaitsForItsPauseWhenOtherMailGoesOut) {
  testing::SmtpServer smtp((tmp_ / "sent").string(), {"--defer", "marie@example.org"});
  make_game("");
  ASSERT_EQ(tick(kMonday, smtp.url()).status, 0);
  const auto files = testing::write_random_orders(game(), tmp_ / "orders", 5);
  auto submit = [&](std::size_t seat, const std::string& id, Instant now) {
    const Outcome r = run({"submit", game().string(), files[seat].string(), "--player", id, "--now",
                           iso_utc(now), "--smtp", smtp.url()});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
  };
  const auto receipt_attempts = [&](Instant now) {
    const nlohmann::json s = status(now);
    for (const auto& m : s["deferred_mail"])
      if (m["key"].get<std::string>().rfind("submitted/", 0) == 0) return m["attempts"];
    return nlohmann::json();
  };
  submit(2, "yellow", kMonday + 1min);
  EXPECT_EQ(receipt_attempts(kMonday + 1min), 1);
  submit(0, "red", kMonday + 2min);  // Anna's receipt goes out; Marie's waits for 10:16
  EXPECT_EQ(receipt_attempts(kMonday + 2min), 1);
  tick(kMonday + 3min, smtp.url());
  EXPECT_EQ(receipt_attempts(kMonday + 3min), 1);
  tick(kMonday + 17min, smtp.url());
  EXPECT_EQ(receipt_attempts(kMonday + 17min), 2);
  // A moved deadline names whose notice the server deferred, and only theirs.
  const Outcome moved = run({"deadline", game().string(), "--extend", "24h", "--now",
                             iso_utc(kMonday + 18min), "--smtp", smtp.url()});
  EXPECT_NE(moved.out.find("), except marie@example.org: the server did not take"),
            std::string::npos)
      << moved.out;
}

// `resolve` by hand on a scheduled game told the game master to send the reports with `mail`,
// which the next tick does anyway.
TEST_F(TickMail, AResolveByHandOfAScheduledGameSaysTheNextTickMailsTheReportsAndItDoes) {
  testing::SmtpServer smtp((tmp_ / "sent").string());
  make_game("");
  ASSERT_EQ(tick(kMonday, smtp.url()).status, 0);
  const Outcome resolved =
      run({"resolve", game().string(), "--force", "--now", iso_utc(kMonday + 1h)});
  ASSERT_EQ(resolved.status, 0) << resolved.err;
  EXPECT_NE(resolved.out.find("(the next `wallenstein tick` mails them; `wallenstein mail` does "
                              "it now)"),
            std::string::npos)
      << resolved.out;
  const Outcome next = tick(kMonday + 2h, smtp.url());
  EXPECT_NE(next.out.find("mailed 1618-spring (3 messages)"), std::string::npos) << next.out;
}

// An opening deferred until its season was resolved stayed "deferred" for ever: nothing sends an
// opening after the resolve, and status listed it at every run.
TEST_F(TickMail, AnOpeningStillDeferredWhenTheSeasonsReportGoesOutIsTriedNoMore) {
  make_game("");
  const Instant deadline = kMonday + 6 * 24h + 10h;
  ASSERT_NO_FATAL_FAILURE(open_and_resolve_deferring("marie@example.org", deadline));
  ASSERT_EQ(status(deadline + 1min)["deferred_mail"].size(), 2u) << "her opening and her report";
  testing::SmtpServer smtp((tmp_ / "sent2").string());
  ASSERT_EQ(tick(deadline + 3h, smtp.url()).status, 0);
  EXPECT_GE(count_with(delivered(tmp_ / "sent2"), "To: Marie Dubois <marie@example.org>"), 1u)
      << "her report, which carries the new season's template";
  EXPECT_TRUE(status(deadline + 3h)["deferred_mail"].empty()) << status(deadline + 3h).dump();
  EXPECT_EQ(run({"status", game().string()}).out.find("Deferred mail"), std::string::npos);
}

// A spectator's opening was never superseded: the host looked for its ledger key by the
// message's player ("spectator"), not by the spectator's address the key holds.
TEST_F(TickMail, ASpectatorsOpeningStillDeferredWhenTheSeasonsReportGoesOutIsTriedNoMore) {
  make_game("  spectators: [\"watcher@example.org\"]\n");
  const Instant deadline = kMonday + 6 * 24h + 10h;
  ASSERT_NO_FATAL_FAILURE(open_and_resolve_deferring("watcher@example.org", deadline));
  ASSERT_EQ(status(deadline + 1min)["deferred_mail"].size(), 2u)
      << "the spectator's opening and report";
  testing::SmtpServer smtp((tmp_ / "sent2").string());
  ASSERT_EQ(tick(deadline + 3h, smtp.url()).status, 0);
  EXPECT_EQ(count_with(delivered(tmp_ / "sent2"), "To: watcher@example.org"), 1u)
      << "the public report, which carries what the opening said";
  EXPECT_TRUE(status(deadline + 3h)["deferred_mail"].empty()) << status(deadline + 3h).dump();
  EXPECT_EQ(run({"status", game().string()}).out.find("Deferred mail"), std::string::npos);
}

TEST_F(TickMail, AServerThatIsDownHoldsTheMailAndTheGameMasterHearsWhenItIsBack) {
  make_game("");
  const Outcome down = tick(kMonday, "smtp://127.0.0.1:1");
  ASSERT_EQ(down.status, 0) << down.out << down.err;
  EXPECT_NE(down.out.find("mail failed (SMTP smtp://127.0.0.1:1: "), std::string::npos) << down.out;
  EXPECT_FALSE(status(kMonday)["mail_health"]["outgoing"].is_null());
  const Outcome still = tick(kMonday + 1h, "smtp://127.0.0.1:1");
  EXPECT_NE(still.out.find("since Mon, 23 Nov 2026 10:00:00 +0000, the next tick sends it"),
            std::string::npos)
      << still.out;
  testing::SmtpServer smtp((tmp_ / "sent").string());
  const Outcome up = tick(kMonday + 2h, smtp.url());
  EXPECT_NE(up.out.find("mailed 1618-spring"), std::string::npos) << up.out;
  const auto messages = delivered(tmp_ / "sent");
  EXPECT_EQ(count_with(messages, "mail to the players goes out again"), 1u);
  EXPECT_EQ(messages.size(), 4u) << "three opening reports and the notice";
  EXPECT_TRUE(status(kMonday + 2h)["mail_health"]["outgoing"].is_null());
}

TEST_F(TickMail, ARollbackAfterTheDeadlineHoldsTheSeasonAndTellsWhoseOrdersWereSetAside) {
  testing::SmtpServer smtp((tmp_ / "sent").string());
  make_game("");
  ASSERT_EQ(tick(kMonday, smtp.url()).status, 0);
  const Outcome resolved = tick(kMonday + 6 * 24h + 10h + 1min, smtp.url());
  ASSERT_NE(resolved.out.find("resolved 1618-spring at the deadline"), std::string::npos)
      << resolved.out;
  // Anna sends her summer orders; then the game master undoes the resolve.
  const auto files = testing::write_random_orders(game(), tmp_ / "orders", 5);
  ASSERT_EQ(run({"submit", game().string(), files[0].string()}).status, 0);
  const Instant later = kMonday + 7 * 24h;
  const Outcome undo =
      run({"rollback", game().string(), "--force", "--now", iso_utc(later), "--smtp", smtp.url()});
  ASSERT_EQ(undo.status, 0) << undo.out << undo.err;
  EXPECT_NE(undo.out.find("has passed: the season is held, so that `tick` does not resolve it "
                          "again at once"),
            std::string::npos)
      << undo.out;
  EXPECT_NE(undo.out.find("were set aside are told (1 message); sent via"), std::string::npos)
      << undo.out;
  EXPECT_EQ(count_with(delivered(tmp_ / "sent"), "your orders for 1618-summer were set aside"), 1u);
  const Outcome t = tick(later + 10min, smtp.url());
  EXPECT_NE(t.out.find("1618-spring: held for the game master"), std::string::npos) << t.out;
  EXPECT_EQ(status(later)["season"], "1618-spring");
}

}  // namespace
}  // namespace wallenstein
