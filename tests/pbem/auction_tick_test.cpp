// The host's tick, run in-process on the second game behind pbem::Game: a sealed-bid auction
// (auction_game.hpp). Every host decision of tick (timetable, reminders, the gate, the `hold`
// policy, the resolve at the deadline and early, the mail of each round, rollback, the quick look,
// busy and broken games) is shown here on a game that is not Wallenstein; the same decisions on
// Wallenstein are in wallenstein_tick_test.cpp and, through the program, in tests/cli.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <type_traits>

#include "pbem/auction_fixture.hpp"
#include "pbem/auction_game.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/game_lock.hpp"
#include "pbem/host/intake.hpp"
#include "pbem/host/tick.hpp"
#include "pbem/host/timetable.hpp"
#include "pbem/host/transaction.hpp"
#include "support/temp_dir.hpp"

namespace auction {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using pbem::Instant;
using testing::at;
using testing::kDeadline;
using testing::kOpened;
using wallenstein::testing::contains;
using wallenstein::testing::read_text;
using wallenstein::testing::TempDir;

/// The three bidders, reminded 48 hours before each deadline.
pbem::HostConfig reminded_bidders() {
  pbem::HostConfig host = testing::three_bidders();
  host.schedule->reminders = {48h};
  return host;
}

/// An auction in a temporary directory, ticked in-process with the auction's own templates.
class AuctionTick : public ::testing::Test {
 protected:
  void SetUp() override { start(reminded_bidders(), Rules{}); }

  void start(pbem::HostConfig host, Rules rules) {
    fs::remove_all(dir.path() / "game");
    host_ = std::move(host);
    rules_ = rules;
    AuctionGame::create(root(), host_, rules_);
  }
  fs::path root() const { return dir.path() / "game"; }
  AuctionGame game() const { return AuctionGame(root(), host_, rules_); }

  /// One tick of the game at `now`, under its lock as `tick` takes it; returns its line.
  std::string tick(const char* now) {
    const pbem::TickSettings settings{at(now), templates};
    std::ostringstream notes;
    const pbem::TickLine line = pbem::tick_game(root(), programs(), settings, notes);
    EXPECT_FALSE(line.internal_error) << line.text;
    return line.text;
  }
  pbem::TickPrograms programs() {
    return pbem::TickPrograms{
        [this](const fs::path& d, pbem::LockMode mode) {
          std::ostringstream notes;
          pbem::GameLock lock = pbem::lock_game(d, mode, 0ms, "auction", "tick", notes);
          return pbem::HeldGameRef{std::move(lock),
                                   std::make_unique<AuctionGame>(d, host_, rules_)};
        },
        [](const fs::path&) -> std::string { throw std::logic_error("the auction has no IMAP"); }};
  }
  void bid(const std::string& player, int coins, const char* when) {
    submit_bid(game(), player, coins, at(when));
  }

  /// The recipients (by the start of their address) of every message in the outbox whose text
  /// has `what`, sorted.
  std::vector<std::string> mailed(const std::string& what) const {
    std::vector<std::string> to;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(root() / "outbox", ec)) {
      const std::string text = read_text(e.path());
      if (!contains(text, what)) continue;
      const auto header = text.find("\nTo: ");
      const std::string line = text.substr(header + 1, text.find('\n', header + 1) - header - 1);
      for (const char* who : {"anna@", "ben@", "cleo@", "gm@"})
        if (contains(line, std::string("<") + who)) to.emplace_back(who);
    }
    std::sort(to.begin(), to.end());
    return to;
  }

  TempDir dir;
  pbem::Templates templates =
      pbem::Templates::load(wallenstein::testing::source_path("tests/pbem/auction_templates"));
  pbem::HostConfig host_;
  Rules rules_;
};

