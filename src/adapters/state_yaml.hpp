#pragma once

#include <string>

#include "adapters/files.hpp"
#include "core/game_state.hpp"
#include "core/ruleset.hpp"

namespace wallenstein {

/// The text of state.yaml: the full state at the start of a season, hidden parts included.
std::string write_state(const GameState& state, const Ruleset& rules);

/// Parses state.yaml and checks its invariants; a problem is an InputError at its line.
GameState read_state(const SourceFile& file, const Ruleset& rules);

/// The largest state.yaml accepted.
inline constexpr std::size_t kMaxStateBytes = 4 << 20;

}  // namespace wallenstein
