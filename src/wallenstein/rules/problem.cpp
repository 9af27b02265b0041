#include "wallenstein/rules/problem.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace wallenstein {

static_assert(static_cast<int>(ProblemKind::favour_reserve_empty) + 1 == kProblemKindCount);
static_assert(static_cast<int>(ProblemArg::none_left) + 1 == kProblemArgCount);

namespace {

/// Each problem's key, in the enum's order (checked below), so a new problem needs its row here.
constexpr KeyTable<ProblemKind, kProblemKindCount> kProblemKeys = {{
    {ProblemKind::wrong_game, "wrong_game"},
    {ProblemKind::unknown_player, "unknown_player"},
    {ProblemKind::game_over, "game_over"},
    {ProblemKind::wrong_season, "wrong_season"},
    {ProblemKind::unknown_province, "unknown_province"},
    {ProblemKind::out_of_play, "out_of_play"},
    {ProblemKind::not_yours, "not_yours"},
    {ProblemKind::card_used_twice, "card_used_twice"},
    {ProblemKind::armies_above_cubes, "armies_above_cubes"},
    {ProblemKind::min_armies_above_armies, "min_armies_above_armies"},
    {ProblemKind::move_only_not_in_rules, "move_only_not_in_rules"},
    {ProblemKind::move_only_without_move, "move_only_without_move"},
    {ProblemKind::battle_without_target, "battle_without_target"},
    {ProblemKind::not_adjacent, "not_adjacent"},
    {ProblemKind::move_target_not_yours, "move_target_not_yours"},
    {ProblemKind::bid_not_a_coin, "bid_not_a_coin"},
    {ProblemKind::bid_above_thaler, "bid_above_thaler"},
    {ProblemKind::no_card_for_bid, "no_card_for_bid"},
    {ProblemKind::too_many_none, "too_many_none"},
    {ProblemKind::unknown_tile, "unknown_tile"},
    {ProblemKind::tile_listed_twice, "tile_listed_twice"},
    {ProblemKind::winter_province_twice, "winter_province_twice"},
    {ProblemKind::winter_order_ignored, "winter_order_ignored"},
    {ProblemKind::unknown_landsknecht_bonus, "unknown_landsknecht_bonus"},
    {ProblemKind::landsknecht_bonus_twice, "landsknecht_bonus_twice"},
    {ProblemKind::landsknecht_wishes_not_offered, "landsknecht_wishes_not_offered"},
    {ProblemKind::leader_placed_on_board, "leader_placed_on_board"},
    {ProblemKind::leader_placed_out_of_spring, "leader_placed_out_of_spring"},
    {ProblemKind::leader_not_placed, "leader_not_placed"},
    {ProblemKind::leader_beside_the_board, "leader_beside_the_board"},
    {ProblemKind::leader_move_not_adjacent, "leader_move_not_adjacent"},
    {ProblemKind::leader_moves_by_default, "leader_moves_by_default"},
    {ProblemKind::leader_must_move, "leader_must_move"},
    {ProblemKind::leader_move_not_yours, "leader_move_not_yours"},
    {ProblemKind::leader_no_statue_left, "leader_no_statue_left"},
    {ProblemKind::leader_statue_needs_a_neighbour, "leader_statue_needs_a_neighbour"},
    {ProblemKind::defend_with_twice, "defend_with_twice"},
    {ProblemKind::defend_with_not_yours, "defend_with_not_yours"},
    {ProblemKind::draft_province_twice, "draft_province_twice"},
    {ProblemKind::draft_group_not_yours, "draft_group_not_yours"},
    {ProblemKind::draft_list_empty, "draft_list_empty"},
    {ProblemKind::draft_group_named_too_often, "draft_group_named_too_often"},
    {ProblemKind::favour_card_unknown, "favour_card_unknown"},
    {ProblemKind::favour_card_twice, "favour_card_twice"},
    {ProblemKind::favour_needs_province, "favour_needs_province"},
    {ProblemKind::favour_not_displayed, "favour_not_displayed"},
    {ProblemKind::court_card_twice, "court_card_twice"},
    {ProblemKind::leader_statue_after_a_far_move, "leader_statue_after_a_far_move"},
    {ProblemKind::leader_stay_not_in_rules, "leader_stay_not_in_rules"},
    {ProblemKind::leader_must_be_placed, "leader_must_be_placed"},
    {ProblemKind::region_not_province, "region_not_province"},
    {ProblemKind::bid_with_words, "bid_with_words"},
    {ProblemKind::draft_refresh_not_in_rules, "draft_refresh_not_in_rules"},
    {ProblemKind::draft_leader_not_in_rules, "draft_leader_not_in_rules"},
    {ProblemKind::draft_leader_without_leaders, "draft_leader_without_leaders"},
    {ProblemKind::draft_leader_on_last_pick, "draft_leader_on_last_pick"},
    {ProblemKind::favour_cancel_not_in_rules, "favour_cancel_not_in_rules"},
    {ProblemKind::favour_cancel_not_an_event_card, "favour_cancel_not_an_event_card"},
    {ProblemKind::unknown_event, "unknown_event"},
    {ProblemKind::favour_cancel_event_twice, "favour_cancel_event_twice"},
    {ProblemKind::favour_cancel_event_not_left, "favour_cancel_event_not_left"},
    {ProblemKind::favour_cancels_nothing, "favour_cancels_nothing"},
    {ProblemKind::favour_builds_nothing, "favour_builds_nothing"},
    {ProblemKind::favour_reserve_empty, "favour_reserve_empty"},
}};

static_assert(lists_in_order(kProblemKeys), "kProblemKeys lists every problem once, in order");

/// Each value's key, in the enum's order (checked below).
constexpr KeyTable<ProblemArg, kProblemArgCount> kArgKeys = {{
    {ProblemArg::written, "written"},
    {ProblemArg::expected, "expected"},
    {ProblemArg::players, "players"},
    {ProblemArg::nearest, "nearest"},
    {ProblemArg::province, "province"},
    {ProblemArg::from, "from"},
    {ProblemArg::neighbours, "neighbours"},
    {ProblemArg::owner, "owner"},
    {ProblemArg::yours, "yours"},
    {ProblemArg::free, "free"},
    {ProblemArg::action, "action"},
    {ProblemArg::player_count, "player_count"},
    {ProblemArg::armies, "armies"},
    {ProblemArg::min_armies, "min_armies"},
    {ProblemArg::cubes, "cubes"},
    {ProblemArg::version, "version"},
    {ProblemArg::coins, "coins"},
    {ProblemArg::thaler, "thaler"},
    {ProblemArg::at_most, "at_most"},
    {ProblemArg::province_cards, "province_cards"},
    {ProblemArg::coin_cards, "coin_cards"},
    {ProblemArg::action_spaces, "action_spaces"},
    {ProblemArg::max_provinces, "max_provinces"},
    {ProblemArg::none_actions, "none_actions"},
    {ProblemArg::needed, "needed"},
    {ProblemArg::coin_bid, "coin_bid"},
    {ProblemArg::bid_possible, "bid_possible"},
    {ProblemArg::tiles, "tiles"},
    {ProblemArg::season, "season"},
    {ProblemArg::bonuses, "bonuses"},
    {ProblemArg::fallback, "fallback"},
    {ProblemArg::fallback_province, "fallback_province"},
    {ProblemArg::statues, "statues"},
    {ProblemArg::groups, "groups"},
    {ProblemArg::cards, "cards"},
    {ProblemArg::none_spaces, "none_spaces"},
    {ProblemArg::tower_cards, "tower_cards"},
    {ProblemArg::events, "events"},
    {ProblemArg::built_there, "built_there"},
    {ProblemArg::no_site, "no_site"},
    {ProblemArg::none_left, "none_left"},
}};

static_assert(lists_in_order(kArgKeys), "kArgKeys lists every value once, in the enum's order");

}  // namespace

std::string_view problem_key(ProblemKind kind) { return key_in(kProblemKeys, kind); }

std::string_view problem_arg_key(ProblemArg arg) { return key_in(kArgKeys, arg); }

const ProblemValue* Problem::find(ProblemArg name) const {
  const auto it = std::find_if(arguments.begin(), arguments.end(),
                               [name](const ProblemArgument& a) { return a.name == name; });
  return it == arguments.end() ? nullptr : &it->value;
}

}  // namespace wallenstein
