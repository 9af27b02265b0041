#include "wallenstein/bot/forecast.hpp"

#include <algorithm>
#include <optional>

#include "wallenstein/bot/player_view.hpp"
#include "wallenstein/rules/leaders.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {
namespace {

int slot_of(const GameState& state, const Ruleset& rules, Action action) {
  for (int slot = 1; slot <= rules.visible_slots(state.action_cards.size(), false); ++slot) {
    if (state.action_cards[static_cast<std::size_t>(slot - 1)] == action) return slot;
  }
  return 0;
}

/// Rules 5: a build where the type stands or no site is free is cancelled before it pays, as
/// things stand (a player may mean it: a card laid on a space that must take one, rules 4.3).
bool cancelled_before_paying(const GameState& state, const Ruleset& rules, Action a,
                             ProvinceId where) {
  const ActionDef& def = rules.action(a);
  if (def.kind != ActionKind::build) return false;
  const ProvinceState& province = state.at(where);
  return province.buildings[index_of(def.builds)] ||
         province.building_count() >= rules.province(where).sites ||
         state.supply.buildings[index_of(def.builds)] <= 0;
}

/// Thaler a face-up collection brings at its slot, at its least (the bot counts on the same).
struct Income {
  int slot = 0;
  int amount = 0;
};

std::optional<ShortOfThaler> short_of_thaler(const Orders& orders, const GameState& state,
                                             const Ruleset& rules) {
  ShortOfThaler s;
  s.thaler = state.player(orders.player).thaler;
  s.bid = orders.bid.kind == BidKind::coin ? orders.bid.coin : 0;
  std::vector<PlannedCost> face_up;
  std::vector<PlannedCost> face_down;
  std::vector<Income> incomes;
  const std::vector<EventId> events = see(state, rules, orders.player).events_left;
  // Rules 13.3: the leader, where it stands during the actions, makes some of them cheaper.
  const std::optional<ProvinceId> leader =
      leader_during_actions(state, rules, orders.player, orders.leader);
  for (Action a : rules.action_spaces()) {
    const auto& order = orders[a];
    if (!order) continue;
    const ActionDef& def = rules.action(a);
    if (def.kind == ActionKind::collect && def.collects == Resource::thaler) {
      if (const int slot = slot_of(state, rules, a); slot > 0)
        incomes.push_back({slot, least_income(rules, order->province, Resource::thaler, events)});
      else
        s.collects_taxes = true;
    }
    const int cost = action_price(rules, a, order->province, leader, order->place);
    if (cost == 0 || cancelled_before_paying(state, rules, a, order->province)) continue;
    s.costs += cost;
    const PlannedCost planned{a, order->province, cost, slot_of(state, rules, a)};
    (planned.slot > 0 ? face_up : face_down).push_back(planned);
  }
  if (s.costs + s.bid <= s.thaler) return std::nullopt;
  std::sort(face_up.begin(), face_up.end(),
            [](const auto& a, const auto& b) { return a.slot < b.slot; });
  int left = s.thaler - s.bid;
  std::sort(incomes.begin(), incomes.end(),
            [](const Income& a, const Income& b) { return a.slot < b.slot; });
  auto income = incomes.begin();
  for (const PlannedCost& p : face_up) {
    for (; income != incomes.end() && income->slot < p.slot; ++income) {
      left += income->amount;
      s.income_counted += income->amount;
    }
    if (p.cost <= left)
      left -= p.cost;
    else
      s.cancelled.push_back(p);
  }
  for (; income != incomes.end(); ++income) {
    left += income->amount;
    s.income_counted += income->amount;
  }
  // Rules 4.6: each action pays when its card comes up, or is cancelled; try every order of
  // the face-down cards (at most 5! = 120).
  std::sort(face_down.begin(), face_down.end(),
            [](const auto& a, const auto& b) { return a.action < b.action; });
  std::vector<bool> ever(face_down.size(), false);
  std::vector<std::size_t> order(face_down.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  s.at_risk_fewest = static_cast<int>(face_down.size());
  do {
    int budget = left;
    int cancelled = 0;
    for (std::size_t i : order) {
      if (face_down[i].cost <= budget) {
        budget -= face_down[i].cost;
      } else {
        ever[i] = true;
        ++cancelled;
      }
    }
    s.at_risk_fewest = std::min(s.at_risk_fewest, cancelled);
    s.at_risk_most = std::max(s.at_risk_most, cancelled);
  } while (std::next_permutation(order.begin(), order.end()));
  for (std::size_t i = 0; i < face_down.size(); ++i) {
    if (ever[i]) s.at_risk.push_back(face_down[i]);
  }
  if (s.at_risk.empty()) s.at_risk_fewest = 0;
  if (s.cancelled.empty() && s.at_risk.empty()) return std::nullopt;  // income pays in time
  return s;
}

}  // namespace

int income_under(const Province& facts, Resource r, const EventCard& event) {
  const bool grain = r == Resource::grain;
  const int base = grain ? facts.grain : facts.tax;
  if (event.effect == (grain ? EventEffect::grain_max : EventEffect::tax_max))
    return std::min(base, event.value);
  if (event.effect == (grain ? EventEffect::grain_min : EventEffect::tax_min))
    return std::max(base, event.value);
  return base;
}

int least_income(const Ruleset& rules, ProvinceId province, Resource resource,
                 const std::vector<EventId>& events) {
  const Province& facts = rules.province(province);
  int least = resource == Resource::grain ? facts.grain : facts.tax;
  for (EventId e : events) least = std::min(least, income_under(facts, resource, rules.event(e)));
  return least;
}

std::vector<ForecastWarning> forecast(const Orders& orders, const GameState& state,
                                      const Ruleset& rules) {
  std::vector<ForecastWarning> out;
  if (auto s = short_of_thaler(orders, state, rules)) out.emplace_back(std::move(*s));
  for (Action a : rules.action_spaces()) {
    const auto& order = orders[a];
    if (!order) continue;
    const ProvinceState& at = state.at(order->province);
    if (rules.action(a).kind == ActionKind::collect && at.revolt_markers > 0) {
      // Rules 7.1: a collection where a marker already lies starts a revolt.
      const int thrown = defenders_thrown(orders, order->province, at.armies);
      out.emplace_back(
          RevoltAhead{a, order->province, at.revolt_markers, thrown, at.armies - thrown});
    }
    if (rules.action(a).kind == ActionKind::battle) {
      const int needed = std::max(rules.min_source_armies, order->min_armies + 1);
      if (at.armies < needed) {
        bool placement = false;
        for (Action p : rules.spaces_of(ActionKind::place)) {
          const auto& place = orders[p];
          // D-27: an army1 with `place: false` only moves.
          placement = placement || (place && place->province == order->province && place->place);
        }
        out.emplace_back(FewArmies{a, order->province, at.armies, needed, placement});
      }
    }
  }
  return out;
}

std::vector<BattleAhead> battles_ahead(const Orders& orders, const GameState& state,
                                       const Ruleset& rules) {
  std::vector<BattleAhead> out;
  std::optional<PlayerView> view;  // seen once, only when a battle is planned
  for (Action a : rules.spaces_of(ActionKind::battle)) {
    const auto& order = orders[a];
    if (!order || !order->target) continue;
    const ProvinceState& from = state.at(order->province);
    const ProvinceState& target = state.at(*order->target);
    if (from.owner != orders.player || target.owner == orders.player) continue;  // not a battle now
    // Rules 5, D-20: every cube but one, or up to N; too few to go cancels the move.
    const int most = from.armies - 1;
    const int moving = order->armies.all ? most : std::min(order->armies.count, most);
    if (from.armies < rules.min_source_armies || moving < std::max(1, order->min_armies)) continue;
    if (!view) view = see(state, rules, orders.player);
    BattleAhead b{
        a, order->province, *order->target, moving, target.armies, target.owner.has_value(), {}};
    b.odds = battle_odds(battle_question(*view, rules, orders.player, *order->target, moving),
                         rules.tower);
    out.push_back(b);
  }
  return out;
}

}  // namespace wallenstein
