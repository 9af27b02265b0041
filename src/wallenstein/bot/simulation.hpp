#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "wallenstein/rules/engine.hpp"

namespace wallenstein {

struct Ruleset;

/// Who plays a seat in a simulated game.
enum class SeatKind : std::uint8_t {
  bot,     ///< the heuristic bot (plan_orders)
  random,  ///< random legal orders (random_orders)
  pass,    ///< the NMR pass orders: coin cards only
};

/// The seat kind written in `--seats`, if it is one.
std::optional<SeatKind> seat_kind(std::string_view name);
/// The name of a seat kind.
std::string_view seat_kind_name(SeatKind kind);

/// How one seat ended a simulated game.
struct SeatOutcome {
  bool won = false;  ///< a shared win counts for each winner
  int vp = 0;
  int thaler = 0;
  int provinces = 0;
  int buildings = 0;
  int cancelled = 0;            ///< planned actions cancelled over the game
  int battles = 0;              ///< battles this seat started
  int conquests = 0;            ///< battles this seat won
  int landsknechte_wishes = 0;  ///< seasons whose orders wished Landsknechte bonuses (rules 13.2)
  int landsknechte_cards = 0;   ///< Landsknechte cards turned
  int leader_orders = 0;        ///< seasons whose orders placed or moved the leader (rules 13.3)
  int statues = 0;              ///< statues placed (left behind by the leader)
  int trophies = 0;             ///< other players' statues taken
  int leaders_lost = 0;         ///< leaders taken off with their province (E-13)
  int defend_with_orders = 0;   ///< seasons whose orders limited a defence (rules 12)
  int defences_held_back = 0;   ///< battles and revolts this seat defended with cubes held back
  int armies_held_back = 0;     ///< cubes held back in them
  int draft_blind = 0;          ///< the draft's picks drawn blind from the pile (rules 2.2)
  int court_orders = 0;         ///< seasons whose orders used the side board or wished favours
  int cubes_converted = 0;      ///< cubes turned into court officers (rules 13.1)
  int favours_taken = 0;        ///< favour cards taken
  int events_cancelled = 0;     ///< season's events cancelled by card #1 (rules 13.1)
  int favours_for_nothing = 0;  ///< cards taken whose effect came to nothing (D-50, D-51)
  int draft_refreshes = 0;      ///< face-up pairs put under the draft's pile (D-49)
};

/// One simulated game from start to the last winter.
struct GameOutcome {
  std::vector<SeatOutcome> seats;
  int winners = 0;
  int revolt_count = 0;  ///< revolts fought in the game
  bool tie_broken =
      false;  ///< the winner was told apart from players equal in VP by the tie-breaks
  int invariant_violations = 0;  ///< checked after every season; must stay 0
};

/// The seed of game `index` of a run started with `seed`: the same game whatever the threads.
std::uint64_t simulated_game_seed(std::uint64_t seed, std::uint64_t index);

/// Plays a whole game in memory between the given seats (seat order), from `new_game` with
/// `seed`. Random seats draw from streams split off the seed by seat and season. With `draft`
/// the game starts with the draft (rules 2.2), the seats sending wishes as they send orders.
GameOutcome play_simulated_game(const Ruleset& rules, const std::vector<SeatKind>& seats,
                                std::uint64_t seed, bool draft = false);

}  // namespace wallenstein
