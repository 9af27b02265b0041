// Runs every tests/scenarios/*.yaml: a rulebook situation (given), the players' orders, fixed
// tower outcomes, and what must follow (then). See tests/scenarios/README.md for the format.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>

#include "adapters/log_yaml.hpp"
#include "adapters/order_file.hpp"
#include "adapters/ruleset_loader.hpp"
#include "core/engine.hpp"
#include "support/temp_dir.hpp"
#include "support/tiny_world.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;

const Ruleset& rules() {
  static const Ruleset r = load_ruleset(testing::source_data_dir());
  return r;
}

std::vector<std::string> scenario_files() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(testing::source_path("tests/scenarios"))) {
    if (e.path().extension() == ".yaml") out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

ProvinceId province(const std::string& id) {
  const auto p = rules().find_province(id);
  if (!p) throw std::runtime_error("unknown province " + id);
  return *p;
}

CubeCounts counts(const YAML::Node& node, const GameState& state) {
  CubeCounts c;
  if (!node) return c;
  for (const auto& e : node) {
    const std::string key = e.first.as<std::string>();
    if (key == "peasants") c.peasants() = e.second.as<int>();
    else c.player(*state.find_player(key)) = e.second.as<int>();
  }
  return c;
}

/// The state described under `given`, with every supply consistent with the board.
GameState build_state(const YAML::Node& given) {
  const Ruleset& r = rules();
  GameState s;
  s.game = "scenario";
  for (const auto& id : given["players"]) s.players.push_back(PlayerState{id.as<std::string>(), 0, 0, 0, 0});
  const int n = s.player_count();
  for (auto& p : s.players) p.thaler = r.starting_thaler.at(n);
  s.provinces.assign(r.provinces.size(), ProvinceState{});
  s.supply = Supply{r.pieces.peasants, r.pieces.revolt_markers, r.pieces.buildings};
  for (const auto& e : given["provinces"]) {
    ProvinceState& p = s.at(province(e.first.as<std::string>()));
    const YAML::Node& v = e.second;
    p.owner = s.find_player(v["owner"].as<std::string>());
    p.armies = v["armies"].as<int>();
    p.revolts = v["revolts"] ? v["revolts"].as<int>() : 0;
    s.supply.revolt_markers -= p.revolts;
    for (const auto& b : v["buildings"]) {
      for (Building type : kAllBuildings) {
        if (building_key(type) == b.as<std::string>()) {
          p.buildings[static_cast<std::size_t>(type)] = true;
          --s.supply.buildings[static_cast<std::size_t>(type)];
        }
      }
    }
  }
  for (const char* key : {"thaler", "grain", "vp"}) {
    for (const auto& e : given[key]) {
      PlayerState& p = s.player(*s.find_player(e.first.as<std::string>()));
      (std::string(key) == "thaler" ? p.thaler : std::string(key) == "grain" ? p.grain : p.vp) = e.second.as<int>();
    }
  }
  if (const YAML::Node tower = given["tower"]) {
    s.tower.inside = counts(tower["inside"], s);
    s.tower.tray = counts(tower["tray"], s);
  }
  for (int i = 0; i < n; ++i) {
    const PlayerIndex p = s.player_index(static_cast<std::size_t>(i));
    int on_board = 0;
    for (const auto& province_state : s.provinces) on_board += province_state.owner == p ? province_state.armies : 0;
    s.player(p).reserve = r.pieces.cubes_per_player - on_board - s.tower.inside.player(p) - s.tower.tray.player(p);
    s.turn_order.push_back(p);
  }
  s.supply.peasants -= s.tower.inside.peasants() + s.tower.tray.peasants();

  const std::string season = given["season"] ? given["season"].as<std::string>() : "1618-spring";
  for (int i = 1; i <= r.season_count(); ++i) {
    if (season_label(r, i).name() == season) s.season_index = i;
  }
  const EventId event = *r.find_event(given["event"].as<std::string>());
  const bool autumn = season_label(r, s.season_index).season == r.seasons.back();
  const EventId winter = given["winter_event"] ? *r.find_event(given["winter_event"].as<std::string>()) : event;
  s.events_left = autumn ? std::vector<EventId>{event, winter} : std::vector<EventId>{event};
  s.year_events = s.events_left;
  for (std::size_t i = 0; i < r.events.size(); ++i) {
    const EventId e{static_cast<std::uint8_t>(i)};
    if (std::find(s.events_left.begin(), s.events_left.end(), e) == s.events_left.end()) s.event_deck.push_back(e);
  }
  std::vector<Action> cards;
  for (const auto& a : given["action_cards"]) {
    for (Action action : kAllActions) {
      if (action_key(action) == a.as<std::string>()) cards.push_back(action);
    }
  }
  for (Action a : kAllActions) {
    if (std::find(cards.begin(), cards.end(), a) == cards.end()) cards.push_back(a);
  }
  std::copy(cards.begin(), cards.end(), s.action_cards.begin());
  const YAML::Node tiles = given["tiles"] ? given["tiles"] : YAML::Load("[defense, armies, attack, thaler, grain]");
  for (const auto& t : tiles) s.bonus_tiles.push_back(*r.find_tile(t.as<std::string>()));

  // The event in force is drawn from the remaining cards: pick the first seed that draws it.
  std::uint64_t seed = given["seed"] ? given["seed"].as<std::uint64_t>() : 1;
  while (Rng(seed).below(static_cast<std::uint32_t>(s.events_left.size())) != 0) ++seed;
  s.rng = Rng(seed).state();
  return s;
}

/// The full order-file text for a player, from the scenario's partial orders.
std::string order_text(const GameState& state, const std::string& player, const YAML::Node& partial) {
  YAML::Node doc;
  doc["game"] = state.game;
  doc["player"] = player;
  doc["season"] = season_label(rules(), state.season_index).name();
  for (Action a : kAllActions) {
    const std::string key(action_key(a));
    doc["actions"][key] = partial["actions"] && partial["actions"][key] ? partial["actions"][key] : YAML::Node("none");
  }
  doc["bid"] = partial["bid"] ? partial["bid"] : YAML::Node(0);
  if (partial["turn_order"]) doc["turn_order"] = partial["turn_order"];
  if (partial["winter_revolt_order"]) doc["winter_revolt_order"] = partial["winter_revolt_order"];
  return YAML::Dump(doc) + "\n";
}

/// True when every key of `expected` is in `actual` with an equal value (maps recursively).
bool matches(const YAML::Node& expected, const YAML::Node& actual) {
  if (expected.IsMap()) {
    if (!actual.IsMap()) return false;
    for (const auto& e : expected) {
      if (!actual[e.first.as<std::string>()] || !matches(e.second, actual[e.first.as<std::string>()])) return false;
    }
    return true;
  }
  if (expected.IsSequence()) {
    if (!actual.IsSequence() || actual.size() != expected.size()) return false;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      if (!matches(expected[i], actual[i])) return false;
    }
    return true;
  }
  if (expected.IsNull()) return actual.IsNull() || (actual.IsScalar() && actual.as<std::string>() == "null");
  return actual.IsScalar() && actual.as<std::string>() == expected.as<std::string>();
}

