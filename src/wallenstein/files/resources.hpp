#pragma once

#include <filesystem>
#include <optional>

#include "pbem/files/templates.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

/// The files the program reads besides a game: the rules' data and the report templates.
enum class Installed { data, templates };

/// Where a resource's directory is (data: the ruleset's `data/wallenstein`; templates: the
/// templates' root), the first of:
/// 1. `override_dir` (--data, --templates) when it is not empty;
/// 2. $WALLENSTEIN_DATA or $WALLENSTEIN_TEMPLATES when set;
/// 3. `share/wallenstein/...` beside the running program's `bin/`: an install moved to another
///    prefix, and the build tree, which CMake lays out like an install;
/// 4. the install prefix CMake was configured with.
/// A directory given by option or variable that is not one, or none of 3 and 4 existing, is an
/// InputError naming where the path came from or the places looked in.
std::filesystem::path resource_dir(Installed which, const std::filesystem::path& override_dir = {});

/// Where parsed rulesets and message catalogues are kept between commands (kept_rulesets.hpp,
/// problem_texts.hpp), the first of:
/// 1. $WALLENSTEIN_CACHE when set: an absolute path; anything else (`off`) keeps none;
/// 2. $XDG_CACHE_HOME/wallenstein when that is an absolute path;
/// 3. $HOME/.cache/wallenstein when HOME is an absolute path.
/// None otherwise. The directory is made when the first thing is kept (never a missing home);
/// anything in it may be deleted at any time.
std::optional<std::filesystem::path> kept_cache_dir();

/// The templates of `dir` over the installed ones (3 and 4 above): a game master's own
/// directory, copied from an older program, lacks the templates a newer one added, and the
/// installed ones fill in, so that an upgrade never stops a game for a missing template.
Templates load_templates(const std::filesystem::path& dir);

/// The message catalogues of `dir` over the installed ones, in the same way: a message a newer
/// program added comes from the installed catalogue. In `language` (a code), the catalogues of
/// its folder (`dir/<code>/text/`); a language neither `dir` nor the installed templates have is
/// an InputError naming those there are. With `cache` (kept_cache_dir()), they are kept there
/// between processes.
report::ProblemTexts load_problem_texts(const std::filesystem::path& dir,
                                        const std::string& language = "en",
                                        const std::optional<std::filesystem::path>& cache = {});

}  // namespace wallenstein