// The host's messages cannot be asked of templates that were never given: a tick's and the
// intake's templates are references, which every caller has (they were pointers, null unless set).
TEST(HostSettings, ATickAndTheIntakeCannotBeSetUpWithoutTheirTemplates) {
  static_assert(!std::is_default_constructible_v<pbem::TickSettings>);
  static_assert(!std::is_default_constructible_v<pbem::IntakeSetup>);
  static_assert(std::is_same_v<decltype(pbem::TickSettings::templates), const pbem::Templates&>);
  static_assert(std::is_same_v<decltype(pbem::IntakeSetup::templates), const pbem::Templates&>);
}

TEST_F(AuctionTick, TheFirstTickSetsTheDeadlineAndMailsTheOpeningToEveryPlayer) {
  const std::string line = tick(kOpened);
  EXPECT_TRUE(contains(line, "game: round-1: waiting for Anna (a), Ben (b), Cleo (c)")) << line;
  EXPECT_TRUE(contains(line, "deadline set")) << line;
  EXPECT_TRUE(contains(line, "mailed round-1 (3 messages)")) << line;
  const auto t = pbem::read_timetable(pbem::current_round(game()));
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->deadline, at(kDeadline));
  EXPECT_EQ(mailed("You hold 10 coins and 0 lots."),
            (std::vector<std::string>{"anna@", "ben@", "cleo@"}));
}

TEST_F(AuctionTick, AReminderGoesOnceAndOnlyToThePlayersWhoseBidIsMissing) {
  tick(kOpened);
  bid("a", 3, "2026-11-24T09:00:00Z");
  bid("b", 5, "2026-11-24T10:00:00Z");
  const std::string line = tick("2026-11-27T21:00:00Z");  // 47 h before the deadline
  EXPECT_TRUE(contains(line, "1 reminder sent")) << line;
  EXPECT_EQ(mailed("your sealed bid for lot 1"), std::vector<std::string>{"cleo@"});
  EXPECT_TRUE(contains(tick("2026-11-27T22:00:00Z"), "round-1: waiting for Cleo (c)"));
  EXPECT_EQ(mailed("your sealed bid for lot 1").size(), 1U);
}

TEST_F(AuctionTick, AtTheDeadlineMissingBidsPassAndEveryPlayerIsMailedTheOutcome) {
  tick(kOpened);
  bid("a", 4, "2026-11-24T09:00:00Z");
  bid("b", 6, "2026-11-24T10:00:00Z");
  const std::string line = tick("2026-11-29T20:01:00Z");
  EXPECT_TRUE(contains(line, "resolved round-1 at the deadline (NMR pass: Cleo (c)); round-2 due"))
      << line;
  EXPECT_TRUE(contains(line, "mailed round-1 (3 messages)")) << line;
  const State next = game().state(pbem::current_round(game()));
  EXPECT_EQ(next.round, 2);
  EXPECT_EQ(next.players.at("b").coins, 4);
  EXPECT_EQ(next.players.at("b").lots, 1);
  EXPECT_EQ(mailed("Lot 1 went to b for 6 coins."),
            (std::vector<std::string>{"anna@", "ben@", "cleo@"}));
}

TEST_F(AuctionTick, EveryBidInAndQuietForTheHoldBackResolvesEarly) {
  tick(kOpened);
  bid("a", 2, "2026-11-24T09:00:00Z");
  bid("b", 2, "2026-11-24T09:05:00Z");
  bid("c", 1, "2026-11-24T09:10:00Z");
  EXPECT_TRUE(contains(tick("2026-11-24T09:20:00Z"), "resolves early from"));
  const std::string line = tick("2026-11-24T09:41:00Z");
  EXPECT_TRUE(contains(line, "resolved round-1 early; round-2 due")) << line;
  // A tie goes to the earlier seat.
  EXPECT_EQ(game().state(pbem::current_round(game())).players.at("a").lots, 1);
}

