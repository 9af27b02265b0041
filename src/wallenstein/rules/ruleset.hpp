#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wallenstein/rules/court.hpp"
#include "wallenstein/rules/ids.hpp"
#include "wallenstein/rules/rng.hpp"
#include "wallenstein/rules/rules_version.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {

/// A point in a 2D layout (board coordinates or projected geography).
struct Point {
  double x = 0;
  double y = 0;
  bool operator==(const Point&) const = default;
};

/// One of the five regions (rules 1).
struct Region {
  std::string id;
  std::string name;
  bool operator==(const Region&) const = default;
};

/// One of the 45 provinces with its printed values (rules 1, data/provinces.yaml).
struct Province {
  std::string id;
  std::string name;
  std::vector<std::string> aliases;
  RegionId region;
  int grain = 0;
  int tax = 0;
  int sites = 0;
  bool excluded_3p = false;
  double lat = 0;
  double lon = 0;
  Point board;
  std::vector<ProvinceId> neighbours;
  bool operator==(const Province&) const = default;
};

/// What an event card changes during its season (data/events.yaml).
enum class EventEffect : std::uint8_t {
  trading_house_calms,
  palace_guard,
  tax_max,
  tax_min,
  grain_max,
  grain_min,
  neutral_peasants,
  religious_peace,
  army_shortage,
};

/// An event card (rules 4.4, 9.1).
struct EventCard {
  std::string id;
  std::string name;
  std::string text;
  EventEffect effect = EventEffect::tax_max;
  int value = 0;
  /// army_shortage: the most cubes each place space it names places (events.yaml keys the
  /// numbers by the spaces' ids); a space not named is not limited.
  std::vector<std::pair<Action, int>> place_limits;
  int winter_loss = 0;

  /// The most cubes `space` places this season under this event, if the event limits it.
  std::optional<int> place_limit(Action space) const {
    for (const auto& [limited, most] : place_limits) {
      if (limited == space) return most;
    }
    return std::nullopt;
  }
  bool operator==(const EventCard&) const = default;
};

/// What a bonus tile gives its holder (rules 6).
enum class TileEffect : std::uint8_t {
  taxes_bonus,
  grain_bonus,
  armies_bonus,  ///< more armies placed by the place space `BonusTile::space`
  attack_cubes,
  defense_cubes
};

/// A bonus tile (rules 6).
struct BonusTile {
  std::string id;
  std::string name;
  TileEffect effect = TileEffect::taxes_bonus;
  int value = 0;
  Action space;  ///< armies_bonus: the place space it adds to
  /// Where room is short (the map's scoreboard): the id in English (left empty), the name in
  /// another language.
  std::string short_name = {};
  bool operator==(const BonusTile&) const = default;
};

/// How an action card works (rules 5, data/actions.yaml).
enum class ActionKind : std::uint8_t { build, collect, place, battle };

/// The numbers of one action space and its card (a row of actions.yaml). Every rule of an action
/// reads these, so that a module may add a space or change one by data alone.
struct ActionDef {
  Action action;   ///< its place on the board, which is its place in `Ruleset::actions`
  std::string id;  ///< its key in order files, logs and states
  std::string name;
  std::string short_name;  ///< where room is short (a favour card's words): "battle A"
  ActionKind kind = ActionKind::build;
  int cost = 0;
  Building builds = Building::palace;
  Resource collects = Resource::grain;
  int armies = 0;
  bool move = false;
  bool operator==(const ActionDef&) const = default;
};

/// The action spaces 0, 1, 2... of a board, as `Action` values.
struct ActionSpaces {
  std::size_t count = 0;
  struct Iterator {
    std::size_t at = 0;
    Action operator*() const { return Action::at(at); }
    Iterator& operator++() {
      ++at;
      return *this;
    }
    bool operator==(const Iterator&) const = default;
  };
  Iterator begin() const { return Iterator{0}; }
  Iterator end() const { return Iterator{count}; }
};

/// One row of the winter supply table (rules 9.2).
struct SupplyRow {
  int unsupplied_min = 1;
  std::optional<int> unsupplied_max;
  int revolt_count = 0;
  int extra_peasants = 0;
  bool operator==(const SupplyRow&) const = default;
};

