// The tick's decisions (interfaces 6) in-process: reminders, the early resolve and its hold-back,
// the max_missing gate, the `hold` policy's one extension, a held round, and resolving at the
// deadline. The same rules serve every game the host runs; the tick tests of tests/cli play them
// through whole Wallenstein games by mail.
#include <gtest/gtest.h>

#include "pbem/files/diagnostic.hpp"
#include "pbem/host/timetable.hpp"

namespace pbem {
namespace {

using namespace std::chrono_literals;

Instant at(const char* text) { return *parse_instant(text); }

/// Weekly on Sunday 20:00 UTC, reminders 48 h and 2 h before, early resolve after 30 quiet minutes.
Schedule weekly() {
  Schedule s;
  std::string problem;
  s.deadline = *parse_deadline_rule("sun 20:00", problem);
  s.reminders = {48h, 2h};
  s.hold_back = 30min;
  s.max_missing = 2;
  return s;
}

/// Opened on Monday 2026-11-23 at noon; due Sunday 2026-11-29 at 20:00.
Timetable opened_monday(const Schedule& schedule) {
  return open_timetable(schedule, at("2026-11-23T12:00:00Z"));
}

TEST(TickDecision, ARoundOpensWithTheNextDeadlineOfTheRuleAfterTheShortestSeason) {
  const Timetable t = opened_monday(weekly());
  EXPECT_EQ(t.deadline, at("2026-11-29T20:00:00Z"));
  Schedule tight = weekly();
  tight.min_season = 7 * 24h;  // a week from Monday noon passes Sunday 20:00: the next Sunday
  EXPECT_EQ(open_timetable(tight, at("2026-11-23T12:00:00Z")).deadline, at("2026-12-06T20:00:00Z"));
}

TEST(TickDecision, BeforeTheDeadlineWithOrdersMissingTheRoundStaysOpenWithoutReminder) {
  const Schedule s = weekly();
  const TickDecision d = decide_tick(s, opened_monday(s), at("2026-11-25T09:00:00Z"), {3, 3, {}});
  EXPECT_EQ(d.fate, RoundFate::open);
  EXPECT_FALSE(d.reminder);
}

TEST(TickDecision, OnlyTheLatestReminderDueIsSentAndOnlyToMissingSeats) {
  const Schedule s = weekly();
  const Timetable t = opened_monday(s);
  // Friday 21:00: the 48-hour reminder is due.
  EXPECT_EQ(decide_tick(s, t, at("2026-11-27T21:00:00Z"), {1, 1, {}}).reminder, 48h);
  // Sunday 19:00, the tick ran late: the 2-hour one only, not both.
  EXPECT_EQ(decide_tick(s, t, at("2026-11-29T19:00:00Z"), {1, 1, {}}).reminder, 2h);
  // Nobody missing: nobody to remind (and every order in resolves early).
  EXPECT_FALSE(decide_tick(s, t, at("2026-11-29T19:00:00Z"), {0, 0, {}}).reminder);
}

TEST(TickDecision, NoReminderIsDueBeforeTheRoundOpenedOrBeforeTheDeadlineLastMoved) {
  const Schedule s = weekly();
  // Opened on Saturday: the 48-hour reminder's moment (Friday 20:00) was before the opening.
  Timetable late = open_timetable(s, at("2026-11-28T08:00:00Z"));
  late.deadline = at("2026-11-29T20:00:00Z");
  EXPECT_FALSE(decide_tick(s, late, at("2026-11-28T09:00:00Z"), {1, 1, {}}).reminder);
  // The deadline was moved on Sunday at 18:30, and players were told then: no 2-hour reminder.
  Timetable moved = opened_monday(s);
  moved.moved = at("2026-11-29T18:30:00Z");
  EXPECT_FALSE(decide_tick(s, moved, at("2026-11-29T19:00:00Z"), {1, 1, {}}).reminder);
}

TEST(TickDecision, EveryOrderInResolvesEarlyOnlyOnceNoneChangedForTheHoldBack) {
  const Schedule s = weekly();
  const Timetable t = opened_monday(s);
  const Instant last = at("2026-11-25T10:00:00Z");
  EXPECT_EQ(decide_tick(s, t, at("2026-11-25T10:20:00Z"), {0, 0, last}).fate, RoundFate::open);
  EXPECT_EQ(decide_tick(s, t, at("2026-11-25T10:30:00Z"), {0, 0, last}).fate,
            RoundFate::resolve_early);
  Schedule patient = s;
  patient.early = false;
  EXPECT_EQ(decide_tick(patient, t, at("2026-11-25T12:00:00Z"), {0, 0, last}).fate,
            RoundFate::open);
}

TEST(TickDecision, PausedSeatsAreNotWaitedForButStillReminded) {
  const Schedule s = weekly();
  const Timetable t = opened_monday(s);
  // One seat missing, and it is paused: nobody counted is missing, so the round resolves early.
  const TickDecision d = decide_tick(s, t, at("2026-11-29T19:00:00Z"), {1, 0, {}});
  EXPECT_EQ(d.fate, RoundFate::resolve_early);
  EXPECT_EQ(d.reminder, 2h);
}

TEST(TickDecision, AtTheDeadlineMoreMissingThanTheGateAllowsHoldsForTheGameMaster) {
  const Schedule s = weekly();  // max_missing 2
  const Timetable t = opened_monday(s);
  const Instant deadline = at("2026-11-29T20:00:00Z");
  EXPECT_EQ(decide_tick(s, t, deadline, {3, 3, {}}).fate, RoundFate::hold_for_gm);
  EXPECT_EQ(decide_tick(s, t, deadline, {2, 2, {}}).fate, RoundFate::resolve);
  // Paused seats do not count towards the gate.
  EXPECT_EQ(decide_tick(s, t, deadline, {3, 2, {}}).fate, RoundFate::resolve);
}

TEST(TickDecision, AHeldRoundWaitsForTheGameMasterAndRemindsNobody) {
  const Schedule s = weekly();
  Timetable t = opened_monday(s);
  t.held = true;
  const TickDecision d = decide_tick(s, t, at("2026-11-29T19:00:00Z"), {1, 1, {}});
  EXPECT_EQ(d.fate, RoundFate::held);
  EXPECT_FALSE(d.reminder);
  EXPECT_EQ(decide_tick(s, t, at("2026-12-05T00:00:00Z"), {0, 0, {}}).fate, RoundFate::held);
}

TEST(TickDecision, TheHoldPolicyExtendsOnceThenResolves) {
  Schedule s = weekly();
  s.nmr = NmrPolicy::hold;
  Timetable t = opened_monday(s);
  const Instant deadline = at("2026-11-29T20:00:00Z");
  EXPECT_EQ(decide_tick(s, t, deadline, {1, 1, {}}).fate, RoundFate::extend);
  // Every order in at the deadline: nothing to wait for.
  EXPECT_EQ(decide_tick(s, t, deadline, {0, 0, {}}).fate, RoundFate::resolve);
  t.extended = true;
  t.deadline = deadline + s.grace;
  t.moved = deadline;
  EXPECT_EQ(decide_tick(s, t, deadline + 1h, {1, 1, {}}).fate, RoundFate::open);
  EXPECT_EQ(decide_tick(s, t, t.deadline, {1, 1, {}}).fate, RoundFate::resolve);
  // The gate comes first: too many missing holds even under the hold policy.
  EXPECT_EQ(decide_tick(s, opened_monday(s), deadline, {3, 3, {}}).fate, RoundFate::hold_for_gm);
}

TEST(TickDecision, ATimetableIsWrittenAndReadBackWithItsComment) {
  Timetable t = opened_monday(weekly());
  t.timezone = "Europe/Berlin";
  t.extended = true;
  t.moved = at("2026-11-29T20:00:00Z");
  t.last_order = at("2026-11-28T07:15:00Z");
  const std::string text = timetable_text(t, "A round's timetable.");
  EXPECT_EQ(text.rfind("# A round's timetable.\n", 0), 0u) << text;
  EXPECT_NE(text.find("\ndeadline: "), std::string::npos) << text;
  EXPECT_NE(text.find("2026-11-29T21:00:00+01:00"), std::string::npos) << "in the game's zone";
  const Timetable back = parse_timetable(SourceFile{"schedule.yaml", text});
  EXPECT_EQ(back.opened, t.opened);
  EXPECT_EQ(back.deadline, t.deadline);
  EXPECT_EQ(back.timezone, t.timezone);
  EXPECT_TRUE(back.extended);
  EXPECT_FALSE(back.held);
  EXPECT_EQ(back.moved, t.moved);
  EXPECT_EQ(back.last_order, t.last_order);
}

TEST(TickDecision, ABrokenTimetableIsRefusedWithItsLine) {
  try {
    parse_timetable(SourceFile{
        "schedule.yaml", "opened: \"2026-11-23T12:00:00Z\"\ndeadline: sunday\ntimezone: UTC\n"});
    FAIL() << "a deadline that is no time must be refused";
  } catch (const InputError& e) {
    ASSERT_FALSE(e.diagnostics().empty());
    EXPECT_EQ(e.diagnostics().front().line, 2);
    EXPECT_NE(e.diagnostics().front().message.find("not \"sunday\""), std::string::npos);
  }
}

}  // namespace
}  // namespace pbem
