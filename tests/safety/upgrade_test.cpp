// A game directory written by an older program (tests/fixtures/game-2a74c34, made at commit
// 2a74c34) keeps working: every command runs on it, its past seasons replay under the rules they
// were played with, and it moves to the newest rules only when its game master says so.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using testing::Outcome;
using testing::read_text;
using testing::TempDir;

using testing::run;

using testing::contains;

/// A copy of the old game (the committed fixture is never touched).
fs::path old_game(const TempDir& tmp) {
  fs::path game = tmp / "game";
  fs::copy(testing::source_path("tests/fixtures/game-2a74c34"), game, fs::copy_options::recursive);
  return game;
}

TEST(OlderGame, EveryCommandWorksOnAGameOfAnOlderProgram) {
  TempDir tmp;
  const fs::path game = old_game(tmp);
  const Outcome status = run({"status", game.string()});
  ASSERT_EQ(status.status, 0) << status.err;
  EXPECT_TRUE(contains(status.out, "Season 1619-autumn (6 of 6), rules version 1")) << status.out;
  EXPECT_TRUE(std::regex_search(
      status.out, std::regex("Submitted: Anna Weber \\(red\\) \\[receipt [0-9a-f]{12}\\], "
                             "Marie Dubois \\(yellow\\) \\[receipt [0-9a-f]{12}\\]\n")))
      << status.out;

  const Outcome now = run({"show", game.string(), "--json"});
  ASSERT_EQ(now.status, 0) << now.err;
  EXPECT_EQ(Json::parse(now.out)["season"], "1619-autumn");
  const Outcome past = run({"show", game.string(), "--season", "1618-spring", "--json"});
  ASSERT_EQ(past.status, 0) << past.err;
  EXPECT_EQ(Json::parse(past.out)["resolution"]["event"], "army_shortage");

  EXPECT_EQ(run({"render", game.string()}).status, 0);
  EXPECT_EQ(
      run({"render", game.string(), "--season", "1618-autumn", "-o", (tmp / "autumn.png").string()})
          .status,
      0);
  const Outcome report = run({"report", game.string(), "--season", "1618-summer"});
  ASSERT_EQ(report.status, 0) << report.err;
  EXPECT_TRUE(contains(read_text(game / "seasons/02-1618-summer/reports/red.txt"),
                       "WHAT HAPPENED IN 1618-summer"));

  // Its ledger is in the older format: what it lists was sent and is never sent again.
  const Outcome again = run({"mail", game.string(), "--season", "1618-spring"});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_TRUE(contains(again.out, "0 sent, 4 already sent before")) << again.out;
  const Outcome mail = run({"mail", game.string()});
  ASSERT_EQ(mail.status, 0) << mail.err;
  EXPECT_TRUE(contains(mail.out, "Mail for 1619-summer (report) via outbox outbox: 4 sent."))
      << mail.out;

  const Outcome replay = run({"replay", game.string()});
  ASSERT_EQ(replay.status, 0) << replay.out << replay.err;
  EXPECT_TRUE(contains(replay.out, "All 5 resolved seasons replay byte for byte.")) << replay.out;

  const Outcome resolve = run({"resolve", game.string(), "--force"});
  ASSERT_EQ(resolve.status, 0) << resolve.err;
  EXPECT_TRUE(contains(resolve.out, "The game is over.")) << resolve.out;
  const std::string log = read_text(game / "seasons/06-1619-autumn/log.yaml");
  EXPECT_TRUE(contains(log, "\nrules_version: 1\n")) << "the game kept the rules it started with";
  EXPECT_TRUE(contains(log, "\nprogram_version: ")) << log.substr(0, 600);
  const Outcome final_replay = run({"replay", game.string()});
  EXPECT_EQ(final_replay.status, 0) << final_replay.err;
  EXPECT_TRUE(contains(final_replay.out, "All 6 resolved seasons replay byte for byte."))
      << final_replay.out;
}

TEST(OlderGame, UpgradeSaysWhatChangesAndOnlyTheFollowingSeasonsPlayTheNewRules) {
  TempDir tmp;
  const fs::path game = old_game(tmp);
  const auto before = testing::snapshot_tree(game);
  const Outcome dry = run({"upgrade", game.string(), "--dry-run"});
  ASSERT_EQ(dry.status, 0) << dry.err;
  EXPECT_TRUE(contains(dry.out, "plays rules version 1. Version 3 changes:")) << dry.out;
  for (const char* decision :
       {"D-25", "D-26", "D-27", "D-28", "D-45", "D-46", "D-48", "D-49", "D-50", "D-51", "D-52"})
    EXPECT_TRUE(contains(dry.out, decision)) << decision;
  EXPECT_EQ(testing::snapshot_tree(game), before) << "a dry run changes nothing";

  const Outcome up = run({"upgrade", game.string()});
  ASSERT_EQ(up.status, 0) << up.err;
  EXPECT_TRUE(contains(read_text(game / "game.yaml"), "\nrules_version: 3\n"));
  EXPECT_TRUE(contains(run({"status", game.string()}).out, "rules version 3"));
  ASSERT_EQ(run({"resolve", game.string(), "--force"}).status, 0);
  EXPECT_TRUE(
      contains(read_text(game / "seasons/06-1619-autumn/log.yaml"), "\nrules_version: 3\n"));
  // The five seasons played before still replay under version 1, the last one under version 3.
  const Outcome replay = run({"replay", game.string()});
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_TRUE(contains(replay.out, "All 6 resolved seasons replay byte for byte.")) << replay.out;
  EXPECT_TRUE(contains(run({"upgrade", game.string()}).out, "already plays rules version 3"));
}

