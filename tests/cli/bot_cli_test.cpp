// suggest, odds, resolve --nmr bot and simulate, through the built binary.

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <regex>

#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::Outcome;
using testing::TempDir;

using testing::run;

class BotCli : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(testing::new_game(dir(), 4).status, 0); }
  fs::path dir() const { return tmp_ / "game"; }
  fs::path season(const std::string& name) const { return dir() / "seasons" / name; }
  TempDir tmp_;
};

TEST_F(BotCli, SuggestPrintsALegalOrderFileWithAReasonOnEveryActionAndTheSameOneEveryTime) {
  for (const std::string player : {"red", "blue", "yellow", "green"}) {
    const Outcome first = run({"suggest", dir().string(), "--player", player});
    ASSERT_EQ(first.status, 0) << first.err;
    EXPECT_EQ(run({"suggest", dir().string(), "--player", player}).out, first.out);
    const fs::path file = tmp_ / (player + ".yaml");
    testing::write_text(file, first.out);
    const Outcome check = run({"check", dir().string(), file.string()});
    EXPECT_EQ(check.status, 0) << check.err << first.out;
    std::istringstream lines(first.out);
    std::string line;
    int commented = 0;
    while (std::getline(lines, line)) {
      const bool action = line.rfind("  ", 0) == 0 && line.find(": none") == std::string::npos;
      if (action) {
        EXPECT_NE(line.find("  # "), std::string::npos) << "an action without a reason: " << line;
        ++commented;
      }
    }
    EXPECT_GT(commented, 3);
    EXPECT_NE(first.out.find("\nbid: "), std::string::npos);
    const Outcome token = run({"player", dir().string(), "token", player});
    ASSERT_EQ(token.status, 0) << token.err;
    EXPECT_NE(first.out.find("\ntoken: " + token.out), std::string::npos)
        << "ready to mail: " << first.out;
  }
}

TEST_F(BotCli, SuggestExplainsItsAttacksWithTheSameOddsTheReceiptForecasts) {
  int compared = 0;
  for (int s = 0; s < 4 && compared == 0; ++s) {
    for (const std::string player : {"red", "blue", "yellow", "green"}) {
      const Outcome r = run({"suggest", dir().string(), "--player", player});
      const fs::path file = tmp_ / (player + "-s.yaml");
      testing::write_text(file, r.out);
      const Outcome check = run({"check", dir().string(), file.string()});
      const std::regex said(
          "\n  (battle_[ab]): [^\n]*# as things stand ([0-9]+% win, [0-9]+% tie) with ([0-9]+) "
          "arm");
      for (std::sregex_iterator it(r.out.begin(), r.out.end(), said), end; it != end; ++it) {
        const std::string name = (*it)[1] == "battle_a" ? "Battle/move A" : "Battle/move B";
        // The same numbers as the forecast `check` and the receipt give.
        const std::string forecast = "forecast: " + name + " from";
        const auto at = check.out.find(forecast);
        ASSERT_NE(at, std::string::npos) << check.out;
        const std::string line = check.out.substr(at, check.out.find('\n', at) - at);
        EXPECT_NE(line.find((*it)[2].str() + ", "), std::string::npos) << line << "\n" << r.out;
        EXPECT_NE(line.find(" with " + (*it)[3].str() + " arm"), std::string::npos) << line;
        ++compared;
      }
    }
    ASSERT_EQ(run({"resolve", dir().string(), "--force", "--nmr", "bot", "--state-only"}).status,
              0);
  }
  EXPECT_GT(compared, 0) << "no attack in four seasons of four bots";
}

