#include "wallenstein/files/log_reader.hpp"

#include <algorithm>
#include <array>

#include "pbem/files/yaml_file.hpp"
#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/rules_version.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

constexpr int kBig = 1000000;

/// Reads log.yaml back into the typed log, collecting every problem with its position.
class LogReader {
 public:
  LogReader(const YamlFile& file, const GameState& before, const Ruleset& rules)
      : file_(file), r_(file), before_(before), rules_(rules) {}

  StoredLog read() {
    const YAML::Node& root = file_.root();
    if (!r_.expect_map(root, "log.yaml")) r_.throw_if_errors();
    if (before_.draft) return read_draft(root);
    static constexpr std::array<std::string_view, 19> kKeys = {
        "game",          "season",          "season_index", "nmr",     "nmr_policy",
        "rules_version", "program_version", "event",        "bids",    "bid_ranking",
        "tiles",         "turn_order",      "landsknechte", "leaders", "action_cards",
        "steps",         "winter",          "winners",      "court"};
    r_.check_keys(root, kKeys, "log.yaml");
    StoredLog out = read_header(root);
    SeasonLog& log = out.log;
    log.event = event(root, "event");
    if (rules_.has_bids()) {
      read_bids(root, log);
      log.bid_ranking = players(root, "bid_ranking");
      read_tiles(root, log);
    } else {
      for (const char* key : {"bids", "bid_ranking", "tiles"}) {
        if (root[key].IsDefined())
          r_.error(root[key], std::string(key) +
                                  ": this game has no bids and no bonus tiles "
                                  "(the 1st edition draws the turn order)");
      }
    }
    log.turn_order = players(root, "turn_order");
    read_landsknechte(root, log);
    read_leaders(root, log);
    read_court(root, log);
    read_action_cards(root, log);
    if (auto steps = require_list(root, "steps")) {
      for (const auto& node : *steps) log.entries.push_back(step(node));
    }
    if (const YAML::Node w = root["winter"]; w.IsDefined()) log.winter = winter(w);
    if (root["winners"].IsDefined()) log.winners = players(root, "winners");
    r_.throw_if_errors();
    return out;
  }

 private:
  std::optional<YAML::Node> require_map(const YAML::Node& map, const char* key) {
    auto node = r_.require(map, key, "");
    if (node && r_.expect_map(*node, key)) return node;
    return std::nullopt;
  }
  std::optional<YAML::Node> require_list(const YAML::Node& map, const char* key) {
    auto node = r_.require(map, key, "");
    if (node && r_.expect_sequence(*node, key)) return node;
    return std::nullopt;
  }

  /// Whether the log has a module's section `key`: a game that plays the module's `phase` must
  /// write it; one that does not is refused the section, naming the `module`.
  bool module_section(const YAML::Node& root, const char* key, std::string_view phase,
                      std::string_view module) {
    if (rules_.plays(phase)) return true;
    if (const YAML::Node node = root[key]; node.IsDefined())
      r_.error(node,
               "this game does not play " + std::string(module) + "; a log of it has no " + key);
    return false;
  }

  std::string text(const YAML::Node& map, const char* key) {
    auto node = r_.require(map, key, "");
    return node ? r_.text(*node, key).value_or("") : std::string();
  }
  int num(const YAML::Node& map, const char* key, int min = -kBig, int max = kBig) {
    auto node = r_.require(map, key, "a number");
    return node ? static_cast<int>(r_.integer(*node, key, min, max).value_or(0)) : 0;
  }
  int num_or(const YAML::Node& map, const char* key, int fallback) {
    return map[key].IsDefined() ? num(map, key) : fallback;
  }
  bool flag(const YAML::Node& map, const char* key) {
    return map[key].IsDefined() && r_.boolean(map[key], key).value_or(false);
  }

