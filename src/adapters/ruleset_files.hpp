#pragma once

#include <filesystem>

#include "core/ruleset.hpp"

namespace wallenstein {

/// Loads and checks the ruleset files of a data directory (data/wallenstein): every table is
/// checked (symmetric neighbours, 9 provinces per region, setups matching the army groups,
/// unique names...) and a problem is an InputError naming the file and line. `version` is the
/// game's rules version; one this program does not know is an InputError.
Ruleset load_ruleset(const std::filesystem::path& dir, int version = kCurrentRulesVersion);

}  // namespace wallenstein
