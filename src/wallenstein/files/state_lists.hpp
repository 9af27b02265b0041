#pragma once

#include <yaml-cpp/yaml.h>

#include <string_view>
#include <utility>
#include <vector>

#include "pbem/files/yaml_file.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// Reads the ordered parts of state.yaml (turn order, winners, events, action cards, bonus tiles,
/// the generator) and checks what the engine relies on: each list a permutation where the rules
/// make it one, as many events as the season needs, and a generator that is not stuck at zero.
class StateLists {
 public:
  StateLists(YamlReader& reader, const Ruleset& rules, GameState& state)
      : r_(reader), rules_(rules), s_(state) {}

  /// Reads the lists into the state; the players, season_index and finished must be read first.
  void read(const YAML::Node& root);

 private:
  template <class Id>
  using Found = std::vector<std::pair<Id, YAML::Node>>;

  Found<PlayerIndex> players(const YAML::Node& root, std::string_view key);
  Found<EventId> events(const YAML::Node& map, std::string_view key);
  void read_turn_order(const YAML::Node& root);
  void read_winners(const YAML::Node& root);
  void read_events(const YAML::Node& root);
  void read_action_cards(const YAML::Node& root);
  void read_bonus_tiles(const YAML::Node& root);
  void read_rng(const YAML::Node& root);

  YamlReader& r_;
  const Ruleset& rules_;
  GameState& s_;
};

}  // namespace wallenstein