  /// A player id of this game; an unknown one is an error that names the nearest id.
  std::optional<PlayerIndex> player_of(const YAML::Node& node) {
    const std::string id = r_.text(node, "player").value_or("");
    if (auto p = before_.find_player(id)) return p;
    std::vector<std::string_view> ids;
    for (const auto& p : before_.players) ids.emplace_back(p.id);
    r_.unknown_value(node, "player", ids);
    return std::nullopt;
  }
  PlayerIndex player(const YAML::Node& map, const char* key) {
    auto node = r_.require(map, key, "a player id");
    return node ? player_of(*node).value_or(PlayerIndex{}) : PlayerIndex{};
  }
  std::optional<PlayerIndex> player_or_neutral(const YAML::Node& map, const char* key) {
    if (text(map, key) == "neutral") return std::nullopt;
    return player(map, key);
  }
  std::vector<PlayerIndex> players(const YAML::Node& map, const char* key) {
    std::vector<PlayerIndex> out;
    if (auto list = require_list(map, key)) {
      for (const auto& item : *list) {
        if (auto p = player_of(item)) out.push_back(*p);
      }
    }
    return out;
  }
  ProvinceId province_of(const YAML::Node& node) {
    const std::string id = scalar_text(node);
    for (std::size_t i = 0; i < rules_.provinces.size(); ++i) {
      if (rules_.provinces[i].id == id) return ProvinceId::at(i);
    }
    r_.error(node, "unknown province \"" + id + "\"");
    return {};
  }
  ProvinceId province(const YAML::Node& map, const char* key) {
    auto node = r_.require(map, key, "a province id");
    return node ? province_of(*node) : ProvinceId{};
  }
  EventId event(const YAML::Node& map, const char* key) {
    const std::string id = text(map, key);
    if (auto e = rules_.find_event(id)) return *e;
    if (map[key].IsDefined()) r_.error(map[key], "unknown event \"" + id + "\"");
    return {};
  }
  std::optional<EventId> optional_event(const YAML::Node& map) {
    if (!map["event"].IsDefined()) return std::nullopt;
    return event(map, "event");
  }

  /// A key written by one of the log's key functions, back to its value.
  template <class T, std::size_t N, class KeyOf>
  T keyed_node(const YAML::Node& node, const char* what, const std::array<T, N>& values,
               KeyOf key_of) {
    const std::string written = r_.text(node, what).value_or("");
    for (T v : values) {
      if (key_of(v) == written) return v;
    }
    r_.error(node, std::string("unknown ") + what + " \"" + written + "\"");
    return values.front();
  }
  template <class T, std::size_t N, class KeyOf>
  T keyed(const YAML::Node& map, const char* key, const std::array<T, N>& values, KeyOf key_of) {
    auto node = r_.require(map, key, "");
    return node ? keyed_node(*node, key, values, key_of) : values.front();
  }
  /// An action space named by its id in the ruleset's actions.yaml.
  Action action_named(const YAML::Node& node, const char* what) {
    const std::string written = r_.text(node, what).value_or("");
    if (auto a = rules_.find_action(written)) return *a;
    r_.error(node, std::string("unknown ") + what + " \"" + written + "\"");
    return Action{};
  }
  Action action(const YAML::Node& map, const char* key) {
    auto node = r_.require(map, key, "");
    return node ? action_named(*node, key) : Action{};
  }
  Building building(const YAML::Node& map, const char* key) {
    return keyed(map, key, kAllBuildings, building_key);
  }

  CubeCounts cubes(const YAML::Node& node) {
    CubeCounts c;
    if (!r_.expect_map(node, "cubes")) return c;
    for (const auto& entry : node) {
      const std::string who = entry.first.Scalar();
      const int n = static_cast<int>(r_.integer(entry.second, "cubes", 0, kBig).value_or(0));
      if (who == "peasants")
        c.peasants() = n;
      else if (auto p = before_.find_player(who))
        c.player(*p) = n;
      else
        r_.error(entry.first, "unknown colour \"" + who + "\"");
    }
    return c;
  }
  TowerThrow tower(const YAML::Node& map) {
    TowerThrow t;
    auto node = require_map(map, "tower");
    if (!node) return t;
    static constexpr std::array<std::string_view, 6> kKeys = {
        "thrown", "from_tray", "released", "stuck", "out", "gm_inside_after"};
    r_.check_keys(*node, kKeys, "tower");
    for (auto [key, target] :
         {std::pair{"thrown", &t.fighting}, std::pair{"from_tray", &t.from_tray},
          std::pair{"released", &t.released}, std::pair{"stuck", &t.stuck},
          std::pair{"out", &t.out}, std::pair{"gm_inside_after", &t.inside_after}}) {
      if (auto n = r_.require(*node, key, "")) *target = cubes(*n);
    }
    return t;
  }

