#include "app/season_reports.hpp"

namespace wallenstein::app {

SeasonDir default_report_season(const GameDirectory& game) {
  const auto seasons = game.seasons();
  if (seasons.size() >= 2) return seasons[seasons.size() - 2];
  return seasons.back();
}

SeasonReports season_reports(const GameDirectory& game, const SeasonDir& season, const Ruleset& rules,
                             const std::filesystem::path& templates_dir) {
  SeasonReports out;
  out.start = game.load_state(season, rules);
  if (game.next(season)) out.resolution = load_resolved(game, season, rules);
  out.resolved = out.resolution.has_value();
  report::ReportInput input;
  input.config = &game.config();
  input.rules = &rules;
  input.start = &out.start;
  input.after = out.resolution ? &out.resolution->result.next : &out.start;
  input.log = out.resolution ? &out.resolution->result.log : nullptr;
  out.set = report::build_reports(input, report::Templates::load(templates_dir));
  return out;
}

}  // namespace wallenstein::app
