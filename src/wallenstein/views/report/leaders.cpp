// The military leaders in the reports and order templates (rules 13.3).

#include "wallenstein/rules/leaders.hpp"

#include <map>

#include "wallenstein/views/report/names.hpp"

namespace wallenstein::report {

using kainjow::mustache::list;

namespace {

/// The statues taken as trophies, by owner in seat order: [{name, count, count_one, last}].
Data trophies_data(const std::vector<PlayerIndex>& owners, const Names& names) {
  std::map<PlayerIndex, int> by_owner;
  for (PlayerIndex p : owners) by_owner[p] += 1;
  list rows;
  for (const auto& [p, n] : by_owner) {
    Data x = names.player_ref(p);
    names.count(x, "count", n);
    rows.push_back(x);
  }
  mark_last(rows);
  return rows.empty() ? Data(false) : Data(rows);
}

}  // namespace

Data statues_here(const GameState& s, ProvinceId where, const Names& names) {
  list rows;
  const ProvinceState& province = s.at(where);
  for (std::size_t q = 0; q < s.players.size(); ++q) {
    if (province.statues[q] == 0) continue;
    Data x = names.player_ref(s.player_index(q));
    names.count(x, "count", province.statues[q]);
    rows.push_back(x);
  }
  mark_last(rows);
  return rows.empty() ? Data(false) : Data(rows);
}

Data leader_steps_data(const std::vector<LeaderStep>& steps, const Names& names) {
  list placed;
  list rows;
  list winter;
  for (const LeaderStep& s : steps) {
    Data x = names.player_ref(s.player);
    x["province"] = names.province(s.province);
    x["placed"] = s.kind == LeaderStepKind::placed;
    x["taken_off"] = s.kind == LeaderStepKind::taken_off;
    const bool moved = s.kind == LeaderStepKind::moved;
    const bool stayed = moved && s.from == s.province;
    x["moved"] = moved && !stayed;
    x["stayed"] = stayed;
    if (moved) x["from"] = names.province(s.from.value_or(s.province));
    x["statue"] = s.statue;
    x["trophies_any"] = !s.trophies.empty();
    names.count(x, "trophy_count", static_cast<int>(s.trophies.size()));
    x["asked"] = s.asked ? Data(names.province(*s.asked)) : Data(false);
    x["trophies"] = trophies_data(s.trophies, names);
    x["fallback"] = !s.as_ordered;
    (s.kind == LeaderStepKind::placed ? placed : s.in_winter ? winter : rows).push_back(x);
  }
  Data d;
  d["placed_any"] = !placed.empty();
  d["placed"] = placed;
  d["any"] = !rows.empty();
  d["steps"] = rows;
  d["winter_any"] = !winter.empty();
  d["winter"] = winter;
  return d;
}

Data leader_standing(const GameState& s, PlayerIndex p, const Names& names) {
  const PlayerState& player = s.player(p);
  Data d;
  d["on_board"] = player.leader.has_value();
  if (player.leader) d["province"] = names.province(*player.leader);
  names.count(d, "statues", s.statues_standing(p));
  names.count(d, "statues_left", player.statues);
  names.count(d, "trophies", player.trophies);
  return d;
}

Data leader_plan(const GameState& s, PlayerIndex p, const Names& names) {
  const Ruleset& rules = names.rules();
  Data d = leader_standing(s, p, names);
  d["placed_now"] = leader_placed_now(s, rules, p);
  d["may_stay"] = leader_placed_now(s, rules, p) && leader_may_stay_beside(rules, s.season_index);
  d["vp_per_statue"] = std::to_string(rules.leaders.vp_per_statue);
  d["vp_per_trophy"] = std::to_string(rules.leaders.vp_per_trophy);
  d["season"] = std::string(season_key(rules.seasons.front()));
  if (const auto where = default_leader_place(s, p)) d["default_place"] = names.province(*where);
  // What the leader changes, from the data: {action, cheaper, dearer, more, armies, last}.
  list bonuses;
  const auto number_or_false = [](int n) { return n > 0 ? Data(std::to_string(n)) : Data(false); };
  for (Action a : rules.action_spaces()) {
    const LeaderBonus& bonus = rules.leaders.bonus(a);
    if (bonus == LeaderBonus{}) continue;
    Data x;
    x["action"] = rules.action(a).name;
    x["cheaper"] = number_or_false(-bonus.cost);
    x["dearer"] = number_or_false(bonus.cost);
    x["more"] = number_or_false(bonus.amount);
    x["armies"] = number_or_false(bonus.armies);
    x["armies_one"] = bonus.armies == 1;
    bonuses.push_back(x);
  }
  mark_last(bonuses);
  d["bonuses"] = bonuses;
  // Where it may go after the ten actions as things stand (rules 13.3, E-11).
  if (const auto& from = s.player(p).leader) {
    const LeaderDestinations to = leader_destinations(rules, s.provinces_of(p), *from);
    std::vector<std::string> to_names;
    to_names.reserve(to.provinces.size());
    for (ProvinceId id : to.provinces) to_names.push_back(names.province(id));
    d["destinations_any"] = !to.provinces.empty();
    d["destinations"] = names.names(to_names);
    d["next_to_it"] = to.next_door;
    // D-45: any province of the player's; only the neighbours may keep a statue.
    d["anywhere"] = rules.changes().leader_moves_anywhere;
    std::vector<std::string> neighbour_names;
    for (ProvinceId id : to.neighbours) neighbour_names.push_back(names.province(id));
    d["neighbours_any"] = !to.neighbours.empty();
    d["neighbours"] = names.names(neighbour_names);
  }
  return d;
}

}  // namespace wallenstein::report
