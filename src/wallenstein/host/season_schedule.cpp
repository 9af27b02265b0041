#include "wallenstein/host/season_schedule.hpp"

#include <filesystem>
#include <string_view>

#include "pbem/files/files.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
const std::string_view kTimetableComment =
    "This season's timetable (interfaces 6), kept by `wallenstein tick`.\n"
    "Move the deadline with `wallenstein deadline DIR --set TIME` or `--extend 24h`: players are "
    "told.\n"
    "extended: the `hold` policy already moved it once; held: too many orders were missing at "
    "the\n"
    "deadline, so tick waits for the game master (resolve --force, or a new deadline).\n"
    "moved: when the deadline was last moved; last_order: when orders were last stored.";

std::string timetable_text(const SeasonTimetable& t) {
  return pbem::timetable_text(t, kTimetableComment);
}

void note_orders_stored(Journal& journal, const GameDirectory& game, const SeasonDir& season,
                        Instant now) {
  pbem::note_orders_stored(journal, game.root(), season, now, kTimetableComment);
}

}  // namespace wallenstein
