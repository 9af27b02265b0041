#include <ostream>

#include "adapters/files.hpp"
#include "adapters/game_directory.hpp"
#include "adapters/report/reports.hpp"
#include "adapters/ruleset_loader.hpp"
#include "adapters/season_files.hpp"
#include "app/command.hpp"
#include "app/season_reports.hpp"

namespace wallenstein::app {
namespace po = boost::program_options;
namespace {

Exit run(const Invocation& in) {
  const GameDirectory game = GameDirectory::open(in.game_dir());
  const Ruleset rules = load_ruleset(in.data_dir());
  const SeasonDir season = in.has("season") ? game.find(in.get<std::string>("season")) : default_report_season(game);
  const SeasonReports reports = season_reports(game, season, rules, in.templates_dir());
  std::size_t written = 0;
  for (const auto& [relative, content] : report::report_files(reports.set)) {
    const bool player_file = relative != "reports/public.txt";
    if (in.has("player") && player_file && relative.find("/" + in.get<std::string>("player") + ".") == std::string::npos &&
        relative.find("-" + in.get<std::string>("player") + ".yaml") == std::string::npos) {
      continue;
    }
    const auto path = season.path / relative;
    std::filesystem::create_directories(path.parent_path());
    write_atomic(path, content);
    ++written;
  }
  in.out << (reports.resolved ? "Reports on " : "Opening reports of ") << season.name << ": " << written
         << " files in " << (season.path / "reports").string() << "\n";
  return Exit::ok;
}

}  // namespace

Command report_command() {
  return {"report", "DIR [--season S] [--player ID]",
          "Write the reports of a season (text and HTML per player, the public report, the order templates).",
          [](po::options_description& o, po::positional_options_description& p) {
            o.add_options()("dir", po::value<std::string>()->required(), "the game directory")(
                "season", po::value<std::string>()->value_name("S"),
                "default: the last resolved season, or the first season's opening before any")(
                "player", po::value<std::string>()->value_name("ID"), "only this player's files (and the public one)")(
                "templates", po::value<std::string>()->value_name("DIR"), "the report templates directory");
            p.add("dir", 1);
          },
          run};
}

}  // namespace wallenstein::app
