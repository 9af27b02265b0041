// Runs every tests/scenarios/*.yaml: a rulebook situation (given), the players' orders, fixed
// tower outcomes, and what must follow (then). See tests/scenarios/README.md for the format; the
// files are read strictly (scenario/scenario_file.hpp), so a mistyped expectation fails.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "pbem/files/diagnostic.hpp"
#include "scenario/scenario_file.hpp"
#include "support/problem_texts.hpp"
#include "support/temp_dir.hpp"
#include "support/tiny_world.hpp"
#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using ScenarioFile = testing::Scenario;

/// The shipped base game's rules (province ids are the same in every ruleset).
const Ruleset& rules() { return testing::shipped_rules(kCurrentRulesVersion, 2, {}); }

std::vector<std::string> scenario_files() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(testing::source_path("tests/scenarios"))) {
    if (e.path().extension() == ".yaml") out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// The full order-file text for a player, from the scenario's partial orders: missing actions are
/// none and a missing bid is the `--nmr pass` bid (0, or none without a card for it: D-29).
std::string order_text(const GameState& state, PlayerIndex p, const YAML::Node& partial,
                       const Ruleset& r) {
  YAML::Node doc;
  doc["game"] = state.game;
  doc["player"] = state.player(p).id;
  doc["season"] = season_label(r, state.season_index).name();
  if (state.draft) {  // Rules 2.2: the draft's file holds its list (and D-49's refresh)
    if (partial["refresh"]) doc["refresh"] = partial["refresh"];
    doc["draft"] = partial["draft"] ? partial["draft"] : YAML::Node(YAML::NodeType::Sequence);
    return YAML::Dump(doc) + "\n";
  }
  for (Action a : r.action_spaces()) {
    const std::string& key = r.action(a).id;
    doc["actions"][key] = partial["actions"] && partial["actions"][key] ? partial["actions"][key]
                                                                        : YAML::Node("none");
  }
  const bool pass_bids = pass_orders(p, state, r).bid.kind == BidKind::coin;
  if (r.has_bids() || partial["bid"])  // Rules 12: the 1st edition's orders have no bid.
    doc["bid"] = partial["bid"] ? partial["bid"] : YAML::Node(pass_bids ? "0" : "none");
  if (partial["turn_order"]) doc["turn_order"] = partial["turn_order"];
  if (partial["winter_revolt_order"]) doc["winter_revolt_order"] = partial["winter_revolt_order"];
  if (partial["landsknechte"]) doc["landsknechte"] = partial["landsknechte"];
  if (partial["leader"]) doc["leader"] = partial["leader"];
  if (partial["defend_with"]) doc["defend_with"] = partial["defend_with"];
  if (partial["court"]) doc["court"] = partial["court"];
  if (partial["favors"]) doc["favors"] = partial["favors"];
  return YAML::Dump(doc) + "\n";
}

/// True when every key of `expected` is in `actual` with an equal value (maps recursively).
bool matches(const YAML::Node& expected, const YAML::Node& actual) {
  if (expected.IsMap()) {
    if (!actual.IsMap()) return false;
    for (const auto& e : expected) {
      if (!actual[e.first.as<std::string>()] ||
          !matches(e.second, actual[e.first.as<std::string>()]))
        return false;
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
  if (expected.IsNull())
    return actual.IsNull() || (actual.IsScalar() && actual.as<std::string>() == "null");
  return actual.IsScalar() && actual.as<std::string>() == expected.as<std::string>();
}

/// The errors (not warnings) of a checked order file, without positions.
std::vector<std::string> error_messages(const CheckedOrderFile& checked) {
  std::vector<std::string> out;
  for (const auto& d : checked.diagnostics) {
    if (d.severity == Diagnostic::Severity::error) out.push_back(d.message);
  }
  return out;
}

/// Each player's orders through `check`; a player whose orders are refused (as the scenario
/// expects) or who has none passes, as with --nmr pass.
std::vector<Orders> checked_orders(const ScenarioFile& s, const Ruleset& r) {
  std::vector<Orders> orders;
  for (std::size_t i = 0; i < s.state.players.size(); ++i) {
    const PlayerIndex p = s.state.player_index(i);
    orders.push_back(pass_orders(p, s.state, r));
    if (!s.orders[i]) continue;
    const auto checked = check_order_source(
        SourceFile{s.state.player(p).id + ".yaml", order_text(s.state, p, *s.orders[i], r)},
        s.state, r, testing::problem_texts());
    const auto refused = std::find_if(s.then.order_errors.begin(), s.then.order_errors.end(),
                                      [&](const testing::OrderErrors& e) { return e.player == p; });
    if (refused != s.then.order_errors.end()) {
      EXPECT_EQ(error_messages(checked), refused->messages)
          << "the orders of " << s.state.player(p).id;
      continue;
    }
    EXPECT_TRUE(checked.ok()) << format_all(checked.diagnostics);
    if (checked.ok()) orders.back() = *checked.orders;
  }
  return orders;
}

SeasonResult resolve(const ScenarioFile& s, const GameState& state,
                     const std::vector<Orders>& orders, const Ruleset& r,
                     testing::ScriptedTower& scripted) {
  ResolveOptions options;
  if (s.tower) options.tower = &scripted;
  return resolve_season(state, orders, {}, r, options);
}

/// The first seed from `given.seed` that draws the scenario's event (the first card left) and,
/// when `given.bid_ranking` says how the bag broke the ties, gives that ranking (the 1st edition:
/// when `given.drawn_order` says which turn order is drawn, draws it).
std::optional<std::uint64_t> choose_seed(const ScenarioFile& s, const std::vector<Orders>& orders,
                                         const Ruleset& r) {
  if (s.state.draft) return s.first_seed;  // Rules 2.2: the draft draws no event
  const auto cards = static_cast<std::uint32_t>(s.state.events_left.size());
  for (std::uint64_t seed = s.first_seed; seed < s.first_seed + 10000; ++seed) {
    if (Rng(seed).below(cards) != 0) continue;
    if (!s.bid_ranking && !s.drawn_order) return seed;
    GameState state = s.state;
    state.rng = Rng(seed).state();
    testing::ScriptedTower scripted(s.tower.value_or(std::vector<CubeCounts>{}));
    try {
      const SeasonLog log = resolve(s, state, orders, r, scripted).log;
      if (s.bid_ranking ? log.bid_ranking == *s.bid_ranking : log.turn_order == *s.drawn_order)
        return seed;
    } catch (const std::logic_error&) {
      // This seed makes the season throw more often than the scenario scripts: try the next.
    }
  }
  return std::nullopt;
}

std::string owner_name(const GameState& state, std::optional<PlayerIndex> owner) {
  return owner ? state.player(*owner).id : "neutral";
}

void expect_state(const ScenarioFile& s, const GameState& next) {
  for (const auto& c : s.then.counters) {
    const PlayerState& p = next.player(c.player);
    const CourtState& court = next.court;
    if (c.counter == "officers_hall" || c.counter == "officers_beside") {
      const auto& officers =
          c.counter == "officers_hall" ? court.officers_hall : court.officers_beside;
      EXPECT_EQ(officers[c.player.value], c.value) << c.counter << " of " << p.id;
      continue;
    }
    const int actual = c.counter == "thaler"         ? p.thaler
                       : c.counter == "grain"        ? p.grain
                       : c.counter == "vp"           ? p.vp
                       : c.counter == "landsknechte" ? p.landsknechte
                       : c.counter == "trophies"     ? p.trophies
                       : c.counter == "statues_left" ? p.statues
                                                     : p.reserve;
    EXPECT_EQ(actual, c.value) << c.counter << " of " << p.id;
  }
  for (const auto& want : s.then.provinces) {
    const ProvinceState& p = next.at(want.province);
    const std::string& id = rules().province(want.province).id;
    if (want.owner) {
      EXPECT_EQ(owner_name(next, p.owner), owner_name(next, *want.owner)) << "owner of " << id;
    }
    if (want.armies) {
      EXPECT_EQ(p.armies, *want.armies) << "armies in " << id;
    }
    if (want.revolts) {
      EXPECT_EQ(p.revolt_markers, *want.revolts) << "revolt markers in " << id;
    }
    if (want.buildings) {
      EXPECT_EQ(p.buildings, *want.buildings) << "buildings in " << id;
    }
  }
  for (const auto& [player, where] : s.then.leaders) {
    EXPECT_EQ(next.player(player).leader, where) << "the leader of " << next.player(player).id;
  }
  for (const auto& [where, by_player] : s.then.statues) {
    std::array<int, kMaxPlayers> expected{};
    for (const auto& [p, n] : by_player) expected[p.value] = n;
    EXPECT_EQ(next.at(where).statues, expected) << "statues in " << rules().province(where).id;
  }
  if (s.then.tray) {
    EXPECT_EQ(next.tower.tray, *s.then.tray) << "the tray";
  }
  if (s.then.winners) {
    EXPECT_EQ(next.winners, *s.then.winners) << "the winners";
  }
}

/// The log as the scenario's patterns see it: every step, the winter's rows and a summary.
std::vector<YAML::Node> log_candidates(const YAML::Node& log) {
  std::vector<YAML::Node> candidates;
  for (const auto& step : log["steps"]) candidates.push_back(step);
  if (log["winter"]) {
    for (const char* part : {"supply", "revolts", "scores", "majorities"}) {
      for (const auto& row : log["winter"][part]) candidates.push_back(row);
    }
    YAML::Node top;
    top["grain_loss"] = log["winter"]["grain_loss"];
    candidates.push_back(top);
  }
  for (const auto& pick : log["draft"]) candidates.push_back(pick);  // rules 2.2
  for (const auto& turn : log["landsknechte"]) candidates.push_back(turn);
  for (const auto& step : log["leaders"]) candidates.push_back(step);
  if (const YAML::Node court = log["court"]) {  // rules 13.1
    for (const char* part : {"conversions", "favours"}) {
      for (const auto& row : court[part]) candidates.push_back(row);
    }
  }
  YAML::Node summary;
  for (const char* key : {"turn_order", "bid_ranking", "tiles"}) {
    if (log[key]) summary[key] = log[key];  // the 1st edition's logs have no bids and tiles
  }
  candidates.push_back(summary);
  return candidates;
}

void expect_log(const ScenarioFile& s, const std::string& log_text) {
  const auto candidates = log_candidates(YAML::Load(log_text));
  auto found = [&](const YAML::Node& pattern) {
    return std::any_of(candidates.begin(), candidates.end(),
                       [&](const YAML::Node& c) { return matches(pattern, c); });
  };
  for (const auto& want : s.then.log)
    EXPECT_TRUE(found(want)) << "no log entry matches " << YAML::Dump(want) << "\nthe log:\n"
                             << log_text;
  for (const auto& absent : s.then.not_in_log)
    EXPECT_FALSE(found(absent)) << "unexpected log entry " << YAML::Dump(absent);
}

class Scenario : public ::testing::TestWithParam<std::string> {};

TEST_P(Scenario, PlaysAsTheRulesSay) {
  const fs::path path = testing::source_path("tests/scenarios") / GetParam();
  ScenarioFile s;
  try {
    s = testing::read_scenario(read_source(path, 1 << 20));
  } catch (const InputError& e) {
    FAIL() << format_all(e.diagnostics());
  }
  SCOPED_TRACE(s.rule);
  const Ruleset& r = testing::shipped_rules(s.rules_version, s.edition, s.expansions);
  ASSERT_EQ(invariant_violations(s.state, r), std::vector<std::string>{});
  const std::vector<Orders> orders = checked_orders(s, r);
  const auto seed = choose_seed(s, orders, r);
  ASSERT_TRUE(seed) << "no seed draws the event with the given bid ranking or drawn order";
  GameState state = s.state;
  state.rng = Rng(*seed).state();

  testing::ScriptedTower scripted(s.tower.value_or(std::vector<CubeCounts>{}));
  const SeasonResult result = resolve(s, state, orders, r, scripted);
  EXPECT_EQ(invariant_violations(result.next, r), std::vector<std::string>{});
  if (s.tower) {
    EXPECT_EQ(scripted.used(), s.tower->size()) << "every scripted throw is used";
  }
  expect_state(s, result.next);
  expect_log(s, write_log(result.log, state, r, LogHeader{}));
}

INSTANTIATE_TEST_SUITE_P(Rulebook, Scenario, ::testing::ValuesIn(scenario_files()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param.substr(0, param.param.size() - 5);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace wallenstein
