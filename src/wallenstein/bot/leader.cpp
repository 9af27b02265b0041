// The bot's orders for its military leader (rules 13.3).

#include <algorithm>

#include "wallenstein/bot/plan.hpp"
#include "wallenstein/rules/leaders.hpp"

namespace wallenstein::bot {
namespace {

/// How much the leader would add to the planned actions in `where`: thaler saved or collected,
/// and armies placed, each counted as one.
int planned_gain(const Assessment& a, const Plan& plan, ProvinceId where) {
  int gain = 0;
  for (Action action : a.rules.action_spaces()) {
    const auto& step = plan.step(action);
    if (!step || step->order.province != where) continue;
    const LeaderBonus& bonus = a.rules.leaders.bonus(action);
    gain += -bonus.cost + bonus.amount + bonus.armies;
  }
  return gain;
}

/// Of `candidates`, those with the highest `score`.
template <class Score>
std::vector<ProvinceId> best_by(const std::vector<ProvinceId>& candidates, Score score) {
  std::vector<ProvinceId> best;
  int top = 0;
  for (ProvinceId p : candidates) {
    const int s = score(p);
    if (best.empty() || s > top) {
      best.assign(1, p);
      top = s;
    } else if (s == top) {
      best.push_back(p);
    }
  }
  return best;
}

}  // namespace

LeaderOrder leader_order(const Assessment& a, const Plan& plan) {
  LeaderOrder order;
  const SeenPlayer& me = a.view.mine();
  // Placed where this season's plan gains the most from it, then where the most armies guard it.
  if (leader_placed_now(a.rules, a.view.season_index, me.leader.has_value())) {
    order.place = most_armies(
        a.view, best_by(a.mine, [&](ProvinceId p) { return planned_gain(a, plan, p); }));
  }
  const std::optional<ProvinceId> from = me.leader ? me.leader : order.place;
  if (!from) return order;
  // Moved where other players' statues wait as trophies (a point won and one taken from their
  // owner), then next door while a statue is left to leave behind (D-45: a move further away
  // leaves none), then where the most armies guard it.
  const std::vector<ProvinceId> destinations =
      leader_destinations(a.rules, a.mine, *from).provinces;
  order.move_to = most_armies(a.view, best_by(destinations, [&](ProvinceId p) {
                                const auto& statues = a.view.at(p).statues;
                                int others = 0;
                                for (std::size_t q = 0; q < statues.size(); ++q)
                                  others += q == a.me.value ? 0 : statues[q];
                                const bool statue = me.statues > 0 && a.rules.adjacent(*from, p);
                                return 2 * others + (statue ? 1 : 0);
                              }));
  // A statue is a point at the end unless another leader takes it: the bot leaves one each time
  // it can, that is after a move next door (D-45, E-12; under E-11 a move further away is one
  // with no neighbour held, so the same test holds).
  order.statue = me.statues > 0 && order.move_to && a.rules.adjacent(*from, *order.move_to);
  return order;
}

}  // namespace wallenstein::bot
