// player: the game master's changes to one seat (its token; later replacements and pauses).

#include <ostream>

#include "adapters/diagnostic.hpp"
#include "adapters/fair_seed.hpp"
#include "adapters/journal.hpp"
#include "app/command.hpp"
#include "app/season_context.hpp"

namespace wallenstein::app {
namespace po = boost::program_options;
namespace {

/// Writes game.yaml through the journal (the caller holds the exclusive lock).
void save_config(const GameDirectory& game, const GameConfig& config) {
  Journal journal(game.root());
  journal.write("game.yaml", write_game_config(config));
  journal.commit();
}

Exit token(const Invocation& in, const HeldGame& held, const std::string& id) {
  GameConfig config = held.game.config();
  PlayerInfo* player = nullptr;
  for (auto& p : config.players) {
    if (p.id == id) player = &p;
  }
  if (!player) throw UsageError("no player \"" + id + "\" in this game");
  if (!in.has("new")) {
    if (player->token.empty()) {
      in.out << id << " has no token (a game of an older program): make one with --new\n";
    } else {
      in.out << player->token << "\n";
    }
    return Exit::ok;
  }
  player->token = new_token();
  save_config(held.game, config);
  in.out << "New token for " << player->name << " (" << id << "). Their next order template carries it; "
         << "orders mailed with the old one are refused from now on. Send it to them: `wallenstein mail "
         << held.game.root().string() << " --player " << id << " --resend`.\n";
  return Exit::ok;
}

Exit run(const Invocation& in) {
  const std::string action = in.get<std::string>("action");
  const HeldGame held = hold_game(in, in.has("new") ? LockMode::exclusive : LockMode::shared);
  if (action == "token") return token(in, held, in.get<std::string>("id"));
  throw UsageError("unknown player action \"" + action + "\"; use token");
}

}  // namespace

Command player_command() {
  return {"player", "DIR token ID [--new]",
          "A seat's secret token for orders sent by mail: show it, or replace a leaked one with --new.",
          [](po::options_description& o, po::positional_options_description& p) {
            o.add_options()("dir", po::value<std::string>()->required(), "the game directory")(
                "action", po::value<std::string>()->required(), "token")(
                "id", po::value<std::string>()->required(), "the player's id")(
                "new", po::bool_switch(), "make a new token (the old one stops working)");
            p.add("dir", 1).add("action", 1).add("id", 1);
          },
          run};
}

}  // namespace wallenstein::app
