// The board of data/wallenstein: provinces.yaml (regions, provinces, neighbours, coordinates)
// and setups.yaml (the army groups and the standard seats).

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "pbem/files/yaml_file.hpp"
#include "pbem/text/text.hpp"
#include "wallenstein/files/ruleset_file_parts.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::loading {
namespace fs = std::filesystem;
namespace {

void read_regions(YamlReader& r, const YAML::Node& regions, Ruleset& rules) {
  for (const auto& entry : regions) {
    Region region{entry.first.Scalar(), r.text(entry.second, "region name").value_or("")};
    if (!is_data_id(region.id))
      r.error(entry.first,
              "region id \"" + region.id + "\" must be lowercase letters, digits or _");
    rules.regions.push_back(std::move(region));
  }
}

/// A province's coordinates: geography (lat, lon) and its place on the printed board.
void read_coordinates(YamlReader& r, const YAML::Node& node, const std::string& where,
                      Province& p) {
  for (const char* key : {"lat", "lon"}) {
    if (auto v = r.require(node, key, "degrees")) {
      try {
        (key[1] == 'a' ? p.lat : p.lon) = v->as<double>();
      } catch (const YAML::Exception&) {
        r.error(*v, where + " " + key + " must be a number");
      }
    }
  }
  if (auto board = r.require(node, "board", "[x, y]")) {
    if (board->IsSequence() && board->size() == 2) {
      p.board.x =
          static_cast<double>(r.integer((*board)[0], where + " board x", 0, 1000).value_or(0));
      p.board.y =
          static_cast<double>(r.integer((*board)[1], where + " board y", 0, 1000).value_or(0));
    } else {
      r.error(*board, where + " board must be [x, y]");
    }
  }
}

/// A province's neighbours, each a known province other than itself, listed once.
void read_neighbours(YamlReader& r, const YAML::Node& node, const std::string& where,
                     const std::map<std::string, ProvinceId>& ids, Province& p) {
  auto n = r.require(node, "neighbours", "list of province ids");
  if (!n || !r.expect_sequence(*n, where + " neighbours")) return;
  for (const auto& item : *n) {
    const std::string other = r.text(item, "neighbour").value_or("");
    auto it = ids.find(other);
    if (it == ids.end()) {
      r.error(item, "unknown neighbour \"" + other + "\" of " + p.id);
    } else if (other == p.id) {
      r.error(item, p.id + " cannot neighbour itself");
    } else if (std::find(p.neighbours.begin(), p.neighbours.end(), it->second) !=
               p.neighbours.end()) {
      r.error(item, "neighbour " + other + " is listed twice for " + p.id);
    } else {
      p.neighbours.push_back(it->second);
    }
  }
}

/// A province's fields; none when its entry is not a map (an error, reported).
std::optional<Province> read_province(YamlReader& r, const std::string& id, const YAML::Node& node,
                                      const std::map<std::string, ProvinceId>& ids,
                                      const Ruleset& rules) {
  static constexpr std::array<std::string_view, 11> kFields = {
      "name",        "aliases", "region", "grain", "tax",       "sites",
      "excluded_3p", "lat",     "lon",    "board", "neighbours"};
  const std::string where = "province " + id;
  Province p;
  p.id = id;
  if (!is_data_id(id))
    r.error(node, "province id \"" + id + "\" must be lowercase letters, digits or _");
  if (!r.expect_map(node, where, kFields)) return std::nullopt;
  p.name = as_text(r, node, "name", where);
  if (const YAML::Node aliases = node["aliases"];
      aliases.IsDefined() && r.expect_sequence(aliases, where + " aliases")) {
    for (const auto& a : aliases) p.aliases.push_back(r.text(a, "alias").value_or(""));
  }
  const std::string region = as_text(r, node, "region", where);
  if (auto rid = rules.find_region(region)) {
    p.region = *rid;
  } else if (!region.empty()) {
    r.error(node["region"],
            "unknown region \"" + region + "\"; regions are listed under `regions:`");
  }
  p.grain = as_int(r, node, "grain", 0, 20, where);
  p.tax = as_int(r, node, "tax", 0, 20, where);
  p.sites = as_int(r, node, "sites", 1, kBuildingTypes, where);
  if (auto ex = r.require(node, "excluded_3p", "true or false"))
    p.excluded_3p = r.boolean(*ex, where + " excluded_3p").value_or(false);
  read_coordinates(r, node, where, p);
  read_neighbours(r, node, where, ids, p);
  return p;
}

/// What holds between provinces: borders go both ways, every region has its number of
/// provinces, and no name or alias matches two provinces.
void check_the_board(YamlReader& r, const YAML::Node& regions,
                     const std::map<std::string, YAML::Node>& by_id,
                     const std::map<std::string, ProvinceId>& ids, Ruleset& rules) {
  for (const auto& p : rules.provinces) {
    for (ProvinceId n : p.neighbours) {
      const auto& back = rules.province(n).neighbours;
      if (std::find(back.begin(), back.end(), ids.at(p.id)) == back.end()) {
        r.error(by_id.at(p.id)["neighbours"], p.id + " lists " + rules.province(n).id +
                                                  " as a neighbour, but " + rules.province(n).id +
                                                  " does not list " + p.id);
      }
    }
  }
  std::vector<int> per_region(rules.regions.size(), 0);
  for (const auto& p : rules.provinces) ++per_region[p.region.value];
  for (std::size_t i = 0; i < rules.regions.size(); ++i) {
    if (per_region[i] != rules.provinces_per_region) {
      r.error(regions[rules.regions[i].id],
              "region " + rules.regions[i].id + " has " + std::to_string(per_region[i]) +
                  " provinces; every region has " + std::to_string(rules.provinces_per_region) +
                  " (rules.yaml: provinces_per_region)");
    }
  }
  for (const auto& clash : rules.index_names()) {
    const std::string& first = rules.province(clash.first).id;
    r.error(by_id.at(first), "the name \"" + clash.name + "\" matches both " + first + " and " +
                                 rules.province(clash.second).id +
                                 "; names and aliases must be unique");
  }
}

}  // namespace

