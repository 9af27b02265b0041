#pragma once

#include <array>
#include <optional>

#include "wallenstein/bot/player_view.hpp"
#include "wallenstein/rules/orders.hpp"

namespace wallenstein {

struct Ruleset;
class OddsCalculator;

/// Why the bot chose an action or a bid; the adapters turn it into words.
enum class BotWhy : std::uint8_t {
  taxes,         ///< amount: thaler expected (least any event could make it)
  grain,         ///< amount: grain; need: grain the winter asks for; have: grain before
  build,         ///< amount: points per winter; majority: points from a regional majority
  reinforce,     ///< amount: cubes; risk before and after
  stage,         ///< amount: cubes placed for the attack on `other`
  attack,        ///< odds; armies against `against`; `other` the target; neutral when !defended
  move,          ///< amount: cubes moved to `other`
  filler,        ///< a card that must go on a space (rules 4.3), not expected to do much
  bid_province,  ///< a spare province card: ranks above coin 0 and costs nothing
  bid_coin,      ///< amount: thaler paid for an early pick of the tile wanted
  bid_zero,      ///< coin 0: no spare card worth bidding
  bid_none,      ///< rules 4.3, D-25: no card left for the bid
};

/// The numbers behind one decision of the bot.
struct BotReason {
  BotWhy why = BotWhy::filler;
  int amount = 0;
  int need = 0;
  int have = 0;
  int majority = 0;
  int armies = 0;
  int against = 0;
  bool defended = false;  ///< attack: the target is a player's (not neutral)
  double win = 0;
  double tie = 0;
  double risk_before = 0;
  double risk_after = 0;
  std::optional<ProvinceId> other;
  std::optional<TileId> tile;  ///< bids: the tile wanted most
};

/// The bot's orders for one player and season, with the reason for each decision.
struct BotPlan {
  Orders orders;
  std::array<std::optional<BotReason>, kMaxActionSpaces>
      reasons;  ///< by action; empty: a coin card
  BotReason bid;
};

/// A heuristic player (rules 11 `bot`): plans against the face-up action cards and the chances
/// of the face-down ones, from what `view` shows and nothing else. Same view, same plan; the
/// orders always pass `check_orders` under the ruleset's rules version.
BotPlan plan_orders(const PlayerView& view, const Ruleset& rules);
/// The same plan, with battle odds kept in `odds` (made for `rules.tower`) across plannings: a
/// simulated game shares one between its seats and seasons.
BotPlan plan_orders(const PlayerView& view, const Ruleset& rules, OddsCalculator& odds);

/// The bot's orders for `player` in the season `state` is planning (`plan_orders` on `see`).
Orders bot_orders(const GameState& state, const Ruleset& rules, PlayerIndex player);
Orders bot_orders(const GameState& state, const Ruleset& rules, PlayerIndex player,
                  OddsCalculator& odds);

}  // namespace wallenstein
