#include <algorithm>
#include <optional>
#include <stdexcept>

#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/resolution.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {

namespace {

/// Rules 2.3 to 2.4 and the first season: fills the tower (what falls out goes back to the
/// supplies), reveals the first year's events and publishes the first season.
void finish_setup(GameState& state, const Ruleset& rules, Rng& rng, TowerModel& tower) {
  const int count = state.player_count();
  CubeCounts fill;
  for (int seat = 0; seat < count; ++seat) {
    PlayerState& player = state.players[static_cast<std::size_t>(seat)];
    const int cubes = std::min(rules.tower.fill_cubes_per_player, player.reserve);
    player.reserve -= cubes;
    fill.n[static_cast<std::size_t>(seat)] = cubes;
  }
  fill.peasants() = std::min(rules.tower.fill_peasants, state.supply.peasants);
  state.supply.peasants -= fill.peasants();
  throw_into_tower(state.tower, fill, tower, rng);
  if (rules.plays(kCourtConversionPhase)) {  // Rules 13.1, E-3: the court and its first officers
    start_court(state, rules, rng);
    officers_from_tray(state, rules, state.tower.tray);
  }
  for (int seat = 0; seat < count; ++seat) {
    state.players[static_cast<std::size_t>(seat)].reserve +=
        state.tower.tray.n[static_cast<std::size_t>(seat)];
  }
  state.supply.peasants += state.tower.tray.peasants();
  state.tower.tray = CubeCounts{};

  // Rules 2.4: shuffle the events and reveal the first year's.
  for (std::size_t i = 0; i < rules.events.size(); ++i) state.event_deck.push_back(EventId::at(i));
  rng.shuffle(state.event_deck);
  detail::start_year(state, rules);

  detail::publish_season(state, rules, rng);
  state.rng = rng.state();
}

}  // namespace

GameState new_game(const NewGame& spec, const Ruleset& rules, TowerModel* tower_model) {
  const int count = static_cast<int>(spec.player_ids.size());
  const auto setup = rules.standard_setups.find(count);
  const auto thaler = rules.starting_thaler.find(count);
  if (setup == rules.standard_setups.end() || thaler == rules.starting_thaler.end() ||
      !rules.army_groups.count(count)) {
    throw std::invalid_argument("no standard setup for " + std::to_string(count) + " players");
  }
  GameState state;
  state.game = spec.name;
  state.edition = rules.edition;
  state.provinces.assign(rules.provinces.size(), ProvinceState{});
  state.supply.peasants = rules.pieces.peasants;
  state.supply.revolt_markers = rules.pieces.revolt_markers;
  state.supply.buildings = rules.pieces.buildings;

  for (int seat = 0; seat < count; ++seat) {
    PlayerState player;
    player.id = spec.player_ids[static_cast<std::size_t>(seat)];
    player.thaler = thaler->second;
    player.reserve = rules.pieces.cubes_per_player;
    // Rules 13.3: the statues beside the board; the leader is placed in the first season.
    if (rules.plays(kLeadersPlacePhase)) player.statues = rules.leaders.statues;
    state.players.push_back(std::move(player));
    state.turn_order.push_back(state.player_index(static_cast<std::size_t>(seat)));
  }

  Rng rng(spec.seed);
  if (spec.draft) {
    // Rules 2.2: the cards are dealt; the draft is planned as a season of its own.
    state.season_index = 0;
    state.draft = deal_draft(rules, count, rng);
    state.rng = rng.state();
    return state;
  }
  // Rules 2.1: the standard setup; the remaining cubes are the reserve.
  for (int seat = 0; seat < count; ++seat) {
    const PlayerIndex p = state.player_index(static_cast<std::size_t>(seat));
    for (const auto& [province, armies] : setup->second.seats[static_cast<std::size_t>(seat)]) {
      state.at(province).owner = p;
      state.at(province).armies = armies;
      state.player(p).reserve -= armies;
    }
  }
  RandomTower random_tower(rules.tower);
  finish_setup(state, rules, rng, tower_model ? *tower_model : random_tower);
  return state;
}

