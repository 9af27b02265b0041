#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/tower.hpp"

namespace wallenstein::testing {

/// A small world for core tests: two or three players and six provinces in two regions,
/// bonus tiles defense, armies, attack, thaler, grain on positions 1-5,
/// wired as a ring  a - b - c - d - e - f - a  plus the chord b - e. Every event card effect and
/// every bonus tile of the real game exists, with the real numbers.
class TinyWorld {
 public:
  explicit TinyWorld(int players = 2);

  Ruleset rules;
  GameState state;

  ProvinceId p(const std::string& id) const;
  PlayerIndex player(int seat) const { return PlayerIndex::at(seat); }
  /// Gives a province to a player with armies (taken from the reserve).
  TinyWorld& give(const std::string& province, int seat, int armies);
  TinyWorld& build(const std::string& province, Building b);
  TinyWorld& markers(const std::string& province, int count);
  /// Makes this the only event left, so it is drawn.
  TinyWorld& event(const std::string& id);
  /// Puts these actions first, in this order; the others follow.
  TinyWorld& slots(std::initializer_list<Action> first);
  /// Puts these tiles on positions 1, 2, ...
  TinyWorld& tiles(std::initializer_list<std::string> order);
  /// Plays the 1st edition's rules with the numbers of its data (rules 12): the turn order drawn
  /// instead of bids and tiles, peasants defending up to one marker, a marker on a neutral
  /// province taken, no marker before a winter revolt, ties broken by buildings.
  TinyWorld& first_edition();

  /// Orders with the bid `coin` (distinct coins fix the turn order) and no actions.
  Orders orders(int seat, int coin = 0) const;
  Orders& act(Orders& o, Action a, const std::string& province, const std::string& target = "",
              ArmyCount armies = ArmyCount{}, int min_armies = 1) const;

  SeasonResult resolve(const std::vector<Orders>& orders, TowerModel* tower = nullptr) const;
  /// The state's invariants must hold after every setup call.
  std::vector<std::string> broken() const { return invariant_violations(state, rules); }

 private:
  void take_from_reserve(int seat, int armies);
};

/// A tower that lets exactly the listed cubes fall out, one outcome per throw, in order.
class ScriptedTower final : public TowerModel {
 public:
  explicit ScriptedTower(std::vector<CubeCounts> outcomes) : outcomes_(std::move(outcomes)) {}
  void drop(const CubeCounts& inside, const CubeCounts& thrown, Rng& rng, CubeCounts& released,
            CubeCounts& stuck) override;
  std::size_t used() const { return next_; }

 private:
  std::vector<CubeCounts> outcomes_;
  std::size_t next_ = 0;
};

/// Cube counts written as {seat0, seat1, ..., peasants}.
CubeCounts cubes(std::initializer_list<int> players, int peasants = 0);

/// Entries of one type from a season log.
template <class T>
std::vector<T> entries(const SeasonLog& log) {
  std::vector<T> out;
  for (const auto& e : log.entries) {
    if (const T* t = std::get_if<T>(&e)) out.push_back(*t);
  }
  return out;
}

}  // namespace wallenstein::testing
