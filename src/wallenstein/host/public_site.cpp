#include "wallenstein/host/public_site.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <variant>

#include "pbem/files/digest.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/tar_gz.hpp"
#include "pbem/host/timetable.hpp"
#include "wallenstein/files/game_config.hpp"
#include "wallenstein/files/language_names.hpp"
#include "wallenstein/host/loaded_season.hpp"
#include "wallenstein/views/map/render.hpp"
#include "wallenstein/views/map/scene.hpp"
#include "wallenstein/views/report/model.hpp"
#include "wallenstein/views/report/reports.hpp"
#include "wallenstein/views/site/charts.hpp"

namespace wallenstein {
namespace fs = std::filesystem;
namespace {

using kainjow::mustache::list;
using kainjow::mustache::object;

std::string hex(const map::Rgb& c) {
  const auto byte = [](double v) {
    return static_cast<int>(std::lround(std::clamp(v, 0.0, 1.0) * 255));
  };
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", byte(c.r), byte(c.g), byte(c.b));
  return buffer;
}

/// A player's colour as a line on the pages' paper: a light colour (yellow, white) is darkened
/// until it stands out against the background.
std::string line_colour(map::Rgb c) {
  const double luminance = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
  if (luminance > 0.55) {
    const double k = 0.55 / luminance;
    c = {c.r * k, c.g * k, c.b * k};
  }
  return hex(c);
}

/// The words of the charts in the site's language (yaml/site_charts.mustache).
struct ChartWords {
  YAML::Node node;
  std::string operator()(const char* key) const { return node[key].as<std::string>(""); }
};

/// A seat's values at the start of each season shown.
struct Figures {
  std::vector<std::string> labels;                              ///< the seasons, worded
  std::vector<std::vector<int>> vp, provinces, thaler, armies;  ///< [seat][point]
};

int armies_on_board(const GameState& s, PlayerIndex p) {
  int n = 0;
  for (const auto& province : s.provinces)
    if (province.owner == p) n += province.armies;
  return n;
}

void add_point(Figures& f, const GameState& s, std::string label) {
  f.labels.push_back(std::move(label));
  const std::size_t seats = s.players.size();
  for (auto* series : {&f.vp, &f.provinces, &f.thaler, &f.armies}) series->resize(seats);
  for (std::size_t i = 0; i < seats; ++i) {
    const PlayerIndex p = s.player_index(i);
    f.vp[i].push_back(s.players[i].vp);
    f.provinces[i].push_back(s.province_count(p));
    f.thaler[i].push_back(s.players[i].thaler);
    f.armies[i].push_back(armies_on_board(s, p));
  }
}

/// Every throw of a season into the tower: the battles', the revolts' and the winter's.
std::vector<const TowerThrow*> throws_of(const SeasonLog& log) {
  std::vector<const TowerThrow*> out;
  for (const LogEntry& e : log.entries) {
    if (const auto* b = std::get_if<Battle>(&e)) out.push_back(&b->tower);
    if (const auto* r = std::get_if<Revolt>(&e)) out.push_back(&r->tower);
  }
  if (log.winter)
    for (const Revolt& r : log.winter->revolts) out.push_back(&r.tower);
  return out;
}

int battles_in(const SeasonLog& log) {
  return static_cast<int>(std::count_if(log.entries.begin(), log.entries.end(), [](const auto& e) {
    return std::holds_alternative<Battle>(e);
  }));
}

/// `words`'s `key` with {n} filled in.
std::string filled(const ChartWords& words, const char* key, const std::string& n) {
  std::string text = words(key);
  if (const auto at = text.find("{n}"); at != std::string::npos) text.replace(at, 3, n);
  return text;
}

/// A number with one decimal, written with the language's decimal point.
std::string one_decimal(double value, const ChartWords& words) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  std::string text = buffer;
  text.replace(text.find('.'), 1, words("decimal_point"));
  return text;
}

std::string size_text(std::size_t bytes, const ChartWords& words) {
  if (bytes < std::size_t{1024} * 1024)
    return filled(words, "kilobytes", std::to_string((bytes + 1023) / 1024));
  return filled(words, "megabytes", one_decimal(static_cast<double>(bytes) / 1048576.0, words));
}

Data season_link(const SeasonDir& dir, const std::string& prefix) {
  Data d = object{};
  d["href"] = prefix + dir.path.filename().string() + ".html";
  d["season"] = dir.name;
  return d;
}

/// The chart's rows as the page's table of figures.
Data chart_table(const site::LineChart& chart, const std::string& src) {
  Data d = object{};
  d["src"] = src;
  d["title"] = chart.title;
  list x;
  for (const auto& label : chart.x_labels) x.push_back(object{{"label", label}});
  d["x_labels"] = x;
  list rows;
  for (const auto& line : chart.lines) {
    list values;
    for (int v : line.values) values.push_back(object{{"value", std::to_string(v)}});
    rows.push_back(object{{"label", line.label}, {"values", values}});
  }
  d["rows"] = rows;
  return d;
}

std::string without_tokens(std::string text, const std::vector<std::string>& tokens) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    end = end == std::string::npos ? text.size() : end + 1;
    const std::string_view line(text.data() + at, end - at);
    if (!line.starts_with("token:")) out.append(line);
    at = end;
  }
  for (const std::string& token : tokens) {
    if (token.empty()) continue;
    for (std::size_t found; (found = out.find(token)) != std::string::npos;)
      out.replace(found, token.size(), "withheld");
  }
  return out;
}

}  // namespace

