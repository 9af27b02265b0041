#pragma once

#include <optional>
#include <string>

#include "adapters/game_directory.hpp"
#include "adapters/schedule.hpp"

namespace wallenstein {

/// A season's timetable, `seasons/<NN>-.../schedule.yaml` (interfaces 6): when it opened and
/// its deadline as absolute times with the game's zone, whether the `hold` policy's grace was
/// used and whether the `max_missing` gate holds it for the game master.
struct SeasonTimetable {
  Instant opened;
  Instant deadline;
  std::string timezone = "UTC";
  bool extended = false;  ///< nmr `hold`: the deadline was moved once by `grace`
  bool held = false;      ///< the gate held the season: `tick` waits for the game master
};

/// The timetable of a season opened at `now` under a schedule.
SeasonTimetable open_timetable(const Schedule& schedule, Instant now);

/// The file's path, relative to the season directory.
inline constexpr const char* kTimetableFile = "schedule.yaml";

/// The season's timetable, if it has one; a broken file is an InputError.
std::optional<SeasonTimetable> read_timetable(const SeasonDir& season);
/// The file's text.
std::string timetable_text(const SeasonTimetable& timetable);

}  // namespace wallenstein
