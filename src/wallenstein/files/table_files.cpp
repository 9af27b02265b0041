// The tables of data/wallenstein (and of a module): events, supply table, tower, bonus tiles,
// actions.

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <span>

#include "pbem/files/english.hpp"
#include "wallenstein/files/ruleset_file_parts.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::loading {
namespace fs = std::filesystem;

constexpr std::size_t kMaxDataBytes = 4 << 20;

YamlFile open_data(const fs::path& dir, const char* name) {
  return YamlFile::parse(read_source(dir / name, kMaxDataBytes));
}

int as_int(YamlReader& r, const YAML::Node& map, std::string_view key, std::int64_t min,
           std::int64_t max, std::string_view where) {
  auto node = r.require(map, key, "");
  if (!node) return 0;
  auto value = r.integer(*node, std::string(where) + " " + std::string(key), min, max);
  return value ? static_cast<int>(*value) : 0;
}

std::string as_text(YamlReader& r, const YAML::Node& map, std::string_view key,
                    std::string_view where) {
  auto node = r.require(map, key, "");
  if (!node) return {};
  return r.text(*node, std::string(where) + " " + std::string(key)).value_or("");
}

/// The root of a data file that is a map of these keys; a file that is no map is refused at once.
const YAML::Node& root_map(YamlReader& r, std::string_view file_name,
                           std::span<const std::string_view> keys) {
  const YAML::Node& root = r.file().root();
  if (!r.expect_map(root, file_name, keys)) r.throw_if_errors();
  return root;
}

namespace {

/// The list under `key` in a data file whose root is a map; a file without one is refused at once.
YAML::Node root_list(YamlReader& r, std::string_view file_name, std::string_view key,
                     std::string_view hint) {
  const YAML::Node& root = r.file().root();
  if (!r.expect_map(root, file_name)) r.throw_if_errors();
  auto list = r.require(root, key, hint);
  r.throw_if_errors();
  if (!r.expect_sequence(*list, key)) r.throw_if_errors();
  return *list;
}

/// A module's card replaces the base game's card of the same id, in its place (the deck's order
/// is the file's); a new id is added at the end.
template <typename Card>
void add_or_replace(std::vector<Card>& cards, Card card) {
  auto same =
      std::find_if(cards.begin(), cards.end(), [&](const Card& c) { return c.id == card.id; });
  if (same != cards.end())
    *same = std::move(card);
  else
    cards.push_back(std::move(card));
}

std::optional<EventEffect> event_effect(std::string_view s) {
  static const std::map<std::string_view, EventEffect> kEffects = {
      {"trading_house_calms", EventEffect::trading_house_calms},
      {"palace_guard", EventEffect::palace_guard},
      {"tax_max", EventEffect::tax_max},
      {"tax_min", EventEffect::tax_min},
      {"grain_max", EventEffect::grain_max},
      {"grain_min", EventEffect::grain_min},
      {"neutral_peasants", EventEffect::neutral_peasants},
      {"religious_peace", EventEffect::religious_peace},
      {"army_shortage", EventEffect::army_shortage}};
  auto it = kEffects.find(s);
  return it == kEffects.end() ? std::nullopt : std::optional(it->second);
}

/// The space `id`, written at `node` in a table that needs a space of `kind` (a tile's place
/// space, a shield's battles); a space of another kind, or none, is an error naming the right ones.
std::optional<Action> space_of_kind(YamlReader& r, const YAML::Node& node, const std::string& id,
                                    const Ruleset& rules, ActionKind kind) {
  const auto space = rules.find_action(id);
  if (space && rules.action(*space).kind == kind) return space;
  const bool place = kind == ActionKind::place;  // the tables name place spaces and battles
  const std::vector<std::string_view> ids = rules.action_ids(kind);
  if (space) {
    r.error(node, id + " is not a " + (place ? "place" : "battle") + " space; the " +
                      (place ? "place spaces" : "battles") + " are " +
                      join_names(std::vector<std::string>(ids.begin(), ids.end())));
  } else {
    r.unknown_value(node, place ? "place space" : "battle", ids);
  }
  return std::nullopt;
}

/// An army_shortage event's `limits`: the most armies each place space it names places.
std::vector<std::pair<Action, int>> place_limits(YamlReader& r, const YAML::Node& event,
                                                 const Ruleset& rules, const std::string& where) {
  std::vector<std::pair<Action, int>> out;
  const auto limits = r.require(event, "limits", "the place spaces it limits: {armies5: 3, ...}");
  if (!limits || !r.expect_map(*limits, where + " limits")) return out;
  if (limits->size() == 0) r.error(*limits, "limits names at least one place space");
  r.check_keys(*limits, rules.action_ids(ActionKind::place), where + " limits");
  for (Action a : rules.spaces_of(ActionKind::place)) {
    const YAML::Node most = (*limits)[rules.action(a).id];
    if (!most.IsDefined()) continue;
    out.emplace_back(
        a, static_cast<int>(
               r.integer(most, rules.action(a).id, 0, rules.pieces.cubes_per_player).value_or(0)));
  }
  return out;
}

}  // namespace

