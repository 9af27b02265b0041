#include "wallenstein/files/json_view.hpp"

#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

using Json = nlohmann::ordered_json;

Json ids(const GameState& state, const std::vector<PlayerIndex>& players) {
  Json out = Json::array();
  for (PlayerIndex p : players) out.push_back(state.player(p).id);
  return out;
}

Json event_ids(const Ruleset& rules, const std::vector<EventId>& events) {
  Json out = Json::array();
  for (EventId e : events) out.push_back(rules.event(e).id);
  return out;
}

Json winter_json(const GameState& state, const Ruleset& rules, const WinterLog& winter) {
  Json revolts = Json::object();
  for (const WinterSupply& s : winter.supply) {
    if (s.drawn.empty()) continue;
    Json list = Json::array();
    for (ProvinceId p : s.drawn) list.push_back(rules.province(p).id);
    revolts[state.player(s.player).id] = list;
  }
  Json scores = Json::object();
  for (const Score& s : winter.scores) {
    Json score = {{"provinces", s.provinces},
                  {"buildings", s.buildings},
                  {"majorities", s.majorities},
                  {"total", s.total},
                  {"vp", s.vp_after}};
    if (rules.plays(kLeadersPlacePhase))
      score["statues"] = s.statues;  // rules 13.3, the last winter
    scores[state.player(s.player).id] = std::move(score);
  }
  return {{"event", rules.event(winter.last_event).id},
          {"grain_loss", winter.grain_loss},
          {"revolts", revolts},
          {"scores", scores}};
}

}  // namespace

Json bid_json(const Bid& bid) {
  switch (bid.kind) {
    case BidKind::coin:
      return bid.coin;
    case BidKind::province:
      return "province";
    case BidKind::none:
      return "none";
  }
  return nullptr;
}

namespace {

/// Each player's public numbers, provinces and, once resolved, bid.
Json players_json(const GameConfig& config, const GameState& state, const Ruleset& rules,
                  const SeasonLog* resolution) {
  Json players = Json::array();
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const PlayerState& p = state.players[i];
    Json provinces = Json::array();
    for (ProvinceId id : state.provinces_of(state.player_index(i)))
      provinces.push_back(rules.province(id).id);
    Json bid = nullptr;
    if (resolution && !resolution->bids.empty()) bid = bid_json(resolution->bids[i].bid);
    Json player = {{"id", p.id},
                   {"name", config.players[i].name},
                   {"thaler", p.thaler},
                   {"grain", p.grain},
                   {"vp", p.vp},
                   {"reserve", p.reserve},
                   {"provinces", provinces},
                   {"bid", bid}};
    // Rules 13.2: the Landsknechte cards turned this year, in a game that plays them.
    if (rules.plays(kLandsknechtePhase)) player["landsknechte"] = p.landsknechte;
    // Rules 13.3: where the military leader stands (null: beside the board), the statues not yet
    // placed and the trophies taken.
    if (rules.plays(kLeadersPlacePhase)) {
      player["leader"] = {
          {"province", p.leader ? Json(rules.province(*p.leader).id) : Json(nullptr)},
          {"statues_left", p.statues},
          {"trophies", p.trophies}};
    }
    players.push_back(std::move(player));
  }
  return players;
}

/// Every province: its facts and what stands on it.
Json provinces_json(const GameState& state, const Ruleset& rules) {
  Json provinces = Json::array();
  for (std::size_t i = 0; i < state.provinces.size(); ++i) {
    const Province& facts = rules.provinces[i];
    const ProvinceState& p = state.provinces[i];
    Json buildings = Json::array();
    for (Building b : kAllBuildings) {
      if (p.has(b)) buildings.push_back(building_key(b));
    }
    Json province = {{"id", facts.id},
                     {"name", facts.name},
                     {"region", rules.regions[facts.region.value].id},
                     {"in_play", rules.in_play(ProvinceId::at(i), state.player_count())},
                     {"owner", p.owner ? Json(state.player(*p.owner).id) : Json(nullptr)},
                     {"armies", p.armies},
                     {"buildings", buildings},
                     {"revolts", p.revolt_markers}};
    // Rules 13.3: the statues standing here, by player.
    if (rules.plays(kLeadersPlacePhase)) {
      Json statues = Json::object();
      for (std::size_t q = 0; q < state.players.size(); ++q) {
        if (p.statues[q] > 0) statues[state.players[q].id] = p.statues[q];
      }
      province["statues"] = statues;
    }
    provinces.push_back(std::move(province));
  }
  return provinces;
}

