#include "wallenstein/bot/bot.hpp"

#include <algorithm>

#include "wallenstein/bot/plan.hpp"
#include "wallenstein/rules/draft.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

/// Adds the candidates worth something, best first, as long as their cards and thaler allow.
void choose(bot::Plan& plan, std::vector<bot::Candidate> candidates, Rng& rng) {
  // A whisker of noise from the bot's own stream breaks ties between equal choices.
  for (bot::Candidate& c : candidates) c.value += 1e-6 * rng.below(1000);
  // Sorts positions rather than the candidates themselves (cheaper to move), of those worth
  // something only; stable, so the order is the same.
  std::vector<std::size_t> best_first;
  best_first.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i)
    if (candidates[i].value > 0) best_first.push_back(i);
  std::stable_sort(best_first.begin(), best_first.end(), [&](std::size_t x, std::size_t y) {
    return candidates[x].value > candidates[y].value;
  });
  for (std::size_t i : best_first) plan.try_add(candidates[i]);
}

std::vector<bot::Candidate> joined(std::vector<bot::Candidate> a, std::vector<bot::Candidate> b,
                                   std::vector<bot::Candidate> c) {
  a.reserve(a.size() + b.size() + c.size());  // one move of the large candidates, not two
  a.insert(a.end(), std::make_move_iterator(b.begin()), std::make_move_iterator(b.end()));
  a.insert(a.end(), std::make_move_iterator(c.begin()), std::make_move_iterator(c.end()));
  return a;
}

}  // namespace

BotPlan plan_orders(const PlayerView& view, const Ruleset& rules) {
  OddsCalculator odds(rules.tower);
  return plan_orders(view, rules, odds);
}

BotPlan plan_orders(const PlayerView& view, const Ruleset& rules, OddsCalculator& odds) {
  if (view.season_index == 0) {  // Rules 2.2: the draft takes a list of provinces only.
    BotPlan out;
    out.orders.player = view.me;
    out.orders.draft = draft_bot_wishes(rules, static_cast<int>(view.players.size()));
    return out;
  }
  const bot::Assessment a(view, rules, odds);
  Rng rng(view.bot_seed);
  bot::Plan plan(a);
  if (!a.mine.empty()) {
    choose(plan, bot::collect_candidates(a, plan), rng);
    choose(plan,
           joined(bot::attack_candidates(a), bot::build_candidates(a), bot::defence_candidates(a)),
           rng);
    choose(plan, bot::move_candidates(a, plan), rng);
  }
  BotPlan out;
  out.orders.player = view.me;
  if (rules.plays(kCourtConversionPhase)) out.orders.court = bot::court_order(a, plan);
  bot::settle_bid_and_cards(a, plan, rng, out);
  if (rules.plays(kLandsknechtePhase)) out.orders.landsknecht_wishes = landsknecht_wishes(a, plan);
  if (rules.plays(kLeadersPlacePhase)) out.orders.leader = leader_order(a, plan);
  if (rules.plays(kDrawTurnOrderPhase)) out.orders.defend_with = bot::defend_with_order(a, plan);
  for (Action action : rules.action_spaces()) {
    if (const auto& s = plan.step(action)) {
      out.orders.actions[index_of(action)] = s->order;
      out.reasons[index_of(action)] = s->reason;
    }
  }
  return out;
}

Orders bot_orders(const GameState& state, const Ruleset& rules, PlayerIndex player) {
  return plan_orders(see(state, rules, player), rules).orders;
}

Orders bot_orders(const GameState& state, const Ruleset& rules, PlayerIndex player,
                  OddsCalculator& odds) {
  return plan_orders(see(state, rules, player), rules, odds).orders;
}

}  // namespace wallenstein
