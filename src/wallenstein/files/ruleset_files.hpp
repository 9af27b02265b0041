#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// A module (expansion) a game asks for that the data does not have, or that this program cannot
/// play yet: the game's choice is wrong, not the data.
class ModuleRefused : public InputError {
 public:
  using InputError::InputError;
};

/// Loads and checks the ruleset files of a data directory (data/wallenstein): every table is
/// checked (symmetric neighbours, 9 provinces per region, setups matching the army groups,
/// unique names...) and a problem is an InputError naming the file and line. `version` is the
/// game's rules version; one this program does not know is an InputError. `modules` are the
/// expansions and editions the game plays (modules/<id>/), laid over the base game in that order
/// (every rules.yaml first, then the tables); one that does not exist or that this program cannot
/// play yet is a ModuleRefused. With a `cache` directory, a ruleset read before from the same
/// files by this same program is read back from there instead, and one read now is kept there
/// (kept_rulesets.hpp); a ruleset with a problem is never kept.
Ruleset load_ruleset(const std::filesystem::path& dir, int version = kCurrentRulesVersion,
                     const std::vector<std::string>& modules = {},
                     const std::optional<std::filesystem::path>& cache = {});

/// The modules a game in this rules edition with these expansions plays, in the order they are
/// laid: the edition's module first (the 1st edition: modules/edition1; the 2nd is the base game).
std::vector<std::string> game_modules(int edition, const std::vector<std::string>& expansions);

/// The ruleset of a game played in `edition` (1 or 2) with `expansions` (`Ruleset::edition` is
/// set). An expansion that is no expansion (an edition's module) is a ModuleRefused, as is one
/// the data lacks or this program cannot play.
Ruleset load_edition_ruleset(const std::filesystem::path& dir, int version, int edition,
                             const std::vector<std::string>& expansions,
                             const std::optional<std::filesystem::path>& cache = {});

/// The ruleset of a game: its rules version, edition and expansions. A module the game cannot
/// play is an InputError at `game_yaml` (where the game lists its expansions).
Ruleset load_game_ruleset(const std::filesystem::path& dir, int version, int edition,
                          const std::vector<std::string>& expansions,
                          const std::filesystem::path& game_yaml,
                          const std::optional<std::filesystem::path>& cache = {});

}  // namespace wallenstein
