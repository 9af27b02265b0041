#include <ostream>

#include "app/command.hpp"
#include "app/season_context.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/report/reports.hpp"

namespace wallenstein::app {
namespace {

/// Whether a report file belongs to a player (public.txt belongs to everyone).
bool belongs_to(const std::string& relative, const std::string& player) {
  return relative == "reports/public.txt" || relative == "reports/" + player + ".txt" ||
         relative == "reports/" + player + ".html" ||
         (relative.size() > player.size() + 6 && relative.ends_with("-" + player + ".yaml"));
}

}  // namespace

Exit run_report(const Invocation& in) {
  const OpenedSeason opened = open_season(in, DefaultSeason::last_report, LockMode::exclusive);
  if (in.has("player")) opened.game.config().named_player(in.get<std::string>("player"));
  const LoadedSeason loaded = load_season(opened);
  const auto reports =
      report::build_reports(loaded.view(opened.rules), load_templates(in.templates_dir()));
  std::size_t written = 0;
  Journal journal(opened.game.root());
  const auto season = std::filesystem::relative(opened.season.path, opened.game.root());
  for (const auto& [relative, content] : report::report_files(reports)) {
    if (in.has("player") && !belongs_to(relative, in.get<std::string>("player"))) continue;
    journal.write(season / relative, content);
    ++written;
  }
  journal.commit();
  in.out << (loaded.resolution ? "Reports on " : "Opening reports of ")
         << printable(opened.season.name) << ": " << written << " files in "
         << printable((opened.season.path / "reports").string()) << "\n";
  return Exit::ok;
}

}  // namespace wallenstein::app
