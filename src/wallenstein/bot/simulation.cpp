#include "wallenstein/bot/simulation.hpp"

#include <array>

#include "wallenstein/bot/battle_odds.hpp"
#include "wallenstein/bot/bot.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/rng.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/standings.hpp"

namespace wallenstein {
namespace {

/// `x` mixed into 64 well-spread bits: splitmix64's step from it.
std::uint64_t mix(std::uint64_t x) { return splitmix64(x); }

constexpr std::array<std::pair<SeatKind, std::string_view>, 3> kKinds = {
    {{SeatKind::bot, "bot"}, {SeatKind::random, "random"}, {SeatKind::pass, "pass"}}};

Orders seat_orders(SeatKind kind, const GameState& state, const Ruleset& rules, PlayerIndex p,
                   std::uint64_t seed, OddsCalculator& odds) {
  switch (kind) {
    case SeatKind::bot:
      return bot_orders(state, rules, p, odds);
    case SeatKind::random: {
      Rng rng(mix(seed ^ mix((static_cast<std::uint64_t>(state.season_index) << 8) | p.value)));
      return random_orders(state, rules, p, rng);
    }
    case SeatKind::pass:
      return pass_orders(p, state, rules);
  }
  return pass_orders(p, state, rules);
}

void count_held_back(PlayerIndex defender, int held_back, GameOutcome& out) {
  if (held_back == 0) return;
  ++out.seats[defender.value].defences_held_back;
  out.seats[defender.value].armies_held_back += held_back;
}

void count_steps(const SeasonLog& log, const Ruleset& rules, GameOutcome& out) {
  for (const LogEntry& entry : log.entries) {
    if (const auto* r = std::get_if<Revolt>(&entry)) count_held_back(r->player, r->held_back, out);
    if (const auto* b = std::get_if<Battle>(&entry); b && b->defender)
      count_held_back(*b->defender, b->held_back, out);
    if (const auto* c = std::get_if<Cancelled>(&entry)) ++out.seats[c->player.value].cancelled;
    if (const auto* b = std::get_if<Battle>(&entry)) {
      SeatOutcome& s = out.seats[b->attacker.value];
      ++s.battles;
      s.conquests += b->result == BattleResult::attacker ? 1 : 0;
    }
    out.revolt_count += std::holds_alternative<Revolt>(entry) ? 1 : 0;
  }
  if (log.winter) {
    out.revolt_count += static_cast<int>(log.winter->revolts.size());
    for (const Revolt& r : log.winter->revolts) count_held_back(r.player, r.held_back, out);
  }
  for (const LandsknechtTurn& t : log.landsknechte)
    out.seats[t.player.value].landsknechte_cards += t.card ? 1 : 0;
  for (const Conversion& c : log.court_conversions)
    out.seats[c.player.value].cubes_converted += c.done ? c.cubes : 0;
  for (const FavourTurn& t : log.court_favours) {
    SeatOutcome& seat = out.seats[t.player.value];
    seat.favours_taken += t.card ? 1 : 0;
    seat.favours_for_nothing += t.event_left || t.no_effect ? 1 : 0;
    const FavourCard* card = favour_taken(t, rules);
    seat.events_cancelled +=
        card && card->effect == FavourEffect::cancel_event && !t.event_left ? 1 : 0;
  }
  for (const LeaderStep& s : log.leaders) {
    SeatOutcome& seat = out.seats[s.player.value];
    seat.statues += s.statue ? 1 : 0;
    seat.trophies += static_cast<int>(s.trophies.size());
    seat.leaders_lost += s.kind == LeaderStepKind::taken_off ? 1 : 0;
  }
}

}  // namespace

std::optional<SeatKind> seat_kind(std::string_view name) {
  for (const auto& [kind, key] : kKinds) {
    if (key == name) return kind;
  }
  return std::nullopt;
}

std::string_view seat_kind_name(SeatKind kind) {
  for (const auto& [k, key] : kKinds) {
    if (k == kind) return key;
  }
  return "?";
}

std::uint64_t simulated_game_seed(std::uint64_t seed, std::uint64_t index) {
  return mix(mix(seed) ^ index);
}

GameOutcome play_simulated_game(const Ruleset& rules, const std::vector<SeatKind>& seats,
                                std::uint64_t seed, bool draft) {
  NewGame spec{"simulated", {}, seed, draft};
  for (std::size_t i = 0; i < seats.size(); ++i)
    spec.player_ids.push_back("p" + std::to_string(i + 1));
  GameState state = new_game(spec, rules);
  GameOutcome out;
  out.seats.resize(seats.size());
  std::vector<Orders> orders(seats.size());
  OddsCalculator odds(rules.tower);  // the bots' odds depend on the tower only: shared
  while (!state.finished) {
    for (std::size_t i = 0; i < seats.size(); ++i) {
      orders[i] = seat_orders(seats[i], state, rules, state.player_index(i), seed, odds);
      out.seats[i].landsknechte_wishes += orders[i].landsknecht_wishes.empty() ? 0 : 1;
      out.seats[i].leader_orders += orders[i].leader.place || orders[i].leader.move_to ? 1 : 0;
      out.seats[i].defend_with_orders += orders[i].defend_with.empty() ? 0 : 1;
      const CourtOrder& court = orders[i].court;
      const bool side_board =
          std::any_of(court.conversions.begin(), court.conversions.end(),
                      [](const ConversionOrder& c) { return c.source != ConversionSource::none; });
      out.seats[i].court_orders += side_board || !court.favours.empty() ? 1 : 0;
    }
    SeasonResult result = resolve_season(std::move(state), orders, {}, rules);
    count_steps(result.log, rules, out);
    for (const DraftPick& pick : result.log.draft) {
      out.seats[pick.player.value].draft_blind += pick.blind ? 1 : 0;
      out.seats[pick.player.value].draft_refreshes += pick.refreshed() ? 1 : 0;
    }
    state = std::move(result.next);
    out.invariant_violations += static_cast<int>(invariant_violations(state, rules).size());
  }
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const PlayerIndex p = state.player_index(i);
    SeatOutcome& s = out.seats[i];
    s.vp = state.player(p).vp;
    s.thaler = state.player(p).thaler;
    for (const ProvinceState& province : state.provinces) {
      if (province.owner != p) continue;
      ++s.provinces;
      s.buildings += province.building_count();
    }
  }
  for (PlayerIndex w : state.winners) out.seats[w.value].won = true;
  out.winners = static_cast<int>(state.winners.size());
  for (const Standing& s : rank_players(state, rules))
    out.tie_broken = out.tie_broken || (s.place == 1 && s.tie_break == TieBreak::decided);
  return out;
}

}  // namespace wallenstein