void load_provinces(const fs::path& dir, Ruleset& rules) {
  const YamlFile file = open_data(dir, "provinces.yaml");
  YamlReader r(file);
  static constexpr std::array<std::string_view, 2> kTop = {"regions", "provinces"};
  const YAML::Node& root = root_map(r, "provinces.yaml", kTop);
  const auto regions = r.require(root, "regions", "region id: display name");
  const auto provinces = r.require(root, "provinces", "province id: fields");
  r.throw_if_errors();
  if (!r.expect_map(*regions, "regions") || !r.expect_map(*provinces, "provinces"))
    r.throw_if_errors();
  read_regions(r, *regions, rules);

  // Provinces are sorted by id so ProvinceId order never depends on the file's order.
  std::map<std::string, YAML::Node> by_id;
  for (const auto& entry : *provinces) by_id.emplace(entry.first.Scalar(), entry.second);
  if (by_id.size() > static_cast<std::size_t>(kMaxProvinces))
    r.error(*provinces, "at most " + std::to_string(kMaxProvinces) + " provinces are supported");
  std::map<std::string, ProvinceId> ids;
  for (const auto& [id, node] : by_id) ids.emplace(id, ProvinceId::at(ids.size()));
  for (const auto& [id, node] : by_id) {
    if (auto p = read_province(r, id, node, ids, rules)) rules.provinces.push_back(std::move(*p));
  }
  r.throw_if_errors();
  check_the_board(r, *regions, by_id, ids, rules);
  r.throw_if_errors();
}

void load_setups(const fs::path& dir, Ruleset& rules) {
  const YamlFile file = open_data(dir, "setups.yaml");
  YamlReader r(file);
  static constexpr std::array<std::string_view, 2> kTop = {"groups", "standard"};
  const YAML::Node& root = root_map(r, "setups.yaml", kTop);
  auto groups = r.require(root, "groups", "player count: army groups");
  auto standard = r.require(root, "standard", "player count: seats");
  if (groups) r.expect_map(*groups, "groups");
  if (standard) r.expect_map(*standard, "standard");
  r.throw_if_errors();
  for (const auto& entry : *groups) {
    const int count =
        static_cast<int>(r.integer(entry.first, "player count", 2, kMaxPlayers).value_or(0));
    std::vector<int> sizes;
    if (r.expect_sequence(entry.second, "army groups")) {
      for (const auto& g : entry.second)
        sizes.push_back(static_cast<int>(
            r.integer(g, "army group", 1, rules.pieces.cubes_per_player).value_or(0)));
    }
    std::sort(sizes.begin(), sizes.end());
    rules.army_groups[count] = sizes;
  }
  for (const auto& entry : *standard) {
    const int count =
        static_cast<int>(r.integer(entry.first, "player count", 2, kMaxPlayers).value_or(0));
    if (!r.expect_map(entry.second, "standard setup")) continue;
    StandardSetup setup;
    std::set<std::string> used;
    int seat_index = 0;
    for (const auto& seat : entry.second) {
      const std::string letter = seat.first.Scalar();
      const std::string expected(1, static_cast<char>('A' + seat_index));
      if (letter != expected)
        r.error(seat.first, "seat \"" + letter + "\" should be \"" + expected +
                                "\": seats are A, B, C... in order");
      ++seat_index;
      std::vector<std::pair<ProvinceId, int>> provinces;
      std::vector<int> sizes;
      if (!r.expect_map(seat.second, "seat " + letter)) continue;
      for (const auto& item : seat.second) {
        const std::string id = item.first.Scalar();
        const auto pid = rules.find_province(id);
        if (!pid || rules.province(*pid).id != id) {
          r.error(item.first, "unknown province id \"" + id + "\"");
          continue;
        }
        if (!rules.in_play(*pid, count))
          r.error(item.first, id + " is out of play with " + std::to_string(count) + " players");
        if (!used.insert(id).second) r.error(item.first, id + " is given to two seats");
        const int armies = static_cast<int>(
            r.integer(item.second, "armies", 1, rules.pieces.cubes_per_player).value_or(0));
        provinces.emplace_back(*pid, armies);
        sizes.push_back(armies);
      }
      std::sort(sizes.begin(), sizes.end());
      if (std::accumulate(sizes.begin(), sizes.end(), 0) > rules.pieces.cubes_per_player) {
        r.error(seat.first, "seat " + letter + " of the " + std::to_string(count) +
                                "-player setup places more armies than a player's " +
                                std::to_string(rules.pieces.cubes_per_player) +
                                " cubes (rules.yaml pieces)");
      }
      if (rules.army_groups.count(count) && sizes != rules.army_groups[count]) {
        r.error(seat.first,
                "seat " + letter + " of the " + std::to_string(count) +
                    "-player setup does not use exactly the army groups listed under groups");
      }
      setup.seats.push_back(std::move(provinces));
    }
    if (seat_index != count) {
      r.error(entry.first, "the " + std::to_string(count) + "-player setup has " +
                               std::to_string(seat_index) + " seats");
    }
    rules.standard_setups[count] = std::move(setup);
  }
  r.throw_if_errors();
}

}  // namespace wallenstein::loading
