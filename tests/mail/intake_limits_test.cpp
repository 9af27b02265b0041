// Orders by mail under attack: an old mail sent again, floods of mail, mail that fills the disk,
// text in an undeclared or broken character set, a planted link.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/mail_games.hpp"
#include "support/run_binary.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::mail_from_anna;
using testing::mail_game;
using testing::outbox;
using testing::Outcome;
using testing::read_text;
using testing::red_orders;
using testing::TempDir;
using testing::write_text;

using testing::contains;

/// Receives one message (written to a file first) at a given time.
Outcome receive(const TempDir& tmp, const fs::path& game, const std::string& message,
                const std::string& now = "2026-11-23T10:00:00Z") {
  write_text(tmp / "m.eml", message);
  return testing::run_wallenstein(
      {"receive", game.string(), (tmp / "m.eml").string(), "--now", now});
}

std::size_t files_in(const fs::path& dir) {
  std::error_code ec;
  std::size_t n = 0;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) ++n;
  return n;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Replay, AnEarlierOrderFileSentAgainNeverReplacesTheOrdersSentAfterIt) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  const fs::path stored = game / "seasons/01-1618-spring/orders/red.yaml";
  const std::string v1 = red_orders();
  std::string v2 = red_orders();
  v2.replace(v2.find("bid: saechs_lande"), 17, "bid: 0");
  ASSERT_EQ(receive(tmp, game, mail_from_anna("v1", v1)).status, 0);
  ASSERT_EQ(receive(tmp, game, mail_from_anna("v2", v2)).status, 0);
  ASSERT_EQ(read_text(stored), v2);

  // The first mail again, under a new Message-ID: v2 stays, and Anna is told why.
  const Outcome again = receive(tmp, game, mail_from_anna("v1-again", v1));
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_TRUE(contains(again.out, "replayed")) << again.out;
  EXPECT_EQ(read_text(stored), v2) << "the later orders stay";
  EXPECT_TRUE(contains(testing::last_intake_line(game), "outcome: replayed"));
  bool told = false;
  for (const auto& [to, text] : outbox(game)) {
    told = told ||
           (to == "anna@example.org" && contains(text, "they are exactly the orders you sent on") &&
            contains(text, "earlier orders of red NOT stored again"));
  }
  EXPECT_TRUE(told) << "Anna hears that her old orders were not stored again";

  // Without a Message-ID and with another subject: still the same order file, still refused.
  std::string bare = mail_from_anna("x", v1);
  bare.erase(bare.find("Message-ID:"),
             bare.find('\n', bare.find("Message-ID:")) - bare.find("Message-ID:") + 1);
  bare.replace(bare.find("Subject: orders"), 15, "Subject: my orders, again");
  ASSERT_EQ(receive(tmp, game, bare).status, 0);
  EXPECT_EQ(read_text(stored), v2);

  // The latest orders sent again change nothing and are fine; a changed old file is new orders.
  ASSERT_EQ(receive(tmp, game, mail_from_anna("v2-again", v2)).status, 0);
  EXPECT_TRUE(contains(testing::last_intake_line(game), "outcome: accepted"));
  const std::string v1_changed = v1 + "# back to my first plan\n";
  ASSERT_EQ(receive(tmp, game, mail_from_anna("v1-changed", v1_changed)).status, 0);
  EXPECT_EQ(read_text(stored), v1_changed);
}

TEST(Flood, OneAddressGetsAtMostTenAnswersADayWhateverItSends) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  for (int i = 0; i < 30; ++i) {
    const Outcome r =
        receive(tmp, game, mail_from_anna("q" + std::to_string(i), "Can you pause me?\n"));
    ASSERT_EQ(r.status, 0) << r.err;
  }
  EXPECT_EQ(outbox(game).count("anna@example.org"), 10u);
  EXPECT_TRUE(contains(testing::last_intake_line(game), "player: red"));
  // The next day she is answered again.
  ASSERT_EQ(
      receive(tmp, game, mail_from_anna("next-day", "Hello?\n"), "2026-11-24T10:00:00Z").status, 0);
  EXPECT_EQ(outbox(game).count("anna@example.org"), 11u);
}

