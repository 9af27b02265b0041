#pragma once

#include <string_view>
#include <vector>

namespace wallenstein {

/// The oldest rules version this program still plays (the rules before D-25 to D-28).
inline constexpr int kFirstRulesVersion = 1;
/// The rules version new games start with; a game keeps the version it started with.
inline constexpr int kCurrentRulesVersion = 3;

/// What a rules version decides: one member per decision that changed between versions.
/// Engine code asks these members, never the version number.
struct RuleChanges {
  bool bid_needs_a_spare_card = false;        ///< D-25, rules 4.3
  bool lost_card_leaves_its_actions = false;  ///< D-26, rules 4.7
  bool army1_may_only_move = false;           ///< D-27, rules 5
  bool armies_tile_is_a_right = false;        ///< D-28, rules 6
  bool leader_moves_anywhere = false;         ///< D-45, rules 13.3
  bool leader_may_stay_beside = false;        ///< D-46, rules 13.3
  bool draft_places_leaders = false;          ///< D-48, rules 2.2 and 13.3
  bool draft_may_refresh = false;             ///< D-49, rules 2.2
  bool favour_one_is_a_choice = false;        ///< D-50, rules 13.1
  bool favour_for_its_own_sake = false;       ///< D-51, rules 13.1
  bool first_edition_peasants_hold = false;   ///< D-52, rules 12

  /// The decisions in force under a rules version.
  static RuleChanges for_version(int version);
};

/// One decision a rules version brought, in words (what `wallenstein upgrade` prints).
struct RulesChange {
  int version = 0;
  std::string_view decision;  ///< "D-25"
  std::string_view summary;
};

/// Whether this program can play a rules version.
bool known_rules_version(int version);

/// The decisions brought by the versions after `from` up to `to`, oldest first.
std::vector<RulesChange> rules_changes(int from, int to);

}  // namespace wallenstein
