#include "scenario/scenario_file.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "pbem/files/yaml_file.hpp"
#include "scenario/scenario_names.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/draft.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein::testing {
namespace {

constexpr std::array<std::string_view, 8> kTop = {"rule",  "rules_version", "edition", "expansions",
                                                  "given", "orders",        "tower",   "then"};
constexpr std::array<std::string_view, 20> kGiven = {
    "players", "season", "event",        "winter_event", "action_cards", "tiles",    "thaler",
    "grain",   "vp",     "landsknechte", "leaders",      "statues",      "trophies", "provinces",
    "tower",   "seed",   "bid_ranking",  "drawn_order",  "court",        "draft"};
/// Rules 2.2: the draft's table; the pile's cards not listed follow in id order.
constexpr std::array<std::string_view, 2> kDraft = {"face_up", "pile"};
/// Keys of `given` that belong to a season after the draft.
constexpr std::array<const char*, 13> kNotInTheDraft = {
    "season",  "event",   "winter_event", "action_cards", "tiles",       "provinces",  "tower",
    "leaders", "statues", "trophies",     "court",        "bid_ranking", "drawn_order"};
constexpr std::array<std::string_view, 3> kCourt = {"display", "hall", "kept"};
constexpr std::array<std::string_view, 4> kProvince = {"owner", "armies", "revolts", "buildings"};
constexpr std::array<std::string_view, 2> kTowerState = {"inside", "tray"};
constexpr std::array<std::string_view, 11> kOrders = {
    "actions",      "bid",    "turn_order",  "winter_revolt_order",
    "landsknechte", "leader", "defend_with", "court",
    "favors",       "draft",  "refresh"};
constexpr std::array<std::string_view, 17> kThen = {
    "thaler",       "grain",         "vp",
    "reserve",      "landsknechte",  "trophies",
    "statues_left", "officers_hall", "officers_beside",
    "leaders",      "statues",       "provinces",
    "tray",         "winners",       "order_errors",
    "log",          "not_in_log"};
constexpr std::array<std::string_view, 9> kCounters = {
    "thaler",        "grain",          "vp", "reserve", "landsknechte", "trophies", "statues_left",
    "officers_hall", "officers_beside"};

const std::vector<std::string> kBuildings = {"palace", "church", "trading_house"};

/// Reads a scenario into typed values, collecting every problem with its position.
class ScenarioReader {
 public:
  ScenarioReader(const YamlFile& file, const Ruleset& rules)
      : r_(file), names_(r_, rules), rules_(rules) {}

  Scenario read() {
    const YAML::Node& root = r_.file().root();
    Scenario s;
    if (!r_.expect_map(root, "a scenario")) r_.throw_if_errors();
    r_.check_keys(root, kTop, "the scenario");
    if (auto rule = r_.require(root, "rule", "the section of the rules and what it shows")) {
      s.rule = r_.text(*rule, "rule").value_or("");
    }
    s.rules_version = rules_version(r_);
    s.edition = edition(r_);
    s.expansions = expansions(r_);
    if (auto given = r_.require(root, "given", "the situation")) read_given(*given, s);
    s.orders.resize(s.state.players.size());
    if (const YAML::Node orders = root["orders"]) read_orders(orders, s);
    if (const YAML::Node tower = root["tower"]) read_tower(tower, s);
    if (auto then = r_.require(root, "then", "what must follow")) read_then(*then, s);
    r_.throw_if_errors();
    return s;
  }