namespace {

/// One game's site being built: what every step reads, and the files made so far.
struct SiteBuild {
  SiteBuild(const GameDirectory& g, const Ruleset& r, const SiteSetup& s)
      : game(g),
        rules(r),
        setup(s),
        templates(s.templates.in(g.config().language)),
        named(in_language(r, templates.words())),
        style(s.style),
        words{YAML::Load(templates.render(Format::yaml, "site_charts", object{}))},
        seasons(g.seasons()),
        seats(g.config().as_of(seasons.back().index)) {
    style.labels = map::labels_in(s.style, templates.words());
    for (const SeasonDir& dir : seasons) loaded.push_back(load_season(g, r, dir));
    resolved = seasons.size() - 1;
  }

  const GameDirectory& game;
  const Ruleset& rules;
  const SiteSetup& setup;
  Templates templates;
  Ruleset named;
  map::MapStyle style;
  ChartWords words;
  std::vector<SeasonDir> seasons;
  GameConfig seats;                 ///< the seats as held in the season open now (or the last)
  std::deque<LoadedSeason> loaded;  ///< kept alive for the views that point into them
  std::size_t resolved = 0;
  std::vector<pbem::SiteFile> files;
  Figures figures;
  std::vector<int> thrown = std::vector<int>(kMaxPlayers + 1);
  std::vector<int> out = std::vector<int>(kMaxPlayers + 1);
  list season_links;

  SeasonView view(std::size_t i) const {
    return report::view_in(loaded[i].view(rules), named, templates);
  }
  std::string map_png(std::size_t i, const SeasonView& v) const {
    const fs::path stored = seasons[i].path / "map.png";
    if (fs::is_regular_file(stored)) return read_bytes(stored);
    return map::render_map({v, map::Layout::board, 0}, style).png;
  }
  const GameState& now() const { return loaded.back().start; }
  std::string colour_of(std::size_t seat) const {
    return line_colour(map::player_colours(style, now(), now().player_index(seat)).fill);
  }

