#include "app/game_roots.hpp"

#include <algorithm>

#include "app/command.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/printable.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::app {
namespace fs = std::filesystem;

std::vector<fs::path> game_dirs(const Invocation& in) {
  const bool root = in.has("root");
  const bool dirs = in.has("dirs");
  if (root && dirs) throw UsageError("give game directories or --root ROOT, not both");
  if (!root && !dirs) throw UsageError("give one or more game directories, or --root ROOT");
  std::vector<fs::path> out;
  if (dirs) {
    for (const auto& d : in.get<std::vector<std::string>>("dirs")) {
      std::error_code ec;
      if (!fs::is_directory(d, ec))
        throw UsageError(printable(d) + " is not a directory; give game directories");
      out.emplace_back(d);
    }
    return out;
  }
  const fs::path base = in.get<std::string>("root");
  std::error_code ec;
  if (!fs::is_directory(base, ec))
    throw UsageError("--root " + printable(base.string()) + " is not a directory");
  for (const auto& entry : fs::directory_iterator(base, ec)) {
    // Only real directories: a symlinked game could lead anywhere (interfaces 7). One this user
    // may not look into is listed too: its line says whose it is.
    std::error_code e;
    if (!entry.is_directory(e) || entry.is_symlink(e)) continue;
    const bool game = fs::exists(entry.path() / "game.yaml", e);
    if (game || e == std::errc::permission_denied) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  if (out.empty())
    throw UsageError("--root " + printable(base.string()) +
                     " holds no game directory (none with a game.yaml)");
  return out;
}

}  // namespace wallenstein::app