 private:
  void read_given(const YAML::Node& given, Scenario& s) {
    if (!r_.expect_map(given, "given")) return;
    r_.check_keys(given, kGiven, "given");
    GameState& state = s.state;
    state.game = "scenario";
    if (auto players = r_.require(given, "players", "the players in seat order"))
      read_players(*players, state);
    state.provinces.assign(rules_.provinces.size(), ProvinceState{});
    state.supply =
        Supply{rules_.pieces.peasants, rules_.pieces.revolt_markers, rules_.pieces.buildings};
    if (const YAML::Node v = given["seed"])
      s.first_seed = static_cast<std::uint64_t>(names_.number(v, "seed", 1, 1 << 30).value_or(1));
    if (const YAML::Node v = given["draft"]) {
      read_draft(given, v, state);
      return;
    }
    if (const YAML::Node v = given["season"]) read_season(v, state);
    if (const YAML::Node v = given["provinces"]) read_provinces(v, state);
    for (const char* key : {"thaler", "grain", "vp", "landsknechte"}) {
      for (const auto& [p, n] : player_numbers(given[key], key)) counter(state.player(p), key) = n;
    }
    expect_landsknechte_played(given["landsknechte"]);
    read_leaders(given, state);
    read_court(given["court"], state);
    if (const YAML::Node v = given["tower"]) read_tower_state(v, state);
    fill_reserves(given, state);
    read_events(given, state);
    read_action_cards(given["action_cards"], state);
    read_tiles(given["tiles"], state);
    if (const YAML::Node v = given["bid_ranking"]) {
      s.bid_ranking = names_.player_list(v, "bid_ranking");
      if (!rules_.has_bids()) {
        r_.error(v, "the 1st edition has no bids: give the turn order it draws as drawn_order");
      } else if (s.bid_ranking && s.bid_ranking->size() != state.players.size()) {
        r_.error(v, "bid_ranking must list every player once");
      }
    }
    if (const YAML::Node v = given["drawn_order"]) {
      s.drawn_order = names_.player_list(v, "drawn_order");
      if (rules_.has_bids()) {
        r_.error(v,
                 "drawn_order is the 1st edition's turn order; add edition: 1, or give the "
                 "bids' ties as bid_ranking");
      } else if (s.drawn_order && s.drawn_order->size() != state.players.size()) {
        r_.error(v, "drawn_order must list every player once");
      }
    }
  }

  /// Rules 2.2: the draft before the first season (season 0): the face-up cards and the top of
  /// the pile, the other provinces in play following in id order; every player's reserve full, no
  /// province held, and no event, action card, tile or court yet.
  void read_draft(const YAML::Node& given, const YAML::Node& node, GameState& state) {
    for (const char* key : kNotInTheDraft) {
      if (given[key])
        r_.error(given[key],
                 std::string(key) + " belongs to a season after the draft; leave it out");
    }
    for (const char* key : {"thaler", "grain", "vp", "landsknechte"}) {
      for (const auto& [p, n] : player_numbers(given[key], key)) counter(state.player(p), key) = n;
    }
    for (PlayerState& p : state.players) {
      p.reserve = rules_.pieces.cubes_per_player;
      if (rules_.plays(kLeadersPlacePhase)) p.statues = rules_.leaders.statues;
    }
    for (std::size_t i = 0; i < state.players.size(); ++i)
      state.turn_order.push_back(state.player_index(i));
    state.season_index = 0;
    DraftTable table;
    std::vector<ProvinceId> dealt;
    if (r_.expect_map(node, "given.draft")) {
      r_.check_keys(node, kDraft, "given.draft");
      dealt = draft_cards(node["face_up"], "face_up");
      if (dealt.size() != 2) r_.error(node, "draft.face_up lists the two cards turned face up");
      for (std::size_t i = 0; i < dealt.size() && i < 2; ++i) table.face_up[i] = dealt[i];
      table.pile = draft_cards(node["pile"], "pile", dealt);
    }
    for (ProvinceId p : rules_.provinces_in_play(state.player_count())) {
      if (std::find(dealt.begin(), dealt.end(), p) == dealt.end() &&
          std::find(table.pile.begin(), table.pile.end(), p) == table.pile.end())
        table.pile.push_back(p);
    }
    state.draft = std::move(table);
  }

  /// Provinces in play of the draft's table, each dealt once (`dealt` holds those dealt before).
  std::vector<ProvinceId> draft_cards(const YAML::Node& node, std::string_view what,
                                      const std::vector<ProvinceId>& dealt = {}) {
    std::vector<ProvinceId> out;
    if (!node || !r_.expect_sequence(node, what)) return out;
    for (const auto& item : node) {
      const auto p = names_.province(item);
      if (!p) continue;
      if (!rules_.in_play(*p, static_cast<int>(names_.players().size()))) {
        r_.error(item, rules_.province(*p).id + " is out of play with this many players");
      } else if (std::find(out.begin(), out.end(), *p) != out.end() ||
                 std::find(dealt.begin(), dealt.end(), *p) != dealt.end()) {
        r_.error(item, rules_.province(*p).id + " is dealt twice");
      } else {
        out.push_back(*p);
      }
    }
    return out;
  }