  /// A page and a map per resolved season, and the figures the charts show.
  void season_pages() {
    for (std::size_t i = 0; i < seasons.size(); ++i) {
      const SeasonView v = view(i);
      if (loaded[i].start.season_index >= 1)
        // A season's start is where the season before it ended: the point is named after that
        // one (as its page's standings end), the very first one "start".
        add_point(figures, loaded[i].start,
                  i > 0 && loaded[i - 1].start.season_index >= 1
                      ? templates.words().season(seasons[i - 1].name)
                      : words("start"));
      if (i >= resolved) continue;
      const std::string base = seasons[i].path.filename().string();
      Data site = object{};
      site["css"] = std::string("../style.css");
      site["script"] = std::string("../keys.js");
      site["home"] = std::string("../index.html");
      site["earlier"] = i > 0 ? season_link(seasons[i - 1], "") : Data(false);
      site["later"] = i + 1 < resolved ? season_link(seasons[i + 1], "") : Data(false);
      Data data = report::report_data(v, std::nullopt);
      data["map_src"] = base + ".png";
      data["site"] = std::move(site);
      files.push_back(
          {"seasons/" + base + ".html", templates.render(Format::html, "report", data)});
      files.push_back({"seasons/" + base + ".png", map_png(i, v)});
      for (const TowerThrow* t : throws_of(*v.log)) {
        for (std::size_t c = 0; c <= kMaxPlayers; ++c) {
          thrown[c] += t->fighting.n[c] + t->from_tray.n[c];
          out[c] += t->out.n[c];
        }
      }
      Data link = season_link(seasons[i], "seasons/");
      const int battles = battles_in(*v.log);
      link["battles"] = battles > 0 ? Data(std::to_string(battles)) : Data(false);
      link["battles_one"] = battles == 1;
      season_links.push_back(link);
    }
    mark_last(season_links);
  }

  /// The players, the season open now and who has sent orders for it.
  void players_and_orders(Data& site, const Data& data) const {
    const auto submitted = game.submitted(seasons.back());
    list players, sent, waiting;
    for (std::size_t i = 0; i < now().players.size(); ++i) {
      const PlayerInfo& info = seats.players[i];
      players.push_back(
          object{{"name", info.name},
                 {"colour", colour_name(templates.words(), info.id)},
                 {"swatch", hex(map::player_colours(style, now(), now().player_index(i)).fill)},
                 {"paused", info.paused}});
      const bool has = std::find(submitted.begin(), submitted.end(), info.id) != submitted.end();
      (has ? sent : waiting).push_back(object{{"name", info.name}});
    }
    mark_last(players);
    mark_last(sent);
    mark_last(waiting);
    site["players"] = players;
    if (now().finished) {
      site["open"] = false;
      return;
    }
    Data open = object{};
    open["season"] = seasons.back().name;
    open["sent_count"] = std::to_string(sent.size());
    open["waiting_any"] = !waiting.empty();
    open["sent"] = sent;
    open["waiting"] = waiting;
    if (const auto next = data.get("next"); next && next->is_object()) {
      if (const auto deadline = next->get("deadline")) open["deadline"] = Data(*deadline);
    }
    site["open"] = std::move(open);
  }

  /// The map of now: the last resolved season's, else the opening's.
  void map_of_now(Data& site, const SeasonView& current) {
    if (resolved > 0) {
      const std::size_t last = resolved - 1;
      files.push_back({"map.png", map_png(last, view(last))});
      site["map"] = object{{"src", std::string("map.png")}, {"after", seasons[last].name}};
    } else {
      files.push_back({"map.png", map::render_map({current, map::Layout::board, 0}, style).png});
      site["map"] = object{{"src", std::string("map.png")}, {"after", false}};
    }
  }

  /// The lines over the seasons, from the second point on (one point is no line).
  bool line_charts(Data& site) {
    list charts;
    if (figures.labels.size() >= 2) {
      const std::pair<const char*, std::vector<std::vector<int>>*> series[] = {
          {"vp", &figures.vp},
          {"provinces", &figures.provinces},
          {"thaler", &figures.thaler},
          {"armies", &figures.armies}};
      for (const auto& [key, values] : series) {
        site::LineChart chart{words(key), words("over_seasons"), figures.labels, {}};
        for (std::size_t i = 0; i < values->size(); ++i)
          chart.lines.push_back({seats.players[i].name, colour_of(i), (*values)[i], i % 2 == 1});
        const std::string src = std::string("charts/") + key + ".svg";
        files.push_back({src, site::line_chart_svg(chart)});
        charts.push_back(chart_table(chart, src));
      }
    }
    const bool any = !charts.empty();
    site["charts"] = charts;
    return any;
  }

