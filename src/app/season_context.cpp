#include "app/season_context.hpp"

#include "adapters/ruleset_loader.hpp"

namespace wallenstein::app {

OpenedSeason open_season(const Invocation& in, DefaultSeason fallback) {
  GameDirectory game = GameDirectory::open(in.game_dir());
  Ruleset rules = load_ruleset(in.data_dir());
  SeasonDir season;
  if (in.has("season")) {
    season = game.find(in.get<std::string>("season"));
  } else if (fallback == DefaultSeason::last_report && game.seasons().size() >= 2) {
    const auto seasons = game.seasons();
    season = seasons[seasons.size() - 2];
  } else {
    season = game.current();
  }
  return OpenedSeason{std::move(game), std::move(rules), std::move(season)};
}

SeasonView LoadedSeason::view(const GameConfig& config, const Ruleset& rules) const {
  return SeasonView{&config, &rules, &start, resolution ? &resolution->result.next : &start,
                    resolution ? &resolution->result.log : nullptr};
}

LoadedSeason load_season(const OpenedSeason& opened) {
  LoadedSeason loaded{opened.game.load_state(opened.season, opened.rules), std::nullopt};
  if (opened.game.next(opened.season)) loaded.resolution = load_resolved(opened.game, opened.season, opened.rules);
  return loaded;
}

}  // namespace wallenstein::app
