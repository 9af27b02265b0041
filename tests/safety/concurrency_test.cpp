// Real wallenstein processes racing on one game: the lock makes every outcome one of the
// serial ones, whichever process wins.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <set>

#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using testing::Outcome;
using testing::read_text;
using testing::snapshot_tree;
using testing::start_wallenstein;
using testing::TempDir;
using testing::write_text;

using testing::run;

using testing::contains;

/// The number of races each test runs; every outcome is checked, whoever wins.
constexpr int kRaces = 8;
/// The loser of a race waits for the game's lock until the winner is done: the default wait (10 s)
/// would make the outcome depend on how fast the machine is (a resolve under a sanitizer).
constexpr const char* kWaitLong = "--wait=600";

TEST(Concurrency, ASubmitRacingAResolveIsEitherCountedOrRefusedNeverLost) {
  int counted = 0;
  int refused = 0;
  for (int race = 0; race < kRaces; ++race) {
    TempDir tmp;
    const fs::path game = tmp / "game";
    ASSERT_EQ(testing::new_game(game, 3).status, 0);
    const auto files =
        testing::write_random_orders(game, tmp / "orders", static_cast<std::uint64_t>(race));
    ASSERT_EQ(run({"submit", game.string(), files[0].string()}).status, 0);
    ASSERT_EQ(run({"submit", game.string(), files[2].string()}).status, 0);
    auto resolve =
        start_wallenstein({"resolve", game.string(), "--force", "--state-only", kWaitLong});
    auto submit = start_wallenstein({"submit", game.string(), files[1].string(), kWaitLong});
    const Outcome s = submit->wait();
    const Outcome r = resolve->wait();
    ASSERT_EQ(r.status, 0) << r.err;
    const Json shown =
        Json::parse(run({"show", game.string(), "--season", "1618-spring", "--json"}).out);
    if (s.status == 0) {
      ++counted;
      EXPECT_EQ(shown["resolution"]["nmr"], Json::array())
          << "stored, so it was resolved with blue's orders";
    } else {
      ++refused;
      EXPECT_EQ(s.status, 1) << s.err;
      EXPECT_TRUE(contains(s.err, "is not the season being planned; expected \"1618-summer\""))
          << s.err;
      EXPECT_EQ(shown["resolution"]["nmr"], Json::array({"blue"}));
    }
    EXPECT_EQ(run({"replay", game.string()}).status, 0);
  }
  EXPECT_EQ(counted + refused, kRaces);
  std::cout << "submit racing resolve: " << counted << " counted, " << refused
            << " refused as too late, 0 lost\n";
}

TEST(Concurrency, TwoMailRunsAtOnceDeliverEachMessageOnce) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(testing::new_game(game, 3).status, 0);
  ASSERT_EQ(run({"resolve", game.string(), "--force"}).status, 0);
  testing::SmtpServer server((tmp / "maildir").string());
  for (int race = 0; race < kRaces; ++race) {
    // Each race mails a fresh copy of the game (its own ledger) to the same server.
    const fs::path copy = tmp / ("copy" + std::to_string(race));
    fs::copy(game, copy, fs::copy_options::recursive);
    auto a = start_wallenstein({"mail", copy.string(), "--smtp", server.url(), kWaitLong});
    auto b = start_wallenstein({"mail", copy.string(), "--smtp", server.url(), kWaitLong});
    const Outcome ra = a->wait();
    const Outcome rb = b->wait();
    ASSERT_EQ(ra.status, 0) << ra.err;
    ASSERT_EQ(rb.status, 0) << rb.err;
    EXPECT_TRUE(contains(ra.out + rb.out, ": 3 sent.")) << ra.out << rb.out;
    EXPECT_TRUE(contains(ra.out + rb.out, ": 0 sent, 3 already sent before.")) << ra.out << rb.out;
  }
  std::size_t messages = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(tmp / "maildir" / "new"))
    ++messages;
  EXPECT_EQ(messages, static_cast<std::size_t>(3 * kRaces))
      << "each race delivered each player's report once";
}

