#include "adapters/report/model.hpp"

#include <algorithm>

namespace wallenstein::report {
namespace {

using kainjow::mustache::list;
using kainjow::mustache::object;

std::string str(int n) { return std::to_string(n); }

/// Builds the template data with this game's names.
class Builder {
 public:
  explicit Builder(const SeasonView& in) : in_(in), rules_(*in.rules), before_(*in.start), after_(*in.after) {}

  std::string player(PlayerIndex p) const { return in_.config->players[p.value].name; }
  std::string province(ProvinceId p) const { return rules_.province(p).name; }

  Data player_ref(PlayerIndex p) const {
    Data d;
    d["name"] = player(p);
    d["id"] = before_.player(p).id;
    return d;
  }

  /// Cubes by colour, each {n, colour, one, peasant, last}.
  Data cubes(const CubeCounts& counts) const {
    list items;
    for (std::size_t i = 0; i <= before_.players.size(); ++i) {
      const bool peasants = i == before_.players.size();
      const int n = peasants ? counts.peasants() : counts.n[i];
      if (n == 0) continue;
      Data c;
      c["n"] = str(n);
      c["colour"] = peasants ? std::string() : before_.players[i].id;
      c["peasant"] = peasants;
      c["one"] = n == 1;
      items.push_back(c);
    }
    mark_last(items);
    return items.empty() ? Data(false) : Data(items);
  }

  static void mark_last(list& items) {
    for (std::size_t i = 0; i < items.size(); ++i) items[i]["last"] = i + 1 == items.size();
  }

  Data names(const std::vector<std::string>& values) const {
    list items;
    for (const auto& v : values) {
      Data d;
      d["name"] = v;
      items.push_back(d);
    }
    mark_last(items);
    return items;
  }

  Data step(const LogEntry& entry) const {
    Data d;
    std::visit([&](const auto& e) { fill(d, e); }, entry);
    return d;
  }

  void fill(Data& d, const Cancelled& c) const {
    Data x;
    x["player"] = player(c.player);
    x["action"] = rules_.action(c.action).name;
    x["province"] = province(c.province);
    x["need"] = str(c.need);
    x["have"] = str(c.have);
    if (c.target) x["target"] = province(*c.target);
    x["holder"] = c.holder ? player(*c.holder) : std::string();
    x["neutral"] = !c.holder.has_value();
    x["move_only"] = c.move_only;
    switch (c.reason) {
      case CancelReason::province_lost: x["province_lost"] = true; break;
      case CancelReason::not_enough_thaler: x["not_enough_thaler"] = true; break;
      case CancelReason::not_enough_reserve: x["not_enough_reserve"] = true; break;
      case CancelReason::no_building_left: x["no_building_left"] = true; break;
      case CancelReason::already_built: x["already_built"] = true; break;
      case CancelReason::no_free_site: x["no_free_site"] = true; break;
      case CancelReason::too_few_armies: x["too_few_armies"] = true; break;
      case CancelReason::min_armies_not_met: x["min_armies_not_met"] = true; break;
      case CancelReason::target_protected: x["target_protected"] = true; break;
      case CancelReason::move_target_not_own: x["move_target_not_own"] = true; break;
    }
    d["cancelled"] = std::move(x);
  }

  void fill(Data& d, const Built& b) const {
    Data x;
    x["player"] = player(b.player);
    x[std::string(building_key(b.building))] = true;
    x["province"] = province(b.province);
    x["cost"] = str(b.cost);
    x["calmed"] = b.markers_removed > 0;
    x["markers_removed"] = str(b.markers_removed);
    if (b.event) x["event"] = rules_.event(*b.event).name;
    d["built"] = std::move(x);
  }

  void fill(Data& d, const Collected& c) const {
    Data x;
    x["player"] = player(c.player);
    x["province"] = province(c.province);
    x["thaler"] = c.resource == Resource::thaler;
    x["grain"] = c.resource == Resource::grain;
    x["amount"] = str(c.amount);
    x["base"] = str(c.base);
    x["total"] = str(c.total_after);
    x["explained"] = c.event.has_value() || c.tile_bonus > 0;
    if (c.event) {
      x["event"] = rules_.event(*c.event).name;
      x["limit"] = str(c.after_event);
      x["cap"] = c.after_event < c.base;
      x["floor"] = c.after_event > c.base;
    }
    x["tile"] = c.tile_bonus > 0;
    x["tile_bonus"] = str(c.tile_bonus);
    d["collected"] = std::move(x);
  }

