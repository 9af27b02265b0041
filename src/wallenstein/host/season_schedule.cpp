#include "wallenstein/host/season_schedule.hpp"

#include <filesystem>
#include <string_view>

#include "pbem/files/yaml_file.hpp"
#include "pbem/files/yaml_writer.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

constexpr std::string_view kKeys[] = {"opened", "deadline", "timezone",  "extended",
                                      "held",   "moved",    "last_order"};
constexpr std::size_t kMaxTimetableBytes = 4096;

std::optional<Instant> instant(YamlReader& r, const YAML::Node& node, std::string_view what) {
  const auto text = r.text(node, what);
  if (!text) return std::nullopt;
  const auto t = parse_instant(*text);
  if (!t)
    r.error(node, std::string(what) + " must be a time like 2026-11-29T20:00:00+01:00, not \"" +
                      *text + "\"");
  return t;
}

}  // namespace

SeasonTimetable open_timetable(const Schedule& schedule, Instant now) {
  return SeasonTimetable{now, next_deadline(schedule, now), schedule.timezone, false, false, {},
                         {}};
}

std::optional<SeasonTimetable> read_timetable(const SeasonDir& season) {
  const std::filesystem::path path = season.path / kTimetableFile;
  if (!std::filesystem::exists(path)) return std::nullopt;
  const YamlFile file = YamlFile::parse(read_source(path.string(), kMaxTimetableBytes));
  YamlReader r(file);
  const YAML::Node& root = file.root();
  if (!r.expect_map(root, "schedule.yaml")) r.throw_if_errors();
  r.check_keys(root, kKeys, "schedule.yaml");
  SeasonTimetable t;
  if (auto tz = r.require(root, "timezone", "like Europe/Berlin")) {
    t.timezone = r.text(*tz, "timezone").value_or("UTC");
    if (!known_timezone(t.timezone)) r.error(*tz, "unknown time zone \"" + t.timezone + "\"");
  }
  if (auto opened = r.require(root, "opened", "when the season opened"))
    t.opened = instant(r, *opened, "opened").value_or(Instant{});
  if (auto deadline = r.require(root, "deadline", "the season's deadline")) {
    t.deadline = instant(r, *deadline, "deadline").value_or(Instant{});
  }
  if (const YAML::Node n = root["extended"]; n.IsDefined())
    t.extended = r.boolean(n, "extended").value_or(false);
  if (const YAML::Node n = root["held"]; n.IsDefined())
    t.held = r.boolean(n, "held").value_or(false);
  if (const YAML::Node n = root["moved"]; n.IsDefined()) t.moved = instant(r, n, "moved");
  if (const YAML::Node n = root["last_order"]; n.IsDefined())
    t.last_order = instant(r, n, "last_order");
  r.throw_if_errors();
  return t;
}

std::string timetable_text(const SeasonTimetable& t) {
  YamlOut root = YamlOut::map();
  root.add("opened", format_instant(t.opened, t.timezone))
      .add("deadline", format_instant(t.deadline, t.timezone))
      .add("timezone", t.timezone)
      .add("extended", t.extended)
      .add("held", t.held);
  if (t.moved) root.add("moved", format_instant(*t.moved, t.timezone));
  if (t.last_order) root.add("last_order", format_instant(*t.last_order, t.timezone));
  return root.dump(
      "This season's timetable (interfaces 6), kept by `wallenstein tick`.\n"
      "Move the deadline with `wallenstein deadline DIR --set TIME` or `--extend 24h`: players are "
      "told.\n"
      "extended: the `hold` policy already moved it once; held: too many orders were missing at "
      "the\n"
      "deadline, so tick waits for the game master (resolve --force, or a new deadline).\n"
      "moved: when the deadline was last moved; last_order: when orders were last stored.");
}

void note_orders_stored(Journal& journal, const GameDirectory& game, const SeasonDir& season,
                        Instant now) {
  std::optional<SeasonTimetable> t = read_timetable(season);
  if (!t) return;
  t->last_order = now;
  journal.write(std::filesystem::relative(season.path / kTimetableFile, game.root()),
                timetable_text(*t));
}

}  // namespace wallenstein
