// publish (interfaces 8): a game's public pages, what they may show, and the archive verify
// checks; headless Chromium opens every page.

#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>
#include <set>

#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::contains;
using testing::run_wallenstein;

/// A 5-player game with every expansion played to its end by the bot (every seat's orders
/// missing, the NMR policy `bot` plays them).
fs::path publish_finished_game(const testing::TempDir& tmp) {
  const fs::path game = tmp / "five";
  std::vector<std::string> args{
      "new",    game.string(),  "--name",       "five",
      "--seed", "987654321987", "--expansions", "court,landsknechte,leaders"};
  for (const auto& a : testing::players_args(5)) args.push_back(a);
  EXPECT_EQ(run_wallenstein(args).status, 0);
  for (int season = 0; season < 8; ++season) {
    const auto r = run_wallenstein({"resolve", game.string(), "--force", "--nmr", "bot"});
    EXPECT_EQ(r.status, 0) << r.err;
    bool over = false;
    for (const auto& e : fs::directory_iterator(game / "seasons"))
      over = over || e.path().filename().string().ends_with("-end");
    if (over) break;
  }
  return game;
}

/// Every file of a folder, by path relative to it.
std::map<std::string, std::string> site_files(const fs::path& out) {
  return testing::snapshot_tree(out);
}