  void read_tiles(const YAML::Node& root, SeasonLog& log) {
    auto tiles = require_map(root, "tiles");
    if (!tiles) return;
    for (const auto& entry : *tiles) {
      const auto p = before_.find_player(entry.first.Scalar());
      const auto t = rules_.find_tile(scalar_text(entry.second));
      if (!p || !t)
        r_.error(entry.first, "unknown player or tile");
      else
        log.tiles.emplace_back(*p, *t);
    }
  }

  void read_bids(const YAML::Node& root, SeasonLog& log) {
    auto list = require_list(root, "bids");
    if (!list) return;
    for (const auto& row : *list) {
      if (!r_.expect_map(row, "a bid")) continue;
      BidRecord b;
      b.player = player(row, "player");
      const std::string bid = text(row, "bid");
      if (bid == "province") {
        b.bid.kind = BidKind::province;
        b.bid.province = province(row, "province");
      } else if (bid == "none") {
        b.bid.kind = BidKind::none;
      } else {
        b.bid.kind = BidKind::coin;
        b.bid.coin = num(row, "bid", 0, 100);
      }
      b.paid = num(row, "paid", 0, 100);
      log.bids.push_back(b);
    }
  }

  /// Rules 13.3: what a military leader changed in a step, in a game that plays the leaders only.
  int leader_bonus(const YAML::Node& step) {
    const YAML::Node node = step["leader_bonus"];
    if (!node.IsDefined()) return 0;
    if (!rules_.plays(kLeadersPlacePhase)) {
      r_.error(node,
               "this game does not play the military leaders; its steps have no leader_bonus");
      return 0;
    }
    return num(step, "leader_bonus", -100, 100);
  }

  /// A player's winter score (rules 9.3); `statues` only in the last winter of a game with the
  /// military leaders (rules 13.3).
  Score score(const YAML::Node& row) {
    Score s{player(row, "player"), num(row, "provinces"), num(row, "buildings"),
            num(row, "majorities")};
    if (row["statues"].IsDefined()) {
      if (!rules_.plays(kLeadersPlacePhase))
        r_.error(row["statues"],
                 "this game does not play the military leaders; its scores have no statues");
      else if (before_.season_index != rules_.season_count())
        r_.error(row["statues"], "statues are scored in the last winter only");
      s.statues = num(row, "statues", 1, 1000);
    }
    s.total = num(row, "total");
    s.vp_after = num(row, "vp");
    return s;
  }

