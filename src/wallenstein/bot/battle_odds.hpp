#pragma once

#include <deque>
#include <optional>
#include <vector>

#include "wallenstein/bot/player_view.hpp"
#include "wallenstein/rules/ids.hpp"

namespace wallenstein {

struct Ruleset;
struct TowerParams;

/// One side's cubes in a throw (rules 8.1): thrown in now, lying in the tray (thrown again), and
/// stuck inside the tower (released with p_release).
struct TowerSide {
  int thrown = 0;
  int in_tray = 0;
  int inside = 0;
};

/// A battle as far as its odds go (rules 8.2, 8.3).
struct BattleQuestion {
  TowerSide attacker;
  TowerSide defender;  ///< the defending player's own cubes; all zero for a neutral province
  TowerSide peasants;
  bool defender_is_player = false;
  bool peasants_fight = true;  ///< for the defender (a neutral province, or no revolt marker)
};

/// Probabilities of a battle's three outcomes for the attacker; they sum to 1.
struct BattleOdds {
  double win = 0;
  double tie = 0;
  double lose = 0;
};

/// Computes odds exactly, keeping the distributions of cubes falling out it has worked out: they
/// depend on the tower's numbers only, so one calculator may serve every planning of a game, and
/// a bot weighing many battles pays for each distribution once.
class OddsCalculator {
 public:
  explicit OddsCalculator(const TowerParams& tower);
  /// The exact outcome probabilities under the independent-cube tower model of rules 8.4.
  BattleOdds battle(const BattleQuestion& question);
  /// The probability that a player keeps a province in a revolt (rules 7, 8.3: a tie is lost).
  double revolt_hold(const TowerSide& player, const TowerSide& peasants);

 private:
  using Distribution = std::vector<double>;
  const Distribution& falling_out(const TowerSide& side);
  const Distribution& binomial(int n, bool through);

  double p_through_;
  double p_release_;
  const Distribution nobody_{1.0};     ///< no cubes: 0 with certainty
  std::vector<Distribution> through_;  ///< by n
  std::vector<Distribution> release_;
  /// The distributions by (thrown + tray, inside): positions in `sides_` (a deque, so that the
  /// references handed out stay valid), -1 where not worked out yet.
  std::vector<std::vector<int>> side_at_;
  std::deque<Distribution> sides_;
  Distribution defender_;  ///< scratch: the defender's cubes falling out, own and peasants
};

/// The exact outcome probabilities under the independent-cube tower model of rules 8.4.
BattleOdds battle_odds(const BattleQuestion& question, const TowerParams& tower);

/// The probability that a player keeps a province in a revolt (rules 7, 8.3: a tie is lost).
double revolt_hold_chance(const TowerSide& player, const TowerSide& peasants,
                          const TowerParams& tower);

/// Extra cubes each side throws besides the armies (bonus tiles, the palace guard event).
struct BattleExtras {
  int attacker = 0;
  int defender = 0;
  int peasants = -1;  ///< peasants thrown at a neutral province; -1: the rules' number
};

/// The question for `attacker` moving `moving` cubes into `target`, from what `view` shows:
/// the tray, the cubes unseen (inside the tower) and the target's armies and markers.
BattleQuestion battle_question(const PlayerView& view, const Ruleset& rules, PlayerIndex attacker,
                               ProvinceId target, int moving, BattleExtras extras = {});

/// The question for a revolt in `where` held by its owner against `peasants` peasants.
BattleOdds revolt_odds(const PlayerView& view, const Ruleset& rules, ProvinceId where,
                       int peasants);

}  // namespace wallenstein
