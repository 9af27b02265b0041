#pragma once

#include <string>

#include "adapters/log_yaml.hpp"
#include "core/game_state.hpp"
#include "core/rules_version.hpp"
#include "core/ruleset.hpp"
#include "core/season_log.hpp"
#include "pbem/files.hpp"

namespace wallenstein {

/// A stored log.yaml read back: what happened, and what resolved it.
struct StoredLog {
  SeasonLog log;
  LogHeader header;
  /// The rules the season was resolved with: logs of older programs carry none, they played 1.
  int rules_version() const {
    return header.rules_version > 0 ? header.rules_version : kFirstRulesVersion;
  }
};

/// Parses a season's log.yaml (as `write_log` writes it) against the state the season started
/// from; every problem is an InputError at its line. Past seasons are shown from what this
/// returns, so a newer program never changes what happened.
StoredLog read_log(const SourceFile& file, const GameState& before, const Ruleset& rules);

/// The largest log.yaml accepted.
inline constexpr std::size_t kMaxLogBytes = 16 << 20;

}  // namespace wallenstein
