#include <variant>

#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/views/report/names.hpp"

namespace wallenstein::report {
namespace {

using kainjow::mustache::list;

/// Fills the data of each kind of step.
class StepWriter {
 public:
  explicit StepWriter(const Names& names)
      : n_(names), rules_(names.rules()), before_(names.before()) {}

  std::string player(PlayerIndex p) const { return n_.player(p); }
  std::string province(ProvinceId p) const { return n_.province(p); }
  Data cubes(const CubeCounts& c) const { return n_.cubes(c); }
  /// A step's player and the province it happened in.
  Data player_in(PlayerIndex p, ProvinceId where) const {
    Data x;
    x["player"] = player(p);
    x["province"] = province(where);
    return x;
  }

  Data step(const LogEntry& entry) const {
    Data d;
    std::visit([&](const auto& e) { fill(d, e); }, entry);
    return d;
  }

  void fill(Data& d, const Cancelled& c) const {
    Data x = player_in(c.player, c.province);
    x["action"] = rules_.action(c.action).name;
    n_.count(x, "need", c.need);
    n_.count(x, "have", c.have);
    if (c.target) x["target"] = province(*c.target);
    x["holder"] = c.holder ? player(*c.holder) : std::string();
    x["neutral"] = !c.holder.has_value();
    x["move_only"] = c.move_only;
    x["placement_only"] = c.placement_only;
    x[std::string(cancel_reason_key(c.reason))] = true;  // the template's flag is the log's key
    d["cancelled"] = std::move(x);
  }

  void fill(Data& d, const Built& b) const {
    Data x = player_in(b.player, b.province);
    x[std::string(building_key(b.building))] = true;
    x["cost"] = std::to_string(b.cost);
    x["leader"] = b.leader_bonus != 0;  // the cost the leader changed (rules 13.3)
    x["calmed"] = b.markers_removed > 0;
    n_.count(x, "markers_removed", b.markers_removed);
    if (b.event) x["event"] = rules_.event(*b.event).name;
    d["built"] = std::move(x);
  }

  /// What explains an amount collected or placed: the event, the tile's bonus and the leader's
  /// (rules 6, 13.3).
  static void bonuses(Data& x, bool event, int tile_bonus, int leader_bonus) {
    x["explained"] = event || tile_bonus > 0 || leader_bonus != 0;
    x["tile"] = tile_bonus > 0;
    x["tile_bonus"] = std::to_string(tile_bonus);
    x["leader"] = leader_bonus != 0;
    x["leader_bonus"] = std::to_string(leader_bonus);
  }

  void fill(Data& d, const Collected& c) const {
    Data x = player_in(c.player, c.province);
    x["thaler"] = c.resource == Resource::thaler;
    x["grain"] = c.resource == Resource::grain;
    x["amount"] = std::to_string(c.amount);
    x["base"] = std::to_string(c.base);
    x["total"] = std::to_string(c.total_after);
    bonuses(x, c.event.has_value(), c.tile_bonus, c.leader_bonus);
    if (c.event) {
      x["event"] = rules_.event(*c.event).name;
      x["limit"] = std::to_string(c.after_event);
      x["cap"] = c.after_event < c.base;
      x["floor"] = c.after_event > c.base;
    }
    d["collected"] = std::move(x);
  }

  void fill(Data& d, const Placed& p) const {
    Data x = player_in(p.player, p.province);
    x["action"] = rules_.action(p.action).name;
    x["count"] = std::to_string(p.count);
    x["one"] = p.count == 1;
    x["cost"] = std::to_string(p.cost);
    x["base"] = std::to_string(p.base);
    bonuses(x, p.event.has_value(), p.tile_bonus, p.leader_bonus);
    if (p.event) x["event"] = rules_.event(*p.event).name;
    x["limited"] = p.event.has_value();
    x["after_event"] = std::to_string(p.count - p.tile_bonus - p.leader_bonus);
    d["placed"] = std::move(x);
  }

  void fill(Data& d, const Moved& m) const {
    Data x;
    x["player"] = player(m.player);
    x["from"] = province(m.from);
    x["to"] = province(m.to);
    x["count"] = std::to_string(m.count);
    x["one"] = m.count == 1;
    x["action"] = rules_.action(m.action).name;
    d["moved"] = std::move(x);
  }