  /// Rules 13.1: the favour cards shown (costliest space first; the deck holds the others in
  /// number order), each player's officers in the reception hall (the rest beside the board) and
  /// who keeps card #4.
  void read_court(const YAML::Node& node, GameState& state) {
    if (node && !rules_.plays(kCourtConversionPhase))
      r_.error(node, "court is the Imperial Court's; add expansions: [court]");
    if (!rules_.plays(kCourtConversionPhase)) return;
    CourtState& court = state.court;
    const std::size_t players = state.players.size();
    court.officers_beside.assign(players, rules_.court.officers);
    court.officers_hall.assign(players, 0);
    court.marker_shield.assign(players, false);
    court.display.assign(rules_.court.display.size(), 0);
    if (node && r_.expect_map(node, "given.court")) {
      r_.check_keys(node, kCourt, "given.court");
      read_display(node["display"], court);
      for (const auto& [p, n] : player_numbers(node["hall"], "hall")) {
        if (n > rules_.court.officers)
          r_.error(node["hall"], "a player has " + std::to_string(rules_.court.officers) +
                                     " court officers, not " + std::to_string(n));
        court.officers_hall[p.value] = std::min(n, rules_.court.officers);
        court.officers_beside[p.value] = rules_.court.officers - court.officers_hall[p.value];
      }
      if (const YAML::Node kept = node["kept"]) {
        for (PlayerIndex p : names_.player_list(kept, "kept").value_or(std::vector<PlayerIndex>{}))
          court.marker_shield[p.value] = true;
      }
    }
    for (int card = 1; card <= static_cast<int>(rules_.court.cards.size()); ++card) {
      if (std::find(court.display.begin(), court.display.end(), card) == court.display.end())
        court.deck.push_back(card);
    }
  }

  void read_display(const YAML::Node& node, CourtState& court) {
    if (!node || !r_.expect_sequence(node, "given.court.display")) return;
    if (node.size() > court.display.size()) {
      r_.error(node, "the audience hall has " + std::to_string(court.display.size()) +
                         " card spaces, not " + std::to_string(node.size()));
      return;
    }
    const int cards = static_cast<int>(rules_.court.cards.size());
    for (std::size_t i = 0; i < node.size(); ++i) {
      const int card = names_.number(node[i], "a favour card", 1, cards).value_or(0);
      if (card != 0 &&
          std::find(court.display.begin(), court.display.end(), card) != court.display.end()) {
        r_.error(node[i], "favour card " + std::to_string(card) + " is shown twice");
      }
      court.display[i] = card;
    }
  }

  /// Rules 13.3: each leader's province (the others stand beside the board), the statues
  /// standing on the board, and the trophies taken (`{red: {blue: 1}}`: red holds one of blue's).
  /// The statues left beside the board are what these leave of each player's.
  void read_leaders(const YAML::Node& given, GameState& state) {
    for (const char* key : {"leaders", "statues", "trophies"}) expect_leaders_played(given[key]);
    if (!rules_.plays(kLeadersPlacePhase)) return;
    for (PlayerState& p : state.players) p.statues = rules_.leaders.statues;
    if (const YAML::Node v = given["leaders"]; v && r_.expect_map(v, "given.leaders")) {
      for (const auto& e : v) {
        const auto p = names_.player(e.first);
        const auto where = names_.province(e.second);
        if (p && where) state.player(*p).leader = where;
      }
    }
    for (const auto& [where, by_player] : statues(given["statues"], "given.statues")) {
      for (const auto& [p, n] : by_player) {
        state.at(where).statues[p.value] = n;
        state.player(p).statues -= n;
      }
    }
    if (const YAML::Node v = given["trophies"]; v && r_.expect_map(v, "given.trophies")) {
      for (const auto& e : v) {
        const auto holder = names_.player(e.first);
        for (const auto& [owner, n] : player_numbers(e.second, "trophies")) {
          if (!holder) continue;
          state.player(*holder).trophies += n;
          state.player(owner).statues -= n;
        }
      }
    }
    for (const PlayerState& p : state.players) {
      if (p.statues < 0) r_.error(given, p.id + " has more statues placed and taken than exist");
    }
  }

