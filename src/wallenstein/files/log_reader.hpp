#pragma once

#include <string>

#include "pbem/files/files.hpp"
#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/rules_version.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_log.hpp"

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
