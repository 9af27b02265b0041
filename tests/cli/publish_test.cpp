// publish (interfaces 8): a game's public pages, what they may show, and the archive verify
// checks; headless Chromium opens every page.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <array>
#include <cmath>
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
fs::path publish_finished_game(const testing::TempDir& tmp, const std::string& language = "en") {
  fs::path game = tmp / "five";
  std::vector<std::string> args{
      "new",        game.string(),  "--name",       "five",
      "--seed",     "987654321987", "--expansions", "court,landsknechte,leaders",
      "--language", language};
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
  // What differs is named inside the archive, never in the folder it was unpacked into.
  EXPECT_TRUE(contains(bad.out + bad.err, (tmp / "tampered.tar.gz").string() +
                                              ":five/seasons/03-1618-autumn/state.yaml: differs"))
      << bad.out << bad.err;
  EXPECT_FALSE(contains(bad.out + bad.err, "wallenstein-verify-")) << bad.out << bad.err;
  // Only the first season's public report (it announced the seed's fingerprint) is in it.
  EXPECT_TRUE(fs::exists(tmp / "t/five/seasons/01-1618-spring/reports/public.txt"));
  EXPECT_FALSE(fs::exists(tmp / "t/five/seasons/02-1618-summer/reports"));
  const auto missing = run_wallenstein({"verify", (tmp / "missing.tar.gz").string()});
  EXPECT_EQ(missing.status, 1);
  EXPECT_TRUE(contains(missing.err, "missing.tar.gz: error: no such file")) << missing.err;
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

/// The English name of each `id` of a list in one of the game's data files.
std::map<std::string, std::string> names_in(const std::string& file, const char* list) {
  std::map<std::string, std::string> out;
  for (const auto& entry : YAML::LoadFile((testing::source_data_dir() / file).string())[list])
    out[entry["id"].as<std::string>()] = entry["name"].as<std::string>();
  return out;
}

TEST(Publish, ARunningGamesPagesNameNoCardThatStillLiesFaceDown) {
  testing::TempDir tmp;
  const fs::path game = tmp / "g";
  std::vector<std::string> args{
      "new", game.string(), "--expansions", "court,landsknechte,leaders", "--seed", "555554444433"};
  for (const auto& a : testing::players_args(4)) args.push_back(a);
  ASSERT_EQ(run_wallenstein(args).status, 0);
  for (int season = 0; season < 2; ++season)
    ASSERT_EQ(run_wallenstein({"resolve", game.string(), "--force", "--nmr", "bot"}).status, 0);
  const fs::path out = tmp / "site";
  ASSERT_EQ(run_wallenstein({"publish", game.string(), out.string()}).status, 0);
  const auto files = site_files(out);
  // What the game master's state of the season open now hides from the players.
  const YAML::Node state = YAML::LoadFile((game / "seasons/03-1618-autumn/state.yaml").string());
  const auto events = names_in("events.yaml", "events");
  const auto actions = names_in("actions.yaml", "actions");
  std::set<std::string> seen_events;
  for (const auto& e : state["events"]["year"]) seen_events.insert(events.at(e.as<std::string>()));
  std::vector<std::string> hidden;
  for (const auto& e : state["events"]["deck"])
    if (!seen_events.count(events.at(e.as<std::string>())))
      hidden.push_back(events.at(e.as<std::string>()));
  const YAML::Node cards = state["action_cards"];
  ASSERT_EQ(cards.size(), 10u);
  for (std::size_t slot = 6; slot <= 10; ++slot)
    hidden.push_back(std::to_string(slot) + " " + actions.at(cards[slot - 1].as<std::string>()));
  ASSERT_GT(state["court"]["deck"].size(), 0u);
  for (const auto& card : state["court"]["deck"])
    hidden.push_back("#" + card.as<std::string>() + " (");
  for (const auto& [path, bytes] : files)
    for (const std::string& h : hidden) EXPECT_FALSE(contains(bytes, h)) << path << " shows " << h;
  // The same forms do show what is face up: the check above looks for what the pages write.
  const std::string shown = "1 " + actions.at(cards[0].as<std::string>());
  EXPECT_TRUE(contains(files.at("seasons/02-1618-summer.html"), shown)) << shown;
  const std::string displayed = "#" + state["court"]["display"][0].as<std::string>() + " (";
  bool named = false;
  for (const auto& [path, bytes] : files) named = named || contains(bytes, displayed);
  EXPECT_TRUE(named) << displayed;
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

TEST(Publish, TheIndexsLanguageGoesOnlyWithRootAndAWrongOneIsSaidBeforeAnyGameIsBuilt) {
  testing::TempDir tmp;
  const fs::path root = tmp / "games";
  std::vector<std::string> args{"new", (root / "g1").string(), "--name", "league7"};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  ASSERT_EQ(run_wallenstein(args).status, 0);
  const fs::path out = tmp / "site";
  const auto alone =
      run_wallenstein({"publish", (root / "g1").string(), out.string(), "--language", "fr"});
  EXPECT_EQ(alone.status, 2);
  EXPECT_TRUE(contains(alone.err, "--language is the language of --root's index")) << alone.err;
  const auto wrong =
      run_wallenstein({"publish", "--root", root.string(), out.string(), "--language", "es"});
  EXPECT_EQ(wrong.status, 1);
  EXPECT_EQ(wrong.out, "") << "no game is said published when nothing is";
  EXPECT_TRUE(contains(wrong.err, "no templates in language \"es\"; there are: de, en, fr"))
      << wrong.err;
  EXPECT_FALSE(fs::exists(out));
  const auto ok =
      run_wallenstein({"publish", "--root", root.string(), out.string(), "--language", "de"});
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_TRUE(contains(ok.out, "  g1: ")) << ok.out;
  // The index links the game's folder and names the game as its players know it.
  EXPECT_TRUE(contains(testing::read_text(out / "index.html"), "href=\"g1/index.html\">league7<"));
}

TEST(Publish, TickRepublishesWhenGameYamlAsksAfterAResolveAndOrdersReceived) {
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
  // Orders stored between two ticks (by `receive` or `submit`): the next tick shows who sent.
  const auto orders = testing::write_random_orders(game, tmp / "o2", 4);
  ASSERT_EQ(run_wallenstein({"submit", game.string(), orders.front().string()}).status, 0);
  const auto sent = run_wallenstein({"tick", game.string(), "--now", "2030-01-20T00:10:00Z"});
  ASSERT_EQ(sent.status, 0) << sent.out << sent.err;
  EXPECT_TRUE(contains(sent.out, "pages republished")) << sent.out;
  EXPECT_TRUE(contains(testing::read_text(tmp / "site/index.html"), "(1 of 3;"));
  // The same player's orders changed: the pages show nothing new, and their marker neither.
  const std::string marker = testing::read_text(tmp / "site/.published");
  const auto other = testing::write_random_orders(game, tmp / "o3", 5);
  ASSERT_NE(testing::read_text(other.front()), testing::read_text(orders.front()));
  ASSERT_EQ(run_wallenstein({"submit", game.string(), other.front().string()}).status, 0);
  const auto again = run_wallenstein({"tick", game.string(), "--now", "2030-01-20T00:20:00Z"});
  ASSERT_EQ(again.status, 0) << again.out << again.err;
  EXPECT_FALSE(contains(again.out, "pages republished")) << again.out;
  EXPECT_EQ(testing::read_text(tmp / "site/.published"), marker)
      << "a watcher of the site never learns that orders were changed";
}

/// A running game in `language` with one season resolved by the bot, under `dir`.
void running_game_in(const fs::path& dir, const std::string& language) {
  std::vector<std::string> args{"new",        dir.string(), "--name", dir.filename().string(),
                                "--language", language,     "--seed", "123456789012"};
  for (const auto& a : testing::players_args(3)) args.push_back(a);
  ASSERT_EQ(run_wallenstein(args).status, 0);
  const auto r = run_wallenstein({"resolve", dir.string(), "--force", "--nmr", "bot"});
  ASSERT_EQ(r.status, 0) << r.err;
}

/// WCAG 2's relative luminance of an sRGB colour written #rrggbb.
double luminance(const std::string& hex) {
  double out = 0;
  const std::array<double, 3> weights{0.2126, 0.7152, 0.0722};
  for (std::size_t i = 0; i < 3; ++i) {
    const double c = std::stoi(hex.substr(1 + 2 * i, 2), nullptr, 16) / 255.0;
    out += weights[i] * (c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
  }
  return out;
}

/// Every line of a chart stands out from the chart's paper (its first rectangle) by the 3:1 WCAG
/// asks of the parts of a graphic needed to read it. Returns how many lines it looked at.
std::size_t expect_lines_stand_out(const std::string& path, const std::string& svg) {
  static const std::regex paper(R"re(<rect [^>]*fill="(#[0-9a-f]{6})")re");
  static const std::regex line(R"re(<polyline [^>]*stroke="(#[0-9a-f]{6})")re");
  std::smatch m;
  if (!std::regex_search(svg, m, paper)) {
    ADD_FAILURE() << path << " has no paper";
    return 0;
  }
  const double background = luminance(m[1]);
  std::size_t lines = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), line); it != std::sregex_iterator();
       ++it, ++lines) {
    const double contrast = (background + 0.05) / (luminance((*it)[1]) + 0.05);
    EXPECT_GE(contrast, 3.0) << path << ": the line " << (*it)[1] << " on " << m[1];
  }
  return lines;
}

TEST(Publish, EveryPageIsValidHtmlAndEveryChartWellFormedSvgWithLinesThatStandOut) {
  if (testing::run_shell("command -v tidy && command -v xmllint >/dev/null").status != 0)
    GTEST_SKIP() << "tidy or xmllint is not installed (tools/install-deps installs them; CI has "
                    "them)";
  testing::TempDir tmp;
  const fs::path games = tmp / "games";
  fs::create_directories(games);
  fs::rename(publish_finished_game(tmp, "fr"), games / "five");
  running_game_in(games / "en", "en");
  running_game_in(games / "de", "de");
  const fs::path out = tmp / "site";
  const auto r = run_wallenstein({"publish", "--root", games.string(), out.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  std::size_t pages = 0;
  std::size_t charts = 0;
  std::size_t lines = 0;
  for (const auto& [path, bytes] : site_files(out)) {
    const std::string file = testing::shell_quote((out / path).string());
    if (path.ends_with(".html")) {
      ++pages;
      // Empty elements (the players' colour swatches) are valid HTML; tidy would only drop them.
      const auto t = testing::run_shell("tidy -errors -quiet --drop-empty-elements no " + file);
      EXPECT_EQ(t.status, 0) << path << ":\n" << t.err;
    } else if (path.ends_with(".svg")) {
      ++charts;
      const auto x = testing::run_shell("xmllint --noout " + file);
      EXPECT_EQ(x.status, 0) << path << ":\n" << x.err;
      lines += expect_lines_stand_out(path, bytes);
    }
  }
  // The index of the games, each game's page and its seasons' pages; the charts of each game.
  EXPECT_GE(pages, 1u + 3u + 6u + 2u);
  EXPECT_GE(charts, 3u * 4u);
  EXPECT_GE(lines, 5u * 4u) << "the finished game's four line charts, a line per player";
  // The finished French game's page names its end, sizes and decimals the French way.
  const std::string french = testing::read_text(out / "five/index.html");
  // The charts' points: the start, then each season by its French name (after which it stands).
  EXPECT_TRUE(contains(french, "<th>début</th><th>printemps 1618</th>")) << french;
  EXPECT_TRUE(contains(french, "<th>automne 1619</th></tr>")) << "the last point: after 1619";
  EXPECT_FALSE(contains(french, "-end"));
  EXPECT_TRUE(std::regex_search(french, std::regex(R"re(\d+ Ko)re"))) << "the archive's size";
  EXPECT_TRUE(std::regex_search(french, std::regex(R"re(<td class="n">\d+,\d</td>)re")))
      << "the tower's figures";
}

/// The Chromium on PATH (Debian's `chromium`), or empty.
std::string publish_chromium() {
  for (const char* path : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (fs::is_regular_file(path)) return path;
  return {};
}

TEST(Publish, HeadlessChromiumOpensEveryPageWithoutAConsoleErrorAndNoneIsWiderThanAPhone) {
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
  // On a phone (360 CSS pixels wide) no page scrolls sideways: only the tables, inside their own
  // scrolling boxes. Each page is opened in a frame that wide and measured by the browser.
  std::string frames;
  for (const std::string& page : pages)
    frames += "<iframe src=\"site/" + page + "\" style=\"width:360px;height:900px\"></iframe>";
  testing::write_text(
      tmp / "phone.html",
      "<!DOCTYPE html><html><body>" + frames +
          "<script>addEventListener('load', () => document.body.dataset.widths = "
          "[...document.querySelectorAll('iframe')].map(f => f.getAttribute('src') + '=' + "
          "(f.contentDocument.documentElement.scrollWidth - "
          "f.contentDocument.documentElement.clientWidth)).join(' '));</script></body></html>");
  const auto phone = testing::run_shell(
      "timeout -k 5 120 " + testing::shell_quote(chromium) +
      " --headless --no-sandbox --disable-gpu --no-first-run --allow-file-access-from-files"
      " --virtual-time-budget=5000 --user-data-dir=" +
      testing::shell_quote((tmp / "profile").string()) + " --window-size=1200,1200 --dump-dom " +
      testing::shell_quote("file://" + (tmp / "phone.html").string()));
  ASSERT_EQ(phone.status, 0) << phone.err;
  static const std::regex overflow(R"re(site/(\S+)=(-?\d+))re");
  std::size_t measured = 0;
  for (auto it = std::sregex_iterator(phone.out.begin(), phone.out.end(), overflow);
       it != std::sregex_iterator(); ++it, ++measured)
    EXPECT_EQ((*it)[2], "0") << (*it)[1] << " is wider than a phone by " << (*it)[2] << " pixels";
  EXPECT_EQ(measured, pages.size()) << phone.out;
  // The README's pictures of the game page and of a season page (docs/site-*.jpeg), when asked
  // for: WALLENSTEIN_KEEP_SITE_SCREENSHOTS=$PWD/docs ctest -R Publish.Headless
  if (const char* keep = std::getenv("WALLENSTEIN_KEEP_SITE_SCREENSHOTS")) {
    const std::vector<std::pair<std::string, std::string>> shots{
        {"index.html", "site-game-page.jpeg"},
        {"seasons/04-1619-spring.html", "site-season-page.jpeg"}};
    for (const auto& [page, picture] : shots) {
      const std::string shot =
          "timeout -k 5 120 " + testing::shell_quote(chromium) +
          " --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars"
          " --user-data-dir=" +
          testing::shell_quote((tmp / "profile").string()) +
          " --screenshot=" + testing::shell_quote((fs::path(keep) / picture).string()) +
          " --window-size=760,1240 " + testing::shell_quote("file://" + (out / page).string());
      EXPECT_EQ(testing::run_shell(shot).status, 0) << page;
    }
  }
}

}  // namespace
}  // namespace wallenstein