  /// The tower's cubes by colour against fair dice: each colour's cubes thrown in times the rate
  /// at which the whole game's came out.
  bool tower_chart(Data& site) {
    int thrown_all = 0, out_all = 0;
    for (std::size_t c = 0; c <= kMaxPlayers; ++c) {
      thrown_all += thrown[c];
      out_all += out[c];
    }
    if (thrown_all == 0) {
      site["tower"] = false;
      return false;
    }
    const double rate = static_cast<double>(out_all) / thrown_all;
    std::vector<site::TowerBar> bars;
    list rows;
    for (std::size_t c = 0; c <= kMaxPlayers; ++c) {
      const bool peasants = c == CubeCounts::kPeasants;
      if ((!peasants && c >= now().players.size()) || (thrown[c] == 0 && out[c] == 0)) continue;
      site::TowerBar bar{peasants ? words("peasants") : seats.players[c].name,
                         peasants ? std::string("#8a8172") : colour_of(c), thrown[c], out[c],
                         thrown[c] * rate};
      rows.push_back(object{{"label", bar.label},
                            {"thrown", std::to_string(bar.thrown)},
                            {"out", std::to_string(bar.out)},
                            {"fair", one_decimal(bar.fair, words)}});
      bars.push_back(std::move(bar));
    }
    files.push_back(
        {"charts/tower.svg", site::tower_chart_svg(words("tower"), words("tower_description"), bars,
                                                   words("thrown"), words("out"), words("fair"))});
    Data tower = object{};
    tower["src"] = std::string("charts/tower.svg");
    tower["bars"] = rows;
    tower["percent"] = templates.words().percent(static_cast<int>(std::lround(rate * 100)));
    site["tower"] = std::move(tower);
    return true;
  }

  /// Once the game is over: what verify needs.
  void archive(Data& site) {
    if (!now().finished) {
      site["archive"] = false;
      return;
    }
    const std::string name = game.config().name + ".tar.gz";
    std::vector<pbem::ArchiveFile> contents;
    for (auto& f : verify_archive_files(game)) contents.push_back({f.path, std::move(f.bytes)});
    std::string bytes = pbem::write_tar_gz(contents, 0);
    site["archive"] =
        object{{"href", name}, {"name", name}, {"size", size_text(bytes.size(), words)}};
    files.push_back({name, std::move(bytes)});
  }
};

}  // namespace

std::vector<pbem::SiteFile> public_site(const GameDirectory& game, const Ruleset& rules,
                                        const SiteSetup& setup) {
  SiteBuild b(game, rules, setup);
  b.season_pages();

  // The game's page: the season open now (or the end), with the site around it.
  const SeasonView current = b.view(b.seasons.size() - 1);
  Data data = report::report_data(current, std::nullopt);
  Data site = object{};
  site["root"] = setup.in_root ? Data(std::string("../index.html")) : Data(false);
  site["program"] = setup.program;
  site["first_edition"] = game.config().edition == 1;
  site["player_count"] = std::to_string(b.now().players.size());
  site["resolved_count"] = std::to_string(
      std::count_if(b.seasons.begin(), b.seasons.begin() + static_cast<std::ptrdiff_t>(b.resolved),
                    [](const SeasonDir& d) { return d.index >= 1; }));
  b.players_and_orders(site, data);
  site["seasons_any"] = !b.season_links.empty();
  site["seasons"] = b.season_links;
  b.map_of_now(site, current);
  const bool lines = b.line_charts(site);
  const bool tower = b.tower_chart(site);
  site["charts_any"] = lines || tower;
  b.archive(site);
  data["site"] = std::move(site);
  b.files.push_back({"index.html", b.templates.render(Format::html, "site_game", data)});
  for (auto& asset : site_assets(b.templates)) b.files.push_back(std::move(asset));
  return std::move(b.files);
}

std::vector<pbem::SiteFile> site_assets(const Templates& templates) {
  std::vector<pbem::SiteFile> out;
  for (const char* asset : {"style.css", "keys.js"}) {
    // The language's own, else the directory's, else the installed one's.
    const Templates english = templates.in("en");
    fs::path file = templates.language_dir() / "site" / asset;
    if (!fs::is_regular_file(file)) file = english.language_dir() / "site" / asset;
    if (!fs::is_regular_file(file)) file = english.underlay_language_dir() / "site" / asset;
    out.push_back({asset, read_bytes(file)});
  }
  return out;
}

