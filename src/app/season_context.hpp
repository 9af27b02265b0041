#pragma once

#include <optional>

#include "app/command.hpp"
#include "pbem/files/game_lock.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/host/held_game.hpp"
#include "wallenstein/host/loaded_season.hpp"
#include "wallenstein/host/season_files.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::app {

/// Takes the lock of `DIR` for this command, recovers an interrupted write, opens the game.
HeldGame hold_game(const Invocation& in, LockMode mode);

/// The ruleset at the rules version the game plays (game.yaml `rules_version`).
Ruleset game_rules(const Invocation& in, const GameDirectory& game);

/// Which season a command works on when `--season` is not given.
enum class DefaultSeason {
  current,      ///< the season being planned
  last_report,  ///< the last resolved season, or the first season before any resolve
};

/// A game directory held and opened with its ruleset and the season a command works on.
struct OpenedSeason {
  GameLock lock;
  GameDirectory game;
  Ruleset rules;
  SeasonDir season;
};

/// Holds the game of `DIR`, loads the ruleset and picks the season (`--season` or the default).
OpenedSeason open_season(const Invocation& in, DefaultSeason fallback, LockMode mode);

LoadedSeason load_season(const OpenedSeason& opened);

}  // namespace wallenstein::app
