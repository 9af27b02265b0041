#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/host/rounds.hpp"
#include "pbem/host/schedule.hpp"

namespace pbem {

/// A round's timetable (the round directory's `schedule.yaml`): when it opened and its deadline
/// as absolute times with the game's zone, whether the `hold` policy's grace was used and whether
/// the `max_missing` gate holds it for the game master.
struct Timetable {
  Instant opened;
  Instant deadline;
  std::string timezone = "UTC";
  bool extended = false;  ///< nmr `hold`: the deadline was moved once by `grace`
  bool held = false;      ///< the gate held the round: the tick waits for the game master
  /// When the deadline was last moved (players were told then): reminders due before that are
  /// not sent, so that a reminder never follows the notice of a new deadline minutes later.
  std::optional<Instant> moved;
  /// When orders were last stored for the round, by the storing command's clock: the early
  /// resolve's `hold_back` counts from it.
  std::optional<Instant> last_order;
};

/// The file's name in a round's directory.
inline constexpr const char* kTimetableFile = "schedule.yaml";

/// The timetable of a round opened at `now` under a schedule.
Timetable open_timetable(const Schedule& schedule, Instant now);
/// Reads a timetable file; a broken one is an InputError with its positions.
Timetable parse_timetable(const SourceFile& file);
/// The file's text, after the game's comment (what the file is and which commands change it).
std::string timetable_text(const Timetable& timetable, std::string_view comment);
/// The round's timetable, if it has one; a broken file is an InputError.
std::optional<Timetable> read_timetable(const RoundDir& round);
/// Writes a round's timetable, with the game's comment, as a step of the journal of the game at
/// `root`.
void write_timetable(Journal& journal, const std::filesystem::path& root, const RoundDir& round,
                     const Timetable& timetable, std::string_view comment);
/// Records in the round's timetable, when it has one, that orders were stored at `now` (the early
/// resolve's hold-back counts from it): a step of the journal that stores them.
void note_orders_stored(Journal& journal, const std::filesystem::path& root, const RoundDir& round,
                        Instant now, std::string_view comment);

/// The reminder due now that was not sent, as its distance before the deadline: only the latest
/// one due (a tick that comes late sends one reminder, not every one it missed), never one due
/// before the round opened or before the deadline last moved.
std::optional<std::chrono::minutes> due_reminder(const Schedule& schedule, const Timetable& t,
                                                 Instant now);

/// Whose orders a round still waits for, as the tick counts them.
struct Awaited {
  std::size_t missing = 0;  ///< seats awaited now whose orders are not in
  std::size_t counted =
      0;  ///< of those, the seats not paused: the gate and early resolve count these
  std::optional<Instant> last_order;  ///< when orders were last stored
};

/// What becomes of a round at a tick.
enum class RoundFate {
  held,           ///< held for the game master already: nothing happens until they act
  open,           ///< before the deadline and not every order in (or not yet quiet): it waits
  hold_for_gm,    ///< the deadline passed with more seats missing than `max_missing`: hold it
  extend,         ///< nmr `hold`: the deadline passed with seats missing, moved once by `grace`
  resolve,        ///< the deadline passed: resolve, the NMR policy playing the missing seats
  resolve_early,  ///< every counted order is in and none changed for `hold_back`: resolve now
};

/// One tick's decision for a round: the reminder to send (to the missing seats) and its fate.
struct TickDecision {
  std::optional<std::chrono::minutes> reminder;
  RoundFate fate = RoundFate::open;
};

/// The tick's rules (interfaces 6) as one pure function of the schedule, the round's timetable,
/// the time and who is awaited. A held round sends no reminder; a reminder goes only to missing
/// seats; the gate holds before the `hold` policy extends, which it does once.
TickDecision decide_tick(const Schedule& schedule, const Timetable& t, Instant now,
                         const Awaited& awaited);

}  // namespace pbem