/// The href and src targets of an HTML page.
std::vector<std::string> links_of(const std::string& html) {
  static const std::regex link(R"re((?:href|src)="([^"]*)")re");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), link); it != std::sregex_iterator();
       ++it)
    out.push_back((*it)[1]);
  return out;
}

/// The private things of a game: every player's token and address, the game master's address.
std::vector<std::string> secrets_of(const fs::path& game) {
  std::vector<std::string> out;
  const std::string yaml = testing::read_text(game / "game.yaml");
  static const std::regex field(R"re((?:\{|, )(?:token|email): "?([^,}"\s]+))re");
  for (auto it = std::sregex_iterator(yaml.begin(), yaml.end(), field);
       it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  out.push_back("gm@example.org");
  // Each player's token and address, and the game master's: the scan below looks for them all.
  EXPECT_GE(out.size(), 7u) << yaml;
  return out;
}

TEST(Publish, AFinishedGamesSiteLinksOnlyToItsOwnFilesAndShowsNothingPrivate) {
  testing::TempDir tmp;
  const fs::path game = publish_finished_game(tmp);
  const fs::path out = tmp / "site";
  const auto r = run_wallenstein({"publish", game.string(), out.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto files = site_files(out);
  ASSERT_TRUE(files.count("index.html"));
  ASSERT_TRUE(files.count("five.tar.gz"));
  std::size_t season_pages = 0;
  for (const auto& [path, bytes] : files) {
    if (!path.ends_with(".html")) continue;
    season_pages += path.starts_with("seasons/");
    for (const std::string& link : links_of(bytes)) {
      ASSERT_FALSE(link.empty()) << path;
      EXPECT_EQ(link.find("://"), std::string::npos) << path << " links outside: " << link;
      EXPECT_NE(link[0], '/') << path << " has an absolute link: " << link;
      const fs::path target = (fs::path(path).parent_path() / link).lexically_normal();
      EXPECT_TRUE(files.count(target.generic_string())) << path << " links to a missing " << link;
    }
  }
  EXPECT_GE(season_pages, 6u);
  // The archive holds what verify needs, its secrets stripped.
  ASSERT_EQ(
      testing::run_shell("cd " + testing::shell_quote(tmp.path().string()) +
                         " && mkdir unpacked && tar xzf " +
                         testing::shell_quote((out / "five.tar.gz").string()) + " -C unpacked")
          .status,
      0);
  const auto unpacked = testing::snapshot_tree(tmp / "unpacked");
  for (const std::string& secret : secrets_of(game)) {
    for (const auto& [path, bytes] : files)
      EXPECT_FALSE(contains(bytes, secret)) << path << " shows " << secret;
    for (const auto& [path, bytes] : unpacked)
      EXPECT_FALSE(contains(bytes, secret)) << "the archive's " << path << " shows " << secret;
  }
  EXPECT_FALSE(unpacked.count("five/mail")) << "no mail in the archive";
  // Once the game is over, the seed is shown.
  EXPECT_TRUE(contains(files.at("index.html"), "987654321987"));
}

TEST(Publish, VerifyAcceptsThePublishedArchiveAndRefusesATamperedOne) {
  testing::TempDir tmp;
  const fs::path game = publish_finished_game(tmp);
  const fs::path out = tmp / "site";
  ASSERT_EQ(run_wallenstein({"publish", game.string(), out.string()}).status, 0);
  const auto ok = run_wallenstein({"verify", (out / "five.tar.gz").string()});
  EXPECT_EQ(ok.status, 0) << ok.out << ok.err;
  EXPECT_TRUE(contains(ok.out, "Verified")) << ok.out;
  // One army more in a season's state: the replay finds it.
  const std::string dir = testing::shell_quote(tmp.path().string());
  ASSERT_EQ(testing::run_shell("cd " + dir + " && mkdir t && tar xzf " +
                               testing::shell_quote((out / "five.tar.gz").string()) + " -C t")
                .status,
            0);
  const fs::path state = tmp / "t/five/seasons/03-1618-autumn/state.yaml";
  std::string text = testing::read_text(state);
  const auto at = text.find("thaler: ");
  ASSERT_NE(at, std::string::npos);
  text.insert(at + 8, "1");
  testing::write_text(state, text);
  ASSERT_EQ(testing::run_shell("cd " + dir + "/t && tar czf ../tampered.tar.gz five").status, 0);
  const auto bad = run_wallenstein({"verify", (tmp / "tampered.tar.gz").string()});
  EXPECT_EQ(bad.status, 1) << bad.out << bad.err;
  EXPECT_TRUE(contains(bad.out, "NOT verified")) << bad.out;
}

TEST(Publish, ARunningGameShowsWhoSentOrdersButNeitherTheirOrdersNorTheSeed) {
  testing::TempDir tmp;
  const fs::path game = tmp / "g";
  ASSERT_EQ(testing::new_game(game, 3, "876543210987").status, 0);
  testing::submit_random_orders(game, tmp / "o1", 1);
  ASSERT_EQ(run_wallenstein({"resolve", game.string()}).status, 0);
  const auto orders = testing::write_random_orders(game, tmp / "o2", 2);
  ASSERT_EQ(run_wallenstein({"submit", game.string(), orders.front().string()}).status, 0);
  const fs::path out = tmp / "site";
  ASSERT_EQ(run_wallenstein({"publish", game.string(), out.string()}).status, 0);
  const auto files = site_files(out);
  const std::string& index = files.at("index.html");
  EXPECT_TRUE(contains(index, "Orders received")) << index;
  EXPECT_TRUE(contains(index, "Still to come")) << index;
  for (const auto& [path, bytes] : files) {
    EXPECT_FALSE(contains(bytes, "876543210987")) << path << " shows the seed";
    EXPECT_FALSE(path.ends_with(".tar.gz")) << "no archive before the end: " << path;
  }
  const std::string submitted = testing::read_text(orders.front());
  for (const auto& [path, bytes] : files)
    EXPECT_FALSE(contains(bytes, submitted.substr(0, 200))) << path << " shows orders";
  for (const std::string& secret : secrets_of(game))
    for (const auto& [path, bytes] : files)
      EXPECT_FALSE(contains(bytes, secret)) << path << " shows " << secret;
}

TEST(Publish, RefusesToReplaceAFolderItDidNotWriteAndReplacesItsOwnWhole) {
  testing::TempDir tmp;
  const fs::path game = tmp / "g";
  ASSERT_EQ(testing::new_game(game, 3).status, 0);
  const fs::path home = tmp / "home";
  testing::write_text(home / "thesis.txt", "years of work");
  const auto refused = run_wallenstein({"publish", game.string(), home.string()});
  EXPECT_EQ(refused.status, 1);
  EXPECT_TRUE(contains(refused.err, "publish did not write")) << refused.err;
  EXPECT_EQ(testing::read_text(home / "thesis.txt"), "years of work");
  const fs::path out = tmp / "site";
  ASSERT_EQ(run_wallenstein({"publish", game.string(), out.string()}).status, 0);
  testing::write_text(out / "stale.html", "old");
  ASSERT_EQ(run_wallenstein({"publish", game.string(), out.string()}).status, 0);
  EXPECT_FALSE(fs::exists(out / "stale.html"));
  EXPECT_TRUE(fs::exists(out / "index.html"));
  for (const auto& e : fs::directory_iterator(tmp.path()))
    EXPECT_FALSE(e.path().filename().string().starts_with(".site.")) << "left behind: " << e.path();
}

TEST(Publish, TickRepublishesWhenGameYamlAsksAfterItResolves) {
  testing::TempDir tmp;
  const fs::path game = tmp / "g";
  ASSERT_EQ(testing::new_game(game, 3).status, 0);
  std::string yaml = testing::read_text(game / "game.yaml");
  yaml += "schedule: {timezone: UTC, deadline: \"sun 20:00\"}\npublish: {dir: ../site}\n";
  testing::write_text(game / "game.yaml", yaml);
  testing::submit_random_orders(game, tmp / "o", 3);
  const auto first = run_wallenstein({"tick", game.string(), "--now", "2030-01-01T00:00:00Z"});
  ASSERT_EQ(first.status, 0) << first.out << first.err;
  // Past the deadline: the season is resolved and the pages follow.
  const auto r = run_wallenstein({"tick", game.string(), "--now", "2030-01-20T00:00:00Z"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "pages republished")) << r.out;
  EXPECT_TRUE(fs::exists(tmp / "site/index.html"));
  EXPECT_TRUE(fs::exists(tmp / "site/seasons/01-1618-spring.html")) << r.out;
}

/// The Chromium on PATH (Debian's `chromium`), or empty.
std::string publish_chromium() {
  for (const char* path : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (fs::is_regular_file(path)) return path;
  return {};
}

TEST(Publish, HeadlessChromiumOpensEveryPageWithoutAConsoleError) {
  const std::string chromium = publish_chromium();
  if (chromium.empty())
    GTEST_SKIP() << "chromium is not installed (tools/install-deps installs it; CI has it)";
  testing::TempDir tmp;
  const fs::path game = publish_finished_game(tmp);
  const fs::path out = tmp / "site";
  ASSERT_EQ(run_wallenstein({"publish", game.string(), out.string()}).status, 0);
  std::vector<std::string> pages{"index.html"};
  for (const auto& e : fs::directory_iterator(out / "seasons"))
    if (e.path().extension() == ".html") pages.push_back("seasons/" + e.path().filename().string());
  std::sort(pages.begin(), pages.end());
  for (const std::string& page : pages) {
    const std::string command =
        "timeout -k 5 120 " + testing::shell_quote(chromium) +
        " --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking"
        " --disable-component-update --disable-sync --enable-logging=stderr --v=0"
        " --user-data-dir=" +
        testing::shell_quote((tmp / "profile").string()) + " --window-size=390,1200 --dump-dom " +
        testing::shell_quote("file://" + (out / page).string());
    const auto r = testing::run_shell(command);
    ASSERT_EQ(r.status, 0) << page << ": " << r.err;
    EXPECT_TRUE(contains(r.out, "</html>")) << page;
    EXPECT_FALSE(contains(r.err, ":CONSOLE")) << page << ": " << r.err;
  }
  // A screenshot of the game page, as a reader on a phone sees it, when asked for.
  if (const char* keep = std::getenv("WALLENSTEIN_KEEP_SCREENSHOT")) {
    const std::string shot =
        "timeout -k 5 120 " + testing::shell_quote(chromium) +
        " --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=" +
        testing::shell_quote((tmp / "profile").string()) +
        " --screenshot=" + testing::shell_quote(keep) + " --window-size=900,2400 " +
        testing::shell_quote("file://" + (out / "index.html").string());
    EXPECT_EQ(testing::run_shell(shot).status, 0);
  }
}

}  // namespace
}  // namespace wallenstein
