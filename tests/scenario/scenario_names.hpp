#pragma once

// Internal to the scenario reader: names checked against the ruleset and the scenario's players.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/yaml_file.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ids.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein::testing {

/// Checks names in a scenario file, reporting each unknown one with the nearest valid names.
class ScenarioNames {
 public:
  ScenarioNames(YamlReader& reader, const Ruleset& rules) : r_(reader), rules_(rules) {}

  YamlReader& reader() { return r_; }
  const Ruleset& rules() const { return rules_; }
  void set_players(std::vector<std::string> ids) { players_ = std::move(ids); }
  const std::vector<std::string>& players() const { return players_; }

  /// The index of the node's text among `options`, or an error naming the nearest option.
  std::optional<std::size_t> pick(const YAML::Node& node, std::string_view what,
                                  const std::vector<std::string>& options);
  std::optional<PlayerIndex> player(const YAML::Node& node);
  /// A province by any of its names (given, orders) or, with `id_only`, by id as the log writes it.
  std::optional<ProvinceId> province(const YAML::Node& node, bool id_only = false);
  std::optional<int> number(const YAML::Node& node, std::string_view what, int min = 0,
                            int max = 9999);
  /// A map of cube counts by colour: the players and `peasants`.
  std::optional<CubeCounts> cubes(const YAML::Node& node, std::string_view what);
  /// A list of distinct players.
  std::optional<std::vector<PlayerIndex>> player_list(const YAML::Node& node,
                                                      std::string_view what);

 private:
  YamlReader& r_;
  const Ruleset& rules_;
  std::vector<std::string> players_;
};

/// Checks one `then.log` or `then.not_in_log` pattern: its kind, keys and names (log.yaml's).
void check_log_pattern(ScenarioNames& names, const YAML::Node& pattern);

}  // namespace wallenstein::testing