TEST(Flood, TheGameMasterHearsOfFewForgedMessagesADay) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  std::string forged = red_orders();
  forged.replace(forged.find(testing::kRedToken), 20, "aaaaaaaaaaaaaaaaaaaa");
  // One forger, thirty messages: three notices.
  for (int i = 0; i < 30; ++i) {
    std::string m = mail_from_anna("f" + std::to_string(i), forged);
    m.replace(m.find("Anna Weber <anna@example.org>"), 29, "Mallory <m@evil.example>");
    ASSERT_EQ(receive(tmp, game, m).status, 0);
  }
  EXPECT_EQ(outbox(game).count("spielleiter@example.org"), 3u);
  // Thirty forgers: twenty notices a day in all.
  for (int i = 0; i < 30; ++i) {
    std::string m = mail_from_anna("g" + std::to_string(i), forged);
    m.replace(m.find("Anna Weber <anna@example.org>"), 29,
              "Mallory <m" + std::to_string(i) + "@evil.example>");
    ASSERT_EQ(receive(tmp, game, m).status, 0);
  }
  EXPECT_EQ(outbox(game).count("spielleiter@example.org"), 20u);
  EXPECT_EQ(outbox(game).count("anna@example.org"), 0u) << "a forger never reaches the player";
  const std::string intake = read_text(game / "mail/intake.yaml");
  EXPECT_EQ(occurrences(intake, "outcome: bad_token"), 60u) << "every message is recorded";
}

TEST(Flood, MailNoTokenProvesIsKeptOnlyWithinTheInboxBoundsButOrdersAlways) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  // Eight forged messages of 9 MiB each: the inbox keeps 64 MiB at most.
  const std::string padding(9 << 20, 'x');
  for (int i = 0; i < 8; ++i) {
    std::string m = mail_from_anna("big" + std::to_string(i), "junk\n" + padding + "\n");
    m.replace(m.find("Anna Weber <anna@example.org>"), 29,
              "Mallory <m" + std::to_string(i) + "@evil.example>");
    const Outcome r = receive(tmp, game, m);
    ASSERT_EQ(r.status, 0) << r.err;
    if (i == 7) {
      EXPECT_TRUE(contains(r.out, "not kept: mail/inbox/ is full")) << r.out;
    }
  }
  std::uintmax_t bytes = 0;
  for (const auto& entry : fs::directory_iterator(game / "mail/inbox")) bytes += entry.file_size();
  EXPECT_LE(bytes, std::uintmax_t{64} << 20);
  EXPECT_EQ(files_in(game / "mail/inbox"), 7u);
  // Orders proven by their token are kept even now.
  ASSERT_EQ(receive(tmp, game, mail_from_anna("orders", red_orders())).status, 0);
  EXPECT_EQ(files_in(game / "mail/inbox"), 8u);
  EXPECT_TRUE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
}

TEST(Flood, TheGameMastersNoticeQuotesFortyLinesEachCutAtAThousandBytes) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  std::string body = "junk\n" + std::string(5000, 'x') + "\n";
  for (int i = 3; i <= 45; ++i) body += "line " + std::to_string(i) + "\n";
  std::string m = mail_from_anna("long", body);
  m.replace(m.find("Anna Weber <anna@example.org>"), 29, "Mallory <m@evil.example>");
  ASSERT_EQ(receive(tmp, game, m).status, 0);
  const auto notices = outbox(game);
  ASSERT_EQ(notices.count("spielleiter@example.org"), 1u);
  std::string notice = notices.find("spielleiter@example.org")->second;
  std::erase(notice, '\r');  // the decoded text keeps the mail's line ends
  EXPECT_TRUE(contains(notice, "> junk\n> " + std::string(1000, 'x') + "...\n> line 3\n"))
      << notice;
  EXPECT_FALSE(contains(notice, std::string(1001, 'x')));
  EXPECT_TRUE(contains(notice, "> line 40\n> [...]\n")) << notice;
  EXPECT_FALSE(contains(notice, "line 41"));
}