void load_events(const fs::path& dir, Ruleset& rules) {
  const YamlFile file = open_data(dir, "events.yaml");
  YamlReader r(file);
  const YAML::Node events = root_list(r, "events.yaml", "events", "list of event cards");
  static constexpr std::array<std::string_view, 2> kRootKeys = {"events", "replaces_deck"};
  r.check_keys(r.file().root(), kRootKeys, "events.yaml");
  // An edition's deck is its own (rules 12, D-53): its cards replace the whole deck, in order.
  if (const YAML::Node whole = r.file().root()["replaces_deck"]; whole.IsDefined()) {
    if (r.boolean(whole, "replaces_deck").value_or(false)) rules.events.clear();
  }
  static constexpr std::array<std::string_view, 7> kFields = {
      "id", "name", "effect", "value", "limits", "winter_loss", "text"};
  std::set<std::string> seen;
  for (const auto& node : events) {
    if (!r.expect_map(node, "event", kFields)) continue;
    EventCard card;
    card.id = as_text(r, node, "id", "event");
    const std::string where = "event " + card.id;
    if (!is_data_id(card.id))
      r.error(node, "event id \"" + card.id + "\" must be lowercase letters, digits or _");
    if (!seen.insert(card.id).second) r.error(node, "event id " + card.id + " is used twice");
    card.name = as_text(r, node, "name", where);
    card.text = as_text(r, node, "text", where);
    const std::string effect = as_text(r, node, "effect", where);
    if (auto e = event_effect(effect)) {
      card.effect = *e;
    } else if (!effect.empty()) {
      r.error(node["effect"], "unknown effect \"" + effect +
                                  "\"; see the list at the top of the base game's events.yaml");
    }
    switch (card.effect) {
      case EventEffect::religious_peace:
        break;
      case EventEffect::army_shortage:
        card.place_limits = place_limits(r, node, rules, where);
        break;
      default:
        card.value = as_int(r, node, "value", 0, rules.pieces.cubes_per_player, where);
        break;
    }
    if (card.effect != EventEffect::army_shortage && node["limits"])
      r.error(node["limits"], "limits belongs to an army_shortage event only");
    card.winter_loss = as_int(r, node, "winter_loss", 0, 100, where);
    add_or_replace(rules.events, std::move(card));
  }
  if (rules.events.empty()) r.error(events, "there must be at least one event card");
  r.throw_if_errors();
}