  /// `{province: {player: n}}`: the statues standing in provinces.
  std::vector<std::pair<ProvinceId, std::vector<std::pair<PlayerIndex, int>>>> statues(
      const YAML::Node& node, std::string_view what) {
    std::vector<std::pair<ProvinceId, std::vector<std::pair<PlayerIndex, int>>>> out;
    if (!node || !r_.expect_map(node, what)) return out;
    for (const auto& e : node) {
      const auto where = names_.province(e.first);
      auto by_player = player_numbers(e.second, "statues");
      if (where) out.emplace_back(*where, std::move(by_player));
    }
    return out;
  }

  void read_players(const YAML::Node& node, GameState& state) {
    if (!r_.expect_sequence(node, "players")) return;
    std::vector<std::string> ids;
    for (const auto& p : node) {
      const auto id = r_.text(p, "player");
      if (!id) continue;
      if (std::find(ids.begin(), ids.end(), *id) != ids.end())
        r_.error(p, "player \"" + *id + "\" is listed twice");
      ids.push_back(*id);
    }
    if (!rules_.starting_thaler.count(static_cast<int>(ids.size()))) {
      r_.error(node, "the game is for 3 to 5 players, not " + std::to_string(ids.size()));
      return;
    }
    names_.set_players(ids);
    for (const auto& id : ids)
      state.players.push_back(
          PlayerState{id, rules_.starting_thaler.at(static_cast<int>(ids.size())), 0, 0, 0});
  }

  void read_season(const YAML::Node& node, GameState& state) {
    std::vector<std::string> seasons;
    for (int i = 1; i <= rules_.season_count(); ++i)
      seasons.push_back(season_label(rules_, i).name());
    if (const auto i = names_.pick(node, "season", seasons))
      state.season_index = static_cast<int>(*i) + 1;
  }

  void read_provinces(const YAML::Node& node, GameState& state) {
    if (!r_.expect_map(node, "given.provinces")) return;
    for (const auto& e : node) {
      const auto id = names_.province(e.first);
      const YAML::Node& v = e.second;
      if (!id || !r_.expect_map(v, "a province")) continue;
      r_.check_keys(v, kProvince, "a province");
      ProvinceState& p = state.at(*id);
      if (auto owner =
              r_.require(v, "owner", "the player who holds it; leave neutral provinces out"))
        p.owner = names_.player(*owner);
      if (auto armies = r_.require(v, "armies", "the armies in it"))
        p.armies = names_.number(*armies, "armies", 0, 62).value_or(0);
      if (const YAML::Node revolts = v["revolts"])
        p.revolt_markers = names_.number(revolts, "revolts", 0, 42).value_or(0);
      state.supply.revolt_markers -= p.revolt_markers;
      if (const YAML::Node b = v["buildings"]) p.buildings = buildings(b).value_or(p.buildings);
      for (std::size_t b = 0; b < kBuildingTypes; ++b)
        state.supply.buildings[b] -= p.buildings[b] ? 1 : 0;
      if (p.building_count() > rules_.province(*id).sites)
        r_.error(v, "more buildings than building sites");
    }
  }

  std::optional<std::array<bool, kBuildingTypes>> buildings(const YAML::Node& node) {
    if (!r_.expect_sequence(node, "buildings")) return std::nullopt;
    std::array<bool, kBuildingTypes> out{};
    for (const auto& b : node) {
      const auto type = names_.pick(b, "building", kBuildings);
      if (!type) return std::nullopt;
      if (out[*type]) r_.error(b, "building \"" + kBuildings[*type] + "\" is listed twice");
      out[*type] = true;
    }
    return out;
  }

  void read_tower_state(const YAML::Node& node, GameState& state) {
    if (!r_.expect_map(node, "given.tower")) return;
    r_.check_keys(node, kTowerState, "given.tower");
    if (const YAML::Node v = node["inside"])
      state.tower.inside = names_.cubes(v, "tower.inside").value_or(CubeCounts{});
    if (const YAML::Node v = node["tray"])
      state.tower.tray = names_.cubes(v, "tower.tray").value_or(CubeCounts{});
  }

