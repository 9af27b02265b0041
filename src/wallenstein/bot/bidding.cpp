// The bot's bid, its bonus tile preferences, and the card counts of rules 4.3.

#include <algorithm>

#include "wallenstein/bot/plan.hpp"
#include "wallenstein/rules/landsknechte.hpp"

namespace wallenstein::bot {
namespace {

/// Whether the plan has a step on a space that collects `resource`.
bool collects(const Assessment& a, const Plan& plan, Resource resource) {
  const auto space = a.rules.collect_space(resource);
  return space && plan.step(*space).has_value();
}

/// What the +1 cube of the defence tile saves across the provinces at risk.
double defence_tile_worth(const Assessment& a) {
  double worth = 0;
  for (ProvinceId p : a.mine) {
    const int armies = a.view.at(p).armies;
    const double before = a.loss_risk(p, armies);
    if (before < 0.02) continue;
    worth += (before - a.loss_risk(p, armies + 1)) * a.keep_value(p);
  }
  return worth;
}

double tile_worth(const Assessment& a, const Plan& plan, const BonusTile& tile) {
  switch (tile.effect) {
    case TileEffect::taxes_bonus:
      return collects(a, plan, Resource::thaler) ? a.thaler_value() * tile.value : 0.0;
    case TileEffect::grain_bonus:
      return collects(a, plan, Resource::grain) ? grain_worth(a, plan, tile.value) : 0.0;
    case TileEffect::armies_bonus:
      return plan.step(tile.space) ? 0.05 * tile.value : 0.0;
    case TileEffect::attack_cubes:
      return attack_worth(a, plan, 1);
    case TileEffect::defense_cubes:
      return defence_tile_worth(a);
  }
  return 0.0;
}

/// The tiles most wanted first; ties broken by the bot's own stream.
std::vector<std::pair<double, TileId>> ranked_tiles(const Assessment& a, const Plan& plan,
                                                    Rng& rng) {
  std::vector<std::pair<double, TileId>> ranked;
  for (std::size_t i = 0; i < a.rules.tiles.size(); ++i) {
    const double noise = 1e-6 * rng.below(1000);
    ranked.emplace_back(tile_worth(a, plan, a.rules.tiles[i]) + noise, TileId::at(i));
  }
  std::sort(ranked.begin(), ranked.end(),
            [](const auto& x, const auto& y) { return x.first > y.first; });
  return ranked;
}

/// A card on a space that would otherwise break rules 4.3: the most useful payable step, else
/// one that is cancelled without harm.
void add_filler(const Assessment& a, Plan& plan, ProvinceId p) {
  std::vector<Candidate> options;
  for (Candidate& c : collect_candidates(a, plan)) {
    if (c.steps.front().second.order.province == p) options.push_back(std::move(c));
  }
  for (Candidate& c : build_candidates(a)) {
    if (c.steps.front().second.order.province == p) options.push_back(std::move(c));
  }
  for (Candidate& c : move_candidates(a, plan)) {
    if (c.steps.front().second.order.province == p) options.push_back(std::move(c));
  }
  std::stable_sort(options.begin(), options.end(),
                   [](const Candidate& x, const Candidate& y) { return x.value > y.value; });
  for (const Candidate& c : options) {
    if (plan.try_add(c)) return;
  }
  // Nothing useful is payable: a placement it can pay for, else a build cancelled before any
  // payment (rules 5: the type is there or no site is free), else any build, else a move.
  Step s;
  s.order.province = p;
  s.reason.why = BotWhy::filler;
  std::vector<Action> places = a.place_spaces;
  std::stable_sort(places.begin(), places.end(), [&](Action x, Action y) {
    return a.rules.action(x).armies < a.rules.action(y).armies;  // the fewest armies first
  });
  for (Action action : places) {
    if (!plan.action_free(action)) continue;
    Candidate filler;
    filler.steps.emplace_back(action, s);
    if (plan.try_add(filler)) return;
  }
  const SeenProvince& here = a.view.at(p);
  const bool full = here.building_count() >= a.rules.province(p).sites;
  for (Building b : kAllBuildings) {
    const auto action = a.rules.build_space(b);
    if (action && plan.action_free(*action) && (full || here.has(b))) return plan.force(*action, s);
  }
  // A space whose cost the plan can still pay, so that the filler starves nothing the bot wants
  // (the forecast the player's receipt gives would say so).
  std::vector<Action> others;
  for (Action action : a.rules.action_spaces()) {
    if (plan.action_free(action) && a.rules.action(action).kind != ActionKind::battle)
      others.push_back(action);
  }
  for (Action action : others) {
    Plan trial = plan;
    trial.force(action, s);
    if (trial.payable()) return plan.force(action, s);
  }
  Step move = s;
  for (ProvinceId n : a.rules.province(p).neighbours) {
    if (a.in_play(n) && (!move.order.target || a.is_mine(n))) move.order.target = n;
  }
  move.order.armies = ArmyCount{false, 1};
  // A free battle space (a battle or a move costs nothing), else a space it cannot pay for,
  // else the last battle's step is replaced: the card must go somewhere.
  const auto& battles = a.battle_spaces;
  const auto free =
      std::find_if(battles.begin(), battles.end(), [&](Action b) { return plan.action_free(b); });
  if (free != battles.end()) return plan.force(*free, move);
  if (!others.empty()) return plan.force(others.front(), s);
  if (!battles.empty()) return plan.force(battles.back(), move);
  plan.use_card(p);  // a board without battles: the card stays in hand
}

}  // namespace

double attack_worth(const Assessment& a, const Plan& plan, int cubes) {
  double worth = 0;
  for (Action card : a.battle_spaces) {
    const auto& s = plan.step(card);
    if (!s || s->reason.why != BotWhy::attack || !s->order.target) continue;
    const ProvinceId target = *s->order.target;
    const int moving = std::max(1, s->reason.armies);
    const auto with =
        a.odds(battle_question(a.view, a.rules, a.me, target, moving, {cubes, 0, -1}));
    worth += (with.win - s->reason.win) * 3.0;
  }
  return worth;
}

double grain_worth(const Assessment& a, const Plan& plan, int more) {
  const auto space = a.rules.collect_space(Resource::grain);
  const std::optional<Step> none;
  const auto& g = space ? plan.step(*space) : none;
  const int planned_grain = g ? g->reason.amount : 0;
  const int grain = a.view.mine().grain + planned_grain +
                    a.future_grain(g ? std::optional(g->order.province) : std::nullopt);
  return a.winter_risk(grain) - a.winter_risk(grain + more);
}

void settle_bid_and_cards(const Assessment& a, Plan& plan, Rng& rng, BotPlan& out) {
  const int coin_cards = static_cast<int>(a.rules.coin_cards.size());
  const bool may_bid = !a.rules.changes().bid_needs_a_spare_card ||
                       static_cast<int>(a.mine.size()) + coin_cards > a.rules.action_count();
  const int coins = coin_cards + plan.extra_blank_cards();
  // Rules 4.3: a space beyond the coin cards takes a province card while any is free.
  auto spare_cards = [&] { return plan.free_provinces(); };
  while (plan.actions_without_card() > coins && !spare_cards().empty())
    add_filler(a, plan, spare_cards().front());
  if (!a.rules.has_bids()) return;  // Rules 12: the 1st edition has no bids and no tiles.

  const auto ranked = ranked_tiles(a, plan, rng);
  for (const auto& [worth, tile] : ranked) out.orders.tile_preferences.push_back(tile);
  BotReason bid = because(BotWhy::bid_none);
  bid.tile = ranked.front().second;
  out.orders.bid = Bid{BidKind::none, 0, ProvinceId{}};
  if (may_bid) {
    const auto spare = spare_cards();
    const double edge = ranked.front().first - ranked[1].first;
    const int room = plan.spare_thaler();
    const bool coin_card_free = plan.actions_without_card() + 1 <= coins || spare.empty();
    if (edge >= 0.6 && room >= 1 && coin_card_free && a.thaler_value() < edge / 2) {
      const int coin = edge >= 1.2 && room >= 2 ? 2 : 1;
      out.orders.bid = Bid{BidKind::coin, coin, ProvinceId{}};
      bid.why = BotWhy::bid_coin;
      bid.amount = coin;
    } else if (!spare.empty()) {
      out.orders.bid = Bid{BidKind::province, 0, spare.back()};
      bid.why = BotWhy::bid_province;
    } else if (coin_card_free) {
      out.orders.bid = Bid{BidKind::coin, 0, ProvinceId{}};
      bid.why = BotWhy::bid_zero;
    }
  }
  out.bid = bid;
}

std::vector<LandsknechtBonus> landsknecht_wishes(const Assessment& a, const Plan& plan) {
  const LandsknechtCard* next = next_landsknecht_card(a.rules, a.view.mine().landsknechte);
  if (!next) return {};
  const LandsknechtCard& card = *next;
  std::vector<std::pair<double, LandsknechtBonus>> ranked;
  for (LandsknechtBonus b : kAllLandsknechtBonuses) {
    const int amount = card.of(b);
    double worth = 0;
    switch (b) {
      case LandsknechtBonus::thaler:
        worth = a.thaler_value() * amount;
        break;
      case LandsknechtBonus::grain:
        worth = grain_worth(a, plan, amount);
        break;
      case LandsknechtBonus::vp:
        worth = amount;
        break;
      case LandsknechtBonus::tray: {
        // Cubes in the tray are thrown with the next battle, the player's attack or defence.
        const int cubes = std::min(amount, a.view.mine().reserve);
        worth = cubes > 0 ? attack_worth(a, plan, cubes) + 0.05 * cubes : 0.0;
        break;
      }
    }
    if (amount > 0) ranked.emplace_back(worth, b);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  std::vector<LandsknechtBonus> wishes;
  wishes.reserve(ranked.size());
  for (const auto& [worth, b] : ranked) wishes.push_back(b);
  return wishes;
}

}  // namespace wallenstein::bot