  /// The defender's cubes in a battle or revolt: those thrown and those held back (rules 12: the
  /// 1st edition's defend_with).
  void defence(Data& x, int defending, int held_back) const {
    n_.count(x, "defending", defending);
    x["holds_back"] = held_back > 0;
    n_.count(x, "held_back", held_back);
  }

  /// The cubes thrown into the tower, those that came from the tray and those that fell out.
  void tower(Data& x, const TowerThrow& t) const {
    x["thrown"] = cubes(t.fighting);
    x["from_tray"] = cubes(t.from_tray);
    x["tray_any"] = t.from_tray.total() > 0;
    x["out"] = cubes(t.out);
  }

  /// What a battle or revolt left: the winner's cubes that went in, the buildings lost.
  void aftermath(Data& x, int survivors, int buildings_lost) const {
    n_.count(x, "survivors", survivors);
    x["buildings_lost"] = buildings_lost > 0;
    n_.count(x, "buildings_lost_count", buildings_lost);
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
    n_.count(x, "attacking", b.attacking);
    defence(x, b.defending, b.held_back);
    x["only_held_back"] = b.held_back > 0 && b.survivors == 0;  // D-41: the peasants won for them
    x["attack_bonus"] = b.attack_bonus > 0;
    x["defense_bonus"] = b.defense_bonus > 0;
    x["palace_guard"] = b.palace_guard > 0;
    n_.count(x, "peasants", b.peasants);
    tower(x, b.tower);
    x["attacker_count"] = std::to_string(b.attacker_count);
    x["defender_count"] = std::to_string(b.defender_count);
    x["defender_peasants"] = b.defender_peasants > 0 && b.defender.has_value();
    n_.count(x, "peasant_count", b.defender_peasants);
    // Rules 8.2: peasants in the tray fight for a defender only where no revolt marker lies;
    // said only when some came out of the tower.
    x["bystanders"] = b.peasants_stay_out && b.tower.out.peasants() > 0;
    n_.count(x, "bystander_count", b.tower.out.peasants());
    // ...or, in the 1st edition, where at most this many lie (rules 12).
    n_.count(x, "markers_allowed", rules_.peasants_defend_up_to_markers);
    x["some_markers_allowed"] = rules_.peasants_defend_up_to_markers > 0;
    x["won"] = b.result == BattleResult::attacker;
    x["lost"] = b.result == BattleResult::defender;
    x["tie"] = b.result == BattleResult::tie;
    aftermath(x, b.survivors, b.buildings_lost);
    d["battle"] = std::move(x);
  }

  void fill(Data& d, const Revolt& r) const {
    Data x = player_in(r.player, r.province);
    x["grain"] = r.cause == RevoltCause::grain;
    x["taxes"] = r.cause == RevoltCause::taxes;
    x["winter"] = r.cause == RevoltCause::winter;
    n_.count(x, "markers", r.markers);
    x["extra"] = r.extra_peasants > 0;
    x["extra_peasants"] = std::to_string(r.extra_peasants);
    n_.count(x, "peasants", r.peasants);
    defence(x, r.defending, r.held_back);
    tower(x, r.tower);
    x["player_count"] = std::to_string(r.player_count);
    x["peasant_count"] = std::to_string(r.peasant_count);
    x["won"] = r.player_won;
    aftermath(x, r.survivors, r.buildings_lost);
    d["revolt"] = std::move(x);
  }

  void fill(Data& d, const MarkerAdded& m) const {
    Data x = player_in(m.player, m.province);
    x["markers"] = std::to_string(m.markers_after);
    x["one"] = m.markers_after == 1;
    x["supply_empty"] = m.supply_empty && !m.shielded;
    x["shielded"] = m.shielded;
    d["marker"] = std::move(x);
  }

 private:
  const Names& n_;
  const Ruleset& rules_;
  const GameState& before_;
};

}  // namespace

Data step_data(const LogEntry& entry, const Names& names) { return StepWriter(names).step(entry); }

}  // namespace wallenstein::report
