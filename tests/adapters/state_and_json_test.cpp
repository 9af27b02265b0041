#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "pbem/files/diagnostic.hpp"
#include "support/base_spaces.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/game_config.hpp"
#include "wallenstein/files/json_view.hpp"
#include "wallenstein/files/ruleset_file_parts.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/files/state_yaml.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

class StateFiles : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { rules_ = new Ruleset(load_ruleset(testing::source_data_dir())); }
  static void TearDownTestSuite() { delete rules_; }
  static Ruleset* rules_;

  static GameConfig config(int players) {
    GameConfig c;
    c.name = "test";
    const std::vector<std::string> ids = {"red", "blue", "yellow", "green", "black"};
    for (int i = 0; i < players; ++i)
      c.players.push_back({ids[static_cast<std::size_t>(i)],
                           "Player " + ids[static_cast<std::size_t>(i)],
                           ids[static_cast<std::size_t>(i)] + "@example.org"});
    c.seed = 987654321;
    return c;
  }

  static GameState fresh(int players) {
    NewGame spec{"test", {}, 987654321};
    for (const auto& p : config(players).players) spec.player_ids.push_back(p.id);
    return new_game(spec, *rules_);
  }

  /// Plays `seasons` seasons with random orders.
  static std::vector<SeasonResult> play(GameState state, int seasons) {
    std::vector<SeasonResult> out;
    Rng rng(11);
    for (int s = 0; s < seasons; ++s) {
      std::vector<Orders> orders;
      for (std::size_t p = 0; p < state.players.size(); ++p)
        orders.push_back(random_orders(state, *rules_, state.player_index(p), rng));
      out.push_back(resolve_season(state, orders, {}, *rules_));
      state = out.back().next;
    }
    return out;
  }
};
Ruleset* StateFiles::rules_ = nullptr;

TEST_F(StateFiles, StateRoundTripsByteForByte) {
  for (int players : {3, 4, 5}) {
    for (const auto& result : play(fresh(players), 4)) {
      const std::string text = write_state(result.next, *rules_);
      const GameState back = read_state(SourceFile{"state.yaml", text}, *rules_);
      EXPECT_EQ(back, result.next);
      EXPECT_EQ(write_state(back, *rules_), text);
    }
  }
}

TEST_F(StateFiles, StateThatLosesACubeIsRejected) {
  std::string text = write_state(fresh(3), *rules_);
  const std::string from = "{id: red, thaler: 18, grain: 0, vp: 0, reserve: ";
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos);
  text[at + from.size()] = text[at + from.size()] == '1' ? '2' : '1';
  try {
    read_state(SourceFile{"state.yaml", text}, *rules_);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(e.diagnostics().front().message.find("inconsistent state: red: "), std::string::npos)
        << e.diagnostics().front().message;
  }
}

TEST_F(StateFiles, NewGamesStartWithTheRulesNumbers_D22) {
  for (int players : {3, 4, 5}) {
    const GameState s = fresh(players);
    const int thaler = players == 3 ? 18 : players == 4 ? 15 : 12;
    for (const auto& p : s.players) EXPECT_EQ(p.thaler, thaler);
    EXPECT_EQ(s.year_events.size(), 4u);
    EXPECT_EQ(s.event_deck.size(), 8u);
    EXPECT_EQ(s.tower.tray, CubeCounts{});
    EXPECT_GT(s.tower.inside.total(), 0);
    EXPECT_TRUE(invariant_violations(s, *rules_).empty());
    for (std::size_t i = 0; i < s.players.size(); ++i) {
      EXPECT_EQ(s.province_count(s.player_index(i)), players == 3 ? 9 : players == 4 ? 8 : 7);
    }
  }
}

/// Every string and number anywhere in a JSON document, for leak checks.
void collect(const nlohmann::ordered_json& j, std::set<std::string>& out) {
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) {
      out.insert(k);
      collect(v, out);
    }
  } else if (j.is_array()) {
    for (const auto& v : j) collect(v, out);
  } else if (j.is_string()) {
    out.insert(j.get<std::string>());
  } else if (j.is_number()) {
    out.insert(j.dump());
  }
}

