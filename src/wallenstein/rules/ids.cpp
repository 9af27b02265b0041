#include "wallenstein/rules/ids.hpp"

namespace wallenstein {

std::string_view building_key(Building building) {
  switch (building) {
    case Building::palace:
      return "palace";
    case Building::church:
      return "church";
    case Building::trading_house:
      return "trading_house";
  }
  return "?";
}

std::string_view landsknecht_bonus_key(LandsknechtBonus bonus) {
  switch (bonus) {
    case LandsknechtBonus::thaler:
      return "thaler";
    case LandsknechtBonus::tray:
      return "tray";
    case LandsknechtBonus::grain:
      return "grain";
    case LandsknechtBonus::vp:
      return "vp";
  }
  return "?";
}

std::array<std::string_view, kAllLandsknechtBonuses.size()> landsknecht_bonus_keys() {
  std::array<std::string_view, kAllLandsknechtBonuses.size()> keys{};
  for (LandsknechtBonus b : kAllLandsknechtBonuses) keys[index_of(b)] = landsknecht_bonus_key(b);
  return keys;
}

std::string_view season_key(SeasonName season) {
  switch (season) {
    case SeasonName::spring:
      return "spring";
    case SeasonName::summer:
      return "summer";
    case SeasonName::autumn:
      return "autumn";
  }
  return "?";
}

}  // namespace wallenstein
