#include "pbem/host/timetable.hpp"

#include <algorithm>
#include <string_view>

#include "pbem/files/yaml_file.hpp"
#include "pbem/files/yaml_writer.hpp"

namespace pbem {
namespace {

constexpr std::string_view kKeys[] = {"opened", "deadline", "timezone",  "extended",
                                      "held",   "moved",    "last_order"};

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

Timetable open_timetable(const Schedule& schedule, Instant now) {
  return Timetable{now, next_deadline(schedule, now), schedule.timezone, false, false, {}, {}};
}

Timetable parse_timetable(const SourceFile& source) {
  const YamlFile file = YamlFile::parse(source);
  YamlReader r(file);
  const YAML::Node& root = file.root();
  if (!r.expect_map(root, "schedule.yaml", kKeys)) r.throw_if_errors();
  Timetable t;
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

std::string timetable_text(const Timetable& t, std::string_view comment) {
  YamlOut root = YamlOut::map();
  root.add("opened", format_instant(t.opened, t.timezone))
      .add("deadline", format_instant(t.deadline, t.timezone))
      .add("timezone", t.timezone)
      .add("extended", t.extended)
      .add("held", t.held);
  if (t.moved) root.add("moved", format_instant(*t.moved, t.timezone));
  if (t.last_order) root.add("last_order", format_instant(*t.last_order, t.timezone));
  return root.dump(std::string(comment));
}

std::optional<std::chrono::minutes> due_reminder(const Schedule& schedule, const Timetable& t,
                                                 Instant now) {
  std::optional<std::chrono::minutes> due;
  for (const auto before : schedule.reminders) {  // longest first
    const Instant at = t.deadline - before;
    // Not before the round opened, nor before the deadline last moved: the notice of the new
    // deadline told the players then.
    if (now >= at && now < t.deadline && at > t.opened && (!t.moved || at > *t.moved)) due = before;
  }
  return due;
}

TickDecision decide_tick(const Schedule& schedule, const Timetable& t, Instant now,
                         const Awaited& awaited) {
  TickDecision decision;
  if (t.held) {
    decision.fate = RoundFate::held;
    return decision;
  }
  if (awaited.missing > 0) decision.reminder = due_reminder(schedule, t, now);
  // Paused seats (announced absences) are not waited for: the NMR policy plays them.
  const bool deadline_passed = now >= t.deadline;
  const bool quiet = !awaited.last_order || now >= *awaited.last_order + schedule.hold_back;
  const bool early = schedule.early && awaited.counted == 0 && quiet;
  if (!early && !deadline_passed) {
    decision.fate = RoundFate::open;
  } else if (schedule.max_missing &&
             awaited.counted > static_cast<std::size_t>(std::max(*schedule.max_missing, 0))) {
    decision.fate = RoundFate::hold_for_gm;
  } else if (schedule.nmr == NmrPolicy::hold && !t.extended && awaited.counted > 0) {
    decision.fate = RoundFate::extend;
  } else {
    decision.fate = deadline_passed ? RoundFate::resolve : RoundFate::resolve_early;
  }
  return decision;
}

std::optional<Timetable> read_timetable(const RoundDir& round) {
  constexpr std::size_t kMaxTimetableBytes = 4096;
  const std::filesystem::path path = round.path / kTimetableFile;
  if (!std::filesystem::exists(path)) return std::nullopt;
  return parse_timetable(read_source(path.string(), kMaxTimetableBytes));
}

void write_timetable(Journal& journal, const std::filesystem::path& root, const RoundDir& round,
                     const Timetable& timetable, std::string_view comment) {
  journal.write(std::filesystem::relative(round.path, root) / kTimetableFile,
                timetable_text(timetable, comment));
}

void note_orders_stored(Journal& journal, const std::filesystem::path& root, const RoundDir& round,
                        Instant now, std::string_view comment) {
  std::optional<Timetable> t = read_timetable(round);
  if (!t) return;
  t->last_order = now;
  write_timetable(journal, root, round, *t, comment);
}

}  // namespace pbem
