// rules.yaml: the general numbers of the game. The base game's file holds every key; a module's
// rules.yaml holds only the keys it changes, each replacing the base game's value whole.

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "wallenstein/files/ruleset_file_parts.hpp"

namespace wallenstein::loading {
namespace fs = std::filesystem;
namespace {

/// Whether an edition this game plays replaces the base game's phase (rules 12: the 1st edition
/// draws the turn order instead of the bids).
bool replaced(const Ruleset& rules, std::string_view phase) {
  return std::any_of(rules.modules.begin(), rules.modules.end(), [&](const Module& m) {
    return m.on && std::find(m.replaces.begin(), m.replaces.end(), phase) != m.replaces.end();
  });
}

/// The phases of a season with every module, in order: the base game's (kBaseGamePhases) and every
/// phase a module declares; the ones this program plays (kSeasonPhases) in the order it plays
/// them. The season's list keeps the base game's phases and those of the modules this game plays.
void read_season_phases(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  auto list = r.require(root, "season_phases",
                        "[event, bids, actions, winter, publish] with every module's phases");
  if (!list || !r.expect_sequence(*list, "season_phases")) return;
  std::vector<std::string_view> known(kBaseGamePhases.begin(), kBaseGamePhases.end());
  for (const Module& module : rules.modules) {
    for (const std::string& phase : module.phases) {
      if (std::find(known.begin(), known.end(), phase) == known.end()) known.push_back(phase);
    }
  }
  std::vector<std::string> listed;
  std::size_t latest = 0;  // kSeasonPhases' index of the latest phase listed so far
  rules.season_phases.clear();
  for (const auto& item : *list) {
    const auto name = r.text(item, "season phase");
    if (!name) continue;
    if (std::find(known.begin(), known.end(), *name) == known.end()) {
      r.unknown_value(item, "season phase", known);
      continue;
    }
    if (std::find(listed.begin(), listed.end(), *name) != listed.end()) {
      r.error(item, "season phase " + *name + " is listed twice");
      continue;
    }
    listed.push_back(*name);
    if (const auto* played = std::find(kSeasonPhases.begin(), kSeasonPhases.end(), *name);
        played != kSeasonPhases.end()) {
      const auto index = static_cast<std::size_t>(played - kSeasonPhases.begin());
      if (index < latest) {
        r.error(item, "season phase " + *name + " must come before " +
                          std::string(kSeasonPhases[latest]) + " (rules 4, 9)");
      }
      latest = std::max(latest, index);
    }
    const Module* owner = rules.phase_owner(*name);  // null: a base-game phase
    if (owner ? owner->on : !replaced(rules, *name)) rules.season_phases.push_back(*name);
  }
  for (std::string_view phase : known) {
    if (std::find(listed.begin(), listed.end(), phase) != listed.end()) continue;
    const Module* owner = rules.phase_owner(phase);
    r.error(*list, "season phase " + std::string(phase) + " is missing" +
                       (owner ? ": the " + owner->title() + " (modules/" + owner->id +
                                    ") adds it; place it in the season"
                              : std::string()));
  }
}

void read_starting_thaler(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  auto st = r.require(root, "starting_thaler", "player count: thaler");
  if (!st || !r.expect_map(*st, "starting_thaler")) return;
  rules.starting_thaler.clear();
  for (const auto& e : *st) {
    const int count =
        static_cast<int>(r.integer(e.first, "player count", kMinPlayers, kMaxPlayers).value_or(0));
    rules.starting_thaler[count] =
        static_cast<int>(r.integer(e.second, "starting thaler", 0, 1000).value_or(0));
  }
}

/// `key: {palace: n, church: n, trading_house: n}` inside `map`, each number in [0, max].
void read_per_building(YamlReader& r, const YAML::Node& map, std::string_view key, int max,
                       std::array<int, kBuildingTypes>& out) {
  auto node = r.require(map, key, "");
  if (!node || !r.expect_map(*node, key)) return;
  for (Building type : kAllBuildings)
    out[index_of(type)] = as_int(r, *node, building_key(type), 0, max, key);
}

void read_pieces(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  auto pieces = r.require(root, "pieces", "");
  if (!pieces || !r.expect_map(*pieces, "pieces")) return;
  rules.pieces.cubes_per_player = as_int(r, *pieces, "cubes_per_player", 1, 1000, "pieces");
  rules.pieces.peasants = as_int(r, *pieces, "peasants", 0, 1000, "pieces");
  rules.pieces.revolt_markers = as_int(r, *pieces, "revolt_markers", 0, 1000, "pieces");
  read_per_building(r, *pieces, "buildings", 1000, rules.pieces.buildings);
}

/// A required list of whole numbers, each in [min, max] (`item` names one in a message), into
/// `out`; the list, or none when it is missing or no list (`out` is then left as it was).
std::optional<YAML::Node> read_numbers(YamlReader& r, const YAML::Node& root, const char* key,
                                       const char* example, const char* item, int min, int max,
                                       std::vector<int>& out) {
  auto list = r.require(root, key, example);
  if (!list || !r.expect_sequence(*list, key)) return std::nullopt;
  out.clear();
  for (const auto& n : *list)
    out.push_back(static_cast<int>(r.integer(n, item, min, max).value_or(0)));
  return list;
}

void read_coin_cards(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  const auto coins =
      read_numbers(r, root, "coin_cards", "[0, 1, 2, 3, 4]", "coin card", 0, 100, rules.coin_cards);
  if (coins && !std::is_sorted(rules.coin_cards.begin(), rules.coin_cards.end()))
    r.error(*coins, "coin cards must be in increasing order");
}

void read_years(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  const auto years =
      read_numbers(r, root, "years", "[1618, 1619]", "year", 1000, 9999, rules.years);
  if (years && rules.years.empty()) r.error(*years, "at least one year is needed");
}

void read_events_per_year(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  rules.events_per_year = as_int(r, root, "events_per_year", 1, 12, "rules");
}

void read_face_up_slots(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  rules.face_up_slots = as_int(r, root, "face_up_slots", 0, kMaxActionSpaces, "rules");
}

void read_provinces_per_region(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  rules.provinces_per_region = as_int(r, root, "provinces_per_region", 1, kMaxProvinces, "rules");
}

void read_seasons(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  auto seasons = r.require(root, "seasons", "[spring, summer, autumn]");
  if (!seasons || !r.expect_sequence(*seasons, "seasons")) return;
  rules.seasons.clear();
  for (const auto& s : *seasons) {
    const std::string name = r.text(s, "season").value_or("");
    if (name == "spring")
      rules.seasons.push_back(SeasonName::spring);
    else if (name == "summer")
      rules.seasons.push_back(SeasonName::summer);
    else if (name == "autumn")
      rules.seasons.push_back(SeasonName::autumn);
    else
      r.error(s, "season must be spring, summer or autumn");
  }
  if (rules.seasons.empty()) r.error(*seasons, "at least one season is needed");
}

void read_battle(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  auto battle = r.require(root, "battle", "");
  if (!battle || !r.expect_map(*battle, "battle")) return;
  static constexpr std::array<std::string_view, 5> kKeys = {
      "min_source_armies", "neutral_peasants", "peasants_defend_up_to_markers",
      "neutral_conquest_markers", "peasants_alone_tie"};
  r.check_keys(*battle, kKeys, "battle");
  rules.min_source_armies =
      as_int(r, *battle, "min_source_armies", 2, rules.pieces.cubes_per_player, "battle");
  rules.neutral_peasants = as_int(r, *battle, "neutral_peasants", 0, 20, "battle");
  rules.peasants_defend_up_to_markers =
      as_int(r, *battle, "peasants_defend_up_to_markers", 0, 100, "battle");
  rules.neutral_conquest_markers = as_int(r, *battle, "neutral_conquest_markers", 0, 10, "battle");
  if (const YAML::Node tie = (*battle)["peasants_alone_tie"]; tie.IsDefined())
    rules.peasants_alone_tie = r.boolean(tie, "peasants_alone_tie").value_or(true);
}

void read_winter(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  auto winter = r.require(root, "winter", "{marker_before_revolt: true}");
  if (!winter || !r.expect_map(*winter, "winter")) return;
  static constexpr std::array<std::string_view, 1> kKeys = {"marker_before_revolt"};
  r.check_keys(*winter, kKeys, "winter");
  if (auto flag = r.require(*winter, "marker_before_revolt", "true or false")) {
    rules.winter_marker_before_revolt =
        r.boolean(*flag, "marker_before_revolt").value_or(rules.winter_marker_before_revolt);
  }
}

void read_tie_breaks(YamlReader& r, const YAML::Node& scoring, Ruleset& rules) {
  auto list = r.require(scoring, "tie_breaks", "[thaler]");
  if (!list || !r.expect_sequence(*list, "tie_breaks")) return;
  if (list->size() == 0) r.error(*list, "tie_breaks needs at least one, like [thaler]");
  std::vector<std::string_view> names;
  names.reserve(kAllTieBreakKeys.size());
  for (TieBreakKey key : kAllTieBreakKeys) names.push_back(tie_break_key(key));
  rules.scoring.tie_breaks.clear();
  for (const auto& item : *list) {
    const auto name = r.text(item, "tie break");
    if (!name) continue;
    const auto found = std::find(names.begin(), names.end(), *name);
    if (found == names.end()) {
      r.unknown_value(item, "tie break", names);
      continue;
    }
    const TieBreakKey key = kAllTieBreakKeys[static_cast<std::size_t>(found - names.begin())];
    if (std::find(rules.scoring.tie_breaks.begin(), rules.scoring.tie_breaks.end(), key) !=
        rules.scoring.tie_breaks.end())
      r.error(item, "tie break " + *name + " is listed twice");
    else
      rules.scoring.tie_breaks.push_back(key);
  }
}

void read_scoring(YamlReader& r, const YAML::Node& root, Ruleset& rules) {
  auto scoring = r.require(root, "scoring", "");
  if (!scoring || !r.expect_map(*scoring, "scoring")) return;
  static constexpr std::array<std::string_view, 5> kKeys = {
      "vp_per_province", "vp_per_building", "majority", "tie_penalty", "tie_breaks"};
  r.check_keys(*scoring, kKeys, "scoring");
  rules.scoring.vp_per_province = as_int(r, *scoring, "vp_per_province", 0, 100, "scoring");
  rules.scoring.vp_per_building = as_int(r, *scoring, "vp_per_building", 0, 100, "scoring");
  rules.scoring.tie_penalty = as_int(r, *scoring, "tie_penalty", 0, 100, "scoring");
  read_per_building(r, *scoring, "majority", 100, rules.scoring.majority);
  read_tie_breaks(r, *scoring, rules);
}

/// A key of rules.yaml and its reader, in the order they are read (pieces before the numbers
/// they bound).
struct RulesKey {
  std::string_view key;
  void (*read)(YamlReader&, const YAML::Node& root, Ruleset&);
};

constexpr std::array<RulesKey, 12> kRulesKeys = {{
    {"starting_thaler", read_starting_thaler},
    {"pieces", read_pieces},
    {"coin_cards", read_coin_cards},
    {"years", read_years},
    {"events_per_year", read_events_per_year},
    {"face_up_slots", read_face_up_slots},
    {"provinces_per_region", read_provinces_per_region},
    {"seasons", read_seasons},
    {"season_phases", read_season_phases},
    {"battle", read_battle},
    {"winter", read_winter},
    {"scoring", read_scoring},
}};

}  // namespace

void load_rules(const fs::path& dir, Ruleset& rules, Layer layer) {
  const YamlFile file = open_data(dir, "rules.yaml");
  YamlReader r(file);
  static constexpr auto kKeys = [] {
    std::array<std::string_view, kRulesKeys.size()> keys{};
    for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = kRulesKeys[i].key;
    return keys;
  }();
  const YAML::Node& root = root_map(r, "rules.yaml", kKeys);
  for (const RulesKey& entry : kRulesKeys) {
    if (layer == Layer::base) {
      entry.read(r, root, rules);
      continue;
    }
    const YAML::Node node = root[std::string(entry.key)];
    if (!node.IsDefined()) continue;
    if (entry.key == "season_phases") {
      r.error(node,
              "season_phases belongs to the base game's rules.yaml, which places every module's "
              "phases; a module names its phases in module.yaml");
      continue;
    }
    entry.read(r, root, rules);
  }
  r.throw_if_errors();
}

}  // namespace wallenstein::loading
