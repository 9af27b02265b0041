#pragma once

#include <string>
#include <vector>

#include "pbem/files/files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// The version of the state.yaml format this program writes and reads.
inline constexpr int kStateFormat = 1;

/// The text of state.yaml: the full state at the start of a season, hidden parts included.
std::string write_state(const GameState& state, const Ruleset& rules);

/// Where a state.yaml was found: the game and season directory it must belong to.
struct StateOrigin {
  std::string game;                     ///< game.yaml's name
  std::vector<std::string> player_ids;  ///< game.yaml's players, in seat order
  int season_index = 0;                 ///< the season directory's number
  std::string directory;                ///< the season directory's name, "03-1618-autumn"
  std::string season_name;              ///< the season it names, "1618-autumn"
};

/// Parses state.yaml and checks everything the engine relies on, so that no hand edit can crash,
/// hang or mislead `resolve`; with an origin, also that the state belongs where it was found.
/// Every problem is an InputError at its line.
GameState read_state(const SourceFile& file, const Ruleset& rules,
                     const StateOrigin* origin = nullptr);

/// The largest state.yaml accepted.
inline constexpr std::size_t kMaxStateBytes = 4 << 20;

}  // namespace wallenstein
