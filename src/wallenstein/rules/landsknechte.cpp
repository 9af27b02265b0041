// The Landsknechte expansion's phase (rules 13.2).

#include "wallenstein/rules/landsknechte.hpp"

#include <algorithm>
#include <vector>

#include "wallenstein/rules/resolution.hpp"

namespace wallenstein {

int regions_held(const GameState& state, const Ruleset& rules, PlayerIndex player) {
  std::vector<bool> held(rules.regions.size(), false);
  for (ProvinceId id : state.provinces_of(player)) held[rules.province(id).region.value] = true;
  return static_cast<int>(std::count(held.begin(), held.end(), true));
}

const LandsknechtCard* next_landsknecht_card(const GameState& state, const Ruleset& rules,
                                             PlayerIndex player) {
  return next_landsknecht_card(rules, state.player(player).landsknechte);
}

const LandsknechtCard* next_landsknecht_card(const Ruleset& rules, int turned) {
  // The loader makes the pile at least as long as a year; the bound keeps the core safe anyway.
  const auto next = static_cast<std::size_t>(turned);
  return turned >= 0 && next < rules.landsknechte.cards.size() ? &rules.landsknechte.cards[next]
                                                               : nullptr;
}

namespace detail {
namespace {

/// The first wish the card offers and the player can take, else the pile's fallback (which every
/// card offers). Cubes into the tray cannot be taken with an empty reserve (D-30).
LandsknechtBonus chosen_bonus(const LandsknechtCard& card,
                              const std::vector<LandsknechtBonus>& wishes,
                              LandsknechtBonus fallback, const PlayerState& player) {
  const auto offered = std::find_if(wishes.begin(), wishes.end(), [&](LandsknechtBonus b) {
    return card.offers(b) && (b != LandsknechtBonus::tray || player.reserve > 0);
  });
  return offered != wishes.end() ? *offered : fallback;
}

/// Gives the bonus; returns what it gave (the tray gets only the cubes the reserve has).
int give(GameState& state, PlayerIndex player, LandsknechtBonus bonus, int amount) {
  PlayerState& p = state.player(player);
  switch (bonus) {
    case LandsknechtBonus::thaler:
      p.thaler += amount;
      return amount;
    case LandsknechtBonus::grain:
      p.grain += amount;
      return amount;
    case LandsknechtBonus::vp:
      p.vp += amount;
      return amount;
    case LandsknechtBonus::tray: {
      const int cubes = std::min(amount, p.reserve);
      p.reserve -= cubes;
      state.tower.tray.player(player) += cubes;
      return cubes;
    }
  }
  return 0;
}

}  // namespace

void play_landsknechte(Context& ctx, const std::vector<Orders>& orders) {
  const LandsknechtRules& pile = ctx.rules.landsknechte;
  for (PlayerIndex p : ctx.log.turn_order) {
    LandsknechtTurn turn{p, regions_held(ctx.state, ctx.rules, p), std::nullopt, pile.fallback, 0};
    const LandsknechtCard* card = next_landsknecht_card(ctx.state, ctx.rules, p);
    if (turn.regions >= pile.min_regions && card) {
      int& turned = ctx.state.player(p).landsknechte;
      turned += 1;
      turn.card = turned;
      turn.bonus = chosen_bonus(*card, orders[p.value].landsknecht_wishes, pile.fallback,
                                ctx.state.player(p));
      turn.amount = give(ctx.state, p, turn.bonus, card->of(turn.bonus));
    }
    ctx.log.landsknechte.push_back(turn);
  }
  ctx.step_done();
}

}  // namespace detail
}  // namespace wallenstein
