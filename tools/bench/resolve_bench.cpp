// Wall time of `wallenstein resolve` on a 5-player season, end to end: parse the game, the
// state and five order files, resolve, write the log and the next state (target: < 50 ms with
// --state-only); then the whole resolve with the map and the reports.
// Usage: resolve_bench PATH/TO/wallenstein [RUNS]

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "pbem/files/files.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/pbem.hpp"

namespace fs = std::filesystem;
using namespace wallenstein;

namespace {

int sh(const std::string& command) {
  const int raw = std::system(command.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: resolve_bench WALLENSTEIN_BINARY [RUNS]\n");
    return 2;
  }
  const std::string binary = argv[1];
  const int runs = argc > 2 ? std::atoi(argv[2]) : 30;
  const fs::path work =
      fs::temp_directory_path() / ("wallenstein-bench-" + std::to_string(::getpid()));
  fs::remove_all(work);
  fs::create_directories(work);
  const fs::path base = work / "base";
  if (sh(binary + " new " + base.string() +
         " --seed 11 --player a:A:a@x.org --player b:B:b@x.org --player c:C:c@x.org --player "
         "d:D:d@x.org"
         " --player e:E:e@x.org >/dev/null") != 0) {
    return 1;
  }
  const Ruleset rules = load_ruleset(resource_dir(Installed::data));
  const GameDirectory game = GameDirectory::open(base);
  const SeasonDir season = game.current();
  const GameState state = game.load_state(season, rules);
  Rng rng(5);
  for (std::size_t p = 0; p < state.players.size(); ++p) {
    const Orders orders = random_orders(state, rules, state.player_index(p), rng);
    write_atomic(season.orders_file(state.players[p].id),
                 format_order_file(to_written(orders, state, rules), rules));
  }
  for (const std::string options : {" --state-only", ""}) {
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
      const fs::path copy = work / ("run" + std::to_string(i));
      fs::copy(base, copy, fs::copy_options::recursive);
      const auto start = std::chrono::steady_clock::now();
      if (sh(binary + " resolve " + copy.string() + options + " >/dev/null") != 0) return 1;
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count());
      fs::remove_all(copy);
    }
    std::sort(ms.begin(), ms.end());
    std::printf(
        "resolve%s, 5 players, end to end (%d runs): median %.1f ms, min %.1f ms, max %.1f ms\n",
        options.c_str(), runs, ms[ms.size() / 2], ms.front(), ms.back());
  }
  fs::remove_all(work);
  return 0;
}
