// Whole processes of the program, timed from outside (the table): the start-up of any
// command (`--version`), `check` of one order file, `resolve --state-only` of a 5-player season
// (parse the game, the state and five order files, resolve, write the log and the next state) and
// the whole `resolve` (the map and the reports too). Each is started RUNS times; the median wall
// time and CPU time (user + system, the kernel's own accounting of the child) are printed with the
// goal, and the start-up line says how many shared libraries a process loads. The commands keep
// what they parsed (the ruleset, the message catalogues, the state) in a cache of the benchmark's
// own (WALLENSTEIN_CACHE), as a game master's commands do after their first; `check` and
// `--state-only` are timed without it too (WALLENSTEIN_CACHE=off: every process parses all).
// Usage: resolve_bench PATH/TO/wallenstein [RUNS]

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "pbem/files/files.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/rules/rng.hpp"

extern char** environ;

namespace fs = std::filesystem;
using namespace wallenstein;

namespace {

int sh(const std::string& command) {
  const int raw = std::system(command.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

struct Timing {
  double wall_ms = 0;
  double cpu_ms = 0;
};

/// Runs `args` (its output to /dev/null) and times it; exits the benchmark when the command fails.
Timing run(const std::vector<std::string>& args) {
  std::vector<char*> argv(args.size() + 1, nullptr);
  std::transform(args.begin(), args.end(), argv.begin(),
                 [](const std::string& a) { return const_cast<char*>(a.c_str()); });
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) {
    std::fprintf(stderr, "cannot start %s\n", argv[0]);
    std::exit(1);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  const auto end = std::chrono::steady_clock::now();
  posix_spawn_file_actions_destroy(&actions);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::string line;
    for (const std::string& a : args) line += a + " ";
    std::fprintf(stderr, "failed: %s\n", line.c_str());
    std::exit(1);
  }
  auto ms = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_usec) / 1e3;
  };
  return {std::chrono::duration<double, std::milli>(end - start).count(),
          ms(usage.ru_utime) + ms(usage.ru_stime)};
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Times `runs` runs of `make_args(i)` (after `before(i)`, not timed) and prints one line.
void time_runs(const std::string& what, int runs, const std::string& goal,
               const std::function<std::vector<std::string>(int)>& make_args,
               const std::function<void(int)>& before = {}) {
  std::vector<double> wall;
  std::vector<double> cpu;
  for (int i = 0; i < runs; ++i) {
    if (before) before(i);
    const Timing t = run(make_args(i));
    wall.push_back(t.wall_ms);
    cpu.push_back(t.cpu_ms);
  }
  std::printf("%s (%d runs): median %.1f ms wall, %.1f ms CPU (goal: %s)\n", what.c_str(), runs,
              median(wall), median(cpu), goal.c_str());
}

/// How many shared libraries the program loads before main (the dynamic loader's list).
int shared_libraries(const std::string& binary) {
  const std::string command = "LD_TRACE_LOADED_OBJECTS=1 " + binary + " | grep -c '=>\\|ld-linux'";
  FILE* pipe = popen(command.c_str(), "r");
  int count = 0;
  if (pipe && std::fscanf(pipe, "%d", &count) != 1) count = 0;
  if (pipe) pclose(pipe);
  return count;
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
  const std::string kept = (work / "kept").string();
  setenv("WALLENSTEIN_CACHE", kept.c_str(), 1);
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
  std::printf("start-up: %d shared libraries loaded\n", shared_libraries(binary));
  time_runs("start-up, wallenstein --version", runs * 3, "3 ms CPU", [&](int) {
    return std::vector<std::string>{binary, "--version"};
  });
  const std::string order = season.orders_file(state.players.front().id).string();
  const auto copy = [&](int i) { return work / ("run" + std::to_string(i)); };
  const auto fresh_copy = [&](int i) {
    fs::remove_all(copy(i));
    fs::copy(base, copy(i), fs::copy_options::recursive);
  };
  for (const std::string& cache : {kept, std::string("off")}) {
    setenv("WALLENSTEIN_CACHE", cache.c_str(), 1);
    const std::string how = cache == "off" ? ", nothing kept (WALLENSTEIN_CACHE=off)" : "";
    time_runs("check of one order file" + how, runs * 2, "10 ms CPU", [&](int) {
      return std::vector<std::string>{binary, "check", base.string(), order};
    });
    time_runs(
        "resolve --state-only, 5 players" + how, runs, "10 ms CPU",
        [&](int i) {
          return std::vector<std::string>{binary, "resolve", copy(i).string(), "--state-only"};
        },
        fresh_copy);
  }
  setenv("WALLENSTEIN_CACHE", kept.c_str(), 1);
  time_runs(
      "resolve, 5 players (state, log, map, reports)", runs, "60 ms wall",
      [&](int i) {
        return std::vector<std::string>{binary, "resolve", copy(i).string()};
      },
      fresh_copy);
  for (int i = 0; i < runs; ++i) fs::remove_all(copy(i));
  fs::remove_all(work);
  return 0;
}