  void fill(Data& d, const Placed& p) const {
    Data x;
    x["player"] = player(p.player);
    x["province"] = province(p.province);
    x["action"] = rules_.action(p.action).name;
    x["count"] = str(p.count);
    x["one"] = p.count == 1;
    x["cost"] = str(p.cost);
    x["base"] = str(p.base);
    x["explained"] = p.event.has_value() || p.tile_bonus > 0;
    if (p.event) x["event"] = rules_.event(*p.event).name;
    x["limited"] = p.event.has_value();
    x["after_event"] = str(p.count - p.tile_bonus);
    x["tile"] = p.tile_bonus > 0;
    x["tile_bonus"] = str(p.tile_bonus);
    d["placed"] = std::move(x);
  }

  void fill(Data& d, const Moved& m) const {
    Data x;
    x["player"] = player(m.player);
    x["from"] = province(m.from);
    x["to"] = province(m.to);
    x["count"] = str(m.count);
    x["one"] = m.count == 1;
    x["action"] = rules_.action(m.action).name;
    d["moved"] = std::move(x);
  }

  void fill(Data& d, const Battle& b) const {
    Data x;
    x["attacker"] = player(b.attacker);
    x["attacker_id"] = before_.player(b.attacker).id;
    x["defender"] = b.defender ? player(*b.defender) : std::string();
    x["defender_id"] = b.defender ? before_.player(*b.defender).id : std::string();
    x["neutral"] = !b.defender.has_value();
    x["from"] = province(b.from);
    x["target"] = province(b.target);
    x["attacking"] = str(b.attacking);
    x["attacking_one"] = b.attacking == 1;
    x["defending"] = str(b.defending);
    x["defending_one"] = b.defending == 1;
    x["peasants_one"] = b.peasants == 1;
    x["attack_bonus"] = b.attack_bonus > 0;
    x["defense_bonus"] = b.defense_bonus > 0;
    x["palace_guard"] = b.palace_guard > 0;
    x["peasants"] = str(b.peasants);
    x["thrown"] = cubes(b.tower.fighting);
    x["from_tray"] = cubes(b.tower.from_tray);
    x["tray_any"] = b.tower.from_tray.total() > 0;
    x["out"] = cubes(b.tower.out);
    x["attacker_count"] = str(b.attacker_count);
    x["defender_count"] = str(b.defender_count);
    x["defender_peasants"] = b.defender_peasants > 0 && b.defender.has_value();
    x["peasant_count"] = str(b.defender_peasants);
    x["peasant_count_one"] = b.defender_peasants == 1;
    x["bystanders"] = b.defender.has_value() && b.revolt_markers;
    x["won"] = b.result == BattleResult::attacker;
    x["lost"] = b.result == BattleResult::defender;
    x["tie"] = b.result == BattleResult::tie;
    x["survivors"] = str(b.survivors);
    x["survivors_one"] = b.survivors == 1;
    x["buildings_lost"] = b.buildings_lost > 0;
    x["buildings_lost_count"] = str(b.buildings_lost);
    d["battle"] = std::move(x);
  }

  void fill(Data& d, const Revolt& r) const {
    Data x;
    x["player"] = player(r.player);
    x["province"] = province(r.province);
    x["grain"] = r.cause == RevoltCause::grain;
    x["taxes"] = r.cause == RevoltCause::taxes;
    x["winter"] = r.cause == RevoltCause::winter;
    x["markers"] = str(r.markers);
    x["extra"] = r.extra_peasants > 0;
    x["extra_peasants"] = str(r.extra_peasants);
    x["peasants"] = str(r.peasants);
    x["defending"] = str(r.defending);
    x["defending_one"] = r.defending == 1;
    x["markers_one"] = r.markers == 1;
    x["peasants_one"] = r.peasants == 1;
    x["thrown"] = cubes(r.tower.fighting);
    x["from_tray"] = cubes(r.tower.from_tray);
    x["tray_any"] = r.tower.from_tray.total() > 0;
    x["out"] = cubes(r.tower.out);
    x["player_count"] = str(r.player_count);
    x["peasant_count"] = str(r.peasant_count);
    x["won"] = r.player_won;
    x["survivors"] = str(r.survivors);
    x["survivors_one"] = r.survivors == 1;
    x["buildings_lost"] = r.buildings_lost > 0;
    x["buildings_lost_count"] = str(r.buildings_lost);
    d["revolt"] = std::move(x);
  }