  /// Rules 13.2: a turn of the pile per player, in a game that plays the Landsknechte only.
  void read_landsknechte(const YAML::Node& root, SeasonLog& log) {
    if (!module_section(root, "landsknechte", kLandsknechtePhase, "the Landsknechte")) return;
    auto list = require_list(root, "landsknechte");
    if (!list) return;
    for (const auto& row : *list) {
      if (!r_.expect_map(row, "a Landsknechte turn")) continue;
      static constexpr std::array<std::string_view, 5> kKeys = {"player", "regions", "card",
                                                                "bonus", "amount"};
      r_.check_keys(row, kKeys, "a Landsknechte turn");
      const LandsknechtRules& pile = rules_.landsknechte;
      LandsknechtTurn t;
      t.player = player(row, "player");
      if (std::any_of(log.landsknechte.begin(), log.landsknechte.end(),
                      [&](const LandsknechtTurn& x) { return x.player == t.player; }))
        r_.error(row["player"], "a player turns the pile once a season");
      t.regions = num(row, "regions", 0, static_cast<int>(rules_.regions.size()));
      if (!row["card"].IsDefined()) {
        for (const char* key : {"bonus", "amount"}) {
          if (row[key].IsDefined()) r_.error(row[key], std::string(key) + " comes with a card");
        }
      } else {
        t.card = num(row, "card", 1, static_cast<int>(pile.cards.size()));
        if (t.regions < pile.min_regions) {
          r_.error(row["regions"], "a card is turned with provinces in " +
                                       std::to_string(pile.min_regions) + " regions or more");
        }
        t.bonus = keyed(row, "bonus", kAllLandsknechtBonuses, landsknecht_bonus_key);
        const bool in_pile = *t.card >= 1 && *t.card <= static_cast<int>(pile.cards.size());
        const int offered =
            in_pile ? pile.cards[static_cast<std::size_t>(*t.card - 1)].of(t.bonus) : 0;
        if (in_pile && offered == 0) {
          r_.error(row["bonus"], "card " + std::to_string(*t.card) + " does not offer " +
                                     std::string(landsknecht_bonus_key(t.bonus)));
        }
        t.amount = num(row, "amount", 0, offered);
      }
      log.landsknechte.push_back(t);
    }
  }

  /// Rules 13.1: the court's conversions and favour turns, in a game with the court only.
  void read_court(const YAML::Node& root, SeasonLog& log) {
    if (!module_section(root, "court", kCourtConversionPhase, "the Imperial Court")) return;
    auto court = require_map(root, "court");
    if (!court) return;
    static constexpr std::array<std::string_view, 2> kKeys = {"conversions", "favours"};
    r_.check_keys(*court, kKeys, "court");
    if (auto list = require_list(*court, "conversions")) {
      for (const auto& row : *list) {
        if (!r_.expect_map(row, "a conversion")) continue;
        static constexpr std::array<std::string_view, 5> kRow = {"player", "cubes", "from", "done",
                                                                 "short"};
        r_.check_keys(row, kRow, "a conversion");
        Conversion c;
        c.player = player(row, "player");
        c.cubes = num(row, "cubes", 1, rules_.pieces.cubes_per_player);
        if (text(row, "from") == "tower") {
          c.source = ConversionSource::tower;
        } else {
          c.source = ConversionSource::province;
          c.province = province(row, "from");
        }
        c.done = flag(row, "done");
        if (row["short"].IsDefined()) {
          if (c.done) r_.error(row["short"], "a conversion that was done has nothing short");
          c.short_of =
              keyed_node(row["short"], "short", kConversionShortfalls, conversion_short_key);
        }
        log.court_conversions.push_back(c);
      }
    }
    if (auto list = require_list(*court, "favours")) {
      for (const auto& row : *list) {
        if (!r_.expect_map(row, "a favour turn")) continue;
        static constexpr std::array<std::string_view, 8> kRow = {
            "player", "officers", "card", "cost", "province", "kept", "event_left", "no_effect"};
        r_.check_keys(row, kRow, "a favour turn");
        FavourTurn t;
        t.player = player(row, "player");
        t.officers = num(row, "officers", 0, kBig);
        if (row["card"].IsDefined()) {
          t.card = num(row, "card", 1, static_cast<int>(rules_.court.cards.size()));
          t.cost = num(row, "cost", 0, kBig);
        }
        if (row["province"].IsDefined()) t.province = province(row, "province");
        t.kept = flag(row, "kept");
        t.event_left = flag(row, "event_left");  // D-50
        t.no_effect = flag(row, "no_effect");    // D-51
        log.court_favours.push_back(t);
      }
    }
  }

  /// Rules 13.3: the leaders placed, moved and taken off, in a game that plays the leaders only.
  void read_leaders(const YAML::Node& root, SeasonLog& log) {
    if (!module_section(root, "leaders", kLeadersPlacePhase, "the military leaders")) return;
    auto list = require_list(root, "leaders");
    if (!list) return;
    for (const auto& row : *list) {
      if (r_.expect_map(row, "a leader's step")) log.leaders.push_back(leader_step(row));
    }
  }

