#pragma once

// Scenario files (tests/scenarios/*.yaml) read strictly, like order files: every unknown key at
// every level and every unknown name is an error with its position and the nearest valid names,
// so a mistyped expectation fails instead of passing unchecked.

#include <yaml-cpp/yaml.h>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pbem/files/files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein::testing {

/// A player's counter after the season (`then.thaler`, `grain`, `vp`, `reserve`, and with the
/// Landsknechte the cards turned, `landsknechte`).
struct CounterExpectation {
  std::string counter;
  PlayerIndex player;
  int value = 0;
};

/// What a province must look like after the season; unset fields are not part of the scenario.
struct ProvinceExpectation {
  ProvinceId province;
  std::optional<std::optional<PlayerIndex>> owner;  ///< inner empty: neutral
  std::optional<int> armies;
  std::optional<int> revolts;
  std::optional<std::array<bool, kBuildingTypes>> buildings;
};

/// The messages a player's orders must be refused with (the player then passes).
struct OrderErrors {
  PlayerIndex player;
  std::vector<std::string> messages;
};

/// What must follow (`then`).
struct Expectations {
  std::vector<CounterExpectation> counters;
  std::vector<ProvinceExpectation> provinces;
  std::optional<CubeCounts> tray;
  std::optional<std::vector<PlayerIndex>> winners;
  std::vector<OrderErrors> order_errors;
  /// The military leaders: where each listed player's leader stands (empty: beside the board),
  /// and the statues standing in each listed province, by player (the others none).
  std::vector<std::pair<PlayerIndex, std::optional<ProvinceId>>> leaders;
  std::vector<std::pair<ProvinceId, std::vector<std::pair<PlayerIndex, int>>>> statues;
  std::vector<YAML::Node> log;         ///< each must match a log entry (the keys given)
  std::vector<YAML::Node> not_in_log;  ///< none may match a log entry
};

/// A scenario file, checked against the ruleset.
struct Scenario {
  std::string rule;
  int rules_version = kCurrentRulesVersion;
  int edition = 2;                      ///< the rules edition, as game.yaml says it (rules 12)
  std::vector<std::string> expansions;  ///< the modules the game plays, as game.yaml lists them
  GameState state;  ///< `given`, every supply consistent with the board; the seed is chosen later
  std::uint64_t first_seed = 1;
  std::optional<std::vector<PlayerIndex>> bid_ranking;  ///< how the bag broke the bid ties
  std::optional<std::vector<PlayerIndex>> drawn_order;  ///< the 1st edition's turn order drawn
  std::vector<std::optional<YAML::Node>> orders;        ///< partial orders by seat; empty: passes
  std::optional<std::vector<CubeCounts>> tower;         ///< what falls out of each throw
  Expectations then;
};

/// The shipped ruleset of a rules version, edition and expansions, loaded once; throws
/// InputError for a module it cannot play.
const Ruleset& shipped_rules(int version, int edition, const std::vector<std::string>& expansions);

/// Reads a scenario file against the shipped ruleset its `rules_version`, `edition` and
/// `expansions` name; throws InputError listing every problem with its position.
Scenario read_scenario(const SourceFile& file);

}  // namespace wallenstein::testing