/// Rules 13.3: a leader placed, moved or taken off, as it happened.
Json leader_step_json(const GameState& state, const Ruleset& rules, const LeaderStep& s) {
  Json step = {{"player", state.player(s.player).id},
               {"kind", leader_step_key(s.kind)},
               {"province", rules.province(s.province).id}};
  if (s.kind == LeaderStepKind::moved) {
    step["from"] = rules.province(s.from.value_or(s.province)).id;
    step["statue"] = s.statue;
  }
  if (s.kind != LeaderStepKind::taken_off) {
    step["trophies"] = ids(state, s.trophies);
    step["as_ordered"] = s.as_ordered;
    if (s.asked) step["asked"] = rules.province(*s.asked).id;
  }
  if (s.in_winter) {
    step["in_winter"] = true;
  }
  return step;
}

/// Rules 13.1: the court as the table sees it: the display by space, each player's officers, who
/// keeps card #4, and how many cards are left face down (never which).
Json court_json(const GameState& state, const Ruleset& rules) {
  const CourtState& court = state.court;
  Json display = Json::array();
  for (std::size_t i = 0; i < court.display.size(); ++i) {
    display.push_back({{"cost", rules.court.display[i]},
                       {"card", court.display[i] ? Json(court.display[i]) : Json(nullptr)}});
  }
  Json officers = Json::object();
  Json kept = Json::array();
  for (std::size_t seat = 0; seat < state.players.size(); ++seat) {
    officers[state.players[seat].id] = {{"beside", court.officers_beside[seat]},
                                        {"hall", court.officers_hall[seat]}};
    if (court.marker_shield[seat]) kept.push_back(state.players[seat].id);
  }
  return {{"display", display},
          {"officers", officers},
          {"kept_marker_card", kept},
          {"deck", court.deck.size()}};
}

/// Rules 13.1: a resolved season's conversions and favour turns.
Json court_resolution_json(const GameState& state, const Ruleset& rules, const SeasonLog& log) {
  Json conversions = Json::array();
  for (const Conversion& c : log.court_conversions) {
    Json row = {{"player", state.player(c.player).id},
                {"cubes", c.cubes},
                {"from", c.province ? rules.province(*c.province).id : "tower"},
                {"done", c.done}};
    if (c.short_of != ConversionShort::none) row["short"] = conversion_short_key(c.short_of);
    conversions.push_back(row);
  }
  Json favours = Json::array();
  for (const FavourTurn& t : log.court_favours) {
    Json turn = {{"player", state.player(t.player).id}, {"officers", t.officers}};
    turn["card"] = t.card ? Json(*t.card) : Json(nullptr);
    if (t.card) turn["cost"] = t.cost;
    if (t.province) turn["province"] = rules.province(*t.province).id;
    if (t.kept) turn["kept"] = true;
    if (t.event_left) turn["event_left"] = true;  // D-50: card #1 taken, the event left
    if (t.no_effect) turn["no_effect"] = true;    // D-51: taken, its effect came to nothing
    favours.push_back(std::move(turn));
  }
  return {{"conversions", conversions}, {"favours", favours}};
}

/// Rules 2.2: the draft's picks, in the order played (what the draft season revealed).
Json draft_resolution_json(const GameState& state, const Ruleset& rules,
                           const SeasonLog& resolution) {
  Json picks = Json::array();
  for (const DraftPick& pick : resolution.draft) {
    Json offered = Json::array();
    for (const auto& card : pick.offered)
      if (card) offered.push_back(rules.province(*card).id);
    Json row = {{"round", pick.round},
                {"player", state.player(pick.player).id},
                {"province", rules.province(pick.province).id},
                {"armies", pick.armies},
                {"blind", pick.blind},
                {"offered", offered}};
    if (pick.refreshed()) {  // D-49: the face-up pair put under the pile before the pick
      Json under = Json::array();
      for (const auto& card : pick.put_under) under.push_back(rules.province(*card).id);
      row["put_under"] = under;
    }
    if (pick.leader) row["leader"] = true;  // D-48: the military leader placed there
    picks.push_back(std::move(row));
  }
  return {{"draft", picks}, {"nmr", ids(state, resolution.nmr)}};
}

