#include "wallenstein/host/loaded_season.hpp"

#include "pbem/host/timetable.hpp"
#include "wallenstein/host/season_schedule.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

SeasonView LoadedSeason::view(const Ruleset& rules) const {
  return SeasonView{&config,
                    &rules,
                    &start,
                    resolution ? &resolution->result.next : &start,
                    resolution ? &resolution->result.log : nullptr,
                    resolution ? resolution->header.nmr_policy : std::string(kNmrPass),
                    due ? std::optional<Instant>(due->deadline) : std::nullopt,
                    due ? due->timezone : std::string(),
                    nullptr,
                    &next_config};
}

LoadedSeason load_season(const GameDirectory& game, const Ruleset& rules, const SeasonDir& season) {
  const auto next = game.next(season);
  LoadedSeason loaded{game.config().as_of(season.index),
                      game.config().as_of(next ? next->index : season.index),
                      game.load_state(season, rules),
                      std::nullopt,
                      {}};
  if (next) loaded.resolution = load_resolved(game, season, rules);
  // The deadline the reports announce: of the season they open orders for.
  loaded.due = read_timetable(next ? *next : season);
  return loaded;
}

}  // namespace wallenstein
