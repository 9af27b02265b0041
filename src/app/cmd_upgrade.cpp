// upgrade: a game moves to the current rules version when its game master says so.

#include <ostream>

#include "app/command.hpp"
#include "app/season_context.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/files/version.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/rules_version.hpp"

namespace wallenstein::app {

Exit run_upgrade(const Invocation& in) {
  const bool dry = in.has("dry-run");
  const HeldGame held = hold_game(in, dry ? LockMode::shared : LockMode::exclusive);
  const GameDirectory& game = held.game;
  const int from = game.config().rules_version;
  const int to = kCurrentRulesVersion;
  if (from >= to) {
    in.out << "Game " << game.config().name << " already plays rules version " << from
           << ", the newest this program "
           << "knows. Nothing to do.\n";
    return Exit::ok;
  }
  const Ruleset rules = load_game_ruleset(in.data_dir(), to, game.config().edition,
                                          game.config().expansions, game.root() / "game.yaml");
  const SeasonDir season = game.current();
  const GameState state = game.load_state(season, rules);
  if (state.finished)
    throw InputError(game.root().string(), "the game is over; there is nothing to upgrade");

  in.out << "Game " << game.config().name << " plays rules version " << from << ". Version " << to
         << " changes:\n";
  for (const RulesChange& c : rules_changes(from, to)) {
    in.out << "  " << c.decision << " (version " << c.version << "): " << c.summary << "\n";
  }
  // Orders already stored for the season being planned must still be legal under the new rules.
  std::vector<Diagnostic> broken;
  const auto texts = load_problem_texts(in.templates_dir(), "en", kept_cache_dir());
  for (const auto& id : game.submitted(season)) {
    const CheckedOrderFile checked =
        check_order_file(season.orders_file(id).string(), state, rules, texts);
    for (const auto& d : checked.diagnostics) {
      if (d.severity == Diagnostic::Severity::error) broken.push_back(d);
    }
  }
  if (!broken.empty()) {
    in.err << format_all(broken);
    in.err << "wallenstein upgrade: orders already submitted for " << season.name
           << " are not legal under rules "
           << "version " << to
           << " (above). Nothing was changed: ask those players for new orders, or upgrade "
           << "after the next resolve.\n";
    return Exit::invalid_input;
  }
  if (dry) {
    in.out << "Dry run: nothing changed. The game would play version " << to << " from "
           << season.name << " on.\n";
    return Exit::ok;
  }
  GameConfig config = game.config();
  config.rules_version = to;
  config.program_version = program_version();
  Journal journal(game.root());
  journal.write("game.yaml", write_game_config(config));
  journal.commit();
  in.out << "Upgraded: from " << season.name << " on, game " << config.name
         << " plays rules version " << to
         << ". Seasons already played keep the rules they were played with (replay uses them).\n";
  return Exit::ok;
}

}  // namespace wallenstein::app