TEST(OlderGame, UpgradeRefusesWhileStoredOrdersBreakTheNewRules) {
  TempDir tmp;
  const fs::path game = old_game(tmp);
  // The fixture's player with the fewest provinces (5) covers five spaces with them, the other
  // five with coins, and bids 0: legal under version 1, but version 2 leaves them no card for
  // the bid (D-25).
  const Json shown = Json::parse(run({"show", game.string(), "--json"}).out);
  const Json* few = nullptr;
  for (const auto& p : shown["players"]) {
    if (!few || p["provinces"].size() < (*few)["provinces"].size()) few = &p;
  }
  ASSERT_NE(few, nullptr);
  ASSERT_EQ((*few)["provinces"].size(), 5u)
      << "the fixture has a player with 5 provinces in 1619-autumn";
  const std::string id = (*few)["id"].get<std::string>();
  std::string text = "game: fixture-2a74c34\nplayer: " + id + "\nseason: 1619-autumn\nactions:\n";
  const std::vector<std::string> actions = {"palace",   "church",  "trading_house", "grain",
                                            "taxes",    "armies5", "armies3",       "army1",
                                            "battle_a", "battle_b"};
  for (std::size_t i = 0; i < actions.size(); ++i) {
    text += "  " + actions[i] + ": " +
            (i < 5 ? (*few)["provinces"][i].get<std::string>() : std::string("none")) + "\n";
  }
  text += "bid: 0\n";
  testing::write_text(tmp / "bid.yaml", text);
  const Outcome submitted = run({"submit", game.string(), (tmp / "bid.yaml").string()});
  ASSERT_EQ(submitted.status, 0) << "legal under the game's rules version 1: " << submitted.err;
  const auto before = testing::snapshot_tree(game);
  const Outcome up = run({"upgrade", game.string()});
  EXPECT_EQ(up.status, 1) << up.out;
  EXPECT_TRUE(contains(up.err, "no card is left for bid 0")) << up.err;
  EXPECT_TRUE(contains(up.err, "Nothing was changed")) << up.err;
  EXPECT_EQ(testing::snapshot_tree(game), before);
  // The problems are worded by the catalogue of the templates it is given, like check's.
  fs::copy(testing::source_path("templates"), tmp / "templates", fs::copy_options::recursive);
  testing::replace_in_file(tmp / "templates" / "text" / "problems.yaml", "no card is left for bid",
                           "il ne reste aucune carte pour la mise");
  const Outcome worded =
      run({"upgrade", game.string(), "--templates", (tmp / "templates").string()});
  EXPECT_EQ(worded.status, 1) << worded.out;
  EXPECT_TRUE(contains(worded.err, "il ne reste aucune carte pour la mise 0")) << worded.err;
}

TEST(OlderGame, ResolveWordsAStoredOrderThatNoLongerChecksWithTheTemplatesItIsGiven) {
  TempDir tmp;
  const fs::path game = old_game(tmp);
  const fs::path season = game / "seasons" / "06-1619-autumn";
  ASSERT_TRUE(fs::is_directory(season));
  const Json shown = Json::parse(run({"show", game.string(), "--json"}).out);
  const std::string id = shown["players"][0]["id"].get<std::string>();
  const Outcome suggested = run({"suggest", game.string(), "--player", id});
  ASSERT_EQ(suggested.status, 0) << suggested.err;
  testing::write_text(tmp / "orders.yaml", suggested.out);
  ASSERT_EQ(run({"submit", game.string(), (tmp / "orders.yaml").string()}).status, 0);
  // Edited by hand after it was stored: a province no map has.
  const fs::path stored = season / "orders" / (id + ".yaml");
  std::string text = read_text(stored);
  const auto palace = text.find("palace: ");
  ASSERT_NE(palace, std::string::npos) << text;
  text.replace(palace, text.find('\n', palace) - palace, "palace: Atlantis");
  testing::write_text(stored, text);
  fs::copy(testing::source_path("templates"), tmp / "templates", fs::copy_options::recursive);
  testing::replace_in_file(tmp / "templates" / "text" / "problems.yaml", "unknown province",
                           "province inconnue");
  const Outcome r =
      run({"resolve", game.string(), "--force", "--templates", (tmp / "templates").string()});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.err, "province inconnue \"Atlantis\"")) << r.err;
}

}  // namespace
}  // namespace wallenstein
