#pragma once

// Internal to the bot: what it reads off the public view before choosing orders.

#include <array>
#include <map>
#include <optional>
#include <vector>

#include "wallenstein/bot/battle_odds.hpp"
#include "wallenstein/bot/player_view.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein::bot {

/// Where the season stands in the game (rules 3).
struct Calendar {
  int winters_left = 2;          ///< winters still to score, this year's included
  int seasons_after_this = 0;    ///< action seasons left in this year after this one
  int seasons_left_in_game = 0;  ///< action seasons left in the game after this one
};

/// The public numbers the bot plans with, computed once per season. Values are in victory
/// points at the end of the game.
class Assessment {
 public:
  /// `odds` keeps the battle odds worked out; it may serve several plannings.
  Assessment(const PlayerView& view, const Ruleset& rules, OddsCalculator& odds);

  const PlayerView& view;
  const Ruleset& rules;
  const PlayerIndex me;
  const Calendar calendar;
  std::vector<ProvinceId> mine;  ///< by id order
  /// The board's spaces the bot plays by kind, in board order: the battles, the placements, and
  /// the placements that may move afterwards (rules 5: "place or move 1 army").
  const std::vector<Action> battle_spaces;
  const std::vector<Action> place_spaces;
  const std::vector<Action> move_spaces;

  /// What one thaler is worth now in points: what it can still buy, or a tie-break at the end.
  double thaler_value() const { return thaler_value_; }
  /// The chance that this season's event has `effect` (drawn from the year's cards left).
  double event_chance(EventEffect effect) const;
  /// A province's taxes or grain: the lowest any event left could make it, and the expectation.
  int least_income(ProvinceId p, Resource r) const;
  double expected_income(ProvinceId p, Resource r) const;

  /// The province's worth to whoever holds it: its points in the winters left, its buildings'
  /// majorities, and its card.
  double keep_value(ProvinceId p) const;
  /// Points per winter `player` gains by one more building of type `b` in region `r`.
  double majority_gain(PlayerIndex player, RegionId r, Building b) const;
  /// The chance of losing province `p`, defended by `armies`, to an attack this season.
  double loss_risk(ProvinceId p, int armies) const;
  /// Expected points lost to winter revolts (rules 9.2) if the player has `grain` after collecting.
  double winter_risk(int grain) const;
  /// The expected grain still to come this year from collecting in the best provinces left.
  int future_grain(std::optional<ProvinceId> used_now) const;
  /// Whether a province is mine and in play.
  bool is_mine(ProvinceId p) const { return view.at(p).owner == me; }
  bool in_play(ProvinceId p) const { return rules.in_play(p, view.player_count()); }
  /// An enemy (another player) holds the province.
  bool enemy_holds(ProvinceId p) const { return view.at(p).owner && *view.at(p).owner != me; }
  /// The odds of my attack on `target` with `moving` cubes (`battle_question` without extras),
  /// kept for this planning.
  BattleOdds my_attack(ProvinceId target, int moving) const;
  /// Exact battle odds, with the distributions and odds cached by the calculator.
  BattleOdds odds(const BattleQuestion& q) const { return odds_.battle(q); }
  /// The chance of keeping a province in a revolt.
  double hold_chance(const TowerSide& player, const TowerSide& rebels) const {
    return odds_.revolt_hold(player, rebels);
  }
  /// The strongest attack another player could make on `p` from a province next to it: who, and
  /// the cubes (all but one, plus a placement); none when no other player's province is next to it.
  std::optional<std::pair<PlayerIndex, int>> strongest_enemy_near(ProvinceId p) const;
  /// Cubes an enemy could throw from their provinces next to `p` (0 when none could).
  int enemy_strength_near(ProvinceId p) const {
    const auto strongest = strongest_enemy_near(p);
    return strongest ? strongest->second : 0;
  }

 private:
  int majority_points(PlayerIndex player, RegionId r, Building b, int delta) const;

  double compute_loss_risk(ProvinceId p, int armies) const;
  double compute_keep_value(ProvinceId p) const;
  double compute_winter_risk(int grain) const;

  double thaler_value_ = 0.3;
  OddsCalculator& odds_;
  // What this planning has worked out, by province and then by cubes; empty: not yet.
  mutable std::vector<std::vector<std::optional<double>>> loss_risks_;      ///< by armies
  mutable std::vector<std::vector<std::optional<BattleOdds>>> my_attacks_;  ///< by cubes moving
  mutable std::vector<std::optional<double>> keep_values_;
  mutable std::map<int, double> winter_risks_;  ///< by grain
  /// counts_[region][building][player]
  std::vector<std::array<std::array<int, kMaxPlayers>, kBuildingTypes>> counts_;
};

/// Calendar of the season a view plans.
Calendar calendar_of(const PlayerView& view, const Ruleset& rules);

}  // namespace wallenstein::bot
