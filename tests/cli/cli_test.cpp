// Runs the built `wallenstein` binary against temporary game directories.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "pbem/files/digest.hpp"
#include "pbem/files/kept.hpp"
#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/map/outlines.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::TempDir;
using testing::write_text;

using testing::Outcome;
using testing::players_args;
using testing::snapshot_tree;

using testing::run;

Outcome new_game_cmd(const fs::path& dir, int players, const std::string& seed = "42") {
  return testing::new_game(dir, players, seed);
}
using testing::write_random_orders;

class NewGameFor : public ::testing::TestWithParam<int> {};

TEST_P(NewGameFor, CreatesGameYamlAndTheFirstSeason) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  const Outcome r = new_game_cmd(dir, GetParam());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "game.yaml"));
  EXPECT_TRUE(fs::exists(dir / "seasons" / "01-1618-spring" / "state.yaml"));
  const Outcome show = run({"show", dir.string(), "--json"});
  ASSERT_EQ(show.status, 0) << show.err;
  const auto json = nlohmann::json::parse(show.out);
  EXPECT_EQ(json["game"], "game");
  EXPECT_EQ(json["season"], "1618-spring");
  EXPECT_EQ(json["players"].size(), static_cast<std::size_t>(GetParam()));
  const int thaler = GetParam() == 3 ? 18 : GetParam() == 4 ? 15 : 12;
  EXPECT_EQ(json["players"][0]["thaler"], thaler);
  EXPECT_EQ(json["players"][1]["name"], "Jörg Krämer");
  EXPECT_EQ(json["action_cards"].size(), 5u);
  int out_of_play = 0;
  for (const auto& p : json["provinces"]) out_of_play += p["in_play"] == true ? 0 : 1;
  EXPECT_EQ(out_of_play, GetParam() == 3 ? 8 : 0);
}

