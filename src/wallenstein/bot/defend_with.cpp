#include <algorithm>

#include "wallenstein/bot/plan.hpp"

namespace wallenstein::bot {
namespace {

/// How much more often a province may be taken with fewer armies thrown than with all of them.
constexpr double kRiskAccepted = 0.01;
/// Armies are held back only where the strongest attack takes the province this seldom with all
/// of them thrown: where it may well fall, the armies held back would fall with it.
constexpr double kSafeEnough = 0.05;
/// Fewer armies held back than this are not worth a line in the orders.
constexpr int kLeastHeldBack = 2;

/// Whether a planned battle or move takes armies out of `p` this season.
bool armies_leave(const Plan& plan, ProvinceId p) {
  return std::any_of(plan.steps().begin(), plan.steps().end(), [&](const auto& step) {
    return step && step->order.province == p && step->order.target;
  });
}

}  // namespace

std::vector<std::pair<ProvinceId, int>> defend_with_order(const Assessment& a, const Plan& plan) {
  std::vector<std::pair<ProvinceId, int>> limits;
  // After autumn comes the winter, whose revolts throw the same number: keep every army then.
  if (a.calendar.seasons_after_this == 0) return limits;
  for (ProvinceId p : a.mine) {
    const SeenProvince& here = a.view.at(p);
    // A province with a marker may revolt when taxes or grain are collected: all armies fight.
    if (here.revolt_markers > 0) continue;
    if (armies_leave(plan, p)) continue;  // how many stay to defend is not known now
    const auto threat = a.strongest_enemy_near(p);
    if (!threat) continue;  // no attack can reach it: nothing is gained by holding back
    BattleQuestion q = battle_question(a.view, a.rules, threat->first, p, threat->second);
    const double taken_with_all = a.odds(q).win;
    if (taken_with_all > kSafeEnough) continue;
    for (int thrown = 1; thrown + kLeastHeldBack <= here.armies; ++thrown) {
      q.defender.thrown = thrown;
      if (a.odds(q).win <= taken_with_all + kRiskAccepted) {
        limits.emplace_back(p, thrown);
        break;
      }
    }
  }
  return limits;
}

}  // namespace wallenstein::bot
