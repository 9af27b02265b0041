#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "wallenstein/rules/ids.hpp"

namespace wallenstein {

/// What is wrong with an order (interfaces 3). The core says which problem it is and with what
/// values; the words are the message catalogue's (templates/text/problems.yaml).
enum class ProblemKind : std::uint8_t {
  wrong_game,
  unknown_player,
  game_over,
  wrong_season,
  unknown_province,
  out_of_play,
  not_yours,
  card_used_twice,
  armies_above_cubes,
  min_armies_above_armies,
  move_only_not_in_rules,
  move_only_without_move,
  battle_without_target,
  not_adjacent,
  move_target_not_yours,
  bid_not_a_coin,
  bid_above_thaler,
  no_card_for_bid,
  too_many_none,
  unknown_tile,
  tile_listed_twice,
  winter_province_twice,
  winter_order_ignored,
  unknown_landsknecht_bonus,
  landsknecht_bonus_twice,
  landsknecht_wishes_not_offered,
  leader_placed_on_board,
  leader_placed_out_of_spring,
  leader_not_placed,
  leader_beside_the_board,
  leader_move_not_adjacent,
  leader_moves_by_default,
  leader_must_move,
  leader_move_not_yours,
  leader_no_statue_left,
  leader_statue_needs_a_neighbour,
  defend_with_twice,
  defend_with_not_yours,
  draft_province_twice,
  draft_group_not_yours,
  draft_list_empty,
  draft_group_named_too_often,
  favour_card_unknown,
  favour_card_twice,
  favour_needs_province,
  favour_not_displayed,
  court_card_twice,
  leader_statue_after_a_far_move,
  leader_stay_not_in_rules,
  leader_must_be_placed,
  region_not_province,
  bid_with_words,
  draft_refresh_not_in_rules,
  draft_leader_not_in_rules,
  draft_leader_without_leaders,
  draft_leader_on_last_pick,
  favour_cancel_not_in_rules,
  favour_cancel_not_an_event_card,
  unknown_event,
  favour_cancel_event_twice,
  favour_cancel_event_not_left,
  favour_cancels_nothing,
  favour_builds_nothing,
  favour_reserve_empty,
};
inline constexpr int kProblemKindCount = 64;
inline constexpr std::array<ProblemKind, kProblemKindCount> kAllProblemKinds = {
    ProblemKind::wrong_game,
    ProblemKind::unknown_player,
    ProblemKind::game_over,
    ProblemKind::wrong_season,
    ProblemKind::unknown_province,
    ProblemKind::out_of_play,
    ProblemKind::not_yours,
    ProblemKind::card_used_twice,
    ProblemKind::armies_above_cubes,
    ProblemKind::min_armies_above_armies,
    ProblemKind::move_only_not_in_rules,
    ProblemKind::move_only_without_move,
    ProblemKind::battle_without_target,
    ProblemKind::not_adjacent,
    ProblemKind::move_target_not_yours,
    ProblemKind::bid_not_a_coin,
    ProblemKind::bid_above_thaler,
    ProblemKind::no_card_for_bid,
    ProblemKind::too_many_none,
    ProblemKind::unknown_tile,
    ProblemKind::tile_listed_twice,
    ProblemKind::winter_province_twice,
    ProblemKind::winter_order_ignored,
    ProblemKind::unknown_landsknecht_bonus,
    ProblemKind::landsknecht_bonus_twice,
    ProblemKind::landsknecht_wishes_not_offered,
    ProblemKind::leader_placed_on_board,
    ProblemKind::leader_placed_out_of_spring,
    ProblemKind::leader_not_placed,
    ProblemKind::leader_beside_the_board,
    ProblemKind::leader_move_not_adjacent,
    ProblemKind::leader_moves_by_default,
    ProblemKind::leader_must_move,
    ProblemKind::leader_move_not_yours,
    ProblemKind::leader_no_statue_left,
    ProblemKind::leader_statue_needs_a_neighbour,
    ProblemKind::defend_with_twice,
    ProblemKind::defend_with_not_yours,
    ProblemKind::draft_province_twice,
    ProblemKind::draft_group_not_yours,
    ProblemKind::draft_list_empty,
    ProblemKind::draft_group_named_too_often,
    ProblemKind::favour_card_unknown,
    ProblemKind::favour_card_twice,
    ProblemKind::favour_needs_province,
    ProblemKind::favour_not_displayed,
    ProblemKind::court_card_twice,
    ProblemKind::leader_statue_after_a_far_move,
    ProblemKind::leader_stay_not_in_rules,
    ProblemKind::leader_must_be_placed,
    ProblemKind::region_not_province,
    ProblemKind::bid_with_words,
    ProblemKind::draft_refresh_not_in_rules,
    ProblemKind::draft_leader_not_in_rules,
    ProblemKind::draft_leader_without_leaders,
    ProblemKind::draft_leader_on_last_pick,
    ProblemKind::favour_cancel_not_in_rules,
    ProblemKind::favour_cancel_not_an_event_card,
    ProblemKind::unknown_event,
    ProblemKind::favour_cancel_event_twice,
    ProblemKind::favour_cancel_event_not_left,
    ProblemKind::favour_cancels_nothing,
    ProblemKind::favour_builds_nothing,
    ProblemKind::favour_reserve_empty,
};
static_assert(lists_in_order(kAllProblemKinds));

/// The identifier of a problem, its message's key in the catalogue.
std::string_view problem_key(ProblemKind kind);

/// The name of a value in a problem; the catalogue's messages refer to it (`{{province}}`).
enum class ProblemArg : std::uint8_t {
  written,            ///< the value as the player wrote it
  expected,           ///< the game or season the file should name
  players,            ///< the game's player ids
  nearest,            ///< spellings close to a misspelt name
  province,           ///< the province the problem is about
  from,               ///< the province an action happens in (its target is not adjacent)
  neighbours,         ///< the provinces adjacent to `from`, in play
  owner,              ///< the id of the player holding `province` (absent: it is neutral)
  yours,              ///< the provinces the player holds
  free,               ///< the player's province cards on no action and not bid
  action,             ///< the action (card_used_twice: absent when the card is the bid)
  player_count,       ///< how many players the game has
  armies,             ///< `armies: N` of an action
  min_armies,         ///< `min_armies: N` of an action
  cubes,              ///< the cubes a player has (pieces)
  version,            ///< the game's rules version
  coins,              ///< the values of the coin cards
  thaler,             ///< the thaler the player has
  at_most,            ///< the highest coin bid the player can pay
  province_cards,     ///< how many province cards the player holds
  coin_cards,         ///< how many coin cards a player has
  action_spaces,      ///< how many action spaces a board has
  max_provinces,      ///< the most provinces with which no card is left for the bid
  none_actions,       ///< how many actions are none
  needed,             ///< how many coin cards those and a coin bid need
  coin_bid,           ///< whether the bid is a coin
  bid_possible,       ///< whether a card is left for the bid
  tiles,              ///< the bonus tiles' ids
  season,             ///< the season a part of the order is for
  bonuses,            ///< the bonuses a Landsknechte card can give (or offers)
  fallback,           ///< the bonus taken when no wish is on the card
  fallback_province,  ///< where a leader goes when its order cannot be followed (D-32)
  statues,            ///< how many statues a player has
  groups,             ///< the army groups of a player's board (the draft, rules 2.2)
  cards,              ///< the favour cards displayed this season (the Imperial Court)
  none_spaces,        ///< side-board spaces left empty (the Imperial Court; only when some are)
  tower_cards,        ///< tower cards not on the side board (the Imperial Court)
  events,             ///< event ids: those this season may draw (favour card #1, D-50)
  built_there,        ///< a favour's building already stands in its province (D-51)
  no_site,            ///< a favour's province has no free building site (D-51)
  none_left,          ///< none of a favour's building is left in the supply (D-51)
};
inline constexpr int kProblemArgCount = 41;

/// The identifier of a value in a problem, as the catalogue's placeholders write it.
std::string_view problem_arg_key(ProblemArg arg);

/// A value shown in a problem: a text (as written, or an id), a number, a yes or no, a province,
/// an action, a list of texts or a list of provinces.
using ProblemValue = std::variant<std::string, int, bool, ProvinceId, Action,
                                  std::vector<std::string>, std::vector<ProvinceId>>;

/// One named value of a problem.
struct ProblemArgument {
  ProblemArg name;
  ProblemValue value;
};

/// Where a value came from in its file: an index into the reader's table of positions.
struct SourceRef {
  int index = -1;
};

/// A problem with an order, at a position in its file: which problem, and the values its
/// message shows (an optional value, like the owner of a neutral province, is left out).
struct Problem {
  SourceRef at;
  ProblemKind kind = ProblemKind::wrong_game;
  std::vector<ProblemArgument> arguments;

  /// The value named `name`, or null when the problem has none.
  const ProblemValue* find(ProblemArg name) const;
};

}  // namespace wallenstein
