// The bot's candidate actions and what each is worth (rules 5, 7, 8, 9).

#include <algorithm>
#include <cmath>

#include "wallenstein/bot/plan.hpp"

namespace wallenstein::bot {
namespace {

Step step_at(ProvinceId p, BotReason reason) {
  Step s;
  s.order.province = p;
  s.reason = reason;
  return s;
}

/// Adds a candidate of one step, made in place at the end of `out`.
Step& add_single(std::vector<Candidate>& out, double value, Action action) {
  Candidate& c = out.emplace_back();
  c.value = value;
  return c.steps.add(action);
}

/// Adds a candidate of one step at `p` for `reason`.
void add_single(std::vector<Candidate>& out, double value, Action action, ProvinceId p,
                const BotReason& reason) {
  Step& s = add_single(out, value, action);
  s.order.province = p;
  s.reason = reason;
}

/// Rules 7.1: what a collection's marker and a revolt it may start cost.
double collection_risk(const Assessment& a, ProvinceId p) {
  const SeenProvince& here = a.view.at(p);
  // A marker blocks a safe collection here until winter and leaves the peasants out of a defence.
  double cost = a.calendar.seasons_after_this > 0 ? 0.2 : 0.05;
  if (here.revolt_markers > 0)
    cost += (1.0 - a.hold_chance(
                       TowerSide{here.armies, a.view.tray.player(a.me), a.view.unseen.player(a.me)},
                       TowerSide{here.revolt_markers, a.view.tray.peasants(),
                                 a.view.unseen.peasants()})) *
                a.keep_value(p) +
            0.3;
  return cost;
}

}  // namespace

std::vector<Candidate> collect_candidates(const Assessment& a, const Plan& plan) {
  std::vector<Candidate> out;
  const int grain_now = a.view.mine().grain;
  const std::vector<Action> taxes = a.rules.spaces_collecting(Resource::thaler);
  const std::vector<Action> grains = a.rules.spaces_collecting(Resource::grain);
  for (ProvinceId p : a.mine) {
    const double risk = collection_risk(a, p);
    for (Action space : taxes) {
      if (!plan.action_free(space)) continue;
      const int least = a.least_income(p, Resource::thaler);
      const double value = a.thaler_value() * a.expected_income(p, Resource::thaler) - risk;
      add_single(out, value, space, p, because(BotWhy::taxes, least));
    }
    for (Action space : grains) {
      if (!plan.action_free(space)) continue;
      const int least = a.least_income(p, Resource::grain);
      const int later = grain_now + a.future_grain(p);
      const double saved = a.winter_risk(later) - a.winter_risk(later + least);
      BotReason why = because(BotWhy::grain, least);
      why.need = static_cast<int>(a.mine.size());
      why.have = grain_now;
      add_single(out, saved + 0.01 * least - risk, space, p, why);
    }
  }
  return out;
}

std::vector<Candidate> build_candidates(const Assessment& a) {
  std::vector<Candidate> out;
  const double winters = a.calendar.winters_left;
  for (ProvinceId p : a.mine) {
    const SeenProvince& here = a.view.at(p);
    if (here.building_count() >= a.rules.province(p).sites) continue;
    const double keep = 1.0 - a.loss_risk(p, here.armies);
    for (Building b : kAllBuildings) {
      if (here.has(b) || a.view.supply.buildings[index_of(b)] <= 0) continue;
      const int majority = static_cast<int>(a.majority_gain(a.me, a.rules.province(p).region, b));
      const double points = winters * (a.rules.scoring.vp_per_building + majority) * keep;
      BotReason why = because(BotWhy::build, a.rules.scoring.vp_per_building);
      why.majority = majority;
      for (Action action : a.rules.spaces_building(b)) {
        add_single(out, points - a.thaler_value() * a.rules.action(action).cost, action, p, why);
      }
    }
  }
  return out;
}

namespace {

/// Cubes a placement card puts down, on average over the events that may come.
double expected_placed(const Assessment& a, Action action) {
  const ActionDef& def = a.rules.action(action);
  double shortage = 0;
  int limited = def.armies;
  for (const EventCard& e : a.rules.events) {
    if (e.effect != EventEffect::army_shortage) continue;
    limited = e.place_limit(action).value_or(def.armies);
    shortage = a.event_chance(EventEffect::army_shortage);
  }
  return (1 - shortage) * def.armies + shortage * limited;
}

}  // namespace

std::vector<Candidate> defence_candidates(const Assessment& a) {
  std::vector<Candidate> out;
  for (ProvinceId p : a.mine) {
    const int armies = a.view.at(p).armies;
    const double before = a.loss_risk(p, armies);
    if (before < 0.02) continue;
    const double worth = a.keep_value(p);
    for (Action action : a.place_spaces) {
      const double placed = expected_placed(a, action);
      const double after = a.loss_risk(p, armies + static_cast<int>(placed));
      BotReason why = because(BotWhy::reinforce, static_cast<int>(placed));
      why.risk_before = before;
      why.risk_after = after;
      why.against = a.enemy_strength_near(p);
      // Cubes on the board also hold winter revolts and feed next season's attacks.
      const double value =
          (before - after) * worth + 0.03 * placed - a.thaler_value() * a.rules.action(action).cost;
      add_single(out, value, action, p, why);
    }
  }
  return out;
}

namespace {

/// What taking `target` is worth to the attacker, and what a tie (devastation) is worth.
std::pair<double, double> conquest_worth(const Assessment& a, ProvinceId target) {
  const SeenProvince& there = a.view.at(target);
  const double winters = a.calendar.winters_left;
  double mine = winters * (a.rules.scoring.vp_per_province +
                           a.rules.scoring.vp_per_building * there.building_count());
  mine += 0.25 * a.calendar.seasons_left_in_game +
          a.thaler_value() * 0.5 * a.rules.province(target).tax;
  mine -= 0.3;  // one more mouth to feed in winter (rules 9.2)
  // Against a player, their loss counts too, shared among the other players.
  const double damage =
      there.owner ? a.keep_value(target) / std::max(1, a.view.player_count() - 1) * 1.5 : 0.0;
  return {mine + damage, damage};
}

/// The attack from `from` to `target` with `moving` cubes (plus a share of `extra`).
BattleOdds attack_odds(const Assessment& a, ProvinceId target, int moving, int extra,
                       double extra_chance) {
  const BattleOdds without = a.my_attack(target, moving);
  if (extra_chance <= 0 || extra <= 0) return without;
  const BattleOdds with = a.my_attack(target, moving + extra);
  auto mix = [&](double x, double y) { return (1 - extra_chance) * x + extra_chance * y; };
  return BattleOdds{mix(without.win, with.win), mix(without.tie, with.tie),
                    mix(without.lose, with.lose)};
}

/// The fewest cubes worth sending: below this the attack is more likely lost than won.
int least_worth_sending(const Assessment& a, ProvinceId target, int moving) {
  for (int m = 1; m < moving; ++m) {
    const BattleOdds odds = a.my_attack(target, m);
    if (odds.win >= 0.45) return m;
  }
  return std::max(1, moving);
}

/// Cubes brought into an attack's source from an own neighbour before the battle: army1 placing
/// one there and moving (rules 5), or the other battle card moving into an own province.
struct Staging {
  Action card;
  ProvinceId from;
  int cubes = 0;
  double cost = 0;
};

std::vector<Staging> stagings(const Assessment& a, ProvinceId source) {
  std::vector<Staging> out;
  for (ProvinceId n : a.rules.province(source).neighbours) {
    if (!a.is_mine(n)) continue;
    const int armies = a.view.at(n).armies;
    const double exposure = (a.loss_risk(n, 1) - a.loss_risk(n, armies + 1)) * a.keep_value(n);
    for (Action mover : a.move_spaces) {
      if (a.view.mine().reserve >= a.rules.action(mover).armies)
        out.push_back({mover, n, armies, exposure + a.thaler_value() * a.rules.action(mover).cost});
    }
    if (armies >= a.rules.min_source_armies) {
      for (Action card : a.battle_spaces) out.push_back({card, n, armies - 1, exposure});
    }
  }
  return out;
}

void add_attack(const Assessment& a, ProvinceId from, ProvinceId target,
                std::optional<Staging> staging, std::vector<Candidate>& out) {
  const int armies = a.view.at(from).armies;
  const double guard =
      a.view.at(target).has(Building::church) ? a.event_chance(EventEffect::religious_peace) : 0;
  const auto [win_worth, tie_worth] = conquest_worth(a, target);
  const double exposure = (a.loss_risk(from, 1) - a.loss_risk(from, armies)) * a.keep_value(from);
  for (Action card : a.battle_spaces) {
    if (staging && staging->card == card) continue;
    const double before = staging ? chance_before(a.view, staging->card, card) : 0.0;
    if (staging && before <= 0) continue;
    const int extra = staging ? staging->cubes : 0;
    const int moving = armies - 1;
    const int sure = moving + (before >= 1 ? extra : 0);
    if (sure < 1) continue;
    const BattleOdds odds = attack_odds(a, target, moving, extra, before);
    if (odds.win < 0.5) continue;
    const double cost = staging ? staging->cost : 0.0;
    // Made in place: a candidate is large, and most are never chosen.
    Candidate& c = out.emplace_back();
    c.value = (1 - guard) * (odds.win * win_worth + odds.tie * tie_worth) - exposure - cost -
              0.05 * odds.lose * moving;
    c.target = target;
    Step& attack = c.steps.add(card);
    attack.order.province = from;
    attack.order.target = target;
    attack.order.min_armies = std::min(least_worth_sending(a, target, sure), sure);
    BotReason& why = attack.reason;
    why = because(BotWhy::attack);
    why.win = odds.win;
    why.tie = odds.tie;
    why.armies = moving + static_cast<int>(std::lround(before * extra));
    why.against = a.view.at(target).armies;
    why.defended = a.view.at(target).owner.has_value();
    why.other = target;
    if (staging) {
      Step& feed = c.steps.add(staging->card);
      feed.order.province = staging->from;
      feed.order.target = from;
      feed.reason = because(BotWhy::stage, extra);
      feed.reason.other = from;
    }
  }
}

}  // namespace

std::vector<Candidate> attack_candidates(const Assessment& a) {
  std::vector<Candidate> out;
  for (ProvinceId from : a.mine) {
    std::optional<std::vector<Staging>> feeds;
    for (ProvinceId target : a.rules.province(from).neighbours) {
      if (a.is_mine(target) || !a.in_play(target)) continue;
      add_attack(a, from, target, std::nullopt, out);
      if (!feeds) feeds = stagings(a, from);
      for (const Staging& staging : *feeds) add_attack(a, from, target, staging, out);
    }
  }
  return out;
}

std::vector<Candidate> move_candidates(const Assessment& a, const Plan& plan) {
  std::vector<Candidate> out;
  for (ProvinceId from : a.mine) {
    const int armies = a.view.at(from).armies;
    if (armies < a.rules.min_source_armies || !plan.province_free(from)) continue;
    const double exposure = (a.loss_risk(from, 1) - a.loss_risk(from, armies)) * a.keep_value(from);
    for (ProvinceId to : a.rules.province(from).neighbours) {
      if (!a.is_mine(to)) continue;
      const int there = a.view.at(to).armies;
      const double gain =
          (a.loss_risk(to, there) - a.loss_risk(to, there + armies - 1)) * a.keep_value(to);
      BotReason why = because(BotWhy::move, armies - 1);
      why.other = to;
      Step s = step_at(from, why);
      s.order.target = to;
      for (Action card : a.battle_spaces) add_single(out, gain - exposure, card) = s;
    }
  }
  return out;
}

}  // namespace wallenstein::bot
