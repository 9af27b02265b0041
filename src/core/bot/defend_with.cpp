#include "core/bot/plan.hpp"

namespace wallenstein::bot {
namespace {

/// How much more often a province may be taken with fewer armies thrown than with all of them.
constexpr double kRiskAccepted = 0.01;
/// Fewer armies held back than this are not worth a line in the orders.
constexpr int kLeastHeldBack = 2;

}  // namespace

std::vector<std::pair<ProvinceId, int>> defend_with_order(const Assessment& a) {
  std::vector<std::pair<ProvinceId, int>> limits;
  // After autumn comes the winter, whose revolts throw the same number: keep every army then.
  if (a.calendar.seasons_after_this == 0) return limits;
  for (ProvinceId p : a.mine) {
    const SeenProvince& here = a.view.at(p);
    // A province with a marker may revolt when taxes or grain are collected: all armies fight.
    if (here.revolt_markers > 0) continue;
    const auto threat = a.strongest_enemy_near(p);
    if (!threat) continue;  // no attack can reach it: nothing is gained by holding back
    BattleQuestion q = battle_question(a.view, a.rules, threat->first, p, threat->second);
    const double taken_with_all = a.odds(q).win;
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
