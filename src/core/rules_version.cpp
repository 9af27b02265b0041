#include "core/rules_version.hpp"

#include <array>

namespace wallenstein {
namespace {

/// Every decision that changed the rules, with the version that brought it: the one place that
/// maps versions to decisions and the one place their prose lives.
struct Row {
  RulesChange change;
  bool RuleChanges::*flag;
};

constexpr std::array<Row, 7> kRows = {{
    {{2, "D-25",
      "a player with 5 provinces or fewer has no card left for the bid and bids none (rules 4.3)"},
     &RuleChanges::bid_needs_a_spare_card},
    {{2, "D-26",
      "a province lost and won back in the same season performs none of its remaining planned "
      "actions "
      "(rules 4.7)"},
     &RuleChanges::lost_card_leaves_its_actions},
    {{2, "D-27",
      "army1 may move without placing (place: false); without thaler or reserve only the placement "
      "is "
      "cancelled and the move still happens (rules 5)"},
     &RuleChanges::army1_may_only_move},
    {{2, "D-28",
      "with the armies tile, place 5 armies places the card's own number when the reserve lacks "
      "the +1, "
      "instead of being cancelled (rules 6)"},
     &RuleChanges::armies_tile_is_a_right},
    {{3, "D-45",
      "after the ten actions a military leader may move to any province of its player; only a "
      "move next door may leave a statue (rules 13.3)"},
     &RuleChanges::leader_moves_anywhere},
    {{3, "D-46",
      "a leader taken off may stay beside the board after winter (leader: {place: none}) "
      "(rules 13.3)"},
     &RuleChanges::leader_may_stay_beside},
    {{3, "D-52",
      "1st edition: a defender whose peasants alone outnumber the attacker holds the province "
      "(rules 12)"},
     &RuleChanges::first_edition_peasants_hold},
}};

}  // namespace

RuleChanges RuleChanges::for_version(int version) {
  RuleChanges changes;
  for (const Row& row : kRows) {
    if (row.change.version <= version) changes.*row.flag = true;
  }
  return changes;
}

bool known_rules_version(int version) {
  return version >= kFirstRulesVersion && version <= kCurrentRulesVersion;
}

std::vector<RulesChange> rules_changes(int from, int to) {
  std::vector<RulesChange> out;
  for (const Row& row : kRows) {
    if (row.change.version > from && row.change.version <= to) out.push_back(row.change);
  }
  return out;
}

}  // namespace wallenstein