TEST_P(NewGameFor, PlaysFromNewToAWinnerWithSubmitAndResolveAlone_D23) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  ASSERT_EQ(new_game_cmd(dir, GetParam(), "7").status, 0);
  for (int season = 1; season <= 6; ++season) {
    for (const auto& file : write_random_orders(dir, tmp / ("orders" + std::to_string(season)),
                                                static_cast<std::uint64_t>(season))) {
      const Outcome submit = run({"submit", dir.string(), file.string()});
      ASSERT_EQ(submit.status, 0) << submit.err << read_text(file);
    }
    const Outcome status = run({"status", dir.string()});
    EXPECT_NE(status.out.find("Missing:   nobody"), std::string::npos) << status.out;
    const Outcome resolve = run({"resolve", dir.string()});
    ASSERT_EQ(resolve.status, 0) << resolve.err;
  }
  const auto json = nlohmann::json::parse(run({"show", dir.string(), "--json"}).out);
  EXPECT_EQ(json["finished"], true);
  EXPECT_FALSE(json["winner"].is_null());
  EXPECT_EQ(json["season"], "1619-end");
  const Outcome replay = run({"replay", dir.string()});
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_NE(replay.out.find("All 6 resolved seasons replay byte for byte."), std::string::npos);
  const Outcome late = run({"resolve", dir.string()});
  EXPECT_EQ(late.status, 1);
  EXPECT_NE(late.err.find("the game is over"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Players, NewGameFor, ::testing::Values(3, 4, 5));

/// The program copied to DIR/bin, with share/wallenstein beside it as `share` says (or none).
std::string program_in(const std::filesystem::path& dir, bool with_share) {
  namespace fs = std::filesystem;
  fs::create_directories(dir / "bin");
  fs::copy_file(testing::wallenstein_binary(), dir / "bin" / "wallenstein");
  if (with_share) {
    const fs::path built_share =
        fs::path(testing::wallenstein_binary()).parent_path().parent_path() / "share" /
        "wallenstein";
    fs::create_directories(dir / "share" / "wallenstein");
    fs::copy(fs::canonical(built_share / "data"), dir / "share" / "wallenstein" / "data",
             fs::copy_options::recursive);
    fs::copy(fs::canonical(built_share / "templates"), dir / "share" / "wallenstein" / "templates",
             fs::copy_options::recursive);
  }
  return testing::shell_quote((dir / "bin" / "wallenstein").string());
}

/// `new GAME` with three players and a seed, as words for the shell.
std::string new_game_words(const std::filesystem::path& game) {
  std::string words = " new " + testing::shell_quote(game.string()) + " --seed 7";
  for (const std::string& a : players_args(3)) words += " " + testing::shell_quote(a);
  return words;
}

TEST(Cli, AProgramMovedWithItsShareDirectoryFindsItsDataBesideItsBin) {
  TempDir tmp;
  const std::string program = program_in(tmp / "prefix", true);
  const Outcome r = testing::run_shell("env -u WALLENSTEIN_DATA -u WALLENSTEIN_TEMPLATES " +
                                       program + new_game_words(tmp / "game"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(tmp / "game" / "game.yaml"));
}

TEST(Cli, ARulesetKeptBetweenCommandsFollowsAnEditOfTheDataAndOffKeepsNone) {
  TempDir tmp;
  const fs::path data = tmp / "data";
  fs::copy(testing::source_data_dir(), data, fs::copy_options::recursive);
  const auto with_cache = [&](const std::string& cache, const std::string& words) {
    return testing::run_shell("cd " + testing::shell_quote(tmp.path().string()) +
                              " && WALLENSTEIN_CACHE=" + testing::shell_quote(cache) + " " +
                              testing::shell_quote(testing::wallenstein_binary()) + words +
                              " --data " + testing::shell_quote(data.string()));
  };
  const std::string cache = (tmp / "cache").string();
  const std::string show = " show " + testing::shell_quote((tmp / "game").string()) + " --json";
  const auto first_name = [](const Outcome& shown) {
    return nlohmann::json::parse(shown.out)["provinces"][0]["name"].get<std::string>();
  };
  ASSERT_EQ(with_cache(cache, new_game_words(tmp / "game")).status, 0);
  ASSERT_EQ(std::distance(fs::directory_iterator(tmp / "cache" / "rulesets"), {}), 1);
  const Outcome kept = with_cache(cache, show);
  ASSERT_EQ(kept.status, 0) << kept.err;
  EXPECT_EQ(first_name(kept), "Altmark");
  testing::replace_in_file(data / "provinces.yaml", "name: \"Altmark\"", "name: \"Altmark/Elbe\"");
  const Outcome edited = with_cache(cache, show);
  ASSERT_EQ(edited.status, 0) << edited.err;
  EXPECT_EQ(first_name(edited), "Altmark/Elbe");
  EXPECT_EQ(std::distance(fs::directory_iterator(tmp / "cache" / "rulesets"), {}), 2);
  const Outcome off = with_cache("off", show);
  EXPECT_EQ(off.out, edited.out);
  EXPECT_FALSE(fs::exists(tmp / "off")) << "off is no directory's name (run from there)";
}

TEST(Cli, CataloguesAndStatesKeptBetweenCommandsFollowEditsOfTheTemplatesAndOfTheState) {
  TempDir tmp;
  const fs::path templates = tmp / "templates";
  fs::copy(testing::source_path("templates"), templates, fs::copy_options::recursive);
  const fs::path cache = tmp / "cache";
  const auto cached = [&](const std::string& words) {
    return testing::run_shell("WALLENSTEIN_CACHE=" + testing::shell_quote(cache.string()) + " " +
                              testing::shell_quote(testing::wallenstein_binary()) + words +
                              " --templates " + testing::shell_quote(templates.string()));
  };
  const auto kept = [&](const std::string& kind) {
    return std::distance(fs::directory_iterator(cache / kind), {});
  };
  const fs::path game = tmp / "game";
  ASSERT_EQ(cached(new_game_words(game)).status, 0);
  const fs::path orders = testing::write_random_orders(game, tmp.path(), 3).front();
  testing::replace_in_file(orders, "game: game", "game: other");
  const std::string check =
      " check " + testing::shell_quote(game.string()) + " " + testing::shell_quote(orders.string());
  for (int attempt = 0; attempt < 2; ++attempt) {
    const Outcome r = cached(check);
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("game \"other\" is not this game"), std::string::npos) << r.err;
  }
  EXPECT_EQ(kept("catalogues"), 1);
  EXPECT_EQ(kept("states"), 1);
  testing::replace_in_file(templates / "text" / "problems.yaml", "is not this game;",
                           "is another game;");
  const Outcome edited = cached(check);
  EXPECT_NE(edited.err.find("game \"other\" is another game"), std::string::npos) << edited.err;
  EXPECT_EQ(kept("catalogues"), 2);
  const std::string show = " show " + testing::shell_quote(game.string()) + " --json";
  const auto thaler = [](const Outcome& shown) {
    return nlohmann::json::parse(shown.out)["players"][0]["thaler"].get<int>();
  };
  const int before = thaler(cached(show));
  testing::replace_in_file(game / "seasons" / "01-1618-spring" / "state.yaml",
                           "thaler: " + std::to_string(before),
                           "thaler: " + std::to_string(before + 1));
  EXPECT_EQ(thaler(cached(show)), before + 1) << "the edited state is read";
  EXPECT_EQ(kept("states"), 2);
}

TEST(Cli, OutlinesKeptBetweenProcessesDrawTheSameMapAndAnEntryNotTheirsIsNotUsed) {
  TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(new_game_cmd(game, 4).status, 0);
  const fs::path cache = tmp / "cache";
  const auto render = [&](const std::string& kept, const std::string& layout) {
    const fs::path out = tmp / "map.png";
    const Outcome r =
        testing::run_shell("WALLENSTEIN_CACHE=" + testing::shell_quote(kept) + " " +
                           testing::shell_quote(testing::wallenstein_binary()) + " render " +
                           testing::shell_quote(game.string()) + " --layout " + layout + " -o " +
                           testing::shell_quote(out.string()));
    EXPECT_EQ(r.status, 0) << r.err;
    return read_text(out);
  };
  const auto entries = [&] {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(cache / "outlines")) out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
  };
  const std::string board = render("off", "board");
  const std::string geo = render("off", "geo");
  EXPECT_EQ(render(cache.string(), "board"), board) << "made and kept";
  ASSERT_EQ(entries().size(), 1U);
  const fs::path board_entry = entries().front();
  const std::string kept = read_text(board_entry);
  EXPECT_EQ(render(cache.string(), "board"), board) << "read back";
  // A hit draws what the entry holds: its own outlines with one province's content moved.
  const std::size_t head = kept.find('\n', kept.find('\n') + 1) + 1;
  std::optional<map::Outlines> outlines = map::outlines_from_kept_body(kept.substr(head + 32));
  ASSERT_TRUE(outlines.has_value());
  outlines->shapes[0].pole.x += 40;
  const std::string moved = map::kept_outlines_body(*outlines);
  write_text(board_entry, kept.substr(0, head) + pbem::KeyDigest().add(moved).hex() + moved);
  EXPECT_NE(render(cache.string(), "board"), board) << "the entry is read";
  write_text(board_entry, kept);
  EXPECT_EQ(render(cache.string(), "geo"), geo);
  ASSERT_EQ(entries().size(), 2U);
  // The geo layout's entry under the board's name: its own head, so not the board's.
  const fs::path geo_entry = entries()[0] == board_entry ? entries()[1] : entries()[0];
  fs::copy_file(geo_entry, board_entry, fs::copy_options::overwrite_existing);
  EXPECT_EQ(render(cache.string(), "board"), board);
  EXPECT_EQ(read_text(board_entry), kept) << "written again";
  std::string damaged = kept;
  damaged[damaged.size() / 2] ^= 1;
  write_text(board_entry, damaged);
  EXPECT_EQ(render(cache.string(), "board"), board);
  EXPECT_EQ(read_text(board_entry), kept);
}

