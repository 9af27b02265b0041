#pragma once

#include <string>
#include <vector>

#include "pbem/files/templates.hpp"
#include "wallenstein/bot/forecast.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein::report {

/// The forecast as template data: {warnings: [{short|revolt|few: {...}}], battles: [{...}]}.
Data forecast_data(const std::vector<ForecastWarning>& warnings,
                   const std::vector<BattleAhead>& battles, const Ruleset& rules,
                   const pbem::LanguageWords& words = pbem::LanguageWords::english());

/// The forecast in words (templates/text/forecast.mustache), one line per warning, then one per
/// planned battle with its odds.
std::vector<std::string> forecast_lines(const std::vector<ForecastWarning>& warnings,
                                        const std::vector<BattleAhead>& battles,
                                        const Ruleset& rules, const Templates& templates);
std::vector<std::string> forecast_lines(const std::vector<ForecastWarning>& warnings,
                                        const Ruleset& rules, const Templates& templates);

/// What valid orders lead to if nothing else changes (wallenstein/bot/forecast.hpp), in words:
/// `check`, `submit` and the answer to mailed orders all print these lines.
std::vector<std::string> forecast_lines(const Orders& orders, const GameState& state,
                                        const Ruleset& rules, const Templates& templates);

/// A probability as a whole percentage; "under 1%" and "over 99%" where rounding would hide
/// that it can happen, or that it can fail (in the words of a language).
std::string percent(double p, const pbem::LanguageWords& words = pbem::LanguageWords::english());

}  // namespace wallenstein::report
