// The keys and names a `then.log` pattern may use: those log.yaml writes
// (src/wallenstein/files/log_yaml.cpp). A pattern with a key the log never writes could never
// match, so a `not_in_log` with a typo would pass unchecked; here it is an error instead.

#include <algorithm>
#include <array>

#include "pbem/files/english.hpp"
#include "scenario/scenario_names.hpp"
#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::testing {
namespace {

using Keys = std::vector<std::string_view>;

struct Shape {
  std::string_view name;
  Keys keys;
};

const Keys kCancelKeys = {"slot",   "what", "action", "player", "province",
                          "reason", "need", "have",   "target", "holder"};

/// Log steps by their `what`.
const std::vector<Shape>& steps() {
  static const std::vector<Shape> s = {
      {"cancelled", kCancelKeys},
      {"move_cancelled", kCancelKeys},
      {"placement_cancelled", kCancelKeys},
      {"built",
       {"slot", "what", "action", "player", "province", "building", "cost", "event",
        "markers_removed", "leader_bonus"}},
      {"collected",
       {"slot", "what", "action", "player", "province", "base", "event", "after_event",
        "tile_bonus", "leader_bonus", "amount", "grain", "thaler"}},
      {"placed",
       {"slot", "what", "action", "player", "province", "cost", "base", "event", "tile_bonus",
        "leader_bonus", "armies"}},
      {"moved", {"slot", "what", "action", "player", "from", "to", "armies"}},
      {"battle",
       {"slot", "what", "action", "player", "from", "target", "defender", "cubes",
        "peasants_stay_out", "tower", "count", "result", "survivors", "buildings_lost"}},
      {"revolt",
       {"slot", "what", "cause", "player", "province", "markers", "extra_peasants", "cubes",
        "tower", "count", "result", "survivors", "buildings_lost"}},
      {"revolt_marker",
       {"slot", "what", "player", "province", "markers", "supply_empty", "shielded"}},
  };
  return s;
}

/// Entries without `what`: the season's summary and the winter's rows.
const std::vector<Shape>& summaries() {
  static const std::vector<Shape> s = {
      {"the season summary", {"turn_order", "bid_ranking", "tiles"}},
      {"a winter supply row",
       {"player", "grain", "after_loss", "provinces", "unsupplied", "revolts", "extra_peasants",
        "drawn"}},
      {"a winter score",
       {"player", "provinces", "buildings", "majorities", "statues", "total", "vp"}},
      {"a regional majority", {"region", "building", "counts", "leaders", "points"}},
      {"the winter grain loss", {"grain_loss"}},
      {"a Landsknechte turn", {"player", "regions", "card", "bonus", "amount"}},
      {"a leader's step",
       {"player", "placed", "from", "to", "statue", "trophies", "taken_off", "fallback", "asked",
        "winter"}},
      {"a court conversion", {"player", "cubes", "from", "done"}},
      {"a favour turn",
       {"player", "officers", "card", "cost", "province", "kept", "event_left", "no_effect"}},
      {"a draft pick",
       {"round", "player", "province", "armies", "blind", "offered", "put_under", "leader"}},
  };
  return s;
}

std::vector<std::string> reason_keys() {
  std::vector<std::string> out;
  out.reserve(kAllCancelReasons.size());
  for (CancelReason r : kAllCancelReasons) out.emplace_back(cancel_reason_key(r));
  return out;
}

template <class Items, class Key>
std::vector<std::string> ids_of(const Items& items, Key key) {
  std::vector<std::string> out;
  out.reserve(items.size());
  for (const auto& item : items) out.push_back(key(item));
  return out;
}

/// Checks a nested map's keys against `keys`.
void check_nested(ScenarioNames& names, const YAML::Node& node, const Keys& keys,
                  const std::string& where) {
  if (names.reader().expect_map(node, where)) names.reader().check_keys(node, keys, where);
}

void check_players_or_neutral(ScenarioNames& names, const YAML::Node& node) {
  if (node.IsScalar() && node.Scalar() == "neutral") return;
  names.player(node);
}

/// Checks one value by what its key holds in log.yaml.
void check_value(ScenarioNames& names, std::string_view what, const std::string& key,
                 const YAML::Node& v) {
  YamlReader& r = names.reader();
  const Ruleset& rules = names.rules();
  if (key == "from" && what == "a court conversion" && v.IsScalar() && v.Scalar() == "tower") {
    return;  // the player's cubes in the tray
  }
  if (key == "province" || key == "from" || key == "to" || key == "target" || key == "placed" ||
      key == "taken_off" || key == "asked") {
    names.province(v, true);
  } else if (key == "drawn" || key == "offered" || key == "put_under") {
    if (r.expect_sequence(v, key)) {
      for (const auto& p : v) names.province(p, true);
    }
  } else if (key == "player") {
    names.player(v);
  } else if (key == "defender" || key == "holder") {
    check_players_or_neutral(names, v);
  } else if (key == "leaders" || key == "turn_order" || key == "bid_ranking") {
    names.player_list(v, key);
  } else if (key == "trophies") {  // one entry per statue taken: a player may repeat
    if (r.expect_sequence(v, key)) {
      for (const auto& p : v) names.player(p);
    }
  } else if (key == "tiles" || key == "counts") {
    if (!r.expect_map(v, key)) return;
    const auto tiles = ids_of(rules.tiles, [](const BonusTile& t) { return t.id; });
    for (const auto& e : v) {
      names.player(e.first);
      if (key == "tiles")
        names.pick(e.second, "bonus tile", tiles);
      else
        names.number(e.second, "a count");
    }
  } else if (key == "action") {
    names.pick(v, "action", ids_of(rules.actions, [](const ActionDef& a) { return a.id; }));
  } else if (key == "reason") {
    names.pick(v, "cancel reason", reason_keys());
  } else if (key == "result") {
    names.pick(v, "result",
               what == "revolt" ? std::vector<std::string>{"put_down", "lost"}
                                : std::vector<std::string>{"attacker", "defender", "tie"});
  } else if (key == "cause") {
    names.pick(v, "revolt cause", {"grain", "taxes", "winter"});
  } else if (key == "bonus") {
    const auto keys = landsknecht_bonus_keys();
    names.pick(v, "Landsknechte bonus", std::vector<std::string>(keys.begin(), keys.end()));
  } else if (key == "building") {
    names.pick(v, "building", {"palace", "church", "trading_house"});
  } else if (key == "event") {
    names.pick(v, "event", ids_of(rules.events, [](const EventCard& e) { return e.id; }));
  } else if (key == "region") {
    names.pick(v, "region", ids_of(rules.regions, [](const Region& x) { return x.id; }));
  } else if (key == "cubes" && what == "a court conversion") {
    names.number(v, "cubes");
  } else if (key == "cubes") {
    check_nested(names, v,
                 what == "revolt" ? Keys{"defending", "held_back", "peasants"}
                                  : Keys{"attacking", "attack_bonus", "defending", "held_back",
                                         "defense_bonus", "palace_guard", "peasants"},
                 "cubes");
  } else if (key == "count") {
    check_nested(names, v,
                 what == "revolt" ? Keys{"player", "peasants"}
                                  : Keys{"attacker", "defender", "of_which_peasants"},
                 "count");
  } else if (key == "tower") {
    const Keys parts = {"thrown", "from_tray", "released", "stuck", "out", "gm_inside_after"};
    check_nested(names, v, parts, "tower");
    if (v.IsMap()) {
      for (const auto& e : v) names.cubes(e.second, "tower." + e.first.Scalar());
    }
  } else {
    r.text(v, key);  // numbers and flags
  }
}

const Shape* shape_of(const YAML::Node& pattern) {
  for (const Shape& s : summaries()) {
    const bool fits = std::all_of(pattern.begin(), pattern.end(), [&](const auto& e) {
      return std::find(s.keys.begin(), s.keys.end(), e.first.Scalar()) != s.keys.end();
    });
    if (fits) return &s;
  }
  return nullptr;
}

}  // namespace

