#pragma once

#include <string>
#include <vector>

#include "adapters/report/templates.hpp"
#include "core/forecast.hpp"
#include "core/ruleset.hpp"

namespace wallenstein::report {

/// The forecast's warnings as template data: {warnings: [{short|revolt|few: {...}}]}.
Data forecast_data(const std::vector<ForecastWarning>& warnings, const Ruleset& rules);

/// The forecast in words (templates/text/forecast.mustache), one line per warning; `check`,
/// `submit` and the confirmation of mailed orders print these.
std::vector<std::string> forecast_lines(const std::vector<ForecastWarning>& warnings, const Ruleset& rules,
                                        const Templates& templates);

}  // namespace wallenstein::report
