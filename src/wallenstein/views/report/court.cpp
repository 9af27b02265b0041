// The Imperial Court in the reports and order templates (rules 13.1).

#include <algorithm>

#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/views/report/names.hpp"

namespace wallenstein::report {

using kainjow::mustache::list;

Data favour_card_data(const Ruleset& rules, int number, int cost) {
  Data x;
  x["number"] = std::to_string(number);
  set_count(x, "cost", cost);
  const FavourCard* shown = rules.court.card(number);
  if (!shown) return x;
  const FavourCard& card = *shown;
  // The effect's key set and the others unset, so an outer key does not show through.
  for (FavourEffect e : kAllFavourEffects) x[std::string(favour_effect_key(e))] = e == card.effect;
  set_count(x, "amount", card.amount);
  for (Building b : kAllBuildings) x[std::string(building_key(b))] = card.building == b;
  // A shield card names the battle spaces it stops, by their short names in actions.yaml.
  list battles;
  for (Action battle : card.shields) {
    Data b;
    b["name"] = rules.action(battle).short_name;
    battles.push_back(b);
  }
  mark_last(battles);
  x["battles"] = battles;
  return x;
}

namespace {

/// The cards shown in the audience hall, costliest space first: [{favour card, last}], or false.
Data display_data(const GameState& s, const Ruleset& rules) {
  list cards;
  for (std::size_t space = 0; space < s.court.display.size(); ++space) {
    if (s.court.display[space] != 0)
      cards.push_back(favour_card_data(rules, s.court.display[space], rules.court.display[space]));
  }
  mark_last(cards);
  return cards.empty() ? Data(false) : Data(cards);
}

}  // namespace

Data court_steps_data(const SeasonLog& log, const Names& names) {
  Data d;
  list conversions;
  for (const Conversion& c : log.court_conversions) {
    Data x = names.player_ref(c.player);
    names.count(x, "cubes", c.cubes);
    x["tower"] = c.source == ConversionSource::tower;
    if (c.province) x["province"] = names.province(*c.province);
    x["done"] = c.done;
    // Logs of rules versions 1 and 2 do not say which was short.
    x["short_unknown"] = c.short_of == ConversionShort::none;
    x["short_officers"] = c.short_of == ConversionShort::officers;
    x["short_province"] = c.short_of == ConversionShort::province;
    x["short_armies"] = c.short_of == ConversionShort::armies;
    x["short_tray"] = c.short_of == ConversionShort::tray;
    conversions.push_back(x);
  }
  mark_last(conversions);
  d["conversions_any"] = !conversions.empty();
  d["conversions"] = conversions;
  list turns;
  for (const FavourTurn& t : log.court_favours) {
    Data x = names.player_ref(t.player);
    names.count(x, "officers", t.officers);
    x["took"] = t.card.has_value();
    if (t.card) x["card"] = favour_card_data(names.rules(), *t.card, t.cost);
    if (t.province) x["province"] = names.province(*t.province);
    x["kept"] = t.kept;
    x["event_left"] = t.event_left;  // D-50
    x["no_effect"] = t.no_effect;    // D-51
    turns.push_back(x);
  }
  mark_last(turns);
  d["favours_any"] = !turns.empty();
  d["favours"] = turns;
  d["event_cancelled"] = event_cancelled_by_favour(log.court_favours, names.rules());
  return d;
}

Data court_table_data(const GameState& s, const Names& names) {
  Data d;
  d["display"] = display_data(s, names.rules());
  list players;
  for (std::size_t seat = 0; seat < s.players.size(); ++seat) {
    Data x = names.player_ref(s.player_index(seat));
    names.count(x, "hall", s.court.officers_hall[seat]);
    names.count(x, "beside", s.court.officers_beside[seat]);
    x["kept"] = s.court.marker_shield[seat];
    players.push_back(x);
  }
  mark_last(players);
  d["players"] = players;
  names.count(d, "deck", static_cast<int>(s.court.deck.size()));
  return d;
}

Data court_plan(const GameState& s, PlayerIndex p, const Names& names) {
  const Ruleset& rules = names.rules();
  Data d;
  names.count(d, "hall", s.court.officers_hall[p.value]);
  names.count(d, "beside", s.court.officers_beside[p.value]);
  names.count(d, "tray", s.tower.tray.player(p));
  names.count(d, "tower_cards", rules.court.tower_cards);
  d["kept"] = s.court.marker_shield[p.value];
  list spaces;
  for (int cubes : rules.court.conversions) {
    Data x;
    x["key"] = "convert" + std::to_string(cubes);
    names.count(x, "cubes", cubes);
    spaces.push_back(x);
  }
  mark_last(spaces);
  d["spaces"] = spaces;
  d["display"] = display_data(s, rules);
  const RuleChanges changes = rules.changes();
  d["own_sake"] = changes.favour_for_its_own_sake;  // D-51
  // D-50: with a card shown that cancels the event, the events this season may draw.
  d["cancel_choice"] = changes.favour_one_is_a_choice &&
                       std::any_of(s.court.display.begin(), s.court.display.end(), [&](int number) {
                         const FavourCard* card = rules.court.card(number);
                         return card && card->effect == FavourEffect::cancel_event;
                       });
  list events;
  for (EventId e : s.events_left) {
    Data x;
    x["id"] = rules.event(e).id;
    x["name"] = rules.event(e).name;
    events.push_back(x);
  }
  mark_last(events);
  d["events"] = events;
  return d;
}

}  // namespace wallenstein::report