void load_supply_table(const fs::path& dir, Ruleset& rules) {
  const YamlFile file = open_data(dir, "supply_table.yaml");
  YamlReader r(file);
  const YAML::Node rows = root_list(r, "supply_table.yaml", "rows", "list of rows");
  static constexpr std::array<std::string_view, 4> kFields = {"unsupplied_min", "unsupplied_max",
                                                              "revolts", "extra_peasants"};
  rules.supply_table.clear();
  int next_min = 1;
  bool open_ended = false;
  for (const auto& node : rows) {
    if (!r.expect_map(node, "row")) continue;
    r.check_keys(node, kFields, "supply table row");
    SupplyRow row;
    row.unsupplied_min = as_int(r, node, "unsupplied_min", 1, 1000, "row");
    if (auto max = r.require(node, "unsupplied_max", "a number or null"); max && !max->IsNull()) {
      row.unsupplied_max = static_cast<int>(r.integer(*max, "unsupplied_max", 1, 1000).value_or(0));
    }
    row.revolt_count = as_int(r, node, "revolts", 0, 45, "row");
    row.extra_peasants = as_int(r, node, "extra_peasants", 0, 20, "row");
    if (open_ended || row.unsupplied_min != next_min) {
      r.error(node,
              "rows must cover 1, 2, 3... without gaps or overlaps; this row should start at " +
                  std::to_string(next_min));
    }
    if (row.unsupplied_max && *row.unsupplied_max < row.unsupplied_min)
      r.error(node, "unsupplied_max is below unsupplied_min");
    next_min = row.unsupplied_max ? *row.unsupplied_max + 1 : next_min;
    open_ended = !row.unsupplied_max;
    rules.supply_table.push_back(row);
  }
  if (!open_ended) r.error(rows, "the last row must have unsupplied_max: null (no upper limit)");
  r.throw_if_errors();
}

namespace {

std::optional<Fraction> fraction_of(YamlReader& r, const YAML::Node& node, std::string_view what) {
  const auto text = r.text(node, what);
  if (!text) return std::nullopt;
  const auto slash = text->find('/');
  try {
    if (slash != std::string::npos) {
      const long num = std::stol(text->substr(0, slash));
      const long den = std::stol(text->substr(slash + 1));
      if (num >= 0 && den > 0 && num <= den && den <= 1000000) {
        return Fraction{static_cast<std::uint32_t>(num), static_cast<std::uint32_t>(den)};
      }
    }
  } catch (const std::exception&) {
  }
  r.error(node,
          std::string(what) + " must be a fraction \"num/den\" between 0 and 1, like \"2/3\"");
  return std::nullopt;
}

}  // namespace

void load_tower(const fs::path& dir, Ruleset& rules) {
  const YamlFile file = open_data(dir, "tower.yaml");
  YamlReader r(file);
  static constexpr std::array<std::string_view, 3> kTop = {"p_through", "p_release", "fill"};
  const YAML::Node& root = root_map(r, "tower.yaml", kTop);
  if (auto n = r.require(root, "p_through", "\"2/3\""))
    rules.tower.p_through = fraction_of(r, *n, "p_through").value_or(Fraction{});
  if (auto n = r.require(root, "p_release", "\"1/3\""))
    rules.tower.p_release = fraction_of(r, *n, "p_release").value_or(Fraction{});
  if (auto fill = r.require(root, "fill", "cubes_per_player and peasants");
      fill && r.expect_map(*fill, "fill")) {
    rules.tower.fill_cubes_per_player =
        as_int(r, *fill, "cubes_per_player", 0, rules.pieces.cubes_per_player, "fill");
    rules.tower.fill_peasants = as_int(r, *fill, "peasants", 0, 20, "fill");
  }
  r.throw_if_errors();
}

void load_tiles(const fs::path& dir, Ruleset& rules) {
  const YamlFile file = open_data(dir, "bonus_tiles.yaml");
  YamlReader r(file);
  const YAML::Node tiles = root_list(r, "bonus_tiles.yaml", "tiles", "list of bonus tiles");
  static const std::map<std::string_view, TileEffect> kEffects = {
      {"taxes_bonus", TileEffect::taxes_bonus},
      {"grain_bonus", TileEffect::grain_bonus},
      {"armies_bonus", TileEffect::armies_bonus},
      {"attack_cubes", TileEffect::attack_cubes},
      {"defense_cubes", TileEffect::defense_cubes}};
  static constexpr std::array<std::string_view, 5> kFields = {"id", "name", "effect", "value",
                                                              "action"};
  std::set<std::string> seen;
  for (const auto& node : tiles) {
    if (!r.expect_map(node, "tile", kFields)) continue;
    BonusTile tile;
    tile.id = as_text(r, node, "id", "tile");
    if (!is_data_id(tile.id))
      r.error(node, "tile id \"" + tile.id + "\" must be lowercase letters, digits or _");
    if (!seen.insert(tile.id).second) r.error(node, "tile id " + tile.id + " is used twice");
    tile.name = as_text(r, node, "name", "tile " + tile.id);
    const std::string effect = as_text(r, node, "effect", "tile " + tile.id);
    if (auto it = kEffects.find(effect); it != kEffects.end()) {
      tile.effect = it->second;
    } else if (!effect.empty()) {
      r.error(node["effect"], "unknown tile effect \"" + effect + "\"");
    }
    tile.value = as_int(r, node, "value", 0, 10, "tile " + tile.id);
    if (tile.effect == TileEffect::armies_bonus) {
      const std::string id = as_text(r, node, "action", "tile " + tile.id);
      if (!id.empty()) {
        if (auto space = space_of_kind(r, node["action"], id, rules, ActionKind::place))
          tile.space = *space;
      }
    } else if (node["action"]) {
      r.error(node["action"], "action belongs to an armies_bonus tile only");
    }
    add_or_replace(rules.tiles, std::move(tile));
  }
  if (rules.tiles.size() != kMaxPlayers) {
    r.error(tiles, "there must be " + std::to_string(kMaxPlayers) +
                       " bonus tiles, one per turn-order position");
  }
  r.throw_if_errors();
}

