#include <filesystem>
#include <fstream>
#include <ostream>

#include "app/command.hpp"
#include "app/season_context.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/files/templates.hpp"
#include "wallenstein/files/language_names.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/map/render.hpp"
#include "wallenstein/views/map/style.hpp"
#include "wallenstein/views/report/reports.hpp"

namespace wallenstein::app {

Exit run_render(const Invocation& in) {
  const std::string layout = in.get<std::string>("layout");
  if (layout != "board" && layout != "geo") throw UsageError("--layout must be board or geo");
  const int width = in.get<int>("width");
  if (width < 800 || width > 6400) throw UsageError("--width must be between 800 and 6400 pixels");
  // Drawing to a file of one's own only reads the game.
  const OpenedSeason opened = open_season(
      in, DefaultSeason::current, in.has("output") ? LockMode::shared : LockMode::exclusive);
  const LoadedSeason loaded = load_season(opened);
  // The map's words: the game's language, or --language's (interfaces 8).
  const std::string code =
      in.has("language") ? in.get<std::string>("language") : opened.game.config().language;
  const Templates templates = load_templates(in.templates_dir()).in(code);
  const Ruleset named = in_language(opened.rules, templates.words());
  const SeasonView view = report::view_in(loaded.view(opened.rules), named, templates);
  const map::MapRequest request{view, layout == "geo" ? map::Layout::geo : map::Layout::board,
                                static_cast<double>(width), kept_cache_dir()};
  map::MapStyle style = map::load_map_style(in.data_dir());
  style.labels = map::labels_in(style, templates.words());
  const auto rendered = map::render_map(request, style);
  const std::filesystem::path out = in.has("output")
                                        ? std::filesystem::path(in.get<std::string>("output"))
                                        : opened.season.path / report::map_file(view, code);
  // A device, a pipe or a link (`-o /dev/stdout`) takes the bytes as they come, and no line is
  // printed that could mix with them; a file is replaced whole or not at all.
  std::error_code ec;
  const auto kind = std::filesystem::symlink_status(out, ec).type();
  const bool stream_out = in.has("output") && (kind == std::filesystem::file_type::character ||
                                               kind == std::filesystem::file_type::fifo ||
                                               kind == std::filesystem::file_type::symlink);
  if (stream_out) {
    std::ofstream stream(out, std::ios::binary);
    stream.write(rendered.png.data(), static_cast<std::streamsize>(rendered.png.size()));
    if (!stream.flush()) throw InputError(out.string(), "cannot write the map there");
    return Exit::ok;
  }
  if (in.has("output")) {
    write_atomic(out, rendered.png);
  } else {
    Journal journal(opened.game.root());
    journal.write(std::filesystem::relative(out, opened.game.root()), rendered.png);
    journal.commit();
  }
  in.out << "Map of " << printable(opened.season.name)
         << (loaded.resolution ? " (after resolving it)" : "") << ": " << printable(out.string())
         << " (" << static_cast<int>(rendered.scene.width) << "x"
         << static_cast<int>(rendered.scene.height) << ")\n";
  return Exit::ok;
}

}  // namespace wallenstein::app
