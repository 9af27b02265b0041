// The host's intake of mailed orders, run in-process on the second game behind pbem::Game: raw
// RFC 5322 messages with sealed bids (auction_game.hpp) go through pbem::receive_message as
// `receive` gives them, with the auction's own receipt templates. The same intake on Wallenstein
// is tested through the program in tests/mail.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "pbem/auction_fixture.hpp"
#include "pbem/auction_game.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/digest.hpp"
#include "pbem/files/game_lock.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/host/intake.hpp"
#include "pbem/host/tick.hpp"
#include "pbem/host/timetable.hpp"
#include "support/temp_dir.hpp"

namespace auction {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using pbem::Instant;
using testing::at;
using testing::kDeadline;
using testing::kOpened;
using testing::three_bidders;
using wallenstein::testing::contains;
using wallenstein::testing::read_text;
using wallenstein::testing::TempDir;

constexpr const char* kMonday = "2026-11-23T15:00:00Z";

/// A mail from a bidder's address with `body` as its plain text.
std::string mail_from(const std::string& from, const std::string& id, const std::string& body) {
  return "From: " + from + "\r\nTo: gm@auction.example\r\nSubject: my bid\r\nMessage-ID: <" + id +
         "@example.org>\r\nDate: Mon, 23 Nov 2026 15:00:00 +0000\r\nMIME-Version: 1.0\r\n"
         "Content-Type: text/plain; charset=utf-8\r\n\r\n" +
         body;
}

std::string bid_text(const std::string& player, const std::string& token, int coins,
                     const std::string& round = "round-1") {
  return "game: lots\r\nbidder: " + player + "\r\nround: " + round + "\r\ntoken: " + token +
         "\r\nbid: " + std::to_string(coins) + "\r\n";
}

/// A message's text with its quoted-printable body decoded (soft line breaks joined, =XX bytes).
std::string decoded(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool escape = i + 2 < text.size() &&
                        std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
                        std::isxdigit(static_cast<unsigned char>(text[i + 2]));
    if (text[i] != '=' || i + 2 >= text.size() ||
        (!escape && text[i + 1] != '\n' && text[i + 1] != '\r')) {
      out += text[i];
    } else if (text[i + 1] == '\n') {
      i += 1;
    } else if (text[i + 1] == '\r' && text[i + 2] == '\n') {
      i += 2;
    } else {
      out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    }
  }
  return out;
}

/// The text without carriage returns: the order as the intake found it in a mail's lines.
std::string lines_of(std::string text) {
  std::erase(text, '\r');
  return text;
}

class AuctionIntake : public ::testing::Test {
 protected:
  void SetUp() override {
    AuctionGame::create(root(), host_, rules_);
    // The first tick opens the round with its timetable (its deadline) and mails the opening.
    tick(kOpened);
    fs::remove_all(root() / "outbox");
  }

  fs::path root() const { return dir.path() / "lots"; }
  AuctionGame game() const { return AuctionGame(root(), host_, rules_); }

  pbem::HeldGameRef hold(const fs::path& d, pbem::LockMode mode) const {
    std::ostringstream notes;
    pbem::GameLock lock = pbem::lock_game(d, mode, 0ms, "auction", "receive", notes);
    return pbem::HeldGameRef{std::move(lock), std::make_unique<AuctionGame>(d, host_, rules_)};
  }

  pbem::IntakeSetup setup(const char* now) const {
    return pbem::IntakeSetup{
        .hold = [this](const fs::path& d, pbem::LockMode mode) { return hold(d, mode); },
        .templates = templates,
        .version = "1.0",
        .now = at(now),
        .mailer = [](const pbem::Game& g) { return pbem::game_mailer(g.root(), g.host().mail); }};
  }

  pbem::Received receive(const std::string& raw, const char* now = kMonday) const {
    pbem::IntakeTarget target;
    target.game_dir = root();
    return pbem::receive_message(raw, target, setup(now));
  }

  std::string tick(const char* now) {
    const pbem::TickSettings settings{at(now), templates};
    const pbem::TickPrograms programs{
        [this](const fs::path& d, pbem::LockMode mode) { return hold(d, mode); },
        [](const fs::path&) -> std::string { throw std::logic_error("the auction has no IMAP"); }};
    std::ostringstream notes;
    const pbem::TickLine line = pbem::tick_game(root(), programs, settings, notes);
    EXPECT_FALSE(line.internal_error) << line.text;
    return line.text;
  }

