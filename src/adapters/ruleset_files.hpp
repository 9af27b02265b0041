#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/ruleset.hpp"

namespace wallenstein {

/// Loads and checks the ruleset files of a data directory (data/wallenstein): every table is
/// checked (symmetric neighbours, 9 provinces per region, setups matching the army groups,
/// unique names...) and a problem is an InputError naming the file and line. `version` is the
/// game's rules version; one this program does not know is an InputError. `modules` are the
/// expansions and editions the game plays (modules/<id>/), laid over the base game in that order;
/// one that does not exist or that this program cannot play yet is an InputError.
Ruleset load_ruleset(const std::filesystem::path& dir, int version = kCurrentRulesVersion,
                     const std::vector<std::string>& modules = {});

/// Why a game cannot play these modules (expansions) of the ruleset `dir`, or empty: a name with
/// no modules/<id>/ folder (with the nearest one), or a module whose phases this program does not
/// play yet. For `new --expansions`, before the game exists.
std::optional<std::string> modules_problem(const std::filesystem::path& dir,
                                           const std::vector<std::string>& names);

}  // namespace wallenstein
