// Full games in the engine alone: random legal orders, no I/O (target: 10,000 5-player games
// per second per core). Run from a release build: tools/bench/run.

#include <benchmark/benchmark.h>

#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/rules/engine.hpp"

namespace {

using namespace wallenstein;

const Ruleset& rules() {
  static const Ruleset r = load_ruleset(resource_dir(Installed::data));
  return r;
}

/// One whole game: setup, six seasons with two winters, random orders for every player.
void play_game(int players, std::uint64_t seed) {
  NewGame spec{"bench", {}, seed};
  for (int p = 0; p < players; ++p) spec.player_ids.push_back("p" + std::to_string(p));
  GameState state = new_game(spec, rules());
  Rng orders_rng(seed ^ 0x5eed);
  std::vector<Orders> orders(static_cast<std::size_t>(players));
  while (!state.finished) {
    for (int p = 0; p < players; ++p) {
      orders[static_cast<std::size_t>(p)] = random_orders(
          state, rules(), state.player_index(static_cast<std::size_t>(p)), orders_rng);
    }
    SeasonResult result = resolve_season(std::move(state), orders, {}, rules());
    state = std::move(result.next);
  }
  benchmark::DoNotOptimize(state.winners);
}

void FullGame(benchmark::State& bench) {
  const int players = static_cast<int>(bench.range(0));
  std::uint64_t seed = 1;
  for (auto _ : bench) play_game(players, seed++);
  bench.counters["games/s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(FullGame)->Arg(3)->Arg(4)->Arg(5)->Unit(benchmark::kMicrosecond);

void RandomOrdersOnly(benchmark::State& bench) {
  NewGame spec{"bench", {"a", "b", "c", "d", "e"}, 3};
  const GameState state = new_game(spec, rules());
  Rng rng(9);
  for (auto _ : bench) benchmark::DoNotOptimize(random_orders(state, rules(), PlayerIndex{0}, rng));
}
BENCHMARK(RandomOrdersOnly)->Unit(benchmark::kNanosecond);

}  // namespace

BENCHMARK_MAIN();
