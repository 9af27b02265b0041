#pragma once

#include <optional>
#include <string>

#include "pbem/files/journal.hpp"
#include "pbem/host/schedule.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/pbem.hpp"

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
  /// When the deadline was last moved (players were told then): reminders due before that are
  /// not sent, so that a reminder never follows the notice of a new deadline minutes later.
  std::optional<Instant> moved;
  /// When orders were last stored for the season (`submit`, mail), by the command's clock
  /// (`--now`): `hold_back` counts from it.
  std::optional<Instant> last_order;
};

/// The timetable of a season opened at `now` under a schedule.
SeasonTimetable open_timetable(const Schedule& schedule, Instant now);

/// The file's path, relative to the season directory.
inline constexpr const char* kTimetableFile = "schedule.yaml";

/// The season's timetable, if it has one; a broken file is an InputError.
std::optional<SeasonTimetable> read_timetable(const SeasonDir& season);
/// The file's text.
std::string timetable_text(const SeasonTimetable& timetable);

/// Records in the season's timetable, when it has one, that orders were stored at `now`: a step
/// of the journal that stores them.
void note_orders_stored(Journal& journal, const GameDirectory& game, const SeasonDir& season,
                        Instant now);

}  // namespace wallenstein
