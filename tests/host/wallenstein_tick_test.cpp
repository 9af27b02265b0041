// The host's tick, run in-process on Wallenstein (WallensteinGame behind pbem::Game): the same
// decisions as on the auction of tests/pbem/auction_tick_test.cpp, on a real game with its map,
// reports and order templates. tests/cli plays whole games through the program's `tick`.
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "pbem/files/journal.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/tick.hpp"
#include "pbem/host/timetable.hpp"
#include "pbem/host/transaction.hpp"
#include "pbem/mail/mime.hpp"
#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/host/game.hpp"
#include "wallenstein/host/held_game.hpp"
#include "wallenstein/host/season_schedule.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::contains;
using testing::read_text;
using testing::TempDir;

Instant at(const char* text) { return *parse_instant(text); }

constexpr const char* kOpened = "2026-11-23T12:00:00Z";

class WallensteinTick : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(testing::new_game(root(), 3).status, 0);
    std::string config = read_text(root() / "game.yaml");
    testing::write_text(root() / "game.yaml",
                        config +
                            "schedule:\n  timezone: UTC\n  deadline: \"sun 20:00\"\n"
                            "  reminders: [48h]\n  hold_back: 30m\n  nmr: pass\n");
  }
  fs::path root() const { return dir / "game"; }
  const Resources where{testing::source_data_dir(), testing::source_path("templates")};

  std::string tick(const char* now) {
    const pbem::TickSettings settings{at(now), templates};
    std::ostringstream notes;
    const TickPrograms programs{
        [this](const fs::path& d, LockMode mode) {
          std::ostringstream said;
          HeldGame held = hold_game(d, mode, 0ms, "tick", said);
          return HeldGameRef{std::move(held.lock),
                             std::make_unique<WallensteinGame>(std::move(held.game), rules, where)};
        },
        [](const fs::path&) -> std::string { throw std::logic_error("no IMAP in this game"); }};
    const TickLine line = tick_game(root(), programs, settings, notes);
    EXPECT_FALSE(line.internal_error) << line.text << notes.str();
    return line.text;
  }

  /// Stores random legal orders of these players as `receive` would, at `when`.
  void submit(const std::vector<std::string>& players, const char* when) {
    const auto files = testing::write_random_orders(root(), dir / "orders", 7);
    const GameDirectory game = GameDirectory::open(root());
    const SeasonDir season = game.current();
    Journal journal(root());
    for (const auto& f : files) {
      const std::string id = f.stem().string();
      if (std::find(players.begin(), players.end(), id) == players.end()) continue;
      journal.write(fs::relative(season.orders_file(id), root()), read_text(f));
    }
    note_orders_stored(journal, game, season, at(when));
    journal.commit();
  }

  int outbox_count(const std::string& part) const {
    int n = 0;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(root() / "outbox", ec))
      n += contains(e.path().filename().string(), part) ? 1 : 0;
    return n;
  }

  TempDir dir;
  RulesetCache rules{testing::source_data_dir()};
  Templates templates = Templates::load(testing::source_path("templates"));
};

TEST_F(WallensteinTick, TheFirstTickSetsTheDeadlineAndMailsEveryPlayerTheOpeningSeason) {
  const std::string line = tick(kOpened);
  EXPECT_TRUE(contains(line, "game: 1618-spring: waiting for ")) << line;
  EXPECT_TRUE(contains(line, "deadline set; mailed 1618-spring (3 messages)")) << line;
  EXPECT_EQ(outbox_count("opening"), 3);
}

TEST_F(WallensteinTick, AtTheDeadlineTheMissingSeatPassesAndTheReportsGoOut) {
  tick(kOpened);
  const std::vector<std::string> ids = {"red", "blue"};
  submit(ids, "2026-11-24T09:00:00Z");
  const std::string line = tick("2026-11-29T20:01:00Z");
  EXPECT_TRUE(contains(line, "resolved 1618-spring at the deadline (NMR pass: ")) << line;
  EXPECT_TRUE(contains(line, "mailed 1618-spring (3 messages)")) << line;
  EXPECT_EQ(outbox_count("report"), 3);
  const GameDirectory game = GameDirectory::open(root());
  EXPECT_EQ(game.seasons().size(), 2U);
  EXPECT_TRUE(fs::exists(game.seasons().front().path / "map.png"));
}