  /// One leader's step as log_yaml writes it: the keys of its kind only, and nothing the season
  /// could not have done (a trophy of one's own, a statue or trophy where the leader stayed).
  LeaderStep leader_step(const YAML::Node& row) {
    static constexpr std::array<std::string_view, 10> kKeys = {
        "player", "placed",   "from",     "to",    "taken_off",
        "statue", "trophies", "fallback", "asked", "winter"};
    r_.check_keys(row, kKeys, "a leader's step");
    LeaderStep s;
    s.player = player(row, "player");
    std::vector<const char*> not_here;  // keys the step's kind never writes
    if (row["placed"].IsDefined()) {
      s.kind = LeaderStepKind::placed;
      s.province = province(row, "placed");
      not_here = {"from", "to", "statue", "taken_off", "winter"};
    } else if (row["taken_off"].IsDefined()) {
      s.kind = LeaderStepKind::taken_off;
      s.province = province(row, "taken_off");
      s.in_winter = flag(row, "winter");
      not_here = {"from", "to", "statue", "trophies", "fallback", "asked"};
    } else {
      s.from = province(row, "from");
      s.province = province(row, "to");
      s.statue = flag(row, "statue");
      not_here = {"winter"};
      if (s.from == s.province) not_here.insert(not_here.end(), {"statue", "trophies"});
    }
    for (const char* key : not_here) {
      if (row[key].IsDefined())
        r_.error(row[key], std::string(key) + " is not written for this leader's step");
    }
    if (row["trophies"].IsDefined()) {
      s.trophies = players(row, "trophies");
      if (s.trophies.empty()) r_.error(row["trophies"], "trophies lists one player per statue");
      if (std::find(s.trophies.begin(), s.trophies.end(), s.player) != s.trophies.end())
        r_.error(row["trophies"], "a player's own statue is no trophy");
    }
    s.as_ordered = !flag(row, "fallback");
    if (row["asked"].IsDefined()) {
      if (s.as_ordered) r_.error(row["asked"], "asked comes with fallback: true");
      s.asked = province(row, "asked");
    }
    return s;
  }

  void read_action_cards(const YAML::Node& root, SeasonLog& log) {
    auto list = require_list(root, "action_cards");
    if (!list) return;
    if (list->size() != rules_.actions.size()) {
      r_.error(*list, "action_cards must list the " + std::to_string(rules_.actions.size()) +
                          " action cards");
    }
    log.action_cards.clear();
    for (const auto& card : *list) log.action_cards.push_back(action_named(card, "action card"));
  }

  LogEntry step(const YAML::Node& node) {
    if (!r_.expect_map(node, "step")) return Cancelled{};
    const std::string what = text(node, "what");
    const int slot = num_or(node, "slot", 0);
    if (what == "cancelled" || what == "move_cancelled" || what == "placement_cancelled") {
      Cancelled c = cancelled(node, slot, what == "move_cancelled");
      c.placement_only = what == "placement_cancelled";
      return c;
    }
    if (what == "built") {
      Built b{slot,
              player(node, "player"),
              province(node, "province"),
              building(node, "building"),
              num(node, "cost"),
              num_or(node, "markers_removed", 0),
              optional_event(node),
              leader_bonus(node),
              action(node, "action")};
      const ActionDef& def = rules_.action(b.action);
      if (def.kind != ActionKind::build || def.builds != b.building)
        r_.error(node, "action " + def.id + " does not build a " + text(node, "building"));
      return b;
    }
    if (what == "collected") return collected(node, slot);
    if (what == "placed") {
      Placed p;
      p.slot = slot;
      p.action = action(node, "action");
      p.player = player(node, "player");
      p.province = province(node, "province");
      p.cost = num(node, "cost");
      p.base = num(node, "base");
      p.event = optional_event(node);
      p.tile_bonus = num_or(node, "tile_bonus", 0);
      p.leader_bonus = leader_bonus(node);
      p.count = num(node, "armies");
      return p;
    }
    if (what == "moved") {
      return Moved{slot,
                   action(node, "action"),
                   player(node, "player"),
                   province(node, "from"),
                   province(node, "to"),
                   num(node, "armies")};
    }
    if (what == "battle") return battle(node, slot);
    if (what == "revolt") return revolt(node, slot);
    if (what == "revolt_marker") return marker(node, slot);
    r_.error(node["what"].IsDefined() ? node["what"] : node, "unknown step \"" + what + "\"");
    return Cancelled{};
  }