  /// The texts of the messages in the outbox to an address starting with `who` ("anna@").
  std::vector<std::string> mail_to(const std::string& who) const {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(root() / "outbox", ec)) {
      const std::string text = decoded(read_text(e.path()));
      const auto header = text.find("\nTo: ");
      const std::string line = text.substr(header + 1, text.find('\n', header + 1) - header - 1);
      if (contains(line, "<" + who)) out.push_back(text);
    }
    return out;
  }

  fs::path stored_bid(const std::string& player) const {
    return pbem::current_round(game()).orders_file(player);
  }

  TempDir dir;
  pbem::Templates templates =
      pbem::Templates::load(wallenstein::testing::source_path("tests/pbem/auction_templates"));
  pbem::HostConfig host_ = three_bidders();
  Rules rules_;
};

TEST_F(AuctionIntake, AnAcceptedBidIsStoredAndItsReceiptIsMailedToTheBidder) {
  const std::string bid = bid_text("a", "token-of-anna-0001", 4);
  const pbem::Received r = receive(mail_from("Anna <anna@example.org>", "bid-1", bid));
  EXPECT_EQ(r.game, "lots");
  EXPECT_EQ(r.outcome, "accepted") << r.summary;
  EXPECT_TRUE(r.mail_failure.empty()) << r.mail_failure;
  EXPECT_EQ(r.mail_sent, 1);
  ASSERT_TRUE(fs::exists(stored_bid("a")));
  EXPECT_EQ(read_text(stored_bid("a")), lines_of(bid)) << "stored as it came";
  const auto receipts = mail_to("anna@");
  ASSERT_EQ(receipts.size(), 1u);
  EXPECT_TRUE(contains(receipts[0], "is STORED")) << receipts[0];
  EXPECT_TRUE(contains(receipts[0], "You hold 10 coins")) << "the game's own receipt data";
  EXPECT_TRUE(contains(receipts[0], "Receipt: " + pbem::sha256_hex(lines_of(bid)))) << receipts[0];
  EXPECT_TRUE(contains(receipts[0], "Still missing: Ben (b), Cleo (c)")) << receipts[0];
  EXPECT_TRUE(contains(receipts[0], "In-Reply-To: <bid-1@example.org>")) << receipts[0];
  EXPECT_TRUE(contains(receipts[0], "(auction 1.0)")) << "signed by the game's program";
  // The round's timetable knows when orders last came (the early resolve counts from it).
  const auto t = pbem::read_timetable(pbem::current_round(game()));
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->last_order, at(kMonday));
}

TEST_F(AuctionIntake, ABidWithAWrongTokenIsRefusedAndNothingIsStored) {
  const pbem::Received r = receive(
      mail_from("Anna <anna@example.org>", "forged", bid_text("a", "token-of-ben-00002", 9)));
  EXPECT_EQ(r.outcome, "bad_token") << r.summary;
  EXPECT_TRUE(contains(r.summary, "its token is not a's")) << r.summary;
  EXPECT_FALSE(fs::exists(stored_bid("a")));
  const auto told = mail_to("anna@");
  ASSERT_EQ(told.size(), 1u) << "the registered address is told";
  EXPECT_TRUE(contains(told[0], "was NOT stored")) << told[0];
  EXPECT_FALSE(contains(told[0], "YOUR BID")) << "a forger learns nothing of the orders";
  EXPECT_EQ(mail_to("gm@").size(), 1u) << "the auctioneer hears of it";
}

TEST_F(AuctionIntake, TheSameMessageTwiceIsStoredAndAnsweredOnce) {
  const std::string raw =
      mail_from("Ben <ben@example.org>", "twice", bid_text("b", "token-of-ben-00002", 3));
  EXPECT_EQ(receive(raw).outcome, "accepted");
  const pbem::Received again = receive(raw, "2026-11-23T16:00:00Z");
  EXPECT_EQ(again.outcome, "duplicate") << again.summary;
  EXPECT_EQ(again.mail_sent, 0);
  EXPECT_EQ(mail_to("ben@").size(), 1u);
  const std::string ledger = read_text(root() / "mail/intake.yaml");
  std::size_t entries = 0;
  for (auto at = ledger.find("outcome:"); at != std::string::npos;
       at = ledger.find("outcome:", at + 1))
    ++entries;
  EXPECT_EQ(entries, 1u) << ledger;
}