TEST_F(WallensteinTick, ARollbackOfTheGamesFilesLetsTheSameOrdersResolveAlike) {
  tick(kOpened);
  submit({"red", "blue", "yellow"}, "2026-11-24T09:00:00Z");
  tick("2026-11-29T20:01:00Z");
  const GameDirectory game = GameDirectory::open(root());
  const std::string log = read_text(game.seasons().front().log_file());
  const WallensteinGame wallenstein(game, rules, where);
  rollback_last_resolve(wallenstein, false, false);
  EXPECT_EQ(GameDirectory::open(root()).seasons().size(), 1U);
  EXPECT_TRUE(contains(tick("2026-11-29T20:02:00Z"), "resolved 1618-spring at the deadline"));
  EXPECT_EQ(read_text(game.seasons().front().log_file()), log);
}

TEST_F(WallensteinTick,
       MailThatCannotGoOutWaitsForTheNextTickAndTheGameMasterHearsWhenItWorksAgain) {
  const std::string config = read_text(root() / "game.yaml");
  // Nothing listens on port 1 of the loopback: every connection is refused at once.
  testing::replace_in_file(
      root() / "game.yaml", "  outbox: outbox\n",
      "  outbox: outbox\n  smtp: {url: \"smtp://127.0.0.1:1\", starttls: false}\n");
  const std::string down = tick(kOpened);
  EXPECT_TRUE(contains(down, "deadline set")) << down;
  EXPECT_TRUE(contains(down, "mail failed (")) << down;
  EXPECT_EQ(outbox_count("opening"), 0);
  testing::write_text(root() / "game.yaml", config);
  const std::string up = tick("2026-11-23T12:10:00Z");
  EXPECT_TRUE(contains(up, "mailed 1618-spring (3 messages)")) << up;
  EXPECT_EQ(outbox_count("opening"), 3);
  EXPECT_EQ(outbox_count("outgoing.working"), 1) << "the game master hears it works again";
}

TEST_F(WallensteinTick, TheQuickLookReadsNoStateWhileOrdersAreAwaited) {
  tick(kOpened);
  const WallensteinGame game(GameDirectory::open(root()), rules, where);
  const TickLook quiet = quick_look(game, at("2026-11-24T12:00:00Z"));
  EXPECT_FALSE(quiet.due);
  EXPECT_TRUE(contains(quiet.line, "1618-spring: waiting for ")) << quiet.line;
  EXPECT_TRUE(quick_look(game, at("2026-11-27T21:00:00Z")).due) << "the reminder 48 h before";
}

/// Resolves the season being planned with the orders stored, as a tick does; returns the game
/// that resolved it (which keeps what it stored for the season's mail).
std::unique_ptr<WallensteinGame> resolve_season(const fs::path& root, RulesetCache& rules,
                                                const Resources& where, const char* now,
                                                int days_to_next_deadline = 7) {
  auto game = std::make_unique<WallensteinGame>(GameDirectory::open(root), rules, where);
  pbem::Timetable next;
  next.opened = at(now);
  next.deadline = at(now) + std::chrono::hours(24 * days_to_next_deadline);
  next.timezone = "Europe/Paris";
  std::ostringstream said;
  game->resolve(pbem::NmrPolicy::pass, next, said);
  return game;
}

/// The mail of the season before the one being planned, as `game` makes it (nothing is sent).
std::vector<std::string> mail_of_last_season(WallensteinGame& game, const char* now) {
  const auto rounds = game.rounds();
  pbem::MailRequest request;
  request.dry_run = true;
  request.now = at(now);
  std::vector<std::string> out;
  for (const mail::Outgoing& m : game.round_mail(rounds[rounds.size() - 2], request).messages)
    out.push_back(m.key + " " + m.player + " " + m.digest + " " + m.corrected_subject + "\n" +
                  mail::render(m.message));
  return out;
}

TEST_F(WallensteinTick, TheMailOfASeasonJustResolvedIsTheMailOfTheSeasonReadBackEverySeason) {
  // A whole game, with what makes a season's mail differ from another's: a player who reads
  // French, a spectator, and a seat taken over by a newcomer halfway through. The game that
  // resolves a season mails what it stored; another reads the season back from its files.
  ASSERT_EQ(testing::run({"player", root().string(), "blue", "--language", "fr"}).status, 0);
  testing::replace_in_file(root() / "game.yaml", "  outbox: outbox\n",
                           "  outbox: outbox\n  spectators: [\"watcher@example.org\"]\n");
  const char* now = "2026-11-29T20:01:00Z";
  const int seasons = WallensteinGame(GameDirectory::open(root()), rules, where).round_count();
  ASSERT_GE(seasons, 6);
  for (int season = 0; season < seasons; ++season) {
    if (season == 3) {
      const auto replaced = testing::run({"player", root().string(), "replace", "yellow", "--name",
                                          "Zoë", "--email", "zoe@example.org", "--now", now});
      ASSERT_EQ(replaced.status, 0) << replaced.err;
    }
    testing::submit_random_orders(root(), dir / "work", 100 + static_cast<std::uint64_t>(season));
    const auto resolver = resolve_season(root(), rules, where, now);
    const auto rounds = resolver->rounds();
    ASSERT_TRUE(resolver->holds_products_of(rounds[rounds.size() - 2])) << "season " << season;
    const std::vector<std::string> made = mail_of_last_season(*resolver, now);
    WallensteinGame reader(GameDirectory::open(root()), rules, where);
    ASSERT_FALSE(reader.holds_products_of(rounds[rounds.size() - 2]));
    const std::vector<std::string> read_back = mail_of_last_season(reader, now);
    ASSERT_EQ(made.size(), 3U + 1U) << "season " << season << ": three players and the spectator";
    ASSERT_EQ(made, read_back) << "season " << season;
  }
  const GameDirectory over = GameDirectory::open(root());
  EXPECT_TRUE(
      over.load_state(over.current(), rules.at(over.config(), root() / "game.yaml")).finished)
      << "the game is over";
}

