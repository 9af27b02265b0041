#include "pbem/host/transaction.hpp"

#include <algorithm>
#include <cstdio>
#include <set>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/files/yaml_writer.hpp"
#include "pbem/host/game.hpp"

namespace pbem {
namespace fs = std::filesystem;
namespace {

constexpr std::size_t kMaxManifestBytes = 1 << 20;

std::string bundle_name(int index) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02d", index);
  return buf;
}

fs::path bundle_path(int index) { return fs::path(".rollback") / bundle_name(index); }

/// Every file under `dir` (relative to `root`), sorted; directories are not listed.
std::vector<fs::path> files_under(const fs::path& root, const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (!fs::is_directory(root / dir, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(root / dir, ec);
       it != fs::recursive_directory_iterator(); ++it) {
    if (!it->is_directory(ec)) out.push_back(fs::relative(it->path(), root));
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// Every directory under `dir` (relative to `root`), deepest first, then `dir` itself.
std::vector<fs::path> directories_under(const fs::path& root, const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root / dir, ec);
       it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory(ec) && !it->is_symlink(ec)) out.push_back(fs::relative(it->path(), root));
  }
  std::sort(out.begin(), out.end(), [](const fs::path& a, const fs::path& b) {
    return std::distance(a.begin(), a.end()) > std::distance(b.begin(), b.end());
  });
  out.push_back(dir);
  return out;
}

YamlOut path_list(const std::vector<fs::path>& paths) {
  YamlOut list = YamlOut::list();
  for (const auto& p : paths) list.push(YamlOut::text(p.generic_string()));
  return list;
}

}  // namespace

ResolveTransaction::ResolveTransaction(fs::path root, RoundDir resolved, fs::path next_directory)
    : root_(std::move(root)), resolved_(std::move(resolved)), next_(std::move(next_directory)) {}

void ResolveTransaction::write(const fs::path& relative, std::string content) {
  writes_.emplace_back(relative, std::move(content));
}

void ResolveTransaction::write_next(const fs::path& relative, std::string content) {
  next_files_.emplace_back(relative, std::move(content));
}

void ResolveTransaction::commit() {
  const fs::path& root = root_;
  const fs::path season = fs::relative(resolved_.path, root);
  if (fs::exists(root / next_))
    throw InputError((root / next_).string(), "already exists: this season has been resolved");
  Journal journal(root);
  const fs::path bundle = bundle_path(resolved_.index);
  for (const auto& stale : files_under(root, bundle)) journal.remove(stale);

  // The bundle: the resolved season's files as they were, and a copy of each one replaced.
  const std::vector<fs::path> before = files_under(root, season);
  std::vector<fs::path> replaced;
  for (const auto& [relative, content] : writes_) {
    const fs::path path = season / relative;
    if (std::find(before.begin(), before.end(), path) == before.end()) continue;
    replaced.push_back(path);
    journal.write(bundle / "saved" / path, read_bytes(root / path));
  }
  YamlOut manifest = YamlOut::map();
  manifest.add("format", 2);
  manifest.add("season_index", resolved_.index);
  manifest.add("resolved_directory", season.generic_string());
  manifest.add("created_directory", next_.generic_string());
  manifest.add("before", path_list(before));
  std::vector<fs::path> dirs = directories_under(root, season);
  dirs.pop_back();  // the season itself
  std::sort(dirs.begin(), dirs.end());
  manifest.add("before_directories", path_list(dirs));
  manifest.add("replaced", path_list(replaced));
  journal.write(
      bundle / "manifest.yaml",
      manifest.dump(
          "What `resolve` changed, so that `rollback` can undo it exactly.\n"
          "before, before_directories: the files and directories of the resolved season\n"
          "before it was resolved;\n"
          "replaced: of those, the ones it rewrote (their earlier bytes are under saved/)."));

  for (auto& [relative, content] : writes_) journal.write(season / relative, std::move(content));
  journal.make_directory(next_ / "orders");
  for (auto& [relative, content] : next_files_) journal.write(next_ / relative, std::move(content));
  journal.commit();
}