TEST_F(AuctionIntake, ABidAfterItsRoundWasResolvedIsKeptAndToldTooLate) {
  tick(kDeadline);  // round 1 resolved with nobody's bid; round 2 opens
  ASSERT_EQ(pbem::current_round(game()).name, "round-2");
  fs::remove_all(root() / "outbox");
  const pbem::Received r =
      receive(mail_from("Cleo <cleo@example.org>", "late", bid_text("c", "token-of-cleo-0003", 2)),
              "2026-11-29T21:00:00Z");
  EXPECT_EQ(r.outcome, "too_late") << r.summary;
  EXPECT_TRUE(r.for_the_gm);
  EXPECT_FALSE(fs::exists(stored_bid("c"))) << "nothing stored for round 2";
  const auto told = mail_to("cleo@");
  ASSERT_EQ(told.size(), 1u);
  EXPECT_TRUE(contains(told[0], "Too late: round-1 has been resolved already")) << told[0];
  const auto kept = pbem::unstored_orders(root());
  ASSERT_EQ(kept.size(), 1u) << "kept in mail/inbox for the auctioneer";
  EXPECT_EQ(kept[0].player, "c");
  EXPECT_EQ(kept[0].season, "round-1");
  EXPECT_TRUE(fs::is_regular_file(kept[0].file));
  const auto notices = mail_to("gm@");
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_TRUE(contains(notices[0], "auction accept")) << "the host names the game's program";
}

TEST_F(AuctionIntake, AcceptRefusesABidThatWasStoredInTheWordsOfTheAuctionsOwnProgram) {
  const std::string raw =
      mail_from("Anna <anna@example.org>", "stored", bid_text("a", "token-of-anna-0001", 2));
  ASSERT_EQ(receive(raw).outcome, "accepted");
  try {
    pbem::kept_message(game(), pbem::sha256_hex(raw).substr(0, 12));
    FAIL() << "a stored bid is no message to accept";
  } catch (const pbem::InputError& e) {
    const std::string said = e.diagnostics().front().message;
    EXPECT_TRUE(contains(said, "`auction accept` takes only those that `auction status` lists"))
        << said;
  }
}

TEST_F(AuctionIntake, BidsReceivedThenATickAtTheDeadlineResolveTheRoundWithThem) {
  EXPECT_EQ(
      receive(mail_from("Anna <anna@example.org>", "a1", bid_text("a", "token-of-anna-0001", 3)))
          .outcome,
      "accepted");
  EXPECT_EQ(
      receive(mail_from("Ben <ben@example.org>", "b1", bid_text("b", "token-of-ben-00002", 6)))
          .outcome,
      "accepted");
  const std::string line = tick(kDeadline);
  EXPECT_TRUE(contains(line, "resolved")) << line;
  const pbem::RoundDir first = pbem::list_rounds(root()).front();
  const std::string log = read_text(first.log_file());
  EXPECT_TRUE(contains(log, "winner: b\nprice: 6")) << log;
  EXPECT_TRUE(contains(log, "  c: 0")) << "the missing bid played as `pass`: " << log;
  EXPECT_EQ(game().state(pbem::current_round(game())).players.at("b").coins, 4);
}

TEST_F(AuctionIntake, ABidForMoreCoinsThanHeldIsRejectedWithItsLineAndNotStored) {
  const pbem::Received r = receive(
      mail_from("Anna <anna@example.org>", "too-much", bid_text("a", "token-of-anna-0001", 11)));
  EXPECT_EQ(r.outcome, "rejected") << r.summary;
  EXPECT_FALSE(fs::exists(stored_bid("a")));
  const auto told = mail_to("anna@");
  ASSERT_EQ(told.size(), 1u);
  EXPECT_TRUE(contains(told[0], "line 5: a bid is a whole number of coins from 0 to the 10"))
      << told[0];
}

TEST_F(AuctionIntake, ABidUnreadableAsFarAsItsPlayerIsAnsweredWithItsErrorsToTheRegisteredSender) {
  // A mistake before the player's line: the game cannot tell whose bid it is, and that is no
  // reason to tell the sender that the bid names no player.
  const pbem::Received r = receive(mail_from("Anna <anna@example.org>", "unreadable",
                                             "game: lots\r\nplayr: a\r\nround: round-1\r\n"
                                             "token: token-of-anna-0001\r\nbid: 4\r\n"));
  EXPECT_EQ(r.outcome, "rejected") << r.summary;
  EXPECT_FALSE(fs::exists(stored_bid("a")));
  const auto told = mail_to("anna@");
  ASSERT_EQ(told.size(), 1u);
  EXPECT_TRUE(contains(told[0], "was NOT stored")) << told[0];
  EXPECT_TRUE(contains(told[0], "line 2: unknown key \"playr\"")) << told[0];
  // From an address that is no player's, nobody is answered.
  const pbem::Received stranger = receive(
      mail_from("Zed <zed@example.org>", "stranger", "game: lots\r\nplayr: a\r\nbid: 4\r\n"));
  EXPECT_EQ(stranger.outcome, "bad_token") << stranger.summary;
  EXPECT_TRUE(mail_to("zed@").empty());
}

