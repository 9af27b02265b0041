#include "app/season_context.hpp"

#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/host/season_schedule.hpp"

namespace wallenstein::app {

HeldGame hold_game(const Invocation& in, LockMode mode) {
  return wallenstein::hold_game(in.game_dir(), mode, in.wait(), in.command, in.err,
                                kept_cache_dir());
}

Ruleset game_rules(const Invocation& in, const GameDirectory& game) {
  return load_game_ruleset(in.data_dir(), game.config().rules_version, game.config().edition,
                           game.config().expansions, game.root() / "game.yaml", kept_cache_dir());
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

LoadedSeason load_season(const OpenedSeason& opened) {
  return load_season(opened.game, opened.rules, opened.season);
}

}  // namespace wallenstein::app
