#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/language.hpp"

namespace pbem {

/// A moment in time (UTC, to the second).
using Instant = std::chrono::sys_seconds;

/// When orders are due (game.yaml `deadline:`): "sun 20:00" (weekly), "mon,thu 20:00" (those
/// days each week), or "every 3d at 20:00" (every third day from the season's opening).
struct DeadlineRule {
  std::vector<int> weekdays;  ///< 0 = Sunday .. 6 = Saturday; empty for "every N days"
  int every_days = 0;         ///< set for "every Nd at HH:MM"
  int hour = 20;
  int minute = 0;

  /// The longest time from one deadline of the rule to the next.
  std::chrono::minutes longest_gap() const;
};

/// What a game's NMR policy does at the deadline (interfaces 6).
enum class NmrPolicy { pass, bot, hold };

/// "pass", "bot" or "hold", as game.yaml `schedule.nmr` writes it.
std::string_view nmr_policy_name(NmrPolicy policy);

/// A game's timetable (game.yaml `schedule:`, interfaces 6).
struct Schedule {
  std::string timezone = "UTC";
  DeadlineRule deadline;
  std::string deadline_text = "sun 20:00";      ///< the rule as written
  std::vector<std::chrono::minutes> reminders;  ///< before the deadline, to those still missing
  bool early = true;                            ///< resolve once every order is in...
  std::chrono::minutes hold_back{30};           ///< ...and none changed for this long
  NmrPolicy nmr = NmrPolicy::pass;
  std::chrono::minutes grace{24 * 60};  ///< hold: the deadline moves once by this much
  /// More missing than this at the deadline: hold, tell the GM; none: never, however many seats.
  std::optional<int> max_missing;
  std::chrono::minutes min_season{48 * 60};  ///< a season is never shorter than this
};

/// Parses "48h", "30m", "2d", "1d12h"; empty on a malformed text.
std::optional<std::chrono::minutes> parse_duration(std::string_view text);
/// "2 days 4 hours", "35 minutes": a duration as a player reads it.
std::string describe_duration(std::chrono::minutes duration,
                              const LanguageWords& words = LanguageWords::english());
/// Parses a deadline rule; the reason it is malformed otherwise.
std::optional<DeadlineRule> parse_deadline_rule(std::string_view text, std::string& problem);
/// Whether this program knows a time zone (from the system's zoneinfo).
bool known_timezone(const std::string& name);
/// Parses an ISO 8601 time with its offset ("2026-11-29T20:00:00+01:00", or "...Z"; the seconds
/// may be left out, a space may stand for the T).
std::optional<Instant> parse_instant(std::string_view text);
/// The same, or a time without offset ("2026-11-29 20:00") read as wall-clock time in `timezone`
/// (a time that a daylight-saving change skips: the end of the gap; a repeated one: the first).
std::optional<Instant> parse_time_in(std::string_view text, const std::string& timezone);
/// The year of a time, in UTC.
int utc_year(Instant t);
/// A time as "2026-11-29T20:00:00+01:00" in a zone.
std::string format_instant(Instant t, const std::string& timezone);
/// A time as a player reads it: "Sunday 29 November 2026, 20:00 CET".
std::string describe_instant(Instant t, const std::string& timezone,
                             const LanguageWords& words = LanguageWords::english());

/// The deadline of a season opened at `opened` (interfaces 6): the first time of the rule, in
/// the game's time zone, at least `min_season` after the opening. A wall-clock time that a
/// daylight-saving change skips becomes the first moment after the gap.
Instant next_deadline(const Schedule& schedule, Instant opened);

}  // namespace pbem