  Cancelled cancelled(const YAML::Node& node, int slot, bool move_only) {
    Cancelled c;
    c.slot = slot;
    c.move_only = move_only;
    c.action = action(node, "action");
    c.player = player(node, "player");
    c.province = province(node, "province");
    c.reason = keyed(node, "reason", kAllCancelReasons, cancel_reason_key);
    c.need = num_or(node, "need", 0);
    c.have = num_or(node, "have", 0);
    if (node["target"].IsDefined()) c.target = province(node, "target");
    if (node["holder"].IsDefined()) c.holder = player_or_neutral(node, "holder");
    return c;
  }

  Collected collected(const YAML::Node& node, int slot) {
    Collected c;
    c.slot = slot;
    c.player = player(node, "player");
    c.province = province(node, "province");
    c.action = action(node, "action");
    const ActionDef& def = rules_.action(c.action);
    if (def.kind != ActionKind::collect) r_.error(node, "action " + def.id + " collects nothing");
    c.resource = def.collects;
    c.base = num(node, "base");
    c.event = optional_event(node);
    c.after_event = c.event ? num(node, "after_event") : c.base;
    c.tile_bonus = num_or(node, "tile_bonus", 0);
    c.leader_bonus = leader_bonus(node);
    c.amount = num(node, "amount");
    c.total_after = num(node, c.resource == Resource::grain ? "grain" : "thaler");
    return c;
  }

  Battle battle(const YAML::Node& node, int slot) {
    Battle b;
    b.slot = slot;
    b.action = action(node, "action");
    b.attacker = player(node, "player");
    b.from = province(node, "from");
    b.target = province(node, "target");
    b.defender = player_or_neutral(node, "defender");
    if (auto sides = require_map(node, "cubes")) {
      b.attacking = num(*sides, "attacking");
      b.attack_bonus = num_or(*sides, "attack_bonus", 0);
      b.defending = num_or(*sides, "defending", 0);
      b.held_back = num_or(*sides, "held_back", 0);
      b.defense_bonus = num_or(*sides, "defense_bonus", 0);
      b.palace_guard = num_or(*sides, "palace_guard", 0);
      b.peasants = num_or(*sides, "peasants", 0);
    }
    b.peasants_stay_out = flag(node, "peasants_stay_out");
    b.tower = tower(node);
    if (auto count = require_map(node, "count")) {
      b.attacker_count = num(*count, "attacker");
      b.defender_count = num(*count, "defender");
      b.defender_peasants = num(*count, "of_which_peasants");
    }
    b.result = keyed(node, "result", kAllBattleResults, battle_result_key);
    b.survivors = num_or(node, "survivors", 0);
    b.buildings_lost = num_or(node, "buildings_lost", 0);
    return b;
  }

  Revolt revolt(const YAML::Node& node, int slot) {
    Revolt r;
    r.slot = slot;
    r.cause = keyed(node, "cause", kAllRevoltCauses, revolt_cause_key);
    r.player = player(node, "player");
    r.province = province(node, "province");
    r.markers = num(node, "markers");
    r.extra_peasants = num_or(node, "extra_peasants", 0);
    if (auto sides = require_map(node, "cubes")) {
      r.defending = num(*sides, "defending");
      r.held_back = num_or(*sides, "held_back", 0);
      r.peasants = num(*sides, "peasants");
    }
    r.tower = tower(node);
    if (auto count = require_map(node, "count")) {
      r.player_count = num(*count, "player");
      r.peasant_count = num(*count, "peasants");
    }
    r.player_won = text(node, "result") == "put_down";
    r.survivors = num_or(node, "survivors", 0);
    r.buildings_lost = num_or(node, "buildings_lost", 0);
    return r;
  }