TEST_F(AuctionTick, TooManyBidsMissingAtTheDeadlineHoldTheRoundForTheGameMaster) {
  pbem::HostConfig host = reminded_bidders();
  host.schedule->max_missing = 1;
  start(host, Rules{});
  tick(kOpened);
  bid("a", 4, "2026-11-24T09:00:00Z");
  const std::string line = tick("2026-11-29T20:01:00Z");
  EXPECT_TRUE(contains(line, "round-1: held: 2 orders missing at the deadline (max_missing 1)"))
      << line;
  EXPECT_EQ(mailed("is held"), std::vector<std::string>{"gm@"});
  EXPECT_TRUE(contains(tick("2026-11-30T20:00:00Z"), "round-1: held for the game master"));
  EXPECT_EQ(pbem::current_round(game()).index, 1);
}

// The schedule's default said "max_missing 5: never", which held an auction of six bidders whose
// six bids were all missing: without max_missing the gate never holds, whatever the seats.
TEST_F(AuctionTick, WithoutMaxMissingTheGateNeverHoldsARoundHoweverManySeatsAreMissing) {
  pbem::HostConfig host = reminded_bidders();
  host.players.push_back({"d", "Dora", "dora@example.org", "token-of-dora-0004"});
  host.players.push_back({"e", "Emil", "emil@example.org", "token-of-emil-0005"});
  host.players.push_back({"f", "Fritz", "fritz@example.org", "token-of-fritz-006"});
  host.schedule->max_missing = pbem::Schedule{}.max_missing;
  start(host, Rules{});
  tick(kOpened);
  const std::string line = tick("2026-11-29T20:01:00Z");
  EXPECT_TRUE(contains(line,
                       "resolved round-1 at the deadline (NMR pass: Anna (a), Ben (b), "
                       "Cleo (c), Dora (d), Emil (e), Fritz (f))"))
      << line;
  EXPECT_EQ(pbem::current_round(game()).index, 2);
}

TEST_F(AuctionTick, UnderTheHoldPolicyTheDeadlineMovesOnceAndEveryPlayerIsTold) {
  pbem::HostConfig host = reminded_bidders();
  host.schedule->nmr = pbem::NmrPolicy::hold;
  start(host, Rules{});
  tick(kOpened);
  bid("a", 4, "2026-11-24T09:00:00Z");
  const std::string line = tick("2026-11-29T20:01:00Z");
  EXPECT_TRUE(contains(line, "round-1: deadline extended by 1 day")) << line;
  EXPECT_EQ(mailed("the deadline of round-1 moved"),
            (std::vector<std::string>{"anna@", "ben@", "cleo@"}));
  const std::string after = tick("2026-11-30T20:01:00Z");
  EXPECT_TRUE(contains(after, "resolved round-1 at the deadline (NMR pass: Ben (b), Cleo (c))"))
      << after;
}

TEST_F(AuctionTick, MailThatCannotGoOutWaitsForTheNextTickAndTheGameMasterHearsWhenItWorksAgain) {
  pbem::HostConfig host = reminded_bidders();
  // Nothing listens on port 1 of the loopback: every connection is refused at once.
  host.mail.smtp = pbem::SmtpSettings{"smtp://127.0.0.1:1", false, "", ""};
  start(host, Rules{});
  const std::string down = tick(kOpened);
  EXPECT_TRUE(contains(down, "deadline set")) << down;
  EXPECT_TRUE(contains(down, "mail failed (")) << down;
  EXPECT_TRUE(contains(down, "the next tick sends it")) << down;
  EXPECT_TRUE(mailed("You hold").empty());
  host_.mail.smtp.reset();  // the relay works again (here: the outbox)
  const std::string up = tick("2026-11-23T12:10:00Z");
  EXPECT_TRUE(contains(up, "mailed round-1 (3 messages)")) << up;
  EXPECT_EQ(mailed("You hold 10 coins"), (std::vector<std::string>{"anna@", "ben@", "cleo@"}));
  EXPECT_EQ(mailed("mail goes out again"), std::vector<std::string>{"gm@"});
  EXPECT_FALSE(contains(tick("2026-11-23T12:20:00Z"), "mailed")) << "each message once";
}

