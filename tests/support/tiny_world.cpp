#include "tiny_world.hpp"

#include <algorithm>
#include <stdexcept>

#include "support/base_spaces.hpp"

namespace wallenstein::testing {

namespace {

/// Six provinces in two regions, a ring a - b - c - d - e - f - a plus the chord b - e.
void add_map(Ruleset& rules) {
  rules.regions = {{"north", "North"}, {"south", "South"}};
  const std::vector<std::string> ids = {"a", "b", "c", "d", "e", "f"};
  for (std::size_t i = 0; i < ids.size(); ++i) {
    Province p;
    p.id = ids[i];
    p.name = "Province " + ids[i];
    p.region = RegionId::at(i < 3 ? 0 : 1);
    p.grain = 2 + static_cast<int>(i);
    p.tax = 7 - static_cast<int>(i);
    p.sites = 2;
    rules.provinces.push_back(p);
  }
  auto link = [&](std::size_t x, std::size_t y) {
    rules.provinces[x].neighbours.push_back(ProvinceId::at(y));
    rules.provinces[y].neighbours.push_back(ProvinceId::at(x));
  };
  for (std::size_t i = 0; i < 6; ++i) link(i, (i + 1) % 6);
  link(1, 4);
  rules.index_names();
}

/// Every event card effect and every bonus tile of the real game, with the real numbers.
void add_events_and_tiles(Ruleset& rules) {
  auto event = [](std::string id, EventEffect effect, int value, int loss) {
    EventCard e;
    e.id = std::move(id);
    e.name = e.id;
    e.effect = effect;
    e.value = value;
    e.winter_loss = loss;
    if (effect == EventEffect::army_shortage) {
      e.place_limits = {{space::armies5, 3}, {space::armies3, 2}};
    }
    return e;
  };
  rules.events = {event("trade_house_calms_1", EventEffect::trading_house_calms, 1, 5),
                  event("palace_guard_1", EventEffect::palace_guard, 1, 2),
                  event("tax_max_5", EventEffect::tax_max, 5, 0),
                  event("tax_min_6", EventEffect::tax_min, 6, 2),
                  event("grain_min_4", EventEffect::grain_min, 4, 3),
                  event("grain_max_3", EventEffect::grain_max, 3, 4),
                  event("angry_peasants", EventEffect::neutral_peasants, 2, 3),
                  event("religious_peace_1", EventEffect::religious_peace, 0, 3),
                  event("army_shortage", EventEffect::army_shortage, 0, 1)};
  rules.tiles = {{"thaler", "+1 thaler", TileEffect::taxes_bonus, 1, {}},
                 {"grain", "+1 grain", TileEffect::grain_bonus, 1, {}},
                 {"armies", "6 armies", TileEffect::armies_bonus, 1, space::armies5},
                 {"attack", "+1 attack", TileEffect::attack_cubes, 1, {}},
                 {"defense", "+1 defense", TileEffect::defense_cubes, 1, {}}};
}

/// The action spaces with their costs and armies, and the supply table.
void add_actions(Ruleset& rules) {
  const std::array<std::pair<int, int>, space::kCount> numbers = {
      {{3, 0}, {2, 0}, {1, 0}, {0, 0}, {0, 0}, {3, 5}, {2, 3}, {1, 1}, {0, 0}, {0, 0}}};
  rules.actions.resize(space::kAll.size());
  for (Action a : space::kAll) {
    ActionDef& def = rules.actions[index_of(a)];
    def.action = a;
    def.id = space::key(a);
    def.cost = numbers[index_of(a)].first;
    def.armies = numbers[index_of(a)].second;
    if (a == space::palace || a == space::church || a == space::trading_house) {
      def.kind = ActionKind::build;
      def.builds = kAllBuildings[index_of(a)];
    } else if (a == space::grain || a == space::taxes) {
      def.kind = ActionKind::collect;
      def.collects = a == space::grain ? Resource::grain : Resource::thaler;
    } else if (a == space::battle_a || a == space::battle_b) {
      def.kind = ActionKind::battle;
    } else {
      def.kind = ActionKind::place;
      def.move = a == space::army1;
    }
  }
  rules.supply_table = {
      {1, 1, 1, 1}, {2, 2, 1, 2}, {3, 4, 2, 2}, {5, 6, 2, 3}, {7, std::nullopt, 3, 3}};
}

}  // namespace

TinyWorld::TinyWorld(int players) {
  add_map(rules);
  add_events_and_tiles(rules);
  add_actions(rules);

  state.game = "tiny";
  for (int i = 0; i < players; ++i) {
    static constexpr std::array<const char*, 3> kIds = {"red", "blue", "yellow"};
    state.players.push_back(
        PlayerState{kIds[static_cast<std::size_t>(i)], 20, 0, 0, rules.pieces.cubes_per_player});
    state.turn_order.push_back(player(i));
  }
  state.provinces.assign(rules.provinces.size(), ProvinceState{});
  state.supply = Supply{rules.pieces.peasants, rules.pieces.revolt_markers, rules.pieces.buildings};
  for (std::size_t i = 0; i < rules.events.size(); ++i) state.event_deck.push_back(EventId::at(i));
  state.events_left = {EventId{2}};  // tax_max_5 unless a test picks another
  state.year_events = state.events_left;
  state.action_cards.assign(space::kAll.begin(), space::kAll.end());
  // Positions 1 and 2 hold tiles that change no income, so tests see the printed numbers
  // unless they choose the tiles themselves.
  tiles({"defense", "armies", "attack", "thaler", "grain"});
  state.rng = Rng(7).state();
}

ProvinceId TinyWorld::p(const std::string& id) const {
  auto found = rules.find_province(id);
  if (!found) throw std::invalid_argument("no tiny province " + id);
  return *found;
}

void TinyWorld::take_from_reserve(int seat, int armies) {
  state.players[static_cast<std::size_t>(seat)].reserve -= armies;
}

TinyWorld& TinyWorld::give(const std::string& province, int seat, int armies) {
  ProvinceState& s = state.at(p(province));
  if (s.owner) state.player(*s.owner).reserve += s.armies;
  s.owner = player(seat);
  s.armies = armies;
  take_from_reserve(seat, armies);
  return *this;
}

TinyWorld& TinyWorld::build(const std::string& province, Building b) {
  state.at(p(province)).buildings[index_of(b)] = true;
  --state.supply.buildings[index_of(b)];
  return *this;
}

TinyWorld& TinyWorld::markers(const std::string& province, int count) {
  state.at(p(province)).revolt_markers += count;
  state.supply.revolt_markers -= count;
  return *this;
}

TinyWorld& TinyWorld::event(const std::string& id) {
  state.events_left = {*rules.find_event(id)};
  state.year_events = state.events_left;
  return *this;
}

TinyWorld& TinyWorld::slots(std::initializer_list<Action> first) {
  std::vector<Action> order(first);
  for (Action a : space::kAll) {
    if (std::find(order.begin(), order.end(), a) == order.end()) order.push_back(a);
  }
  state.action_cards = order;
  return *this;
}

TinyWorld& TinyWorld::tiles(std::initializer_list<std::string> order) {
  state.bonus_tiles.clear();
  for (const auto& id : order) state.bonus_tiles.push_back(*rules.find_tile(id));
  return *this;
}

TinyWorld& TinyWorld::first_edition() {
  std::replace(rules.season_phases.begin(), rules.season_phases.end(), std::string(kBidsPhase),
               std::string(kDrawTurnOrderPhase));
  rules.peasants_defend_up_to_markers = 1;
  rules.neutral_conquest_markers = 1;
  rules.peasants_alone_tie = false;
  rules.winter_marker_before_revolt = false;
  rules.scoring.tie_breaks = {TieBreakKey::palaces, TieBreakKey::churches,
                              TieBreakKey::trading_houses};
  state.bonus_tiles.clear();
  return *this;
}

Orders TinyWorld::orders(int seat, int coin) const {
  Orders o;
  o.player = player(seat);
  o.bid = Bid{BidKind::coin, coin, ProvinceId{}};
  return o;
}

Orders& TinyWorld::act(Orders& o, Action a, const std::string& province, const std::string& target,
                       ArmyCount armies, int min_armies) const {
  ActionOrder order;
  order.province = p(province);
  if (!target.empty()) order.target = p(target);
  order.armies = armies;
  order.min_armies = min_armies;
  o.actions[index_of(a)] = order;
  return o;
}

SeasonResult TinyWorld::resolve(const std::vector<Orders>& orders, TowerModel* tower) const {
  ResolveOptions options;
  options.tower = tower;
  return resolve_season(state, orders, {}, rules, options);
}

void ScriptedTower::drop(const CubeCounts& inside, const CubeCounts& thrown, Rng&,
                         CubeCounts& released, CubeCounts& stuck) {
  if (next_ >= outcomes_.size()) throw std::logic_error("the scripted tower ran out of outcomes");
  const CubeCounts& out = outcomes_[next_++];
  for (std::size_t c = 0; c < out.n.size(); ++c) {
    released.n[c] = std::min(inside.n[c], out.n[c]);
    const int through = out.n[c] - released.n[c];
    if (through > thrown.n[c])
      throw std::logic_error("the scripted outcome lets out more cubes than there are");
    stuck.n[c] = thrown.n[c] - through;
  }
}

CubeCounts cubes(std::initializer_list<int> players, int peasants) {
  CubeCounts c;
  std::size_t i = 0;
  for (int n : players) c.n[i++] = n;
  c.peasants() = peasants;
  return c;
}

}  // namespace wallenstein::testing
