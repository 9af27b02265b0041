#include "scenario/scenario_names.hpp"

#include <algorithm>
#include <set>

#include "pbem/files/english.hpp"
#include "pbem/text/text.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::testing {

std::optional<std::size_t> ScenarioNames::pick(const YAML::Node& node, std::string_view what,
                                               const std::vector<std::string>& options) {
  const auto text = r_.text(node, what);
  if (!text) return std::nullopt;
  const auto at = std::find(options.begin(), options.end(), *text);
  if (at != options.end()) return static_cast<std::size_t>(at - options.begin());
  const std::string nearest =
      nearest_name(*text, std::vector<std::string_view>(options.begin(), options.end()));
  r_.error(node, "unknown " + std::string(what) + " \"" + *text + "\"" +
                     (nearest.empty() ? "; expected " + join_names(options)
                                      : "; did you mean \"" + nearest + "\"?"));
  return std::nullopt;
}

std::optional<PlayerIndex> ScenarioNames::player(const YAML::Node& node) {
  const auto i = pick(node, "player", players_);
  if (!i) return std::nullopt;
  return PlayerIndex::at(*i);
}

std::optional<ProvinceId> ScenarioNames::province(const YAML::Node& node, bool id_only) {
  const auto text = r_.text(node, "province");
  if (!text) return std::nullopt;
  const auto id = rules_.find_province(*text);
  if (!id) {
    auto near = rules_.nearest_province_names(*text);
    for (auto& n : near) n = "\"" + rules_.province(*rules_.find_province(n)).id + "\"";
    r_.error(node, "unknown province \"" + *text + "\"" +
                       (near.empty() ? "" : "; did you mean " + join_names(near) + "?"));
    return std::nullopt;
  }
  if (id_only && *text != rules_.province(*id).id) {
    r_.error(node, "the log names provinces by id: write \"" + rules_.province(*id).id + "\"");
    return std::nullopt;
  }
  if (!rules_.in_play(*id, static_cast<int>(players_.size()))) {
    r_.error(node, rules_.province(*id).name + " is out of play with " +
                       std::to_string(players_.size()) + " players");
    return std::nullopt;
  }
  return id;
}

std::optional<int> ScenarioNames::number(const YAML::Node& node, std::string_view what, int min,
                                         int max) {
  const auto n = r_.integer(node, what, min, max);
  if (!n) return std::nullopt;
  return static_cast<int>(*n);
}

std::optional<CubeCounts> ScenarioNames::cubes(const YAML::Node& node, std::string_view what) {
  if (!r_.expect_map(node, what)) return std::nullopt;
  std::vector<std::string> colours = players_;
  colours.emplace_back("peasants");
  CubeCounts counts;
  bool ok = true;
  for (const auto& e : node) {
    const auto colour = pick(e.first, std::string(what) + " colour", colours);
    const auto n = number(e.second, "a cube count");
    if (!colour || !n) {
      ok = false;
      continue;
    }
    counts.n[*colour == players_.size() ? CubeCounts::kPeasants : *colour] = *n;
  }
  return ok ? std::optional(counts) : std::nullopt;
}

std::optional<std::vector<PlayerIndex>> ScenarioNames::player_list(const YAML::Node& node,
                                                                   std::string_view what) {
  if (!r_.expect_sequence(node, what)) return std::nullopt;
  std::vector<PlayerIndex> out;
  bool ok = true;
  for (const auto& item : node) {
    const auto p = player(item);
    if (p && std::find(out.begin(), out.end(), *p) != out.end()) {
      r_.error(item,
               "player \"" + players_[p->value] + "\" is listed twice in " + std::string(what));
      ok = false;
    } else if (p) {
      out.push_back(*p);
    } else {
      ok = false;
    }
  }
  return ok ? std::optional(out) : std::nullopt;
}

}  // namespace wallenstein::testing
