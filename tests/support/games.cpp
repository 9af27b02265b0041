#include "support/games.hpp"

#include <stdexcept>

#include "support/temp_dir.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/host/game_directory.hpp"

namespace wallenstein::testing {
namespace fs = std::filesystem;

std::vector<std::string> players_args(int count) {
  const std::vector<std::string> specs = {
      "red:Anna Weber:anna@example.org", "blue:Jörg Krämer:joerg@example.org",
      "yellow:Marie Dubois:marie@example.org", "green:Ola Nordmann:ola@example.org",
      "black:Sam Lee:sam@example.org"};
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) {
    out.push_back("--player");
    out.push_back(specs[static_cast<std::size_t>(i)]);
  }
  return out;
}

Outcome new_game(const fs::path& dir, int players, const std::string& seed) {
  std::vector<std::string> args = {"new", dir.string(), "--seed", seed};
  for (auto& a : players_args(players)) args.push_back(a);
  return run_wallenstein(args);
}

std::vector<fs::path> write_random_orders(const fs::path& game_dir, const fs::path& out_dir,
                                          std::uint64_t seed) {
  const Ruleset rules = load_ruleset(source_data_dir());
  const GameDirectory game = GameDirectory::open(game_dir);
  const GameState state = game.load_state(game.current(), rules);
  Rng rng(seed);
  std::vector<fs::path> files;
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const Orders orders = random_orders(state, rules, state.player_index(i), rng);
    const fs::path file = out_dir / (state.players[i].id + ".yaml");
    write_text(file, format_order_file(to_written(orders, state, rules), rules));
    files.push_back(file);
  }
  return files;
}

void submit_random_orders(const fs::path& game_dir, const fs::path& work_dir, std::uint64_t seed) {
  for (const auto& file : write_random_orders(game_dir, work_dir, seed)) {
    const Outcome r = run_wallenstein({"submit", game_dir.string(), file.string()});
    if (r.status != 0) throw std::runtime_error("submit failed: " + r.err);
  }
}

}  // namespace wallenstein::testing
