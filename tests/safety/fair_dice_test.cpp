// Verifiable randomness (interfaces 7): the seed's commitment in the first reports, the seed
// revealed at the end, and `wallenstein verify` for any player holding the published game.

#include <gtest/gtest.h>

#include <regex>

#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::Outcome;
using testing::read_text;
using testing::TempDir;

using testing::run;

std::string yaml_value(const std::string& text, const std::string& key) {
  std::smatch m;
  std::regex_search(text, m, std::regex("\n" + key + ": \"?([0-9a-f]+)\"?\n"));
  return m[1];
}

/// SHA-256 computed by Python, independently of the program.
std::string python_sha256(const std::string& text) {
  const Outcome r = testing::run_shell(
      "/usr/bin/python3 -c 'import hashlib,sys; "
      "print(hashlib.sha256(sys.argv[1].encode()).hexdigest())' " +
      testing::shell_quote(text));
  std::string out = r.out;
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

constexpr const char* kSeed = "123456789012";  // above 2^32: no warning

TEST(FairDice, TheFirstReportsPublishTheCommitmentAndNeverTheSeedOrSalt) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  const Outcome made = testing::new_game(game, 3, kSeed);
  ASSERT_EQ(made.status, 0) << made.err;
  EXPECT_EQ(made.err.find("--seed"), std::string::npos) << made.err;
  const std::string config = read_text(game / "game.yaml");
  const std::string salt = yaml_value(config, "salt");
  const std::string commitment = yaml_value(config, "commitment");
  ASSERT_EQ(salt.size(), 32u) << config;
  EXPECT_EQ(commitment, python_sha256(std::string("wallenstein-seed:") + kSeed + ":" + salt));
  ASSERT_EQ(run({"report", game.string()}).status, 0);
  for (const auto& entry : fs::directory_iterator(game / "seasons/01-1618-spring/reports")) {
    const std::string text = read_text(entry.path());
    if (entry.path().extension() == ".txt" || entry.path().extension() == ".html") {
      EXPECT_NE(text.find(commitment), std::string::npos) << entry.path();
    }
    EXPECT_EQ(text.find(kSeed), std::string::npos) << entry.path();
    EXPECT_EQ(text.find(salt), std::string::npos) << entry.path();
  }
}

TEST(FairDice, TheFinalReportRevealsTheSeedAndVerifyConfirmsTheWholeGame) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(testing::new_game(game, 3, kSeed).status, 0);
  ASSERT_EQ(run({"report", game.string()}).status, 0);  // the opening reports, as mailed
  for (int season = 1; season <= 6; ++season) {
    testing::submit_random_orders(game, tmp / ("o" + std::to_string(season)),
                                  static_cast<std::uint64_t>(season));
    const Outcome r = run({"resolve", game.string(), season < 6 ? "--state-only" : "--force"});
    ASSERT_EQ(r.status, 0) << r.err;
    if (season < 6) {
      const Outcome early = run({"verify", game.string()});
      EXPECT_NE(early.out.find("the game is not over"), std::string::npos) << early.out;
    }
  }
  const std::string salt = yaml_value(read_text(game / "game.yaml"), "salt");
  const std::string final_report = read_text(game / "seasons/06-1619-autumn/reports/red.txt");
  EXPECT_NE(final_report.find(std::string("The secret seed was ") + kSeed + " with salt " + salt),
            std::string::npos)
      << final_report;
  const Outcome v = run({"verify", game.string()});
  EXPECT_EQ(v.status, 0) << v.out << v.err;
  EXPECT_NE(v.out.find("matches seed 123456789012"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("All 6 resolved seasons replay byte for byte"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("Verified:"), std::string::npos) << v.out;
}

TEST(FairDice, VerifyRefusesASeedThatDoesNotMatchTheCommitment) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(testing::new_game(game, 3, kSeed).status, 0);
  ASSERT_EQ(run({"report", game.string()}).status, 0);
  testing::replace_in_file(game / "game.yaml", std::string("seed: ") + kSeed, "seed: 123456789013");
  const Outcome v = run({"verify", game.string()});
  EXPECT_EQ(v.status, 1);
  EXPECT_NE(v.err.find("the seed and salt do not match the commitment"), std::string::npos)
      << v.err;
  EXPECT_NE(v.out.find("NOT verified"), std::string::npos) << v.out;
}

TEST(FairDice, VerifyComparesWithTheCommitmentAPlayerWasSent) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(testing::new_game(game, 3, kSeed).status, 0);
  const std::string commitment = yaml_value(read_text(game / "game.yaml"), "commitment");
  EXPECT_EQ(run({"verify", game.string(), "--commitment", commitment}).status, 0);
  const Outcome other = run({"verify", game.string(), "--commitment", std::string(64, 'a')});
  EXPECT_EQ(other.status, 1);
  EXPECT_NE(other.err.find("announced was " + std::string(64, 'a')), std::string::npos)
      << other.err;
}

TEST(FairDice, AGuessableSeedIsWarnedAboutAndARandomSeedHasARandomSalt) {
  TempDir tmp;
  const Outcome small = testing::new_game(tmp / "small", 3, "42");
  ASSERT_EQ(small.status, 0);
  EXPECT_NE(small.err.find("warning: --seed 42 is below 2^32"), std::string::npos) << small.err;
  std::vector<std::string> args = {"new", (tmp / "a").string()};
  for (const auto& p : testing::players_args(3)) args.push_back(p);
  const Outcome a = run(args);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.err.find("--seed"), std::string::npos) << a.err;
  args[1] = (tmp / "b").string();
  ASSERT_EQ(run(args).status, 0);
  EXPECT_NE(yaml_value(read_text(tmp / "a/game.yaml"), "salt"),
            yaml_value(read_text(tmp / "b/game.yaml"), "salt"));
}

TEST(FairDice, AGameOfAnOlderProgramIsVerifiedByItsReplayAlone) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  fs::copy(testing::source_path("tests/fixtures/game-2a74c34"), game, fs::copy_options::recursive);
  const Outcome v = run({"verify", game.string()});
  EXPECT_NE(v.out.find("without a seed commitment"), std::string::npos) << v.out;
}

}  // namespace
}  // namespace wallenstein