SeasonResult resolve_draft(GameState state, const std::vector<Orders>& orders,
                           const std::vector<PlayerIndex>& nmr, const Ruleset& rules,
                           const ResolveOptions& options) {
  const auto groups = rules.army_groups.find(state.player_count());
  if (!state.draft || orders.size() != state.players.size() || groups == rules.army_groups.end() ||
      state.rng == Rng::State{}) {
    throw std::invalid_argument("resolve_draft: this state has no draft to play");
  }
  SeasonResult result{std::move(state), SeasonLog{}};
  GameState& next = result.next;
  SeasonLog& log = result.log;
  log.season_index = next.season_index;
  log.nmr = nmr;
  std::vector<DraftOrders> wishes;
  wishes.reserve(orders.size());
  for (const Orders& o : orders) wishes.push_back(o.draft);
  log.draft = play_draft(*next.draft, wishes, groups->second, draft_rules(rules));
  for (const DraftPick& pick : log.draft) {
    next.at(pick.province).owner = pick.player;
    next.at(pick.province).armies = pick.armies;
    next.player(pick.player).reserve -= pick.armies;
    if (pick.leader) next.player(pick.player).leader = pick.province;  // D-48
  }
  next.draft.reset();
  next.season_index = 1;
  if (options.after_step) options.after_step(next);
  Rng rng = Rng::from_state(next.rng);
  RandomTower random_tower(rules.tower);
  finish_setup(next, rules, rng, options.tower ? *options.tower : random_tower);
  return result;
}

namespace {

/// Rules 13.3: a leader stands in a province its player holds; statues are neither made nor lost
/// (each player's not yet placed, standing on the board, or taken by another as a trophy); a game
/// without the leaders has none of these pieces.
std::vector<std::string> leader_violations(const GameState& state, const Ruleset& rules) {
  std::vector<std::string> problems;
  const bool leaders = rules.plays(kLeadersPlacePhase);
  int pieces = 0;
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const PlayerState& player = state.players[i];
    pieces += player.statues + player.trophies;
    if (player.statues < 0 || player.trophies < 0)
      problems.push_back(player.id + ": negative statues");
    if (player.leader && state.at(*player.leader).owner != state.player_index(i))
      problems.push_back(player.id + ": the leader stands in " + rules.province(*player.leader).id +
                         ", which the player does not hold");
  }
  for (std::size_t i = 0; i < state.provinces.size(); ++i) {
    const ProvinceState& province = state.provinces[i];
    for (int n : province.statues) pieces += n;
    if (std::any_of(province.statues.begin(), province.statues.end(), [](int n) { return n; }) &&
        !rules.in_play(ProvinceId::at(i), state.player_count()))
      problems.push_back("statues stand in " + rules.provinces[i].id + ", which is out of play");
  }
  // A player's statues beside the board and standing on it are at most their own; those taken
  // by others as trophies are the rest.
  for (std::size_t i = 0; i < state.players.size() && leaders; ++i) {
    const int own = state.players[i].statues + state.statues_standing(state.player_index(i));
    if (own > rules.leaders.statues) {
      problems.push_back(state.players[i].id + ": " + std::to_string(own) +
                         " statues beside the board and standing on it, more than the " +
                         std::to_string(rules.leaders.statues) + " a player has");
    }
  }
  const int expected = leaders ? rules.leaders.statues * state.player_count() : 0;
  if (pieces != expected) {
    problems.push_back("statues: " + std::to_string(pieces) +
                       " beside the board, standing on it and taken as trophies, instead of " +
                       std::to_string(expected) + " (" + std::to_string(rules.leaders.statues) +
                       " per player)");
  }
  if (!leaders && std::any_of(state.players.begin(), state.players.end(),
                              [](const PlayerState& p) { return p.leader.has_value(); }))
    problems.push_back("a leader stands on the board of a game without the military leaders");
  return problems;
}