TEST(Cli, AProgramWithoutItsDataSaysWhereItLookedAndHowToGiveIt) {
  TempDir tmp;
  const std::string program = program_in(tmp / "bare", false);
  const Outcome r = testing::run_shell("env -u WALLENSTEIN_DATA -u WALLENSTEIN_TEMPLATES " +
                                       program + new_game_words(tmp / "game"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find((tmp / "bare" / "share" / "wallenstein" / "data" / "wallenstein").string()),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--data DIR or set WALLENSTEIN_DATA"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(tmp / "game"));
  // Given --data and $WALLENSTEIN_TEMPLATES, the same program plays.
  const std::filesystem::path share =
      std::filesystem::path(testing::wallenstein_binary()).parent_path().parent_path() / "share" /
      "wallenstein";
  const Outcome given = testing::run_shell(
      "WALLENSTEIN_TEMPLATES=" + testing::shell_quote((share / "templates").string()) + " " +
      program + new_game_words(tmp / "game") + " --data " +
      testing::shell_quote((share / "data" / "wallenstein").string()));
  EXPECT_EQ(given.status, 0) << given.err;
}

// LD_DEBUG=libs makes the dynamic loader name on standard error every library it opens, the
// modules that dlopen brings in too.
TEST(Cli, CommandsThatDrawNoMapAndSendNoMailLoadNeitherCairoNorGlibNorLibcurl) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  ASSERT_EQ(new_game_cmd(dir, 3, "7").status, 0);
  const auto files = write_random_orders(dir, tmp / "orders", 1);
  const std::string program = testing::shell_quote(testing::wallenstein_binary());
  const Outcome version = testing::run_shell("LD_DEBUG=libs " + program + " --version");
  const Outcome check = testing::run_shell("LD_DEBUG=libs " + program + " check " +
                                           testing::shell_quote(dir.string()) + " " +
                                           testing::shell_quote(files.front().string()));
  ASSERT_EQ(check.status, 0) << check.err;
  for (const Outcome* light : {&version, &check}) {
    ASSERT_NE(light->err.find("libyaml-cpp"), std::string::npos) << "LD_DEBUG says nothing";
    for (const char* library : {"wallenstein-map.so", "pbem-curl.so", "pbem-gmime.so", "libcairo",
                                "libpango", "libglib", "libgmime", "libcurl"}) {
      EXPECT_EQ(light->err.find(library), std::string::npos) << library << " was loaded";
    }
  }
  // A resolve draws the map: the map's module comes in, and cairo with it; no mail library.
  for (const auto& file : files) ASSERT_EQ(run({"submit", dir.string(), file.string()}).status, 0);
  const Outcome resolve = testing::run_shell("LD_DEBUG=libs " + program + " resolve " +
                                             testing::shell_quote(dir.string()));
  ASSERT_EQ(resolve.status, 0) << resolve.err;
  EXPECT_NE(resolve.err.find("wallenstein-map.so"), std::string::npos);
  EXPECT_NE(resolve.err.find("libcairo"), std::string::npos);
  EXPECT_EQ(resolve.err.find("libcurl"), std::string::npos);
  EXPECT_EQ(resolve.err.find("libgmime"), std::string::npos);
}

TEST(
    Cli,
    AProgramWithoutItsModulesPlaysButSaysWhichModuleAMapNeedsAndWhereItLookedAndRefusesOneOthersMayWrite) {
  TempDir tmp;
  const std::string program = program_in(tmp / "prefix", true);
  const std::string env = "env -u WALLENSTEIN_DATA -u WALLENSTEIN_TEMPLATES ";
  ASSERT_EQ(testing::run_shell(env + program + new_game_words(tmp / "game")).status, 0);
  const Outcome status = testing::run_shell(env + program + " status " +
                                            testing::shell_quote((tmp / "game").string()));
  EXPECT_EQ(status.status, 0) << status.err;
  const Outcome render = testing::run_shell(env + program + " render " +
                                            testing::shell_quote((tmp / "game").string()) + " -o " +
                                            testing::shell_quote((tmp / "map.png").string()));
  EXPECT_EQ(render.status, 4) << render.err;
  EXPECT_NE(render.err.find("cannot load the module wallenstein-map.so (cairo and pango, to draw "
                            "the map); the program is not installed whole (reinstall it)"),
            std::string::npos)
      << render.err;
  EXPECT_NE(
      render.err.find((tmp / "prefix" / "lib" / "wallenstein" / "wallenstein-map.so").string() +
                      ": no such file"),
      std::string::npos)
      << render.err;
  EXPECT_FALSE(std::filesystem::exists(tmp / "map.png"));
  // The modules put beside it: one that others may write to is refused, then it draws.
  namespace fs = std::filesystem;
  const fs::path built =
      fs::path(testing::wallenstein_binary()).parent_path() / ".." / "lib" / "wallenstein";
  fs::create_directories(tmp / "prefix" / "lib" / "wallenstein");
  fs::copy(built, tmp / "prefix" / "lib" / "wallenstein", fs::copy_options::recursive);
  const fs::path map_module = tmp / "prefix" / "lib" / "wallenstein" / "wallenstein-map.so";
  fs::permissions(map_module, fs::perms::others_write, fs::perm_options::add);
  const Outcome writable = testing::run_shell(
      env + program + " render " + testing::shell_quote((tmp / "game").string()) + " -o " +
      testing::shell_quote((tmp / "map.png").string()));
  EXPECT_EQ(writable.status, 4) << writable.err;
  EXPECT_NE(writable.err.find(map_module.string() + ": others may write to it"), std::string::npos)
      << writable.err;
  fs::permissions(map_module, fs::perms::others_write, fs::perm_options::remove);
  const Outcome drawn = testing::run_shell(env + program + " render " +
                                           testing::shell_quote((tmp / "game").string()) + " -o " +
                                           testing::shell_quote((tmp / "map.png").string()));
  EXPECT_EQ(drawn.status, 0) << drawn.err;
  EXPECT_TRUE(fs::exists(tmp / "map.png"));
}

TEST(Cli, ADataOrTemplatesPathThatIsNoDirectorySaysWhereItCameFrom) {
  TempDir tmp;
  write_text(tmp / "afile", "not a directory\n");
  const Outcome by_option = testing::run_shell(testing::shell_quote(testing::wallenstein_binary()) +
                                               new_game_words(tmp / "game") + " --data " +
                                               testing::shell_quote((tmp / "afile").string()));
  EXPECT_EQ(by_option.status, 1);
  EXPECT_NE(by_option.err.find("afile: error: not a directory (given by --data)"),
            std::string::npos)
      << by_option.err;
  EXPECT_FALSE(std::filesystem::exists(tmp / "game"));
  const Outcome by_variable = testing::run_shell(
      "WALLENSTEIN_DATA=" + testing::shell_quote((tmp / "nowhere").string()) + " " +
      testing::shell_quote(testing::wallenstein_binary()) + new_game_words(tmp / "game"));
  EXPECT_EQ(by_variable.status, 1);
  EXPECT_NE(by_variable.err.find("nowhere: error: no such directory (given by $WALLENSTEIN_DATA)"),
            std::string::npos)
      << by_variable.err;
}

TEST(Cli, EveryCommandThatReadsTemplatesTakesTemplates) {
  TempDir tmp;
  ASSERT_EQ(testing::new_game(tmp / "game", 3).status, 0);
  const Outcome suggested = run({"suggest", (tmp / "game").string(), "--player", "red"});
  ASSERT_EQ(suggested.status, 0) << suggested.err;
  write_text(tmp / "red.yaml", suggested.out);
  const std::filesystem::path templates =
      std::filesystem::path(testing::wallenstein_binary()).parent_path().parent_path() / "share" /
      "wallenstein" / "templates";
  for (const char* command : {"check", "submit"}) {
    const Outcome r = run({command, (tmp / "game").string(), (tmp / "red.yaml").string(),
                           "--templates", templates.string()});
    EXPECT_EQ(r.status, 0) << command << ": " << r.err;
  }
  const Outcome nowhere = run({"check", (tmp / "game").string(), (tmp / "red.yaml").string(),
                               "--templates", (tmp / "nowhere").string()});
  EXPECT_EQ(nowhere.status, 1);
  EXPECT_NE(nowhere.err.find("no such directory (given by --templates)"), std::string::npos)
      << nowhere.err;
}

TEST(Cli, ACommandWithoutItsDirectorySaysDirIsMissingAsItsUsageNamesIt) {
  for (const char* command : {"new", "check", "resolve", "show"}) {
    const Outcome r = run({command});
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_NE(r.err.find(std::string("wallenstein ") + command + ": missing DIR\nusage: "),
              std::string::npos)
        << r.err;
  }
}

TEST(Cli, AMissingRequiredOptionIsNamedWithItsValueAsTheUsageWritesIt) {
  const Outcome seats = run({"simulate", "--games", "2"});
  EXPECT_EQ(seats.status, 2);
  EXPECT_EQ(seats.err.rfind("wallenstein simulate: missing --seats KINDS\nusage: ", 0), 0u)
      << seats.err;
  const Outcome to = run({"odds", "game", "--from", "Passau"});
  EXPECT_EQ(to.err.rfind("wallenstein odds: missing --to PROVINCE\nusage: ", 0), 0u) << to.err;
}

TEST(Cli, NewRefusesToOverwriteAnExistingGame) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  ASSERT_EQ(new_game_cmd(dir, 3).status, 0);
  const auto before = testing::snapshot_tree(dir);
  const Outcome again = new_game_cmd(dir, 4, "1");
  EXPECT_EQ(again.status, 1);
  EXPECT_NE(again.err.find("already exists and is not empty"), std::string::npos) << again.err;
  EXPECT_EQ(testing::snapshot_tree(dir), before);
}