TEST_F(StateFiles, PublicJsonOfAPlannedSeasonShowsNothingHidden) {
  for (int players : {3, 4, 5}) {
    GameState state = fresh(players);
    for (int season = 0; season < 3; ++season) {
      const auto json = public_json(config(players), state, *rules_, nullptr);
      const std::string text = json.dump();
      // Slots 6-10 are face down: only the five visible cards are listed.
      ASSERT_EQ(json["action_cards"].size(), 5u);
      for (int slot = 0; slot < 5; ++slot) {
        EXPECT_EQ(json["action_cards"][static_cast<std::size_t>(slot)]["action"],
                  space::key(state.action_cards[static_cast<std::size_t>(slot)]));
      }
      std::set<std::string> values;
      collect(json, values);
      // The deck's order and content are hidden.
      for (EventId e : state.event_deck)
        EXPECT_EQ(values.count(rules_->event(e).id), 0u) << rules_->event(e).id;
      // The tower's inside, the random state and the seed never appear.
      EXPECT_EQ(text.find("inside"), std::string::npos);
      EXPECT_EQ(values.count("987654321"), 0u);
      for (std::uint64_t word : state.rng)
        EXPECT_EQ(text.find(std::to_string(word)), std::string::npos);
      EXPECT_TRUE(json["events"]["current"].is_null());
      for (const auto& p : json["players"]) EXPECT_TRUE(p["bid"].is_null());
      EXPECT_EQ(json.count("resolution"), 0u);
      state = play(state, 1).back().next;
    }
  }
}

TEST_F(StateFiles, PublicJsonOfAResolvedSeasonAddsWhatWasRevealed) {
  const GameState state = fresh(4);
  const auto result = play(state, 1).back();
  const auto json = public_json(config(4), state, *rules_, &result.log);
  ASSERT_EQ(json["resolution"]["action_cards"].size(), 10u);
  EXPECT_EQ(json["resolution"]["turn_order"].size(), 4u);
  EXPECT_EQ(json["events"]["current"], rules_->event(result.log.event).id);
  EXPECT_EQ(json["resolution"]["nmr"].size(), 0u);
  for (const auto& p : json["players"]) EXPECT_FALSE(p["bid"].is_null());
  EXPECT_EQ(json.dump().find("inside"), std::string::npos);
}

TEST_F(StateFiles, PlannedSeasonShowsTheLastResolvedTurnOrder_D24) {
  const GameState state = fresh(3);
  EXPECT_EQ(public_json(config(3), state, *rules_, nullptr)["turn_order"],
            nlohmann::ordered_json({"red", "blue", "yellow"}));
  const auto result = play(state, 1).back();
  nlohmann::ordered_json order = nlohmann::ordered_json::array();
  for (PlayerIndex p : result.log.turn_order) order.push_back(state.player(p).id);
  EXPECT_EQ(public_json(config(3), result.next, *rules_, nullptr)["turn_order"], order);
}

TEST_F(StateFiles, PublicJsonHasTheInterfaceKeys) {
  const auto json = public_json(config(3), fresh(3), *rules_, nullptr);
  for (const char* key :
       {"game", "season", "season_index", "finished", "edition", "expansions", "events",
        "action_cards", "bonus_tiles", "turn_order", "players", "provinces", "tower", "winner"}) {
    EXPECT_TRUE(json.contains(key)) << key;
  }
  EXPECT_EQ(json["season"], "1618-spring");
  EXPECT_EQ(json["provinces"].size(), 45u);
  EXPECT_EQ(json["bonus_tiles"].size(), 5u);
  const auto& first = json["provinces"][0];
  for (const char* key : {"id", "name", "region", "owner", "armies", "buildings", "revolts"})
    EXPECT_TRUE(first.contains(key)) << key;
  const auto& player = json["players"][0];
  for (const char* key : {"id", "name", "thaler", "grain", "vp", "reserve", "provinces", "bid"})
    EXPECT_TRUE(player.contains(key)) << key;
}

TEST_F(StateFiles, PublicJsonOfALandsknechteGameShowsTheCardsTurnedAndEachTurn) {
  const Ruleset rules =
      load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"landsknechte"});
  GameConfig cfg = config(3);
  cfg.expansions = {"landsknechte"};
  NewGame spec{"test", {"red", "blue", "yellow"}, 987654321};
  const GameState state = new_game(spec, rules);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, rules));
  orders[0].landsknecht_wishes = {LandsknechtBonus::tray};
  const SeasonResult result = resolve_season(state, orders, {}, rules);
  const auto json = public_json(cfg, result.next, rules, &result.log);
  EXPECT_EQ(json["expansions"], nlohmann::ordered_json({"landsknechte"}));
  const auto& turns = json["resolution"]["landsknechte"];
  ASSERT_EQ(turns.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    const LandsknechtTurn& t = result.log.landsknechte[i];
    EXPECT_EQ(turns[i]["player"], state.player(t.player).id);
    EXPECT_EQ(turns[i]["regions"], t.regions);
    EXPECT_EQ(turns[i]["card"].is_null(), !t.card);
    if (t.card) {
      EXPECT_EQ(turns[i]["bonus"], std::string(landsknecht_bonus_key(t.bonus)));
      EXPECT_EQ(turns[i]["amount"], t.amount);
    }
  }
  const auto red = std::find_if(turns.begin(), turns.end(), [](const nlohmann::ordered_json& t) {
    return t["player"] == "red";
  });
  ASSERT_NE(red, turns.end());
  ASSERT_FALSE((*red)["card"].is_null()) << "red holds provinces in enough regions at the start";
  EXPECT_EQ((*red)["bonus"], "tray");
  for (std::size_t p = 0; p < 3; ++p)
    EXPECT_EQ(json["players"][p]["landsknechte"], result.next.players[p].landsknechte);
}

