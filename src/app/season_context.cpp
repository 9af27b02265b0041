#include "app/season_context.hpp"

#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/host/season_schedule.hpp"

namespace wallenstein::app {

HeldGame hold_game(const Invocation& in, LockMode mode) {
  return wallenstein::hold_game(in.game_dir(), mode, in.wait(), in.command, in.err);
}

Ruleset game_rules(const Invocation& in, const GameDirectory& game) {
  return load_game_ruleset(in.data_dir(), game.config().rules_version, game.config().edition,
                           game.config().expansions, game.root() / "game.yaml");
}

OpenedSeason open_season(const Invocation& in, DefaultSeason fallback, LockMode mode) {
  HeldGame held = hold_game(in, mode);
  Ruleset rules = game_rules(in, held.game);
  SeasonDir season;
  if (in.has("season")) {
    season = held.game.find(in.get<std::string>("season"));
  } else if (fallback == DefaultSeason::last_report && held.game.seasons().size() >= 2) {
    const auto seasons = held.game.seasons();
    season = seasons[seasons.size() - 2];
  } else {
    season = held.game.current();
  }
  return OpenedSeason{std::move(held.lock), std::move(held.game), std::move(rules),
                      std::move(season)};
}

SeasonView LoadedSeason::view(const Ruleset& rules) const {
  return SeasonView{&config,
                    &rules,
                    &start,
                    resolution ? &resolution->result.next : &start,
                    resolution ? &resolution->result.log : nullptr,
                    resolution ? resolution->header.nmr_policy : std::string(kNmrPass),
                    deadline,
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
  if (const auto t = read_timetable(next ? *next : season))
    loaded.deadline = describe_instant(t->deadline, t->timezone);
  return loaded;
}

LoadedSeason load_season(const OpenedSeason& opened) {
  return load_season(opened.game, opened.rules, opened.season);
}

}  // namespace wallenstein::app
