#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "wallenstein/rules/court.hpp"
#include "wallenstein/rules/draft.hpp"
#include "wallenstein/rules/ids.hpp"
#include "wallenstein/rules/rng.hpp"

namespace wallenstein {

struct Ruleset;

/// Cube counts by colour: one slot per player (seat order) and one for the peasants.
struct CubeCounts {
  static constexpr std::size_t kPeasants = kMaxPlayers;
  std::array<int, kMaxPlayers + 1> n{};

  int& player(PlayerIndex p) { return n[p.value]; }
  int player(PlayerIndex p) const { return n[p.value]; }
  int& peasants() { return n[kPeasants]; }
  int peasants() const { return n[kPeasants]; }
  int total() const;
  CubeCounts& operator+=(const CubeCounts& other);
  bool operator==(const CubeCounts&) const = default;
};

/// A player's counters (rules 1): the coin cards never leave the player, so they are not stored.
struct PlayerState {
  std::string id;
  int thaler = 0;
  int grain = 0;
  int vp = 0;
  int reserve = 0;
  int landsknechte = 0;  ///< the Landsknechte expansion: cards turned this year (rules 13.2)
  std::optional<ProvinceId> leader{};  ///< the military leader's province; empty: off the board
  int statues = 0;   ///< the military leaders expansion: statues not yet placed (rules 13.3)
  int trophies = 0;  ///< other players' statues this player's leader has taken
  bool operator==(const PlayerState&) const = default;
};

/// What stands in a province. `owner` empty = the card is in the neutral pile.
struct ProvinceState {
  std::optional<PlayerIndex> owner;
  int armies = 0;
  std::array<bool, kBuildingTypes> buildings{};
  int revolt_markers = 0;                  ///< revolt markers lying on the province (rules 7, 9.2)
  std::array<int, kMaxPlayers> statues{};  ///< each player's statues standing here (rules 13.3)

  bool has(Building b) const { return buildings[index_of(b)]; }
  int building_count() const;
  bool operator==(const ProvinceState&) const = default;
};

/// The pieces not on the board (rules 1): an action that needs one that is missing is cancelled.
struct Supply {
  int peasants = 0;
  int revolt_markers = 0;
  std::array<int, kBuildingTypes> buildings{};
  bool operator==(const Supply&) const = default;
};

/// The combat tower: what sticks inside (hidden) and what lies in the tray (public).
struct TowerState {
  CubeCounts inside;
  CubeCounts tray;
  bool operator==(const TowerState&) const = default;
};

/// Everything that persists between seasons, hidden parts included (the game master's state.yaml).
struct GameState {
  std::string game;
  int edition = 2;
  /// 1-based number of the season being planned; season_count() + 1 once the game is over; 0 while
  /// the draft (rules 2.2) is being planned.
  int season_index = 1;
  bool finished = false;
  std::vector<PlayerState> players;      ///< seat order
  std::vector<ProvinceState> provinces;  ///< by ProvinceId
  Supply supply;
  TowerState tower;
  std::vector<EventId> year_events;  ///< the year's 4 revealed cards (public)
  std::vector<EventId> events_left;  ///< revealed cards not yet drawn (public)
  std::vector<EventId> event_deck;   ///< hidden, top first
  std::vector<Action> action_cards;  ///< slot 1, 2...; beyond face_up_slots hidden until resolved
  std::vector<TileId> bonus_tiles;   ///< by turn-order position 1..5 (public)
  std::vector<PlayerIndex>
      turn_order;  ///< the order of the last resolved season (seat order before)
  Rng::State rng{};
  std::vector<PlayerIndex> winners;  ///< set when the game is over
  /// Rules 2.2: the province cards of a draft being planned (season 0); empty once it is played.
  /// The pile's order is hidden.
  std::optional<DraftTable> draft;
  CourtState court;  ///< the Imperial Court's pieces (rules 13.1); empty in a game without it

  int player_count() const { return static_cast<int>(players.size()); }
  PlayerIndex player_index(std::size_t i) const { return PlayerIndex::at(i); }
  const ProvinceState& at(ProvinceId id) const { return provinces[id.value]; }
  ProvinceState& at(ProvinceId id) { return provinces[id.value]; }
  PlayerState& player(PlayerIndex p) { return players[p.value]; }
  const PlayerState& player(PlayerIndex p) const { return players[p.value]; }
  std::optional<PlayerIndex> find_player(std::string_view id) const;
  /// As find_player, ignoring ASCII case: players write `player: Red` for `red`.
  std::optional<PlayerIndex> find_player_any_case(std::string_view id) const;
  /// The provinces a player holds, by id order.
  std::vector<ProvinceId> provinces_of(PlayerIndex p) const;
  int province_count(PlayerIndex p) const;
  /// Rules 13.3: the player's statues standing on the board.
  int statues_standing(PlayerIndex p) const;
  bool operator==(const GameState&) const = default;
};

/// Which year and season a season index names (1-based); index season_count()+1 is the end.
struct SeasonLabel {
  int index = 1;
  int year = 1618;
  std::optional<SeasonName> season;  ///< empty: the draft (index 0) or the game is over
  bool draft = false;                ///< index 0: the draft before the first season (rules 2.2)

  /// "1618-spring", "1618-draft" before the first season, or "1619-end" after the last winter.
  std::string name() const;
  /// "01-1618-spring": the season's directory.
  std::string directory() const;
};

/// The label of a season index under a ruleset.
SeasonLabel season_label(const Ruleset& rules, int season_index);

/// How many action seasons of its year come before `season_index` (0 in spring); after the last
/// winter, a whole year's.
int seasons_before_in_year(const Ruleset& rules, int season_index);

}  // namespace wallenstein
