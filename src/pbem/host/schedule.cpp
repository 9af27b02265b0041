#include "pbem/host/schedule.hpp"

#include <date/tz.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>

#include "pbem/text/text.hpp"

namespace pbem {

std::string_view nmr_policy_name(NmrPolicy policy) {
  switch (policy) {
    case NmrPolicy::pass:
      return "pass";
    case NmrPolicy::bot:
      return "bot";
    case NmrPolicy::hold:
      return "hold";
  }
  return "pass";
}
namespace {

constexpr std::array<std::string_view, 7> kDays = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
constexpr std::array<std::string_view, 7> kDayNames = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                       "Thursday", "Friday", "Saturday"};

bool parse_clock(std::string_view text, int& hour, int& minute) {
  if (text.size() != 5 || text[2] != ':' || !std::isdigit(static_cast<unsigned char>(text[0])) ||
      !std::isdigit(static_cast<unsigned char>(text[1])) ||
      !std::isdigit(static_cast<unsigned char>(text[3])) ||
      !std::isdigit(static_cast<unsigned char>(text[4]))) {
    return false;
  }
  hour = (text[0] - '0') * 10 + (text[1] - '0');
  minute = (text[3] - '0') * 10 + (text[4] - '0');
  return hour < 24 && minute < 60;
}

const date::time_zone* zone(const std::string& name) { return date::locate_zone(name); }

/// The first instant at or after the wall-clock time `local` in `tz` (a skipped time: the end of
/// the gap; a repeated one: its first occurrence).
Instant at_local(const date::time_zone* tz, date::local_seconds local) {
  return std::chrono::time_point_cast<std::chrono::seconds>(
      date::make_zoned(tz, local, date::choose::earliest).get_sys_time());
}

}  // namespace

std::optional<std::chrono::minutes> parse_duration(std::string_view text) {
  if (text.empty()) return std::nullopt;
  std::chrono::minutes total{0};
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = i;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
    if (j == i || j == text.size() || j - i > 6) return std::nullopt;
    const long n = std::stol(std::string(text.substr(i, j - i)));
    switch (text[j]) {
      case 'd':
        total += std::chrono::minutes(n * 24 * 60);
        break;
      case 'h':
        total += std::chrono::minutes(n * 60);
        break;
      case 'm':
        total += std::chrono::minutes(n);
        break;
      default:
        return std::nullopt;
    }
    i = j + 1;
  }
  return total;
}

std::string describe_duration(std::chrono::minutes duration, const LanguageWords& words) {
  return words.duration(duration);
}

std::optional<DeadlineRule> parse_deadline_rule(std::string_view text, std::string& problem) {
  std::vector<std::string> words;
  {
    std::istringstream in(ascii_lower(text));
    for (std::string w; in >> w;) words.push_back(w);
  }
  // The time is the first word that reads as one; nothing may follow it ("sun 20:00 CET"
  // would suggest a zone that is not the schedule's).
  const auto at_clock = std::find_if(words.begin(), words.end(), [](const std::string& w) {
    int h = 0, m = 0;
    return parse_clock(w, h, m);
  });
  if (at_clock == words.end()) {
    problem = "the time must be HH:MM on a 24-hour clock, like 20:00";
    return std::nullopt;
  }
  if (at_clock + 1 != words.end()) {
    problem = "nothing may follow the time (\"" + *(at_clock + 1) +
              "\"); the time zone is schedule.timezone";
    return std::nullopt;
  }
  DeadlineRule rule;
  const std::string clock = *at_clock;
  const std::vector<std::string> before(words.begin(), at_clock);
  if (!before.empty() && before.front() == "every") {
    // "every 3d at 20:00"
    const auto every = before.size() == 3 ? parse_duration(before[1]) : std::nullopt;
    if (!every || every->count() % (24L * 60) != 0 || every->count() == 0 || before[2] != "at") {
      problem = "write it like \"every 3d at 20:00\"";
      return std::nullopt;
    }
    rule.every_days = static_cast<int>(every->count() / (24L * 60));
  } else {
    // "sun 20:00", "mon,thu 20:00", "mon, thu 20:00"
    std::string days;
    for (const auto& w : before) days += w + ",";
    std::istringstream list(days);
    std::string day;
    while (std::getline(list, day, ',')) {
      if (day.empty()) continue;
      // "sun" or "sunday"
      auto it = std::find(kDays.begin(), kDays.end(), day);
      for (std::size_t i = 0; i < kDayNames.size() && it == kDays.end(); ++i) {
        if (day == ascii_lower(kDayNames[i])) it = kDays.begin() + static_cast<std::ptrdiff_t>(i);
      }
      if (it == kDays.end()) {
        problem = "\"" + day + "\" is not a day; use sun, mon, tue, wed, thu, fri or sat";
        return std::nullopt;
      }
      rule.weekdays.push_back(static_cast<int>(it - kDays.begin()));
    }
  }
  parse_clock(clock, rule.hour, rule.minute);
  if (rule.weekdays.empty() && rule.every_days == 0) {
    problem = "write \"sun 20:00\", \"mon,thu 20:00\" or \"every 3d at 20:00\"";
    return std::nullopt;
  }
  return rule;
}

std::chrono::minutes DeadlineRule::longest_gap() const {
  constexpr std::chrono::minutes kDay{24 * 60};
  if (weekdays.empty()) return every_days * kDay;
  std::vector<int> days = weekdays;
  std::sort(days.begin(), days.end());
  int longest = 0;
  for (std::size_t i = 0; i < days.size(); ++i) {
    const int next = i + 1 < days.size() ? days[i + 1] : days.front() + 7;
    longest = std::max(longest, next - days[i]);
  }
  return longest * kDay;
}

