// Reads state.yaml. Besides the shapes and ranges, it checks what the engine takes for granted,
// since a hand-edited state must fail here with a position and never inside `resolve`.

#include <algorithm>
#include <array>

#include "pbem/files/yaml_file.hpp"
#include "wallenstein/files/game_config.hpp"
#include "wallenstein/files/state_lists.hpp"
#include "wallenstein/files/state_yaml.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"

namespace wallenstein {
namespace {

// The keys of each map in state.yaml (write_state writes exactly these).
constexpr std::string_view kStateKeys[] = {
    "format",       "game",        "edition",   "season", "season_index", "finished",
    "players",      "turn_order",  "provinces", "supply", "tower",        "events",
    "action_cards", "bonus_tiles", "winners",   "rng",    "draft",        "court"};
constexpr std::string_view kPlayerKeys[] = {"id", "thaler", "grain", "vp", "reserve"};
constexpr std::string_view kProvinceKeys[] = {"owner", "armies", "buildings", "revolts"};
constexpr std::string_view kSupplyKeys[] = {"peasants", "revolt_markers", "palace", "church",
                                            "trading_house"};
constexpr std::string_view kTowerKeys[] = {"inside", "tray"};

/// Reads the parts of state.yaml; every problem is collected with its position.
class StateReader {
 public:
  StateReader(const YamlFile& file, const Ruleset& rules, const StateOrigin* origin)
      : file_(file), r_(file), rules_(rules), origin_(origin), lists_(r_, rules, s_) {}

