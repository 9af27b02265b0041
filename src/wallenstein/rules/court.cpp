#include "wallenstein/rules/court.hpp"

namespace wallenstein {

std::string_view favour_effect_key(FavourEffect effect) {
  switch (effect) {
    case FavourEffect::cancel_event:
      return "cancel_event";
    case FavourEffect::thaler:
      return "thaler";
    case FavourEffect::tray:
      return "tray";
    case FavourEffect::remove_marker:
      return "remove_marker";
    case FavourEffect::grain:
      return "grain";
    case FavourEffect::vp:
      return "vp";
    case FavourEffect::build:
      return "build";
    case FavourEffect::shield:
      return "shield";
    case FavourEffect::place:
      return "place";
  }
  return "?";
}

}  // namespace wallenstein