TEST_F(AuctionIntake, AReceiptQuotesAVeryLongBidOnlyAsFarAsSixteenKilobytes) {
  std::string bid = bid_text("a", "token-of-anna-0001", 4);
  for (int i = 0; i < 5000; ++i) bid += "# a long signature, line " + std::to_string(i) + "\r\n";
  bid += "# " + std::string(300000, 'x') + "\r\n";
  EXPECT_EQ(receive(mail_from("Anna <anna@example.org>", "long", bid)).outcome, "accepted");
  const auto told = mail_to("anna@");
  ASSERT_EQ(told.size(), 1u);
  EXPECT_LT(told[0].size(), 40000u) << "the receipt does not send the whole bid back";
  EXPECT_TRUE(contains(told[0], "a long signature, line 0")) << "the bid's start is quoted";
  EXPECT_FALSE(contains(told[0], "a long signature, line 4999"));
}

TEST_F(AuctionIntake, UnderARootABidFindsItsAuctionByItsGameLineAndOtherMailIsKeptUnrouted) {
  pbem::IntakeTarget target;
  target.root = dir.path();
  const pbem::Received r = pbem::receive_message(
      mail_from("Anna <anna@example.org>", "routed", bid_text("a", "token-of-anna-0001", 1)),
      target, setup(kMonday));
  EXPECT_EQ(r.game, "lots");
  EXPECT_EQ(r.outcome, "accepted") << r.summary;
  std::string misspelt = bid_text("a", "token-of-anna-0001", 1);
  misspelt.replace(misspelt.find("lots"), 4, "lotz");
  const pbem::Received lost = pbem::receive_message(
      mail_from("Anna <anna@example.org>", "lost", misspelt), target, setup(kMonday));
  EXPECT_EQ(lost.outcome, "no_game");
  EXPECT_EQ(pbem::unrouted_mail(dir.path()).messages, 1u) << lost.summary;
}

TEST_F(AuctionIntake, TheTemplateCommandAttachesTheBidFormWithThePlayersToken) {
  const pbem::Received r = receive(
      "From: Cleo <cleo@example.org>\r\nTo: gm@auction.example\r\nSubject: template\r\n"
      "Message-ID: <form@example.org>\r\nContent-Type: text/plain\r\n\r\n"
      "token: token-of-cleo-0003\r\n");
  EXPECT_EQ(r.outcome, "command") << r.summary;
  const auto answer = mail_to("cleo@");
  ASSERT_EQ(answer.size(), 1u);
  EXPECT_TRUE(contains(answer[0], "bid-round-1-c.yaml")) << answer[0];
}

TEST_F(AuctionIntake, ABidWhoseLinesWereJoinedIsToldSoByTheAuctionsOwnHeaderKeys) {
  // An HTML mail program joined the bid's lines into one paragraph.
  const pbem::Received r = receive(
      "From: Anna <anna@example.org>\r\nTo: gm@auction.example\r\nSubject: my bid\r\n"
      "Message-ID: <joined@example.org>\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"
      "<p>game: lots bidder: a round: round-1 token: token-of-anna-0001 bid: 3</p>\r\n");
  EXPECT_EQ(r.outcome, "no_order") << r.summary;
  EXPECT_TRUE(contains(r.summary, "game:, bidder: and round: on one line")) << r.summary;
  EXPECT_FALSE(fs::exists(stored_bid("a")));
  const auto told = mail_to("anna@");
  ASSERT_EQ(told.size(), 1u);
  EXPECT_TRUE(contains(told[0], "its lines were joined into one")) << told[0];
}

TEST_F(AuctionIntake, UnderARootABidWhoseLinesWereJoinedReachesItsAuctionWhichTellsTheBidder) {
  pbem::IntakeTarget target;
  target.root = dir.path();
  const pbem::Received r = pbem::receive_message(
      "From: Anna <anna@example.org>\r\nTo: gm@auction.example\r\nSubject: my bid\r\n"
      "Message-ID: <joined-root@example.org>\r\nContent-Type: text/html\r\n\r\n"
      "<p>game: lots bidder: a round: round-1 token: token-of-anna-0001 bid: 3</p>\r\n",
      target, setup(kMonday));
  EXPECT_EQ(r.game, "lots") << r.summary;
  EXPECT_EQ(r.outcome, "no_order") << r.summary;
  EXPECT_EQ(mail_to("anna@").size(), 1u) << "told that the lines were joined";
}

