#pragma once

#include <optional>
#include <string>

#include "pbem/files/journal.hpp"
#include "pbem/host/schedule.hpp"
#include "pbem/host/timetable.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

/// A season's timetable, `seasons/<NN>-.../schedule.yaml` (interfaces 6): the host's round
/// timetable (pbem/host/timetable.hpp).
using SeasonTimetable = Timetable;

/// The comment atop each season's timetable file, for the game master.
extern const std::string_view kTimetableComment;
/// The file's text, with its comment for the game master.
std::string timetable_text(const SeasonTimetable& timetable);

/// Records in the season's timetable, when it has one, that orders were stored at `now`: a step
/// of the journal that stores them.
void note_orders_stored(Journal& journal, const GameDirectory& game, const SeasonDir& season,
                        Instant now);

}  // namespace wallenstein
