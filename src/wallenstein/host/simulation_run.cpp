#include "wallenstein/host/simulation_run.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

void add(SeatTotals& t, const SeatTotals& s) {
  t.wins += s.wins;
  t.vp += s.vp;
  t.thaler += s.thaler;
  t.provinces += s.provinces;
  t.buildings += s.buildings;
  t.cancelled += s.cancelled;
  t.battles += s.battles;
  t.conquests += s.conquests;
  t.landsknechte_wishes += s.landsknechte_wishes;
  t.landsknechte_cards += s.landsknechte_cards;
  t.leader_orders += s.leader_orders;
  t.statues += s.statues;
  t.trophies += s.trophies;
  t.leaders_lost += s.leaders_lost;
  t.defend_with_orders += s.defend_with_orders;
  t.defences_held_back += s.defences_held_back;
  t.armies_held_back += s.armies_held_back;
  t.draft_blind += s.draft_blind;
  t.court_orders += s.court_orders;
  t.cubes_converted += s.cubes_converted;
  t.favours_taken += s.favours_taken;
  t.events_cancelled += s.events_cancelled;
  t.favours_for_nothing += s.favours_for_nothing;
  t.draft_refreshes += s.draft_refreshes;
}

void add(SimulationTotals& totals, const GameOutcome& game) {
  for (std::size_t i = 0; i < game.seats.size(); ++i) {
    const SeatOutcome& s = game.seats[i];
    add(totals.seats[i], SeatTotals{totals.seats[i].kind,
                                    s.won ? 1 : 0,
                                    s.vp,
                                    s.thaler,
                                    s.provinces,
                                    s.buildings,
                                    s.cancelled,
                                    s.battles,
                                    s.conquests,
                                    s.landsknechte_wishes,
                                    s.landsknechte_cards,
                                    s.leader_orders,
                                    s.statues,
                                    s.trophies,
                                    s.leaders_lost,
                                    s.defend_with_orders,
                                    s.defences_held_back,
                                    s.armies_held_back,
                                    s.draft_blind,
                                    s.court_orders,
                                    s.cubes_converted,
                                    s.favours_taken,
                                    s.events_cancelled,
                                    s.favours_for_nothing,
                                    s.draft_refreshes});
  }
  totals.shared_wins += game.winners > 1 ? 1 : 0;
  totals.tie_broken += game.tie_broken ? 1 : 0;
  totals.revolt_count += game.revolt_count;
  totals.invariant_violations += game.invariant_violations;
  ++totals.games;
}

void merge(SimulationTotals& into, const SimulationTotals& part) {
  for (std::size_t i = 0; i < into.seats.size(); ++i) add(into.seats[i], part.seats[i]);
  into.shared_wins += part.shared_wins;
  into.tie_broken += part.tie_broken;
  into.revolt_count += part.revolt_count;
  into.invariant_violations += part.invariant_violations;
  into.games += part.games;
}

SimulationTotals empty_totals(const std::vector<SeatKind>& seats) {
  SimulationTotals t;
  for (SeatKind kind : seats) t.seats.push_back(SeatTotals{kind});
  return t;
}

double mean(long long sum, long long games) {
  return games ? static_cast<double>(sum) / static_cast<double>(games) : 0.0;
}

double per_second(const SimulationTotals& t) {
  return t.seconds > 0 ? static_cast<double>(t.games) / t.seconds : 0.0;
}

/// printf-style formatting of one line of the text summary.
template <class... Args>
std::string formatted(const char* format, Args... args) {
  char line[256];
  std::snprintf(line, sizeof line, format, args...);
  return line;
}

}  // namespace