  MarkerAdded marker(const YAML::Node& node, int slot) {
    return MarkerAdded{slot,
                       player(node, "player"),
                       province(node, "province"),
                       num(node, "markers"),
                       flag(node, "supply_empty"),
                       flag(node, "shielded")};
  }

  WinterSupply supply_of(const YAML::Node& row) {
    WinterSupply s;
    s.player = player(row, "player");
    s.grain_before = num(row, "grain");
    s.grain_after_loss = num(row, "after_loss");
    s.provinces = num(row, "provinces");
    s.unsupplied = s.provinces - s.grain_after_loss;  // written as 0 when negative; rules 9.2
    s.revolt_count = num_or(row, "revolts", 0);
    s.extra_peasants = num_or(row, "extra_peasants", 0);
    if (row["drawn"].IsDefined() && r_.expect_sequence(row["drawn"], "drawn")) {
      for (const auto& p : row["drawn"]) s.drawn.push_back(province_of(p));
    }
    return s;
  }

  WinterLog winter(const YAML::Node& node) {
    WinterLog w;
    if (!r_.expect_map(node, "winter")) return w;
    w.last_event = event(node, "event");
    w.grain_loss = num(node, "grain_loss");
    if (auto supply = require_list(node, "supply")) {
      for (const auto& row : *supply) {
        if (r_.expect_map(row, "a player's grain supply")) w.supply.push_back(supply_of(row));
      }
    }
    if (auto revolts = require_list(node, "revolts")) {
      for (const auto& item : *revolts) {
        const std::string what = item.IsMap() ? scalar_text(item["what"]) : "";
        if (what == "revolt_marker")
          w.markers.push_back(marker(item, 0));
        else if (what == "revolt")
          w.revolts.push_back(revolt(item, 0));
        else
          r_.error(item, "a winter revolt step must be a revolt_marker or a revolt");
      }
      // D-10: a marker before each revolt; the 1st edition adds none (rules 12).
      const std::size_t markers = rules_.winter_marker_before_revolt ? w.revolts.size() : 0;
      if (w.markers.size() != markers) {
        r_.error(*revolts, "winter revolts: " + std::to_string(w.markers.size()) +
                               " revolt markers for " + std::to_string(w.revolts.size()) +
                               " revolts; " +
                               (rules_.winter_marker_before_revolt
                                    ? "each revolt follows its marker"
                                    : "this game adds no marker before a winter revolt"));
      }
    }
    if (auto majorities = require_list(node, "majorities")) {
      for (const auto& row : *majorities) {
        if (!r_.expect_map(row, "a majority")) continue;
        Majority m;
        const auto region = rules_.find_region(text(row, "region"));
        if (!region)
          r_.error(row, "unknown region");
        else
          m.region = *region;
        m.building = building(row, "building");
        if (auto counts = require_map(row, "counts")) {
          for (const auto& entry : *counts) {
            const auto p = before_.find_player(entry.first.Scalar());
            if (!p)
              r_.error(entry.first, "unknown player");
            else
              m.counts.emplace_back(
                  *p, static_cast<int>(r_.integer(entry.second, "count", 0, kBig).value_or(0)));
          }
        }
        m.leaders = players(row, "leaders");
        m.points = num(row, "points");
        w.majorities.push_back(m);
      }
    }
    if (auto scores = require_list(node, "scores")) {
      for (const auto& row : *scores) {
        if (r_.expect_map(row, "a score")) w.scores.push_back(score(row));
      }
    }
    w.markers_removed = num(node, "markers_removed");
    if (auto next = require_list(node, "next_year_events")) {
      for (const auto& item : *next) {
        if (auto e = rules_.find_event(scalar_text(item)))
          w.next_year_events.push_back(*e);
        else
          r_.error(item, "unknown event \"" + scalar_text(item) + "\"");
      }
    }
    return w;
  }