TEST(Flood, ForgedHugeSendersNeverSwellTheIntakeLedgerPastReading) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  const std::string huge(100000, 'x');
  for (int i = 0; i < 40; ++i) {
    std::string m = mail_from_anna("h" + std::to_string(i) + huge.substr(0, 200), "no orders\n");
    m.replace(m.find("Anna Weber <anna@example.org>"), 29,
              huge + std::to_string(i) + "@evil.example");
    ASSERT_EQ(receive(tmp, game, m).status, 0);
  }
  EXPECT_LT(fs::file_size(game / "mail/intake.yaml"), std::uintmax_t{64} << 10)
      << "a forged sender is recorded cut to the longest real address";
  ASSERT_EQ(receive(tmp, game, mail_from_anna("real", red_orders())).status, 0);
  EXPECT_TRUE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
}

TEST(Charset, ANulByteInAnOrderIsShownWhereItIsNotSilentlyCut) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  std::string orders = red_orders();
  orders.replace(orders.find("bid: saechs_lande"), 17, std::string("bid: sae\0chs_lande", 18));
  ASSERT_EQ(receive(tmp, game, mail_from_anna("nul", orders)).status, 0);
  EXPECT_TRUE(contains(testing::last_intake_line(game), "outcome: rejected"));
  const auto answers = outbox(game);
  ASSERT_EQ(answers.count("anna@example.org"), 1u);
  EXPECT_TRUE(
      contains(answers.find("anna@example.org")->second, "line 16, column 9 holds a byte (0x00)"))
      << answers.find("anna@example.org")->second;
}

TEST(Queue, AnAnswerThatCouldNotGoOutIsSentByTheNextMailRun) {
  TempDir tmp;
  testing::SmtpServer server((tmp / "sent").string());
  const fs::path game = mail_game(tmp);
  write_text(tmp / "m.eml", mail_from_anna("q", red_orders()));
  const Outcome down = testing::run_wallenstein(
      {"receive", game.string(), (tmp / "m.eml").string(), "--smtp", "smtp://127.0.0.1:1"});
  ASSERT_EQ(down.status, 0) << down.err;
  EXPECT_TRUE(contains(down.err, "stays queued")) << down.err;
  EXPECT_TRUE(contains(testing::run_wallenstein({"status", game.string()}).out,
                       "1 message waits in the queue (receipts, notices)"));
  const Outcome mail = testing::run_wallenstein({"mail", game.string(), "--smtp", server.url()});
  ASSERT_EQ(mail.status, 0) << mail.out << mail.err;
  EXPECT_TRUE(contains(mail.out, "The queue held 1 message (receipts, notices) as well"))
      << mail.out;
  EXPECT_EQ(testing::decoded_messages(tmp / "sent", true).size(), 4u)
      << "three opening reports and Anna's receipt";
}

TEST(Charset, AnOrderInUndeclaredLatin1IsReadAsLatin1AndThePlayerIsToldToCheckIt) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  std::string orders = red_orders();
  orders.replace(orders.find("Niederoesterreich"), 17, "Nieder\xF6sterreich");  // ö in Latin-1
  const Outcome r = receive(tmp, game, mail_from_anna("latin1", orders, "text/plain"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(testing::last_intake_line(game), "outcome: accepted"))
      << testing::last_intake_line(game);
  EXPECT_TRUE(contains(read_text(game / "seasons/01-1618-spring/orders/red.yaml"),
                       "armies3: Niederösterreich"))
      << "stored as UTF-8";
  const auto answers = outbox(game);
  ASSERT_EQ(answers.count("anna@example.org"), 1u);
  EXPECT_TRUE(contains(answers.find("anna@example.org")->second, "read as Latin-1"));
}

TEST(Charset, ABrokenByteInAnOrderSaidToBeUtf8IsShownToThePlayerWhereItIs) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  std::string orders = red_orders();
  orders.replace(orders.find("Niederoesterreich"), 17, "Nieder\xF6sterreich");
  const Outcome r = receive(tmp, game, mail_from_anna("broken", orders));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(testing::last_intake_line(game), "outcome: rejected"))
      << testing::last_intake_line(game);
  EXPECT_FALSE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
  const auto answers = outbox(game);
  ASSERT_EQ(answers.count("anna@example.org"), 1u) << "the player is answered, not left guessing";
  const std::string& text = answers.find("anna@example.org")->second;
  EXPECT_TRUE(contains(text, "line 12, column 18 holds a byte (0xF6) that is not UTF-8")) << text;
  EXPECT_EQ(answers.count("spielleiter@example.org"), 0u);
}

