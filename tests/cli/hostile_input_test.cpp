// Hostile text and files: what an attacker or a careless game master can hand the command.

#include <gtest/gtest.h>

#include <algorithm>

#include "support/game_dir.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::Outcome;
using testing::read_text;
using testing::snapshot;
using testing::write_text;

Outcome run(const std::vector<std::string>& args) { return testing::run_wallenstein(args); }

/// Red's orders for the first season of a 3-player game, with `palace` as given.
std::string red_orders(const std::string& palace) {
  return "game: game\nplayer: red\nseason: 1618-spring\nactions:\n  palace: " + palace +
         "\n  church: none\n  trading_house: Koeln\n  grain: Osnabrück\n  taxes: Erzbm. Trier\n"
         "  armies5: oberoesterreich\n  armies3: none\n  army1: {province: Passau, move_to: Oberösterreich}\n"
         "  battle_a: {province: Vogtland, target: Kursachsen}\n  battle_b: none\nbid: 2\n";
}

bool has_control_bytes(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && byte != '\n') || byte == 0x7f;
  });
}

class HostileInput : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(testing::new_game_cmd(dir(), 3).status, 0); }
  fs::path dir() const { return tmp_ / "game"; }
  testing::TempDir tmp_;
};

TEST_F(HostileInput, CheckPrintsControlCharactersAndInvalidUtf8Escaped) {
  const fs::path escapes = tmp_ / "red\xff.yaml";
  write_text(escapes, red_orders("\"\\e[2J\\x07\""));
  const fs::path raw = tmp_ / "raw.yaml";
  write_text(raw, red_orders("\"\x1b]0;owned\x07\"").replace(0, 10, "game: g\xff\n"));
  const Outcome r = run({"check", dir().string(), escapes.string(), raw.string()});
  EXPECT_EQ(r.status, 1);
  const std::string shown = (tmp_ / "red\\xff.yaml").string();
  EXPECT_NE(r.err.find(shown + ":5:11: error: unknown province \"\\e[2J\\x07\"\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(raw.string() + ":1:8: error: invalid UTF-8; save the file as UTF-8 text\n    game: g\\xff\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find(shown + ": 1 error\n"), std::string::npos) << r.out;
  EXPECT_FALSE(has_control_bytes(r.err)) << r.err;
  EXPECT_FALSE(has_control_bytes(r.out)) << r.out;
}

TEST_F(HostileInput, ARawEscapeInAnOrderFileIsShownEscapedInTheMessageAndTheExcerpt) {
  const fs::path file = tmp_ / "red.yaml";
  write_text(file, red_orders("\x1b[2J\x1b]0;owned\x07"));
  const Outcome r = run({"check", dir().string(), file.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("unknown province \"\\e[2J\\e]0;owned\\x07\""), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\n      palace: \\e[2J\\e]0;owned\\x07\n"), std::string::npos) << r.err;
  EXPECT_FALSE(has_control_bytes(r.err)) << r.err;
}

TEST_F(HostileInput, SubmitShowsUmlautsAsTheyAreAndEscapesTheNamedPlayer) {
  const fs::path file = tmp_ / "Jörg.yaml";
  write_text(file, red_orders("Gft. Mark"));
  const Outcome r = run({"submit", dir().string(), file.string(), "--player", "bl\x1b[1mue"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, file.string() + ": error: these are the orders of \"red\", not of \"bl\\e[1mue\"; not stored\n");
}

}  // namespace
}  // namespace wallenstein
