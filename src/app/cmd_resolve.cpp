// resolve, replay and rollback: playing a season and auditing or undoing it.

#include <ostream>

#include "adapters/diagnostic.hpp"
#include "adapters/files.hpp"
#include "adapters/game_directory.hpp"
#include "adapters/map/render.hpp"
#include "adapters/report/reports.hpp"
#include "adapters/ruleset_loader.hpp"
#include "adapters/season_files.hpp"
#include "adapters/state_yaml.hpp"
#include "adapters/transaction.hpp"
#include "app/command.hpp"
#include "core/engine.hpp"

namespace wallenstein::app {
namespace po = boost::program_options;
namespace fs = std::filesystem;
namespace {

std::string list_ids(const std::vector<std::string>& ids) {
  std::string out;
  for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
  return out;
}

Exit run_resolve(const Invocation& in) {
  const GameDirectory game = GameDirectory::open(in.game_dir());
  const Ruleset rules = load_ruleset(in.data_dir());
  const SeasonDir season = game.current();
  SeasonInputs inputs = load_season_inputs(game, season, rules);
  if (!inputs.missing.empty() && !in.has("force")) {
    in.err << "wallenstein resolve: orders are missing from " << list_ids(inputs.missing) << " for " << season.name
           << "; wait for them, or resolve with --force (they then play --nmr " << in.get<std::string>("nmr") << ")\n";
    return Exit::invalid_input;
  }
  fill_nmr(inputs, in.get<std::string>("nmr"), rules);
  const ResolvedSeason resolved = resolve_inputs(inputs, rules, in.get<std::string>("nmr"));
  const GameState& next = resolved.result.next;
  const SeasonLabel next_label = season_label(rules, next.season_index);
  const fs::path season_rel = fs::relative(season.path, game.root());
  const fs::path next_rel = fs::path("seasons") / next_label.directory();

  ResolveTransaction transaction(game.root(), season.index);
  transaction.write(season_rel / "log.yaml", resolved.log_text);
  if (!in.has("state-only")) {
    // The map of what happened, in the same transaction: a crash leaves all or nothing.
    const SeasonView view{&game.config(), &rules, &inputs.state, &next, &resolved.result.log};
    const map::MapRequest request{view, map::Layout::board, 0};
    transaction.write(season_rel / "map.png", map::render_map(request, map::load_map_style(in.data_dir())).png);
    const auto reports = report::build_reports(view, report::Templates::load(in.templates_dir()));
    for (const auto& [relative, content] : report::report_files(reports)) transaction.write(season_rel / relative, content);
  }
  std::vector<std::pair<fs::path, std::string>> files{{"state.yaml", resolved.state_text}};
  transaction.create_directory(next_rel, std::move(files));
  transaction.commit();
  fs::create_directories(game.root() / next_rel / "orders");

  const SeasonLog& log = resolved.result.log;
  in.out << "Resolved " << season.name << " of game " << game.config().name << ": event "
         << rules.event(log.event).id << ", turn order ";
  for (std::size_t i = 0; i < log.turn_order.size(); ++i) {
    in.out << (i ? ", " : "") << next.player(log.turn_order[i]).id;
  }
  in.out << ".\n";
  if (!inputs.missing.empty()) in.out << "  NMR (--nmr " << resolved.nmr_policy << "): " << list_ids(inputs.missing) << "\n";
  in.out << "  log:   " << (game.root() / season_rel / "log.yaml").string() << "\n";
  if (!in.has("state-only")) {
    in.out << "  map:   " << (game.root() / season_rel / "map.png").string() << "\n"
           << "  reports: " << (game.root() / season_rel / "reports").string() << "/ (send them with `wallenstein mail`)\n";
  }
  in.out << "  state: " << (game.root() / next_rel / "state.yaml").string() << "\n";
  if (next.finished) {
    in.out << "The game is over. ";
    in.out << (next.winners.size() == 1 ? "Winner: " : "Shared win: ");
    for (std::size_t i = 0; i < next.winners.size(); ++i) {
      const PlayerState& w = next.player(next.winners[i]);
      in.out << (i ? ", " : "") << w.id << " (" << w.vp << " VP, " << w.thaler << " thaler)";
    }
    in.out << "\n";
  } else {
    in.out << "Season " << next_label.name() << " is open for orders.\n";
  }
  return Exit::ok;
}

Exit run_replay(const Invocation& in) {
  const GameDirectory game = GameDirectory::open(in.game_dir());
  const Ruleset rules = load_ruleset(in.data_dir());
  const auto seasons = game.seasons();
  std::size_t differences = 0;

  // The first season is re-created from the seed in game.yaml.
  NewGame spec{game.config().name, {}, game.config().seed.value_or(0)};
  for (const auto& p : game.config().players) spec.player_ids.push_back(p.id);
  const std::string first = write_state(new_game(spec, rules), rules);
  if (auto diff = first_difference(first, read_bytes(seasons.front().state_file())); !diff.empty()) {
    in.err << seasons.front().state_file().string() << ": differs from `new` with the game's seed: " << diff << "\n";
    ++differences;
  }
  for (std::size_t i = 0; i + 1 < seasons.size(); ++i) {
    const ResolvedSeason again = reresolve(game, seasons[i], rules);
    std::size_t before = differences;
    if (auto diff = first_difference(again.log_text, read_bytes(seasons[i].log_file())); !diff.empty()) {
      in.err << seasons[i].log_file().string() << ": differs: " << diff << "\n";
      ++differences;
    }
    if (auto diff = first_difference(again.state_text, read_bytes(seasons[i + 1].state_file())); !diff.empty()) {
      in.err << seasons[i + 1].state_file().string() << ": differs: " << diff << "\n";
      ++differences;
    }
    in.out << seasons[i].name << ": " << (differences == before ? "confirmed" : "DIFFERS") << "\n";
  }
  if (differences > 0) {
    in.err << "replay found " << differences << " difference(s)\n";
    return Exit::invalid_input;
  }
  in.out << "All " << seasons.size() - 1 << " resolved season(s) replay byte for byte.\n";
  return Exit::ok;
}

Exit run_rollback(const Invocation& in) {
  const GameDirectory game = GameDirectory::open(in.game_dir());
  const SeasonDir current = game.current();
  for (const auto& line : rollback_last_resolve(game.root(), current.index)) in.out << "  " << line << "\n";
  in.out << "Rolled back: " << game.current().name << " is the season being planned again.\n";
  return Exit::ok;
}

void dir_only(po::options_description& o, po::positional_options_description& p) {
  o.add_options()("dir", po::value<std::string>()->required(), "the game directory");
  p.add("dir", 1);
}

}  // namespace

Command resolve_command() {
  return {"resolve", "DIR [--force] [--nmr pass] [--state-only]",
          "Resolve the season being planned (and the winter after autumn), then publish the next season.",
          [](po::options_description& o, po::positional_options_description& p) {
            dir_only(o, p);
            o.add_options()("force", po::bool_switch(), "resolve even though orders are missing")(
                "nmr", po::value<std::string>()->default_value(kNmrPass), "what missing players do: pass")(
                "state-only", po::bool_switch(), "write only the log and the next state (render and report later)")(
                "templates", po::value<std::string>()->value_name("DIR"), "the report templates directory");
          },
          run_resolve};
}

Command replay_command() {
  return {"replay", "DIR", "Re-resolve every stored season from its state and orders and report any difference.",
          dir_only, run_replay};
}

Command rollback_command() {
  return {"rollback", "DIR", "Undo the last resolve, restoring the game directory exactly as it was.", dir_only,
          run_rollback};
}

}  // namespace wallenstein::app
