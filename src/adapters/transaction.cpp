#include "adapters/transaction.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "adapters/diagnostic.hpp"
#include "adapters/files.hpp"
#include "adapters/yaml_file.hpp"
#include "adapters/yaml_writer.hpp"

namespace wallenstein {
namespace fs = std::filesystem;
namespace {

std::string bundle_name(int index) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02d", index);
  return buf;
}

void write_file(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  write_atomic(path, content);
}

}  // namespace

ResolveTransaction::ResolveTransaction(fs::path game_root, int season_index)
    : root_(std::move(game_root)), season_index_(season_index) {}

void ResolveTransaction::write(const fs::path& relative, std::string content) {
  writes_.emplace_back(relative, std::move(content));
}

void ResolveTransaction::create_directory(const fs::path& relative, std::vector<std::pair<fs::path, std::string>> files) {
  new_dir_ = relative;
  new_files_ = std::move(files);
}

void ResolveTransaction::commit() {
  const fs::path bundles = root_ / ".rollback";
  const fs::path bundle = bundles / bundle_name(season_index_);
  const fs::path bundle_tmp = bundles / (bundle_name(season_index_) + ".tmp");
  const fs::path staging = root_ / new_dir_.parent_path() / (".staging-" + new_dir_.filename().string());
  if (fs::exists(root_ / new_dir_)) {
    throw InputError((root_ / new_dir_).string(), "already exists: this season has been resolved");
  }

  // 1. The rollback bundle, complete before anything it describes changes.
  fs::remove_all(bundle_tmp);
  fs::create_directories(bundle_tmp / "saved");
  YamlOut created = YamlOut::list();
  YamlOut replaced = YamlOut::list();
  YamlOut created_dirs = YamlOut::list();
  std::vector<fs::path> new_dirs;
  for (const auto& [relative, content] : writes_) {
    // Directories the write will create, deepest first, so rollback removes them too.
    for (fs::path dir = relative.parent_path(); !dir.empty() && !fs::exists(root_ / dir); dir = dir.parent_path()) {
      if (std::find(new_dirs.begin(), new_dirs.end(), dir) == new_dirs.end()) new_dirs.push_back(dir);
    }
    const fs::path target = root_ / relative;
    if (fs::exists(target)) {
      write_file(bundle_tmp / "saved" / relative, read_bytes(target));
      replaced.push(YamlOut::text(relative.generic_string()));
    } else {
      created.push(YamlOut::text(relative.generic_string()));
    }
  }
  std::sort(new_dirs.begin(), new_dirs.end(), [](const fs::path& a, const fs::path& b) {
    return std::distance(a.begin(), a.end()) > std::distance(b.begin(), b.end());
  });
  for (const auto& dir : new_dirs) created_dirs.push(YamlOut::text(dir.generic_string()));
  YamlOut manifest = YamlOut::map();
  manifest.add("season_index", season_index_);
  manifest.add("created_directory", new_dir_.generic_string());
  manifest.add("created", std::move(created));
  manifest.add("created_directories", std::move(created_dirs));
  manifest.add("replaced", std::move(replaced));
  write_atomic(bundle_tmp / "manifest.yaml",
               manifest.dump("What `resolve` changed, so that `rollback` can undo it exactly.\n"
                             "replaced: the earlier versions are kept under saved/."));
  fs::remove_all(bundle);
  rename_durable(bundle_tmp, bundle);

  // 2. The new season, staged; 3. the files of the resolved season; 4. the commit.
  try {
    fs::remove_all(staging);
    fs::create_directories(staging);
    for (const auto& [relative, content] : new_files_) write_file(staging / relative, content);
    for (const auto& [relative, content] : writes_) write_file(root_ / relative, content);
    rename_durable(staging, root_ / new_dir_);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(staging, ec);
    throw;
  }
}

std::vector<std::string> rollback_last_resolve(const fs::path& root, int current_season_index) {
  const int resolved = current_season_index - 1;
  const fs::path bundle = root / ".rollback" / bundle_name(resolved);
  if (resolved < 1 || !fs::exists(bundle / "manifest.yaml")) {
    throw InputError(root.string(), "there is no resolve to undo (no .rollback/" + bundle_name(std::max(resolved, 0)) + ")");
  }
  const YamlFile manifest = YamlFile::parse(read_source(bundle / "manifest.yaml", 1 << 20));
  YamlReader r(manifest);
  std::vector<std::string> created;
  std::vector<std::string> created_dirs;
  std::vector<std::string> replaced;
  std::string directory;
  if (auto d = r.require(manifest.root(), "created_directory", "")) directory = scalar_text(*d);
  for (auto [key, list] : {std::pair{"created", &created}, std::pair{"created_directories", &created_dirs},
                           std::pair{"replaced", &replaced}}) {
    if (auto node = r.require(manifest.root(), key, ""); node && r.expect_sequence(*node, key)) {
      for (const auto& item : *node) list->push_back(scalar_text(item));
    }
  }
  r.throw_if_errors();
  auto inside = [&](const std::string& relative) {
    const fs::path p = fs::path(relative).lexically_normal();
    if (relative.empty() || p.is_absolute() || *p.begin() == "..") {
      throw InputError((bundle / "manifest.yaml").string(), "path \"" + relative + "\" leaves the game directory");
    }
    return root / p;
  };

  std::vector<std::string> done;
  // The commit point in reverse: once the new season is gone, the old one is current again.
  const fs::path trash = bundle / "trash";
  if (fs::exists(inside(directory))) {
    fs::remove_all(trash);
    rename_durable(inside(directory), trash);
    done.push_back("removed " + directory);
  }
  for (const auto& relative : created) {
    if (fs::remove(inside(relative))) done.push_back("removed " + relative);
  }
  for (const auto& relative : created_dirs) {
    std::error_code ec;
    if (fs::remove(inside(relative), ec)) done.push_back("removed " + relative + "/");
  }
  for (const auto& relative : replaced) {
    write_atomic(inside(relative), read_bytes(bundle / "saved" / relative));
    done.push_back("restored " + relative);
  }
  fs::remove_all(bundle);
  std::error_code ec;
  fs::remove(root / ".rollback", ec);  // Only when empty: as it was before the first resolve.
  return done;
}

}  // namespace wallenstein