TEST(Cli, NewRejectsAPathAsPlayerIdAndWritesNothing) {
  TempDir tmp;
  const Outcome r = run({"new", (tmp / "game").string(), "--player", "../evil:Eve:eve@example.org",
                         "--player", "blue:B:b@example.org", "--player", "yellow:Y:y@example.org"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "--player: error: player id \"../evil\" must be 1-24 lowercase letters, digits, - or "
            "_, starting with a "
            "letter (it names files)\n");
  EXPECT_FALSE(fs::exists(tmp / "game"));
}

TEST(Cli, NewWithoutSeedDrawsOneFromTheSystemAndKeepsItInGameYamlOnly) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  std::vector<std::string> args = {"new", dir.string()};
  for (auto& a : players_args(3)) args.push_back(a);
  ASSERT_EQ(run(args).status, 0);
  const std::string game_yaml = read_text(dir / "game.yaml");
  const auto at = game_yaml.find("\nseed: ");
  ASSERT_NE(at, std::string::npos);
  const std::string seed = game_yaml.substr(at + 7, game_yaml.find('\n', at + 1) - at - 7);
  EXPECT_GT(seed.size(), 6u);
  EXPECT_EQ(read_text(dir / "seasons" / "01-1618-spring" / "state.yaml").find(seed),
            std::string::npos);
  EXPECT_EQ(run({"show", dir.string(), "--json"}).out.find(seed), std::string::npos);
}

