#pragma once

#include <optional>

#include "app/command.hpp"
#include "pbem/files/game_lock.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/host/held_game.hpp"
#include "wallenstein/host/season_files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/season_view.hpp"

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

/// A season loaded for the map and the reports: its state and, when it has been resolved, its
/// resolution (re-resolved and checked against the stored log and next state).
struct LoadedSeason {
  GameConfig config;       ///< game.yaml with each seat named after whoever held it in this season
  GameConfig next_config;  ///< the same for the season its order templates are for
  GameState start;
  std::optional<ResolvedSeason> resolution;
  std::string deadline;  ///< when the orders it asks for are due, in words (empty: no schedule)

  SeasonView view(const Ruleset& rules) const;
};

LoadedSeason load_season(const GameDirectory& game, const Ruleset& rules, const SeasonDir& season);
LoadedSeason load_season(const OpenedSeason& opened);

}  // namespace wallenstein::app
