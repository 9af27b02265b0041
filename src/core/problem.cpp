#include "core/problem.hpp"

#include <algorithm>

namespace wallenstein {

static_assert(static_cast<int>(ProblemKind::draft_list_empty) + 1 == kProblemKindCount);
static_assert(static_cast<int>(ProblemArg::groups) + 1 == kProblemArgCount);

std::string_view problem_key(ProblemKind kind) {
  switch (kind) {
    case ProblemKind::wrong_game:
      return "wrong_game";
    case ProblemKind::unknown_player:
      return "unknown_player";
    case ProblemKind::game_over:
      return "game_over";
    case ProblemKind::wrong_season:
      return "wrong_season";
    case ProblemKind::unknown_province:
      return "unknown_province";
    case ProblemKind::out_of_play:
      return "out_of_play";
    case ProblemKind::not_yours:
      return "not_yours";
    case ProblemKind::card_used_twice:
      return "card_used_twice";
    case ProblemKind::armies_above_cubes:
      return "armies_above_cubes";
    case ProblemKind::min_armies_above_armies:
      return "min_armies_above_armies";
    case ProblemKind::move_only_not_in_rules:
      return "move_only_not_in_rules";
    case ProblemKind::move_only_without_move:
      return "move_only_without_move";
    case ProblemKind::battle_without_target:
      return "battle_without_target";
    case ProblemKind::not_adjacent:
      return "not_adjacent";
    case ProblemKind::move_target_not_yours:
      return "move_target_not_yours";
    case ProblemKind::bid_not_a_coin:
      return "bid_not_a_coin";
    case ProblemKind::bid_above_thaler:
      return "bid_above_thaler";
    case ProblemKind::no_card_for_bid:
      return "no_card_for_bid";
    case ProblemKind::too_many_none:
      return "too_many_none";
    case ProblemKind::unknown_tile:
      return "unknown_tile";
    case ProblemKind::tile_listed_twice:
      return "tile_listed_twice";
    case ProblemKind::winter_province_twice:
      return "winter_province_twice";
    case ProblemKind::winter_order_ignored:
      return "winter_order_ignored";
    case ProblemKind::unknown_landsknecht_bonus:
      return "unknown_landsknecht_bonus";
    case ProblemKind::landsknecht_bonus_twice:
      return "landsknecht_bonus_twice";
    case ProblemKind::landsknecht_wishes_not_offered:
      return "landsknecht_wishes_not_offered";
    case ProblemKind::leader_placed_on_board:
      return "leader_placed_on_board";
    case ProblemKind::leader_placed_out_of_spring:
      return "leader_placed_out_of_spring";
    case ProblemKind::leader_not_placed:
      return "leader_not_placed";
    case ProblemKind::leader_beside_the_board:
      return "leader_beside_the_board";
    case ProblemKind::leader_move_not_adjacent:
      return "leader_move_not_adjacent";
    case ProblemKind::leader_moves_by_default:
      return "leader_moves_by_default";
    case ProblemKind::leader_must_move:
      return "leader_must_move";
    case ProblemKind::leader_move_not_yours:
      return "leader_move_not_yours";
    case ProblemKind::leader_no_statue_left:
      return "leader_no_statue_left";
    case ProblemKind::leader_statue_needs_a_neighbour:
      return "leader_statue_needs_a_neighbour";
    case ProblemKind::defend_with_twice:
      return "defend_with_twice";
    case ProblemKind::defend_with_not_yours:
      return "defend_with_not_yours";
    case ProblemKind::draft_province_twice:
      return "draft_province_twice";
    case ProblemKind::draft_group_not_yours:
      return "draft_group_not_yours";
    case ProblemKind::draft_list_empty:
      return "draft_list_empty";
  }
  return "?";
}

std::string_view problem_arg_key(ProblemArg arg) {
  switch (arg) {
    case ProblemArg::written:
      return "written";
    case ProblemArg::expected:
      return "expected";
    case ProblemArg::players:
      return "players";
    case ProblemArg::nearest:
      return "nearest";
    case ProblemArg::province:
      return "province";
    case ProblemArg::from:
      return "from";
    case ProblemArg::neighbours:
      return "neighbours";
    case ProblemArg::owner:
      return "owner";
    case ProblemArg::yours:
      return "yours";
    case ProblemArg::free:
      return "free";
    case ProblemArg::action:
      return "action";
    case ProblemArg::player_count:
      return "player_count";
    case ProblemArg::armies:
      return "armies";
    case ProblemArg::min_armies:
      return "min_armies";
    case ProblemArg::cubes:
      return "cubes";
    case ProblemArg::version:
      return "version";
    case ProblemArg::coins:
      return "coins";
    case ProblemArg::thaler:
      return "thaler";
    case ProblemArg::at_most:
      return "at_most";
    case ProblemArg::province_cards:
      return "province_cards";
    case ProblemArg::coin_cards:
      return "coin_cards";
    case ProblemArg::action_spaces:
      return "action_spaces";
    case ProblemArg::max_provinces:
      return "max_provinces";
    case ProblemArg::none_actions:
      return "none_actions";
    case ProblemArg::needed:
      return "needed";
    case ProblemArg::coin_bid:
      return "coin_bid";
    case ProblemArg::bid_possible:
      return "bid_possible";
    case ProblemArg::tiles:
      return "tiles";
    case ProblemArg::season:
      return "season";
    case ProblemArg::bonuses:
      return "bonuses";
    case ProblemArg::fallback:
      return "fallback";
    case ProblemArg::fallback_province:
      return "fallback_province";
    case ProblemArg::statues:
      return "statues";
    case ProblemArg::groups:
      return "groups";
  }
  return "?";
}

const ProblemValue* Problem::find(ProblemArg name) const {
  const auto it = std::find_if(arguments.begin(), arguments.end(),
                               [name](const ProblemArgument& a) { return a.name == name; });
  return it == arguments.end() ? nullptr : &it->value;
}

}  // namespace wallenstein