TEST(Cli, NewMakesTheGameDirectoryReadableByTheGameMasterAlone) {
  TempDir tmp;
  const fs::path dir = tmp / "game";
  std::vector<std::string> args = {"new", dir.string()};
  for (auto& a : players_args(3)) args.push_back(a);
  ASSERT_EQ(run(args).status, 0);
  // The seed, the tokens' salt and the hidden cards are inside: no one else may list or read it.
  EXPECT_EQ(fs::status(dir).permissions(), fs::perms::owner_all);
}

TEST(Cli, NewWarnsWhenMailFromIsLeftAtTheDefault) {
  TempDir tmp;
  const Outcome r = new_game_cmd(tmp / "game", 3);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("wallenstein new: warning: mail.from is left at the default Wallenstein GM "
                       "<gm@localhost>: "
                       "players' replies would go nowhere."),
            std::string::npos)
      << r.err;
  write_text(tmp / "def.yaml",
             "name: league\nplayers:\n  - {id: red, name: A, email: a@example.org}\n"
             "  - {id: blue, name: B, email: b@example.org}\n  - {id: green, name: C, email: "
             "c@example.org}\n"
             "mail: {from: \"GM <gm@example.org>\"}\n");
  const Outcome set = run({"new", (tmp / "league").string(), "--from", (tmp / "def.yaml").string(),
                           "--seed", "5000000000"});
  ASSERT_EQ(set.status, 0) << set.err;
  EXPECT_EQ(set.err, "");
}

