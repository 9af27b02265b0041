#pragma once

// The Imperial Court expansion (rules 13.1): the favour cards and the numbers of the court, as
// modules/court/court.yaml gives them.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/ids.hpp"

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
    FavourEffect::cancel_event, FavourEffect::thaler, FavourEffect::tray,
    FavourEffect::remove_marker, FavourEffect::grain, FavourEffect::vp,
    FavourEffect::build, FavourEffect::shield, FavourEffect::place};
static_assert(lists_in_order(kAllFavourEffects));

/// The key of an effect in court.yaml.
std::string_view favour_effect_key(FavourEffect effect);

/// One favour card (rules 13.1).
struct FavourCard {
  int number = 0;  ///< 1 to 21, printed on the card; the display orders cards by it
  FavourEffect effect = FavourEffect::thaler;
  int amount = 0;
  std::optional<Building> building;     ///< build: what is built
  std::array<bool, 2> shields{};        ///< shield: from battle A, from battle B
  bool operator==(const FavourCard&) const = default;
};

/// The court's numbers (modules/court/court.yaml).
struct CourtRules {
  int officers = 0;              ///< per player
  int tower_cards = 0;           ///< per player
  int setup_officers_max = 0;    ///< officers from the first filling's tray at most (E-3)
  std::vector<int> conversions;  ///< the side board's spaces: cubes each converts
  std::vector<int> display;      ///< the audience hall's spaces: officers each card costs
  std::vector<FavourCard> cards; ///< by number, 1 first
};

}  // namespace wallenstein
