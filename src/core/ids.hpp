#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace wallenstein {

/// The numbers of players a game is for (rules 1: 3, 4 or 5; the box holds 5 colours). kMaxPlayers
/// also sizes the per-player arrays.
inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 5;
constexpr bool valid_player_count(std::size_t players) {
  return players >= kMinPlayers && players <= kMaxPlayers;
}

/// Index of a province in `Ruleset::provinces` (sorted by id, so iteration order is stable).
struct ProvinceId {
  std::uint8_t value = 0;
  auto operator<=>(const ProvinceId&) const = default;
};

/// Index of a player in seat order (the order of `game.yaml`).
struct PlayerIndex {
  std::uint8_t value = 0;
  auto operator<=>(const PlayerIndex&) const = default;
};

/// Index of an event card in `Ruleset::events`.
struct EventId {
  std::uint8_t value = 0;
  auto operator<=>(const EventId&) const = default;
};

/// Index of a bonus tile in `Ruleset::tiles`.
struct TileId {
  std::uint8_t value = 0;
  auto operator<=>(const TileId&) const = default;
};

/// Index of a region in `Ruleset::regions`.
struct RegionId {
  std::uint8_t value = 0;
  auto operator<=>(const RegionId&) const = default;
};

/// The ten action spaces of a player board, in board order (rules 5).
enum class Action : std::uint8_t {
  palace,
  church,
  trading_house,
  grain,
  taxes,
  armies5,
  armies3,
  army1,
  battle_a,
  battle_b,
};
inline constexpr int kActionCount = 10;
inline constexpr std::array<Action, kActionCount> kAllActions = {
    Action::palace,  Action::church,  Action::trading_house, Action::grain,    Action::taxes,
    Action::armies5, Action::armies3, Action::army1,         Action::battle_a, Action::battle_b};

/// The identifier of an action as written in order files.
std::string_view action_key(Action action);

/// The three building types (rules 5).
enum class Building : std::uint8_t { palace, church, trading_house };
inline constexpr int kBuildingTypes = 3;
inline constexpr std::array<Building, kBuildingTypes> kAllBuildings = {
    Building::palace, Building::church, Building::trading_house};

/// The identifier of a building type as written in files.
std::string_view building_key(Building building);

/// What "collect" collects.
enum class Resource : std::uint8_t { grain, thaler };

/// The action seasons of a year (rules 3); winter is played at the end of autumn's resolution.
enum class SeasonName : std::uint8_t { spring, summer, autumn };

/// The identifier of a season as written in files.
std::string_view season_key(SeasonName season);

inline int to_int(ProvinceId id) { return id.value; }
inline int to_int(PlayerIndex id) { return id.value; }
inline int to_int(Action a) { return static_cast<int>(a); }
inline int to_int(Building b) { return static_cast<int>(b); }

}  // namespace wallenstein
