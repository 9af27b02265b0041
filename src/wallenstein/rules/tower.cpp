#include "wallenstein/rules/tower.hpp"

#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

RandomTower::RandomTower(const TowerParams& params)
    : p_through_(params.p_through), p_release_(params.p_release) {}

void RandomTower::drop(const CubeCounts& inside, const CubeCounts& thrown, Rng& rng,
                       CubeCounts& released, CubeCounts& stuck) {
  // Rules 8.4: the stuck cubes first, then the thrown ones, each colour in canonical order.
  for (std::size_t c = 0; c < inside.n.size(); ++c) {
    int out = 0;
    for (int i = 0; i < inside.n[c]; ++i) out += rng.chance(p_release_) ? 1 : 0;
    released.n[c] = out;
  }
  for (std::size_t c = 0; c < thrown.n.size(); ++c) {
    int kept = 0;
    for (int i = 0; i < thrown.n[c]; ++i) kept += rng.chance(p_through_) ? 0 : 1;
    stuck.n[c] = kept;
  }
}

TowerThrow throw_into_tower(TowerState& tower, const CubeCounts& fighting, TowerModel& model,
                            Rng& rng) {
  TowerThrow t;
  t.fighting = fighting;
  t.from_tray = tower.tray;
  CubeCounts thrown = fighting;
  thrown += tower.tray;
  model.drop(tower.inside, thrown, rng, t.released, t.stuck);
  for (std::size_t c = 0; c < thrown.n.size(); ++c) {
    t.out.n[c] = thrown.n[c] - t.stuck.n[c] + t.released.n[c];
    tower.inside.n[c] += t.stuck.n[c] - t.released.n[c];
  }
  tower.tray = t.out;
  t.inside_after = tower.inside;
  return t;
}

}  // namespace wallenstein