TEST_F(AuctionIntake, TheReportCommandSendsTheBidderTheLetterOfTheLastRoundFromTheGame) {
  submit_bid(game(), "b", 6, at(kMonday));
  tick(kDeadline);  // round 1 resolved, its letters written (in the auction's letters/) and mailed
  fs::remove_all(root() / "outbox");
  const pbem::Received r = receive(
      "From: Anna <anna@example.org>\r\nTo: gm@auction.example\r\nSubject: report\r\n"
      "Message-ID: <again@example.org>\r\nContent-Type: text/plain\r\n\r\n"
      "token: token-of-anna-0001\r\n",
      "2026-11-30T09:00:00Z");
  EXPECT_EQ(r.outcome, "command") << r.summary;
  const auto answer = mail_to("anna@");
  ASSERT_EQ(answer.size(), 1u);
  EXPECT_TRUE(contains(answer[0], "Lot 1 went to b for 6 coins.")) << answer[0];
  EXPECT_TRUE(contains(answer[0], "You hold 10 coins and 0 lots.")) << answer[0];
  EXPECT_FALSE(contains(answer[0], "no report of")) << answer[0];
}

}  // namespace
}  // namespace auction

namespace auction {
namespace {

/// The whole game by mail, as a game master leaves it to cron: every round the bids arrive as
/// mail, the tick resolves the round once they are all in and quiet, and every bidder gets the
/// outcome; after the last lot the game is over and its last report has gone out.
TEST_F(AuctionIntake, AWholeAuctionIsPlayedByMailFromTheFirstBidToTheLastLot) {
  const std::vector<std::tuple<std::string, std::string, std::string>> bidders = {
      {"a", "Anna <anna@example.org>", "token-of-anna-0001"},
      {"b", "Ben <ben@example.org>", "token-of-ben-00002"},
      {"c", "Cleo <cleo@example.org>", "token-of-cleo-0003"}};
  // Lot 1 to Cleo (5), lot 2 to Anna (4), lot 3 to Ben (7): each pays what they bid.
  const std::vector<std::vector<int>> bids = {{2, 3, 5}, {4, 1, 3}, {0, 7, 2}};
  const std::vector<const char*> days = {"2026-11-24T10:00:00Z", "2026-11-25T10:00:00Z",
                                         "2026-11-26T10:00:00Z"};
  const std::vector<const char*> ticks = {"2026-11-24T11:00:00Z", "2026-11-25T11:00:00Z",
                                          "2026-11-26T11:00:00Z"};
  for (std::size_t round = 0; round < bids.size(); ++round) {
    const std::string name = "round-" + std::to_string(round + 1);
    ASSERT_EQ(pbem::current_round(game()).name, name);
    for (std::size_t i = 0; i < bidders.size(); ++i) {
      const auto& [id, from, token] = bidders[i];
      const pbem::Received r = receive(
          mail_from(from, name + "-" + id, bid_text(id, token, bids[round][i], name)), days[round]);
      ASSERT_EQ(r.outcome, "accepted") << r.summary;
    }
    const std::string line = tick(ticks[round]);
    ASSERT_TRUE(contains(line, "resolved " + name + " early")) << line;
    EXPECT_TRUE(contains(line, "mailed " + name + " (3 messages)")) << line;
  }
  EXPECT_TRUE(pbem::game_over(game()));
  const State last = game().state(pbem::current_round(game()));
  EXPECT_EQ(last.players.at("a").coins, 6);
  EXPECT_EQ(last.players.at("b").coins, 3);
  EXPECT_EQ(last.players.at("c").coins, 5);
  for (const auto& [id, from, token] : bidders) EXPECT_EQ(last.players.at(id).lots, 1) << id;
  // Every bidder got a receipt for each bid and the outcome of each lot.
  for (const char* who : {"anna@", "ben@", "cleo@"}) {
    std::size_t receipts = 0;
    std::size_t outcomes = 0;
    for (const std::string& text : mail_to(who)) {
      receipts += contains(text, "is STORED") ? 1U : 0U;
      outcomes += contains(text, " went to ") ? 1U : 0U;
    }
    EXPECT_EQ(receipts, 3u) << who;
    EXPECT_EQ(outcomes, 3u) << who;
  }
  EXPECT_TRUE(contains(tick("2026-11-30T11:00:00Z"), "game over"));
}

}  // namespace
}  // namespace auction
