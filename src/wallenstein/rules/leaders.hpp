#pragma once

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/orders.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// Whether a player's leader, beside the board, is placed this season: in a game with the
/// military leaders, in the year's first season (rules 13.3, E-13).
bool leader_placed_now(const GameState& state, const Ruleset& rules, PlayerIndex player);
/// The same for a leader that stands on the board or not (`on_board`), in `season_index`.
bool leader_placed_now(const Ruleset& rules, int season_index, bool on_board);

/// Of `candidates`, the province with the most armies on `board` (the game's state, or what a
/// player sees of it), then the lowest id: where a leader goes when its order names no province
/// it may go to (D-32). None when there is no candidate.
template <class Board>
std::optional<ProvinceId> most_armies(const Board& board,
                                      const std::vector<ProvinceId>& candidates) {
  const auto best =
      std::min_element(candidates.begin(), candidates.end(), [&](ProvinceId a, ProvinceId b) {
        return std::pair(-board.at(a).armies, a) < std::pair(-board.at(b).armies, b);
      });
  return best == candidates.end() ? std::nullopt : std::optional(*best);
}

/// Whether a leader placed now may stay beside the board instead (D-46): from rules version 3,
/// after a winter ("après l'hiver, le joueur peut replacer"), not at its first placement.
bool leader_may_stay_beside(const Ruleset& rules, int season_index);

/// Where a leader beside the board goes when its player names no province of theirs: the
/// player's province with the most armies, then the lowest id (D-32); none when they hold none.
std::optional<ProvinceId> default_leader_place(const GameState& state, PlayerIndex player);

/// Where a leader beside the board is placed: `wanted` when it is the player's, else the default
/// place (D-32); none when the player holds no province.
std::optional<ProvinceId> leader_place(const GameState& state, PlayerIndex player,
                                       std::optional<ProvinceId> wanted);

/// Where a leader may go after the ten actions (rules 13.3: D-45 from rules version 3, E-11
/// before).
struct LeaderDestinations {
  std::vector<ProvinceId> provinces;   ///< by id order; empty: the leader stays
  std::vector<ProvinceId> neighbours;  ///< those of them next to it (a statue may stay behind)
  bool next_door = false;              ///< some are next to the leader
  /// Where the leader goes when its order names none it may go to: a neighbour with the most
  /// armies, else any (D-32); none when it stays.
  std::optional<ProvinceId> fallback(const GameState& state) const;
};

/// Where a leader standing in `from` may go, given the player's provinces `own`: under D-45 every
/// other one; before it, those next to it and, with none, every other one; with no other, none.
LeaderDestinations leader_destinations(const Ruleset& rules, const std::vector<ProvinceId>& own,
                                       ProvinceId from);

/// Where a leader goes from `from` when its order names none it may go to, as a player sees the
/// board (`board`): a neighbour with the most armies, else any other province (D-32).
template <class Board>
std::optional<ProvinceId> leader_fallback(const Board& board, const LeaderDestinations& to) {
  return most_armies(board, to.neighbours.empty() ? to.provinces : to.neighbours);
}

/// What an action ordered in `where` costs a player whose military leader stands in `leader`
/// (empty: beside the board, or a game without leaders): the card's price, less or more by the
/// leader in its province (rules 13.3), never below 0; an army1 that only moves pays nothing
/// (`places` false, D-27). The one price the season, the forecast and the bot all use.
int action_price(const Ruleset& rules, Action action, ProvinceId where,
                 std::optional<ProvinceId> leader, bool places = true);

/// Where a player's leader will stand while the ten actions are played: where it stands, or,
/// when it is placed this season, where `order` places it (else its default place, D-32).
std::optional<ProvinceId> leader_during_actions(const GameState& state, const Ruleset& rules,
                                                PlayerIndex player, const LeaderOrder& order);

/// Rules 13.3: the victory points a player's statues on the board and trophies give at the end.
int statue_points(const GameState& state, const Ruleset& rules, PlayerIndex player);

}  // namespace wallenstein
