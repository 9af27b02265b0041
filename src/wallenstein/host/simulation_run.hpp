#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "wallenstein/bot/simulation.hpp"

namespace wallenstein {

struct Ruleset;

/// Sums over the games of one seat (integers, so the totals do not depend on the threads).
struct SeatTotals {
  SeatKind kind = SeatKind::bot;
  long long wins = 0;
  long long vp = 0;
  long long thaler = 0;
  long long provinces = 0;
  long long buildings = 0;
  long long cancelled = 0;
  long long battles = 0;
  long long conquests = 0;
  long long landsknechte_wishes = 0;
  long long landsknechte_cards = 0;
  long long leader_orders = 0;
  long long statues = 0;
  long long trophies = 0;
  long long leaders_lost = 0;
  long long defend_with_orders = 0;
  long long defences_held_back = 0;
  long long armies_held_back = 0;
  long long draft_blind = 0;
  long long court_orders = 0;
  long long cubes_converted = 0;
  long long favours_taken = 0;
  long long events_cancelled = 0;
  long long favours_for_nothing = 0;
  long long draft_refreshes = 0;
};

/// What `simulate` measured.
struct SimulationTotals {
  long long games = 0;
  std::uint64_t seed = 0;
  unsigned threads = 1;
  std::vector<SeatTotals> seats;
  int seasons = 0;            ///< action seasons per game
  bool landsknechte = false;  ///< the games played the Landsknechte (rules 13.2)
  bool leaders = false;       ///< the games played the military leaders (rules 13.3)
  bool defend_with = false;   ///< the games played the 1st edition's `defend_with` (rules 12)
  bool draft = false;         ///< the games started with the draft (rules 2.2)
  bool court = false;         ///< the games played the Imperial Court (rules 13.1)
  long long shared_wins = 0;  ///< games with more than one winner
  long long tie_broken = 0;   ///< games where players equal in VP were told apart by tie-breaks
  long long revolt_count = 0;
  long long invariant_violations = 0;
  double seconds = 0;  ///< wall time of the games
};

/// How many games are done; called from the coordinating thread now and then.
using Progress = std::function<void(long long done, long long total)>;

/// Plays `games` games between `seats` on `threads` threads; game i always plays from
/// simulated_game_seed(seed, i), so the totals are the same for any thread count.
/// With `draft`, every game starts with the draft (rules 2.2).
SimulationTotals run_simulation(const Ruleset& rules, const std::vector<SeatKind>& seats,
                                long long games, std::uint64_t seed, unsigned threads,
                                const Progress& progress = {}, bool draft = false);

/// The figures as a table for people.
std::string simulation_text(const SimulationTotals& totals);
/// The figures as JSON (games, seats[i].kind/wins/mean_vp/..., invariant_violations,
/// games_per_second).
std::string simulation_json(const SimulationTotals& totals);

}  // namespace wallenstein