TEST(Root, AnUnroutedFolderThatIsALinkIsNeverWrittenThrough) {
  TempDir tmp;
  fs::create_directories(tmp / "games");
  fs::create_directories(tmp / "elsewhere");
  mail_game(tmp, "games/mailgame");
  fs::create_directory_symlink(tmp / "elsewhere", tmp / "games/.unrouted");
  std::string orders = red_orders();
  orders.replace(orders.find("game: mailgame"), 14, "game: mailgaem");
  write_text(tmp / "typo.eml", mail_from_anna("typo", orders));
  const Outcome r = testing::run_wallenstein(
      {"receive", "--root", (tmp / "games").string(), (tmp / "typo.eml").string()});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.err, ".unrouted: error: is not a plain directory")) << r.err;
  EXPECT_EQ(files_in(tmp / "elsewhere"), 0u) << "nothing lands outside the root";
}

/// `fetch` of the game from a Dovecot on loopback, its password in the environment, timed by
/// /usr/bin/time (its last line on stderr: the maximum resident set size in KiB).
Outcome fetch(const fs::path& game, const testing::ImapServer& imap,
              const std::string& extra = "") {
  return testing::run_shell(
      "PW=pw /usr/bin/time -f %M " + testing::shell_quote(testing::wallenstein_binary()) +
      " fetch " + testing::shell_quote(game.string()) + " --imap " + imap.url() +
      " --imap-user gm --imap-password-env PW --now 2026-11-23T10:00:00Z" + extra);
}

long max_rss_kib(const Outcome& r) {
  const auto last = r.err.find_last_not_of('\n');
  const auto start = r.err.rfind('\n', last);
  return std::stol(r.err.substr(start == std::string::npos ? 0 : start + 1));
}

TEST(FetchLimits, AMessageOverTheSizeLimitIsNeverReadAndStaysUnreadForTheGameMaster) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  testing::ImapServer imap((tmp / "dovecot").string(), "gm", "pw");
  write_text(tmp / "huge.eml",
             mail_from_anna("huge", red_orders() + "# " + std::string(40 << 20, 'x') + "\n"));
  write_text(tmp / "orders.eml", mail_from_anna("orders", red_orders()));
  imap.deliver((tmp / "huge.eml").string());
  imap.deliver((tmp / "orders.eml").string());
  const Outcome r = fetch(game, imap);
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "Fetched 2 messages")) << r.out;
  EXPECT_TRUE(contains(r.out, "(40 MiB) is larger than 16 MiB: not read")) << r.out;
  EXPECT_TRUE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
  EXPECT_EQ(files_in(game / "mail/inbox"), 1u) << "only the orders are kept";
  EXPECT_EQ(imap.unseen(), 1u) << "the huge message is left unread for the game master";
  const Outcome again = fetch(game, imap);
  EXPECT_TRUE(contains(again.out, "Fetched 0 messages")) << "it is marked";
  // A process that read 40 MiB would hold at least that much more than one that read nothing
  // (measured against such a run, so that a sanitizer's own memory does not count).
  EXPECT_LT(max_rss_kib(r), max_rss_kib(again) + 40L * 1024) << r.err << again.err;
}

TEST(FetchLimits, AMessageLeftForABusyGameIsLeftUnread) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  testing::ImapServer imap((tmp / "dovecot").string(), "gm", "pw");
  write_text(tmp / "orders.eml", mail_from_anna("orders", red_orders()));
  imap.deliver((tmp / "orders.eml").string());
  // Another program holds the game's lock for the whole fetch.
  const Outcome r = testing::run_shell(
      "flock -x " + testing::shell_quote((game / ".lock").string()) + " sh -c " +
      testing::shell_quote("PW=pw " + testing::shell_quote(testing::wallenstein_binary()) +
                           " fetch " + testing::shell_quote(game.string()) + " --imap " +
                           imap.url() + " --imap-user gm --imap-password-env PW --wait 0.2"));
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "left for the next run")) << r.err;
  EXPECT_EQ(imap.unseen(), 1u) << "nothing is marked until the message is handled";
  EXPECT_FALSE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
  ASSERT_EQ(fetch(game, imap).status, 0);
  EXPECT_TRUE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml")) << "handled later";
}

