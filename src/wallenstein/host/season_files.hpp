#pragma once

#include <string>
#include <vector>

#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/orders.hpp"

namespace wallenstein {

/// What a season is resolved from: its state and every player's orders.
struct SeasonInputs {
  GameState state;
  std::vector<Orders> orders;  ///< seat order; NMR players get made-up orders
  std::vector<PlayerIndex> nmr;
  std::vector<std::string> missing;   ///< ids of players with no order file
  std::vector<std::string> bot_made;  ///< ids whose stored order file `resolve --nmr bot` wrote
  /// Order files the bot wrote for missing players (id, text): stored beside the others.
  std::vector<std::pair<std::string, std::string>> bot_files;
};

/// How orders are made up for a player who sent none (rules 11).
inline constexpr const char* kNmrPass = "pass";
inline constexpr const char* kNmrBot = "bot";

/// Loads a season's state and stored orders. Stored orders that no longer check are an
/// InputError (they were valid when submitted, so the directory was edited by hand), its
/// problems worded by the catalogue `texts`.
SeasonInputs load_season_inputs(const GameDirectory& game, const SeasonDir& season,
                                const Ruleset& rules, const report::ProblemTexts& texts);

/// Gives every missing player the NMR orders of `policy`: `pass`, or `bot`, whose orders are
/// also written out as order files (in `bot_files`) and read back, so a replay reading the
/// stored files plays exactly what was resolved.
void fill_nmr(SeasonInputs& inputs, const std::string& policy, const Ruleset& rules,
              const report::ProblemTexts& texts);

/// A season resolved, with the bytes of the files it produces.
struct ResolvedSeason {
  SeasonResult result;
  LogHeader header;        ///< the NMR policy, rules version and program that resolved it
  std::string state_text;  ///< the next season's state.yaml
  std::string log_text;    ///< this season's log.yaml
};

ResolvedSeason resolve_inputs(const SeasonInputs& inputs, const Ruleset& rules,
                              const std::string& nmr_policy);

/// Re-resolves a season that has been resolved, under the rules version and with the NMR
/// players its log.yaml records (replay and verify compare the result with what is stored).
ResolvedSeason reresolve(const GameDirectory& game, const SeasonDir& season, const Ruleset& rules,
                         const report::ProblemTexts& texts);

/// A resolved season as stored: its log read back and the next season's state. Past seasons are
/// shown from these (show, render, report, mail), so a newer program never changes history.
ResolvedSeason load_resolved(const GameDirectory& game, const SeasonDir& season,
                             const Ruleset& rules);

/// The first line where two texts differ, as "line N: expected ... / found ...", or empty.
std::string first_difference(const std::string& expected, const std::string& found);

}  // namespace wallenstein