/// The combat tower model's parameters (rules 8.4).
struct TowerParams {
  Fraction p_through{2, 3};
  Fraction p_release{1, 3};
  int fill_cubes_per_player = 7;
  int fill_peasants = 10;
  bool operator==(const TowerParams&) const = default;
};

/// The finite supplies (rules 1).
struct Pieces {
  int cubes_per_player = 62;
  int peasants = 20;
  int revolt_markers = 42;
  std::array<int, kBuildingTypes> buildings{28, 26, 26};
  bool operator==(const Pieces&) const = default;
};

/// What decides between players with as many VP at the end (rules 10; the 1st edition, rules 12).
enum class TieBreakKey : std::uint8_t { thaler, palaces, churches, trading_houses };
/// Every tie-break, for readers of rules.yaml.
inline constexpr std::array<TieBreakKey, 4> kAllTieBreakKeys = {
    TieBreakKey::thaler, TieBreakKey::palaces, TieBreakKey::churches, TieBreakKey::trading_houses};
static_assert(lists_in_order(kAllTieBreakKeys));
/// The tie-break's key in rules.yaml and in the reports' data: thaler, palaces, churches,
/// trading_houses.
std::string_view tie_break_key(TieBreakKey key);

/// Victory point values (rules 9.3) and the final tie-breaks (rules 10).
struct ScoringRules {
  int vp_per_province = 1;
  int vp_per_building = 1;
  std::array<int, kBuildingTypes> majority{3, 2, 1};
  int tie_penalty = 1;
  std::vector<TieBreakKey> tie_breaks{TieBreakKey::thaler};  ///< the first that differs decides
  bool operator==(const ScoringRules&) const = default;
};

/// A standard starting position: for each seat, the provinces and the armies placed there.
struct StandardSetup {
  std::vector<std::vector<std::pair<ProvinceId, int>>> seats;
  bool operator==(const StandardSetup&) const = default;
};

/// One card of a Landsknechte pile below the blank: what each bonus it offers gives (0: not
/// offered).
struct LandsknechtCard {
  std::array<int, kAllLandsknechtBonuses.size()> amount{};
  bool offers(LandsknechtBonus bonus) const { return amount[index_of(bonus)] > 0; }
  int of(LandsknechtBonus bonus) const { return amount[index_of(bonus)]; }
  bool operator==(const LandsknechtCard&) const = default;
};

/// The Landsknechte expansion's pile (modules/landsknechte/landsknechte.yaml, rules 13.2).
struct LandsknechtRules {
  int min_regions = 0;
  std::vector<LandsknechtCard> cards;  ///< the first success of the year takes cards[0]
  LandsknechtBonus fallback = LandsknechtBonus::thaler;
  bool operator==(const LandsknechtRules&) const = default;
};

/// What a military leader changes in an action played in its province (rules 13.3): thaler
/// added to the cost (never below 0), to the grain or thaler collected, and to the armies placed.
struct LeaderBonus {
  int cost = 0;
  int amount = 0;
  int armies = 0;
  bool operator==(const LeaderBonus&) const = default;
};

/// The military leaders expansion (modules/leaders/leaders.yaml, rules 13.3).
struct LeaderRules {
  int statues = 0;
  int vp_per_statue = 0;
  int vp_per_trophy = 0;
  std::array<LeaderBonus, kMaxActionSpaces> bonuses{};
  const LeaderBonus& bonus(Action a) const { return bonuses[index_of(a)]; }
  bool operator==(const LeaderRules&) const = default;
};

/// An expansion or edition of the data (modules/<id>/module.yaml): the season phases and order-file
/// sections it adds to the base game, and whether this game plays it. Its tables (events, tiles...)
/// are laid over the base game's when it is on.
struct Module {
  std::string id;                           ///< the folder's name, as game.yaml lists it
  std::string name;                         ///< for messages: "Imperial Court"
  std::string kind;                         ///< expansion | edition
  std::vector<std::string> phases;          ///< placed by rules.yaml's season_phases
  std::vector<std::string> replaces;        ///< an edition: the base game's phases it replaces
  std::vector<std::string> order_sections;  ///< top-level keys of an order file
  bool on = false;
  /// Its title in the language of the reports (a language's words.yaml), when not English.
  std::string title_words = {};

