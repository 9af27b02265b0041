#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace wallenstein {

/// The files one `resolve` writes, applied so that a crash leaves the old season or the new one
/// and `rollback` can restore the directory byte for byte.
///
/// Before anything changes, a bundle `.rollback/<NN>/` records what will be created and keeps a
/// copy of every file that will be replaced. The new season directory is staged beside the
/// others and renamed into place last: that rename is the commit.
class ResolveTransaction {
 public:
  /// `season_index` is the index of the season being resolved.
  ResolveTransaction(std::filesystem::path game_root, int season_index);

  /// A file in an existing directory (the resolved season's log, reports, map).
  void write(const std::filesystem::path& relative, std::string content);
  /// The next season's directory, created whole (relative to the game root).
  void create_directory(const std::filesystem::path& relative,
                        std::vector<std::pair<std::filesystem::path, std::string>> files);
  /// Applies everything; throws on failure after removing what it staged.
  void commit();

 private:
  std::filesystem::path root_;
  int season_index_;
  std::vector<std::pair<std::filesystem::path, std::string>> writes_;
  std::filesystem::path new_dir_;
  std::vector<std::pair<std::filesystem::path, std::string>> new_files_;
};

/// Undoes the last resolve from its bundle; returns a line per file removed or restored.
std::vector<std::string> rollback_last_resolve(const std::filesystem::path& game_root, int current_season_index);

}  // namespace wallenstein