class Scenario : public ::testing::TestWithParam<std::string> {};

TEST_P(Scenario, PlaysAsTheRulesSay) {
  const fs::path path = testing::source_path("tests/scenarios") / GetParam();
  const YAML::Node doc = YAML::LoadFile(path.string());
  ASSERT_TRUE(doc["rule"]) << "every scenario names its rule section";
  SCOPED_TRACE(doc["rule"].as<std::string>());
  const GameState state = build_state(doc["given"]);
  ASSERT_EQ(invariant_violations(state, rules()), std::vector<std::string>{});

  // Players without orders pass, as with --nmr pass; the others' orders go through `check`.
  std::vector<Orders> orders;
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const PlayerState& p = state.players[i];
    if (!doc["orders"] || !doc["orders"][p.id]) {
      orders.push_back(pass_orders(state.player_index(i), state, rules()));
      continue;
    }
    const YAML::Node partial = doc["orders"][p.id];
    const auto checked = check_order_source(SourceFile{p.id + ".yaml", order_text(state, p.id, partial)}, state, rules());
    ASSERT_TRUE(checked.ok()) << format_all(checked.diagnostics);
    orders.push_back(*checked.orders);
  }
  std::vector<CubeCounts> outcomes;
  for (const auto& o : doc["tower"]) outcomes.push_back(counts(o, state));
  testing::ScriptedTower scripted(outcomes);
  ResolveOptions options;
  if (doc["tower"]) options.tower = &scripted;
  const SeasonResult result = resolve_season(state, orders, {}, rules(), options);
  EXPECT_EQ(invariant_violations(result.next, rules()), std::vector<std::string>{});
  if (doc["tower"]) {
    EXPECT_EQ(scripted.used(), outcomes.size()) << "every scripted throw is used";
  }

  const YAML::Node then = doc["then"];
  const GameState& next = result.next;
  for (const char* key : {"thaler", "grain", "vp", "reserve"}) {
    for (const auto& e : then[key]) {
      const PlayerState& p = next.player(*next.find_player(e.first.as<std::string>()));
      const int actual = std::string(key) == "thaler" ? p.thaler : std::string(key) == "grain" ? p.grain
                         : std::string(key) == "vp"   ? p.vp : p.reserve;
      EXPECT_EQ(actual, e.second.as<int>()) << key << " of " << p.id;
    }
  }
  for (const auto& e : then["provinces"]) {
    const std::string id = e.first.as<std::string>();
    const ProvinceState& p = next.at(province(id));
    const YAML::Node& want = e.second;
    if (want["owner"]) {
      const std::string owner = p.owner ? next.player(*p.owner).id : "null";
      EXPECT_EQ(owner, want["owner"].IsNull() ? "null" : want["owner"].as<std::string>()) << id;
    }
    if (want["armies"]) {
      EXPECT_EQ(p.armies, want["armies"].as<int>()) << id;
    }
    if (want["revolts"]) {
      EXPECT_EQ(p.revolts, want["revolts"].as<int>()) << id;
    }
    if (want["buildings"]) {
      EXPECT_EQ(p.building_count(), static_cast<int>(want["buildings"].size())) << id;
    }
  }
  if (then["tray"]) {
    EXPECT_EQ(next.tower.tray, counts(then["tray"], next));
  }
  if (then["winners"]) {
    std::vector<std::string> winners;
    for (PlayerIndex w : next.winners) winners.push_back(next.player(w).id);
    EXPECT_EQ(winners, then["winners"].as<std::vector<std::string>>());
  }
  const std::string log_text = write_log(result.log, state, rules(), "pass");
  const YAML::Node log = YAML::Load(log_text);
  std::vector<YAML::Node> candidates;
  for (const auto& s : log["steps"]) candidates.push_back(s);
  if (log["winter"]) {
    for (const char* part : {"supply", "revolts", "scores", "majorities"}) {
      for (const auto& s : log["winter"][part]) candidates.push_back(s);
    }
    YAML::Node top;
    top["grain_loss"] = log["winter"]["grain_loss"];
    candidates.push_back(top);
  }
  YAML::Node summary;
  summary["turn_order"] = log["turn_order"];
  summary["bid_ranking"] = log["bid_ranking"];
  summary["tiles"] = log["tiles"];
  candidates.push_back(summary);
  for (const auto& want : then["log"]) {
    const bool found = std::any_of(candidates.begin(), candidates.end(), [&](const YAML::Node& c) { return matches(want, c); });
    EXPECT_TRUE(found) << "no log entry matches " << YAML::Dump(want) << "\nthe log:\n" << log_text;
  }
  for (const auto& absent : then["not_in_log"]) {
    const bool found = std::any_of(candidates.begin(), candidates.end(), [&](const YAML::Node& c) { return matches(absent, c); });
    EXPECT_FALSE(found) << "unexpected log entry " << YAML::Dump(absent);
  }
}

INSTANTIATE_TEST_SUITE_P(Rulebook, Scenario, ::testing::ValuesIn(scenario_files()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param.substr(0, param.param.size() - 5);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace wallenstein