  /// What every log starts with: the game, the season, the NMR players and how the season was
  /// resolved (the policy, the rules version and the program).
  StoredLog read_header(const YAML::Node& root) {
    StoredLog out;
    if (text(root, "game") != before_.game)
      r_.error(root["game"], "this log is not of game \"" + before_.game + "\"");
    out.log.season_index = num(root, "season_index", 0, 99);
    if (out.log.season_index != before_.season_index) {
      r_.error(root["season_index"], "season_index does not match the season's state (" +
                                         std::to_string(before_.season_index) + ")");
    }
    out.header.nmr_policy = text(root, "nmr_policy");
    if (const YAML::Node version = root["rules_version"]; version.IsDefined()) {
      // A season is replayed, shown and mailed under the version that resolved it: one this
      // program does not play cannot be trusted to mean what it says.
      out.header.rules_version = num(root, "rules_version", -kBig, kBig);
      if (!known_rules_version(out.header.rules_version)) {
        r_.error(version, "rules_version " + std::to_string(out.header.rules_version) +
                              " is unknown to this program, which plays " +
                              std::to_string(kFirstRulesVersion) + " to " +
                              std::to_string(kCurrentRulesVersion) +
                              "; use the program that resolved this season, or a newer one");
      }
    }
    if (root["program_version"].IsDefined())
      out.header.program_version = text(root, "program_version");
    out.log.nmr = players(root, "nmr");
    return out;
  }

  /// Rules 2.2: the draft season's log, its picks in the order played.
  StoredLog read_draft(const YAML::Node& root) {
    static constexpr std::array<std::string_view, 8> kKeys = {
        "game",       "season",        "season_index",    "nmr",
        "nmr_policy", "rules_version", "program_version", "draft"};
    r_.check_keys(root, kKeys, "log.yaml");
    StoredLog out = read_header(root);
    SeasonLog& log = out.log;
    static constexpr std::array<std::string_view, 8> kPickKeys = {
        "round", "player", "province", "armies", "blind", "offered", "put_under", "leader"};
    if (auto picks = require_list(root, "draft")) {
      for (const auto& node : *picks) {
        if (!r_.expect_map(node, "draft pick", kPickKeys)) continue;
        DraftPick pick;
        pick.round = num(node, "round", 1, kBig);
        pick.player = player(node, "player");
        pick.province = province(node, "province");
        pick.armies = num(node, "armies", 1, rules_.pieces.cubes_per_player);
        pick.blind = flag(node, "blind");
        if (auto offered = require_list(node, "offered")) {
          std::size_t slot = 0;
          for (const auto& card : *offered) {
            if (slot < pick.offered.size()) pick.offered[slot++] = province_of(card);
          }
        }
        if (const YAML::Node under = node["put_under"]; under.IsDefined()) {  // D-49
          std::size_t slot = 0;
          if (r_.expect_sequence(under, "put_under")) {
            for (const auto& card : under) {
              if (slot < pick.put_under.size()) pick.put_under[slot++] = province_of(card);
            }
          }
          if (slot != pick.put_under.size())
            r_.error(under, "put_under holds the two face-up cards put under the pile");
        }
        pick.leader = flag(node, "leader");  // D-48
        log.draft.push_back(pick);
      }
    }
    r_.throw_if_errors();
    return out;
  }

  const YamlFile& file_;
  YamlReader r_;
  const GameState& before_;
  const Ruleset& rules_;
};

}  // namespace

StoredLog read_log(const SourceFile& file, const GameState& before, const Ruleset& rules) {
  const YamlFile yaml = YamlFile::parse(file, YamlLimits{64, 2000000});
  return LogReader(yaml, before, rules).read();
}

}  // namespace wallenstein