TEST(Concurrency, TwoResolvesAtOnceResolveOneSeasonAndLeaveARollbackThatWorks) {
  for (int race = 0; race < kRaces / 2; ++race) {
    TempDir tmp;
    const fs::path game = tmp / "game";
    ASSERT_EQ(testing::new_game(game, 3).status, 0);
    testing::submit_random_orders(game, tmp / "o", static_cast<std::uint64_t>(race));
    const auto before = snapshot_tree(game);
    auto a = start_wallenstein({"resolve", game.string(), kWaitLong});
    auto b = start_wallenstein({"resolve", game.string(), kWaitLong});
    const Outcome ra = a->wait();
    const Outcome rb = b->wait();
    EXPECT_EQ(std::multiset<int>({ra.status, rb.status}), std::multiset<int>({0, 5}))
        << ra.err << rb.err;
    EXPECT_TRUE(contains(ra.err + rb.err,
                         "orders are missing from Anna Weber (red), Jörg Krämer (blue), Marie "
                         "Dubois (yellow) for 1618-summer"));
    EXPECT_TRUE(fs::exists(game / "seasons/02-1618-summer/state.yaml"));
    EXPECT_FALSE(fs::exists(game / "seasons/03-1618-autumn"));
    ASSERT_EQ(run({"rollback", game.string()}).status, 0);
    EXPECT_EQ(snapshot_tree(game), before);
  }
}

TEST(Concurrency, MailDuringAResolveNeverOverwritesTheResolvedReports) {
  for (int race = 0; race < kRaces / 2; ++race) {
    TempDir tmp;
    const fs::path game = tmp / "game";
    ASSERT_EQ(testing::new_game(game, 3).status, 0);
    testing::submit_random_orders(game, tmp / "o", static_cast<std::uint64_t>(race));
    auto resolve = start_wallenstein({"resolve", game.string(), kWaitLong});
    auto mail = start_wallenstein({"mail", game.string(), kWaitLong});
    const Outcome rm = mail->wait();
    const Outcome rr = resolve->wait();
    ASSERT_EQ(rr.status, 0) << rr.err;
    ASSERT_EQ(rm.status, 0) << rm.err;
    const std::string report = read_text(game / "seasons/01-1618-spring/reports/red.txt");
    EXPECT_TRUE(contains(report, "WHAT HAPPENED IN 1618-spring"))
        << "the resolved report, not the opening one";
    EXPECT_EQ(run({"replay", game.string()}).status, 0);
  }
}

/// Holds the game's lock from the test process, as another program would.
class HeldLock {
 public:
  HeldLock(const fs::path& game, int operation, const std::string& holder) {
    fd_ = ::open((game / ".lock").c_str(), O_RDWR | O_CREAT, 0644);
    EXPECT_EQ(::flock(fd_, operation), 0);
    if (!holder.empty()) {
      EXPECT_EQ(::ftruncate(fd_, 0), 0);
      EXPECT_EQ(::pwrite(fd_, holder.data(), holder.size(), 0),
                static_cast<ssize_t>(holder.size()));
    }
  }
  ~HeldLock() { ::close(fd_); }

 private:
  int fd_ = -1;
};

TEST(Lock, AWriterWaitsThenExitsFiveNamingTheHolder) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(testing::new_game(game, 3).status, 0);
  const auto files = testing::write_random_orders(game, tmp / "o", 1);
  const auto before = snapshot_tree(game);
  {
    const std::string holder = "pid " + std::to_string(::getpid()) +
                               ", `wallenstein resolve`, since 2026-11-23T10:00:00Z\n";
    HeldLock lock(game, LOCK_EX, holder);
    const Outcome r = run({"submit", game.string(), files[0].string(), "--wait", "0.2"});
    EXPECT_EQ(r.status, 5);
    EXPECT_TRUE(contains(
        r.err, "is busy: held by pid " + std::to_string(::getpid()) + ", `wallenstein resolve`"))
        << r.err;
    EXPECT_TRUE(contains(r.err, "--wait SECONDS")) << r.err;
    const Outcome reader = run({"status", game.string(), "--wait", "0"});
    EXPECT_EQ(reader.status, 5) << "a reader never sees a game while it is being written";
    EXPECT_EQ(snapshot_tree(game), before);
  }
  EXPECT_EQ(run({"submit", game.string(), files[0].string(), "--wait", "0"}).status, 0);
}