void check_log_pattern(ScenarioNames& names, const YAML::Node& pattern) {
  YamlReader& r = names.reader();
  if (!r.expect_map(pattern, "a log pattern")) return;
  const Shape* shape = nullptr;
  if (const YAML::Node what = pattern["what"]) {
    const auto kinds = ids_of(steps(), [](const Shape& s) { return std::string(s.name); });
    if (const auto i = names.pick(what, "log step", kinds)) shape = &steps()[*i];
  } else {
    shape = shape_of(pattern);
    if (!shape) {
      Keys all;
      for (const Shape& s : summaries()) all.insert(all.end(), s.keys.begin(), s.keys.end());
      r.check_keys(pattern, all, "a log pattern without what");
      r.error(pattern, "a log pattern without `what` takes the keys of one of: " +
                           join_names(ids_of(summaries(),
                                             [](const Shape& s) { return std::string(s.name); })));
      return;
    }
  }
  if (!shape) return;
  r.check_keys(pattern, shape->keys, "a " + std::string(shape->name) + " log step");
  for (const auto& e : pattern) {
    const std::string key = e.first.Scalar();
    if (std::find(shape->keys.begin(), shape->keys.end(), key) != shape->keys.end()) {
      check_value(names, shape->name, key, e.second);
    }
  }
}

}  // namespace wallenstein::testing