namespace {

/// A row's kind and the numbers that kind reads (build: cost, building; collect: resource; place:
/// cost, armies, move). A number another kind reads is a mistake, never silently left unplayed.
void read_action_kind(YamlReader& r, const YAML::Node& node, const Ruleset& rules, ActionDef& def) {
  const std::string where = "action " + def.id;
  const std::string kind = as_text(r, node, "kind", where);
  static const std::map<std::string_view, std::vector<std::string_view>> kKindFields = {
      {"build", {"cost", "build"}},
      {"collect", {"collect"}},
      {"place", {"cost", "armies", "move"}},
      {"battle", {}}};
  const auto fields = kKindFields.find(kind);
  if (fields == kKindFields.end()) {
    r.error(node, "kind must be build, collect, place or battle");
    return;
  }
  for (std::string_view key : {"cost", "build", "collect", "armies", "move"}) {
    const auto& own = fields->second;
    if (node[std::string(key)] && std::find(own.begin(), own.end(), key) == own.end())
      r.error(node[std::string(key)],
              std::string(key) + " does not belong to a " + kind + " space");
  }
  if (kind == "build") {
    def.kind = ActionKind::build;
    def.cost = as_int(r, node, "cost", 0, 100, where);
    const std::string b = as_text(r, node, "build", where);
    const auto* building = std::find_if(kAllBuildings.begin(), kAllBuildings.end(),
                                        [&](Building x) { return building_key(x) == b; });
    if (building == kAllBuildings.end())
      r.error(node, "unknown building \"" + b + "\"");
    else
      def.builds = *building;
  } else if (kind == "collect") {
    def.kind = ActionKind::collect;
    const std::string c = as_text(r, node, "collect", where);
    if (c == "grain")
      def.collects = Resource::grain;
    else if (c == "taxes")
      def.collects = Resource::thaler;
    else
      r.error(node, "collect must be grain or taxes");
  } else if (kind == "place") {
    def.kind = ActionKind::place;
    def.cost = as_int(r, node, "cost", 0, 100, where);
    def.armies = as_int(r, node, "armies", 1, rules.pieces.cubes_per_player, where);
    if (auto move = node["move"]; move.IsDefined())
      def.move = r.boolean(move, where + " move").value_or(false);
  } else {
    def.kind = ActionKind::battle;
  }
}

/// One row of actions.yaml.
ActionDef read_action_row(YamlReader& r, const YAML::Node& node, const Ruleset& rules) {
  ActionDef def;
  def.id = as_text(r, node, "id", "action");
  // The id is an order file's key: a YAML word (null) or a number would not read back as it.
  if (!is_data_id(def.id) || def.id.front() < 'a' || def.id == "null") {
    r.error(node, "action id \"" + def.id +
                      "\" must be lowercase letters, digits or _, begin with a letter and not "
                      "be null");
  }
  def.name = as_text(r, node, "name", "action " + def.id);
  if (node["name"] && def.name.empty()) r.error(node["name"], "an action's name cannot be empty");
  def.short_name = def.name;
  if (const YAML::Node short_name = node["short"]; short_name.IsDefined()) {
    def.short_name = r.text(short_name, "short").value_or("");
    if (def.short_name.empty()) r.error(short_name, "an action's short name cannot be empty");
  }
  read_action_kind(r, node, rules, def);
  return def;
}

}  // namespace