  GameState read() {
    const YAML::Node& root = file_.root();
    if (!r_.expect_map(root, "state.yaml", kStateKeys)) r_.throw_if_errors();
    num(root, "format", kStateFormat, kStateFormat);
    read_game(root);
    read_season(root);
    read_players(root);
    r_.throw_if_errors();
    read_provinces(root);
    check_leaders_and_statues();
    read_supply(root);
    read_tower(root);
    read_draft(root);
    read_court(root);
    lists_.read(root);
    r_.throw_if_errors();
    for (const auto& problem : invariant_violations(s_, rules_))
      r_.error(root, "inconsistent state: " + problem);
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

  void read_game(const YAML::Node& root) {
    auto game = r_.require(root, "game", "the game's name");
    if (auto text = game ? r_.text(*game, "game") : std::nullopt) {
      s_.game = *text;
      if (auto problem = game_name_problem(s_.game)) {
        r_.error(*game, *problem);
      } else if (origin_ && s_.game != origin_->game) {
        r_.error(*game, "game \"" + s_.game + "\" does not match game.yaml's name \"" +
                            origin_->game + "\"");
      }
    }
    if (auto edition = r_.require(root, "edition", "2")) {
      if (auto number = r_.integer(*edition, "edition", -999, 999)) {
        if (auto problem = edition_problem(*number)) {
          r_.error(*edition, *problem);
        } else if (*number != rules_.edition) {
          r_.error(*edition, "this state is of edition " + std::to_string(*number) +
                                 " but game.yaml says edition: " + std::to_string(rules_.edition) +
                                 "; a game keeps the edition it was started with: put edition: " +
                                 std::to_string(*number) + " back in game.yaml");
        }
        s_.edition = static_cast<int>(*number);
      }
    }
  }

  void read_season(const YAML::Node& root) {
    const int last = rules_.season_count() + 1;
    auto index = r_.require(root, "season_index", "");
    if (!index) return;
    const auto value = r_.integer(*index, "season_index", 0, last);
    if (!value) return;
    s_.season_index = static_cast<int>(*value);
    const std::string expected = season_label(rules_, s_.season_index).name();
    if (origin_ && s_.season_index != origin_->season_index) {
      // The directory decides: a state moved or edited into the wrong season must not be played.
      r_.error(*index, "season_index " + std::to_string(s_.season_index) +
                           " does not match the season directory " + origin_->directory +
                           "; expected " + std::to_string(origin_->season_index));
    } else if (auto season = r_.require(root, "season", expected);
               season && scalar_text(*season) != expected) {
      r_.error(*season, "season \"" + scalar_text(*season) + "\" does not match season_index " +
                            std::to_string(s_.season_index) + "; expected " + expected);
    } else if (origin_ && origin_->season_name != expected) {
      r_.error(*index, "the season directory " + origin_->directory +
                           " is not named after season " + expected + "; expected " +
                           season_label(rules_, s_.season_index).directory());
    }
    if (auto f = r_.require(root, "finished", "true or false")) {
      s_.finished = r_.boolean(*f, "finished").value_or(false);
      if (s_.finished != (s_.season_index == last)) {
        r_.error(*f, std::string("finished must be ") + (s_.finished ? "false" : "true") +
                         " at season_index " + std::to_string(s_.season_index) +
                         ": the game ends after season " + std::to_string(last - 1));
      }
    }
  }

  /// Whether the players of this state carry an expansion's counters (`key`), against whether
  /// game.yaml plays it: a game keeps the expansions it started with, so an `expansions:` edited
  /// afterwards is named once, with the way back, instead of as a missing key on every player.
  bool written_with(const YAML::Node& players, const char* key, std::string_view module,
                    bool played) {
    const std::size_t with = holding(players, key);
    const std::string counters = std::string(key) + " counters";
    if (played && with == 0 && players.size() > 0) {
      r_.error(players, edited_expansion(counters, module, true));
      return false;
    }
    if (!played && with > 0 && with == players.size())
      r_.error(players, edited_expansion(counters, module, false));
    return played;
  }

  /// The message for an `expansions:` edited in game.yaml after the game started: the state
  /// lacks (`played`) or holds (`!played`) the expansion's `pieces`.
  static std::string edited_expansion(const std::string& pieces, std::string_view module,
                                      bool played) {
    const std::string m(module);
    const std::string keeps = "; a game keeps the expansions it was started with: ";
    if (played) {
      return "this state has no " + pieces + ", but game.yaml's expansions: names " + m + keeps +
             "take " + m + " out of expansions: in game.yaml";
    }
    return "this state has " + pieces + ", but game.yaml's expansions: does not name " + m + keeps +
           "put " + m + " back in expansions: in game.yaml";
  }

  /// How many of the players' entries hold `key`.
  static std::size_t holding(const YAML::Node& players, const char* key) {
    return static_cast<std::size_t>(std::count_if(
        players.begin(), players.end(), [&](const YAML::Node& n) { return n.IsMap() && n[key]; }));
  }

  void read_players(const YAML::Node& root) {
    auto players = r_.require(root, "players", "");
    if (!players || !r_.expect_sequence(*players, "players")) return;
    const bool landsknechte =
        written_with(*players, "landsknechte", "landsknechte", rules_.plays(kLandsknechtePhase));
    const bool leaders =
        written_with(*players, "leader", "leaders", rules_.plays(kLeadersPlacePhase));
    // Counters of an expansion game.yaml no longer names were reported once above.
    std::vector<std::string_view> keys(std::begin(kPlayerKeys), std::end(kPlayerKeys));
    if (landsknechte || holding(*players, "landsknechte") > 0) keys.emplace_back("landsknechte");
    if (leaders || holding(*players, "leader") > 0)
      keys.insert(keys.end(), {"leader", "statues", "trophies"});
    for (const auto& node : *players) {
      if (!r_.expect_map(node, "player", keys)) continue;
      PlayerState p;
      if (auto id = r_.require(node, "id", "")) {
        p.id = r_.text(*id, "id").value_or("");
        const std::size_t seat = s_.players.size();
        if (auto problem = player_id_problem(p.id)) {
          r_.error(*id, *problem);
        } else if (s_.find_player(p.id)) {
          r_.error(*id, "player id \"" + p.id + "\" is used twice");
        } else if (origin_ && seat < origin_->player_ids.size() &&
                   origin_->player_ids[seat] != p.id) {
          r_.error(*id, "player " + p.id + " is not seat " + std::to_string(seat + 1) +
                            " of game.yaml; expected " + origin_->player_ids[seat]);
        }
      }
      p.thaler = num(node, "thaler", 0, 100000);
      p.grain = num(node, "grain", 0, 100000);
      p.vp = num(node, "vp", 0, 100000);
      p.reserve = num(node, "reserve", 0, rules_.pieces.cubes_per_player);
      if (landsknechte) {
        // Rules 13.2: a season starts with one card at most for each season before it this year
        // (none in spring); the piles stay as they are after the last winter.
        const int before = seasons_before_in_year(rules_, s_.season_index);
        p.landsknechte =
            num(node, "landsknechte", 0, static_cast<int>(rules_.landsknechte.cards.size()));
        if (p.landsknechte > before) {
          r_.error(node["landsknechte"],
                   "landsknechte: " + std::to_string(p.landsknechte) + " cards turned before " +
                       season_label(rules_, s_.season_index).name() + ", but one is turned a " +
                       "season at most: at most " + std::to_string(before));
        }
      }
      if (leaders) read_leader(node, p);
      s_.players.push_back(std::move(p));
    }
    const int count = s_.player_count();
    if (!valid_player_count(s_.players.size()) || !rules_.standard_setups.contains(count)) {
      r_.error(*players, player_count_problem(s_.players.size()));
    } else if (origin_ && s_.players.size() != origin_->player_ids.size()) {
      r_.error(*players, "game.yaml has " + std::to_string(origin_->player_ids.size()) +
                             " players, this state " + std::to_string(count));
    }
  }

  /// Rules 13.3: the leader's province (null: beside the board), the statues not yet placed and
  /// the trophies taken.
  void read_leader(const YAML::Node& node, PlayerState& p) {
    if (auto leader = r_.require(node, "leader", "a province id, or null beside the board");
        leader && !leader->IsNull()) {
      const std::string id = r_.text(*leader, "leader").value_or("");
      const auto where = rules_.find_province(id);
      if (!where || rules_.province(*where).id != id) {
        r_.error(*leader, "unknown province id \"" + id + "\" for the leader");
      } else {
        p.leader = where;
        leader_nodes_.emplace_back(s_.players.size(), *leader);
      }
    }
    p.statues = num(node, "statues", 0, rules_.leaders.statues);
    statue_nodes_.push_back(node["statues"]);
    p.trophies = num(node, "trophies", 0, rules_.leaders.statues * kMaxPlayers);
  }

  /// A leader stands in a province its player holds (rules 13.3, E-13), and a player's statues
  /// beside the board and standing on it are at most their own.
  void check_leaders_and_statues() {
    for (std::size_t seat = 0; seat < statue_nodes_.size() && seat < s_.players.size(); ++seat) {
      const int own = s_.players[seat].statues + s_.statues_standing(s_.player_index(seat));
      if (own > rules_.leaders.statues) {
        r_.error(statue_nodes_[seat],
                 s_.players[seat].id + " has " + std::to_string(s_.players[seat].statues) +
                     " statues beside the board and " +
                     std::to_string(own - s_.players[seat].statues) +
                     " standing on it: " + std::to_string(own) + ", more than the " +
                     std::to_string(rules_.leaders.statues) + " a player has");
      }
    }
    for (const auto& [seat, node] : leader_nodes_) {
      const PlayerState& p = s_.players[seat];
      const std::optional<PlayerIndex>& owner = s_.at(*p.leader).owner;
      if (owner != s_.player_index(seat)) {
        r_.error(node, "the leader of " + p.id + " stands in " + rules_.province(*p.leader).id +
                           ", which " + (owner ? s_.player(*owner).id + " holds" : "is neutral") +
                           "; a leader stands in a province of its player, or is null");
      }
    }
  }

  std::optional<PlayerIndex> player(const YAML::Node& node) {
    const std::string id = r_.text(node, "player").value_or("");
    auto p = s_.find_player(id);
    if (!p) r_.error(node, "unknown player \"" + id + "\"");
    return p;
  }

  void read_provinces(const YAML::Node& root) {
    s_.provinces.assign(rules_.provinces.size(), ProvinceState{});
    auto provinces = r_.require(root, "provinces", "");
    if (!provinces || !r_.expect_map(*provinces, "provinces")) return;
    std::vector<bool> seen(rules_.provinces.size(), false);
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
      std::vector<std::string_view> keys(std::begin(kProvinceKeys), std::end(kProvinceKeys));
      if (rules_.plays(kLeadersPlacePhase)) keys.emplace_back("statues");
      r_.check_keys(node, keys, "province " + id);
      ProvinceState& p = s_.at(*pid);
      if (auto owner = r_.require(node, "owner", "a player id or null");
          owner && !owner->IsNull()) {
        p.owner = player(*owner);
      }
      p.armies = num(node, "armies", 0, rules_.pieces.cubes_per_player * kMaxPlayers);
      p.revolt_markers = num(node, "revolts", 0, rules_.pieces.revolt_markers);
      if (const YAML::Node statues = node["statues"];
          rules_.plays(kLeadersPlacePhase) && statues.IsDefined()) {
        read_statues(statues, p);
      }
      if (auto buildings = r_.require(node, "buildings", "a list");
          buildings && r_.expect_sequence(*buildings, "buildings")) {
        for (const auto& b : *buildings) {
          const std::string name = scalar_text(b);
          const auto* type = std::find_if(kAllBuildings.begin(), kAllBuildings.end(),
                                          [&](Building x) { return building_key(x) == name; });
          if (type == kAllBuildings.end()) {
            r_.error(b, "unknown building \"" + name + "\"");
          } else if (p.has(*type)) {
            r_.error(b, "building \"" + name + "\" is listed twice");
          } else {
            p.buildings[static_cast<std::size_t>(*type)] = true;
          }
        }
      }
    }
    for (std::size_t i = 0; i < seen.size(); ++i) {
      if (!seen[i]) r_.error(*provinces, "province " + rules_.provinces[i].id + " is missing");
    }
  }