TEST(Accept, OrdersThatCameTooLateAreStoredAfterARollbackByTheIdTheNoticeGives) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  ASSERT_EQ(testing::run_wallenstein({"resolve", game.string(), "--force"}).status, 0);
  ASSERT_EQ(receive(tmp, game, mail_from_anna("late", red_orders())).status, 0);
  const std::string notice = [&] {
    for (const auto& [to, text] : outbox(game))
      if (to == "spielleiter@example.org") return text;
    return std::string();
  }();
  const auto at = notice.find("`wallenstein accept ");
  ASSERT_NE(at, std::string::npos) << notice;
  const std::string id = notice.substr(notice.find(' ', at + 20) + 1, 12);
  const Outcome status = testing::run_wallenstein({"status", game.string()});
  EXPECT_TRUE(contains(status.out, "Orders not stored (too late): message " + id +
                                       " of red for "
                                       "1618-spring"))
      << status.out;
  // Not while its season is resolved; nobody is mailed again.
  const std::size_t mailed = outbox(game).size();
  const Outcome early = testing::run_wallenstein({"accept", game.string(), id});
  EXPECT_EQ(early.status, 1) << early.out;
  EXPECT_TRUE(contains(early.err,
                       "holds orders for 1618-spring, and the season open is "
                       "1618-summer: accept it once 1618-spring is open "
                       "(`wallenstein rollback` reopens it)"))
      << early.err;
  EXPECT_EQ(outbox(game).size(), mailed);
  // After the rollback it counts.
  ASSERT_EQ(testing::run_wallenstein({"rollback", game.string()}).status, 0);
  const Outcome r = testing::run_wallenstein({"accept", game.string(), id});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "red: orders for 1618-spring accepted")) << r.out;
  EXPECT_EQ(read_text(game / "seasons/01-1618-spring/orders/red.yaml"), red_orders());
  EXPECT_FALSE(
      contains(testing::run_wallenstein({"status", game.string()}).out, "Orders not stored"));
  std::size_t stored_receipts = 0;
  for (const auto& [to, text] : outbox(game))
    stored_receipts += to == "anna@example.org" && contains(text, "are STORED") ? 1u : 0u;
  EXPECT_EQ(stored_receipts, 1u) << "Anna gets the receipt of her stored orders";
  const std::size_t after = outbox(game).size();
  const Outcome twice = testing::run_wallenstein({"accept", game.string(), id});
  EXPECT_EQ(twice.status, 1);
  EXPECT_TRUE(contains(twice.err, "message " + id + " was accepted already")) << twice.err;
  EXPECT_EQ(outbox(game).size(), after) << "nobody is mailed again";
  const Outcome unknown = testing::run_wallenstein({"accept", game.string(), "0123456789ab"});
  EXPECT_EQ(unknown.status, 1);
  EXPECT_TRUE(contains(unknown.err, "no message 0123456789ab was received by this game"));
}

TEST(Submit, TheGameMasterStoringAPlayersOrdersMailsThemTheReceipt) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  write_text(tmp / "red.yaml", red_orders());
  const Outcome r = testing::run_wallenstein(
      {"submit", game.string(), (tmp / "red.yaml").string(), "--player", "red"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "The receipt went to anna@example.org")) << r.out;
  const auto answers = outbox(game);
  ASSERT_EQ(answers.count("anna@example.org"), 1u);
  const std::string& text = answers.find("anna@example.org")->second;
  EXPECT_TRUE(contains(text, "are STORED")) << text;
  EXPECT_TRUE(contains(text, "The game master entered them for you.")) << text;
  EXPECT_TRUE(contains(text, "Receipt: ")) << text;
  // Without --player (the game master's own files) nobody is mailed.
  ASSERT_EQ(testing::run_wallenstein({"submit", game.string(), (tmp / "red.yaml").string()}).status,
            0);
  EXPECT_EQ(outbox(game).count("anna@example.org"), 1u);
}