  /// Reserves and the peasant supply are what the board and the tower leave (rules 1).
  void fill_reserves(const YAML::Node& given, GameState& state) {
    for (std::size_t i = 0; i < state.players.size(); ++i) {
      const PlayerIndex p = state.player_index(i);
      int on_board = 0;
      for (const auto& province : state.provinces)
        on_board += province.owner == p ? province.armies : 0;
      state.player(p).reserve = rules_.pieces.cubes_per_player - on_board -
                                state.tower.inside.player(p) - state.tower.tray.player(p);
      if (state.player(p).reserve < 0)
        r_.error(given,
                 state.player(p).id + " has more than 62 cubes on the board and in the tower");
      state.turn_order.push_back(p);
    }
    state.supply.peasants -= state.tower.inside.peasants() + state.tower.tray.peasants();
    if (state.supply.peasants < 0) r_.error(given, "more than 20 peasants in the tower");
    if (state.supply.revolt_markers < 0)
      r_.error(given, "more than 42 revolt markers on the board");
  }

  /// Rules 4.4: the event in force is the first card left; in autumn the second is winter's.
  void read_events(const YAML::Node& given, GameState& state) {
    std::vector<std::string> ids;
    for (const auto& e : rules_.events) ids.push_back(e.id);
    const auto event = r_.require(given, "event", "the event in force this season");
    const auto drawn = event ? names_.pick(*event, "event", ids) : std::nullopt;
    if (!drawn) return;
    state.events_left = {EventId::at(*drawn)};
    const bool autumn = season_label(rules_, state.season_index).season == rules_.seasons.back();
    if (const YAML::Node v = given["winter_event"]; v && !autumn) {
      r_.error(v, "winter_event is only for an autumn season");
    } else if (autumn) {
      const auto winter = v ? names_.pick(v, "event", ids) : drawn;
      state.events_left.push_back(EventId::at(winter.value_or(*drawn)));
    }
    state.year_events = state.events_left;
    for (std::size_t i = 0; i < rules_.events.size(); ++i) {
      const EventId e = EventId::at(i);
      if (std::find(state.events_left.begin(), state.events_left.end(), e) ==
          state.events_left.end())
        state.event_deck.push_back(e);
    }
  }

  void read_action_cards(const YAML::Node& node, GameState& state) {
    std::vector<Action> cards;
    std::vector<std::string> keys;
    for (const ActionDef& def : rules_.actions) keys.push_back(def.id);
    if (node && r_.expect_sequence(node, "action_cards")) {
      for (const auto& a : node) {
        const auto i = names_.pick(a, "action", keys);
        if (!i) continue;
        if (std::find(cards.begin(), cards.end(), Action::at(*i)) != cards.end())
          r_.error(a, "action \"" + keys[*i] + "\" is listed twice");
        else
          cards.push_back(Action::at(*i));
      }
    }
    for (Action a : rules_.action_spaces()) {
      if (std::find(cards.begin(), cards.end(), a) == cards.end()) cards.push_back(a);
    }
    state.action_cards = cards;
  }

  void read_tiles(const YAML::Node& node, GameState& state) {
    if (!rules_.has_bids()) {  // Rules 12: the 1st edition has no bonus tiles.
      if (node) r_.error(node, "the 1st edition has no bonus tiles");
      return;
    }
    std::vector<std::string> ids;
    for (const auto& t : rules_.tiles) ids.push_back(t.id);
    const YAML::Node tiles = node ? node : YAML::Load("[defense, armies, attack, thaler, grain]");
    if (!r_.expect_sequence(tiles, "tiles")) return;
    for (const auto& t : tiles) {
      const auto i = names_.pick(t, "bonus tile", ids);
      if (!i) continue;
      const TileId tile = TileId::at(*i);
      if (std::find(state.bonus_tiles.begin(), state.bonus_tiles.end(), tile) !=
          state.bonus_tiles.end())
        r_.error(t, "tile \"" + ids[*i] + "\" is listed twice");
      state.bonus_tiles.push_back(tile);
    }
    if (state.bonus_tiles.size() != rules_.tiles.size())
      r_.error(tiles, "tiles must list all " + std::to_string(rules_.tiles.size()) +
                          " bonus tiles, one per position");
  }

