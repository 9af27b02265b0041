// The schedule of game.yaml (interfaces 6): deadline rules, durations, time zones and the
// daylight-saving changes a season can span.

#include "pbem/host/schedule.hpp"

#include <gtest/gtest.h>

#include "pbem/files/diagnostic.hpp"
#include "wallenstein/files/game_config.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

using namespace std::chrono_literals;

Instant at(const char* text) {
  const auto t = parse_instant(text);
  EXPECT_TRUE(t.has_value()) << text;
  return t.value_or(Instant{});
}

Schedule weekly(const char* rule, const char* zone = "Europe/Berlin") {
  Schedule s;
  s.timezone = zone;
  std::string problem;
  s.deadline = parse_deadline_rule(rule, problem).value();
  return s;
}

TEST(Schedule, AWeeklyDeadlineIsTheFirstOneAtLeastTheMinimumSeasonAfterTheOpening) {
  // Opened on a Saturday: the Sunday after is less than 48 hours away, so the one after that.
  EXPECT_EQ(format_instant(next_deadline(weekly("sun 20:00"), at("2026-11-28T09:00:00Z")),
                           "Europe/Berlin"),
            "2026-12-06T20:00:00+01:00");
  EXPECT_EQ(format_instant(next_deadline(weekly("sun 20:00"), at("2026-11-23T09:00:00Z")),
                           "Europe/Berlin"),
            "2026-11-29T20:00:00+01:00");
  EXPECT_EQ(format_instant(next_deadline(weekly("mon,thu 18:30"), at("2026-11-23T09:00:00Z")),
                           "Europe/Berlin"),
            "2026-11-26T18:30:00+01:00");
}

TEST(Schedule, EveryNDaysCountsFromTheDayTheSeasonOpened) {
  // Monday 10:00 CET; day 0 at 20:00 is too soon, day 3 (Thursday) is the first.
  EXPECT_EQ(format_instant(next_deadline(weekly("every 3d at 20:00"), at("2026-11-23T09:00:00Z")),
                           "Europe/Berlin"),
            "2026-11-26T20:00:00+01:00");
}

TEST(Schedule, ADeadlineAfterTheAutumnChangeKeepsItsWallClockTime) {
  // Opened in summer time (CEST, +2); the deadline falls after the change back to CET (+1).
  const Instant d = next_deadline(weekly("sun 20:00"), at("2026-10-20T10:00:00Z"));
  EXPECT_EQ(format_instant(d, "Europe/Berlin"), "2026-10-25T20:00:00+01:00");
  EXPECT_EQ(format_instant(d, "UTC"), "2026-10-25T19:00:00+00:00");
  EXPECT_EQ(describe_instant(d, "Europe/Berlin"), "Sunday 25 October 2026, 20:00 CET");
}

TEST(Schedule, AWallClockTimeTheSpringChangeSkipsBecomesTheEndOfTheGap) {
  // 28 March 2027: clocks jump from 02:00 CET to 03:00 CEST; 02:30 does not exist that night.
  const Instant d = next_deadline(weekly("sun 02:30"), at("2027-03-24T10:00:00Z"));
  EXPECT_EQ(format_instant(d, "Europe/Berlin"), "2027-03-28T03:00:00+02:00");
}

TEST(Schedule, DurationsAreReadAndWrittenAsPlayersWriteThem) {
  EXPECT_EQ(parse_duration("48h"), std::chrono::minutes(48h));
  EXPECT_EQ(parse_duration("1d12h"), std::chrono::minutes(36h));
  EXPECT_EQ(parse_duration("30m"), 30min);
  EXPECT_FALSE(parse_duration("48"));
  EXPECT_FALSE(parse_duration("2 days"));
  EXPECT_FALSE(parse_duration(""));
  EXPECT_EQ(describe_duration(std::chrono::minutes(52h + 5min)), "2 days 4 hours");
  EXPECT_EQ(describe_duration(61min), "1 hour 1 minute");
  EXPECT_EQ(describe_duration(0min), "no time");
}

TEST(Schedule, TimesWithoutAnOffsetAreRefused) {
  EXPECT_TRUE(parse_instant("2026-11-29T20:00:00+01:00"));
  EXPECT_TRUE(parse_instant("2026-11-29T19:00:00Z"));
  EXPECT_FALSE(parse_instant("2026-11-29T20:00:00"));
  EXPECT_FALSE(parse_instant("next sunday"));
}

TEST(Schedule, ATimeWithoutOffsetIsReadInTheGamesTimeZone) {
  EXPECT_EQ(parse_time_in("2026-11-29 20:00", "Europe/Berlin"), at("2026-11-29T19:00:00Z"));
  EXPECT_EQ(parse_time_in("2026-07-05T20:00:00", "Europe/Berlin"), at("2026-07-05T18:00:00Z"))
      << "summer time";
  EXPECT_EQ(parse_time_in("2026-11-29 20:00", "UTC"), at("2026-11-29T20:00:00Z"));
  EXPECT_EQ(parse_time_in("2026-11-29T20:00:00-05:00", "Europe/Berlin"), at("2026-11-30T01:00:00Z"))
      << "a written offset wins over the zone";
  EXPECT_EQ(parse_time_in("2026-03-29 02:30", "Europe/Berlin"), at("2026-03-29T01:00:00Z"))
      << "a wall-clock time the change to summer time skips is the end of the gap";
  EXPECT_EQ(parse_time_in("2026-10-25 02:30", "Europe/Berlin"), at("2026-10-25T00:30:00Z"))
      << "a repeated wall-clock time is its first occurrence";
  EXPECT_FALSE(parse_time_in("2026-11-31 20:00", "UTC")) << "no such day";
  EXPECT_FALSE(parse_time_in("2026-11-29 20:00 CET", "UTC"));
  EXPECT_FALSE(parse_time_in("sunday 20:00", "UTC"));
}

