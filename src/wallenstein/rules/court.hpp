#pragma once

// The Imperial Court expansion (rules 13.1): the favour cards and the numbers of the court, as
// modules/court/court.yaml gives them.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "wallenstein/rules/ids.hpp"

namespace wallenstein {

/// What a favour card does when it is taken (E-6 gives the values).
enum class FavourEffect : std::uint8_t {
  cancel_event,   ///< the season's event does not happen
  thaler,         ///< `amount` thaler
  tray,           ///< `amount` cubes from the reserve into the tower's tray
  remove_marker,  ///< a revolt marker off a province of the player, else kept as a shield (E-7)
  grain,          ///< `amount` grain
  vp,             ///< `amount` victory points
  build,          ///< `building` built free in a province of the player
  shield,         ///< the player cannot be attacked this season by the `battles` listed
  place,          ///< `amount` cubes placed free, in a neutral province it is taken (E-8)
};
inline constexpr std::array<FavourEffect, 9> kAllFavourEffects = {
    FavourEffect::cancel_event,  FavourEffect::thaler, FavourEffect::tray,
    FavourEffect::remove_marker, FavourEffect::grain,  FavourEffect::vp,
    FavourEffect::build,         FavourEffect::shield, FavourEffect::place};
static_assert(lists_in_order(kAllFavourEffects));

/// The key of an effect in court.yaml.
std::string_view favour_effect_key(FavourEffect effect);

/// One favour card (rules 13.1).
struct FavourCard {
  int number = 0;  ///< 1 to 21, printed on the card; the display orders cards by it
  FavourEffect effect = FavourEffect::thaler;
  int amount = 0;
  std::optional<Building> building;  ///< build: what is built
  std::vector<Action> shields;       ///< shield: the battle spaces that may not attack the taker

  /// A wish for the card must name where it acts: the building's or the armies' province.
  bool needs_province() const {
    return effect == FavourEffect::build || effect == FavourEffect::place;
  }
  /// It acts only in a province of the player's (a place card may also take a neutral one, E-8).
  bool acts_in_own_province() const {
    return effect == FavourEffect::build || effect == FavourEffect::remove_marker;
  }
  bool operator==(const FavourCard&) const = default;
};

/// The court's numbers (modules/court/court.yaml).
struct CourtRules {
  int officers = 0;               ///< per player
  int tower_cards = 0;            ///< per player
  int setup_officers_max = 0;     ///< officers from the first filling's tray at most (E-3)
  std::vector<int> conversions;   ///< the side board's spaces: cubes each converts
  std::vector<int> display;       ///< the audience hall's spaces: officers each card costs
  std::vector<FavourCard> cards;  ///< by number, 1 first

  /// The favour card of that number, or null when there is none.
  const FavourCard* card(int number) const {
    if (number < 1 || number > static_cast<int>(cards.size())) return nullptr;
    return &cards[static_cast<std::size_t>(number - 1)];
  }
  /// Whether card `number` takes a revolt marker off, and so may be kept against the next one
  /// (E-7; the base game's #4).
  bool removes_marker(int number) const {
    const FavourCard* c = card(number);
    return c != nullptr && c->effect == FavourEffect::remove_marker;
  }
  bool operator==(const CourtRules&) const = default;
};

/// The court's pieces during a game (rules 13.1), by seat where they are a player's.
struct CourtState {
  std::vector<int> officers_beside;  ///< officers in each player's supply
  std::vector<int> officers_hall;    ///< each player's officers in the reception hall
  std::vector<bool> marker_shield;   ///< card #4 kept: cancels the player's next marker (E-7)
  std::vector<int> deck;             ///< favour cards face down, top first (hidden): numbers
  std::vector<int> display;          ///< the audience hall's spaces, costliest first; 0: empty
  bool operator==(const CourtState&) const = default;
};

/// What a side-board space holds (rules 13.1): nothing (a coin card), a province card (armies of
/// that province) or a tower card (the player's cubes in the tray).
enum class ConversionSource : std::uint8_t { none, province, tower };

struct ConversionOrder {
  ConversionSource source = ConversionSource::none;
  ProvinceId province;  ///< province: where the armies come from
  bool operator==(const ConversionOrder&) const = default;
};

/// A favour wished for, most wanted first (E-9): the card and, for a card that needs one, the
/// province it acts on.
struct FavourWish {
  int card = 0;
  std::optional<ProvinceId> province;
  /// A card that cancels the season's event (#1): the events it cancels (D-50); none: any.
  std::optional<std::vector<EventId>> cancel;
  bool operator==(const FavourWish&) const = default;
};

/// A player's court orders: one conversion per side-board space (rules.court.conversions' order)
/// and the favours wished for.
struct CourtOrder {
  std::vector<ConversionOrder> conversions;
  std::vector<FavourWish> favours;
  bool operator==(const CourtOrder&) const = default;
};

}  // namespace wallenstein