  /// Rules 13.3: the statues standing in a province, by player (`{red: 1}`).
  void read_statues(const YAML::Node& node, ProvinceState& p) {
    if (!r_.expect_map(node, "statues")) return;
    if (node.size() == 0)
      r_.error(node, "statues lists the players with statues here; leave it out");
    for (const auto& entry : node) {
      const auto who = player(entry.first);
      const int n = static_cast<int>(
          r_.integer(entry.second, "statues", 1, rules_.leaders.statues).value_or(0));
      if (who) p.statues[who->value] = n;
    }
  }

  void read_supply(const YAML::Node& root) {
    auto supply = r_.require(root, "supply", "");
    if (!supply || !r_.expect_map(*supply, "supply")) return;
    r_.check_keys(*supply, kSupplyKeys, "supply");
    s_.supply.peasants = num(*supply, "peasants", 0, rules_.pieces.peasants);
    s_.supply.revolt_markers = num(*supply, "revolt_markers", 0, rules_.pieces.revolt_markers);
    for (Building type : kAllBuildings) {
      const auto b = index_of(type);
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
    r_.check_keys(*tower, kTowerKeys, "tower");
    if (auto inside = r_.require(*tower, "inside", ""))
      s_.tower.inside = counts(*inside, "tower inside");
    if (auto tray = r_.require(*tower, "tray", "")) s_.tower.tray = counts(*tray, "tower tray");
  }

  /// Rules 2.2: the draft's cards, present exactly while the draft is planned (season_index 0):
  /// every province in play once, two face up (fewer only when the pile could not give them).
  void read_draft(const YAML::Node& root) {
    const YAML::Node node = root["draft"];
    if (s_.season_index != 0) {
      if (node.IsDefined())
        r_.error(node, "draft is written only before the draft is played (season_index 0)");
      return;
    }
    auto draft = r_.require(root, "draft", "the draft's cards: {face_up: [...], pile: [...]}");
    if (!draft || !r_.expect_map(*draft, "draft")) return;
    static constexpr std::string_view kKeys[] = {"face_up", "pile"};
    r_.check_keys(*draft, kKeys, "draft");
    DraftTable table;
    std::vector<bool> seen(rules_.provinces.size(), false);
    const auto cards = [&](std::string_view key) {
      std::vector<ProvinceId> out;
      auto list = r_.require(*draft, key, "a list of province ids");
      if (!list || !r_.expect_sequence(*list, key)) return out;
      for (const auto& item : *list) {
        const std::string id = r_.text(item, "province").value_or("");
        const auto pid = rules_.find_province(id);
        if (!pid || rules_.province(*pid).id != id) {
          r_.error(item, "unknown province id \"" + id + "\" in draft." + std::string(key));
        } else if (!rules_.in_play(*pid, s_.player_count())) {
          r_.error(item, id + " is out of play with " + std::to_string(s_.player_count()) +
                             " players; the draft deals the provinces in play");
        } else if (seen[pid->value]) {
          r_.error(item, id + " is dealt twice in the draft");
        } else {
          seen[pid->value] = true;
          out.push_back(*pid);
        }
      }
      return out;
    };
    const std::vector<ProvinceId> face_up = cards("face_up");
    table.pile = cards("pile");
    if (face_up.size() > table.face_up.size() ||
        (face_up.size() < table.face_up.size() && !table.pile.empty())) {
      r_.error((*draft)["face_up"], "draft.face_up holds the two cards turned face up, not " +
                                        std::to_string(face_up.size()));
    }
    for (std::size_t i = 0; i < face_up.size() && i < table.face_up.size(); ++i)
      table.face_up[i] = face_up[i];
    for (std::size_t i = 0; i < seen.size(); ++i) {
      if (!seen[i] && rules_.in_play(ProvinceId::at(i), s_.player_count()))
        r_.error(*draft,
                 "province " + rules_.provinces[i].id + " is missing from the draft's cards");
    }
    s_.draft = std::move(table);
  }

  /// Rules 13.1: the court's pieces, written exactly in a game with the Imperial Court; the
  /// invariants check that officers and cards add up.
  void read_court(const YAML::Node& root) {
    const YAML::Node node = root["court"];
    if (!rules_.plays(kCourtConversionPhase)) {
      if (node.IsDefined()) r_.error(node, edited_expansion("a court: section", "court", false));
      return;
    }
    if (s_.draft) {  // Rules 2.2: the court is dealt when the draft has placed the armies.
      if (node.IsDefined())
        r_.error(node, "court: the court is dealt when the draft ends; the draft's state has none");
      return;
    }
    if (!node.IsDefined()) {
      r_.error(root, edited_expansion("court: section", "court", true));
      return;
    }
    const std::optional<YAML::Node> court = node;
    if (!r_.expect_map(*court, "court")) return;
    static constexpr std::string_view kKeys[] = {"officers", "kept_marker_card", "display", "deck"};
    r_.check_keys(*court, kKeys, "court");
    CourtState& c = s_.court;
    const std::size_t players = s_.players.size();
    c.officers_beside.assign(players, 0);
    c.officers_hall.assign(players, 0);
    c.marker_shield.assign(players, false);
    if (auto officers = r_.require(*court, "officers", "each player's {beside: N, hall: N}");
        officers && r_.expect_map(*officers, "officers")) {
      std::vector<std::string_view> ids;
      for (const PlayerState& p : s_.players) ids.emplace_back(p.id);
      r_.check_keys(*officers, ids, "officers");
      for (std::size_t seat = 0; seat < players; ++seat) {
        const std::string& id = s_.players[seat].id;
        auto mine = r_.require(*officers, id, "{beside: N, hall: N}");
        if (!mine || !r_.expect_map(*mine, "officers of " + id)) continue;
        static constexpr std::string_view kOfficerKeys[] = {"beside", "hall"};
        r_.check_keys(*mine, kOfficerKeys, "officers of " + id);
        c.officers_beside[seat] = num(*mine, "beside", 0, rules_.court.officers);
        c.officers_hall[seat] = num(*mine, "hall", 0, rules_.court.officers);
      }
    }
    for (const auto& p : lists_players(*court, "kept_marker_card")) {
      if (c.marker_shield[p.value])
        r_.error((*court)["kept_marker_card"],
                 "kept_marker_card names " + s_.player(p).id + " twice; there is one card #4");
      c.marker_shield[p.value] = true;
    }
    const int cards = static_cast<int>(rules_.court.cards.size());
    const auto numbers = [&](std::string_view key, int min) {
      std::vector<int> out;
      auto list = r_.require(*court, key, "favour card numbers");
      if (!list || !r_.expect_sequence(*list, key)) return out;
      for (const auto& item : *list)
        out.push_back(static_cast<int>(r_.integer(item, std::string(key), min, cards).value_or(0)));
      return out;
    };
    c.display = numbers("display", 0);
    c.deck = numbers("deck", 1);
    if (c.display.size() != rules_.court.display.size()) {
      r_.error((*court)["display"], "display holds one card number (0: empty) for each of the " +
                                        std::to_string(rules_.court.display.size()) + " spaces");
    } else if (!std::is_sorted(c.display.begin(), c.display.end(), std::greater<>())) {
      r_.error((*court)["display"],
               "display lies highest card first on the costliest space, empty spaces (0) last");
    }
  }

  /// A list of player ids under `key` of `map`.
  std::vector<PlayerIndex> lists_players(const YAML::Node& map, std::string_view key) {
    std::vector<PlayerIndex> out;
    auto list = r_.require(map, key, "a list of player ids");
    if (!list || !r_.expect_sequence(*list, key)) return out;
    for (const auto& item : *list) {
      if (auto p = player(item)) out.push_back(*p);
    }
    return out;
  }

  const YamlFile& file_;
  YamlReader r_;
  const Ruleset& rules_;
  const StateOrigin* origin_;
  GameState s_;
  std::vector<std::pair<std::size_t, YAML::Node>> leader_nodes_;  ///< seat, its `leader:` value
  std::vector<YAML::Node> statue_nodes_;  ///< by seat, each player's `statues:` value
  StateLists lists_;
};

}  // namespace

GameState read_state(const SourceFile& source, const Ruleset& rules, const StateOrigin* origin) {
  const YamlFile file = YamlFile::parse(source);
  return StateReader(file, rules, origin).read();
}

}  // namespace wallenstein
