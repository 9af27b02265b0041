#pragma once

// States kept between processes. Every command that reads a game reads its state.yaml: 11.6 M
// instructions of the 35 M `check` of one order file costs. The state changes once a season, and
// is read by every order checked, submitted or received meanwhile: a state read once is kept (as
// the rulesets are, kept_rulesets.hpp) under a digest of all it was made of.

#include <filesystem>
#include <optional>
#include <string>

#include "wallenstein/files/state_yaml.hpp"

namespace wallenstein {

/// read_state(file, rules, origin), with `cache` kept there between processes, under a digest of
/// the program's build, the file's bytes, the ruleset (every field) and the origin; a state with
/// a problem is never kept, so its error is told every time.
GameState read_state_kept(const SourceFile& file, const Ruleset& rules, const StateOrigin* origin,
                          const std::optional<std::filesystem::path>& cache);

/// The body an entry holds for `state`, and the state read back from one (none when it is not one
/// state's whole); the tests' round trips use these.
std::string kept_state_body(const GameState& state);
std::optional<GameState> state_from_kept_body(const std::string& body);

}  // namespace wallenstein