std::vector<pbem::SiteFile> verify_archive_files(const GameDirectory& game) {
  GameConfig config = game.config();
  std::vector<std::string> tokens;
  for (PlayerInfo& p : config.players) {
    tokens.push_back(p.token);
    p.email = p.id + "@players.invalid";
    p.token.clear();
    for (std::size_t k = 0; k < p.former.size(); ++k) {
      tokens.push_back(p.former[k].token);
      p.former[k].email = "former" + std::to_string(k + 1) + "-" + p.id + "@players.invalid";
      p.former[k].token.clear();
    }
  }
  MailSettings mail;
  mail.from = std::string(kDefaultSender);
  config.mail = mail;
  config.schedule.reset();
  const std::string top = config.name + "/";
  std::vector<pbem::SiteFile> files{{top + "game.yaml", write_game_config(config)}};
  const auto seasons = game.seasons();
  for (std::size_t i = 0; i < seasons.size(); ++i) {
    const SeasonDir& s = seasons[i];
    const std::string dir = top + "seasons/" + s.path.filename().string() + "/";
    files.push_back({dir + "state.yaml", read_bytes(s.state_file())});
    if (i + 1 == seasons.size()) break;  // the season being planned: nothing of it is public
    files.push_back({dir + "log.yaml", read_bytes(s.log_file())});
    for (const std::string& id : game.submitted(s))
      files.push_back(
          {dir + "orders/" + id + ".yaml", without_tokens(read_bytes(s.orders_file(id)), tokens)});
    // The first season's public report announces the seed's commitment, which verify checks;
    // the later ones it cannot check (their words are the program's), so they stay out.
    if (i == 0 && fs::is_regular_file(s.path / "reports/public.txt"))
      files.push_back({dir + "reports/public.txt", read_bytes(s.path / "reports/public.txt")});
  }
  return files;
}

SiteEntry site_entry(const GameDirectory& game, const Ruleset& rules) {
  const GameState s = game.load_state(game.current(), rules);
  SiteEntry e{game.config().name, {}, s.finished, game.current().name, {}, {}, s.player_count()};
  const GameConfig seats = game.config().as_of(game.current().index);
  if (s.finished) {
    for (const PlayerIndex w : s.winners)
      e.winners += (e.winners.empty() ? "" : ", ") + seats.players[w.value].name;
  } else if (!s.players.empty()) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < s.players.size(); ++i)
      if (s.players[i].vp > s.players[best].vp) best = i;
    if (s.players[best].vp > 0) e.leader = seats.players[best].name;
  }
  return e;
}

pbem::SiteFile root_index(const std::vector<SiteEntry>& games, const Templates& templates,
                          const std::string& program) {
  list running, finished;
  for (const SiteEntry& g : games) {
    Data d = object{{"href", (g.folder.empty() ? g.name : g.folder) + "/index.html"},
                    {"name", g.name},
                    {"season", g.season},
                    {"players", std::to_string(g.players)},
                    {"winners", g.winners}};
    d["leader"] = g.leader.empty() ? Data(false) : Data(g.leader);
    (g.finished ? finished : running).push_back(d);
  }
  Data data = object{};
  data["running_any"] = !running.empty();
  data["finished_any"] = !finished.empty();
  data["running"] = running;
  data["finished"] = finished;
  data["program"] = program;
  return {"index.html", templates.render(Format::html, "site_index", data)};
}

std::string site_inputs(const GameDirectory& game, const std::string& program) {
  std::string text = program + "\n" + game.config().name + "\n" + game.config().language + "\n";
  for (const PlayerInfo& p : game.config().players)
    text += p.id + "\t" + p.name + "\t" + (p.paused ? "paused" : "") + "\n";
  for (const SeasonDir& s : game.seasons()) {
    text += s.path.filename().string() + (fs::exists(s.log_file()) ? " resolved" : "") + "\n";
    for (const std::string& id : game.submitted(s)) text += "  " + id + "\n";
    // Of the timetable only what the pages show, its deadline: never when orders were last
    // stored, which would let a watcher of the marker see a player change their orders.
    if (const auto t = read_timetable(s))
      text += "deadline " + std::to_string(t->deadline.time_since_epoch().count()) + "\n";
  }
  return sha256_hex(text);
}

}  // namespace wallenstein
