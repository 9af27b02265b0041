#include "wallenstein/rules/rules_version.hpp"

#include <array>

namespace wallenstein {
namespace {

/// Every decision that changed the rules, with the version that brought it: the one place that
/// maps versions to decisions and the one place their prose lives.
struct Row {
  RulesChange change;
  bool RuleChanges::*flag;
};

constexpr std::array<Row, 11> kRows = {{
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
    {{3, "D-48",
      "with the draft and the military leaders, each player places the leader while taking "
      "provinces (leader: true in the draft's list), on the last one at the latest; no leader is "
      "placed in the first spring (rules 2.2, 13.3)"},
     &RuleChanges::draft_places_leaders},
    {{3, "D-49",
      "in the draft, a player facing the same two face-up cards as at their previous pick may put "
      "them under the pile and turn two new ones (refresh: true) (rules 2.2)"},
     &RuleChanges::draft_may_refresh},
    {{3, "D-50",
      "favour card #1 cancels the season's event only when it is one its wish names (cancel:), "
      "any by default; otherwise the event is left (rules 13.1)"},
     &RuleChanges::favour_one_is_a_choice},
    {{3, "D-51",
      "a favour card may be taken for its own sake: a wish for a card the player can pay for is "
      "granted even when its effect comes to nothing (rules 13.1)"},
     &RuleChanges::favour_for_its_own_sake},
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
