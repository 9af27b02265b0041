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

/// A column of a module's statistics per seat: a mean per game, or a share of the seasons.
struct StatColumn {
  long long SeatTotals::*sum;
  bool per_season;  ///< a share of the seasons (a percentage in the text), else a mean per game
  const char* key;  ///< its key in the JSON
};

/// A module's statistics per seat, given when the games played it: a table of the text (its
/// heading names the columns) and an object of each seat's JSON.
struct ModuleStats {
  bool SimulationTotals::*played;
  const char* key;
  const char* heading;
  std::vector<StatColumn> columns;
};

const std::vector<ModuleStats>& module_stats() {
  static const std::vector<ModuleStats> stats = {
      {&SimulationTotals::court,
       "court",
       "Imperial Court: seat, seasons with court orders, per game cubes converted into officers, "
       "favours taken, events cancelled, cards taken for nothing\n",
       {{&SeatTotals::court_orders, true, "order_rate"},
        {&SeatTotals::cubes_converted, false, "mean_cubes_converted"},
        {&SeatTotals::favours_taken, false, "mean_favours"},
        {&SeatTotals::events_cancelled, false, "mean_events_cancelled"},
        {&SeatTotals::favours_for_nothing, false, "mean_favours_for_nothing"}}},
      {&SimulationTotals::landsknechte,
       "landsknechte",
       "Landsknechte: seat, cards turned per game, seasons with wishes\n",
       {{&SeatTotals::landsknechte_cards, false, "mean_cards"},
        {&SeatTotals::landsknechte_wishes, true, "wish_rate"}}},
      {&SimulationTotals::leaders,
       "leaders",
       "Military leaders: seat, seasons with leader orders, per game statues placed, trophies "
       "taken, leaders lost\n",
       {{&SeatTotals::leader_orders, true, "order_rate"},
        {&SeatTotals::statues, false, "mean_statues"},
        {&SeatTotals::trophies, false, "mean_trophies"},
        {&SeatTotals::leaders_lost, false, "mean_lost"}}},
      {&SimulationTotals::defend_with,
       "defend_with",
       "1st edition: seat, seasons with defend_with, per game defences with armies held back, "
       "armies held back\n",
       {{&SeatTotals::defend_with_orders, true, "order_rate"},
        {&SeatTotals::defences_held_back, false, "mean_defences_held_back"},
        {&SeatTotals::armies_held_back, false, "mean_armies_held_back"}}},
      {&SimulationTotals::draft,
       "draft",
       "Draft: seat, per game picks drawn blind, face-up pairs put under the pile\n",
       {{&SeatTotals::draft_blind, false, "mean_blind_picks"},
        {&SeatTotals::draft_refreshes, false, "mean_refreshes"}}},
  };
  return stats;
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
  const long long seasons = t.games * t.seasons;
  for (const ModuleStats& stats : module_stats()) {
    if (!(t.*stats.played)) continue;
    out += stats.heading;
    for (std::size_t i = 0; i < t.seats.size(); ++i) {
      out += formatted("%4zu", i + 1);
      for (const StatColumn& c : stats.columns) {
        const long long sum = t.seats[i].*c.sum;
        out += c.per_season ? formatted("  %5.1f%%", 100.0 * mean(sum, seasons))
                            : formatted("  %5.2f", mean(sum, t.games));
      }
      out += "\n";
    }
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
    for (const ModuleStats& stats : module_stats()) {
      if (!(t.*stats.played)) continue;
      nlohmann::ordered_json module;
      for (const StatColumn& c : stats.columns)
        module[c.key] = mean(s.*c.sum, c.per_season ? t.games * t.seasons : t.games);
      seat[stats.key] = module;
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