void load_actions(const fs::path& dir, Ruleset& rules, Layer layer) {
  const YamlFile file = open_data(dir, "actions.yaml");
  YamlReader r(file);
  const YAML::Node actions = root_list(r, "actions.yaml", "actions", "list of the action spaces");
  static constexpr std::array<std::string_view, 9> kFields = {
      "id", "name", "short", "kind", "cost", "build", "collect", "armies", "move"};
  std::set<std::string> seen;
  for (const auto& node : actions) {
    if (!r.expect_map(node, "action", kFields)) continue;
    ActionDef def = read_action_row(r, node, rules);
    if (!seen.insert(def.id).second) r.error(node, "action " + def.id + " is listed twice");
    // A module's space of the same id changes the base game's in its place on the board; a new
    // id is a new space after the others.
    auto same = std::find_if(rules.actions.begin(), rules.actions.end(),
                             [&](const ActionDef& a) { return a.id == def.id; });
    if (same == rules.actions.end() && rules.actions.size() >= kMaxActionSpaces) {
      r.error(node, "a board has at most " + std::to_string(kMaxActionSpaces) + " action spaces");
      continue;
    }
    def.action = Action::at(same - rules.actions.begin());
    if (same != rules.actions.end())
      *same = std::move(def);
    else
      rules.actions.push_back(std::move(def));
  }
  if (layer == Layer::base && rules.actions.empty())
    r.error(actions, "there must be at least one action space");
  r.throw_if_errors();
}

}  // namespace wallenstein::loading