/// What a resolved season revealed: the event, bids, turn order, tiles, every action card.
Json resolution_json(const GameState& state, const Ruleset& rules, const SeasonLog& resolution) {
  if (state.draft) return draft_resolution_json(state, rules, resolution);
  Json r;
  r["event"] = rules.event(resolution.event).id;
  Json bids = Json::object();
  for (const BidRecord& b : resolution.bids) bids[state.player(b.player).id] = bid_json(b.bid);
  r["bids"] = bids;
  r["turn_order"] = ids(state, resolution.turn_order);
  Json taken = Json::object();
  for (const auto& [p, t] : resolution.tiles) taken[state.player(p).id] = rules.tile(t).id;
  r["tiles"] = taken;
  Json all = Json::array();
  for (int slot = 1; slot <= static_cast<int>(resolution.action_cards.size()); ++slot) {
    all.push_back(
        {{"slot", slot},
         {"action", rules.action(resolution.action_cards[static_cast<std::size_t>(slot - 1)]).id}});
  }
  r["action_cards"] = all;
  if (rules.plays(kLandsknechtePhase)) {
    Json turns = Json::array();
    for (const LandsknechtTurn& t : resolution.landsknechte) {
      Json turn = {{"player", state.player(t.player).id}, {"regions", t.regions}};
      turn["card"] = t.card ? Json(*t.card) : Json(nullptr);
      if (t.card) {
        turn["bonus"] = landsknecht_bonus_key(t.bonus);
        turn["amount"] = t.amount;
      }
      turns.push_back(std::move(turn));
    }
    r["landsknechte"] = turns;
  }
  if (rules.plays(kLeadersPlacePhase)) {
    Json steps = Json::array();
    for (const LeaderStep& s : resolution.leaders)
      steps.push_back(leader_step_json(state, rules, s));
    r["leaders"] = steps;
  }
  r["nmr"] = ids(state, resolution.nmr);
  if (rules.plays(kCourtConversionPhase))
    r["court"] = court_resolution_json(state, rules, resolution);
  if (resolution.winter) r["winter"] = winter_json(state, rules, *resolution.winter);
  return r;
}

}  // namespace

Json public_json(const GameConfig& config, const GameState& state, const Ruleset& rules,
                 const SeasonLog* resolution) {
  const SeasonLabel label = season_label(rules, state.season_index);
  Json out;
  out["game"] = state.game;
  out["season"] = label.name();
  out["season_index"] = state.season_index;
  out["finished"] = state.finished;
  out["edition"] = state.edition;
  out["expansions"] = config.expansions;

  Json events;
  events["year"] = event_ids(rules, state.year_events);
  events["current"] =
      resolution && !state.draft ? Json(rules.event(resolution->event).id) : Json(nullptr);
  events["left"] = event_ids(rules, state.events_left);
  out["events"] = events;

  out["setup"] = config.setup;
  if (state.draft) {  // Rules 2.2: the face-up cards and the size of the pile are public.
    Json face_up = Json::array();
    for (const auto& card : state.draft->face_up)
      if (card) face_up.push_back(rules.province(*card).id);
    out["draft"] = {{"face_up", face_up},
                    {"pile", state.draft->pile.size()},
                    {"groups", rules.army_groups_of(state.player_count())}};
  }
  Json cards = Json::array();
  if (!state.finished && !state.draft) {
    for (int slot = 1; slot <= rules.visible_slots(state.action_cards.size(), false); ++slot) {
      cards.push_back(
          {{"slot", slot},
           {"action", rules.action(state.action_cards[static_cast<std::size_t>(slot - 1)]).id}});
    }
  }
  out["action_cards"] = cards;
  Json tiles = Json::array();
  for (std::size_t i = 0; i < state.bonus_tiles.size(); ++i) {
    tiles.push_back({{"position", i + 1}, {"tile", rules.tile(state.bonus_tiles[i]).id}});
  }
  out["bonus_tiles"] = tiles;
  if (court_dealt(state, rules)) out["court"] = court_json(state, rules);
  out["turn_order"] = ids(state, state.turn_order);
  out["players"] = players_json(config, state, rules, resolution);
  out["provinces"] = provinces_json(state, rules);

  // Rules 8.4: the tray is public, the inside of the tower is not.
  Json tray = Json::object();
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    if (state.tower.tray.n[i] > 0) tray[state.players[i].id] = state.tower.tray.n[i];
  }
  if (state.tower.tray.peasants() > 0) tray["peasants"] = state.tower.tray.peasants();
  out["tower"] = {{"tray", tray}};

  if (state.winners.empty()) {
    out["winner"] = nullptr;
  } else if (state.winners.size() == 1) {
    out["winner"] = state.player(state.winners.front()).id;
  } else {
    out["winner"] = ids(state, state.winners);  // A shared win (rules 10).
  }
  out["winners"] = ids(state, state.winners);
  const auto deadline = config.deadlines.find(label.name());
  out["deadline"] = deadline == config.deadlines.end() ? Json(nullptr) : Json(deadline->second);
  if (resolution) out["resolution"] = resolution_json(state, rules, *resolution);
  return out;
}

}  // namespace wallenstein
