// The game runs itself (interfaces 6): tick from cron with --now in place of the clock,
// deadline, status over many games, seats taken over or paused, spectators.

#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "pbem/host/schedule.hpp"
#include "support/games.hpp"
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

std::string iso(Instant t) { return format_instant(t, "UTC"); }

/// The clock's time at 30 seconds past its minute. The tests run on the real clock (orders are
/// stored with real file times), but a deadline falls on a whole minute, so a game opened at
/// this time is never exactly min_season (48 h) before its deadline: the reminder 48 h before it
/// and the time left never land on the opening second, whatever day the test runs.
Instant real_now() {
  const auto minute = std::chrono::floor<std::chrono::minutes>(std::chrono::system_clock::now());
  return std::chrono::time_point_cast<std::chrono::seconds>(minute + 30s);
}

/// Messages in the outbox whose file name matches (Message-IDs name the files).
int outbox_count(const fs::path& game, const std::string& pattern) {
  const std::regex re(pattern);
  int n = 0;
  if (!fs::exists(game / "outbox")) return 0;
  for (const auto& e : fs::directory_iterator(game / "outbox"))
    n += std::regex_search(e.path().filename().string(), re) ? 1 : 0;
  return n;
}

nlohmann::json status_json(const fs::path& game, Instant now) {
  const Outcome s = run({"status", game.string(), "--json", "--now", iso(now)});
  EXPECT_EQ(s.status, 0) << s.err;
  return nlohmann::json::parse(s.out)["games"][0];
}

Instant deadline_of(const fs::path& game, Instant now) {
  const auto j = status_json(game, now);
  return parse_instant(j.at("deadline").get<std::string>()).value();
}

class Tick : public ::testing::Test {
 protected:
  void make_game(const std::string& schedule, int players = 3) {
    ASSERT_EQ(testing::new_game(game(), players).status, 0);
    std::string config = read_text(game() / "game.yaml");
    // The tests count every message of a whole game in the outbox: none is pruned.
    config.replace(config.find("  outbox: outbox\n"), 17, "  outbox: outbox\n  outbox_days: 0\n");
    testing::write_text(game() / "game.yaml", config + schedule);
  }
  fs::path game() const { return tmp_ / "game"; }
  Outcome tick(Instant now) { return run({"tick", game().string(), "--now", iso(now)}); }
  /// Random legal orders for these players, submitted.
  void submit(const std::vector<std::string>& players, std::uint64_t seed) {
    const auto files =
        testing::write_random_orders(game(), tmp_ / ("orders" + std::to_string(seed)), seed);
    for (const auto& f : files) {
      const std::string id = f.stem().string();
      if (std::find(players.begin(), players.end(), id) == players.end()) continue;
      const Outcome s = run({"submit", game().string(), f.string()});
      ASSERT_EQ(s.status, 0) << s.err;
    }
  }
  int seasons() const {
    int n = 0;
    for (const auto& e : fs::directory_iterator(game() / "seasons")) n += e.is_directory() ? 1 : 0;
    return n;
  }
  TempDir tmp_;
};

const std::string kWeekly =
    "schedule:\n  timezone: Europe/Berlin\n  deadline: \"sun 20:00\"\n  reminders: [48h, 6h]\n"
    "  early: true\n  hold_back: 30m\n  nmr: pass\n  max_missing: 1\n";