namespace wallenstein::loading {

void load_landsknechte(const fs::path& dir, Ruleset& rules) {
  const YamlFile file = open_data(dir, "landsknechte.yaml");
  YamlReader r(file);
  static constexpr std::array<std::string_view, 3> kTop = {"min_regions", "cards", "fallback"};
  const YAML::Node& root = root_map(r, "landsknechte.yaml", kTop);
  LandsknechtRules pile;
  pile.min_regions = as_int(r, root, "min_regions", 1, 100, "landsknechte.yaml");
  const auto keys = landsknecht_bonus_keys();
  const std::string choices = join_names(std::vector<std::string>(keys.begin(), keys.end()));
  const auto fallback_text = as_text(r, root, "fallback", "landsknechte.yaml");
  const auto* fallback = std::find(keys.begin(), keys.end(), fallback_text);
  if (fallback != keys.end())
    pile.fallback = kAllLandsknechtBonuses[static_cast<std::size_t>(fallback - keys.begin())];
  else if (!fallback_text.empty())
    r.unknown_value(root["fallback"], "fallback", keys);
  auto cards = r.require(root, "cards", "the cards below the blank, in pile order");
  if (cards && r.expect_sequence(*cards, "cards")) {
    if (cards->size() == 0) r.error(*cards, "the pile needs at least one card below the blank");
    for (const auto& node : *cards) {
      if (!r.expect_map(node, "card")) continue;
      r.check_keys(node, keys, "a Landsknechte card");
      if (node.size() == 0) r.error(node, "a card offers at least one bonus: " + choices);
      LandsknechtCard card;
      for (LandsknechtBonus b : kAllLandsknechtBonuses) {
        const std::string key(landsknecht_bonus_key(b));
        // Cubes are pieces a player has; the bank's thaler, grain and VP are not counted.
        const int most = b == LandsknechtBonus::tray ? rules.pieces.cubes_per_player : 100;
        if (const YAML::Node value = node[key]; value.IsDefined())
          card.amount[index_of(b)] = static_cast<int>(r.integer(value, key, 1, most).value_or(0));
      }
      if (fallback != keys.end() && node.size() > 0 && !card.offers(pile.fallback)) {
        r.error(node, "card " + std::to_string(pile.cards.size() + 1) +
                          " does not offer the fallback " + fallback_text +
                          ", which is taken when no wish is offered; every card must offer it");
      }
      pile.cards.push_back(card);
    }
  }
  r.throw_if_errors();
  rules.landsknechte = std::move(pile);
}

void load_leaders(const fs::path& dir, Ruleset& rules) {
  const YamlFile file = open_data(dir, "leaders.yaml");
  YamlReader r(file);
  static constexpr std::array<std::string_view, 4> kTop = {"statues", "vp_per_statue",
                                                           "vp_per_trophy", "bonuses"};
  const YAML::Node& root = root_map(r, "leaders.yaml", kTop);
  LeaderRules leaders;
  leaders.statues = as_int(r, root, "statues", 0, 100, "leaders.yaml");
  leaders.vp_per_statue = as_int(r, root, "vp_per_statue", 0, 100, "leaders.yaml");
  leaders.vp_per_trophy = as_int(r, root, "vp_per_trophy", 0, 100, "leaders.yaml");
  auto bonuses = r.require(root, "bonuses", "what the leader adds to each action in its province");
  if (bonuses && r.expect_map(*bonuses, "bonuses")) {
    r.check_keys(*bonuses, rules.action_ids(), "bonuses");
    for (Action a : rules.action_spaces()) {
      const YAML::Node node = (*bonuses)[rules.action(a).id];
      if (!node.IsDefined() || !r.expect_map(node, "a leader bonus")) continue;
      const ActionDef& def = rules.action(a);
      if (def.kind == ActionKind::battle) {
        r.error(node, def.id + " is a battle: a leader changes no battle's numbers");
        continue;
      }
      // Each change belongs to what the action does: a build's cost, a collection's amount, a
      // placement's armies.
      std::vector<std::string_view> keys;
      if (def.kind == ActionKind::build) keys = {"cost"};
      if (def.kind == ActionKind::collect) keys = {"amount"};
      if (def.kind == ActionKind::place) keys = {"cost", "armies"};
      r.check_keys(node, keys, def.id + "'s leader bonus");
      LeaderBonus& bonus = leaders.bonuses[index_of(a)];
      // Costs and amounts may fall (never below 0 when played); armies come from the reserve.
      const auto value = [&](const char* key, int least) {
        const YAML::Node v = node[key];
        return v.IsDefined() ? static_cast<int>(r.integer(v, key, least, 100).value_or(0)) : 0;
      };
      bonus.cost = value("cost", -100);
      bonus.amount = value("amount", -100);
      bonus.armies = value("armies", 0);
    }
  }
  r.throw_if_errors();
  rules.leaders = leaders;
}

namespace {

/// A list of whole numbers, each from `min` to `max`, under `key` of court.yaml.
std::vector<int> court_numbers(YamlReader& r, const YAML::Node& root, std::string_view key, int min,
                               int max) {
  std::vector<int> out;
  auto node = r.require(root, key, "a list of numbers");
  if (!node || !r.expect_sequence(*node, key)) return out;
  for (const auto& item : *node) {
    out.push_back(static_cast<int>(r.integer(item, std::string(key), min, max).value_or(min)));
  }
  if (out.empty()) r.error(*node, std::string(key) + " lists at least one space");
  return out;
}

/// One favour card of court.yaml: its number, effect and what the effect needs.
FavourCard favour_card(YamlReader& r, const YAML::Node& node, int expected, const Ruleset& rules) {
  static constexpr std::array<std::string_view, 5> kKeys = {"number", "effect", "amount",
                                                            "building", "battles"};
  FavourCard card;
  if (!r.expect_map(node, "a favour card", kKeys)) return card;
  card.number = as_int(r, node, "number", 1, 1000, "favour card");
  if (card.number != expected && card.number != 0) {
    r.error(node["number"], "favour card " + std::to_string(card.number) + " should be number " +
                                std::to_string(expected) + ": the cards are listed 1, 2, 3...");
  }
  std::vector<std::string_view> effects;
  effects.reserve(kAllFavourEffects.size());
  for (FavourEffect e : kAllFavourEffects) effects.push_back(favour_effect_key(e));
  const std::string effect = as_text(r, node, "effect", "favour card");
  const auto* found = std::find_if(kAllFavourEffects.begin(), kAllFavourEffects.end(),
                                   [&](FavourEffect e) { return favour_effect_key(e) == effect; });
  if (found == kAllFavourEffects.end()) {
    if (node["effect"]) r.unknown_value(node["effect"], "favour effect", effects);
    return card;
  }
  card.effect = *found;
  const bool counted = card.effect == FavourEffect::thaler || card.effect == FavourEffect::tray ||
                       card.effect == FavourEffect::grain || card.effect == FavourEffect::vp ||
                       card.effect == FavourEffect::place;
  if (counted)
    card.amount = as_int(r, node, "amount", 1, rules.pieces.cubes_per_player, "favour card");
  if (card.effect == FavourEffect::build) {
    const std::string building = as_text(r, node, "building", "favour card");
    for (Building b : kAllBuildings) {
      if (building_key(b) == building) card.building = b;
    }
    if (!card.building && node["building"]) {
      std::vector<std::string_view> keys;
      keys.reserve(kAllBuildings.size());
      for (Building b : kAllBuildings) keys.push_back(building_key(b));
      r.unknown_value(node["building"], "building", keys);
    }
  }
  if (card.effect == FavourEffect::shield) {
    // The battle spaces of the board (actions.yaml, read before the modules' own tables).
    const std::vector<std::string_view> keys = rules.action_ids(ActionKind::battle);
    auto battles =
        r.require(node, "battles",
                  "the battles it shields from: " +
                      join_names(std::vector<std::string>(keys.begin(), keys.end()), ", "));
    if (battles && r.expect_sequence(*battles, "battles")) {
      if (battles->size() == 0) r.error(*battles, "a shield card names at least one battle");
      for (const auto& b : *battles) {
        const std::string key = r.text(b, "battle").value_or("");
        const auto space = space_of_kind(r, b, key, rules, ActionKind::battle);
        if (space &&
            std::find(card.shields.begin(), card.shields.end(), *space) != card.shields.end())
          r.error(b, "battle " + key + " is listed twice");
        else if (space)
          card.shields.push_back(*space);
      }
    }
  }
  for (const char* key : {"amount", "building", "battles"}) {
    const bool used = (std::string_view(key) == "amount" && counted) ||
                      (std::string_view(key) == "building" && card.effect == FavourEffect::build) ||
                      (std::string_view(key) == "battles" && card.effect == FavourEffect::shield);
    if (node[key] && !used)
      r.error(node[key], std::string(key) + " does not belong to a " + effect + " card");
  }
  return card;
}

}  // namespace

void load_court(const fs::path& dir, Ruleset& rules) {
  const YamlFile file = open_data(dir, "court.yaml");
  YamlReader r(file);
  static constexpr std::array<std::string_view, 6> kTop = {
      "officers", "tower_cards", "setup_officers_max", "conversions", "display", "cards"};
  const YAML::Node& root = root_map(r, "court.yaml", kTop);
  CourtRules court;
  court.officers = as_int(r, root, "officers", 1, 100, "court.yaml");
  court.tower_cards = as_int(r, root, "tower_cards", 0, 100, "court.yaml");
  court.setup_officers_max = as_int(r, root, "setup_officers_max", 0, 100, "court.yaml");
  court.conversions = court_numbers(r, root, "conversions", 1, rules.pieces.cubes_per_player);
  court.display = court_numbers(r, root, "display", 0, 100);
  if (auto cards = r.require(root, "cards", "the favour cards, 1 first");
      cards && r.expect_sequence(*cards, "cards")) {
    for (const auto& node : *cards)
      court.cards.push_back(favour_card(r, node, static_cast<int>(court.cards.size()) + 1, rules));
    if (court.cards.size() <
        court.display.size() * static_cast<std::size_t>(rules.season_count())) {
      r.error(*cards, "the " + std::to_string(court.cards.size()) +
                          " favour cards are too few for a display of " +
                          std::to_string(court.display.size()) + " cards in each of " +
                          std::to_string(rules.season_count()) + " seasons");
    }
  }
  r.throw_if_errors();
  rules.court = std::move(court);
}

}  // namespace wallenstein::loading