  void fill(Data& d, const MarkerAdded& m) const {
    Data x;
    x["player"] = player(m.player);
    x["province"] = province(m.province);
    x["markers"] = str(m.markers_after);
    x["one"] = m.markers_after == 1;
    x["supply_empty"] = m.supply_empty;
    d["marker"] = std::move(x);
  }

  Data what_happened(const SeasonLog& log) const {
    Data d;
    const EventCard& event = rules_.event(log.event);
    d["event_name"] = event.name;
    d["event_text"] = event.text;
    list bids;
    for (const BidRecord& b : log.bids) {
      Data x = player_ref(b.player);
      x["coin"] = b.bid.kind == BidKind::coin;
      x["value"] = str(b.bid.coin);
      x["province_card"] = b.bid.kind == BidKind::province;
      if (b.bid.kind == BidKind::province) x["province"] = province(b.bid.province);
      x["none"] = b.bid.kind == BidKind::none;
      bids.push_back(x);
    }
    mark_last(bids);
    d["bids"] = bids;
    list order;
    for (std::size_t i = 0; i < log.turn_order.size(); ++i) {
      Data x = player_ref(log.turn_order[i]);
      x["position"] = str(static_cast<int>(i) + 1);
      for (const auto& [p, t] : log.tiles) {
        if (p == log.turn_order[i]) x["tile"] = rules_.tile(t).name;
      }
      order.push_back(x);
    }
    mark_last(order);
    d["turn_order"] = order;
    list slots;
    for (int slot = 1; slot <= kActionCount; ++slot) {
      Data s;
      s["slot"] = str(slot);
      s["action"] = rules_.action(log.action_cards[static_cast<std::size_t>(slot - 1)]).name;
      list steps;
      for (const LogEntry& e : log.entries) {
        const int entry_slot = std::visit([](const auto& x) { return x.slot; }, e);
        if (entry_slot == slot) steps.push_back(step(e));
      }
      s["steps"] = steps.empty() ? Data(false) : Data(steps);
      slots.push_back(s);
    }
    d["slots"] = slots;
    if (log.winter) d["winter"] = winter(*log.winter);
    return d;
  }

  Data winter(const WinterLog& w) const {
    Data d;
    d["event"] = rules_.event(w.last_event).name;
    d["grain_loss"] = str(w.grain_loss);
    list supply;
    for (const WinterSupply& s : w.supply) {
      Data x = player_ref(s.player);
      x["grain_before"] = str(s.grain_before);
      x["grain_after"] = str(s.grain_after_loss);
      x["provinces"] = str(s.provinces);
      x["supplied"] = s.unsupplied <= 0;
      x["unsupplied"] = str(std::max(0, s.unsupplied));
      x["revolts"] = str(s.revolts);
      x["any_revolt"] = s.revolts > 0;
      x["extra_peasants"] = str(s.extra_peasants);
      std::vector<std::string> drawn;
      for (ProvinceId p : s.drawn) drawn.push_back(province(p));
      x["drawn"] = names(drawn);
      supply.push_back(x);
    }
    d["supply"] = supply;
    list revolts;
    for (std::size_t i = 0; i < w.revolts.size(); ++i) {
      revolts.push_back(step(w.markers[i]));
      revolts.push_back(step(w.revolts[i]));
    }
    d["revolts"] = revolts.empty() ? Data(false) : Data(revolts);
    list majorities;
    for (const Majority& m : w.majorities) {
      Data x;
      x["region"] = rules_.regions[m.region.value].name;
      x[std::string(building_key(m.building))] = true;
      std::vector<std::string> leaders;
      for (PlayerIndex p : m.leaders) leaders.push_back(player(p));
      x["leaders"] = names(leaders);
      x["tied"] = m.leaders.size() > 1;
      x["points"] = str(m.points);
      majorities.push_back(x);
    }
    d["majorities"] = majorities.empty() ? Data(false) : Data(majorities);
    list scores;
    for (const Score& s : w.scores) {
      Data x = player_ref(s.player);
      x["provinces"] = str(s.provinces);
      x["buildings"] = str(s.buildings);
      x["majorities"] = str(s.majorities);
      x["total"] = str(s.total);
      x["vp"] = str(s.vp_after);
      scores.push_back(x);
    }
    d["scores"] = scores;
    d["markers_removed"] = str(w.markers_removed);
    std::vector<std::string> next;
    for (EventId e : w.next_year_events) next.push_back(rules_.event(e).name);
    d["next_year"] = next.empty() ? Data(false) : names(next);
    return d;
  }