TEST(Cli, NewWarnsWhenTheGamesNameIsNotItsDirectorysName) {
  TempDir tmp;
  write_text(tmp / "def.yaml",
             "name: league\nplayers:\n  - {id: red, name: A, email: a@example.org}\n"
             "  - {id: blue, name: B, email: b@example.org}\n  - {id: green, name: C, email: "
             "c@example.org}\n"
             "mail: {from: \"GM <gm@example.org>\"}\n");
  const Outcome r = run({"new", (tmp / "g2").string(), "--from", (tmp / "def.yaml").string(),
                         "--seed", "5000000000"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.err.find("the game is named \"league\" but its directory is \"g2\"; `receive --root`"),
      std::string::npos)
      << "mail under a root would not find it: " << r.err;
}

TEST(Cli, NewFromAGameFileWithoutSeed) {
  TempDir tmp;
  write_text(tmp / "def.yaml", R"(name: league-7
players:
  - {id: red, name: "Anna", email: "anna@example.org"}
  - {id: blue, name: "Bert", email: "bert@example.org"}
  - {id: green, name: "Cleo", email: "cleo@example.org"}
  - {id: black, name: "Dora", email: "dora@example.org"}
mail: {from: "GM <gm@example.org>"}
)");
  const Outcome r =
      run({"new", (tmp / "g").string(), "--from", (tmp / "def.yaml").string(), "--seed", "5"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(run({"show", (tmp / "g").string(), "--json"}).out);
  EXPECT_EQ(json["game"], "league-7");
  EXPECT_EQ(json["players"].size(), 4u);
}

class GameFixture : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(new_game_cmd(dir(), 3).status, 0); }
  fs::path dir() const { return tmp_ / "game"; }
  fs::path file(const std::string& name, const std::string& text) const {
    write_text(tmp_ / name, text);
    return tmp_ / name;
  }
  std::string red_orders(const std::string& bid = "2") const {
    return "game: game\nplayer: red\nseason: 1618-spring\nactions:\n  palace: Gft. Mark\n  church: "
           "none\n"
           "  trading_house: Koeln\n  grain: Osnabrück\n  taxes: Erzbm. Trier\n  armies5: "
           "oberoesterreich\n"
           "  armies3: none\n  army1: {province: Passau, move_to: Oberösterreich}\n"
           "  battle_a: {province: Vogtland, target: Kursachsen}\n  battle_b: none\nbid: " +
           bid + "\n";
  }
  TempDir tmp_;
};

TEST_F(GameFixture, CheckAcceptsValidOrdersAndStoresNothing) {
  const auto before = testing::snapshot_tree(dir());
  const Outcome r = run({"check", dir().string(), file("red.yaml", red_orders()).string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("red.yaml: ok (red, 1618-spring)"), std::string::npos);
  EXPECT_EQ(testing::snapshot_tree(dir()), before);
}

TEST_F(GameFixture, CheckListsEveryProblemOfEveryFileAndExitsOne) {
  std::string bad = red_orders("9");
  bad.replace(bad.find("Koeln"), 5, "Kolen");
  const Outcome r = run(
      {"check", dir().string(), file("a.yaml", bad).string(), file("b.yaml", "[1, 2]\n").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(
      r.err.find("a.yaml:7:18: error: unknown province \"Kolen\"; did you mean \"Erzbm. Köln\"?"),
      std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("a.yaml:15:6: error: bid 9 is not a coin card"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("b.yaml:1:1: error: an order file is a YAML map"), std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("a.yaml: 2 errors"), std::string::npos) << r.out;
}

TEST_F(GameFixture, SubmitStoresTheOrdersAndStatusShowsThem) {
  const Outcome s = run({"submit", dir().string(), file("red.yaml", red_orders()).string()});
  ASSERT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(read_text(dir() / "seasons/01-1618-spring/orders/red.yaml"), red_orders());
  const Outcome again =
      run({"submit", dir().string(), file("red2.yaml", red_orders("1")).string()});
  EXPECT_NE(again.out.find("replacing the earlier ones"), std::string::npos);
  EXPECT_EQ(read_text(dir() / "seasons/01-1618-spring/orders/red.yaml"), red_orders("1"));
  const Outcome status = run({"status", dir().string()});
  EXPECT_EQ(
      status.out,
      "Game game in " + dir().string() +
          ", 3 players\nSeason 1618-spring (1 of 6), rules version 3\nDeadline: none set\n"
          "Submitted: Anna Weber (red) [receipt " +
          sha256_hex(read_text(dir() / "seasons/01-1618-spring/orders/red.yaml")).substr(0, 12) +
          "]\nMissing:   Jörg Krämer (blue), Marie Dubois (yellow)\n");
}

TEST_F(GameFixture, CheckPrintsAForecastAndStillSucceeds) {
  std::string orders = red_orders();
  orders.replace(orders.find("target: Kursachsen}"), 19, "target: Kursachsen, min_armies: 2}");
  const Outcome r = run({"check", dir().string(), file("red.yaml", orders).string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.out.find(
          "red.yaml: ok (red, 1618-spring)\n" + (tmp_ / "red.yaml").string() +
          ": forecast: Battle/move A from Vogtland may have too few armies: 2 armies there now, 3 "
          "needed when it is played (one always stays), else it is cancelled\n"),
      std::string::npos)
      << r.out;
  const Outcome s = run({"submit", dir().string(), file("red.yaml", orders).string()});
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_NE(s.out.find("forecast: Battle/move A from Vogtland"), std::string::npos) << s.out;
}

TEST_F(GameFixture, CheckAndSubmitGiveEachPlannedBattleTheOddsThatOddsComputes) {
  // battle_a sends Vogtland's armies but one (1) against the peasants of neutral Kursachsen.
  const Outcome odds =
      run({"odds", dir().string(), "--from", "Vogtland", "--to", "Kursachsen", "--armies", "1"});
  ASSERT_EQ(odds.status, 0) << odds.err;
  std::smatch exact;
  ASSERT_TRUE(std::regex_search(odds.out, exact,
                                std::regex(R"(win ([\d.]+)%, tie ([\d.]+)%, lose ([\d.]+)%)")))
      << odds.out;
  const std::regex line(
      "red\\.yaml: forecast: Battle/move A from Vogtland, if fought as things stand: (\\d+)% win, "
      "(\\d+)% tie, "
      "(\\d+)% lose with 1 army against the peasants of neutral Kursachsen \\([^)]* odds to win; "
      "bonus tiles and "
      "the event not counted\\)\n");
  for (const char* command : {"check", "submit"}) {
    const Outcome r = run({command, dir().string(), file("red.yaml", red_orders()).string()});
    ASSERT_EQ(r.status, 0) << r.err;
    std::smatch shown;
    ASSERT_TRUE(std::regex_search(r.out, shown, line)) << command << ":\n" << r.out;
    for (std::size_t i = 1; i <= 3; ++i) {
      EXPECT_NEAR(std::stod(shown[i]), std::stod(exact[i]), 0.55)
          << command << ": whole percents of " << exact[0];
    }
  }
}

TEST_F(GameFixture, SubmitTakesThePlayerIdInAnyCaseAndStoresUnderTheGamesId) {
  std::string orders = red_orders();
  orders.replace(orders.find("player: red"), 11, "player: Red");
  const Outcome s =
      run({"submit", dir().string(), file("red.yaml", orders).string(), "--player", "red"});
  ASSERT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(read_text(dir() / "seasons/01-1618-spring/orders/red.yaml"), orders);
}

TEST_F(GameFixture, ResolveNamesTheEventAndThePlayersNotTheirIds) {
  const Outcome r = run({"resolve", dir().string(), "--force"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json =
      nlohmann::json::parse(run({"show", dir().string(), "--season", "1618-spring", "--json"}).out);
  const std::string event = json["resolution"]["event"];
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  EXPECT_NE(
      r.out.find(": event \"" + rules.event(*rules.find_event(event)).name + "\", turn order "),
      std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find(event), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Anna Weber (red)"), std::string::npos) << r.out;
  EXPECT_NE(
      r.out.find("NMR (--nmr pass): Anna Weber (red), Jörg Krämer (blue), Marie Dubois (yellow)"),
      std::string::npos)
      << r.out;
}

TEST_F(GameFixture, StatusOfAFinishedGameNamesTheWinnerWithVictoryPointsAndThaler) {
  for (int season = 1; season <= 6; ++season)
    ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  const auto json = nlohmann::json::parse(run({"show", dir().string(), "--json"}).out);
  const Outcome status = run({"status", dir().string()});
  ASSERT_EQ(status.status, 0) << status.err;
  const std::map<std::string, std::string> names = {
      {"red", "Anna Weber"}, {"blue", "Jörg Krämer"}, {"yellow", "Marie Dubois"}};
  const auto& first = json["winners"][0];
  const std::string id = first.get<std::string>();
  EXPECT_NE(status.out.find(names.at(id) + " (" + id + "), "), std::string::npos) << status.out;
  EXPECT_NE(status.out.find(json["winners"].size() == 1 ? "Winner: " : "Shared win: "),
            std::string::npos)
      << status.out;
  EXPECT_NE(status.out.find(" VP, "), std::string::npos) << status.out;
}

TEST_F(GameFixture, SubmitRefusesAFileOfAnotherPlayerWhenThePlayerIsGiven) {
  const Outcome r =
      run({"submit", dir().string(), file("red.yaml", red_orders()).string(), "--player", "blue"});
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(fs::exists(dir() / "seasons/01-1618-spring/orders/red.yaml"));
}

TEST_F(GameFixture, MalformedInputIsRejectedAndNothingIsWritten) {
  const auto before = testing::snapshot_tree(dir());
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'z'; ++c)
    bomb += std::string(1, c) + ": &" + c + " [*" + static_cast<char>(c - 1) + ", *" +
            static_cast<char>(c - 1) + "]\n";
  const fs::path huge = tmp_ / "huge.yaml";
  write_text(huge, "");
  fs::resize_file(huge, 100u << 20);
  for (const fs::path& f :
       {file("bomb.yaml", bomb), file("utf8.yaml", "game: g\xc3\x28\n"), huge,
        file("types.yaml", "game: [1]\nplayer: {a: 1}\nseason: 3\nactions: []\nbid: {}\n"),
        file("empty.yaml", "")}) {
    const Outcome r = run({"submit", dir().string(), f.string()});
    EXPECT_EQ(r.status, 1) << f;
    EXPECT_NE(r.err.find(f.string() + ":"), std::string::npos) << r.err;
  }
  EXPECT_EQ(testing::snapshot_tree(dir()), before);
}

TEST_F(GameFixture, ResolveRefusesWhileOrdersAreMissingAndForceRecordsTheNmrPlayers) {
  ASSERT_EQ(run({"submit", dir().string(), file("red.yaml", red_orders()).string()}).status, 0);
  const Outcome refused = run({"resolve", dir().string()});
  EXPECT_EQ(refused.status, 5) << "not now: orders are missing";
  EXPECT_NE(refused.err.find("orders are missing from Jörg Krämer (blue), Marie Dubois (yellow)"),
            std::string::npos)
      << refused.err;
  const Outcome forced = run({"resolve", dir().string(), "--force"});
  ASSERT_EQ(forced.status, 0) << forced.err;
  EXPECT_NE(forced.out.find("NMR (--nmr pass): Jörg Krämer (blue), Marie Dubois (yellow)"),
            std::string::npos);
  const auto json =
      nlohmann::json::parse(run({"show", dir().string(), "--season", "1618-spring", "--json"}).out);
  EXPECT_EQ(json["resolution"]["nmr"], nlohmann::json::array({"blue", "yellow"}));
  EXPECT_EQ(json["resolution"]["bids"]["blue"], 0);
  EXPECT_EQ(nlohmann::json::parse(run({"show", dir().string(), "--json"}).out)["season"],
            "1618-summer");
}

TEST_F(GameFixture, RollbackRestoresTheDirectoryByteForByte) {
  ASSERT_EQ(run({"submit", dir().string(), file("red.yaml", red_orders()).string()}).status, 0);
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  const auto before = testing::snapshot_tree(dir());
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  EXPECT_NE(testing::snapshot_tree(dir()), before);
  const Outcome r = run({"rollback", dir().string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(testing::snapshot_tree(dir()), before);
  ASSERT_EQ(run({"rollback", dir().string()}).status, 0);
  const Outcome none = run({"rollback", dir().string()});
  EXPECT_EQ(none.status, 1);
}

TEST_F(GameFixture, ReplayReportsAnEditedLog) {
  ASSERT_EQ(run({"resolve", dir().string(), "--force"}).status, 0);
  const fs::path log = dir() / "seasons/01-1618-spring/log.yaml";
  testing::replace_in_file(log, "nmr_policy: pass", "nmr_policy: pass\n# edited");
  const Outcome r = run({"replay", dir().string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("log.yaml: differs: line 9"), std::string::npos) << r.err;
}

TEST(Cli, UsageErrorsExitTwoAndHelpWorksForEveryCommand) {
  EXPECT_EQ(run({}).status, 2);
  EXPECT_EQ(run({"frobnicate"}).status, 2);
  EXPECT_EQ(run({"check"}).status, 2);
  EXPECT_EQ(run({"--version"}).out.rfind("wallenstein ", 0), 0u);
  for (const char* command :
       {"new", "check", "submit", "status", "resolve", "replay", "rollback", "show"}) {
    const Outcome help = run({command, "--help"});
    EXPECT_EQ(help.status, 0) << command;
    EXPECT_NE(help.out.find(std::string("usage: wallenstein ") + command), std::string::npos)
        << command;
  }
}

TEST(Cli, HelpNamesTheArgumentsAsTheUsageLineDoesAndHidesTheirInternalOptionNames) {
  const Outcome submit = run({"submit", "--help"});
  EXPECT_NE(submit.out.find("\nArguments:\n  DIR         the game directory\n  FILE        the "
                            "order file\n"),
            std::string::npos)
      << submit.out;
  const Outcome receive = run({"receive", "--help"});
  EXPECT_NE(receive.out.find("  DIR [FILE]  the game directory and the message"), std::string::npos)
      << receive.out;
  for (const char* command : {"new", "check", "submit", "status", "resolve", "rollback", "player",
                              "receive", "fetch", "accept", "tick", "mail", "suggest"}) {
    const Outcome help = run({command, "--help"});
    for (const char* internal :
         {"--args", "--dir ", "--dirs", "--file ", "--files", "--action", "--id "}) {
      EXPECT_EQ(help.out.find(internal), std::string::npos) << command << ": " << help.out;
    }
  }
}

TEST(Cli, NotAGameDirectoryIsAnInputError) {
  TempDir tmp;
  const Outcome r = run({"status", tmp.path().string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, tmp.path().string() + ": error: not a game directory: game.yaml is missing\n");
}

}  // namespace
}  // namespace wallenstein

namespace wallenstein {
namespace {

TEST_F(GameFixture, CheckSaysTheProblemsInTheLanguageAskedForOrThePlayersOrTheGames) {
  std::string bad = red_orders("9");
  bad.replace(bad.find("Koeln"), 5, "Kolen");
  const fs::path orders = file("a.yaml", bad);
  const Outcome english = run({"check", dir().string(), orders.string()});
  EXPECT_NE(english.err.find("unknown province \"Kolen\""), std::string::npos) << english.err;
  const Outcome french = run({"check", dir().string(), orders.string(), "--language", "fr"});
  EXPECT_EQ(french.status, 1);
  EXPECT_EQ(french.err.find("unknown province"), std::string::npos) << french.err;
  EXPECT_NE(french.err.find("a.yaml:7:18:"), std::string::npos) << french.err;
  EXPECT_NE(french.err.find("Kolen"), std::string::npos) << french.err;
  // red reads German from now on: their files are checked in German without --language.
  const Outcome set = run({"player", dir().string(), "red", "--language", "de"});
  ASSERT_EQ(set.status, 0) << set.err;
  EXPECT_NE(set.out.find("reads the game in Deutsch (de)"), std::string::npos) << set.out;
  EXPECT_NE(read_text(dir() / "game.yaml").find("language: de"), std::string::npos);
  const Outcome german = run({"check", dir().string(), orders.string()});
  EXPECT_EQ(german.err.find("unknown province"), std::string::npos) << german.err;
  EXPECT_NE(german.err.find("Kolen"), std::string::npos) << german.err;
  EXPECT_NE(german.err, french.err);
  const Outcome back = run({"player", dir().string(), "red", "--language", "game"});
  ASSERT_EQ(back.status, 0) << back.err;
  EXPECT_EQ(run({"check", dir().string(), orders.string()}).err, english.err);
}

TEST_F(GameFixture, ALanguageWithoutTemplatesIsRefusedNamingThoseThereAre) {
  const std::string before = read_text(dir() / "game.yaml");
  const Outcome player = run({"player", dir().string(), "red", "--language", "it"});
  EXPECT_EQ(player.status, 1);
  EXPECT_NE(player.err.find("no templates in language \"it\"; there are: de, en, fr"),
            std::string::npos)
      << player.err;
  EXPECT_EQ(read_text(dir() / "game.yaml"), before) << "nothing is changed";
  const Outcome created =
      run({"new", (tmp_ / "other").string(), "--seed", "3", "--language", "xx", "--player",
           "red:Anna:anna@example.org", "--player", "blue:Ben:ben@example.org", "--player",
           "yellow:Cleo:cleo@example.org"});
  EXPECT_EQ(created.status, 1);
  EXPECT_FALSE(fs::exists(tmp_ / "other" / "game.yaml"));
}

TEST(Cli, AGameInFrenchMakesItsReportsOrderTemplatesAndMapInFrench) {
  TempDir tmp;
  const fs::path game = tmp / "partie";
  std::vector<std::string> args = {"new", game.string(), "--seed", "11", "--language", "fr"};
  for (const std::string& p : players_args(3)) args.push_back(p);
  ASSERT_EQ(run(args).status, 0);
  EXPECT_NE(read_text(game / "game.yaml").find("language: fr"), std::string::npos);
  testing::submit_random_orders(game, tmp / "orders", 5);
  const Outcome resolved = run({"resolve", game.string()});
  ASSERT_EQ(resolved.status, 0) << resolved.err;
  const fs::path season = game / "seasons" / "01-1618-spring";
  const std::string report = read_text(season / "reports" / "red.txt");
  EXPECT_NE(report.find("printemps 1618"), std::string::npos) << report;
  EXPECT_EQ(report.find("WHAT HAPPENED"), std::string::npos) << report;
  EXPECT_TRUE(fs::exists(season / "map.png")) << "the game's language has map.png";
  EXPECT_FALSE(fs::exists(season / "reports" / "map-fr.png"));
  // One player reads German: their report, with its own map beside it.
  ASSERT_EQ(run({"player", game.string(), "blue", "--language", "de"}).status, 0);
  ASSERT_EQ(run({"report", game.string(), "--season", "1618-spring"}).status, 0);
  const Outcome mailed = run({"mail", game.string()});
  ASSERT_EQ(mailed.status, 0) << mailed.err;
  EXPECT_TRUE(fs::exists(season / "reports" / "map-de.png"));
  EXPECT_NE(read_text(season / "reports" / "blue.html").find("src=\"map-de.png\""),
            std::string::npos);
  EXPECT_NE(read_text(season / "reports" / "red.html").find("src=\"../map.png\""),
            std::string::npos);
  EXPECT_NE(read_text(season / "reports" / "blue.txt").find("1618"), std::string::npos);
  EXPECT_NE(read_text(season / "reports" / "blue.txt"), report);
  const Outcome german_map =
      run({"render", game.string(), "--language", "de", "-o", (tmp / "de.png").string()});
  EXPECT_EQ(german_map.status, 0) << german_map.err;
}

}  // namespace
}  // namespace wallenstein