namespace {

/// A rollback bundle's manifest, checked so that it can only name the two seasons it is about.
struct Bundle {
  fs::path resolved;                         ///< seasons/NN-...: the season that was resolved
  fs::path created;                          ///< seasons/NN+1-...: the season the resolve published
  std::vector<fs::path> before;              ///< files of `resolved` before the resolve (format 2)
  std::vector<fs::path> before_directories;  ///< its directories then (format 2)
  std::vector<fs::path> created_files;       ///< files the resolve created in `resolved` (format 1)
  std::vector<fs::path> created_directories;
  std::vector<fs::path> replaced;
  bool has_before = false;
};

Bundle read_bundle(const fs::path& game_root, const RoundDir& resolved, const RoundDir& current) {
  const fs::path file = game_root / bundle_path(resolved.index) / "manifest.yaml";
  const YamlFile manifest = YamlFile::parse(read_source(file, kMaxManifestBytes));
  YamlReader r(manifest);
  const YAML::Node& root = manifest.root();
  if (!r.expect_map(root, "rollback manifest")) r.throw_if_errors();
  static constexpr std::array<std::string_view, 9> kManifestKeys = {
      "format",  "season_index",        "resolved_directory", "created_directory", "before",
      "created", "created_directories", "replaced",           "before_directories"};
  r.check_keys(root, kManifestKeys, "rollback manifest");
  Bundle b;
  b.resolved = fs::relative(resolved.path, game_root);
  b.created = fs::relative(current.path, game_root);
  if (auto index = r.require(root, "season_index", "the index of the resolved season")) {
    if (r.integer(*index, "season_index", 0, 99).value_or(0) != resolved.index) {
      r.error(*index,
              "season_index does not match the resolved season " + bundle_name(resolved.index));
    }
  }
  if (auto dir = r.require(root, "created_directory", "the season the resolve published")) {
    if (r.text(*dir, "created_directory").value_or("") != b.created.generic_string()) {
      r.error(*dir, "created_directory must be \"" + b.created.generic_string() +
                        "\", the season the resolve published; this bundle does not belong to it");
    }
  }
  if (const YAML::Node dir = root["resolved_directory"]; dir.IsDefined()) {
    if (r.text(dir, "resolved_directory").value_or("") != b.resolved.generic_string()) {
      r.error(dir, "resolved_directory must be \"" + b.resolved.generic_string() + "\"");
    }
  }
  // Every path must lie inside the resolved season: a bundle can never touch anything else.
  auto read_paths = [&](const char* key, std::vector<fs::path>& out, bool required) {
    const YAML::Node list = root[key];
    if (!list.IsDefined()) {
      if (required) r.error(root, std::string("missing key \"") + key + "\"");
      return;
    }
    if (!r.expect_sequence(list, key)) return;
    for (const auto& item : list) {
      const std::string text = r.text(item, key).value_or("");
      const fs::path p = fs::path(text).lexically_normal();
      const auto rel = p.lexically_relative(b.resolved);
      if (text.empty() || p.is_absolute() || rel.empty() || *rel.begin() == ".." || rel == ".") {
        r.error(item, "\"" + text + "\" is not a file of " + b.resolved.generic_string() +
                          "; a rollback bundle may only name files of the season it resolved");
        continue;
      }
      out.push_back(p);
    }
  };
  b.has_before = root["before"].IsDefined();
  read_paths("before", b.before, false);
  read_paths("before_directories", b.before_directories, false);
  read_paths("created", b.created_files, !b.has_before);
  read_paths("created_directories", b.created_directories, false);
  read_paths("replaced", b.replaced, true);
  r.throw_if_errors();
  for (const auto& p : b.replaced) {
    if (!fs::is_regular_file(game_root / bundle_path(resolved.index) / "saved" / p)) {
      throw InputError(file.string(),
                       "the saved copy of " + p.generic_string() + " is missing from the bundle");
    }
  }
  return b;
}

}  // namespace