  Data standings(const GameState& s) const {
    list rows;
    for (std::size_t i = 0; i < s.players.size(); ++i) {
      const PlayerIndex p = s.player_index(i);
      const PlayerState& ps = s.players[i];
      Data x = player_ref(p);
      x["thaler"] = str(ps.thaler);
      x["grain"] = str(ps.grain);
      x["vp"] = str(ps.vp);
      x["reserve"] = str(ps.reserve);
      const auto held = s.provinces_of(p);
      x["province_count"] = str(static_cast<int>(held.size()));
      list held_list;
      int armies = 0;
      int buildings = 0;
      for (ProvinceId id : held) {
        Data h;
        h["name"] = province(id);
        h["armies"] = str(s.at(id).armies);
        held_list.push_back(h);
        armies += s.at(id).armies;
        buildings += s.at(id).building_count();
      }
      mark_last(held_list);
      x["has_provinces"] = !held_list.empty();
      x["provinces"] = held_list.empty() ? Data(false) : Data(held_list);
      x["armies"] = str(armies);
      x["buildings"] = str(buildings);
      x["winner"] = std::find(s.winners.begin(), s.winners.end(), p) != s.winners.end();
      rows.push_back(x);
    }
    return rows;
  }

  Data holdings(const GameState& s, PlayerIndex p) const {
    list rows;
    for (ProvinceId id : s.provinces_of(p)) {
      const Province& facts = rules_.province(id);
      const ProvinceState& ps = s.at(id);
      Data x;
      x["name"] = facts.name;
      x["region"] = rules_.regions[facts.region.value].name;
      x["armies"] = str(ps.armies);
      x["armies_one"] = ps.armies == 1;
      x["grain"] = str(facts.grain);
      x["tax"] = str(facts.tax);
      x["sites"] = str(facts.sites);
      x["free_sites"] = str(facts.sites - ps.building_count());
      list buildings;
      for (Building b : kAllBuildings) {
        if (!ps.has(b)) continue;
        Data kind;
        kind[std::string(building_key(b))] = true;
        buildings.push_back(kind);
      }
      mark_last(buildings);
      x["has_buildings"] = !buildings.empty();
      x["buildings"] = buildings.empty() ? Data(false) : Data(buildings);
      x["revolts"] = str(ps.revolts);
      x["any_revolts"] = ps.revolts > 0;
      x["revolts_one"] = ps.revolts == 1;
      list near;
      for (ProvinceId n : facts.neighbours) {
        if (!rules_.in_play(n, s.player_count())) continue;
        const auto& owner = s.at(n).owner;
        Data nb;
        nb["name"] = province(n);
        nb["owner"] = owner ? s.player(*owner).id : std::string();
        nb["neutral"] = !owner.has_value();
        nb["mine"] = owner == p;
        near.push_back(nb);
      }
      mark_last(near);
      x["neighbours"] = Data(near);
      rows.push_back(x);
    }
    return rows.empty() ? Data(false) : Data(rows);
  }

