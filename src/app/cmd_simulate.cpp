// simulate: whole games in memory between bots, for balance and speed.

#include <unistd.h>

#include <cstdlib>
#include <ostream>
#include <sstream>
#include <thread>

#include "app/command.hpp"
#include "pbem/files/diagnostic.hpp"
#include "wallenstein/files/game_config.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/host/simulation_run.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/rules_version.hpp"

namespace wallenstein::app {
namespace {

std::vector<SeatKind> parse_seats(const std::string& text, const Ruleset& rules) {
  std::vector<SeatKind> seats;
  std::stringstream list(text);
  std::string name;
  while (std::getline(list, name, ',')) {
    const auto kind = seat_kind(name);
    if (!kind)
      throw UsageError("--seats: unknown seat kind \"" + name +
                       "\"; the kinds are bot, random and pass");
    seats.push_back(*kind);
  }
  if (!valid_player_count(seats.size()) ||
      !rules.standard_setups.count(static_cast<int>(seats.size()))) {
    throw UsageError("--seats: " + player_count_problem(seats.size()));
  }
  return seats;
}

/// A bar on stderr, only when stderr is a terminal; coloured unless NO_COLOR is set.
Progress progress_bar() {
  if (!::isatty(STDERR_FILENO)) return {};
  const bool colour = std::getenv("NO_COLOR") == nullptr || *std::getenv("NO_COLOR") == '\0';
  return [colour](long long done, long long total) {
    constexpr int kWidth = 40;
    const int filled = static_cast<int>(kWidth * done / std::max(1LL, total));
    std::string line =
        "\r" + std::string(colour ? "\033[32m" : "") +
        std::string(static_cast<std::size_t>(filled), '#') + std::string(colour ? "\033[0m" : "") +
        std::string(static_cast<std::size_t>(kWidth - filled), '.') + " " + std::to_string(done) +
        "/" + std::to_string(total) + (done == total ? "\n" : "");
    // Written past the printable filter on std::cerr: the bar's own control characters are meant.
    [[maybe_unused]] const auto written = ::write(STDERR_FILENO, line.data(), line.size());
  };
}

}  // namespace

Exit run_simulate(const Invocation& in) {
  const int version = in.get<int>("rules-version");
  if (!known_rules_version(version))
    throw UsageError("--rules-version " + std::to_string(version) + " is not known");
  const int edition = in.get<int>("edition");
  if (auto problem = edition_problem(edition)) throw UsageError("--edition: " + *problem);
  const Ruleset rules = [&] {
    try {
      return load_edition_ruleset(in.data_dir(), version, edition, in.expansions(),
                                  kept_cache_dir());
    } catch (const ModuleRefused& e) {
      throw UsageError("--expansions: " + refusal_reasons(e));
    }
  }();
  const std::vector<SeatKind> seats = parse_seats(in.get<std::string>("seats"), rules);
  const long long games = in.get<long long>("games");
  if (games < 1 || games > 100'000'000) throw UsageError("--games must be between 1 and 100000000");
  const unsigned hardware = std::max(1U, std::thread::hardware_concurrency());
  const unsigned threads = in.has("threads") ? in.get<unsigned>("threads") : hardware;
  if (threads < 1 || threads > 1024) throw UsageError("--threads must be between 1 and 1024");
  const bool draft = in.setup() == "draft";
  const SimulationTotals totals = run_simulation(rules, seats, games, in.get<std::uint64_t>("seed"),
                                                 threads, progress_bar(), draft);
  in.out << (in.has("json") ? simulation_json(totals) : simulation_text(totals));
  return totals.invariant_violations == 0 ? Exit::ok : Exit::internal;
}

}  // namespace wallenstein::app
