#pragma once

#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/rng.hpp"
#include "wallenstein/rules/season_log.hpp"

namespace wallenstein {

struct TowerParams;

/// Decides which cubes fall out of the combat tower; the engine uses `RandomTower`, tests
/// inject fixed outcomes.
class TowerModel {
 public:
  virtual ~TowerModel() = default;
  /// Given what is inside and what is thrown in, returns the cubes stuck earlier that fall out
  /// (`released`, at most `inside`) and the thrown cubes that stay inside (`stuck`).
  virtual void drop(const CubeCounts& inside, const CubeCounts& thrown, Rng& rng,
                    CubeCounts& released, CubeCounts& stuck) = 0;
};

/// The independent-cube model of rules 8.4: each stuck cube falls out with p_release, then each
/// thrown cube falls through with p_through, colours in seat order then peasants.
class RandomTower final : public TowerModel {
 public:
  explicit RandomTower(const TowerParams& params);
  void drop(const CubeCounts& inside, const CubeCounts& thrown, Rng& rng, CubeCounts& released,
            CubeCounts& stuck) override;

 private:
  Fraction p_through_;
  Fraction p_release_;
};

/// Throws `fighting` plus the whole tray into the tower and leaves the result in the tray.
TowerThrow throw_into_tower(TowerState& tower, const CubeCounts& fighting, TowerModel& model,
                            Rng& rng);

}  // namespace wallenstein
