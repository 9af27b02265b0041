// The bot's orders at the Imperial Court (rules 13.1): the side board and the favours wished.

#include <algorithm>
#include <tuple>

#include "wallenstein/bot/plan.hpp"

namespace wallenstein::bot {
namespace {

/// What an officer in the reception hall is worth in points: a favour card costs 2 to 4 of them
/// and brings about a point and a half (E-6's values); officers stay at court until spent.
constexpr double kOfficerWorth = 0.4;
/// The share of the officers' worth a conversion may cost in the chance of losing the province
/// it empties (its armies go back to the reserve, so that is all it costs).
constexpr double kConversionRisk = 0.5;
/// A card that cancels the season's event, without a list of events to cancel (rules version 2:
/// it cancels any): the bot does not weigh events then, a small sure worth.
constexpr double kCancelEventWorth = 0.3;
/// What a cube the army shortage keeps off the board is worth in points.
constexpr double kPlacedCubeWorth = 0.1;
/// The share of an attack's worth an event that strengthens the defence (more peasants, the
/// palace guard) takes away.
constexpr double kWeakerAttack = 0.3;

bool attack_planned(const Plan& plan) {
  return std::any_of(plan.steps().begin(), plan.steps().end(), [](const std::optional<Step>& s) {
    return s && s->reason.why == BotWhy::attack;
  });
}

/// A free province card whose armies can give `cubes` (leaving one) at little risk: the one
/// that loses the least by it, then the most armies.
std::optional<ProvinceId> province_to_convert(const Assessment& a, const Plan& plan, int cubes) {
  std::optional<ProvinceId> best;
  double best_loss = kConversionRisk * kOfficerWorth * cubes;
  for (ProvinceId p : plan.free_provinces()) {
    const int armies = a.view.at(p).armies;
    if (armies < cubes + 1) continue;
    const double loss = (a.loss_risk(p, armies - cubes) - a.loss_risk(p, armies)) * a.keep_value(p);
    if (loss < best_loss || (best && loss == best_loss && armies > a.view.at(*best).armies)) {
      best = p;
      best_loss = loss;
    }
  }
  return best;
}

/// Rules 13.1: each side-board space, largest first, takes the player's cubes in the tray or a
/// province card; spaces left empty take a blank card.
std::vector<ConversionOrder> side_board(const Assessment& a, Plan& plan, int& officers) {
  std::vector<ConversionOrder> out;
  int tray = attack_planned(plan) ? 0 : a.view.tray.player(a.me);
  int tower_cards = a.rules.court.tower_cards;
  int blanks = 0;
  for (int cubes : a.rules.court.conversions) {
    ConversionOrder order;
    if (officers >= cubes && tower_cards > 0 && tray >= cubes) {
      order.source = ConversionSource::tower;
      tray -= cubes;
      --tower_cards;
    } else if (const auto p =
                   officers >= cubes ? province_to_convert(a, plan, cubes) : std::nullopt) {
      order = ConversionOrder{ConversionSource::province, *p};
      plan.use_card(*p);
    }
    if (order.source == ConversionSource::none) {
      ++blanks;
    } else {
      officers -= cubes;
    }
    out.push_back(order);
  }
  plan.set_extra_blank_cards(tower_cards - blanks);
  return out;
}

/// The province a `place` card serves best: a neutral one in play worth the most, else the
/// player's province whose risk the cubes lower most; and what that is worth.
std::pair<double, std::optional<ProvinceId>> best_placement(const Assessment& a, int cubes) {
  std::pair<double, std::optional<ProvinceId>> best{0.0, std::nullopt};
  for (std::size_t i = 0; i < a.view.provinces.size(); ++i) {
    const ProvinceId p = ProvinceId::at(i);
    const SeenProvince& here = a.view.at(p);
    double worth = 0;
    if (!here.owner && a.in_play(p)) {
      worth = a.keep_value(p) * (1.0 - a.loss_risk(p, cubes));
    } else if (here.owner == a.me) {
      worth = (a.loss_risk(p, here.armies) - a.loss_risk(p, here.armies + cubes)) * a.keep_value(p);
    }
    if (worth > best.first) best = {worth, p};
  }
  return best;
}

/// The province a free building serves best (not one the plan already builds in), and its worth.
std::pair<double, std::optional<ProvinceId>> best_building(const Assessment& a, const Plan& plan,
                                                           Building b) {
  std::pair<double, std::optional<ProvinceId>> best{0.0, std::nullopt};
  if (a.view.supply.buildings[index_of(b)] <= 0) return best;
  const auto space = a.rules.build_space(b);
  const std::optional<Step> none;
  const auto& planned = space ? plan.step(*space) : none;
  for (ProvinceId p : a.mine) {
    const SeenProvince& here = a.view.at(p);
    if (here.has(b) || here.building_count() >= a.rules.province(p).sites) continue;
    if (planned && planned->order.province == p) continue;
    const double majority = a.majority_gain(a.me, a.rules.province(p).region, b);
    const double worth = a.calendar.winters_left * (a.rules.scoring.vp_per_building + majority) *
                         (1.0 - a.loss_risk(p, here.armies));
    if (worth > best.first) best = {worth, p};
  }
  return best;
}

/// What a shield against the battles marked saves: the chance of losing each province.
double shield_worth(const Assessment& a, const std::vector<Action>& battles) {
  // The share of the other players' battles it stops, each battle space alike.
  const auto spaces = static_cast<double>(a.battle_spaces.size());
  const double share = spaces == 0 ? 0.0 : static_cast<double>(battles.size()) / spaces;
  double worth = 0;
  for (ProvinceId p : a.mine) worth += a.loss_risk(p, a.view.at(p).armies) * a.keep_value(p);
  return share * worth;
}

/// What `event` would cost the plan's steps, in points (D-50): collections capped, placements
/// cut short, attacks stopped or weakened. Events that help the plan cost nothing.
double event_harm(const Assessment& a, const Plan& plan, const EventCard& event) {
  double harm = 0;
  for (Action action : a.rules.action_spaces()) {
    const auto& step = plan.step(action);
    if (!step) continue;
    const ActionDef& def = a.rules.action(action);
    if (def.kind == ActionKind::collect) {
      const bool grain = def.collects == Resource::grain;
      const Province& facts = a.rules.province(step->order.province);
      const int base = grain ? facts.grain : facts.tax;
      const bool capped = event.effect == (grain ? EventEffect::grain_max : EventEffect::tax_max);
      if (capped && base > event.value) {
        const int lost = base - event.value;
        harm += grain ? grain_worth(a, plan, lost) : a.thaler_value() * lost;
      }
    } else if (def.kind == ActionKind::place) {
      if (const auto most = event.place_limit(action); most && *most < def.armies)
        harm += kPlacedCubeWorth * (def.armies - *most);
    } else if (step->reason.why == BotWhy::attack && step->order.target) {
      const ProvinceId target = *step->order.target;
      const double worth = step->reason.win * a.keep_value(target);
      const SeenProvince& there = a.view.at(target);
      if (event.effect == EventEffect::religious_peace && there.has(Building::church))
        harm += worth;
      if ((event.effect == EventEffect::neutral_peasants && !there.owner) ||
          (event.effect == EventEffect::palace_guard && there.has(Building::palace)))
        harm += kWeakerAttack * worth;
    }
  }
  return harm;
}

/// D-50: the events card #1 should cancel, those that would harm the plan, and what cancelling
/// is worth: their harm, each as likely as the year's other events left to draw.
std::pair<double, std::vector<EventId>> events_to_cancel(const Assessment& a, const Plan& plan) {
  std::pair<double, std::vector<EventId>> out;
  if (a.view.events_left.empty()) return out;
  for (EventId e : a.view.events_left) {
    const double harm = event_harm(a, plan, a.rules.event(e));
    if (harm <= 0) continue;
    out.first += harm / static_cast<double>(a.view.events_left.size());
    out.second.push_back(e);
  }
  return out;
}

/// A displayed card's worth to the player now, and the province it would act on.
std::pair<double, std::optional<ProvinceId>> favour_worth(const Assessment& a, const Plan& plan,
                                                          const FavourCard& card) {
  const SeenPlayer& me = a.view.mine();
  switch (card.effect) {
    case FavourEffect::cancel_event:
      return {kCancelEventWorth, std::nullopt};
    case FavourEffect::thaler:
      return {a.thaler_value() * card.amount, std::nullopt};
    case FavourEffect::grain:
      return {grain_worth(a, plan, card.amount), std::nullopt};
    case FavourEffect::vp:
      return {static_cast<double>(card.amount), std::nullopt};
    case FavourEffect::tray: {
      const int cubes = std::min(card.amount, me.reserve);
      return {cubes > 0 ? attack_worth(a, plan, cubes) + 0.05 * cubes : 0.0, std::nullopt};
    }
    case FavourEffect::remove_marker: {
      // A marker is a step towards a revolt (rules 8); kept, the card stops the next one (E-7).
      for (ProvinceId p : a.mine) {
        if (a.view.at(p).revolt_markers > 0) return {0.5 * a.keep_value(p) / 3, p};
      }
      return {me.marker_shield ? 0.0 : 0.3, std::nullopt};
    }
    case FavourEffect::build:
      return best_building(a, plan, *card.building);
    case FavourEffect::shield:
      return {shield_worth(a, card.shields), std::nullopt};
    case FavourEffect::place:
      return best_placement(a, std::min(card.amount, me.reserve));
  }
  return {0.0, std::nullopt};
}

}  // namespace

CourtOrder court_order(const Assessment& a, Plan& plan) {
  CourtOrder order;
  int officers = a.view.mine().officers_beside;
  order.conversions = side_board(a, plan, officers);
  // Wishes among the cards shown, worth net of the officers they cost, most wanted first.
  std::vector<std::pair<double, FavourWish>> ranked;
  for (std::size_t space = 0; space < a.view.favour_display.size(); ++space) {
    const int number = a.view.favour_display[space];
    const FavourCard* shown = a.rules.court.card(number);
    if (!shown) continue;
    const FavourCard& card = *shown;
    auto [worth, province] = favour_worth(a, plan, card);
    if (card.needs_province() && !province) continue;
    FavourWish wish{number, province, std::nullopt};
    if (card.effect == FavourEffect::cancel_event && a.rules.changes().favour_one_is_a_choice) {
      std::tie(worth, wish.cancel) = events_to_cancel(a, plan);  // D-50: only what harms it
    }
    const double net = worth - kOfficerWorth * a.rules.court.display[space];
    if (net > 0) ranked.emplace_back(net, wish);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  for (const auto& [net, wish] : ranked) order.favours.push_back(wish);
  return order;
}

}  // namespace wallenstein::bot
