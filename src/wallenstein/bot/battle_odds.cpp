#include "wallenstein/bot/battle_odds.hpp"

#include <algorithm>

#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {
namespace {

using Distribution = std::vector<double>;

double probability(Fraction f) { return static_cast<double>(f.num) / static_cast<double>(f.den); }

/// The distribution of the sum of independent a and b, written into `out` (its memory reused).
void convolve_into(const Distribution& a, const Distribution& b, Distribution& out) {
  if (a.size() == 1 && a[0] == 1.0) {
    out = b;
    return;
  }
  if (b.size() == 1 && b[0] == 1.0) {
    out = a;
    return;
  }
  out.assign(a.size() + b.size() - 1, 0.0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == 0) continue;
    for (std::size_t j = 0; j < b.size(); ++j) out[i + j] += a[i] * b[j];
  }
}

Distribution convolve(const Distribution& a, const Distribution& b) {
  Distribution out;
  convolve_into(a, b, out);
  return out;
}

/// P(a < b) and P(a > b) for independent a and b.
std::pair<double, double> less_greater(const Distribution& a, const Distribution& b) {
  double below = 0;  // P(b < x)
  double less = 0;
  double greater = 0;
  for (std::size_t x = 0; x < a.size(); ++x) {
    const double b_at = x < b.size() ? b[x] : 0.0;
    greater += a[x] * below;
    less += a[x] * (1.0 - below - b_at);
    below += b_at;
  }
  return {less, greater};
}

}  // namespace

OddsCalculator::OddsCalculator(const TowerParams& tower)
    : p_through_(probability(tower.p_through)), p_release_(probability(tower.p_release)) {}

const OddsCalculator::Distribution& OddsCalculator::binomial(int n, bool through) {
  std::vector<Distribution>& rows = through ? through_ : release_;
  const double p = through ? p_through_ : p_release_;
  if (rows.empty()) rows.push_back(Distribution{1.0});
  while (static_cast<int>(rows.size()) <= n) {
    const Distribution& last = rows.back();
    Distribution next(last.size() + 1, 0.0);
    for (std::size_t k = 0; k < last.size(); ++k) {
      next[k] += last[k] * (1 - p);
      next[k + 1] += last[k] * p;
    }
    rows.push_back(std::move(next));
  }
  return rows[static_cast<std::size_t>(std::max(n, 0))];
}

const OddsCalculator::Distribution& OddsCalculator::falling_out(const TowerSide& side) {
  // Rules 8.4: thrown and tray cubes fall through with p_through, cubes inside with p_release.
  // No cubes fall out of a negative count, as of none.
  const auto through = static_cast<std::size_t>(std::max(0, side.thrown + side.in_tray));
  const auto inside = static_cast<std::size_t>(std::max(0, side.inside));
  if (side_at_.size() <= through) side_at_.resize(through + 1);
  std::vector<int>& row = side_at_[through];
  if (row.size() <= inside) row.resize(inside + 1, -1);
  if (row[inside] < 0) {
    row[inside] = static_cast<int>(sides_.size());
    sides_.push_back(convolve(binomial(static_cast<int>(through), true),
                              binomial(static_cast<int>(inside), false)));
  }
  return sides_[static_cast<std::size_t>(row[inside])];
}

BattleOdds OddsCalculator::battle(const BattleQuestion& q) {
  const Distribution& attacker = falling_out(q.attacker);
  const Distribution& own = q.defender_is_player ? falling_out(q.defender) : nobody_;
  const Distribution& peasants = q.peasants_fight ? falling_out(q.peasants) : nobody_;
  convolve_into(own, peasants, defender_);
  // Rules 8.3: the attacker wins with more cubes; the defender with more, but only with some of
  // their own cubes left (a neutral province's peasants win outright); anything else is a tie.
  const auto [defender_more, attacker_more] = less_greater(attacker, defender_);
  BattleOdds odds;
  odds.win = attacker_more;
  odds.lose = defender_more;
  if (q.defender_is_player) odds.lose -= own[0] * less_greater(attacker, peasants).first;
  odds.lose = std::max(0.0, odds.lose);
  odds.tie = std::max(0.0, 1.0 - odds.win - odds.lose);
  return odds;
}

double OddsCalculator::revolt_hold(const TowerSide& player, const TowerSide& peasants) {
  const Distribution& rebels = falling_out(peasants);
  return less_greater(rebels, falling_out(player)).first;
}

BattleOdds battle_odds(const BattleQuestion& q, const TowerParams& tower) {
  return OddsCalculator(tower).battle(q);
}

double revolt_hold_chance(const TowerSide& player, const TowerSide& peasants,
                          const TowerParams& tower) {
  return OddsCalculator(tower).revolt_hold(player, peasants);
}

BattleQuestion battle_question(const PlayerView& view, const Ruleset& rules, PlayerIndex attacker,
                               ProvinceId target, int moving, BattleExtras extras) {
  const SeenProvince& there = view.at(target);
  BattleQuestion q;
  q.attacker =
      TowerSide{moving + extras.attacker, view.tray.player(attacker), view.unseen.player(attacker)};
  q.defender_is_player = there.owner.has_value();
  const int wanted = extras.peasants >= 0 ? extras.peasants : rules.neutral_peasants;
  q.peasants = TowerSide{q.defender_is_player ? 0 : std::min(wanted, view.supply.peasants),
                         view.tray.peasants(), view.unseen.peasants()};
  q.peasants_fight =
      !q.defender_is_player || there.revolt_markers <= rules.peasants_defend_up_to_markers;
  if (q.defender_is_player) {
    const PlayerIndex d = *there.owner;
    q.defender =
        TowerSide{there.armies + extras.defender, view.tray.player(d), view.unseen.player(d)};
  }
  return q;
}

BattleOdds revolt_odds(const PlayerView& view, const Ruleset& rules, ProvinceId where,
                       int peasants) {
  const SeenProvince& there = view.at(where);
  const PlayerIndex owner = there.owner.value_or(view.me);
  const TowerSide player{there.armies, view.tray.player(owner), view.unseen.player(owner)};
  const TowerSide rebels{std::min(peasants, view.supply.peasants), view.tray.peasants(),
                         view.unseen.peasants()};
  const double hold = revolt_hold_chance(player, rebels, rules.tower);
  return BattleOdds{hold, 0.0, 1.0 - hold};
}

}  // namespace wallenstein
