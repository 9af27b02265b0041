#include <ostream>

#include "app/command.hpp"
#include "app/season_context.hpp"
#include "pbem/files/printable.hpp"
#include "wallenstein/files/json_view.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::app {

Exit run_show(const Invocation& in) {
  const OpenedSeason opened = open_season(in, DefaultSeason::current, LockMode::shared);
  const LoadedSeason loaded = load_season(opened);
  const auto json = public_json(opened.game.config(), loaded.start, opened.rules,
                                loaded.resolution ? &loaded.resolution->result.log : nullptr);
  if (in.has("json")) {
    in.out << json.dump(2) << "\n";
    return Exit::ok;
  }
  in.out << printable(json["game"].get<std::string>()) << " "
         << printable(json["season"].get<std::string>()) << "\n";
  for (const auto& p : json["players"]) {
    const std::size_t provinces = p["provinces"].size();
    in.out << "  " << printable(p["name"].get<std::string>()) << " ("
           << printable(p["id"].get<std::string>()) << "): " << p["thaler"] << " thaler, "
           << p["grain"] << " grain, " << p["vp"] << " VP, " << p["reserve"] << " in reserve, "
           << provinces << (provinces == 1 ? " province\n" : " provinces\n");
  }
  return Exit::ok;
}

}  // namespace wallenstein::app