SimulationTotals run_simulation(const Ruleset& rules, const std::vector<SeatKind>& seats,
                                long long games, std::uint64_t seed, unsigned threads,
                                const Progress& progress, bool draft) {
  threads = static_cast<unsigned>(std::clamp<long long>(threads, 1, std::max<long long>(1, games)));
  SimulationTotals totals = empty_totals(seats);
  totals.seasons = rules.season_count();
  totals.landsknechte = rules.plays(kLandsknechtePhase);
  totals.leaders = rules.plays(kLeadersPlacePhase);
  totals.defend_with = rules.plays(kDrawTurnOrderPhase);
  totals.draft = draft;
  totals.court = rules.plays(kCourtConversionPhase);
  totals.seed = seed;
  totals.threads = threads;
  std::atomic<long long> next{0};
  std::atomic<long long> done{0};
  std::mutex merging;
  const auto start = std::chrono::steady_clock::now();
  auto work = [&] {
    SimulationTotals part = empty_totals(seats);
    for (long long i = next++; i < games; i = next++) {
      add(part, play_simulated_game(
                    rules, seats, simulated_game_seed(seed, static_cast<std::uint64_t>(i)), draft));
      ++done;
    }
    const std::lock_guard<std::mutex> lock(merging);
    merge(totals, part);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  if (progress) {
    // The coordinating thread reports progress while the others play.
    std::thread last(work);
    while (done.load() < games) {
      progress(done.load(), games);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    progress(games, games);
    last.join();
  } else {
    work();
  }
  for (auto& t : pool) t.join();
  totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return totals;
}

std::string simulation_text(const SimulationTotals& t) {
  std::string out;
  char line[256];
  std::snprintf(line, sizeof line, "%lld games, seed %llu, %u thread%s: %.0f games/s\n", t.games,
                static_cast<unsigned long long>(t.seed), t.threads, t.threads == 1 ? "" : "s",
                per_second(t));
  out += line;
  out +=
      "seat  kind     wins   win%  mean VP  mean thaler  provinces  buildings  cancelled  battles  "
      "won\n";
  for (std::size_t i = 0; i < t.seats.size(); ++i) {
    const SeatTotals& s = t.seats[i];
    std::snprintf(line, sizeof line,
                  "%4zu  %-7s %5lld  %5.1f  %7.2f  %11.2f  %9.2f  %9.2f  %9.2f  %7.2f  %4.2f\n",
                  i + 1, std::string(seat_kind_name(s.kind)).c_str(), s.wins,
                  100.0 * mean(s.wins, t.games), mean(s.vp, t.games), mean(s.thaler, t.games),
                  mean(s.provinces, t.games), mean(s.buildings, t.games),
                  mean(s.cancelled, t.games), mean(s.battles, t.games), mean(s.conquests, t.games));
    out += line;
  }
  // The modules' tables: a heading, then one line per seat.
  const auto table = [&](const char* heading, const auto& row) {
    out += heading;
    for (std::size_t i = 0; i < t.seats.size(); ++i) out += row(i + 1, t.seats[i]);
  };
  const long long seasons = t.games * t.seasons;
  if (t.court) {
    table(
        "Imperial Court: seat, seasons with court orders, per game cubes converted into "
        "officers, favours taken, events cancelled, cards taken for nothing\n",
        [&](std::size_t seat, const SeatTotals& s) {
          return formatted("%4zu  %5.1f%%  %5.2f  %5.2f  %5.2f  %5.2f\n", seat,
                           100.0 * mean(s.court_orders, seasons), mean(s.cubes_converted, t.games),
                           mean(s.favours_taken, t.games), mean(s.events_cancelled, t.games),
                           mean(s.favours_for_nothing, t.games));
        });
  }
  if (t.landsknechte) {
    table("Landsknechte: seat, cards turned per game, seasons with wishes\n",
          [&](std::size_t seat, const SeatTotals& s) {
            return formatted("%4zu  %5.2f  %5.1f%%\n", seat, mean(s.landsknechte_cards, t.games),
                             100.0 * mean(s.landsknechte_wishes, seasons));
          });
  }
  if (t.leaders) {
    table(
        "Military leaders: seat, seasons with leader orders, per game statues placed, trophies "
        "taken, leaders lost\n",
        [&](std::size_t seat, const SeatTotals& s) {
          return formatted("%4zu  %5.1f%%  %5.2f  %5.2f  %5.2f\n", seat,
                           100.0 * mean(s.leader_orders, seasons), mean(s.statues, t.games),
                           mean(s.trophies, t.games), mean(s.leaders_lost, t.games));
        });
  }
  if (t.defend_with) {
    table(
        "1st edition: seat, seasons with defend_with, per game defences with armies held back, "
        "armies held back\n",
        [&](std::size_t seat, const SeatTotals& s) {
          return formatted("%4zu  %5.1f%%  %5.2f  %5.2f\n", seat,
                           100.0 * mean(s.defend_with_orders, seasons),
                           mean(s.defences_held_back, t.games), mean(s.armies_held_back, t.games));
        });
  }
  if (t.draft) {
    table("Draft: seat, per game picks drawn blind, face-up pairs put under the pile\n",
          [&](std::size_t seat, const SeatTotals& s) {
            return formatted("%4zu  %5.2f  %5.2f\n", seat, mean(s.draft_blind, t.games),
                             mean(s.draft_refreshes, t.games));
          });
  }
  std::snprintf(line, sizeof line,
                "shared wins: %lld (each counts as a win for every winner); won on a tie-break: "
                "%lld; revolts per game: %.2f; invariant violations: %lld\n",
                t.shared_wins, t.tie_broken, mean(t.revolt_count, t.games), t.invariant_violations);
  out += line;
  return out;
}

std::string simulation_json(const SimulationTotals& t) {
  nlohmann::ordered_json j;
  j["games"] = t.games;
  j["seed"] = t.seed;
  j["threads"] = t.threads;
  j["setup"] = t.draft ? "draft" : "standard";
  j["seats"] = nlohmann::ordered_json::array();
  for (const SeatTotals& s : t.seats) {
    nlohmann::ordered_json seat;
    seat["kind"] = std::string(seat_kind_name(s.kind));
    seat["wins"] = s.wins;
    seat["win_rate"] = mean(s.wins, t.games);
    seat["mean_vp"] = mean(s.vp, t.games);
    seat["mean_thaler"] = mean(s.thaler, t.games);
    seat["mean_provinces"] = mean(s.provinces, t.games);
    seat["mean_buildings"] = mean(s.buildings, t.games);
    seat["mean_cancelled"] = mean(s.cancelled, t.games);
    seat["mean_battles"] = mean(s.battles, t.games);
    seat["mean_battles_won"] = mean(s.conquests, t.games);
    if (t.court) {
      seat["court"] = {{"order_rate", mean(s.court_orders, t.games * t.seasons)},
                       {"mean_cubes_converted", mean(s.cubes_converted, t.games)},
                       {"mean_favours", mean(s.favours_taken, t.games)},
                       {"mean_events_cancelled", mean(s.events_cancelled, t.games)},
                       {"mean_favours_for_nothing", mean(s.favours_for_nothing, t.games)}};
    }
    if (t.landsknechte) {
      seat["landsknechte"] = {{"mean_cards", mean(s.landsknechte_cards, t.games)},
                              {"wish_rate", mean(s.landsknechte_wishes, t.games * t.seasons)}};
    }
    if (t.leaders) {
      seat["leaders"] = {{"order_rate", mean(s.leader_orders, t.games * t.seasons)},
                         {"mean_statues", mean(s.statues, t.games)},
                         {"mean_trophies", mean(s.trophies, t.games)},
                         {"mean_lost", mean(s.leaders_lost, t.games)}};
    }
    if (t.defend_with) {
      seat["defend_with"] = {{"order_rate", mean(s.defend_with_orders, t.games * t.seasons)},
                             {"mean_defences_held_back", mean(s.defences_held_back, t.games)},
                             {"mean_armies_held_back", mean(s.armies_held_back, t.games)}};
    }
    if (t.draft) {
      seat["draft"] = {{"mean_blind_picks", mean(s.draft_blind, t.games)},
                       {"mean_refreshes", mean(s.draft_refreshes, t.games)}};
    }
    j["seats"].push_back(seat);
  }
  j["shared_wins"] = t.shared_wins;
  j["tie_broken"] = t.tie_broken;
  j["mean_revolts"] = mean(t.revolt_count, t.games);
  j["invariant_violations"] = t.invariant_violations;
  j["seconds"] = t.seconds;
  j["games_per_second"] = per_second(t);
  return j.dump(2) + "\n";
}

}  // namespace wallenstein
