// A module that adds an action space to the player board (data alone, no code): every part of the
// program that knows the actions plays it.

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::Outcome;
using testing::TempDir;

/// A copy of the shipped data with the module "drill": two more spaces, "Place 2 armies" and a
/// second "Collect taxes".
struct DrillData {
  TempDir tmp;
  fs::path data = tmp / "data";
  fs::path game = tmp / "game";
  DrillData() {
    fs::copy(testing::source_data_dir(), data, fs::copy_options::recursive);
    const fs::path folder = data / "modules" / "drill";
    fs::create_directory(folder);
    testing::write_text(folder / "module.yaml",
                        "name: Drill\nkind: expansion\nphases: []\norder_sections: []\n");
    testing::write_text(folder / "actions.yaml",
                        "actions:\n"
                        "  - {id: armies2, name: \"Place 2 armies\", kind: place, cost: 1, "
                        "armies: 2}\n"
                        "  - {id: taxes2, name: \"Collect taxes again\", kind: collect, "
                        "collect: taxes}\n");
  }
  Outcome run(std::vector<std::string> args) const {
    args.insert(args.begin() + 1, {"--data", data.string()});
    return testing::run_wallenstein(args);
  }
};

TEST(ActionSpaceModuleCli, AnAddedSpaceIsOrderedCheckedResolvedReportedAndDrawnToTheEnd) {
  const DrillData d;
  std::vector<std::string> args = {"new", d.game.string(), "--seed", "5", "--expansions", "drill"};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  ASSERT_EQ(d.run(args).status, 0) << d.run(args).err;

  // The bot's order file has the new space, and check knows its key.
  const Outcome suggested = d.run({"suggest", d.game.string(), "--player", "red"});
  ASSERT_EQ(suggested.status, 0) << suggested.err;
  ASSERT_NE(suggested.out.find("\n  armies2: "), std::string::npos) << suggested.out;
  std::string wrong = suggested.out;
  wrong.replace(wrong.find("\n  armies2: "), 12, "\n  armie2: ");
  testing::write_text(d.tmp / "wrong.yaml", wrong);
  const Outcome refused = d.run({"check", d.game.string(), (d.tmp / "wrong.yaml").string()});
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.err.find("unknown key \"armie2\" in actions; did you mean \"armies2\"?"),
            std::string::npos)
      << refused.err;
  std::string missing = suggested.out;
  const auto line = missing.find("\n  armies2: ");
  missing.erase(line, missing.find('\n', line + 1) - line);
  testing::write_text(d.tmp / "missing.yaml", missing);
  const Outcome incomplete = d.run({"check", d.game.string(), (d.tmp / "missing.yaml").string()});
  EXPECT_NE(incomplete.err.find("missing action \"armies2\"; write `armies2: none`"),
            std::string::npos)
      << incomplete.err;

  // The order template offers the space with its price, and twelve action cards lie out.
  const std::string spring = "seasons/01-1618-spring";
  ASSERT_EQ(d.run({"report", d.game.string()}).status, 0);
  const std::string order_template =
      testing::read_text(d.game / spring / "reports" / "orders-1618-spring-red.yaml");
  EXPECT_NE(order_template.find("\n  armies2: none\n"), std::string::npos) << order_template;
  EXPECT_NE(order_template.find(", armies2 1. You have"), std::string::npos) << order_template;
  EXPECT_NE(order_template.find("; 6-12 face down.\n"), std::string::npos) << order_template;

  // Red sends the suggestion; the bots play the rest of the game.
  testing::write_text(d.tmp / "red.yaml", suggested.out);
  ASSERT_EQ(d.run({"submit", d.game.string(), (d.tmp / "red.yaml").string()}).status, 0);
  while (d.run({"resolve", d.game.string(), "--force", "--nmr", "bot"}).status == 0) {
  }
  const auto json = nlohmann::json::parse(d.run({"show", d.game.string(), "--json"}).out);
  EXPECT_TRUE(json["finished"]);

  const auto first = nlohmann::json::parse(
      d.run({"show", d.game.string(), "--season", "1618-spring", "--json"}).out);
  const auto& cards = first["resolution"]["action_cards"];
  ASSERT_EQ(cards.size(), 12u) << cards;
  int slots_with_armies2 = 0;
  for (const auto& card : cards) slots_with_armies2 += card["action"] == "armies2" ? 1 : 0;
  EXPECT_EQ(slots_with_armies2, 1);
  const std::string log = testing::read_text(d.game / spring / "log.yaml");
  EXPECT_NE(log.find("action: armies2"), std::string::npos) << log;
  const std::string report = testing::read_text(d.game / spring / "reports" / "red.txt");
  EXPECT_NE(report.find("Place 2 armies"), std::string::npos) << report;
  EXPECT_TRUE(fs::exists(d.game / spring / "map.png"));

  // The bots play both spaces, and the game replays byte for byte.
  const auto played = [&](const std::string& row) {
    int rows = 0;
    for (const auto& season : fs::directory_iterator(d.game / "seasons")) {
      if (!fs::exists(season.path() / "log.yaml")) continue;
      const std::string text = testing::read_text(season.path() / "log.yaml");
      for (auto at = text.find(row); at != std::string::npos; at = text.find(row, at + 1)) ++rows;
    }
    return rows;
  };
  EXPECT_GT(played("what: placed, action: armies2"), 3);
  EXPECT_GT(played("what: collected, action: taxes2"), 3);
  const Outcome replay = d.run({"replay", d.game.string()});
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_NE(replay.out.find("All 6 resolved seasons replay byte for byte."), std::string::npos)
      << replay.out;
}

}  // namespace
}  // namespace wallenstein