  Data next(const GameState& s) const {
    Data d;
    const SeasonLabel label = season_label(rules_, s.season_index);
    d["season"] = label.name();
    const auto deadline = in_.config->deadlines.find(label.name());
    if (deadline != in_.config->deadlines.end()) d["deadline"] = deadline->second;
    list events;
    for (EventId e : s.year_events) {
      const EventCard& card = rules_.event(e);
      Data x;
      x["name"] = card.name;
      x["text"] = card.text;
      x["winter_loss"] = str(card.winter_loss);
      x["left"] = std::find(s.events_left.begin(), s.events_left.end(), e) != s.events_left.end();
      events.push_back(x);
    }
    d["events"] = events;
    d["year"] = str(label.year);
    list slots;
    for (int slot = 1; slot <= 5; ++slot) {  // Rules 4.1: slots 6-10 stay face down.
      Data x;
      x["slot"] = str(slot);
      x["action"] = rules_.action(s.action_cards[static_cast<std::size_t>(slot - 1)]).name;
      slots.push_back(x);
    }
    mark_last(slots);
    d["slots"] = slots;
    list tiles;
    for (std::size_t pos = 0; pos < s.bonus_tiles.size(); ++pos) {
      Data x;
      x["position"] = str(static_cast<int>(pos) + 1);
      x["tile"] = rules_.tile(s.bonus_tiles[pos]).name;
      x["id"] = rules_.tile(s.bonus_tiles[pos]).id;
      tiles.push_back(x);
    }
    mark_last(tiles);
    d["tiles"] = tiles;
    return d;
  }

  Data order_template(const GameState& s, PlayerIndex p) const {
    Data d;
    d["game"] = s.game;
    d["player"] = s.player(p).id;
    d["season"] = season_label(rules_, s.season_index).name();
    d["thaler"] = str(s.player(p).thaler);
    list actions;
    list costs;
    for (Action a : kAllActions) {
      const ActionDef& def = rules_.action(a);
      Data x;
      x["key"] = def.id;
      x["name"] = def.name;
      x["cost"] = str(def.cost);
      if (def.cost > 0) costs.push_back(x);
      actions.push_back(x);
    }
    mark_last(costs);
    d["actions"] = actions;
    d["costs"] = costs;
    // Rules 4.3 and D-12: every space (ten actions and the bid) takes a card while cards last.
    const int held = s.province_count(p);
    const int coins = static_cast<int>(rules_.coin_cards.size());
    d["cards_needed"] = str(std::min(held, kActionCount + 1 - coins));
    d["coins"] = str(coins);
    d["holds_provinces"] = held > 0;
    std::vector<std::string> tiles;
    for (const auto& t : rules_.tiles) tiles.push_back(t.id);
    d["tile_ids"] = names(tiles);
    return d;
  }

 private:
  const SeasonView& in_;
  const Ruleset& rules_;
  const GameState& before_;
  const GameState& after_;
};

}  // namespace

std::optional<SeasonLabel> next_season(const SeasonView& input) {
  if (input.after->finished) return std::nullopt;
  return season_label(*input.rules, input.after->season_index);
}

Data report_data(const SeasonView& in, std::optional<PlayerIndex> player) {
  const Builder b(in);
  const Ruleset& rules = *in.rules;
  const GameState& after = *in.after;
  Data d;
  d["game"] = in.config->name;
  const SeasonLabel label = season_label(rules, in.start->season_index);
  d["season"] = label.name();
  d["resolved"] = in.log != nullptr;
  d["opening"] = in.log == nullptr;
  d["season_number"] = std::to_string(label.index);
  d["season_count"] = std::to_string(rules.season_count());
  if (in.log) {
    std::vector<std::string> nmr;
    for (PlayerIndex p : in.log->nmr) nmr.push_back(b.player(p));
    d["nmr"] = nmr.empty() ? Data(false) : b.names(nmr);
    d["happened"] = b.what_happened(*in.log);
  }
  d["standings"] = b.standings(after);
  d["finished"] = after.finished;
  if (after.finished) {
    std::vector<std::string> winners;
    for (PlayerIndex w : after.winners) winners.push_back(b.player(w));
    d["winners"] = b.names(winners);
    d["shared"] = after.winners.size() > 1;
  } else {
    d["next"] = b.next(after);
  }
  if (player) {
    d["me"] = b.player_ref(*player);
    d["holdings"] = b.holdings(after, *player);
    if (!after.finished) d["orders"] = b.order_template(after, *player);
  }
  return d;
}

}  // namespace wallenstein::report