  /// How messages name it: "Imperial Court expansion", "1st edition".
  std::string title() const {
    if (!title_words.empty()) return title_words;
    return kind == "expansion" ? name + " expansion" : name;
  }
  bool operator==(const Module&) const = default;
};

/// Everything the rules fix: the map, cards, costs and tables, loaded from data/, and the rules
/// version the game plays (set from the game; new games take the current one).
struct Ruleset {
  int version = kCurrentRulesVersion;
  int edition = 2;  ///< the rulebook's edition: 2, or 1 with the 1st edition's module (rules 12)
  std::vector<Region> regions;
  std::vector<Province> provinces;  ///< sorted by id
  std::vector<EventCard> events;
  std::vector<BonusTile> tiles;
  std::vector<ActionDef> actions;  ///< the action spaces in board order (rules 5)
  std::vector<SupplyRow> supply_table;
  /// The supply table's row for a player `unsupplied` grain short (rules 9.2), if any; none for a
  /// player not short (0 or less).
  const SupplyRow* supply_row(int unsupplied) const;
  TowerParams tower;
  Pieces pieces;
  std::vector<int> coin_cards{0, 1, 2, 3, 4};
  std::vector<int> years{1618, 1619};
  std::vector<SeasonName> seasons{SeasonName::spring, SeasonName::summer, SeasonName::autumn};
  /// The phases every season of this game plays, in order: the base game's and its modules'
  /// (rules.yaml: season_phases).
  std::vector<std::string> season_phases{kBaseGamePhases.begin(), kBaseGamePhases.end()};
  std::map<int, int> starting_thaler;
  int events_per_year = 4;
  int face_up_slots = 5;         ///< action-card slots published when a season opens (rules 4.1)
  int provinces_per_region = 9;  ///< the board's regions are equal (rules 1); checked when loading
  int min_source_armies = 2;
  int neutral_peasants = 1;
  /// Rules 8.2: the peasants out of the tower fight for a defender whose province has at most this
  /// many revolt markers (the 1st edition: 1, rules 12).
  int peasants_defend_up_to_markers = 0;
  /// Rules 8.3: a defender whose peasants alone outnumber the attacker ties (2nd edition); the 1st
  /// edition's defender holds the province (D-52, from rules version 3: see
  /// `peasants_alone_hold`).
  bool peasants_alone_tie = true;
  /// Revolt markers put on a neutral province when it is taken (D-6: none; the 1st edition: 1).
  int neutral_conquest_markers = 0;
  /// Rules 9.2, D-10: a province drawn to revolt in winter first gets a marker (not in the 1st
  /// edition).
  bool winter_marker_before_revolt = true;
  ScoringRules scoring;
  std::map<int, std::vector<int>> army_groups;
  std::map<int, StandardSetup> standard_setups;
  std::vector<Module> modules;    ///< every module of the data, sorted by id, on or not
  LandsknechtRules landsknechte;  ///< empty unless the game plays the Landsknechte
  LeaderRules leaders;            ///< empty unless the game plays the military leaders
  CourtRules court;               ///< empty unless the game plays the Imperial Court

  /// The module whose order-file section `key` is (on or not), or null for a base game key.
  const Module* section_owner(std::string_view key) const;
  /// The module that adds season phase `phase` (on or not), or null for a base game phase.
  const Module* phase_owner(std::string_view phase) const;
  /// Whether this game's seasons play the phase (the base game's, or a module's that is on).
  bool plays(std::string_view phase) const {
    return std::find(season_phases.begin(), season_phases.end(), phase) != season_phases.end();
  }
  /// Whether players bid for the turn order and take bonus tiles (rules 4.5; not in the 1st
  /// edition, rules 12).
  bool has_bids() const { return plays(kBidsPhase); }

