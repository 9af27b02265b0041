#pragma once

// The Imperial Court played (rules 13.1): the pieces dealt, the favour cards displayed, cubes
// converted into court officers and favours granted. Pure functions of the state and the orders.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "wallenstein/rules/court.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/orders.hpp"

namespace wallenstein {

struct Ruleset;

/// Why a side-board space did not convert (rules 13.1, E-4: all or nothing).
enum class ConversionShort : std::uint8_t {
  none,      ///< converted, or a log that does not say (rules versions 1 and 2)
  officers,  ///< fewer officers left beside the board than the space's cubes
  province,  ///< the province is no longer the player's
  armies,    ///< the province holds too few armies (one must stay)
  tray,      ///< too few of the player's cubes in the tower's tray
};

/// Every shortfall, for readers of the log.
inline constexpr std::array<ConversionShort, 4> kConversionShortfalls = {
    ConversionShort::officers, ConversionShort::province, ConversionShort::armies,
    ConversionShort::tray};

/// One side-board space played: `cubes` converted from `source`, or not (all or nothing, E-4).
struct Conversion {
  PlayerIndex player;
  int cubes = 0;
  ConversionSource source = ConversionSource::none;
  std::optional<ProvinceId> province;
  bool done = false;
  ConversionShort short_of = ConversionShort::none;  ///< when not done
  bool operator==(const Conversion&) const = default;
};

/// One player's turn in the audience hall: the officers they brought, the card taken (if any)
/// and where it acted.
struct FavourTurn {
  PlayerIndex player;
  int officers = 0;
  std::optional<int> card;  ///< its number
  int cost = 0;
  std::optional<ProvinceId> province;
  bool kept = false;        ///< card #4 with no marker to remove: kept for the next one (E-7)
  bool event_left = false;  ///< card #1 taken, the season's event not one its wish cancels (D-50)
  bool no_effect = false;   ///< taken for its own sake: its effect came to nothing (D-51)
  bool operator==(const FavourTurn&) const = default;
};

/// What the favours change for the rest of the season.
struct CourtSeason {
  bool event_cancelled = false;  ///< card #1
  /// By seat, by battle space: whether that battle may not attack the seat's provinces.
  std::vector<std::array<bool, kMaxActionSpaces>> shields;
};

/// Whether the court's pieces are on the table: a game with the Imperial Court, past the draft
/// (rules 2.2: the court is dealt when the setup is finished).
bool court_dealt(const GameState& state, const Ruleset& rules);

/// Setup: each player's officers beside their board, none at court; the favour cards shuffled.
void start_court(GameState& state, const Ruleset& rules, Rng& rng);

/// E-3: at the tower's first filling, each cube of a player that fell into the tray puts one of
/// their officers in the reception hall (at most setup_officers_max).
void officers_from_tray(GameState& state, const Ruleset& rules, const CubeCounts& tray);

/// The round's favour cards: drawn from the deck, the highest number on the costliest space.
void display_favours(GameState& state, const Ruleset& rules);

/// Court step 1 (rules 13.1): in turn order, each player's side-board spaces, largest first.
std::vector<Conversion> convert_at_court(GameState& state, const std::vector<Orders>& orders,
                                         const std::vector<PlayerIndex>& turn_order,
                                         const Ruleset& rules);

/// Court step 2 (rules 13.1, E-5, E-9): the players with officers in the reception hall, most
/// first (ties in turn order), each take the first card of their wishes that is displayed,
/// affordable and, before rules version 3, possible (D-51: from it, whatever its effect); its
/// effect applies at once, card #1 against the season's `event` if its wish names it (D-50).
/// Then every officer goes back to the reception hall and the cards not taken leave the game.
std::vector<FavourTurn> grant_favours(GameState& state, const std::vector<Orders>& orders,
                                      const std::vector<PlayerIndex>& turn_order,
                                      const Ruleset& rules, std::optional<EventId> event,
                                      CourtSeason& season);

/// The card a favour turn took, or null when it took none.
const FavourCard* favour_taken(const FavourTurn& turn, const Ruleset& rules);

/// Whether one of the season's favours took its event out of force (card #1).
bool event_cancelled_by_favour(const std::vector<FavourTurn>& turns, const Ruleset& rules);

}  // namespace wallenstein