TEST_F(StateFiles, PublicJsonOfALeadersGameShowsLeadersStatuesAndEachStep) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  GameConfig cfg = config(3);
  cfg.expansions = {"leaders"};
  const GameState state = new_game(NewGame{"test", {"red", "blue", "yellow"}, 987654321}, rules);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, rules));
  orders[0].leader =
      LeaderOrder{rules.find_province("gft_mark"), rules.find_province("koeln"), true};
  const SeasonResult result = resolve_season(state, orders, {}, rules);
  const auto json = public_json(cfg, result.next, rules, &result.log);
  EXPECT_EQ(json["players"][0]["leader"].dump(),
            R"({"province":"koeln","statues_left":5,"trophies":0})");
  const auto gft_mark =
      std::find_if(json["provinces"].begin(), json["provinces"].end(),
                   [](const nlohmann::ordered_json& p) { return p["id"] == "gft_mark"; });
  ASSERT_NE(gft_mark, json["provinces"].end());
  EXPECT_EQ((*gft_mark)["statues"].dump(), R"({"red":1})");
  const auto& steps = json["resolution"]["leaders"];
  ASSERT_EQ(steps.size(), 6u) << "three placed, three moved: " << steps.dump();
  EXPECT_EQ(steps[0]["kind"], "placed");
  const auto red_move = std::find_if(
      steps.begin(), steps.end(),
      [](const nlohmann::ordered_json& s) { return s["player"] == "red" && s["kind"] == "moved"; });
  ASSERT_NE(red_move, steps.end());
  EXPECT_EQ(red_move->dump(),
            R"({"player":"red","kind":"moved","province":"koeln","from":"gft_mark",)"
            R"("statue":true,"trophies":[],"as_ordered":true})");
}

TEST_F(StateFiles, PublicJsonOfABaseGameHasNoLandsknechteAndNoLeaders) {
  const GameState state = fresh(3);
  const auto result = play(state, 1).back();
  const auto json = public_json(config(3), result.next, *rules_, &result.log);
  EXPECT_FALSE(json["resolution"].contains("landsknechte"));
  for (const auto& p : json["players"]) {
    EXPECT_FALSE(p.contains("landsknechte"));
    EXPECT_FALSE(p.contains("leader"));
  }
  EXPECT_FALSE(json["resolution"].contains("leaders"));
  for (const auto& p : json["provinces"]) EXPECT_FALSE(p.contains("statues"));
}

TEST_F(StateFiles, TheCourtIsShownWithItsDisplayAndOfficersButNeverTheDeck_Rules13) {
  Ruleset court = *rules_;
  loading::load_court(testing::source_data_dir() / "modules/court", court);
  const auto actions = std::find(court.season_phases.begin(), court.season_phases.end(), "actions");
  court.season_phases.insert(actions,
                             {std::string(kCourtConversionPhase), std::string(kCourtFavorsPhase)});
  NewGame spec{"test", {}, 987654321};
  for (const auto& p : config(3).players) spec.player_ids.push_back(p.id);
  const GameState state = new_game(spec, court);
  const auto json = public_json(config(3), state, court, nullptr);
  ASSERT_TRUE(json.contains("court"));
  EXPECT_EQ(json["court"]["display"].size(), 3u);
  EXPECT_EQ(json["court"]["display"][0]["cost"], 4);
  EXPECT_EQ(json["court"]["display"][0]["card"], state.court.display[0]);
  EXPECT_EQ(json["court"]["deck"], 18) << "how many, never which";
  EXPECT_EQ(json["court"]["officers"]["red"]["hall"].get<int>() +
                json["court"]["officers"]["red"]["beside"].get<int>(),
            7);
  EXPECT_FALSE(public_json(config(3), fresh(3), *rules_, nullptr).contains("court"));
}

}  // namespace
}  // namespace wallenstein