  /// The decisions in force under this ruleset's rules version.
  RuleChanges changes() const { return RuleChanges::for_version(version); }
  /// Whether a player defender holds a province with the peasants alone in the tray, none of
  /// their own cubes (D-52: the 1st edition's rule, from rules version 3).
  bool peasants_alone_hold() const {
    return !peasants_alone_tie && changes().first_edition_peasants_hold;
  }
  const Province& province(ProvinceId id) const { return provinces[id.value]; }
  const ActionDef& action(Action a) const { return actions[index_of(a)]; }
  /// How many action spaces a player board has (and action cards the deck).
  int action_count() const { return static_cast<int>(actions.size()); }
  /// Every action space, in board order (for a range-for).
  ActionSpaces action_spaces() const { return ActionSpaces{actions.size()}; }
  /// The space with this id (an order file's key), if the board has one.
  std::optional<Action> find_action(std::string_view id) const;
  /// The first space of this kind that collects `resource`, or builds `building`, if any.
  std::optional<Action> collect_space(Resource resource) const;
  std::optional<Action> build_space(Building building) const;
  /// Every space of a kind, in board order; every space collecting `resource`, or building
  /// `building`.
  std::vector<Action> spaces_of(ActionKind kind) const;
  std::vector<Action> spaces_collecting(Resource resource) const;
  std::vector<Action> spaces_building(Building building) const;
  /// The ids of every space, or of every space of a kind, in board order (they view `actions`).
  std::vector<std::string_view> action_ids() const;
  std::vector<std::string_view> action_ids(ActionKind kind) const;
  const EventCard& event(EventId id) const { return events[id.value]; }
  const BonusTile& tile(TileId id) const { return tiles[id.value]; }

  /// Whether a province can be entered in a game with this many players (rules 1).
  bool in_play(ProvinceId id, int player_count) const {
    return player_count > 3 || !province(id).excluded_3p;
  }
  /// Every province in play with this many players, by id.
  std::vector<ProvinceId> provinces_in_play(int player_count) const;
  /// The army groups of each player's board with this many players (rules 2.1), largest first;
  /// empty when the data has none for that count.
  std::vector<int> army_groups_of(int player_count) const;
  bool adjacent(ProvinceId a, ProvinceId b) const;

  /// Finds a province by id, display name or alias, ignoring case, diacritics and punctuation.
  std::optional<ProvinceId> find_province(std::string_view name) const;
  /// Up to `limit` province names close to a misspelt one, nearest first.
  std::vector<std::string> nearest_province_names(std::string_view name,
                                                  std::size_t limit = 3) const;
  std::optional<TileId> find_tile(std::string_view id) const;
  std::optional<EventId> find_event(std::string_view id) const;
  std::optional<RegionId> find_region(std::string_view id) const;

  /// Builds the name index and neighbour masks; call once after filling the tables.
  /// Returns each name that matches more than one province, with two of those provinces.
  struct NameClash {
    std::string name;
    ProvinceId first;
    ProvinceId second;
  };
  std::vector<NameClash> index_names();

  /// Whether action-card slot `slot` (1 to the number of spaces) may be seen: every slot once the
  /// season is resolved, only the first `face_up_slots` while it is planned (rules 4.1). Every view
  /// asks this.
  bool slot_visible(int slot, bool resolved) const { return resolved || slot <= face_up_slots; }
  /// How many of `cards` dealt action cards may be seen, slot 1 first (slot_visible).
  int visible_slots(std::size_t cards, bool resolved) const {
    const int dealt = static_cast<int>(cards);
    return resolved ? dealt : std::min(dealt, face_up_slots);
  }

  /// Number of action seasons in the game (years x seasons).
  int season_count() const { return static_cast<int>(years.size() * seasons.size()); }

  /// Every field, the private indexes too (kept rulesets are read back equal).
  bool operator==(const Ruleset&) const = default;

 private:
  std::vector<std::pair<std::string, ProvinceId>> name_index_;  ///< sorted by key
  std::vector<std::uint64_t> neighbour_mask_;  ///< bit b of [a]: b is a's neighbour
  static_assert(kMaxProvinces <= 64, "a province's neighbours fit one 64-bit mask");
};

}  // namespace wallenstein
