#include "adapters/state_yaml.hpp"

#include <array>
#include <cstdio>

#include "adapters/yaml_file.hpp"
#include "adapters/yaml_writer.hpp"
#include "core/engine.hpp"

namespace wallenstein {
namespace {

constexpr int kFormat = 1;

YamlOut counts_out(const CubeCounts& counts, const GameState& state) {
  YamlOut out = YamlOut::map();
  for (std::size_t i = 0; i < state.players.size(); ++i) out.add(state.players[i].id, counts.n[i]);
  out.add("peasants", counts.peasants());
  return out.flow();
}

std::string hex64(std::uint64_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

/// Reads the parts of state.yaml; every problem is collected with its position.
class StateReader {
 public:
  StateReader(const YamlFile& file, const Ruleset& rules) : file_(file), r_(file), rules_(rules) {}

  GameState read() {
    const YAML::Node& root = file_.root();
    if (!r_.expect_map(root, "state.yaml")) r_.throw_if_errors();
    static constexpr std::array<std::string_view, 16> kKeys = {
        "format", "game", "edition", "season", "season_index", "finished", "players", "turn_order", "provinces",
        "supply", "tower", "events", "action_cards", "bonus_tiles", "winners", "rng"};
    r_.check_keys(root, kKeys, "state.yaml");
    num(root, "format", kFormat, kFormat);
    s_.game = str(root, "game");
    s_.edition = num(root, "edition", 1, 2);
    s_.season_index = num(root, "season_index", 1, rules_.season_count() + 1);
    if (auto season = r_.require(root, "season", "")) {
      const std::string expected = season_label(rules_, s_.season_index).name();
      if (scalar_text(*season) != expected) r_.error(*season, "season does not match season_index; expected " + expected);
    }
    if (auto f = r_.require(root, "finished", "true or false")) s_.finished = r_.boolean(*f, "finished").value_or(false);
    read_players(root);
    r_.throw_if_errors();
    s_.turn_order = player_list(root, "turn_order");
    s_.winners = player_list(root, "winners");
    read_provinces(root);
    read_supply(root);
    read_tower(root);
    read_events(root);
    read_cards(root);
    read_rng(root);
    r_.throw_if_errors();
    for (const auto& problem : invariant_violations(s_, rules_)) r_.error(root, "inconsistent state: " + problem);
    r_.throw_if_errors();
    return s_;
  }

 private:
  std::string str(const YAML::Node& map, std::string_view key) {
    auto node = r_.require(map, key, "");
    return node ? r_.text(*node, key).value_or("") : std::string();
  }

  int num(const YAML::Node& map, std::string_view key, int min, int max) {
    auto node = r_.require(map, key, "");
    return node ? static_cast<int>(r_.integer(*node, key, min, max).value_or(min)) : min;
  }

  void read_players(const YAML::Node& root) {
    auto players = r_.require(root, "players", "");
    if (!players || !r_.expect_sequence(*players, "players")) return;
    static constexpr std::array<std::string_view, 5> kFields = {"id", "thaler", "grain", "vp", "reserve"};
    for (const auto& node : *players) {
      if (!r_.expect_map(node, "player")) continue;
      r_.check_keys(node, kFields, "player");
      PlayerState p;
      p.id = str(node, "id");
      p.thaler = num(node, "thaler", 0, 100000);
      p.grain = num(node, "grain", 0, 100000);
      p.vp = num(node, "vp", 0, 100000);
      p.reserve = num(node, "reserve", 0, rules_.pieces.cubes_per_player);
      s_.players.push_back(std::move(p));
    }
    if (s_.players.empty() || s_.players.size() > kMaxPlayers) r_.error(*players, "3 to 5 players expected");
  }

  std::optional<PlayerIndex> player(const YAML::Node& node) {
    const std::string id = r_.text(node, "player").value_or("");
    auto p = s_.find_player(id);
    if (!p) r_.error(node, "unknown player \"" + id + "\"");
    return p;
  }

  std::vector<PlayerIndex> player_list(const YAML::Node& root, std::string_view key) {
    std::vector<PlayerIndex> out;
    auto node = r_.require(root, key, "a list of player ids");
    if (!node || !r_.expect_sequence(*node, key)) return out;
    for (const auto& item : *node) {
      if (auto p = player(item)) out.push_back(*p);
    }
    return out;
  }

  void read_provinces(const YAML::Node& root) {
    s_.provinces.assign(rules_.provinces.size(), ProvinceState{});
    auto provinces = r_.require(root, "provinces", "");
    if (!provinces || !r_.expect_map(*provinces, "provinces")) return;
    std::vector<bool> seen(rules_.provinces.size(), false);
    static constexpr std::array<std::string_view, 4> kFields = {"owner", "armies", "buildings", "revolts"};
    for (const auto& entry : *provinces) {
      const std::string id = entry.first.Scalar();
      auto pid = rules_.find_province(id);
      if (!pid || rules_.province(*pid).id != id) {
        r_.error(entry.first, "unknown province id \"" + id + "\"");
        continue;
      }
      seen[pid->value] = true;
      const YAML::Node& node = entry.second;
      if (!r_.expect_map(node, "province " + id)) continue;
      r_.check_keys(node, kFields, "province " + id);
      ProvinceState& p = s_.at(*pid);
      if (auto owner = r_.require(node, "owner", "a player id or null"); owner && !owner->IsNull()) p.owner = player(*owner);
      p.armies = num(node, "armies", 0, rules_.pieces.cubes_per_player * kMaxPlayers);
      p.revolts = num(node, "revolts", 0, rules_.pieces.revolt_markers);
      if (auto buildings = r_.require(node, "buildings", "a list"); buildings && r_.expect_sequence(*buildings, "buildings")) {
        for (const auto& b : *buildings) {
          const std::string name = scalar_text(b);
          bool found = false;
          for (Building type : kAllBuildings) {
            if (building_key(type) == name) p.buildings[static_cast<std::size_t>(type)] = true, found = true;
          }
          if (!found) r_.error(b, "unknown building \"" + name + "\"");
        }
      }
    }
    for (std::size_t i = 0; i < seen.size(); ++i) {
      if (!seen[i]) r_.error(*provinces, "province " + rules_.provinces[i].id + " is missing");
    }
  }

  void read_supply(const YAML::Node& root) {
    auto supply = r_.require(root, "supply", "");
    if (!supply || !r_.expect_map(*supply, "supply")) return;
    s_.supply.peasants = num(*supply, "peasants", 0, rules_.pieces.peasants);
    s_.supply.revolt_markers = num(*supply, "revolt_markers", 0, rules_.pieces.revolt_markers);
    for (Building type : kAllBuildings) {
      const auto b = static_cast<std::size_t>(type);
      s_.supply.buildings[b] = num(*supply, building_key(type), 0, rules_.pieces.buildings[b]);
    }
  }

  CubeCounts counts(const YAML::Node& map, std::string_view what) {
    CubeCounts c;
    if (!r_.expect_map(map, what)) return c;
    for (const auto& entry : map) {
      const std::string key = entry.first.Scalar();
      const int value = static_cast<int>(r_.integer(entry.second, what, 0, 1000).value_or(0));
      if (key == "peasants") {
        c.peasants() = value;
      } else if (auto p = s_.find_player(key)) {
        c.player(*p) = value;
      } else {
        r_.error(entry.first, "unknown colour \"" + key + "\" in " + std::string(what));
      }
    }
    return c;
  }

  void read_tower(const YAML::Node& root) {
    auto tower = r_.require(root, "tower", "");
    if (!tower || !r_.expect_map(*tower, "tower")) return;
    if (auto inside = r_.require(*tower, "inside", "")) s_.tower.inside = counts(*inside, "tower inside");
    if (auto tray = r_.require(*tower, "tray", "")) s_.tower.tray = counts(*tray, "tower tray");
  }

  std::vector<EventId> event_list(const YAML::Node& map, std::string_view key) {
    std::vector<EventId> out;
    auto node = r_.require(map, key, "a list of event ids");
    if (!node || !r_.expect_sequence(*node, key)) return out;
    for (const auto& item : *node) {
      const std::string id = scalar_text(item);
      if (auto e = rules_.find_event(id)) out.push_back(*e);
      else r_.error(item, "unknown event \"" + id + "\"");
    }
    return out;
  }

  void read_events(const YAML::Node& root) {
    auto events = r_.require(root, "events", "");
    if (!events || !r_.expect_map(*events, "events")) return;
    s_.year_events = event_list(*events, "year");
    s_.events_left = event_list(*events, "left");
    s_.event_deck = event_list(*events, "deck");
  }

  void read_cards(const YAML::Node& root) {
    if (auto cards = r_.require(root, "action_cards", "the 10 actions in slot order");
        cards && r_.expect_sequence(*cards, "action_cards")) {
      if (cards->size() != kActionCount) r_.error(*cards, "action_cards must list all 10 slots");
      std::size_t i = 0;
      for (const auto& item : *cards) {
        const std::string id = scalar_text(item);
        const auto* a = std::find_if(kAllActions.begin(), kAllActions.end(), [&](Action x) { return action_key(x) == id; });
        if (a == kAllActions.end()) r_.error(item, "unknown action \"" + id + "\"");
        else if (i < kActionCount) s_.action_cards[i] = *a;
        ++i;
      }
    }
    if (auto tiles = r_.require(root, "bonus_tiles", "the tiles on positions 1-5");
        tiles && r_.expect_sequence(*tiles, "bonus_tiles")) {
      for (const auto& item : *tiles) {
        const std::string id = scalar_text(item);
        if (auto t = rules_.find_tile(id)) s_.bonus_tiles.push_back(*t);
        else r_.error(item, "unknown bonus tile \"" + id + "\"");
      }
      if (!s_.finished && s_.bonus_tiles.size() != rules_.tiles.size()) r_.error(*tiles, "every bonus tile must be on a position");
    }
  }

  void read_rng(const YAML::Node& root) {
    auto rng = r_.require(root, "rng", "four 64-bit words in hex");
    if (!rng || !r_.expect_sequence(*rng, "rng")) return;
    if (rng->size() != 4) {
      r_.error(*rng, "rng must hold four words");
      return;
    }
    for (std::size_t i = 0; i < 4; ++i) {
      const std::string word = scalar_text((*rng)[i]);
      if (word.size() != 16 || word.find_first_not_of("0123456789abcdef") != std::string::npos) {
        r_.error((*rng)[i], "rng words are 16 lowercase hex digits");
        continue;
      }
      s_.rng[i] = std::stoull(word, nullptr, 16);
    }
  }

  const YamlFile& file_;
  YamlReader r_;
  const Ruleset& rules_;
  GameState s_;
};

}  // namespace

std::string write_state(const GameState& state, const Ruleset& rules) {
  const SeasonLabel label = season_label(rules, state.season_index);
  auto player_ids = [&](const std::vector<PlayerIndex>& list) {
    std::vector<std::string> ids;
    for (PlayerIndex p : list) ids.push_back(state.player(p).id);
    return YamlOut::flow_list(ids);
  };
  auto event_ids = [&](const std::vector<EventId>& list) {
    std::vector<std::string> ids;
    for (EventId e : list) ids.push_back(rules.event(e).id);
    return YamlOut::flow_list(ids);
  };
  YamlOut root = YamlOut::map();
  root.add("format", kFormat);
  root.add("game", state.game);
  root.add("edition", state.edition);
  root.add("season", label.name());
  root.add("season_index", state.season_index);
  root.add("finished", state.finished);
  YamlOut players = YamlOut::list();
  for (const auto& p : state.players) {
    players.push(YamlOut::map()
                     .add("id", p.id)
                     .add("thaler", p.thaler)
                     .add("grain", p.grain)
                     .add("vp", p.vp)
                     .add("reserve", p.reserve)
                     .flow());
  }
  root.add("players", std::move(players));
  root.add("turn_order", player_ids(state.turn_order));
  YamlOut provinces = YamlOut::map();
  for (std::size_t i = 0; i < state.provinces.size(); ++i) {
    const ProvinceState& p = state.provinces[i];
    std::vector<std::string> buildings;
    for (Building b : kAllBuildings) {
      if (p.has(b)) buildings.emplace_back(building_key(b));
    }
    provinces.add(rules.provinces[i].id, YamlOut::map()
                                            .add("owner", p.owner ? YamlOut::text(state.player(*p.owner).id) : YamlOut::null())
                                            .add("armies", p.armies)
                                            .add("buildings", YamlOut::flow_list(buildings))
                                            .add("revolts", p.revolts)
                                            .flow());
  }
  root.add("provinces", std::move(provinces));
  YamlOut supply = YamlOut::map();
  supply.add("peasants", state.supply.peasants).add("revolt_markers", state.supply.revolt_markers);
  for (Building b : kAllBuildings) supply.add(std::string(building_key(b)), state.supply.buildings[static_cast<std::size_t>(b)]);
  root.add("supply", supply.flow());
  root.add("tower", YamlOut::map().add("inside", counts_out(state.tower.inside, state)).add("tray", counts_out(state.tower.tray, state)));
  root.add("events", YamlOut::map()
                         .add("year", event_ids(state.year_events))
                         .add("left", event_ids(state.events_left))
                         .add("deck", event_ids(state.event_deck)));
  std::vector<std::string> cards;
  for (Action a : state.action_cards) cards.emplace_back(action_key(a));
  root.add("action_cards", YamlOut::flow_list(cards));
  std::vector<std::string> tiles;
  for (TileId t : state.bonus_tiles) tiles.push_back(rules.tile(t).id);
  root.add("bonus_tiles", YamlOut::flow_list(tiles));
  root.add("winners", player_ids(state.winners));
  std::vector<std::string> rng;
  for (std::uint64_t word : state.rng) rng.push_back(hex64(word));
  root.add("rng", YamlOut::flow_list(rng));
  return root.dump("Wallenstein game \"" + state.game + "\": the state at the start of " + label.name() +
                   ".\nGAME MASTER ONLY: it holds hidden information (action slots 6-10, the event deck,\n"
                   "the tower's content, the random generator). Never send it to players.\n"
                   "action_cards: slots 1-10 in order; bonus_tiles: turn-order positions 1-5.");
}

GameState read_state(const SourceFile& source, const Ruleset& rules) {
  const YamlFile file = YamlFile::parse(source);
  return StateReader(file, rules).read();
}

}  // namespace wallenstein
