#pragma once

// Internal to the engine: the working context of one season's resolution.

#include <optional>
#include <string_view>
#include <vector>

#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_log.hpp"
#include "wallenstein/rules/tower.hpp"

namespace wallenstein::detail {

/// What every step of a resolution reads and writes.
struct Context {
  GameState& state;
  const Ruleset& rules;
  Rng& rng;
  TowerModel& tower;
  SeasonLog& log;
  const ResolveOptions& options;
  const RuleChanges changes;                ///< what the game's rules version decides
  const std::vector<Orders>& orders;        ///< every player's, in seat order
  std::optional<EventId> event;             ///< the season's event (none in winter)
  std::vector<std::optional<TileId>> tile;  ///< each player's bonus tile this season
  std::vector<std::pair<PlayerIndex, ProvinceId>> cards_lost;  ///< this season, in order
  CourtSeason court{};  ///< what the Imperial Court's favours change this season (rules 13.1)

  /// Hands a province card to a new holder (empty: the neutral pile), remembering who lost it.
  void hand_over(ProvinceId province, std::optional<PlayerIndex> holder);
  /// Whether the player lost this province's card earlier this season (rules 4.7).
  bool lost_earlier(PlayerIndex player, ProvinceId province) const;

  /// The event card in force, if it has this effect.
  const EventCard* event_with(EventEffect effect) const;
  /// The player's bonus tile, if it has this effect.
  const BonusTile* tile_with(PlayerIndex player, TileEffect effect) const;
  /// The military leader's bonus to `action` when the player's leader stands in `where` (rules
  /// 13.3); null when it stands elsewhere or off the board (a game without the leaders has no
  /// leader on the board: the invariant says so).
  const LeaderBonus* leader_with(PlayerIndex player, ProvinceId where, Action action) const;
  /// What `action` costs the player in `where`: the card's price, changed by a leader standing
  /// there (rules 13.3), never below 0.
  int cost_of(PlayerIndex player, ProvinceId where, Action action) const;
  /// Appends a step to the log, built in place (a step can be 200 bytes), and tells the observer.
  template <class Step>
  void record(Step&& step) {
    log.entries.emplace_back(std::forward<Step>(step));
    step_done();
  }
  void step_done() const;
};

/// One named phase of a season: `resolve_season` runs those the ruleset lists
/// (`Ruleset::season_phases`), in that order, on one context.
struct Phase {
  std::string_view name;  ///< as rules.yaml's season_phases writes it (kSeasonPhases)
  void (*run)(Context& ctx, const std::vector<Orders>& orders);
};

/// The phase of that name (season.cpp's table), or null.
const Phase* find_phase(std::string_view name);

/// Performs one planned action (rules 5), or logs why it is cancelled (rules 4.6).
void perform_action(Context& ctx, int slot, Action action, PlayerIndex player,
                    const ActionOrder& order);

/// Battle A/B into a province that is not the attacker's (rules 8).
Battle fight_battle(Context& ctx, int slot, Action action, PlayerIndex attacker, ProvinceId from,
                    ProvinceId target, int moving);

/// A revolt in a player's province (rules 7, 8): `markers` peasants plus `extra_peasants`.
Revolt fight_revolt(Context& ctx, int slot, RevoltCause cause, PlayerIndex player,
                    ProvinceId province, int extra_peasants);

/// Puts one revolt marker from the supply on a province.
MarkerAdded add_marker(Context& ctx, int slot, PlayerIndex player, ProvinceId province);

/// The Landsknechte expansion (rules 13.2): in turn order, a player whose provinces lie in enough
/// regions turns the next card of their pile and takes the first bonus they wish that it offers
/// and they can take, else the pile's fallback.
void play_landsknechte(Context& ctx, const std::vector<Orders>& orders);

/// The military leaders (rules 13.3): in spring, in turn order, each leader beside the board is
/// placed in a province of its player.
void place_leaders(Context& ctx, const std::vector<Orders>& orders);

/// The military leaders (rules 13.3): after the ten actions, in turn order, each leader on the
/// board moves, may leave a statue behind and takes other players' statues as trophies.
void move_leaders(Context& ctx, const std::vector<Orders>& orders);

/// Winter: grain loss, supply, revolts, scoring, markers removed, the next year (rules 9, 10).
WinterLog play_winter(Context& ctx, const std::vector<Orders>& orders);

/// Shuffles the action cards and bonus tiles of the season `state.season_index` (rules 4.1, 4.2).
void publish_season(GameState& state, const Ruleset& rules, Rng& rng);

/// Reveals the next year's events from the deck and resets grain (rules 3).
void start_year(GameState& state, const Ruleset& rules);

/// Cubes a player may move from a province holding `armies`, leaving one (rules 5).
int movable(int armies, ArmyCount spec);

}  // namespace wallenstein::detail
