#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace wallenstein::testing {

/// A fresh directory under the system temp dir, removed with everything in it at the end.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

/// The ruleset directory of the source tree.
std::filesystem::path source_data_dir();
/// A file of the source tree.
std::filesystem::path source_path(const std::string& relative);

std::string read_text(const std::filesystem::path& path);
/// Whether `text` holds `what` (for EXPECT_TRUE with the text in its message).
inline bool contains(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}
/// Every file (its bytes) and directory ("<dir>") under `root`, by relative path, except the
/// game's lock file, the only file a reader may change (interfaces 7).
std::map<std::string, std::string> snapshot_tree(const std::filesystem::path& root);
void write_text(const std::filesystem::path& path, const std::string& text);
/// Replaces the first occurrence of `from` (which must exist) in a file.
void replace_in_file(const std::filesystem::path& path, const std::string& from,
                     const std::string& to);

}  // namespace wallenstein::testing