namespace {

bool listed(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

/// Whether the game writes a file of this name into a round directory (relative to it): the
/// files it names (state, log, timetable, map), those of its own folders (reports) and order
/// files. Anything else was put there by someone, and `rollback` must not delete it.
bool program_file(const fs::path& in_season, const RoundFiles& files) {
  const std::string first = in_season.begin()->string();
  const auto depth = std::distance(in_season.begin(), in_season.end());
  if (depth == 1) return listed(files.files, first);
  if (listed(files.directories, first)) return true;
  return first == "orders" && depth == 2 && in_season.extension() == ".yaml";
}

/// Refuses, before anything changes, files `rollback` would remove that the program did not
/// write: a file the game master keeps in a season, a link, a directory named like a file.
/// `kept` are the files that were there before the resolve (they stay).
void refuse_foreign_files(const fs::path& root, const fs::path& season, const RoundFiles& files,
                          const std::set<fs::path>& kept) {
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root / season, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path relative = fs::relative(it->path(), root);
    if (kept.count(relative)) continue;
    const fs::path in_season = relative.lexically_relative(season);
    const auto status = it->symlink_status(ec);
    if (fs::is_directory(status)) {
      if (in_season == "orders" || listed(files.directories, in_season.begin()->string())) continue;
    } else if (fs::is_regular_file(status) && program_file(in_season, files)) {
      continue;
    }
    throw InputError(it->path().string(),
                     "is not something the program wrote there, and rollback would delete it: "
                     "move it out of " +
                         season.generic_string() +
                         "/, then run rollback again; nothing was changed");
  }
}

/// Removes the season the resolve created. Orders already submitted for it are refused, or with
/// --force kept in attic/.
void remove_next_season(Journal& journal, const fs::path& root, const Bundle& b,
                        const std::string& current, bool force, RollbackOutcome& out) {
  const std::vector<fs::path> next_files = files_under(root, b.created);
  for (const auto& file : next_files) {
    if (file.parent_path() != b.created / "orders") continue;
    out.kept_orders.push_back(file.filename().string());
  }
  if (!out.kept_orders.empty() && !force) {
    std::string list;
    for (const auto& f : out.kept_orders) list += (list.empty() ? "" : ", ") + f;
    throw InputError(
        (root / b.created / "orders").string(),
        "orders were already submitted for " + current + " (" + list +
            "); rollback would discard them. Nothing was changed. Use --force to undo the resolve "
            "anyway: the orders are then kept in attic/" +
            b.created.filename().string() + "/");
  }
  for (const auto& file : next_files) {
    if (file.parent_path() == b.created / "orders") {
      fs::path kept = fs::path("attic") / b.created.filename() / "orders" / file.filename();
      for (int n = 2; fs::exists(root / kept); ++n) {
        kept = fs::path("attic") / b.created.filename() / "orders" /
               (file.stem().string() + "." + std::to_string(n) + file.extension().string());
      }
      journal.write(kept, read_bytes(root / file));
      out.changes.push_back("kept " + file.generic_string() + " as " + kept.generic_string());
    }
    journal.remove(file);
  }
  for (const auto& dir : directories_under(root, b.created)) journal.remove_directory(dir);
}

}  // namespace

RollbackOutcome rollback_last_resolve(
    const fs::path& root, const RoundFiles& files, bool force, bool dry_run,
    const std::function<void(Journal&, const RollbackOutcome&)>& also) {
  const auto seasons = list_rounds(root);
  if (seasons.size() < 2 ||
      !fs::exists(root / bundle_path(seasons[seasons.size() - 2].index) / "manifest.yaml")) {
    throw InputError(
        root.string(),
        "there is no resolve to undo (no rollback bundle for the last resolved season)");
  }
  const RoundDir& current = seasons.back();
  const RoundDir& resolved = seasons[seasons.size() - 2];
  const Bundle b = read_bundle(root, resolved, current);
  RollbackOutcome out;
  out.season = resolved.name;
  Journal journal(root);
  refuse_foreign_files(root, b.created, files, {});
  if (b.has_before) {
    std::set<fs::path> before(b.before.begin(), b.before.end());
    before.insert(b.before_directories.begin(), b.before_directories.end());
    refuse_foreign_files(root, b.resolved, files, before);
  }

  remove_next_season(journal, root, b, current.name, force, out);
  out.changes.push_back("removed " + b.created.generic_string() + "/");

  // The resolved season as it was: what the resolve (or a later render/report) added goes,
  // what it replaced comes back.
  std::set<fs::path> keep(b.before.begin(), b.before.end());
  for (const auto& file : files_under(root, b.resolved)) {
    const bool added = b.has_before ? keep.count(file) == 0
                                    : std::find(b.created_files.begin(), b.created_files.end(),
                                                file) != b.created_files.end();
    if (!added) continue;
    journal.remove(file);
    out.changes.push_back("removed " + file.generic_string());
  }
  for (const auto& dir : b.created_directories) journal.remove_directory(dir);
  if (b.has_before) {
    for (const auto& dir : directories_under(root, b.resolved)) {
      if (dir != b.resolved && std::find(b.before_directories.begin(), b.before_directories.end(),
                                         dir) == b.before_directories.end()) {
        journal.remove_directory(dir);
      }
    }
  }
  for (const auto& file : b.replaced) {
    journal.write(file, read_bytes(root / bundle_path(resolved.index) / "saved" / file));
    out.changes.push_back("restored " + file.generic_string());
  }
  const fs::path bundle = bundle_path(resolved.index);
  for (const auto& file : files_under(root, bundle)) journal.remove(file);
  for (const auto& dir : directories_under(root, bundle)) journal.remove_directory(dir);
  if (files_under(root, ".rollback").size() == files_under(root, bundle).size())
    journal.remove_directory(".rollback");
  if (also) also(journal, out);
  if (!dry_run) journal.commit();
  return out;
}

RollbackOutcome rollback_last_resolve(
    const Game& game, bool force, bool dry_run,
    const std::function<void(Journal&, const RollbackOutcome&)>& also) {
  return rollback_last_resolve(game.root(), game.program_files(), force, dry_run, also);
}

}  // namespace pbem
