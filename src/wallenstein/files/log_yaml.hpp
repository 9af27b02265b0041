#pragma once

#include <string>
#include <string_view>

#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_log.hpp"

namespace wallenstein {

/// The top-level keys of log.yaml, as write_log writes them.
inline constexpr std::string_view kLogKeys[] = {
    "game",        "season", "season_index", "nmr",          "nmr_policy", "event",  "bids",
    "bid_ranking", "tiles",  "turn_order",   "action_cards", "steps",      "winter", "winners"};

/// How a season was resolved, at the head of its log: the NMR policy, the rules version and the
/// program (the two versions are absent from logs written by older programs).
struct LogHeader {
  std::string nmr_policy = "pass";
  int rules_version = 0;        ///< 0: not written
  std::string program_version;  ///< empty: not written
  bool operator==(const LogHeader&) const = default;
};

/// The text of a season's log.yaml: every step with its numbers. Keys starting with `gm_` hold
/// hidden information (the tower's content) and are for the game master only.
std::string write_log(const SeasonLog& log, const GameState& before, const Ruleset& rules,
                      const LogHeader& header);

/// Short names used in logs and reports.
std::string_view cancel_reason_key(CancelReason reason);
std::string_view battle_result_key(BattleResult result);
std::string_view revolt_cause_key(RevoltCause cause);
std::string_view leader_step_key(LeaderStepKind kind);
std::string_view conversion_short_key(ConversionShort why);

/// The first rules version whose logs say why a court conversion failed (`short:`).
inline constexpr int kConversionShortSince = 3;

}  // namespace wallenstein