/// Rules 2.2: a draft is pending in season 0 and only then, with every province in play dealt
/// once and none held yet.
std::vector<std::string> draft_violations(const GameState& state, const Ruleset& rules) {
  std::vector<std::string> problems;
  if (state.draft.has_value() != (state.season_index == 0))
    problems.emplace_back("a draft is pending in season 0 and only then (rules 2.2)");
  if (!state.draft) return problems;
  std::vector<int> dealt(state.provinces.size(), 0);
  for (ProvinceId p : state.draft->pile) ++dealt[p.value];
  for (const auto& card : state.draft->face_up) {
    if (card) ++dealt[card->value];
  }
  for (std::size_t i = 0; i < state.provinces.size(); ++i) {
    const bool in_play = rules.in_play(ProvinceId::at(i), state.player_count());
    if (dealt[i] != (in_play ? 1 : 0))
      problems.push_back(rules.provinces[i].id + ": dealt " + std::to_string(dealt[i]) +
                         " times in the draft");
    if (state.provinces[i].owner)
      problems.push_back(rules.provinces[i].id + ": held before the draft");
  }
  return problems;
}

/// Rules 13.1: each player's officers are beside the board or at court, never made or lost; a
/// favour card is in the deck or on display at most once.
std::vector<std::string> court_violations(const GameState& state, const Ruleset& rules) {
  std::vector<std::string> problems;
  const CourtState& court = state.court;
  if (!court_dealt(state, rules)) {
    if (court != CourtState{})
      problems.emplace_back("court pieces in a game without the court, or before the draft ends");
    return problems;
  }
  const std::size_t players = state.players.size();
  if (court.officers_beside.size() != players || court.officers_hall.size() != players ||
      court.marker_shield.size() != players) {
    problems.emplace_back("the court's pieces are not given for every player");
    return problems;
  }
  for (std::size_t seat = 0; seat < players; ++seat) {
    const int beside = court.officers_beside[seat];
    const int hall = court.officers_hall[seat];
    if (beside < 0 || hall < 0 || beside + hall != rules.court.officers)
      problems.push_back(state.players[seat].id + ": " + std::to_string(beside + hall) +
                         " court officers instead of " + std::to_string(rules.court.officers));
  }
  std::vector<int> seen;
  for (int card : court.deck) seen.push_back(card);
  for (int card : court.display) {
    if (card != 0) seen.push_back(card);
  }
  std::sort(seen.begin(), seen.end());
  if (std::adjacent_find(seen.begin(), seen.end()) != seen.end() ||
      (!seen.empty() &&
       (seen.front() < 1 || seen.back() > static_cast<int>(rules.court.cards.size()))))
    problems.emplace_back("a favour card is twice in the deck and display, or is no card");
  // The display: the highest card on the costliest space, empty spaces last.
  if (!std::is_sorted(court.display.begin(), court.display.end(), std::greater<>()))
    problems.emplace_back("the favour cards shown are not highest first, empty spaces last");
  // E-7: the card that removes a marker is kept only once taken, so it is in neither the deck
  // nor the display.
  const bool marker_card_out = std::any_of(
      seen.begin(), seen.end(), [&](int card) { return rules.court.removes_marker(card); });
  if (marker_card_out && std::find(court.marker_shield.begin(), court.marker_shield.end(), true) !=
                             court.marker_shield.end())
    problems.emplace_back("card #4 is kept by a player while it is still in the deck or shown");
  return problems;
}

/// Rules 4.1: past the draft, the slots hold the board's action cards, each once.
std::optional<std::string> action_card_violation(const GameState& state, const Ruleset& rules) {
  const std::size_t spaces = rules.actions.size();
  std::vector<bool> dealt(spaces, false);
  bool each_once = state.draft || state.action_cards.size() == spaces;
  for (Action a : state.action_cards) {
    each_once = each_once && a.value < spaces && !dealt[a.value];
    if (a.value < spaces) dealt[a.value] = true;
  }
  if (each_once) return std::nullopt;
  return "action_cards: the slots must hold the " + std::to_string(spaces) + " action cards once";
}

}  // namespace