const std::string kGame =
    "name: g\nseed: 12345678901\nplayers:\n"
    "  - {id: red, name: A, email: a@example.org}\n"
    "  - {id: blue, name: B, email: b@example.org}\n"
    "  - {id: yellow, name: C, email: c@example.org}\n";

std::vector<std::string> schedule_problems(const std::string& text) {
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

TEST(GameConfigSchedule, EveryKeyOfTheScheduleIsReadAndWrittenBack) {
  const std::string text =
      kGame +
      "schedule:\n  timezone: America/New_York\n  deadline: \"mon,thu 18:30\"\n"
      "  reminders: [6h, 48h]\n  early: false\n  hold_back: 1h\n  nmr: hold\n  grace: 12h\n"
      "  max_missing: 2\n  min_season: 3d\n";
  const GameConfig config = read_game_config(SourceFile{"game.yaml", text}, true);
  ASSERT_TRUE(config.schedule);
  const Schedule& s = *config.schedule;
  EXPECT_EQ(s.timezone, "America/New_York");
  EXPECT_EQ(s.deadline.weekdays, (std::vector<int>{1, 4}));
  EXPECT_EQ(s.reminders, (std::vector<std::chrono::minutes>{48h, 6h}));  // longest first
  EXPECT_FALSE(s.early);
  EXPECT_EQ(s.hold_back, 1h);
  EXPECT_EQ(s.nmr, NmrPolicy::hold);
  EXPECT_EQ(s.grace, 12h);
  EXPECT_EQ(s.max_missing, 2);
  EXPECT_EQ(s.min_season, 72h);
  const GameConfig again =
      read_game_config(SourceFile{"game.yaml", write_game_config(config)}, true);
  EXPECT_EQ(write_game_config(again), write_game_config(config));
  EXPECT_EQ(again.schedule->deadline_text, "mon,thu 18:30");
}

TEST(Schedule, WeekdaysMayBeListedWithSpacesAfterTheCommas) {
  std::string problem;
  const auto rule = parse_deadline_rule("Mon, Thu 20:00", problem);
  ASSERT_TRUE(rule) << problem;
  EXPECT_EQ(rule->weekdays, (std::vector<int>{1, 4}));
  EXPECT_EQ(rule->longest_gap(), 96h) << "thursday to monday";
  EXPECT_FALSE(parse_deadline_rule("every 3d at 20:00 please", problem));
  EXPECT_EQ(problem,
            "nothing may follow the time (\"please\"); the time zone is schedule.timezone");
}

TEST(GameConfigSchedule, MistakesInTheScheduleAreEachReportedWhereTheyAre) {
  EXPECT_EQ(
      schedule_problems(
          kGame +
          "schedule:\n  timezone: Europe/Berlinn\n  deadline: \"sun 25:00\"\n  reminders: [48]\n"
          "  nmr: wait\n  dedline: x\n"),
      (std::vector<std::string>{
          "8:13: unknown time zone \"Europe/Berlinn\"; use a name of the tz database, like "
          "Europe/Berlin or UTC",
          "9:13: deadline \"sun 25:00\": the time must be HH:MM on a 24-hour clock, like 20:00",
          "10:15: reminder \"48\" is not a duration; write it like 30m, 6h, 2d or 1d12h",
          "11:8: unknown nmr policy \"wait\"; expected pass, bot or hold",
          "12:3: unknown key \"dedline\" in schedule; did you mean \"deadline\"?"}));
  EXPECT_EQ(schedule_problems(kGame + "schedule:\n  timezone: UTC\n"),
            (std::vector<std::string>{"8:3: missing key \"deadline\" (like \"sun 20:00\", "
                                      "\"mon,thu 20:00\" or \"every 3d at 20:00\")"}));
  EXPECT_EQ(
      schedule_problems(kGame + "schedule:\n  timezone: UTC\n  deadline: \"sun 20:00 CET\"\n"),
      (std::vector<std::string>{
          "9:13: deadline \"sun 20:00 CET\": nothing may follow the time (\"cet\"); the time zone "
          "is schedule.timezone"}));
  EXPECT_EQ(
      schedule_problems(
          kGame + "schedule:\n  deadline: \"sun 20:00\"\n  reminders: [48h, 48h, 0m, 400d]\n"),
      (std::vector<std::string>{
          "9:20: the reminder 2d is listed twice",
          "9:25: a reminder 0m before the deadline comes too late; write one like 6h",
          "9:29: a reminder 400d before the deadline comes before the season opens (sun 20:00); "
          "write a shorter one"}));
  EXPECT_EQ(
      schedule_problems(kGame + "schedule:\n  deadline: \"sun 20:00\"\n  nmr: hold\n  grace: 0m\n"),
      (std::vector<std::string>{
          "10:10: nmr: hold extends the deadline by grace, which must be longer than 0m"}));
  EXPECT_EQ(schedule_problems(kGame + "schedule:\n  deadline: \"someday 20:00\"\n"),
            (std::vector<std::string>{"8:13: deadline \"someday 20:00\": \"someday\" is not a day; "
                                      "use sun, mon, tue, wed, thu, fri or sat"}));
}

}  // namespace
}  // namespace wallenstein