TEST(Lock, ReadersShareTheGameAndWritersWaitForThem) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(testing::new_game(game, 3).status, 0);
  const auto files = testing::write_random_orders(game, tmp / "o", 1);
  HeldLock reading(game, LOCK_SH, "");
  EXPECT_EQ(run({"status", game.string(), "--wait", "0"}).status, 0);
  EXPECT_EQ(run({"check", game.string(), files[0].string(), "--wait", "0"}).status, 0);
  const Outcome w = run({"submit", game.string(), files[0].string(), "--wait", "0"});
  EXPECT_EQ(w.status, 5);
  EXPECT_TRUE(contains(w.err, "held by pid " + std::to_string(::getpid()) + ", `")) << w.err;
  EXPECT_TRUE(contains(w.err, "which is reading it")) << w.err;
}

TEST(Lock, AnotherProgramHoldingTheGameAloneIsNamedAsSuch) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(testing::new_game(game, 3).status, 0);
  // The lock file still names the last wallenstein writer, long gone; another program holds it.
  HeldLock other(game, LOCK_EX, "pid 1, `wallenstein resolve`, since 2026-11-23T10:00:00Z\n");
  const Outcome r = run({"status", game.string(), "--wait", "0"});
  EXPECT_EQ(r.status, 5);
  EXPECT_TRUE(contains(r.err, "held by pid " + std::to_string(::getpid()) + ", `")) << r.err;
  EXPECT_TRUE(contains(r.err, "which holds it alone")) << r.err;
  EXPECT_FALSE(contains(r.err, "wallenstein resolve")) << "not the stale name: " << r.err;
}

TEST(Lock, ReadingAGameChangesNothingButTheLockFile) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(testing::new_game(game, 3).status, 0);
  const auto files = testing::write_random_orders(game, tmp / "o", 1);
  for (const auto& f : files) ASSERT_EQ(run({"submit", game.string(), f.string()}).status, 0);
  ASSERT_EQ(run({"resolve", game.string()}).status, 0);
  const auto before = snapshot_tree(game);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"status", game.string()},
           {"show", game.string(), "--json"},
           {"show", game.string(), "--season", "1618-spring", "--json"},
           {"check", game.string(), files[0].string()},
           {"replay", game.string()},
           {"render", game.string(), "-o", (tmp / "map.png").string()},
           {"mail", game.string(), "--dry-run"},
           {"rollback", game.string(), "--dry-run"}}) {
    run(args);
    EXPECT_EQ(snapshot_tree(game), before) << args[0];
  }
  EXPECT_TRUE(fs::exists(game / ".lock"));
}

TEST(Lock, AReaderFinishesAnInterruptedWriteBeforeReading) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(testing::new_game(game, 3).status, 0);
  const auto files = testing::write_random_orders(game, tmp / "o", 1);
  // A submit killed after its commit point: the journal is there, the file not yet in place.
  write_text(game / ".journal/steps",
             "wallenstein-journal 1\nW 0 seasons/01-1618-spring/orders/red.yaml\n");
  fs::create_directories(game / ".journal/blobs");
  fs::copy_file(files[0], game / ".journal/blobs/0");
  const Outcome r = run({"status", game.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "finished an interrupted change")) << r.err;
  EXPECT_TRUE(contains(r.out, "Submitted: Anna Weber (red)")) << r.out;
  EXPECT_FALSE(fs::exists(game / ".journal"));
}

}  // namespace
}  // namespace wallenstein
