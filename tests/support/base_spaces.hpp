#pragma once

// The base game's ten action spaces by their place on the board (data/wallenstein/actions.yaml),
// for tests that name a space. The program knows a space only as a row of the data; the test
// BaseSpaces.AreTheRowsOfTheShippedData checks that these positions still name those rows.

#include <array>
#include <string>
#include <string_view>

#include "wallenstein/rules/ids.hpp"

namespace wallenstein::space {

inline constexpr Action palace = Action::at(0);
inline constexpr Action church = Action::at(1);
inline constexpr Action trading_house = Action::at(2);
inline constexpr Action grain = Action::at(3);
inline constexpr Action taxes = Action::at(4);
inline constexpr Action armies5 = Action::at(5);
inline constexpr Action armies3 = Action::at(6);
inline constexpr Action army1 = Action::at(7);
inline constexpr Action battle_a = Action::at(8);
inline constexpr Action battle_b = Action::at(9);

inline constexpr std::array<Action, 10> kAll = {
    palace, church, trading_house, grain, taxes, armies5, armies3, army1, battle_a, battle_b};
inline constexpr int kCount = static_cast<int>(kAll.size());

/// The space's id in order files, logs and states.
inline std::string key(Action a) {
  static constexpr std::array<std::string_view, 10> kIds = {
      "palace",  "church",  "trading_house", "grain",    "taxes",
      "armies5", "armies3", "army1",         "battle_a", "battle_b"};
  return std::string(kIds.at(a.value));
}

}  // namespace wallenstein::space
