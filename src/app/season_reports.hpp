#pragma once

#include <filesystem>
#include <memory>

#include "adapters/game_directory.hpp"
#include "adapters/report/reports.hpp"
#include "adapters/season_files.hpp"

namespace wallenstein::app {

/// The reports of one season with what they were made from.
struct SeasonReports {
  bool resolved = false;
  GameState start;
  std::optional<ResolvedSeason> resolution;
  report::ReportSet set;
};

/// The season `report` and `mail` use by default: the last resolved one, else the current.
SeasonDir default_report_season(const GameDirectory& game);

/// Renders the reports of a season: a resolved one (re-resolved and checked against its log)
/// or, for the season being planned, its opening reports.
SeasonReports season_reports(const GameDirectory& game, const SeasonDir& season, const Ruleset& rules,
                             const std::filesystem::path& templates_dir);

}  // namespace wallenstein::app
