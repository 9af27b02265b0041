// Where the installed (or built) data and templates are. The install prefix comes from CMake
// (WALLENSTEIN_INSTALL_DATADIR); no source path is compiled into the program.

#include "wallenstein/files/resources.hpp"

#include <cstdlib>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace fs = std::filesystem;

namespace {

struct Place {
  const char* environment;  ///< the variable that overrides it
  const char* option;       ///< the command-line option that overrides it
  fs::path under_share;     ///< its path under share/wallenstein
};

Place place_of(Installed which) {
  if (which == Installed::data)
    return {"WALLENSTEIN_DATA", "--data", fs::path("data") / "wallenstein"};
  return {"WALLENSTEIN_TEMPLATES", "--templates", fs::path("templates")};
}

/// share/wallenstein beside the running program's directory (Linux: /proc/self/exe), if known.
std::optional<fs::path> beside_program() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return std::nullopt;
  return exe.parent_path().parent_path() / "share" / "wallenstein";
}

/// A directory the user named (`given_by`: the option or the variable), checked to be one.
fs::path given(const fs::path& dir, const std::string& given_by) {
  std::error_code ec;
  if (fs::is_directory(dir, ec)) return dir;
  const bool exists = fs::exists(dir, ec);
  throw InputError(
      dir.string(),
      (exists ? "not a directory (given by " : "no such directory (given by ") + given_by + ")");
}

/// The installed directory of a resource (3 and 4 of resource_dir), if there is one.
std::optional<fs::path> installed_dir(const Place& place) {
  if (auto share = beside_program(); share && fs::is_directory(*share / place.under_share))
    return *share / place.under_share;
  const fs::path prefix = fs::path(WALLENSTEIN_INSTALL_DATADIR) / place.under_share;
  if (fs::is_directory(prefix)) return prefix;
  return std::nullopt;
}

}  // namespace

std::optional<fs::path> kept_cache_dir() {
  auto variable = [](const char* name) -> std::optional<std::string> {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') return std::nullopt;
    return std::string(value);
  };
  if (const auto chosen = variable("WALLENSTEIN_CACHE")) {
    // `off`, or a path that would mean another folder from another working directory (cron's).
    if (!fs::path(*chosen).is_absolute()) return std::nullopt;
    return fs::path(*chosen);
  }
  if (const auto xdg = variable("XDG_CACHE_HOME"); xdg && fs::path(*xdg).is_absolute())
    return fs::path(*xdg) / "wallenstein";
  if (const auto home = variable("HOME"); home && fs::path(*home).is_absolute())
    return fs::path(*home) / ".cache" / "wallenstein";
  return std::nullopt;
}

Templates load_templates(const fs::path& dir) {
  return Templates::load(dir, installed_dir(place_of(Installed::templates)).value_or(fs::path()));
}

report::ProblemTexts load_problem_texts(const fs::path& dir, const std::string& language,
                                        const std::optional<fs::path>& cache) {
  const fs::path installed = installed_dir(place_of(Installed::templates)).value_or(fs::path());
  if (language == "en") return report::ProblemTexts::load_directory(dir, installed, cache);
  // Another language: its folder, over the installed one's (either may be missing, not both).
  const fs::path own = dir / language;
  const fs::path below = installed.empty() ? fs::path() : installed / language;
  const bool has_own = fs::is_directory(own);
  const bool has_below = !below.empty() && fs::is_directory(below);
  if (has_own)
    return report::ProblemTexts::load_directory(own, has_below ? below : fs::path(), cache);
  if (has_below) return report::ProblemTexts::load_directory(below, {}, cache);
  // The same error as the templates give for a language they do not have.
  (void)Templates::load(dir, installed).in(language);
  throw InputError(own.string(), "no message catalogues in language " + language);
}

fs::path resource_dir(Installed which, const fs::path& override_dir) {
  const Place place = place_of(which);
  if (!override_dir.empty()) return given(override_dir, place.option);
  if (const char* env = std::getenv(place.environment); env && *env) {
    return given(env, std::string("$") + place.environment);
  }
  std::vector<fs::path> candidates;
  if (auto share = beside_program()) candidates.push_back(*share / place.under_share);
  candidates.push_back(fs::path(WALLENSTEIN_INSTALL_DATADIR) / place.under_share);
  for (const fs::path& candidate : candidates) {
    if (fs::is_directory(candidate)) return candidate;
  }
  std::string looked;
  for (const fs::path& candidate : candidates)
    looked += (looked.empty() ? "" : ", ") + candidate.string();
  throw InputError(candidates.back().string(), "no such directory (looked in " + looked +
                                                   "); install wallenstein with "
                                                   "`cmake --install`, or give " +
                                                   place.option + " DIR or set " +
                                                   place.environment);
}

}  // namespace wallenstein
