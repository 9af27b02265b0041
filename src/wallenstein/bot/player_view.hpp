#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ids.hpp"

namespace wallenstein {

struct Ruleset;

/// What anyone at the table sees of a province: all of it (rules 11: the board is public).
using SeenProvince = ProvinceState;

/// A player's public counters.
struct SeenPlayer {
  int thaler = 0;
  int grain = 0;
  int vp = 0;
  int reserve = 0;
  int landsknechte = 0;              ///< the Landsknechte cards turned this year (rules 13.2)
  std::optional<ProvinceId> leader;  ///< the military leader's province (rules 13.3)
  int statues = 0;                   ///< statues not yet placed
  int trophies = 0;
  int officers_beside = 0;     ///< the Imperial Court: officers in the player's supply (13.1)
  int officers_hall = 0;       ///< officers in the reception hall
  bool marker_shield = false;  ///< card #4 kept: cancels the player's next marker (E-7)
  bool operator==(const SeenPlayer&) const = default;
};

/// Everything one player may see while planning a season, and nothing more: the board, every
/// player's counters, the face-up action slots, the bonus tiles, the tray, the year's events
/// still to come, the favour cards shown, and the player's own cards (the provinces they hold).
/// The face-down slots, the event deck, the favour deck, the tower's inside and the game's RNG
/// are not in it, so a policy that reads only
/// this value cannot use them.
struct PlayerView {
  PlayerIndex me;
  int season_index = 1;
  std::vector<SeenPlayer> players;      ///< seat order
  std::vector<SeenProvince> provinces;  ///< by ProvinceId
  Supply supply;                        ///< the pieces beside the board
  CubeCounts tray;                      ///< the tower's tray (public)
  /// Cubes of each colour seen nowhere (not in a reserve, on the board or in the tray): they are
  /// inside the tower. Counted from public pieces, as a player at the table could.
  CubeCounts unseen;
  std::vector<EventId> year_events;     ///< the year's revealed cards
  std::vector<EventId> events_left;     ///< revealed, not yet drawn: this season's comes from these
  std::vector<Action> face_up;          ///< the face-up slots, from slot 1 (rules 4.1)
  std::vector<TileId> bonus_tiles;      ///< by turn-order position
  std::vector<PlayerIndex> turn_order;  ///< of the last season
  std::vector<int> favour_display;      ///< the Imperial Court's cards shown, costliest space first
  /// The bot's own random stream for this season and player: a hash of the game's seed material
  /// with the season and the seat, so it never advances (nor reveals) the game's RNG.
  std::uint64_t bot_seed = 0;

  int player_count() const { return static_cast<int>(players.size()); }
  const SeenProvince& at(ProvinceId id) const { return provinces[id.value]; }
  const SeenPlayer& player(PlayerIndex p) const { return players[p.value]; }
  const SeenPlayer& mine() const { return players[me.value]; }
  /// The provinces a player holds, by id order.
  std::vector<ProvinceId> provinces_of(PlayerIndex p) const;
  /// The face-up slot (1..5) of an action, or empty when it lies face down (slots 6..10).
  std::optional<int> face_up_slot(Action action) const;
  bool operator==(const PlayerView&) const = default;
};

/// What `player` sees of `state` while planning the season being planned.
PlayerView see(const GameState& state, const Ruleset& rules, PlayerIndex player);

/// The bot's seed for a season and seat, mixed from the game's RNG words through splitmix64.
std::uint64_t bot_seed(const Rng::State& game_rng, int season_index, PlayerIndex player);

}  // namespace wallenstein