TEST(Root, AGameNamedInAnotherCaseIsFoundAndItsOrdersCount) {
  TempDir tmp;
  fs::create_directories(tmp / "games");
  const fs::path game = mail_game(tmp, "games/mailgame");
  std::string orders = red_orders();
  orders.replace(orders.find("game: mailgame"), 14, "game: MailGame");
  write_text(tmp / "m.eml", mail_from_anna("case", orders));
  const Outcome r = testing::run_wallenstein(
      {"receive", "--root", (tmp / "games").string(), (tmp / "m.eml").string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "accepted")) << r.out;
  EXPECT_TRUE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
  EXPECT_FALSE(fs::exists(tmp / "games/.unrouted"));
}

TEST(Reminder, AfterARefusedMessageSaysWhyRatherThanThatNothingCame) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  write_text(game / "game.yaml", read_text(game / "game.yaml") +
                                     "schedule: {timezone: UTC, deadline: \"sun 20:00\", "
                                     "reminders: [48h]}\n");
  ASSERT_EQ(
      testing::run_wallenstein({"tick", game.string(), "--now", "2026-11-23T09:00:00Z"}).status, 0);
  ASSERT_EQ(testing::run_wallenstein({"receive", game.string(),
                                      testing::corpus("rejected-orders.eml").string(), "--now",
                                      "2026-11-23T10:00:00Z"})
                .status,
            0);
  ASSERT_EQ(
      testing::run_wallenstein({"tick", game.string(), "--now", "2026-11-27T21:00:00Z"}).status, 0);
  std::string anna, marie;
  for (const auto& [to, text] : outbox(game)) {
    if (text.find("are due in") == std::string::npos) continue;
    (to == "anna@example.org" ? anna : marie) = text;
  }
  EXPECT_TRUE(contains(anna,
                       "message (Monday 23 November 2026, 10:00 UTC) was NOT stored, because "
                       "the orders in it had errors"))
      << anna;
  EXPECT_FALSE(contains(anna, "have not arrived yet")) << anna;
  EXPECT_TRUE(contains(marie, "have not arrived yet")) << marie;
}

/// A message from Anna with a subject and a body, as a command is sent.
std::string command_mail(const std::string& id, const std::string& subject,
                         const std::string& body = "Hello\n") {
  std::string m = mail_from_anna(id, body);
  m.replace(m.find("Subject: orders"), 15, "Subject: " + subject);
  return m;
}

/// Whether Anna got a message that says both `what` and `text`.
bool anna_got(const fs::path& game, const std::string& what, const std::string& text) {
  for (const auto& [to, message] : outbox(game)) {
    if (to == "anna@example.org" && contains(message, what) && contains(message, text)) return true;
  }
  return false;
}

/// The text of the one message to Anna that says `what`.
std::string answer_to_anna(const fs::path& game, const std::string& what) {
  std::string found;
  for (const auto& [to, text] : outbox(game))
    if (to == "anna@example.org" && text.find(what) != std::string::npos) found = text;
  return found;
}

TEST(MailCommands, StatusAndHelpNeedNoTokenAndGoOnlyToTheRegisteredAddress) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  ASSERT_EQ(receive(tmp, game, command_mail("s", "Re: STATUS")).status, 0);
  const std::string status = answer_to_anna(game, "status of 1618-spring");
  EXPECT_TRUE(contains(status, "Season 1618-spring is open for orders")) << status;
  EXPECT_TRUE(contains(status,
                       "Still missing: Anna Weber (red), Jörg Krämer (blue), Marie Dubois "
                       "(yellow)"))
      << status;
  EXPECT_TRUE(contains(testing::last_intake_line(game), "outcome: command"));
  ASSERT_EQ(receive(tmp, game, command_mail("h", "question", "command: help\n")).status, 0);
  EXPECT_TRUE(contains(answer_to_anna(game, "what you can ask by mail"),
                       "template  a fresh order "
                       "template"));
  // From an address that is no player's: nothing goes out to it.
  std::string stranger = command_mail("x", "status");
  stranger.replace(stranger.find("Anna Weber <anna@example.org>"), 29, "X <x@elsewhere.example>");
  ASSERT_EQ(receive(tmp, game, stranger).status, 0);
  for (const auto& [to, text] : outbox(game)) EXPECT_NE(to, "x@elsewhere.example");
}

