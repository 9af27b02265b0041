#include "wallenstein/rules/court_play.hpp"

#include <algorithm>
#include <numeric>

#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

/// One side-board space: `cubes` from the source into the reserve, as many officers from the
/// player's supply into the reception hall; all or nothing (E-4). Returns what was short, if
/// anything.
ConversionShort convert(GameState& state, PlayerIndex p, int cubes, const ConversionOrder& order) {
  CourtState& court = state.court;
  int& beside = court.officers_beside[p.value];
  if (beside < cubes) return ConversionShort::officers;
  if (order.source == ConversionSource::province) {
    ProvinceState& province = state.at(order.province);
    // A province card converts armies of the province, leaving at least one.
    if (province.owner != p) return ConversionShort::province;
    if (province.armies < cubes + 1) return ConversionShort::armies;
    province.armies -= cubes;
  } else {
    int& tray = state.tower.tray.player(p);
    if (tray < cubes) return ConversionShort::tray;
    tray -= cubes;
  }
  state.player(p).reserve += cubes;
  beside -= cubes;
  court.officers_hall[p.value] += cubes;
  return ConversionShort::none;
}

/// The province a card that needs one acts on: the wish's, if the card may act there.
bool build_possible(const GameState& state, const Ruleset& rules, PlayerIndex p,
                    const FavourCard& card, ProvinceId where) {
  const ProvinceState& province = state.at(where);
  const Building b = *card.building;
  return province.owner == p && !province.has(b) &&
         province.building_count() < rules.province(where).sites &&
         state.supply.buildings[index_of(b)] > 0;
}

/// Applies a favour card for `p`; false when its effect is impossible (E-9: the wish is
/// skipped; D-51: the card is taken all the same) or, for card #1, the season's `event` is not
/// one its wish cancels (D-50). `turn` records where it acted.
bool apply_favour(GameState& state, const Ruleset& rules, PlayerIndex p, const FavourCard& card,
                  const FavourWish& wish, std::optional<EventId> event, CourtSeason& season,
                  FavourTurn& turn) {
  PlayerState& player = state.player(p);
  switch (card.effect) {
    case FavourEffect::cancel_event:
      // D-50: "le joueur peut aussi laisser la carte là où elle est".
      if (wish.cancel && (!event || std::find(wish.cancel->begin(), wish.cancel->end(), *event) ==
                                        wish.cancel->end()))
        return false;
      season.event_cancelled = true;
      return true;
    case FavourEffect::thaler:
      player.thaler += card.amount;
      return true;
    case FavourEffect::grain:
      player.grain += card.amount;
      return true;
    case FavourEffect::vp:
      player.vp += card.amount;
      return true;
    case FavourEffect::tray: {
      const int cubes = std::min(card.amount, player.reserve);
      if (cubes == 0) return false;
      player.reserve -= cubes;
      state.tower.tray.player(p) += cubes;
      return true;
    }
    case FavourEffect::remove_marker: {
      // The wish's province if it is the player's and has a marker; else the first such (E-7).
      std::optional<ProvinceId> from;
      if (wish.province && state.at(*wish.province).owner == p &&
          state.at(*wish.province).revolt_markers > 0) {
        from = wish.province;
      }
      for (ProvinceId id : state.provinces_of(p)) {
        if (!from && state.at(id).revolt_markers > 0) from = id;
      }
      if (!from) {
        state.court.marker_shield[p.value] = true;
        turn.kept = true;
        return true;
      }
      --state.at(*from).revolt_markers;
      ++state.supply.revolt_markers;
      turn.province = from;
      return true;
    }
    case FavourEffect::build:
      if (!wish.province || !build_possible(state, rules, p, card, *wish.province)) return false;
      state.at(*wish.province).buildings[index_of(*card.building)] = true;
      --state.supply.buildings[index_of(*card.building)];
      turn.province = wish.province;
      return true;
    case FavourEffect::shield:
      for (Action battle : card.shields) season.shields[p.value][index_of(battle)] = true;
      return true;
    case FavourEffect::place: {
      // E-8: in a province of the player, or a neutral one in play, which is taken.
      if (!wish.province) return false;
      ProvinceState& province = state.at(*wish.province);
      const bool neutral = !province.owner && rules.in_play(*wish.province, state.player_count());
      const int cubes = std::min(card.amount, player.reserve);
      if ((province.owner != p && !neutral) || cubes == 0) return false;
      province.owner = p;
      province.armies += cubes;
      player.reserve -= cubes;
      turn.province = wish.province;
      return true;
    }
  }
  return false;
}

}  // namespace

bool court_dealt(const GameState& state, const Ruleset& rules) {
  return rules.plays(kCourtConversionPhase) && !state.draft;
}

const FavourCard* favour_taken(const FavourTurn& turn, const Ruleset& rules) {
  return turn.card ? rules.court.card(*turn.card) : nullptr;
}

bool event_cancelled_by_favour(const std::vector<FavourTurn>& turns, const Ruleset& rules) {
  return std::any_of(turns.begin(), turns.end(), [&](const FavourTurn& t) {
    const FavourCard* card = favour_taken(t, rules);
    return card && card->effect == FavourEffect::cancel_event && !t.event_left;
  });
}

