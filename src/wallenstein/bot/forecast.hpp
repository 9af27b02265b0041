#pragma once

#include <variant>
#include <vector>

#include "wallenstein/bot/battle_odds.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/orders.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

struct Ruleset;

/// A planned action that costs thaler, and where its card lies this season.
struct PlannedCost {
  Action action;
  ProvinceId province;
  int cost = 0;
  int slot = 0;  ///< 1-5 when its card is face up (rules 4.1); 0 when it is among slots 6-10
  bool operator==(const PlannedCost&) const = default;
};

/// The planned costs and a coin bid come to more than the player's thaler now. Worst case: the
/// bid is paid first, no income is counted, face-up cards come first in slot order, then the
/// face-down ones in any order (rules 4.5, 4.6).
struct ShortOfThaler {
  int thaler = 0;
  int bid = 0;                         ///< the coin bid, paid before any action
  int costs = 0;                       ///< every planned action's cost
  std::vector<PlannedCost> cancelled;  ///< on face-up slots: cancelled whatever the face-down order
  std::vector<PlannedCost> at_risk;    ///< on face-down slots: cancelled in some order of the cards
  int at_risk_fewest = 0;              ///< how many of `at_risk` are cancelled in the kindest order
  int at_risk_most = 0;                ///< ... and in the worst
  bool collects_taxes = false;  ///< a taxes action on a face-down slot may bring thaler in time
  int income_counted = 0;       ///< thaler collected on face-up slots, at their least, counted
  bool operator==(const ShortOfThaler&) const = default;
};

/// Collecting grain or taxes where revolt markers lie now starts a revolt (rules 7.1).
struct RevoltAhead {
  Action action;
  ProvinceId province;
  int markers = 0;    ///< the peasants who rise, as things stand
  int armies = 0;     ///< the player's armies there now that would fight
  int held_back = 0;  ///< the 1st edition: armies there kept out by `defend_with` (rules 12)
  bool operator==(const RevoltAhead&) const = default;
};

/// A battle or move whose province has fewer armies now than it needs when played (rules 5, D-20).
struct FewArmies {
  Action action;
  ProvinceId province;
  int armies = 0;                  ///< there now
  int needed = 0;                  ///< at least 2 (rules 5), and min_armies + 1 (one stays)
  bool placement_planned = false;  ///< a placement in the same province may come first
  bool operator==(const FewArmies&) const = default;
};

/// One thing a player may want to know about their orders before sending them.
using ForecastWarning = std::variant<ShortOfThaler, RevoltAhead, FewArmies>;

/// What a collection in a province brings when `event` is the season's (rules 6).
int income_under(const Province& facts, Resource resource, const EventCard& event);

/// The least a collection in a province brings, whichever of `events` is drawn (the tax or grain
/// limits of rules 6): what the forecast and the bot count on.
int least_income(const Ruleset& rules, ProvinceId province, Resource resource,
                 const std::vector<EventId>& events);

/// What checked orders lead to if nothing else changes: costs against thaler, collections that
/// start a revolt, battles short of armies. Warnings only: the orders stay valid.
std::vector<ForecastWarning> forecast(const Orders& orders, const GameState& state,
                                      const Ruleset& rules);

/// A battle the orders plan (battle_a or battle_b into a province the player does not hold), with
/// its odds if it were fought now: the armies that could go now against the target as it stands.
struct BattleAhead {
  Action action;
  ProvinceId province;  ///< where the armies leave
  ProvinceId target;
  int moving = 0;         ///< the armies that would go now (rules 5: `armies`, one always stays)
  int defenders = 0;      ///< the target's armies now
  bool defended = false;  ///< a player holds the target (else its peasants defend it)
  BattleOdds odds;        ///< for the attacker, exactly (rules 8.4), without tiles or the event
};

/// The odds of each battle the orders plan, from public information only (what `see` shows the
/// player: the armies, the tray and the cubes inside the tower), as things stand. A battle that
/// could not be fought now (too few armies: a FewArmies warning says so) has none.
std::vector<BattleAhead> battles_ahead(const Orders& orders, const GameState& state,
                                       const Ruleset& rules);

}  // namespace wallenstein