TEST(MailCommands, OrdersTemplateAndReportNeedThePlayersToken) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  ASSERT_EQ(testing::run_wallenstein({"mail", game.string()}).status, 0);  // the opening reports
  ASSERT_EQ(receive(tmp, game, mail_from_anna("o", red_orders())).status, 0);
  ASSERT_EQ(receive(tmp, game, command_mail("o1", "orders")).status, 0);
  EXPECT_TRUE(anna_got(game, "your orders for 1618-spring", "your message needs your token: line"));
  EXPECT_FALSE(anna_got(game, "your orders for 1618-spring", "palace: Koeln"))
      << "nothing of hers without the token";
  const std::string token = std::string("token: ") + testing::kRedToken + "\n";
  ASSERT_EQ(receive(tmp, game, command_mail("o2", "orders", token)).status, 0);
  EXPECT_TRUE(anna_got(game, "your orders for 1618-spring", "|   palace: Koeln"));
  ASSERT_EQ(receive(tmp, game, command_mail("t", "template", token)).status, 0);
  EXPECT_TRUE(
      anna_got(game, "an order template for 1618-spring", "attached: orders-1618-spring-red.yaml"));
  ASSERT_EQ(receive(tmp, game, command_mail("r", "report", token)).status, 0);
  EXPECT_TRUE(anna_got(game, "your last report", "For Anna Weber (red)."));
  // She reads French from now on: the report she asks for is written again in French, not the
  // English one stored when it went out.
  ASSERT_EQ(testing::run_wallenstein({"player", game.string(), "red", "--language", "fr"}).status,
            0);
  ASSERT_EQ(receive(tmp, game, command_mail("r2", "report", token)).status, 0);
  EXPECT_TRUE(anna_got(game, "Pour Anna Weber (red).", "Pour Anna Weber (red)."));
  // A mailed order file whose subject is a command word is orders all the same.
  ASSERT_EQ(receive(tmp, game, command_mail("again", "orders", red_orders() + "# v2\n")).status, 0);
  EXPECT_TRUE(contains(testing::last_intake_line(game), "outcome: accepted"));
}

// Orders in an HTML-only mail's <pre> block lost their line breaks, and with the subject
// "orders" the mail was answered as the `orders` command: the player read her old orders back
// and believed the new ones were in.
TEST(MailCommands, HtmlOnlyOrdersInAPreBlockAreOrdersNotTheOrdersCommand) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  const std::string html = "<html><body><p>Hallo,</p>Here they are:<pre>" + red_orders() +
                           "</pre><p>Anna</p></body></html>";
  ASSERT_EQ(receive(tmp, game, mail_from_anna("pre", html, "text/html; charset=utf-8")).status, 0);
  EXPECT_TRUE(contains(testing::last_intake_line(game), "outcome: accepted"))
      << testing::last_intake_line(game);
}

TEST(MailCommands, AnOrderWhoseLinesWereJoinedIsToldSoAndNotAnsweredAsACommand) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  std::string joined = red_orders();
  std::replace(joined.begin(), joined.end(), '\n', ' ');
  const std::string html = "<p>My orders: " + joined + "</p>";
  ASSERT_EQ(receive(tmp, game, mail_from_anna("joined", html, "text/html; charset=utf-8")).status,
            0);
  EXPECT_FALSE(contains(testing::last_intake_line(game), "outcome: command"))
      << testing::last_intake_line(game);
  EXPECT_TRUE(anna_got(game, "", "as if the order's lines had been joined"));
  // Also when the joined order is a paragraph of its own, starting with its game: key (it was
  // answered as orders of no player, with a wrong token).
  ASSERT_EQ(receive(tmp, game, mail_from_anna("own", "<p>" + joined + "</p>", "text/html")).status,
            0);
  EXPECT_TRUE(contains(testing::last_intake_line(game), "outcome: no_order"))
      << testing::last_intake_line(game);
  // A command whose text only mentions the game is still a command.
  ASSERT_EQ(receive(tmp, game, command_mail("s", "status", "About the game: am I late?\n")).status,
            0);
  EXPECT_TRUE(contains(testing::last_intake_line(game), "outcome: command"));
}

}  // namespace
}  // namespace wallenstein
