#include "wallenstein/files/state_yaml.hpp"

#include <array>
#include <cstdio>

#include "pbem/files/yaml_writer.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

YamlOut counts_out(const CubeCounts& counts, const GameState& state) {
  YamlOut out = YamlOut::map();
  for (std::size_t i = 0; i < state.players.size(); ++i) out.add(state.players[i].id, counts.n[i]);
  out.add("peasants", counts.peasants());
  return out.flow();
}

std::string hex64(std::uint64_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

/// Each province's owner, armies, buildings, revolt markers and (rules 13.3) statues, by id.
YamlOut provinces_yaml(const GameState& state, const Ruleset& rules) {
  YamlOut provinces = YamlOut::map();
  for (std::size_t i = 0; i < state.provinces.size(); ++i) {
    const ProvinceState& p = state.provinces[i];
    std::vector<std::string> buildings;
    for (Building b : kAllBuildings) {
      if (p.has(b)) buildings.emplace_back(building_key(b));
    }
    YamlOut province =
        YamlOut::map()
            .add("owner", p.owner ? YamlOut::text(state.player(*p.owner).id) : YamlOut::null())
            .add("armies", p.armies)
            .add("buildings", YamlOut::flow_list(buildings))
            .add("revolts", p.revolt_markers);
    // Rules 13.3: statues standing here, by player; written only where there are some.
    YamlOut statues = YamlOut::map();
    bool any_statue = false;
    for (std::size_t q = 0; q < state.players.size(); ++q) {
      if (p.statues[q] == 0) continue;
      statues.add(state.players[q].id, p.statues[q]);
      any_statue = true;
    }
    if (any_statue) province.add("statues", statues.flow());
    provinces.add(rules.provinces[i].id, province.flow());
  }
  return provinces;
}

/// Rules 2.2: the draft's cards, the face-up ones and the pile, top first.
YamlOut draft_yaml(const DraftTable& draft, const Ruleset& rules) {
  std::vector<std::string> pile;
  std::vector<std::string> face_up;
  for (ProvinceId p : draft.pile) pile.push_back(rules.province(p).id);
  for (const auto& card : draft.face_up) {
    if (card) face_up.push_back(rules.province(*card).id);
  }
  return YamlOut::map()
      .add("face_up", YamlOut::flow_list(face_up))
      .add("pile", YamlOut::flow_list(pile));
}

/// Rules 13.1: each player's officers beside the board and in the reception hall, the players
/// keeping card #4 (E-7), the display (public) and the deck, top first (hidden).
YamlOut court_yaml(const GameState& state) {
  const CourtState& court = state.court;
  YamlOut officers = YamlOut::map();
  std::vector<std::string> kept;
  for (std::size_t seat = 0; seat < state.players.size(); ++seat) {
    officers.add(state.players[seat].id, YamlOut::map()
                                             .add("beside", court.officers_beside[seat])
                                             .add("hall", court.officers_hall[seat])
                                             .flow());
    if (court.marker_shield[seat]) kept.push_back(state.players[seat].id);
  }
  const auto numbers = [](const std::vector<int>& cards) {
    YamlOut out = YamlOut::list();
    for (int c : cards) out.push(YamlOut::number(c));
    return std::move(out.flow());
  };
  return YamlOut::map()
      .add("officers", std::move(officers))
      .add("kept_marker_card", YamlOut::flow_list(kept))
      .add("display", numbers(court.display))
      .add("deck", numbers(court.deck));
}

}  // namespace

std::string write_state(const GameState& state, const Ruleset& rules) {
  const SeasonLabel label = season_label(rules, state.season_index);
  auto player_ids = [&](const std::vector<PlayerIndex>& list) {
    std::vector<std::string> ids;
    ids.reserve(list.size());
    for (PlayerIndex p : list) ids.push_back(state.player(p).id);
    return YamlOut::flow_list(ids);
  };
  auto event_ids = [&](const std::vector<EventId>& list) {
    std::vector<std::string> ids;
    ids.reserve(list.size());
    for (EventId e : list) ids.push_back(rules.event(e).id);
    return YamlOut::flow_list(ids);
  };
  YamlOut root = YamlOut::map();
  root.add("format", kStateFormat);
  root.add("game", state.game);
  root.add("edition", state.edition);
  root.add("season", label.name());
  root.add("season_index", state.season_index);
  root.add("finished", state.finished);
  YamlOut players = YamlOut::list();
  for (const auto& p : state.players) {
    YamlOut player = YamlOut::map()
                         .add("id", p.id)
                         .add("thaler", p.thaler)
                         .add("grain", p.grain)
                         .add("vp", p.vp)
                         .add("reserve", p.reserve);
    if (rules.plays(kLandsknechtePhase)) player.add("landsknechte", p.landsknechte);
    if (rules.plays(kLeadersPlacePhase)) {
      player.add("leader", p.leader ? YamlOut::text(rules.province(*p.leader).id) : YamlOut::null())
          .add("statues", p.statues)
          .add("trophies", p.trophies);
    }
    player.flow();
    players.push(std::move(player));
  }
  root.add("players", std::move(players));
  root.add("turn_order", player_ids(state.turn_order));
  root.add("provinces", provinces_yaml(state, rules));
  YamlOut supply = YamlOut::map();
  supply.add("peasants", state.supply.peasants).add("revolt_markers", state.supply.revolt_markers);
  for (Building b : kAllBuildings)
    supply.add(std::string(building_key(b)), state.supply.buildings[index_of(b)]);
  root.add("supply", supply.flow());
  root.add("tower", YamlOut::map()
                        .add("inside", counts_out(state.tower.inside, state))
                        .add("tray", counts_out(state.tower.tray, state)));
  root.add("events", YamlOut::map()
                         .add("year", event_ids(state.year_events))
                         .add("left", event_ids(state.events_left))
                         .add("deck", event_ids(state.event_deck)));
  std::vector<std::string> cards;
  // Rules 2.2: before the draft is played no action card is dealt.
  if (!state.draft)
    for (Action a : state.action_cards) cards.emplace_back(rules.action(a).id);
  root.add("action_cards", YamlOut::flow_list(cards));
  std::vector<std::string> tiles;
  for (TileId t : state.bonus_tiles) tiles.push_back(rules.tile(t).id);
  root.add("bonus_tiles", YamlOut::flow_list(tiles));
  root.add("winners", player_ids(state.winners));
  if (state.draft) root.add("draft", draft_yaml(*state.draft, rules));
  if (court_dealt(state, rules)) root.add("court", court_yaml(state));
  std::vector<std::string> rng;
  for (std::uint64_t word : state.rng) rng.push_back(hex64(word));
  root.add("rng", YamlOut::flow_list(rng));
  // The base game's board reads "slots 6-10" and "1-10", as every stored state says.
  const std::string slots = std::to_string(rules.action_count());
  return root.dump(
      "Wallenstein game \"" + state.game + "\": the state at the start of " + label.name() +
      ".\nGAME MASTER ONLY: it holds hidden information (action slots " +
      std::to_string(rules.face_up_slots + 1) + "-" + slots +
      ", the event deck,\n"
      "the tower's content, the random generator). Never send it to players.\n" +
      (state.draft ? "draft: the face-up cards are public, the pile (top first) is hidden."
                   : "action_cards: slots 1-" + slots +
                         " in order; bonus_tiles: turn-order positions 1-5."));
}

}  // namespace wallenstein