  void read_orders(const YAML::Node& node, Scenario& s) {
    if (!r_.expect_map(node, "orders")) return;
    std::vector<std::string_view> actions;
    for (const ActionDef& def : rules_.actions) actions.emplace_back(def.id);
    for (const auto& e : node) {
      const auto p = names_.player(e.first);
      if (!p || !r_.expect_map(e.second, "a player's orders")) continue;
      r_.check_keys(e.second, kOrders, "a player's orders");
      // Rules 2.2: the draft's orders are its list; a season's orders have none.
      for (const auto& section : e.second) {
        const std::string key = section.first.Scalar();
        if (s.state.draft.has_value() != (key == "draft" || key == "refresh"))
          r_.error(section.first, key + (s.state.draft ? " belongs to a season after the draft"
                                                       : " belongs to the draft (given.draft)"));
      }
      if (const YAML::Node a = e.second["actions"]; a && r_.expect_map(a, "actions"))
        r_.check_keys(a, actions, "actions");
      s.orders[p->value] = e.second;
    }
  }

  void read_tower(const YAML::Node& node, Scenario& s) {
    if (!r_.expect_sequence(node, "tower")) return;
    s.tower.emplace();
    for (const auto& throw_out : node)
      s.tower->push_back(names_.cubes(throw_out, "a throw's outcome").value_or(CubeCounts{}));
  }

  void read_then(const YAML::Node& then, Scenario& s) {
    if (!r_.expect_map(then, "then")) return;
    r_.check_keys(then, kThen, "then");
    Expectations& x = s.then;
    for (std::string_view key : kCounters) {
      for (const auto& [p, n] : player_numbers(then[std::string(key)], key))
        x.counters.push_back({std::string(key), p, n});
    }
    expect_landsknechte_played(then["landsknechte"]);
    for (const char* key : {"officers_hall", "officers_beside"}) {
      if (then[key] && !rules_.plays(kCourtConversionPhase))
        r_.error(then[key], std::string(key) + " counts court officers; add expansions: [court]");
    }
    for (const char* key : {"leaders", "statues", "trophies", "statues_left"})
      expect_leaders_played(then[key]);
    if (const YAML::Node v = then["leaders"]; v && r_.expect_map(v, "then.leaders")) {
      for (const auto& e : v) {
        const auto p = names_.player(e.first);
        const auto where =
            e.second.IsNull() ? std::optional<ProvinceId>() : names_.province(e.second);
        if (p && (where || e.second.IsNull())) x.leaders.emplace_back(*p, where);
      }
    }
    x.statues = statues(then["statues"], "then.statues");
    if (const YAML::Node v = then["provinces"]; v && r_.expect_map(v, "then.provinces")) {
      for (const auto& e : v) read_expected_province(e.first, e.second, x);
    }
    if (const YAML::Node v = then["tray"]) x.tray = names_.cubes(v, "then.tray");
    if (const YAML::Node v = then["winners"]) x.winners = names_.player_list(v, "winners");
    if (const YAML::Node v = then["order_errors"]) read_order_errors(v, s);
    for (const char* key : {"log", "not_in_log"}) {
      const YAML::Node list = then[key];
      if (!list || !r_.expect_sequence(list, key)) continue;
      for (const auto& pattern : list) {
        check_log_pattern(names_, pattern);
        (std::string(key) == "log" ? x.log : x.not_in_log).push_back(pattern);
      }
    }
  }

  void read_expected_province(const YAML::Node& key, const YAML::Node& v, Expectations& x) {
    const auto id = names_.province(key);
    if (!id || !r_.expect_map(v, "an expected province")) return;
    r_.check_keys(v, kProvince, "an expected province");
    ProvinceExpectation e;
    e.province = *id;
    if (const YAML::Node owner = v["owner"]) {
      e.owner = owner.IsNull() ? std::optional<PlayerIndex>() : names_.player(owner);
    }
    if (const YAML::Node n = v["armies"]) e.armies = names_.number(n, "armies");
    if (const YAML::Node n = v["revolts"]) e.revolts = names_.number(n, "revolts");
    if (const YAML::Node b = v["buildings"]) e.buildings = buildings(b);
    x.provinces.push_back(e);
  }

  void read_order_errors(const YAML::Node& node, Scenario& s) {
    if (!r_.expect_map(node, "order_errors")) return;
    for (const auto& e : node) {
      const auto p = names_.player(e.first);
      if (!p) continue;
      if (!s.orders[p->value])
        r_.error(e.first, s.state.player(*p).id + " has no orders to refuse");
      OrderErrors errors{*p, {}};
      if (r_.expect_sequence(e.second, "order_errors")) {
        for (const auto& m : e.second)
          errors.messages.push_back(r_.text(m, "an error message").value_or(""));
      }
      s.then.order_errors.push_back(errors);
    }
  }