TEST_F(AuctionTick, ARollbackRemovesOnlyTheGamesFilesAndTheSameBidsResolveAlike) {
  tick(kOpened);
  bid("a", 4, "2026-11-24T09:00:00Z");
  bid("b", 6, "2026-11-24T10:00:00Z");
  tick("2026-11-29T20:01:00Z");
  const pbem::RoundDir first = game().rounds().front();
  const std::string log = read_text(first.log_file());
  const pbem::RollbackOutcome undone = pbem::rollback_last_resolve(game(), false, false);
  EXPECT_EQ(undone.season, "round-1");
  EXPECT_EQ(game().rounds().size(), 1U);
  EXPECT_FALSE(fs::exists(first.log_file()));
  EXPECT_TRUE(fs::exists(first.orders_file("a")));
  EXPECT_TRUE(contains(tick("2026-11-29T20:02:00Z"), "resolved round-1 at the deadline"));
  EXPECT_EQ(read_text(first.log_file()), log);
}

TEST_F(AuctionTick, AfterTheLastRoundTheTickSaysTheGameIsOver) {
  start(reminded_bidders(), Rules{1, 10});
  tick(kOpened);
  bid("c", 7, "2026-11-24T09:00:00Z");
  EXPECT_TRUE(contains(tick("2026-11-29T20:01:00Z"), "the game is over"));
  EXPECT_TRUE(pbem::game_over(game()));
  EXPECT_TRUE(contains(tick("2026-11-30T20:01:00Z"), "game: game over"));
}

TEST_F(AuctionTick, TheQuickLookSeesNothingDueWhileBidsAreAwaitedAndSeesTheReminderComing) {
  tick(kOpened);
  const pbem::TickLook quiet = pbem::quick_look(game(), at("2026-11-24T12:00:00Z"));
  EXPECT_FALSE(quiet.due);
  EXPECT_TRUE(contains(quiet.line, "round-1: waiting for Anna (a), Ben (b), Cleo (c); due "))
      << quiet.line;
  EXPECT_TRUE(pbem::quick_look(game(), at("2026-11-27T21:00:00Z")).due);
}

// The host's lock took any directory: a misspelt game directory got a lock file, and its tick
// said that a round was missing. Only the game's hold_game refused it first.
TEST_F(AuctionTick, ADirectoryThatIsNoGameGetsNoLockFileAndItsTickSaysSo) {
  const fs::path empty = dir.path() / "empty";
  fs::create_directories(empty);
  std::ostringstream notes;
  EXPECT_THROW(pbem::lock_game(empty, pbem::LockMode::exclusive, 0ms, "auction", "tick", notes),
               pbem::InputError);
  EXPECT_FALSE(fs::exists(empty / ".lock"));
  const pbem::TickSettings settings{at(kOpened), templates};
  const pbem::TickLine line = pbem::tick_game(empty, programs(), settings, notes);
  EXPECT_EQ(line.text, "empty: broken, skipped: not a game directory: game.yaml is missing");
  EXPECT_FALSE(fs::exists(empty / ".lock"));
}

TEST_F(AuctionTick, ABusyGameIsLeftForTheNextTickAndABrokenOneIsSkippedWithItsReason) {
  {
    std::ostringstream notes;
    const pbem::GameLock other =
        pbem::lock_game(root(), pbem::LockMode::exclusive, 0ms, "auction", "resolve", notes);
    EXPECT_TRUE(contains(tick(kOpened), "game: busy, left for the next tick"));
  }
  wallenstein::testing::write_text(pbem::current_round(game()).state_file(), "round: [\n");
  const std::string line = tick(kOpened);
  EXPECT_TRUE(contains(line, "game: broken, skipped: not an auction state")) << line;
}

}  // namespace
}  // namespace auction
