#pragma once

// Rulesets kept between processes. Parsing the base game's data costs about 50 M instructions
// (yaml-cpp reads about 2,000 instructions a byte), half of what `check` of one order file and
// `resolve --state-only` cost in all. A ruleset read once is kept in a cache directory, named
// by a digest of all it was made of, and read back by the next process in about 2 M.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// The digest naming the ruleset made from `data_dir` for `version` and `modules` by this
/// program: the build ids of the program, the YAML parser and the C and C++ libraries, the
/// version, the modules in order, and what the loader sees of
/// `data_dir`: the entries that are not hidden, in it, in `modules/` and in each module's folder
/// (each entry's name; a file's bytes, its size alone past 4 MB; a link's target; a folder or
/// anything else by its kind). None when the program has no build id, or the directory cannot be
/// read or holds more than a data directory does (16 MB, 4,096 entries): such a ruleset is never
/// kept.
std::optional<std::string> ruleset_key(const std::filesystem::path& data_dir, int version,
                                       const std::vector<std::string>& modules);

/// The ruleset kept in `cache_dir` under `key`; none when there is none, the entry does not read
/// back whole under that key (it is then written again by `keep_ruleset`), or the cache's
/// folder is not this user's alone. An entry read is made the newest.
std::optional<Ruleset> read_kept_ruleset(const std::filesystem::path& cache_dir,
                                         const std::string& key);

/// Keeps `rules` in `cache_dir` under `key`: written whole or not at all, in a folder only this
/// user may write (pbem::PrivateFolder: made with mode 0700; one another user could write is not
/// used). Keeps the 64 entries last read or written. A cache that cannot be written is no error:
/// the next process parses the data again.
void keep_ruleset(const std::filesystem::path& cache_dir, const std::string& key,
                  const Ruleset& rules);

/// Every field of `rules`, in cereal's binary form: what tells rulesets apart in the keys of what
/// is made with one (kept_states.hpp).
std::string ruleset_body(const Ruleset& rules);

/// The bytes an entry holds for `rules` under `key`, and the ruleset read back from them (none
/// when they are not an entry's, or another key's); `read_kept_ruleset` and `keep_ruleset` use
/// these.
std::string kept_ruleset_bytes(const std::string& key, const Ruleset& rules);
std::optional<Ruleset> ruleset_from_kept_bytes(const std::string& key, const std::string& bytes);

}  // namespace wallenstein