  std::vector<std::pair<PlayerIndex, int>> player_numbers(const YAML::Node& node,
                                                          std::string_view what) {
    std::vector<std::pair<PlayerIndex, int>> out;
    if (!node || !r_.expect_map(node, what)) return out;
    for (const auto& e : node) {
      const auto p = names_.player(e.first);
      const auto n = names_.number(e.second, what, 0, 99999);
      if (p && n) out.emplace_back(*p, *n);
    }
    return out;
  }

  /// The cards turned are a number of the Landsknechte expansion only.
  void expect_landsknechte_played(const YAML::Node& node) {
    if (node && !rules_.plays(kLandsknechtePhase))
      r_.error(node,
               "landsknechte counts the cards turned in a game with the Landsknechte; add "
               "expansions: [landsknechte]");
  }

  /// Leaders, statues and trophies are pieces of the military leaders only.
  void expect_leaders_played(const YAML::Node& node) {
    if (node && !rules_.plays(kLeadersPlacePhase))
      r_.error(node,
               "leaders, statues and trophies are pieces of the military leaders; add "
               "expansions: [leaders]");
  }

  static int& counter(PlayerState& p, std::string_view key) {
    if (key == "landsknechte") return p.landsknechte;
    if (key == "trophies") return p.trophies;
    if (key == "statues_left") return p.statues;
    return key == "thaler" ? p.thaler : key == "grain" ? p.grain : key == "vp" ? p.vp : p.reserve;
  }

 public:
  /// `rules_version`, the current one when left out.
  static int rules_version(YamlReader& r) {
    const YAML::Node v = r.file().root()["rules_version"];
    if (!v) return kCurrentRulesVersion;
    return static_cast<int>(
        r.integer(v, "rules_version", kFirstRulesVersion, kCurrentRulesVersion).value_or(0));
  }
  /// `edition`, 2 when left out (rules 12: 1 plays the 1st edition).
  static int edition(YamlReader& r) {
    const YAML::Node v = r.file().root()["edition"];
    if (!v) return 2;
    return static_cast<int>(r.integer(v, "edition", 1, 2).value_or(2));
  }
  /// `expansions`, as game.yaml lists them.
  static std::vector<std::string> expansions(YamlReader& r) {
    std::vector<std::string> out;
    const YAML::Node v = r.file().root()["expansions"];
    if (!v || !r.expect_sequence(v, "expansions")) return out;
    for (const auto& m : v) out.push_back(r.text(m, "an expansion").value_or(""));
    return out;
  }

 private:
  YamlReader r_;
  ScenarioNames names_;
  const Ruleset& rules_;
};

}  // namespace

const Ruleset& shipped_rules(int version, int edition, const std::vector<std::string>& expansions) {
  static std::map<std::tuple<int, int, std::vector<std::string>>, Ruleset> loaded;
  const auto key = std::tuple(version, edition, expansions);
  auto at = loaded.find(key);
  if (at == loaded.end()) {
    at = loaded.emplace(key, load_edition_ruleset(source_data_dir(), version, edition, expansions))
             .first;
  }
  return at->second;
}

Scenario read_scenario(const SourceFile& file) {
  const YamlFile yaml = YamlFile::parse(file, YamlLimits{16, 20000});
  // The ruleset comes first: the names in the scenario are its names.
  YamlReader first(yaml);
  if (!first.expect_map(yaml.root(), "a scenario")) first.throw_if_errors();
  const int version = ScenarioReader::rules_version(first);
  const int edition = ScenarioReader::edition(first);
  const std::vector<std::string> expansions = ScenarioReader::expansions(first);
  first.throw_if_errors();
  const Ruleset* rules = nullptr;
  try {
    rules = &shipped_rules(version, edition, expansions);
  } catch (const InputError& e) {
    first.error(yaml.root()["expansions"], e.diagnostics().front().message);
    first.throw_if_errors();
  }
  return ScenarioReader(yaml, *rules).read();
}

}  // namespace wallenstein::testing