TEST_F(WallensteinTick, AGameThatResolvedASeasonRolledBackAndResolvedElsewhereMailsItAsStoredNow) {
  // A resolve keeps its reports for the mail only while the season's files are those it wrote.
  testing::submit_random_orders(root(), dir / "work", 1);
  const char* now = "2026-11-29T20:01:00Z";
  const auto first = resolve_season(root(), rules, where, now);
  const std::vector<std::string> first_mail = mail_of_last_season(*first, now);
  rollback_last_resolve(*first, false, false);
  testing::submit_random_orders(root(), dir / "work", 2);
  const auto second = resolve_season(root(), rules, where, now);
  const std::vector<std::string> second_mail = mail_of_last_season(*second, now);
  ASSERT_NE(first_mail, second_mail) << "other orders, another season";
  const auto rounds = first->rounds();
  EXPECT_FALSE(first->holds_products_of(rounds[rounds.size() - 2]));
  EXPECT_EQ(mail_of_last_season(*first, now), second_mail);
}

TEST_F(WallensteinTick,
       TheSameSeasonResolvedAgainElsewhereWithAnotherDeadlineIsMailedWithTheNewOne) {
  // The same orders give the same state and log; only the deadline the reports announce differs.
  testing::submit_random_orders(root(), dir / "work", 1);
  const char* now = "2026-11-29T20:01:00Z";
  const auto first = resolve_season(root(), rules, where, now, 7);
  const std::vector<std::string> first_mail = mail_of_last_season(*first, now);
  rollback_last_resolve(*first, false, false);
  const auto second = resolve_season(root(), rules, where, now, 14);
  const std::vector<std::string> second_mail = mail_of_last_season(*second, now);
  ASSERT_NE(first_mail, second_mail) << "another deadline";
  const auto rounds = first->rounds();
  EXPECT_FALSE(first->holds_products_of(rounds[rounds.size() - 2]));
  EXPECT_EQ(mail_of_last_season(*first, now), second_mail);
}

TEST(Resources, CopiesShareWhatWasReadSoATickReadsTheTemplatesOnceForAllItsGames) {
  const Resources where{testing::source_data_dir(), testing::source_path("templates")};
  const std::vector<Resources> games(2, where);  // what each game of a tick holds
  EXPECT_EQ(&games[0].templates(), &games[1].templates());
  EXPECT_EQ(&where.templates(), &games[1].templates());
  EXPECT_EQ(&games[0].problem_texts("fr"), &games[1].problem_texts("fr"));
  EXPECT_NE(&games[0].problem_texts("fr"), &games[1].problem_texts("en"));
  EXPECT_EQ(&games[0].map_style(), &games[1].map_style());
  // Read apart, two Resources read apart.
  const Resources other{testing::source_data_dir(), testing::source_path("templates")};
  EXPECT_NE(&where.templates(), &other.templates());
}

TEST(Resources, TemplatesThatFailToReadAreReadAgainAtTheNextAskNotKeptBroken) {
  TempDir dir;
  const fs::path templates = dir / "templates";
  fs::copy(testing::source_path("templates"), templates, fs::copy_options::recursive);
  const std::string words = read_text(templates / "words.yaml");
  testing::write_text(templates / "words.yaml", "language: [broken\n");
  const Resources where{testing::source_data_dir(), templates};
  EXPECT_THROW((void)where.templates(), InputError);
  EXPECT_THROW((void)where.templates(), InputError) << "the same error again";
  testing::write_text(templates / "words.yaml", words);  // the game master mends it
  EXPECT_NO_THROW((void)where.templates());
}

}  // namespace
}  // namespace wallenstein