int utc_year(Instant t) {
  return static_cast<int>(date::year_month_day{date::floor<date::days>(t)}.year());
}

bool known_timezone(const std::string& name) {
  try {
    zone(name);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

namespace {

/// "YYYY-MM-DD HH:MM[:SS]" (T or a space between date and time) as wall-clock seconds, and what
/// follows it; empty when malformed. Read by hand: date::parse trips GCC's maybe-uninitialized
/// warning in release builds.
std::optional<std::pair<date::local_seconds, std::string_view>> read_clock_time(
    std::string_view text) {
  auto number = [&](std::size_t at, std::size_t digits, int& out) {
    if (at + digits > text.size()) return false;
    out = 0;
    for (std::size_t i = at; i < at + digits; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(text[i]))) return false;
      out = out * 10 + (text[i] - '0');
    }
    return true;
  };
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (text.size() < 16 || !number(0, 4, year) || text[4] != '-' || !number(5, 2, month) ||
      text[7] != '-' || !number(8, 2, day) || (text[10] != 'T' && text[10] != ' ') ||
      !number(11, 2, hour) || text[13] != ':' || !number(14, 2, minute)) {
    return std::nullopt;
  }
  std::size_t end = 16;
  if (text.size() > 16 && text[16] == ':') {
    if (!number(17, 2, second)) return std::nullopt;
    end = 19;
  }
  const date::year_month_day ymd{date::year{year}, date::month{static_cast<unsigned>(month)},
                                 date::day{static_cast<unsigned>(day)}};
  if (!ymd.ok() || hour > 23 || minute > 59 || second > 59) return std::nullopt;
  const auto local = date::local_days{ymd} + std::chrono::hours(hour) +
                     std::chrono::minutes(minute) + std::chrono::seconds(second);
  return std::pair{local, text.substr(end)};
}

/// "Z", "+01:00" or "-05:30" as minutes east of UTC; empty when malformed.
std::optional<int> read_offset(std::string_view zone) {
  if (zone == "Z") return 0;
  auto digit = [&](std::size_t i) { return std::isdigit(static_cast<unsigned char>(zone[i])); };
  if (zone.size() != 6 || (zone[0] != '+' && zone[0] != '-') || !digit(1) || !digit(2) ||
      zone[3] != ':' || !digit(4) || !digit(5)) {
    return std::nullopt;
  }
  const int hours = (zone[1] - '0') * 10 + (zone[2] - '0');
  const int minutes = (zone[4] - '0') * 10 + (zone[5] - '0');
  if (hours > 23 || minutes > 59) return std::nullopt;
  return (zone[0] == '-' ? -1 : 1) * (hours * 60 + minutes);
}

}  // namespace

std::optional<Instant> parse_instant(std::string_view text) {
  const auto clock = read_clock_time(text);
  if (!clock) return std::nullopt;
  const auto offset = read_offset(clock->second);
  if (!offset) return std::nullopt;
  return Instant{clock->first.time_since_epoch() - std::chrono::minutes(*offset)};
}

std::optional<Instant> parse_time_in(std::string_view text, const std::string& timezone) {
  const auto clock = read_clock_time(text);
  if (!clock) return std::nullopt;
  if (clock->second.empty()) return at_local(zone(timezone), clock->first);
  return parse_instant(text);
}

std::string format_instant(Instant t, const std::string& timezone) {
  const auto z = date::make_zoned(zone(timezone), t);
  std::string s = date::format("%FT%T%z", z);
  s.insert(s.size() - 2, ":");  // +0100 -> +01:00
  return s;
}

std::string describe_instant(Instant t, const std::string& timezone, const LanguageWords& words) {
  const auto z = date::make_zoned(zone(timezone), t);
  const auto local = z.get_local_time();
  const auto day = date::floor<date::days>(local);
  const date::weekday wd{day};
  const date::year_month_day ymd{day};
  const date::hh_mm_ss clock{local - day};
  return words.instant(wd.c_encoding(), static_cast<unsigned>(ymd.day()),
                       static_cast<unsigned>(ymd.month()), static_cast<int>(ymd.year()),
                       static_cast<int>(clock.hours().count()),
                       static_cast<int>(clock.minutes().count()), date::format("%Z", z));
}

Instant next_deadline(const Schedule& schedule, Instant opened) {
  const date::time_zone* tz = zone(schedule.timezone);
  const Instant earliest = opened + schedule.min_season;
  const auto opened_local = date::make_zoned(tz, opened).get_local_time();
  date::local_days day = date::floor<date::days>(opened_local);
  const date::local_days first = day;
  const auto clock =
      std::chrono::hours(schedule.deadline.hour) + std::chrono::minutes(schedule.deadline.minute);
  // At most a year of days is ever looked at; the rules above always match within a few weeks.
  for (int i = 0; i < 400; ++i, day += date::days{1}) {
    bool matches = false;
    if (schedule.deadline.every_days > 0) {
      matches = (day - first).count() % schedule.deadline.every_days == 0;
    } else {
      const int wd = static_cast<int>(date::weekday{day}.c_encoding());
      matches = std::find(schedule.deadline.weekdays.begin(), schedule.deadline.weekdays.end(),
                          wd) != schedule.deadline.weekdays.end();
    }
    if (!matches) continue;
    const Instant candidate = at_local(tz, date::local_seconds{day} + clock);
    if (candidate >= earliest) return candidate;
  }
  return earliest;
}

}  // namespace pbem