std::vector<std::string> invariant_violations(const GameState& state, const Ruleset& rules) {
  std::vector<std::string> problems;
  auto fail = [&](std::string message) { problems.push_back(std::move(message)); };
  const int players = state.player_count();
  CubeCounts on_board;
  std::array<int, kBuildingTypes> built{};
  int markers = 0;
  for (std::size_t i = 0; i < state.provinces.size(); ++i) {
    const ProvinceState& province = state.provinces[i];
    const Province& facts = rules.provinces[i];
    const ProvinceId id = ProvinceId::at(i);
    if (province.owner) {
      if (province.owner->value >= players)
        fail(facts.id + ": owner is not a player");
      else
        on_board.player(*province.owner) += province.armies;
      // D-52: a 1st edition defender held by the peasants alone keeps the province empty.
      if (province.armies < 1 && !rules.peasants_alone_hold())
        fail(facts.id + ": held with no army");
      if (!rules.in_play(id, players)) fail(facts.id + ": held but out of play");
    } else if (province.armies != 0 || province.building_count() != 0 ||
               province.revolt_markers != 0) {
      fail(facts.id + ": neutral but has armies, buildings or markers");
    }
    if (province.building_count() > facts.sites) fail(facts.id + ": more buildings than sites");
    if (province.armies < 0 || province.revolt_markers < 0) fail(facts.id + ": negative count");
    for (std::size_t b = 0; b < kBuildingTypes; ++b) built[b] += province.buildings[b] ? 1 : 0;
    markers += province.revolt_markers;
  }
  // Rules 13.2: one Landsknechte card a season at most, this season's included (a check during the
  // season sees it turned); the piles are not put back after the last winter.
  const int landsknechte_seasons = std::min(seasons_before_in_year(rules, state.season_index) + 1,
                                            static_cast<int>(rules.seasons.size()));
  for (int p = 0; p < players; ++p) {
    const auto idx = static_cast<std::size_t>(p);
    const PlayerState& player = state.players[idx];
    const int total =
        player.reserve + on_board.n[idx] + state.tower.inside.n[idx] + state.tower.tray.n[idx];
    if (total != rules.pieces.cubes_per_player) {
      fail(player.id + ": " + std::to_string(total) + " cubes instead of " +
           std::to_string(rules.pieces.cubes_per_player));
    }
    if (player.reserve < 0 || player.thaler < 0 || player.grain < 0)
      fail(player.id + ": negative counter");
    if (!rules.plays(kLandsknechtePhase) && player.landsknechte != 0) {
      fail(player.id + ": has turned Landsknechte cards in a game without the Landsknechte");
    } else if (player.landsknechte < 0 ||
               player.landsknechte > static_cast<int>(rules.landsknechte.cards.size())) {
      fail(player.id + ": has turned " + std::to_string(player.landsknechte) +
           " Landsknechte cards of a pile of " + std::to_string(rules.landsknechte.cards.size()));
    } else if (player.landsknechte > landsknechte_seasons) {
      fail(player.id + ": has turned " + std::to_string(player.landsknechte) +
           " Landsknechte cards by " + season_label(rules, state.season_index).name() +
           ", at most one a season");
    }
  }
  const int peasants =
      state.supply.peasants + state.tower.inside.peasants() + state.tower.tray.peasants();
  if (peasants != rules.pieces.peasants)
    fail("peasants: " + std::to_string(peasants) + " instead of " +
         std::to_string(rules.pieces.peasants));
  if (markers + state.supply.revolt_markers != rules.pieces.revolt_markers)
    fail("revolt markers do not add up");
  for (std::size_t b = 0; b < kBuildingTypes; ++b) {
    if (built[b] + state.supply.buildings[b] != rules.pieces.buildings[b] ||
        state.supply.buildings[b] < 0) {
      fail(std::string(building_key(kAllBuildings[b])) + ": buildings do not add up");
    }
  }
  for (std::size_t c = static_cast<std::size_t>(players); c < kMaxPlayers; ++c) {
    if (state.tower.inside.n[c] != 0 || state.tower.tray.n[c] != 0)
      fail("tower holds cubes of a colour not in play");
  }
  if (auto p = action_card_violation(state, rules)) fail(std::move(*p));
  for (std::string& p : leader_violations(state, rules)) fail(std::move(p));
  for (std::string& p : draft_violations(state, rules)) fail(std::move(p));
  for (std::string& p : court_violations(state, rules)) fail(std::move(p));
  return problems;
}

}  // namespace wallenstein
