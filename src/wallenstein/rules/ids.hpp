#pragma once

#include <array>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

namespace wallenstein {

/// The numbers of players a game is for (rules 1: 3, 4 or 5; the box holds 5 colours). kMaxPlayers
/// also sizes the per-player arrays.
inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 5;
constexpr bool valid_player_count(std::size_t players) {
  return players >= kMinPlayers && players <= kMaxPlayers;
}

/// True for an identifier of the data (a province, event, tile, module...): 1 to 40 lowercase
/// letters, digits or _. Ids name files, order-file keys and JSON keys.
constexpr bool is_data_id(std::string_view id) {
  if (id.empty() || id.size() > 40) return false;
  for (char c : id) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

/// An index into one of the ruleset's or the game's tables, typed by the table it indexes so that
/// a province cannot be passed where a player is meant. `at(i)` makes one from a loop counter, so
/// that no caller converts by hand; `value` is the position.
template <class Table>
struct Index {
  std::uint8_t value = 0;
  template <std::integral I>
  static constexpr Index at(I i) {
    return Index{static_cast<std::uint8_t>(i)};
  }
  auto operator<=>(const Index&) const = default;
};

/// Index of a province in `Ruleset::provinces` (sorted by id, so iteration order is stable).
using ProvinceId = Index<struct ProvinceTable>;
/// The most provinces a ruleset may have (checked when the data is loaded): a province's
/// neighbours are one 64-bit mask, and the bot's per-province arrays are this long.
inline constexpr int kMaxProvinces = 64;
/// Index of a player in seat order (the order of `game.yaml`).
using PlayerIndex = Index<struct PlayerTable>;
/// Index of an event card in `Ruleset::events`.
using EventId = Index<struct EventTable>;
/// Index of a bonus tile in `Ruleset::tiles`.
using TileId = Index<struct TileTable>;
/// Index of a region in `Ruleset::regions`.
using RegionId = Index<struct RegionTable>;

/// The position of an enumerator in its kAll... table, for arrays indexed by action or building.
template <class E>
requires std::is_enum_v<E>
constexpr std::size_t index_of(E value) { return static_cast<std::size_t>(value); }

/// True when `all` lists the enumerators 0, 1, 2... of its enum in declaration order. Each kAll...
/// table is checked with it, so that a value left out or moved fails to compile.
template <class E, std::size_t N>
constexpr bool lists_in_order(const std::array<E, N>& all) {
  for (std::size_t i = 0; i < N; ++i) {
    if (static_cast<std::size_t>(all[i]) != i) return false;
  }
  return true;
}

/// Each enumerator with its key as written in files, in the enum's order (checked with
/// lists_in_order), so that a new value needs its row.
template <class E, std::size_t N>
using KeyTable = std::array<std::pair<E, std::string_view>, N>;

/// True when `keys` gives the enumerators 0, 1, 2... of its enum in declaration order.
template <class E, std::size_t N>
constexpr bool lists_in_order(const KeyTable<E, N>& keys) {
  for (std::size_t i = 0; i < N; ++i) {
    if (static_cast<std::size_t>(keys[i].first) != i) return false;
  }
  return true;
}

/// The key of `value` in a table that lists_in_order.
template <class E, std::size_t N>
constexpr std::string_view key_in(const KeyTable<E, N>& keys, E value) {
  return keys[static_cast<std::size_t>(value)].second;
}

/// Index of an action space in `Ruleset::actions`: the spaces of a player board, in board order
/// (rules 5). The base game has ten; a module's actions.yaml may add more. What a space does comes
/// from its row of the data (`Ruleset::action`), never from its position.
using Action = Index<struct ActionTable>;
/// The most action spaces a ruleset may have (checked when the data is loaded). It sizes the
/// per-space arrays of orders and plans, which the engine copies often.
inline constexpr int kMaxActionSpaces = 16;

/// The position of an index in its table, for arrays indexed by it.
template <class Table>
constexpr std::size_t index_of(Index<Table> id) {
  return id.value;
}

/// The three building types (rules 5).
enum class Building : std::uint8_t { palace, church, trading_house };
inline constexpr int kBuildingTypes = 3;
inline constexpr std::array<Building, kBuildingTypes> kAllBuildings = {
    Building::palace, Building::church, Building::trading_house};
static_assert(lists_in_order(kAllBuildings));

/// The identifier of a building type as written in files.
std::string_view building_key(Building building);

/// What "collect" collects.
enum class Resource : std::uint8_t { grain, thaler };

/// What a Landsknechte card can give (the Landsknechte expansion, rules 13.2).
enum class LandsknechtBonus : std::uint8_t { thaler, tray, grain, vp };
inline constexpr std::array<LandsknechtBonus, 4> kAllLandsknechtBonuses = {
    LandsknechtBonus::thaler, LandsknechtBonus::tray, LandsknechtBonus::grain,
    LandsknechtBonus::vp};
static_assert(lists_in_order(kAllLandsknechtBonuses));

/// The identifier of a Landsknechte bonus as written in files.
std::string_view landsknecht_bonus_key(LandsknechtBonus bonus);
/// Every Landsknechte bonus's identifier, in the order of kAllLandsknechtBonuses.
std::array<std::string_view, kAllLandsknechtBonuses.size()> landsknecht_bonus_keys();

/// The action seasons of a year (rules 3); winter is played at the end of autumn's resolution.
enum class SeasonName : std::uint8_t { spring, summer, autumn };

/// The identifier of a season as written in files.
std::string_view season_key(SeasonName season);

inline int to_int(ProvinceId id) { return id.value; }
inline int to_int(PlayerIndex id) { return id.value; }
inline int to_int(Building b) { return static_cast<int>(b); }

}  // namespace wallenstein