TEST_F(BotCli, TheAutumnTemplateSaysWhatWinterMayTakeAndSuggestOrdersTheWinterRevolts) {
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(run({"resolve", dir().string(), "--force", "--nmr", "bot"}).status, 0);
  const std::string autumn =
      testing::read_text(season("02-1618-summer") / "reports/orders-1618-autumn-red.yaml");
  EXPECT_NE(autumn.find("# Winter follows this autumn. First you lose the winter value of the "
                        "year's last event card in grain"),
            std::string::npos)
      << autumn;
  EXPECT_NE(autumn.find("provinces eats 1 grain. You have "), std::string::npos) << autumn;
  EXPECT_NE(autumn.find("\nwinter_revolt_order: []"), std::string::npos) << autumn;
  const std::string spring =
      testing::read_text(season("01-1618-spring") / "reports/orders-1618-summer-red.yaml");
  EXPECT_EQ(spring.find("winter_revolt_order"), std::string::npos) << "only before winter";
  const Outcome r = run({"suggest", dir().string(), "--player", "red"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\nwinter_revolt_order: ["), std::string::npos) << r.out;
  testing::write_text(tmp_ / "red.yaml", r.out);
  EXPECT_EQ(run({"check", dir().string(), (tmp_ / "red.yaml").string()}).status, 0);
}

TEST_F(BotCli, SuggestRefusesAnUnknownPlayer) {
  const Outcome r = run({"suggest", dir().string(), "--player", "purple"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("the players are"), std::string::npos) << r.err;
}

TEST_F(BotCli, NmrBotStoresTheBotsOrdersBesideTheOthersAndReplayAgrees) {
  testing::write_random_orders(dir(), tmp_ / "in", 7);
  ASSERT_EQ(run({"submit", dir().string(), (tmp_ / "in" / "red.yaml").string()}).status, 0);
  const Outcome r = run({"resolve", dir().string(), "--force", "--nmr", "bot"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(
                "NMR (--nmr bot): Jörg Krämer (blue), Marie Dubois (yellow), Ola Nordmann (green)\n"
                "  orders by the bot for Jörg Krämer (blue): "),
            std::string::npos)
      << r.out;
  const fs::path spring = season("01-1618-spring");
  for (const std::string player : {"blue", "yellow", "green"}) {
    const std::string orders = testing::read_text(spring / "orders" / (player + ".yaml"));
    EXPECT_EQ(orders.rfind("# wallenstein: orders made by the bot", 0), 0u) << orders;
  }
  EXPECT_NE(testing::read_text(spring / "log.yaml").find("nmr_policy: bot"), std::string::npos);
  EXPECT_NE(testing::read_text(spring / "reports" / "public.txt").find("the bot played for them"),
            std::string::npos);
  while (run({"resolve", dir().string(), "--force", "--nmr", "bot", "--state-only"}).status == 0) {
  }
  const Outcome replay = run({"replay", dir().string()});
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_NE(replay.out.find("All 6 resolved seasons replay byte for byte."), std::string::npos)
      << replay.out;
}

TEST_F(BotCli, RollbackOfAnNmrBotResolveRemovesTheBotsOrders) {
  const auto before = testing::snapshot_tree(dir());
  ASSERT_EQ(run({"resolve", dir().string(), "--force", "--nmr", "bot"}).status, 0);
  ASSERT_TRUE(fs::exists(season("01-1618-spring") / "orders" / "red.yaml"));
  ASSERT_EQ(run({"rollback", dir().string()}).status, 0);
  EXPECT_EQ(testing::snapshot_tree(dir()), before);
}

TEST_F(BotCli, ReplayRefusesABotSeasonWhoseStoredOrdersAreNotTheBots) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force", "--nmr", "bot", "--state-only"}).status, 0);
  testing::replace_in_file(season("01-1618-spring") / "orders" / "blue.yaml",
                           "# wallenstein: orders made by the bot", "#");
  const Outcome replay = run({"replay", dir().string()});
  EXPECT_EQ(replay.status, 1);
  EXPECT_NE(replay.err.find("not the bot's order file"), std::string::npos) << replay.err;
}

TEST_F(BotCli, OddsSumToOneAndSayHowTheyWereComputed) {
  const Outcome r = run({"odds", dir().string(), "--from", "Lüneburg", "--to", "Osnabrück"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::smatch m;
  ASSERT_TRUE(
      std::regex_search(r.out, m, std::regex("win ([0-9.]+)%, tie ([0-9.]+)%, lose ([0-9.]+)%")))
      << r.out;
  EXPECT_NEAR(std::stod(m[1]) + std::stod(m[2]) + std::stod(m[3]), 100.0, 0.2);
  EXPECT_NE(r.out.find("Exact computation"), std::string::npos);
  EXPECT_EQ(run({"odds", dir().string(), "--from", "Lüneburg", "--to", "Bayern"}).status, 2);
}

TEST(SimulateCli, JsonGivesTheFiguresPerSeatWithNoInvariantViolationsWhateverTheThreads) {
  const Outcome two =
      run({"simulate", "--games", "8", "--seats", "bot,random,random", "--threads", "2", "--json"});
  ASSERT_EQ(two.status, 0) << two.err;
  const auto json = nlohmann::json::parse(two.out);
  EXPECT_EQ(json["games"], 8);
  ASSERT_EQ(json["seats"].size(), 3u);
  EXPECT_EQ(json["seats"][0]["kind"], "bot");
  EXPECT_EQ(json["seats"][1]["kind"], "random");
  for (const auto& seat : json["seats"]) {
    EXPECT_TRUE(seat["wins"].is_number_integer());
    EXPECT_TRUE(seat["mean_vp"].is_number());
  }
  EXPECT_EQ(json["invariant_violations"], 0);
  EXPECT_TRUE(json["games_per_second"].is_number());
  const auto one = nlohmann::json::parse(
      run({"simulate", "--games", "8", "--seats", "bot,random,random", "--threads", "1", "--json"})
          .out);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(one["seats"][i]["wins"], json["seats"][i]["wins"]);
    EXPECT_EQ(one["seats"][i]["mean_vp"], json["seats"][i]["mean_vp"]);
  }
}

TEST(SimulateCli, PlaysTheMilitaryLeadersAndCountsHowEachSeatUsedThem) {
  const Outcome r = run({"simulate", "--games", "6", "--seats", "bot,pass,random", "--threads", "1",
                         "--expansions", "leaders", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["invariant_violations"], 0);
  const auto& bot = json["seats"][0]["leaders"];
  EXPECT_EQ(bot["order_rate"], 1.0) << "the bot moves its leader every season";
  EXPECT_GT(bot["mean_statues"].get<double>(), 1.0) << "and leaves statues behind";
  EXPECT_EQ(json["seats"][1]["leaders"]["order_rate"], 0.0) << "a passing seat gives no order";
  EXPECT_EQ(json["seats"][1]["leaders"]["mean_statues"], 0.0) << "nor asks for a statue";
  EXPECT_FALSE(json["seats"][0].contains("landsknechte"));
}

TEST(SimulateCli, PlaysTheLandsknechteAndCountsHowEachSeatUsedThem) {
  const Outcome r = run({"simulate", "--games", "6", "--seats", "bot,bot,random", "--threads", "1",
                         "--expansions", "landsknechte", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["invariant_violations"], 0);
  double cards = 0;
  for (const auto& seat : json["seats"]) {
    ASSERT_TRUE(seat.contains("landsknechte")) << seat;
    cards += seat["landsknechte"]["mean_cards"].get<double>();
    EXPECT_LE(seat["landsknechte"]["wish_rate"].get<double>(), 1.0);
  }
  EXPECT_GT(cards, 0) << "3-player seats start in 4 regions: cards are turned";
  EXPECT_EQ(json["seats"][0]["landsknechte"]["wish_rate"], 1.0) << "the bot always wishes";
  const auto base = nlohmann::json::parse(
      run({"simulate", "--games", "1", "--seats", "bot,bot,random", "--json"}).out);
  EXPECT_FALSE(base["seats"][0].contains("landsknechte"));
}

TEST(SimulateCli, PlaysTheImperialCourtAndCountsTheOfficersAndFavoursOfEachSeat) {
  const Outcome r = run({"simulate", "--games", "6", "--seats", "bot,random,pass", "--threads", "1",
                         "--expansions", "court", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["invariant_violations"], 0);
  const auto& bot = json["seats"][0]["court"];
  EXPECT_GT(bot["order_rate"].get<double>(), 0.5) << "the bot goes to court most seasons";
  EXPECT_GT(bot["mean_favours"].get<double>(), 0.5);
  EXPECT_GT(json["seats"][1]["court"]["mean_cubes_converted"].get<double>(), 0.0);
  EXPECT_EQ(json["seats"][2]["court"]["order_rate"], 0.0) << "a passing seat gives no order";
  const Outcome text =
      run({"simulate", "--games", "1", "--seats", "bot,bot,bot", "--expansions", "court"});
  EXPECT_NE(text.out.find("\nImperial Court: seat, seasons with court orders, per game cubes "
                          "converted into officers, favours taken, events cancelled, cards taken "
                          "for nothing\n"),
            std::string::npos)
      << text.out;
  EXPECT_FALSE(
      nlohmann::json::parse(
          run({"simulate", "--games", "1", "--seats", "bot,bot,bot", "--json"}).out)["seats"][0]
          .contains("court"));
}

TEST(SimulateCli, PlaysTheFirstEditionAndCountsTheDefencesLimited) {
  const Outcome r = run({"simulate", "--games", "6", "--seats", "bot,random,pass", "--threads", "1",
                         "--edition", "1", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["invariant_violations"], 0);
  const auto& random = json["seats"][1]["defend_with"];
  EXPECT_GT(random["order_rate"].get<double>(), 0.5) << "random orders limit some province";
  EXPECT_GT(random["mean_defences_held_back"].get<double>(), 0.0);
  EXPECT_GE(random["mean_armies_held_back"].get<double>(),
            random["mean_defences_held_back"].get<double>())
      << "each such defence holds at least one army back";
  EXPECT_EQ(json["seats"][2]["defend_with"]["order_rate"], 0.0) << "a passing seat limits none";
  const auto base = nlohmann::json::parse(
      run({"simulate", "--games", "1", "--seats", "bot,bot,random", "--json"}).out);
  EXPECT_FALSE(base["seats"][1].contains("defend_with"));
  const Outcome text =
      run({"simulate", "--games", "2", "--seats", "bot,random,pass", "--edition", "1"});
  EXPECT_NE(text.out.find("\n1st edition: seat, seasons with defend_with, per game defences with "
                          "armies held back, armies held back\n"),
            std::string::npos)
      << text.out;
}

TEST(SimulateCli, RefusesAnUnknownExpansionAsNewDoes) {
  const Outcome r =
      run({"simulate", "--games", "1", "--seats", "bot,bot,bot", "--expansions", "curt"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "wallenstein: --expansions: there is no expansion \"curt\" (did you mean court?); the "
            "expansions are court, landsknechte and leaders\n");
}

/// A game with expansions played by mail: the bot's suggestion has the expansion's section, a
/// mistake in it is refused, and the game runs to the end and replays.
struct ExpansionGame {
  std::string expansions;  ///< as `new --expansions` takes them
  std::string section;     ///< how the suggestion's section starts
  std::string wrong;       ///< what a mistaken player writes instead
  std::string error;       ///< what check says to that
  std::string log_rows;    ///< how log.yaml's rows of the expansion start
  std::string resolution;  ///< the key of `show --json`'s resolution
};

void PrintTo(const ExpansionGame& g, std::ostream* os) { *os << g.expansions; }

class ExpansionCli : public ::testing::TestWithParam<ExpansionGame> {};

TEST_P(ExpansionCli, AGamePlaysByOrderFilesAndBotsToTheEndAndReplays) {
  const ExpansionGame& g = GetParam();
  TempDir tmp;
  const fs::path dir = tmp / "game";
  std::vector<std::string> args = {"new", dir.string(),   "--seed",
                                   "99",  "--expansions", g.expansions};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  ASSERT_EQ(run(args).status, 0);
  const Outcome suggested = run({"suggest", dir.string(), "--player", "red"});
  ASSERT_EQ(suggested.status, 0) << suggested.err;
  ASSERT_NE(suggested.out.find(g.section), std::string::npos) << suggested.out;
  testing::write_text(tmp / "red.yaml", suggested.out);
  std::string wrong = suggested.out;
  wrong.replace(wrong.find(g.section), g.section.size(), g.wrong);
  testing::write_text(tmp / "wrong.yaml", wrong);
  const Outcome refused = run({"check", dir.string(), (tmp / "wrong.yaml").string()});
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.err.find(g.error), std::string::npos) << refused.err;
  ASSERT_EQ(run({"submit", dir.string(), (tmp / "red.yaml").string()}).status, 0);
  while (run({"resolve", dir.string(), "--force", "--nmr", "bot"}).status == 0) {
  }
  const auto json = nlohmann::json::parse(run({"show", dir.string(), "--json"}).out);
  EXPECT_TRUE(json["finished"]);
  std::string listed;
  for (const auto& e : json["expansions"])
    listed += (listed.empty() ? "" : ",") + e.get<std::string>();
  EXPECT_EQ(listed, g.expansions);
  const std::string status = run({"status", dir.string()}).out;
  EXPECT_TRUE(std::regex_search(
      status, std::regex("The game is over\\. (Winner|Shared win): [^,]+ \\([a-z]+\\), [0-9]+ VP, "
                         "[0-9]+ thaler(; .*)?\n")))
      << "the 2nd edition's tie-break, thaler: " << status;
  const auto spring =
      nlohmann::json::parse(run({"show", dir.string(), "--season", "1618-spring", "--json"}).out);
  // A module's resolution is a list of rows, or an object of such lists (the court's two steps).
  const auto& rows = spring["resolution"][g.resolution];
  std::size_t count = rows.is_array() ? rows.size() : 0;
  if (rows.is_object()) {
    for (const auto& [key, list] : rows.items()) count += list.size();
  }
  EXPECT_GE(count, 3u) << rows;
  const std::string log = testing::read_text(dir / "seasons" / "01-1618-spring" / "log.yaml");
  EXPECT_NE(log.find(g.log_rows), std::string::npos) << log;
  const Outcome replay = run({"replay", dir.string()});
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_NE(replay.out.find("All 6 resolved seasons replay byte for byte."), std::string::npos)
      << replay.out;
}

INSTANTIATE_TEST_SUITE_P(
    Modules, ExpansionCli,
    ::testing::Values(
        ExpansionGame{"landsknechte", "\nlandsknechte: [", "\nlandsknechte: [gold, ",
                      ": error: unknown Landsknechte bonus \"gold\"",
                      "\nlandsknechte:\n  - {player: ", "landsknechte"},
        ExpansionGame{"leaders", "\nleader: {place: ", "\nleader: {place: Atlantis, plac: ",
                      ": error: unknown province \"Atlantis\"",
                      "\nleaders:\n  - {player: ", "leaders"},
        ExpansionGame{"court", "\nfavors: [{card: ", "\nfavors: [{card: 22}, {card: ",
                      ": error: there is no favour card 22; the cards are numbered 1 to 21",
                      "\ncourt:\n  conversions:", "court"},
        ExpansionGame{"court,landsknechte,leaders", "\ncourt: {convert3: ", "\ncourt: {convert4: ",
                      ": error: unknown key \"convert4\" in court; did you mean \"convert3\"?",
                      "\ncourt:\n  conversions:", "court"},
        ExpansionGame{"landsknechte,leaders", "\nleader: {place: ", "\nleader: {plase: ",
                      ": error: unknown key \"plase\" in leader; did you mean \"place\"?",
                      "\nlandsknechte:\n  - {player: ", "leaders"}),
    [](const ::testing::TestParamInfo<ExpansionGame>& param) {
      std::string name = param.param.expansions;
      std::replace(name.begin(), name.end(), ',', '_');
      return name;
    });

TEST(SimulateCli, RefusesUnknownSeatKindsAndImpossiblePlayerCounts) {
  EXPECT_EQ(run({"simulate", "--games", "1", "--seats", "bot,robot,random"}).status, 2);
  EXPECT_EQ(run({"simulate", "--games", "1", "--seats", "bot,random"}).status, 2);
}

/// Rules 12: a 1st edition game with the military leaders, played by order files and bots.
TEST(FirstEditionCli, AGamePlaysWithoutBidsWithDefendWithToTheEndAndReplays) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  std::vector<std::string> args = {"new",       dir.string(), "--seed",       "99",
                                   "--edition", "1",          "--expansions", "leaders"};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  const Outcome created = run(args);
  ASSERT_EQ(created.status, 0);
  EXPECT_NE(created.out.find("Events: the 2nd edition's 12 cards. The 1st edition's 25 regional "
                             "cards are not known"),
            std::string::npos)
      << "D-39, D-53: " << created.out;
  const auto opening = nlohmann::json::parse(run({"show", dir.string(), "--json"}).out);
  EXPECT_EQ(opening["edition"], 1);
  EXPECT_TRUE(opening["bonus_tiles"].empty());
  EXPECT_EQ(opening["players"][0]["thaler"], 18);
  EXPECT_NE(
      run({"status", dir.string()})
          .out.find(
              "Season 1618-spring (1 of 6), rules version 3, 1st edition, expansions leaders\n"),
      std::string::npos);

  const Outcome suggested = run({"suggest", dir.string(), "--player", "red"});
  ASSERT_EQ(suggested.status, 0) << suggested.err;
  EXPECT_EQ(suggested.out.find("\nbid:"), std::string::npos) << suggested.out;
  EXPECT_EQ(suggested.out.find("\nturn_order:"), std::string::npos) << suggested.out;
  testing::write_text(tmp / "red.yaml", suggested.out + "defend_with: {Gft. Mark: 2}\n");
  const Outcome checked = run({"check", dir.string(), (tmp / "red.yaml").string()});
  EXPECT_EQ(checked.status, 0) << checked.err;
  testing::write_text(tmp / "wrong.yaml", suggested.out + "bid: 2\n");
  const Outcome refused = run({"check", dir.string(), (tmp / "wrong.yaml").string()});
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.err.find(": error: bid: this game has no bids and no bonus tiles"),
            std::string::npos)
      << refused.err;

  ASSERT_EQ(run({"submit", dir.string(), (tmp / "red.yaml").string()}).status, 0);
  while (run({"resolve", dir.string(), "--force", "--nmr", "bot"}).status == 0) {
  }
  const auto json = nlohmann::json::parse(run({"show", dir.string(), "--json"}).out);
  EXPECT_TRUE(json["finished"]);
  EXPECT_EQ(json["edition"], 1);
  const auto spring =
      nlohmann::json::parse(run({"show", dir.string(), "--season", "1618-spring", "--json"}).out);
  EXPECT_TRUE(spring["resolution"]["bids"].empty());
  EXPECT_TRUE(spring["resolution"]["tiles"].empty());
  EXPECT_EQ(spring["resolution"]["turn_order"].size(), 3u);
  const fs::path season = dir / "seasons" / "01-1618-spring";
  const std::string log = testing::read_text(season / "log.yaml");
  EXPECT_EQ(log.find("\nbids:"), std::string::npos) << log;
  EXPECT_NE(log.find("\nturn_order: ["), std::string::npos) << log;
  const std::string report = testing::read_text(season / "reports" / "red.txt");
  EXPECT_NE(report.find(". Season 1 of 6. Played with: 1st edition, Military leaders expansion.\n"),
            std::string::npos)
      << report;
  const std::string status = run({"status", dir.string()}).out;
  EXPECT_TRUE(std::regex_search(
      status, std::regex("The game is over\\. (Winner|Shared win): .*, [0-9]+ VP, [0-9]+ palaces?, "
                         "[0-9]+ church(es)?, [0-9]+ trading houses?\n")))
      << "the 1st edition's tie-breaks, not thaler: " << status;
  EXPECT_NE(report.find("Turn order: drawn at random (the 1st edition has no bids and no bonus "
                        "tiles), 1. "),
            std::string::npos)
      << report;
  const std::string orders = testing::read_text(season / "reports" / "orders-1618-summer-red.yaml");
  EXPECT_NE(orders.find("\ndefend_with: {}"), std::string::npos) << orders;
  EXPECT_EQ(orders.find("\nbid:"), std::string::npos) << orders;
  const Outcome replay = run({"replay", dir.string()});
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_NE(replay.out.find("All 6 resolved seasons replay byte for byte."), std::string::npos)
      << replay.out;
}

TEST(FirstEditionCli, TheFirstEditionIsChosenWithTheEditionNotAsAnExpansion) {
  TempDir tmp;
  std::vector<std::string> args = {"new", (tmp / "game").string(), "--expansions", "edition1"};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  const Outcome refused = run(args);
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("--expansions: edition1 is the 1st edition, not an expansion: "
                             "choose it with the edition (edition: 1 in game.yaml, new "
                             "--edition 1)"),
            std::string::npos)
      << refused.err;
}

/// Rules 2.2: a game started with the draft, played by order files: the draft season is open
/// first, shows only its face-up cards, takes a list of provinces, and leads into a normal game
/// that plays to the end and replays.
TEST(DraftCli, AGameStartedWithTheDraftPlaysByOrderFilesToTheEndAndReplays) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  std::vector<std::string> args = {"new", dir.string(), "--seed", "77", "--setup", "draft"};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  const Outcome created = run(args);
  ASSERT_EQ(created.status, 0) << created.err;
  EXPECT_NE(created.out.find("Season 1618-draft is open for orders."), std::string::npos);
  EXPECT_NE(testing::read_text(dir / "game.yaml").find("\nsetup: draft\n"), std::string::npos);
  EXPECT_NE(run({"status", dir.string()})
                .out.find("Season 1618-draft (the draft, before season 1 of 6), rules version 3, "
                          "draft setup\n"),
            std::string::npos);

  const auto opening = nlohmann::json::parse(run({"show", dir.string(), "--json"}).out);
  EXPECT_EQ(opening["season"], "1618-draft");
  EXPECT_EQ(opening["season_index"], 0);
  EXPECT_EQ(opening["setup"], "draft");
  EXPECT_EQ(opening["draft"]["face_up"].size(), 2u);
  EXPECT_EQ(opening["draft"]["pile"], 35) << "37 provinces in play with 3 players, 2 face up";
  EXPECT_EQ(opening["draft"]["groups"], nlohmann::json({5, 4, 4, 3, 3, 2, 2, 2, 2}));
  EXPECT_TRUE(opening["action_cards"].empty());
  EXPECT_TRUE(opening["events"]["year"].empty());
  EXPECT_TRUE(opening["players"][0]["provinces"].empty());

  const Outcome suggested = run({"suggest", dir.string(), "--player", "red"});
  ASSERT_EQ(suggested.status, 0) << suggested.err;
  EXPECT_EQ(suggested.out.find("\nactions:"), std::string::npos) << suggested.out;
  EXPECT_NE(suggested.out.find("\ndraft:  # every province, the richest first"), std::string::npos)
      << suggested.out;
  testing::write_text(tmp / "red.yaml", suggested.out);
  EXPECT_EQ(run({"check", dir.string(), (tmp / "red.yaml").string()}).status, 0);
  testing::write_text(tmp / "blue.yaml",
                      "game: game\nplayer: blue\nseason: 1618-draft\ndraft: [Kursachsen: 9]\n");
  const Outcome refused = run({"check", dir.string(), (tmp / "blue.yaml").string()});
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.err.find("blue.yaml:4:21: error: your board has no group of 9 armies; your "
                             "groups are 5, 4, 4, 3, 3, 2, 2, 2 and 2"),
            std::string::npos)
      << refused.err;
  testing::write_text(tmp / "blue.yaml",
                      "game: game\nplayer: blue\nseason: 1618-draft\ndraft: [Kursachsen: 5]\n");
  ASSERT_EQ(run({"submit", dir.string(), (tmp / "red.yaml").string()}).status, 0);
  ASSERT_EQ(run({"submit", dir.string(), (tmp / "blue.yaml").string()}).status, 0);

  const Outcome drafted = run({"resolve", dir.string(), "--force", "--nmr", "pass"});
  ASSERT_EQ(drafted.status, 0) << drafted.err;
  EXPECT_NE(drafted.out.find("Resolved 1618-draft of game game: the draft, 27 picks ("),
            std::string::npos)
      << drafted.out;
  const auto draft =
      nlohmann::json::parse(run({"show", dir.string(), "--season", "1618-draft", "--json"}).out);
  const auto& picks = draft["resolution"]["draft"];
  ASSERT_EQ(picks.size(), 27u);
  EXPECT_EQ(draft["resolution"]["nmr"], nlohmann::json({"yellow"}));
  bool kursachsen = false;
  for (const auto& pick : picks) {
    if (pick["player"] == "red") {
      EXPECT_FALSE(pick["blind"]) << "the bot's list has every card";
    }
    if (pick["province"] == "kursachsen" && pick["player"] == "blue") {
      kursachsen = true;
      EXPECT_EQ(pick["armies"], 5) << "the group the wish names, kept while blind draws "
                                      "placed the smallest";
    }
  }
  const auto spring = nlohmann::json::parse(run({"show", dir.string(), "--json"}).out);
  EXPECT_EQ(spring["season"], "1618-spring");
  EXPECT_EQ(spring["action_cards"].size(), 5u);
  EXPECT_EQ(spring["players"][0]["provinces"].size(), 9u);
  EXPECT_FALSE(spring.contains("draft"));
  const fs::path season = dir / "seasons" / "00-1618-draft";
  const std::string report = testing::read_text(season / "reports" / "blue.txt");
  EXPECT_NE(report.find("(blue). The draft, before season 1 of 6.\n"), std::string::npos) << report;
  EXPECT_NE(report.find("\nTHE DRAFT\n"), std::string::npos) << report;
  EXPECT_EQ(report.find("\nWHAT HAPPENED"), std::string::npos) << report;
  EXPECT_NE(
      testing::read_text(season / "reports" / "orders-1618-spring-blue.yaml").find("\nactions:\n"),
      std::string::npos);
  // With this seed blue draws blind until the last round, then takes the wished province.
  EXPECT_TRUE(kursachsen);
  EXPECT_NE(report.find(": Kursachsen, 5 armies, "), std::string::npos) << report;

  while (run({"resolve", dir.string(), "--force", "--nmr", "bot"}).status == 0) {
  }
  EXPECT_TRUE(nlohmann::json::parse(run({"show", dir.string(), "--json"}).out)["finished"]);
  const Outcome replay = run({"replay", dir.string()});
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_NE(replay.out.find("1618-draft: confirmed\n"), std::string::npos) << replay.out;
  EXPECT_NE(replay.out.find("All 7 resolved seasons replay byte for byte."), std::string::npos)
      << replay.out;
}

/// Rules 2.2: nothing a player is sent tells the order of the pile before the draft is played.
TEST(DraftCli, TheCourtIsDealtWhenTheDraftEndsAndAGameWithEveryExpansionPlaysToTheEnd) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  std::vector<std::string> args = {
      "new",     dir.string(), "--seed",       "99",
      "--setup", "draft",      "--expansions", "court,landsknechte,leaders"};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  const Outcome made = run(args);
  ASSERT_EQ(made.status, 0) << made.err;
  const auto draft = nlohmann::json::parse(run({"show", dir.string(), "--json"}).out);
  EXPECT_FALSE(draft.contains("court")) << "no court before the draft ends";
  EXPECT_EQ(testing::read_text(dir / "seasons" / "00-1618-draft" / "state.yaml").find("\ncourt:"),
            std::string::npos);
  ASSERT_EQ(run({"resolve", dir.string(), "--force", "--nmr", "bot"}).status, 0);
  const auto spring = nlohmann::json::parse(run({"show", dir.string(), "--json"}).out);
  ASSERT_TRUE(spring.contains("court"));
  EXPECT_EQ(spring["court"]["deck"], 18) << "21 cards, 3 shown";
  while (run({"resolve", dir.string(), "--force", "--nmr", "bot"}).status == 0) {
  }
  EXPECT_TRUE(nlohmann::json::parse(run({"show", dir.string(), "--json"}).out)["finished"]);
  const Outcome replay = run({"replay", dir.string()});
  EXPECT_EQ(replay.status, 0) << replay.err;
}

TEST(DraftCli, ThePileStaysHiddenUntilItsCardsArePicked) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  std::vector<std::string> args = {"new", dir.string(), "--seed", "78", "--setup", "draft"};
  for (const auto& a : testing::players_args(4)) args.push_back(a);
  ASSERT_EQ(run(args).status, 0);
  ASSERT_EQ(run({"report", dir.string()}).status, 0);
  const fs::path season = dir / "seasons" / "00-1618-draft";
  const std::string state = testing::read_text(season / "state.yaml");
  const auto pile = state.find("  pile: [");
  ASSERT_NE(pile, std::string::npos) << state;
  const std::string top = state.substr(pile + 9, state.find(',', pile) - pile - 9);
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  const std::string name = rules.province(*rules.find_province(top)).name;
  const auto shown = nlohmann::json::parse(run({"show", dir.string(), "--json"}).out);
  EXPECT_EQ(shown["draft"]["pile"], 43) << "the pile's size, not its cards";
  EXPECT_EQ(shown["draft"].size(), 3u) << shown["draft"];
  std::vector<std::string> seen = {testing::read_text(season / "reports" / "public.txt")};
  for (const char* id : {"red", "blue", "yellow", "green"}) {
    seen.push_back(testing::read_text(season / "reports" / (std::string(id) + ".txt")));
    seen.push_back(testing::read_text(season / "reports" / (std::string(id) + ".html")));
    seen.push_back(testing::read_text(season / "reports" /
                                      ("orders-1618-draft-" + std::string(id) + ".yaml")));
  }
  for (const std::string& text : seen) {
    EXPECT_EQ(text.find("\"" + top + "\""), std::string::npos) << "the pile's top card: " << top;
    // The order template's example names the richest provinces whatever the deal.
    if (text.find("# Example: draft:") == std::string::npos) {
      EXPECT_EQ(text.find(name), std::string::npos) << "the pile's top card: " << name;
    }
  }
}

TEST(DraftCli, ADraftGameWhoseSetupLineIsLostIsToldToPutItBack) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  std::vector<std::string> args = {"new", dir.string(), "--seed", "80", "--setup", "draft"};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  ASSERT_EQ(run(args).status, 0);
  std::string config = testing::read_text(dir / "game.yaml");
  config.erase(config.find("setup: draft\n"), 13);
  testing::write_text(dir / "game.yaml", config);
  const Outcome refused = run({"status", dir.string()});
  EXPECT_EQ(refused.status, 1);
  EXPECT_EQ(refused.err, (dir / "game.yaml").string() +
                             ": error: the game started with the draft (00-1618-draft) but "
                             "game.yaml does not say setup: draft; a game keeps the setup it was "
                             "started with: put setup: draft back in game.yaml\n");
}

TEST(DraftCli, ASeatTakenOverDuringTheDraftPlaysOnUnderItsNewName) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  std::vector<std::string> args = {"new", dir.string(), "--seed", "79", "--setup", "draft"};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  ASSERT_EQ(run(args).status, 0);
  const Outcome replaced = run({"player", dir.string(), "replace", "blue", "--name", "Neu Spieler",
                                "--email", "neu@example.org"});
  ASSERT_EQ(replaced.status, 0) << replaced.err;
  EXPECT_NE(testing::read_text(dir / "game.yaml").find("until: 0, token: "), std::string::npos);
  const Outcome status = run({"status", dir.string()});
  EXPECT_EQ(status.status, 0) << status.err;
  EXPECT_NE(status.out.find("Neu Spieler (blue)"), std::string::npos) << status.out;
  ASSERT_EQ(run({"resolve", dir.string(), "--force", "--nmr", "bot"}).status, 0);
  const std::string report =
      testing::read_text(dir / "seasons" / "00-1618-draft" / "reports" / "red.txt");
  EXPECT_NE(report.find("1. Neu Spieler: "), std::string::npos) << "the draft's report names "
                                                                   "whoever holds the seat";
}

TEST(SimulateCli, PlaysGamesStartedWithTheDraft) {
  const Outcome r = run({"simulate", "--games", "4", "--seats", "bot,random,pass", "--threads", "1",
                         "--setup", "draft", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["invariant_violations"], 0);
  EXPECT_EQ(json["setup"], "draft");
  EXPECT_EQ(json["seats"][0]["draft"]["mean_blind_picks"], 0.0) << "the bot lists every card";
  EXPECT_EQ(json["seats"][2]["draft"]["mean_blind_picks"], 9.0) << "passing draws every pick";
  EXPECT_EQ(run({"simulate", "--games", "1", "--seats", "bot,bot,bot", "--setup", "drafted"}).err,
            "wallenstein: --setup must be standard or draft, not \"drafted\"\n");
}

}  // namespace
}  // namespace wallenstein
