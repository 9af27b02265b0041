// game.yaml: every key the program writes or documents is read, anything else is an error.

#include "wallenstein/files/game_config.hpp"

#include <gtest/gtest.h>

#include "pbem/files/diagnostic.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

const std::string kGame = R"(name: league-7
edition: 2
expansions: []
seed: 1234567
players:
  - {id: red, name: "Anna", email: "anna@example.org"}
  - {id: blue, name: "Bert", email: "bert@example.org"}
  - {id: green, name: "Cleo", email: "cleo@example.org"}
mail:
  from: "GM <gm@example.org>"
  smtp: {url: "smtp://mail.example.org:587", starttls: true, user: gm, password_env: GM_PASSWORD}
  outbox: outbox
deadlines:
  1618-spring: "Sunday 20:00"
)";

/// `text` with the first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

/// Each problem of a game.yaml, as "line:column: message"; empty when it is accepted.
std::vector<std::string> config_problems(const std::string& text) {
  try {
    read_game_config(SourceFile{"game.yaml", text}, true);
  } catch (const InputError& e) {
    std::vector<std::string> out;
    for (const auto& d : e.diagnostics())
      out.push_back(std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message);
    return out;
  }
  return {};
}

using Problems = std::vector<std::string>;

TEST(GameConfigFile, EveryKeyTheProgramWritesOrDocumentsIsAccepted) {
  EXPECT_EQ(config_problems(kGame), Problems{});
  const GameConfig config = read_game_config(SourceFile{"game.yaml", kGame}, true);
  EXPECT_EQ(config.mail.smtp->password_env, "GM_PASSWORD");
  EXPECT_EQ(config.deadlines.at("1618-spring"), "Sunday 20:00");
  EXPECT_EQ(config_problems(write_game_config(config)), Problems{});
  EXPECT_EQ(
      read_game_config(read_source(testing::source_path("games/example/game.yaml"), 1 << 20), false)
          .name,
      "example");
}

TEST(GameConfigFile, PublishNamesTheFolderTickRepublishesIntoAndNothingElse) {
  EXPECT_EQ(config_problems(kGame + "publish: {dir: /var/www/g}\n"), Problems{});
  EXPECT_EQ(config_problems(kGame + "publish: {dir: \"\"}\n"),
            Problems{"15:16: publish.dir must name a folder for the game's web pages"});
  EXPECT_EQ(config_problems(kGame + "publish: {dri: site}\n"),
            (Problems{"15:10: missing key \"dir\" (a folder for the web pages, like "
                      "/var/www/games/x)",
                      "15:11: unknown key \"dri\" in publish; did you mean \"dir\"?"}));
}

TEST(GameConfigFile, AMisspeltTopLevelKeyIsRefusedWithTheNearestKey) {
  EXPECT_EQ(config_problems(replaced(kGame, "deadlines:", "dedlines:")),
            Problems{"13:1: unknown key \"dedlines\" in game.yaml; did you mean \"deadlines\"?"});
  EXPECT_EQ(config_problems(kGame + "colour: blue\n"),
            Problems{"15:1: unknown key \"colour\" in game.yaml; expected name, edition, "
                     "expansions, setup, rules_version, seed, "
                     "salt, commitment, players, mail, program_version, deadlines, schedule, "
                     "language or publish"});
}

TEST(GameConfigFile, MisspeltKeysInMailSmtpAndPlayersAreRefusedWithTheNearestKey) {
  std::string text = replaced(kGame, "  outbox: outbox", "  outbx: outbox");
  text = replaced(text, "password_env:", "pasword_env:");
  text = replaced(text, "{id: blue, name:", "{id: blue, nmae:");
  EXPECT_EQ(
      config_problems(text),
      (Problems{
          "7:16: unknown key \"nmae\" in player; did you mean \"name\"?",
          "7:5: missing key \"name\" (the player's name)",
          "12:3: unknown key \"outbx\" in mail; did you mean \"outbox\"?",
          "11:72: unknown key \"pasword_env\" in mail.smtp; did you mean \"password_env\"?"}));
}

TEST(GameConfigFile, TheEditionIsTheSecondOrTheFirstWithTheMessageNewGives) {
  EXPECT_EQ(config_problems(replaced(kGame, "edition: 2", "edition: 1")), Problems{});
  EXPECT_EQ(config_problems(replaced(kGame, "edition: 2", "edition: 3")),
            Problems{"2:10: edition must be 2 (the 2nd edition) or 1 (the 1st edition), not 3"});
  EXPECT_EQ(edition_problem(3),
            "edition must be 2 (the 2nd edition) or 1 (the 1st edition), not 3");
  EXPECT_EQ(edition_problem(1), std::nullopt);
}

TEST(GameConfigFile, ExpansionsAreModuleIdsEachListedOnce) {
  EXPECT_EQ(config_problems(replaced(kGame, "expansions: []", "expansions: [Court]")),
            Problems{"3:14: expansion \"Court\" must be a module's id: lowercase letters, digits "
                     "or _, like court"});
  EXPECT_EQ(config_problems(replaced(kGame, "expansions: []", "expansions: [court, court]")),
            Problems{"3:21: expansion court is listed twice"});
  // Whether the data has the module and this program plays it is the ruleset's to say.
  EXPECT_EQ(config_problems(replaced(kGame, "expansions: []", "expansions: [court]")), Problems{});
}

TEST(GameConfigFile, AnOutboxOutsideTheGameDirectoryIsRefused) {
  const std::string hint = "; write a directory inside the game directory, like outbox";
  EXPECT_EQ(config_problems(replaced(kGame, "outbox: outbox", "outbox: ../x")),
            Problems{"12:11: mail outbox \"../x\" leads out of the game directory (..)" + hint});
  EXPECT_EQ(
      config_problems(replaced(kGame, "outbox: outbox", "outbox: mail/../../x")),
      Problems{"12:11: mail outbox \"mail/../../x\" leads out of the game directory (..)" + hint});
  EXPECT_EQ(config_problems(replaced(kGame, "outbox: outbox", "outbox: /var/mail")),
            Problems{"12:11: mail outbox \"/var/mail\" is an absolute path" + hint});
  EXPECT_EQ(config_problems(replaced(kGame, "outbox: outbox", "outbox: \"\"")),
            Problems{"12:11: mail outbox is empty" + hint});
  EXPECT_EQ(config_problems(replaced(kGame, "outbox: outbox", "outbox: ./")),
            Problems{"12:11: mail outbox \"./\" is the game directory itself" + hint});
  EXPECT_EQ(config_problems(replaced(kGame, "outbox: outbox", "outbox: mail/out")), Problems{});
}

}  // namespace
}  // namespace wallenstein