TEST_F(Tick, DrivesAWholeGameToItsEndWithOrdersLateOrNeverAndRemindsEachPlayerOnce) {
  make_game(kWeekly);
  Instant now = real_now();
  Outcome t = tick(now);
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_NE(t.out.find("deadline set; mailed 1618-spring (3 messages)"), std::string::npos)
      << t.out;
  EXPECT_EQ(outbox_count(game(), "opening"), 3);
  bool held_once = false;
  for (int season = 1; season <= 6; ++season) {
    const Instant deadline = deadline_of(game(), now);
    const std::string dir = "0" + std::to_string(season) + "-";
    // Red is always early; blue comes after the first reminder; yellow never does.
    submit({"red"}, 100 + static_cast<std::uint64_t>(season));
    EXPECT_EQ(tick(deadline - 49h).out.find("reminder"), std::string::npos);
    t = tick(deadline - 47h);
    EXPECT_NE(t.out.find("2 reminders sent"), std::string::npos) << t.out;
    EXPECT_EQ(tick(deadline - 46h).out.find("reminder"), std::string::npos)
        << "a reminder goes once";
    EXPECT_EQ(outbox_count(game(), dir + ".*reminder-2880m"), 2);
    EXPECT_EQ(outbox_count(game(), dir + ".*reminder-2880m.red"), 0) << "red's orders are in";
    if (season == 3) {
      // Nobody else sends anything: two missing at the deadline is more than max_missing 1.
      t = tick(deadline + 1min);
      EXPECT_NE(
          t.out.find(
              "held: 2 orders missing at the deadline (max_missing 1); the game master is told"),
          std::string::npos)
          << t.out;
      EXPECT_NE(tick(deadline + 2h).out.find("held for the game master"), std::string::npos);
      EXPECT_EQ(outbox_count(game(), dir + ".*held-.*gm"), 1) << "the game master is told once";
      EXPECT_TRUE(status_json(game(), deadline + 2h)["held"].get<bool>());
      EXPECT_EQ(seasons(), season) << "nothing is resolved while held";
      const Outcome moved =
          run({"deadline", game().string(), "--extend", "24h", "--now", iso(deadline + 2h)});
      ASSERT_EQ(moved.status, 0) << moved.err;
      EXPECT_EQ(outbox_count(game(), dir + ".*deadline-"), 3)
          << "every player is told the new deadline";
      submit({"blue"}, 300);
      t = tick(deadline + 26h + 1min);
      EXPECT_NE(
          t.out.find("resolved 1618-autumn at the deadline (NMR pass: Marie Dubois (yellow))"),
          std::string::npos)
          << t.out;
      held_once = true;
      now = deadline + 26h + 1min;
      continue;
    }
    submit({"blue"}, 200 + static_cast<std::uint64_t>(season));
    t = tick(deadline - 5h);
    EXPECT_NE(t.out.find("1 reminder sent"), std::string::npos) << t.out;
    EXPECT_EQ(outbox_count(game(), dir + ".*reminder-360m.*yellow"), 1);
    EXPECT_EQ(seasons(), season) << "not resolved before the deadline while yellow is missing";
    t = tick(deadline + 1min);
    ASSERT_EQ(t.status, 0) << t.err;
    EXPECT_NE(t.out.find("resolved"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("at the deadline (NMR pass: Marie Dubois (yellow))"), std::string::npos)
        << t.out;
    EXPECT_EQ(outbox_count(game(), dir + ".*report"), 3) << "each player gets the report once";
    now = deadline + 1min;
  }
  EXPECT_TRUE(held_once);
  EXPECT_NE(t.out.find("the game is over"), std::string::npos) << t.out;
  EXPECT_NE(tick(now + 24h * 30).out.find("game over"), std::string::npos);
  const Outcome replay = run({"replay", game().string()});
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_EQ(outbox_count(game(), "reminder"), 6 * 2 + 5)
      << "two 48h reminders a season, and one 6h reminder but in the held one";
}

TEST_F(Tick, ResolvesEarlyOnlyOnceEveryOrderIsInAndNobodyChangedOneForTheHoldBack) {
  make_game(kWeekly);
  const Instant start = real_now();
  ASSERT_EQ(tick(start).status, 0);
  submit({"red", "blue", "yellow"}, 7);
  Outcome t = tick(real_now() + 10min);
  EXPECT_NE(t.out.find("every order is in"), std::string::npos) << t.out;
  EXPECT_EQ(seasons(), 1);
  t = tick(real_now() + 31min);
  EXPECT_NE(t.out.find("resolved 1618-spring early"), std::string::npos) << t.out;
  EXPECT_EQ(seasons(), 2);
  EXPECT_GE(deadline_of(game(), real_now() + 31min), real_now() + 48h)
      << "a season lasts at least min_season";
}

TEST_F(Tick, TheHoldPolicyMovesTheDeadlineOnceByTheGraceThenPasses) {
  make_game(
      "schedule:\n  timezone: UTC\n  deadline: \"sun 20:00\"\n  nmr: hold\n  grace: 24h\n  "
      "max_missing: 2\n");
  const Instant start = real_now();
  ASSERT_EQ(tick(start).status, 0);
  submit({"red"}, 3);
  const Instant deadline = deadline_of(game(), start);
  Outcome t = tick(deadline + 1min);
  EXPECT_NE(t.out.find("deadline extended by 1 day to"), std::string::npos) << t.out;
  EXPECT_EQ(outbox_count(game(), "deadline-"), 3);
  EXPECT_EQ(deadline_of(game(), deadline), deadline + 24h);
  EXPECT_EQ(seasons(), 1);
  t = tick(deadline + 25h);
  EXPECT_NE(t.out.find("resolved 1618-spring at the deadline (NMR pass: Jörg Krämer (blue), Marie "
                       "Dubois (yellow))"),
            std::string::npos)
      << t.out;
}

TEST_F(Tick, TwoTicksRacingOnOneGameResolveItOnce) {
  make_game(kWeekly);
  const Instant start = real_now();
  ASSERT_EQ(tick(start).status, 0);
  submit({"red", "blue", "yellow"}, 11);
  const std::string when = iso(deadline_of(game(), start) + 1min);
  auto a = testing::start_wallenstein({"tick", game().string(), "--now", when});
  auto b = testing::start_wallenstein({"tick", game().string(), "--now", when});
  const Outcome ra = a->wait();
  const Outcome rb = b->wait();
  EXPECT_EQ(ra.status, 0) << ra.err;
  EXPECT_EQ(rb.status, 0) << rb.err;
  const auto resolved = [](const Outcome& o) {
    return o.out.find("resolved 1618-spring") != std::string::npos ? 1 : 0;
  };
  EXPECT_EQ(resolved(ra) + resolved(rb), 1) << ra.out << rb.out;
  EXPECT_EQ(seasons(), 2);
  EXPECT_EQ(outbox_count(game(), "01-1618-spring.report"), 3) << "the reports went once";
  EXPECT_EQ(run({"replay", game().string()}).status, 0);
}

TEST_F(Tick, ARootOfGamesGoesOnPastABrokenOneAndSaysWhatIsWrong) {
  const fs::path root = tmp_ / "root";
  for (const std::string name : {"a", "b", "c", "d"})
    ASSERT_EQ(testing::new_game(root / name, 3).status, 0);
  for (const std::string name : {"a", "b", "d"}) {
    testing::write_text(root / name / "game.yaml", read_text(root / name / "game.yaml") + kWeekly);
  }
  testing::write_text(root / "b" / "game.yaml",
                      read_text(root / "b" / "game.yaml") + "dedlines: {}\n");
  testing::write_text(root / "d" / "seasons" / "01-1618-spring" / "state.yaml",
                      "season_index: [\n");
  const Outcome t = run({"tick", "--root", root.string(), "--now", iso(real_now())});
  EXPECT_EQ(t.status, 0) << t.err;
  const std::regex lines(
      "^a: 1618-spring: waiting for .*; deadline set; mailed 1618-spring \\(3 messages\\)\n"
      "b: broken, skipped: unknown key \"dedlines\" in game.yaml; did you mean \"deadlines\"\\?\n"
      "c: no schedule in game.yaml; tick leaves it to its game master\n"
      "d: broken, skipped: .*\n$");
  EXPECT_TRUE(std::regex_search(t.out, lines)) << t.out;
  EXPECT_NE(t.err.find("game.yaml:"), std::string::npos)
      << "the broken file is named with its position: " << t.err;
  const Outcome again =
      run({"tick", "--root", root.string(), "--now", iso(real_now()), "--jobs", "1"});
  EXPECT_NE(again.out.find("a: 1618-spring: waiting for"), std::string::npos) << again.out;
  EXPECT_EQ(again.out.find("a: 1618-spring: waiting for Anna Weber (red), Jörg Krämer (blue), "
                           "Marie Dubois (yellow); due"),
            0u)
      << "nothing new for a: " << again.out;
}

TEST_F(Tick, AGameWhoseMailPasswordIsNotSetGoesOnWithEverythingElseAndSaysWhy) {
  const fs::path root = tmp_ / "root";
  for (const std::string name : {"a", "b", "c"}) {
    ASSERT_EQ(testing::new_game(root / name, 3).status, 0);
    testing::write_text(root / name / "game.yaml", read_text(root / name / "game.yaml") + kWeekly);
  }
  testing::replace_in_file(root / "b" / "game.yaml", "mail:\n",
                           "mail:\n  imap: {url: \"imap://127.0.0.1:1/INBOX\", starttls: false, "
                           "user: gm, password_env: WALLENSTEIN_TEST_UNSET}\n");
  testing::replace_in_file(root / "c" / "game.yaml", "mail:\n",
                           "mail:\n  smtp: {url: \"smtp://127.0.0.1:1\", starttls: false, "
                           "user: gm, password_env: WALLENSTEIN_TEST_UNSET}\n");
  for (const char* jobs : {"1", "2"}) {
    const Outcome t =
        run({"tick", "--root", root.string(), "--now", iso(real_now()), "--jobs", jobs});
    EXPECT_EQ(t.status, 0) << "a game's setup is not an internal error: " << t.out << t.err;
    EXPECT_NE(t.out.find("a: 1618-spring: waiting for"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("b: fetch failed (the IMAP password is read from "
                         "$WALLENSTEIN_TEST_UNSET (mail.imap.password_env), which is not set"),
              std::string::npos)
        << t.out;
    EXPECT_NE(t.out.find("c: 1618-spring: waiting for"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("mail failed (the SMTP password is read from $WALLENSTEIN_TEST_UNSET, "
                         "which is not set) since "),
              std::string::npos)
        << t.out;
  }
}

TEST_F(Tick, StatusOfManyGamesGivesDeadlinesTimeLeftReceiptsAndMissingAsJson) {
  make_game(kWeekly);
  const Instant start = real_now();
  ASSERT_EQ(tick(start).status, 0);
  submit({"blue"}, 5);
  const auto j = status_json(game(), start);
  EXPECT_EQ(j["season"], "1618-spring");
  EXPECT_GT(j["seconds_left"].get<long long>(), 48 * 3600);
  EXPECT_EQ(j["submitted"].size(), 1u);
  EXPECT_EQ(j["submitted"][0]["id"], "blue");
  EXPECT_EQ(j["submitted"][0]["receipt"].get<std::string>().size(), 12u);
  EXPECT_EQ(j["missing"].size(), 2u);
  EXPECT_FALSE(j["held"].get<bool>());
  const Outcome text = run({"status", "--root", tmp_.path().string(), "--now", iso(start)});
  EXPECT_NE(text.out.find("Deadline: Sunday"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find(" left)"), std::string::npos) << text.out;
  EXPECT_EQ(run({"status"}).status, 2) << "a directory or --root is needed";
}

TEST_F(Tick, ASeatTakenOverKeepsTheOldNameInPastReportsAndWelcomesTheNewcomer) {
  make_game(kWeekly);
  ASSERT_EQ(run({"resolve", game().string(), "--force"}).status, 0);
  const std::string old_token = run({"player", game().string(), "token", "blue"}).out;
  const Outcome r = run({"player", game().string(), "replace", "blue", "--name", "Nina Neu",
                         "--email", "nina@example.org"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.out.find(
          "Nina Neu <nina@example.org> takes seat blue from 1618-summer on (before: Jörg Krämer)"),
      std::string::npos)
      << r.out;
  EXPECT_NE(run({"player", game().string(), "token", "blue"}).out, old_token);
  EXPECT_EQ(outbox_count(game(), "02-1618-summer.welcome.blue"), 1);
  // The order template on disk is the newcomer's: their name and their token.
  std::string token_line = run({"player", game().string(), "token", "blue"}).out;
  const std::string token = token_line.substr(0, token_line.find_first_of(" \n"));
  const std::string on_disk =
      read_text(game() / "seasons/01-1618-spring/reports/orders-1618-summer-blue.yaml");
  EXPECT_NE(on_disk.find("orders of Nina Neu (blue) for 1618-summer"), std::string::npos)
      << on_disk.substr(0, 300);
  EXPECT_NE(on_disk.find("token: " + token), std::string::npos) << token_line;
  // The copy of the last report she gets is hers, and answers nothing she never got.
  for (const auto& entry : fs::directory_iterator(game() / "outbox")) {
    const std::string name = entry.path().filename().string();
    if (name.find("report.blue.r") == std::string::npos) continue;
    const std::string copy = read_text(entry.path());
    EXPECT_EQ(copy.find("\nIn-Reply-To:"), std::string::npos) << name;
    EXPECT_EQ(copy.find("\nReferences:"), std::string::npos) << name;
  }
  const std::string report = read_text(game() / "seasons/01-1618-spring/reports/blue.txt");
  EXPECT_NE(report.find("For Jörg Krämer (blue)."), std::string::npos)
      << "the stored report of spring stays his";
  ASSERT_EQ(run({"report", game().string(), "--season", "1618-spring"}).status, 0);
  const std::string spring = read_text(game() / "seasons/01-1618-spring/reports/public.txt");
  EXPECT_NE(spring.find("Jörg Krämer"), std::string::npos) << spring;
  EXPECT_EQ(spring.find("Nina Neu"), std::string::npos) << spring;
  ASSERT_EQ(run({"resolve", game().string(), "--force"}).status, 0);
  const std::string summer = read_text(game() / "seasons/02-1618-summer/reports/public.txt");
  EXPECT_NE(summer.find("Nina Neu"), std::string::npos) << summer;
  EXPECT_EQ(run({"player", game().string(), "replace", "blue", "--name", "X", "--email",
                 "not-an-address"})
                .status,
            2);
  // Another seat's address would send this seat's welcome and token to that player.
  const std::string other = testing::read_text(game() / "game.yaml");
  const auto at = other.find("email: ", other.find("id: red"));
  const auto quote = other.find('"', at) + 1;
  const std::string red_email = other.substr(quote, other.find('"', quote) - quote);
  for (const char* command : {"replace", "address"}) {
    std::vector<std::string> args = {"player", game().string(), command,
                                     "blue",   "--email",       red_email};
    if (std::string(command) == "replace") args.insert(args.end(), {"--name", "X"});
    const Outcome refused = run(args);
    EXPECT_EQ(refused.status, 2) << command;
    EXPECT_NE(refused.err.find("each seat needs an address of its own"), std::string::npos)
        << refused.err;
  }
  EXPECT_EQ(testing::read_text(game() / "game.yaml"), other) << "nothing changed";
}

TEST_F(Tick, ANewcomerTakingOverAPausedSeatLiftsThePauseAndSaysSo) {
  make_game(kWeekly);
  ASSERT_EQ(run({"player", game().string(), "pause", "blue"}).status, 0);
  const Outcome r = run({"player", game().string(), "replace", "blue", "--name", "Nina Neu",
                         "--email", "nina@example.org"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("The seat was paused for Jörg Krämer; it is not any more: Nina Neu plays "
                       "it."),
            std::string::npos)
      << r.out;
}

TEST_F(Tick, APlayersNewAddressIsACommandThatKeepsTheirTokenAndName) {
  make_game(kWeekly);
  const std::string before = read_text(game() / "game.yaml");
  const Outcome token = run({"player", game().string(), "token", "blue"});
  ASSERT_EQ(token.status, 0) << token.err;
  const Outcome r =
      run({"player", game().string(), "address", "blue", "--email", "joerg.neu@example.org"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("is mailed at joerg.neu@example.org from now on (before: "),
            std::string::npos)
      << r.out;
  const std::string after = read_text(game() / "game.yaml");
  EXPECT_NE(after.find("joerg.neu@example.org"), std::string::npos) << after;
  EXPECT_EQ(after.find("former:"), std::string::npos) << "the same person: no former holder";
  EXPECT_EQ(run({"player", game().string(), "token", "blue"}).out, token.out) << "token kept";
  EXPECT_EQ(run({"player", game().string(), "address", "blue", "--email", "nope"}).status, 2);
  EXPECT_EQ(read_text(game() / "game.yaml"), after) << "a bad address changes nothing";
  EXPECT_NE(before, after);
}

TEST_F(Tick, APausedSeatGetsNoReminderAndDoesNotCountAgainstTheGate) {
  make_game(kWeekly);
  const Instant start = real_now();
  ASSERT_EQ(tick(start).status, 0);
  ASSERT_EQ(run({"player", game().string(), "pause", "yellow"}).status, 0);
  submit({"red"}, 9);
  const Instant deadline = deadline_of(game(), start);
  EXPECT_NE(tick(deadline - 47h).out.find("1 reminder sent"), std::string::npos);
  EXPECT_EQ(outbox_count(game(), "reminder.*yellow"), 0);
  const Outcome t = tick(deadline + 1min);
  EXPECT_NE(t.out.find("resolved 1618-spring at the deadline (NMR pass: Jörg Krämer (blue), Marie "
                       "Dubois (yellow))"),
            std::string::npos)
      << "two missing, one paused: within max_missing 1: " << t.out;
  ASSERT_EQ(run({"player", game().string(), "resume", "yellow"}).status, 0);
  EXPECT_EQ(read_text(game() / "game.yaml").find("paused: true"), std::string::npos);
}

/// A mail server nobody listens on: every connection is refused at once (loopback only).
const std::string kServerDown = "smtp://127.0.0.1:1";

TEST_F(Tick, NoticesOfAHeldSeasonAndAMovedDeadlineWaitForAMailServerThatIsDownAndGoOnceItIsUp) {
  make_game(kWeekly);
  const Instant start = real_now();
  ASSERT_EQ(tick(start).status, 0);
  submit({"red"}, 21);
  const Instant deadline = deadline_of(game(), start);
  Outcome t = run({"tick", game().string(), "--now", iso(deadline + 1min), "--smtp", kServerDown});
  EXPECT_EQ(t.status, 0) << t.err;
  EXPECT_NE(t.out.find("held: 2 orders missing"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("mail failed ("), std::string::npos)
      << "the line says the mail did not go: " << t.out;
  EXPECT_EQ(outbox_count(game(), "held-"), 0);
  t = tick(deadline + 2h);
  EXPECT_NE(t.out.find("1 queued message sent"), std::string::npos) << t.out;
  EXPECT_EQ(outbox_count(game(), "held-.*gm"), 1) << "the held notice went with the next tick";
  EXPECT_EQ(tick(deadline + 3h).out.find("queued"), std::string::npos) << "and only once";

  const Outcome moved = run({"deadline", game().string(), "--extend", "24h", "--now",
                             iso(deadline + 3h), "--smtp", kServerDown});
  EXPECT_EQ(moved.status, 3) << "the mail failed: " << moved.err;
  EXPECT_NE(moved.out.find("Deadline of 1618-spring moved to"), std::string::npos) << moved.out;
  EXPECT_NE(moved.out.find("waits in the queue"), std::string::npos) << moved.out;
  EXPECT_FALSE(status_json(game(), deadline + 3h)["held"].get<bool>())
      << "the hold is released all the same";
  t = tick(deadline + 4h);
  EXPECT_NE(t.out.find("3 queued messages sent"), std::string::npos) << t.out;
  EXPECT_EQ(outbox_count(game(), "deadline-"), 3) << "every player learns the new deadline";

  // The moved deadline passes with the same two missing: held again, and the game master is
  // told again (one notice per deadline).
  t = tick(deadline + 27h + 1min);
  EXPECT_NE(t.out.find("held: 2 orders missing"), std::string::npos) << t.out;
  EXPECT_EQ(outbox_count(game(), "held-.*gm"), 2);
}

TEST_F(Tick, ALineNamesTheMailAServerRefusedAndStatusKeepsShowingIt) {
  make_game(kWeekly);
  testing::SmtpServer server((tmp_ / "maildir").string(), {"--refuse", "joerg@example.org"});
  const Outcome t =
      run({"tick", game().string(), "--now", iso(real_now()), "--smtp", server.url()});
  EXPECT_EQ(t.status, 0) << t.err;
  EXPECT_NE(t.out.find("1 message refused: blue <joerg@example.org> (550"), std::string::npos)
      << t.out;
  const auto j = status_json(game(), real_now());
  ASSERT_EQ(j["refused_mail"].size(), 1u) << j.dump();
  EXPECT_EQ(j["refused_mail"][0]["to"], "joerg@example.org");
  const Outcome text = run({"status", game().string()});
  EXPECT_NE(text.out.find("Refused mail: 01-1618-spring/opening/blue to joerg@example.org"),
            std::string::npos)
      << text.out;
}

TEST_F(Tick, ResolveWithoutNmrPlaysTheSchedulesPolicy) {
  make_game("schedule:\n  deadline: \"sun 20:00\"\n  nmr: bot\n");
  submit({"red"}, 4);
  const Outcome r = run({"resolve", game().string(), "--force"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(read_text(game() / "seasons/01-1618-spring/log.yaml").find("nmr_policy: bot"),
            std::string::npos);
}

TEST_F(Tick, AClockCenturiesAwayIsRefusedBeforeItCanBreakTheGame) {
  make_game(kWeekly);
  const Outcome t = run({"tick", game().string(), "--now", "9999-12-31T23:59:59Z"});
  EXPECT_EQ(t.status, 2) << t.out;
  EXPECT_NE(t.err.find("between the years 2000 and 2999"), std::string::npos) << t.err;
  EXPECT_EQ(seasons(), 1);
  EXPECT_EQ(run({"tick", (tmp_ / "nowhere").string()}).status, 2)
      << "a directory that does not exist is a usage error";
  fs::create_directories(tmp_ / "empty");
  const Outcome empty = run({"tick", "--root", (tmp_ / "empty").string()});
  EXPECT_EQ(empty.status, 2);
  EXPECT_NE(empty.err.find("holds no game directory"), std::string::npos) << empty.err;
}

TEST_F(Tick, SpectatorsGetThePublicReportAndNothingPrivate) {
  make_game(kWeekly);
  std::string config = read_text(game() / "game.yaml");
  config.replace(config.find("  outbox: outbox\n"), 17,
                 "  outbox: outbox\n  spectators: [fan@example.org]\n");
  testing::write_text(game() / "game.yaml", config);
  ASSERT_EQ(run({"resolve", game().string(), "--force"}).status, 0);
  ASSERT_EQ(run({"mail", game().string()}).status, 0);
  ASSERT_EQ(outbox_count(game(), "01-1618-spring.report.spectator1"), 1);
  std::string eml;
  for (const auto& e : fs::directory_iterator(game() / "outbox")) {
    if (e.path().filename().string().find("spectator1") != std::string::npos)
      eml = read_text(e.path());
  }
  EXPECT_NE(eml.find("To: <fan@example.org>"), std::string::npos) << eml.substr(0, 400);
  EXPECT_NE(eml.find("Subject: Wallenstein game: 1618-spring (public report)"), std::string::npos)
      << eml.substr(0, 400);
  EXPECT_EQ(eml.find("token"), std::string::npos);
  EXPECT_EQ(eml.find("orders-"), std::string::npos) << "no order template";
  // The public report in HTML too, with the map inline; no empty HTML part.
  testing::write_text(tmp_ / "spectator.eml", eml);
  const auto parts = testing::run_shell(
      "/usr/bin/python3 -c 'import email,sys; from email import policy; "
      "m=email.message_from_bytes(open(sys.argv[1],\"rb\").read(),policy=policy.default); "
      "[print(p.get_content_type(), len(p.get_payload(decode=True) or b\"\")) for p in m.walk() "
      "if not p.is_multipart()]' " +
      testing::shell_quote((tmp_ / "spectator.eml").string()));
  EXPECT_NE(parts.out.find("text/html "), std::string::npos) << parts.out;
  EXPECT_EQ(parts.out.find("text/html 0\n"), std::string::npos) << parts.out;
  EXPECT_NE(parts.out.find("image/png "), std::string::npos) << parts.out;
  EXPECT_TRUE(fs::exists(game() / "seasons/01-1618-spring/reports/public.html"));
  ASSERT_EQ(run({"mail", game().string()}).status, 0);
  EXPECT_EQ(outbox_count(game(), "spectator"), 1) << "sent once";
}

}  // namespace
}  // namespace wallenstein

namespace wallenstein {
namespace {

/// `new TMP/league` for three players with a weekly Wednesday 21:00 deadline in Berlin, made on
/// Monday 23 November 2026 at 09:00 UTC.
Outcome new_berlin_league(const TempDir& tmp) {
  testing::write_text(tmp / "def.yaml",
                      "name: league\nplayers:\n  - {id: red, name: A, email: a@example.org}\n"
                      "  - {id: blue, name: B, email: b@example.org}\n  - {id: yellow, name: C, "
                      "email: c@example.org}\n"
                      "mail: {from: \"GM <gm@example.org>\"}\n"
                      "schedule: {timezone: Europe/Berlin, deadline: \"wed 21:00\"}\n");
  return run({"new", (tmp / "league").string(), "--from", (tmp / "def.yaml").string(), "--seed",
              "12345678901", "--now", "2026-11-23T09:00:00Z"});
}

TEST(TickNew, AGameCreatedWithAScheduleOpensWithItsFirstDeadlineInTheOpeningReports) {
  TempDir tmp;
  const Outcome made = new_berlin_league(tmp);
  ASSERT_EQ(made.status, 0) << made.err;
  EXPECT_NE(made.out.find("Season 1618-spring is open for orders.\nOrders for it are due Wednesday "
                          "25 November 2026, 21:00 CET.\n"),
            std::string::npos)
      << made.out;
  ASSERT_EQ(run({"report", (tmp / "league").string()}).status, 0);
  const std::string report = read_text(tmp / "league/seasons/01-1618-spring/reports/red.txt");
  EXPECT_NE(report.find("Orders due: Wednesday 25 November 2026, 21:00 CET."), std::string::npos)
      << report;
}

TEST(TickNew, TheGameMasterSetsADeadlineInTheGamesOwnTimeZone) {
  TempDir tmp;
  ASSERT_EQ(new_berlin_league(tmp).status, 0);
  const std::string dir = (tmp / "league").string();
  const Outcome set =
      run({"deadline", dir, "--set", "2026-11-27 18:30", "--now", "2026-11-23T10:00:00Z"});
  ASSERT_EQ(set.status, 0) << set.err;
  EXPECT_NE(set.out.find("moved to Friday 27 November 2026, 18:30 CET (2026-11-27T18:30:00+01:00)"),
            std::string::npos)
      << set.out;
  EXPECT_NE(set.out.find("Every player is told (outbox "), std::string::npos) << set.out;
  EXPECT_EQ(outbox_count(tmp / "league", "deadline-.*red"), 1);

  // Later, then back to the first value: each change is a new notice to every player.
  ASSERT_EQ(
      run({"deadline", dir, "--set", "2026-11-28 18:30", "--now", "2026-11-23T11:00:00Z"}).status,
      0);
  const Outcome back =
      run({"deadline", dir, "--set", "2026-11-27 18:30", "--now", "2026-11-23T12:00:00Z"});
  ASSERT_EQ(back.status, 0) << back.err;
  EXPECT_EQ(outbox_count(tmp / "league", "deadline-.*red"), 3) << back.out;
  const Outcome same =
      run({"deadline", dir, "--set", "2026-11-27T18:30:00+01:00", "--now", "2026-11-23T13:00:00Z"});
  ASSERT_EQ(same.status, 0) << same.err;
  EXPECT_NE(same.out.find("is already Friday 27 November 2026, 18:30 CET; nothing changed, nobody "
                          "is told."),
            std::string::npos)
      << same.out;
  EXPECT_EQ(outbox_count(tmp / "league", "deadline-"), 9) << "3 changes, 3 players";

  const Outcome typo =
      run({"deadline", dir, "--set", "27.11.2026 18:30", "--now", "2026-11-23T10:00:00Z"});
  EXPECT_EQ(typo.status, 2);
  EXPECT_NE(typo.err.find("is not a time like \"2026-11-29 20:00\" (in Europe/Berlin) or "
                          "2026-11-29T20:00:00+01:00"),
            std::string::npos)
      << typo.err;
}

TEST_F(Tick, AReminderNeverFollowsTheNoticeOfAMovedDeadlineMinutesLater) {
  make_game("schedule:\n  timezone: UTC\n  deadline: \"sun 20:00\"\n  reminders: [48h]\n");
  const Instant monday = parse_instant("2026-11-23T10:00:00Z").value();
  ASSERT_EQ(tick(monday).status, 0);
  // On Saturday the game master moves the deadline to 47 hours from now: the 48-hour reminder of
  // the new deadline is due at once, but the players were just told.
  const Instant saturday = parse_instant("2026-11-28T09:00:00Z").value();
  const Outcome moved =
      run({"deadline", game().string(), "--set", "2026-11-30T08:00:00Z", "--now", iso(saturday)});
  ASSERT_EQ(moved.status, 0) << moved.err;
  EXPECT_EQ(outbox_count(game(), "deadline-"), 3);
  const Outcome t = tick(saturday + 5min);
  EXPECT_EQ(t.out.find("reminder"), std::string::npos) << t.out;
  EXPECT_EQ(outbox_count(game(), "reminder"), 0);
}

TEST_F(Tick, HoldBackCountsFromWhenTheOrdersWereStoredAsTheStoringCommandSawIt) {
  make_game("schedule:\n  timezone: UTC\n  deadline: \"sun 20:00\"\n  hold_back: 30m\n");
  const Instant monday = parse_instant("2026-12-07T10:00:00Z").value();
  ASSERT_EQ(tick(monday).status, 0);
  const auto files = testing::write_random_orders(game(), tmp_ / "orders", 7);
  for (const auto& f : files) {
    const Outcome r = run({"submit", game().string(), f.string(), "--now", iso(monday + 1h)});
    ASSERT_EQ(r.status, 0) << r.err;
  }
  const Outcome early = tick(monday + 1h + 10min);
  EXPECT_NE(early.out.find("resolves early from Monday 7 December 2026, 11:30 UTC"),
            std::string::npos)
      << early.out;
  EXPECT_EQ(seasons(), 1);
  const Outcome later = tick(monday + 1h + 31min);
  EXPECT_NE(later.out.find("resolved 1618-spring early"), std::string::npos) << later.out;
}

TEST_F(Tick, DeadlineExtendSaysWhetherItCountedFromTheDeadlineOrFromNow) {
  make_game("schedule:\n  timezone: UTC\n  deadline: \"sun 20:00\"\n  max_missing: 0\n");
  const Instant monday = parse_instant("2026-11-23T10:00:00Z").value();
  ASSERT_EQ(tick(monday).status, 0);
  const Outcome before =
      run({"deadline", game().string(), "--extend", "24h", "--now", iso(monday + 1h)});
  EXPECT_NE(before.out.find("moved to Monday 30 November 2026, 20:00 UTC "
                            "(2026-11-30T20:00:00+00:00, 1 day later than it was)"),
            std::string::npos)
      << before.out;
  // The deadline passes and the season is held; extended now, it counts from now.
  const Instant after = parse_instant("2026-12-01T09:00:00Z").value();
  ASSERT_NE(tick(after).out.find("held"), std::string::npos);
  const Outcome late = run({"deadline", game().string(), "--extend", "48h", "--now", iso(after)});
  EXPECT_NE(late.out.find("(2026-12-03T09:00:00+00:00, 2 days from now, as the deadline Monday 30 "
                          "November 2026, 20:00 UTC had passed)"),
            std::string::npos)
      << late.out;
}

TEST_F(Tick, AGameOfAnotherUserUnderTheRootIsSkippedSayingWhoseItIsAndTheOthersRun) {
  if (::geteuid() != 0) GTEST_SKIP() << "games of two users need root to make";
  const fs::path root = tmp_ / "root";
  for (const std::string name : {"a", "b"}) {
    ASSERT_EQ(testing::new_game(root / name, 3).status, 0);
    testing::write_text(root / name / "game.yaml", read_text(root / name / "game.yaml") + kWeekly);
  }
  // b is nobody's game; the tick runs as nobody.
  const auto open = fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec |
                    fs::perms::group_read | fs::perms::others_read;
  fs::permissions(tmp_.path(), open);
  fs::permissions(root, open);
  ASSERT_EQ(
      testing::run_shell("chown -R nobody:nogroup " + testing::shell_quote((root / "b").string()))
          .status,
      0);
  const Outcome t = testing::run_shell("setpriv --reuid=nobody --regid=nogroup --clear-groups " +
                                       testing::shell_quote(testing::wallenstein_binary()) +
                                       " tick --root " + testing::shell_quote(root.string()) +
                                       " --now " + iso(real_now()) + " --jobs 1");
  EXPECT_EQ(t.status, 0) << t.out << t.err;
  EXPECT_NE(t.out.find("a: broken, skipped: belongs to root (uid 0), not to this user"),
            std::string::npos)
      << t.out;
  EXPECT_NE(t.out.find("b: 1618-spring: waiting for"), std::string::npos) << t.out;
  EXPECT_FALSE(fs::exists(root / "a" / ".lock")) << "nothing is planted in root's game";
}

}  // namespace
}  // namespace wallenstein