void start_court(GameState& state, const Ruleset& rules, Rng& rng) {
  const auto players = state.players.size();
  CourtState& court = state.court;
  court.officers_beside.assign(players, rules.court.officers);
  court.officers_hall.assign(players, 0);
  court.marker_shield.assign(players, false);
  court.deck.resize(rules.court.cards.size());
  std::iota(court.deck.begin(), court.deck.end(), 1);
  rng.shuffle(court.deck);
  court.display.assign(rules.court.display.size(), 0);
}

void officers_from_tray(GameState& state, const Ruleset& rules, const CubeCounts& tray) {
  CourtState& court = state.court;
  for (std::size_t seat = 0; seat < state.players.size(); ++seat) {
    const int officers =
        std::min({tray.n[seat], rules.court.setup_officers_max, court.officers_beside[seat]});
    court.officers_beside[seat] -= officers;
    court.officers_hall[seat] += officers;
  }
}

void display_favours(GameState& state, const Ruleset& rules) {
  CourtState& court = state.court;
  const std::size_t shown = std::min(rules.court.display.size(), court.deck.size());
  std::vector<int> drawn(court.deck.begin(),
                         court.deck.begin() + static_cast<std::ptrdiff_t>(shown));
  court.deck.erase(court.deck.begin(), court.deck.begin() + static_cast<std::ptrdiff_t>(shown));
  std::sort(drawn.begin(), drawn.end(), std::greater<>());
  court.display.assign(rules.court.display.size(), 0);
  std::copy(drawn.begin(), drawn.end(), court.display.begin());
}

std::vector<Conversion> convert_at_court(GameState& state, const std::vector<Orders>& orders,
                                         const std::vector<PlayerIndex>& turn_order,
                                         const Ruleset& rules) {
  std::vector<Conversion> out;
  for (PlayerIndex p : turn_order) {
    const CourtOrder& court = orders[p.value].court;
    for (std::size_t space = 0; space < rules.court.conversions.size(); ++space) {
      const ConversionOrder order =
          space < court.conversions.size() ? court.conversions[space] : ConversionOrder{};
      if (order.source == ConversionSource::none) continue;
      Conversion c{p, rules.court.conversions[space], order.source, std::nullopt, false};
      if (order.source == ConversionSource::province) c.province = order.province;
      c.short_of = convert(state, p, c.cubes, order);
      c.done = c.short_of == ConversionShort::none;
      out.push_back(c);
    }
  }
  return out;
}

std::vector<FavourTurn> grant_favours(GameState& state, const std::vector<Orders>& orders,
                                      const std::vector<PlayerIndex>& turn_order,
                                      const Ruleset& rules, std::optional<EventId> event,
                                      CourtSeason& season) {
  CourtState& court = state.court;
  const bool own_sake = rules.changes().favour_for_its_own_sake;
  season.shields.resize(state.players.size());
  // E-5: most officers in the reception hall first, ties in turn order; none: no turn.
  std::vector<PlayerIndex> order;
  for (PlayerIndex p : turn_order) {
    if (court.officers_hall[p.value] > 0) order.push_back(p);
  }
  std::stable_sort(order.begin(), order.end(), [&](PlayerIndex a, PlayerIndex b) {
    return court.officers_hall[a.value] > court.officers_hall[b.value];
  });
  std::vector<int> audience(state.players.size(), 0);
  std::vector<FavourTurn> out;
  for (PlayerIndex p : order) {
    audience[p.value] = std::exchange(court.officers_hall[p.value], 0);
    FavourTurn turn{p, audience[p.value], std::nullopt, 0, std::nullopt, false, false, false};
    for (const FavourWish& wish : orders[p.value].court.favours) {
      const auto shown = std::find(court.display.begin(), court.display.end(), wish.card);
      const FavourCard* card = rules.court.card(wish.card);
      if (shown == court.display.end() || !card) continue;
      const int cost = rules.court.display[static_cast<std::size_t>(shown - court.display.begin())];
      if (cost > audience[p.value]) continue;
      FavourTurn tried = turn;
      const bool done = apply_favour(state, rules, p, *card, wish, event, season, tried);
      if (!done && !own_sake) continue;  // E-9, before D-51
      turn = tried;
      // D-51: "il doit utiliser la faveur de la carte immédiatement, dans la mesure du possible".
      if (!done && card->effect == FavourEffect::cancel_event) {
        turn.event_left = true;
      } else if (!done) {
        turn.no_effect = true;
        turn.province = wish.province;  // where it was asked to act
      }
      turn.card = wish.card;
      turn.cost = cost;
      audience[p.value] -= cost;
      court.officers_beside[p.value] += cost;
      *shown = 0;
      break;
    }
    out.push_back(turn);
  }
  for (std::size_t seat = 0; seat < audience.size(); ++seat)
    court.officers_hall[seat] += audience[seat];
  std::fill(court.display.begin(), court.display.end(), 0);  // untaken cards leave the game
  return out;
}

}  // namespace wallenstein
