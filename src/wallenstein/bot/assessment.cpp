#include "wallenstein/bot/assessment.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "wallenstein/bot/forecast.hpp"

namespace wallenstein::bot {
namespace {

/// Chance that a player sends a given army against a given neighbour in one season: two battle
/// cards spread over several borders.
constexpr double kAttackChance = 0.35;
/// Cubes an attacker may add to a province before attacking from it (a placement card).
constexpr int kExpectedReinforcement = 2;

}  // namespace

Calendar calendar_of(const PlayerView& view, const Ruleset& rules) {
  const int per_year = static_cast<int>(rules.seasons.size());
  const int zero_based = view.season_index - 1;
  Calendar c;
  c.winters_left = static_cast<int>(rules.years.size()) - zero_based / per_year;
  c.seasons_after_this = per_year - 1 - zero_based % per_year;
  c.seasons_left_in_game = rules.season_count() - view.season_index;
  return c;
}

namespace {

std::vector<Action> movers(const Ruleset& rules) {
  std::vector<Action> out;
  for (Action a : rules.spaces_of(ActionKind::place)) {
    if (rules.action(a).move) out.push_back(a);
  }
  return out;
}

}  // namespace

Assessment::Assessment(const PlayerView& v, const Ruleset& r, OddsCalculator& odds)
    : view(v),
      rules(r),
      me(v.me),
      calendar(calendar_of(v, r)),
      mine(v.provinces_of(v.me)),
      battle_spaces(r.spaces_of(ActionKind::battle)),
      place_spaces(r.spaces_of(ActionKind::place)),
      move_spaces(movers(r)),
      odds_(odds) {
  // A thaler buys about a third of a point while seasons remain; in the last season it only
  // breaks ties (rules 10).
  thaler_value_ = calendar.seasons_left_in_game >= 2   ? 0.3
                  : calendar.seasons_left_in_game == 1 ? 0.22
                                                       : 0.02;
  loss_risks_.resize(view.provinces.size());
  my_attacks_.resize(view.provinces.size());
  keep_values_.resize(view.provinces.size());
  counts_.assign(rules.regions.size(), {});
  for (std::size_t i = 0; i < view.provinces.size(); ++i) {
    const SeenProvince& p = view.provinces[i];
    if (!p.owner) continue;
    for (std::size_t b = 0; b < kBuildingTypes; ++b) {
      if (p.buildings[b]) ++counts_[rules.provinces[i].region.value][b][p.owner->value];
    }
  }
}

double Assessment::event_chance(EventEffect effect) const {
  if (view.events_left.empty()) return 0;
  const auto n = std::count_if(view.events_left.begin(), view.events_left.end(),
                               [&](EventId e) { return rules.event(e).effect == effect; });
  return static_cast<double>(n) / static_cast<double>(view.events_left.size());
}

int Assessment::least_income(ProvinceId p, Resource r) const {
  return wallenstein::least_income(rules, p, r, view.events_left);
}

double Assessment::expected_income(ProvinceId p, Resource r) const {
  const Province& facts = rules.province(p);
  if (view.events_left.empty()) return r == Resource::grain ? facts.grain : facts.tax;
  double sum = 0;
  for (EventId e : view.events_left) sum += income_under(facts, r, rules.event(e));
  return sum / static_cast<double>(view.events_left.size());
}

int Assessment::majority_points(PlayerIndex player, RegionId r, Building b, int delta) const {
  const auto& by_player = counts_[r.value][index_of(b)];
  const int own = by_player[player.value] + delta;
  if (own < 1) return 0;
  int others_best = 0;
  for (int i = 0; i < view.player_count(); ++i) {
    if (i != player.value)
      others_best = std::max(others_best, by_player[static_cast<std::size_t>(i)]);
  }
  const int value = rules.scoring.majority[index_of(b)];
  if (own > others_best) return value;
  return own == others_best ? value - rules.scoring.tie_penalty : 0;
}

double Assessment::majority_gain(PlayerIndex player, RegionId r, Building b) const {
  return majority_points(player, r, b, 1) - majority_points(player, r, b, 0);
}

double Assessment::keep_value(ProvinceId p) const {
  std::optional<double>& kept = keep_values_[p.value];
  if (!kept) kept = compute_keep_value(p);
  return *kept;
}

double Assessment::compute_keep_value(ProvinceId p) const {
  const SeenProvince& province = view.at(p);
  const int winters = calendar.winters_left;
  double value = winters * (rules.scoring.vp_per_province +
                            rules.scoring.vp_per_building * province.building_count());
  if (province.owner) {
    const RegionId region = rules.province(p).region;
    for (Building b : kAllBuildings) {
      if (province.has(b))
        value += winters * (majority_points(*province.owner, region, b, 0) -
                            majority_points(*province.owner, region, b, -1));
    }
  }
  // The card: another action in each season left, and its taxes.
  value += 0.25 * calendar.seasons_left_in_game + thaler_value_ * 0.5 * rules.province(p).tax;
  return value;
}

std::optional<std::pair<PlayerIndex, int>> Assessment::strongest_enemy_near(ProvinceId p) const {
  std::optional<std::pair<PlayerIndex, int>> strongest;
  for (ProvinceId n : rules.province(p).neighbours) {
    const SeenProvince& there = view.at(n);
    if (!there.owner || *there.owner == view.at(p).owner) continue;
    const int reinforcement = std::min(kExpectedReinforcement, view.player(*there.owner).reserve);
    const int cubes = std::max(0, there.armies - 1 + reinforcement);
    if (!strongest || cubes > strongest->second) strongest = std::pair{*there.owner, cubes};
  }
  return strongest;
}

namespace {

/// The entry for `n` in `row`, the row grown to hold it.
template <class T>
std::optional<T>& entry(std::vector<std::optional<T>>& row, int n) {
  const auto at = static_cast<std::size_t>(n);
  if (row.size() <= at) row.resize(at + 1);
  return row[at];
}

}  // namespace

double Assessment::loss_risk(ProvinceId p, int armies) const {
  if (armies < 0) return compute_loss_risk(p, armies);
  std::optional<double>& risk = entry(loss_risks_[p.value], armies);
  if (!risk) risk = compute_loss_risk(p, armies);
  return *risk;
}

BattleOdds Assessment::my_attack(ProvinceId target, int moving) const {
  if (moving < 0) return odds_.battle(battle_question(view, rules, me, target, moving));
  std::optional<BattleOdds>& odds = entry(my_attacks_[target.value], moving);
  if (!odds) odds = odds_.battle(battle_question(view, rules, me, target, moving));
  return *odds;
}

double Assessment::compute_loss_risk(ProvinceId p, int armies) const {
  const SeenProvince& here = view.at(p);
  double survive = 1.0;
  for (ProvinceId n : rules.province(p).neighbours) {
    const SeenProvince& there = view.at(n);
    if (!there.owner || *there.owner == here.owner) continue;
    const int reinforcement = std::min(kExpectedReinforcement, view.player(*there.owner).reserve);
    const int moving = there.armies - 1 + reinforcement;
    if (moving < 1) continue;
    BattleQuestion q = battle_question(view, rules, *there.owner, p, moving);
    q.defender.thrown = armies;
    const BattleOdds odds = odds_.battle(q);
    survive *= 1.0 - kAttackChance * (odds.win + odds.tie);
  }
  return 1.0 - survive;
}

int Assessment::future_grain(std::optional<ProvinceId> used_now) const {
  std::vector<int> yields;
  for (ProvinceId p : mine) {
    if (p == used_now || view.at(p).revolt_markers > 0) continue;
    yields.push_back(least_income(p, Resource::grain));
  }
  std::sort(yields.begin(), yields.end(), std::greater<>());
  int sum = 0;
  for (int k = 0; k < calendar.seasons_after_this && k < static_cast<int>(yields.size()); ++k) {
    sum += yields[static_cast<std::size_t>(k)];
  }
  return sum;
}

double Assessment::winter_risk(int grain) const {
  auto it = winter_risks_.find(grain);
  if (it == winter_risks_.end())
    it = winter_risks_.emplace(grain, compute_winter_risk(grain)).first;
  return it->second;
}

double Assessment::compute_winter_risk(int grain) const {
  if (mine.empty() || view.events_left.empty()) return 0;
  const int held = static_cast<int>(mine.size());
  double armies = 0;
  double worth = 0;
  for (ProvinceId p : mine) {
    armies += view.at(p).armies;
    worth += keep_value(p);
  }
  const int typical_armies = static_cast<int>(std::lround(armies / held));
  const double typical_worth = worth / held;
  double risk = 0;
  // Rules 9.1: the year's last card gives the loss; each card left is equally likely to be it.
  for (EventId e : view.events_left) {
    const int unsupplied = held - std::max(0, grain - rules.event(e).winter_loss);
    const SupplyRow* row = rules.supply_row(unsupplied);
    if (!row) continue;
    const TowerSide player{typical_armies, 0, view.unseen.player(me)};
    // D-10: the marker put on first (none in the 1st edition, rules 12) and the table's extra.
    const int marker = rules.winter_marker_before_revolt ? 1 : 0;
    const TowerSide rebels{marker + row->extra_peasants, view.tray.peasants(),
                           view.unseen.peasants()};
    const double lost = 1.0 - odds_.revolt_hold(player, rebels);
    risk += std::min(row->revolt_count, held) * lost * typical_worth;
  }
  return risk / static_cast<double>(view.events_left.size());
}

}  // namespace wallenstein::bot
