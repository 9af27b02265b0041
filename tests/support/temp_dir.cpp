#include "support/temp_dir.hpp"

#include <unistd.h>

#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace wallenstein::testing {
namespace fs = std::filesystem;

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "wallenstein-test-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

fs::path source_data_dir() { return fs::path(WALLENSTEIN_SOURCE_DIR) / "data" / "wallenstein"; }
fs::path source_path(const std::string& relative) {
  return fs::path(WALLENSTEIN_SOURCE_DIR) / relative;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_text(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << text;
}

void replace_in_file(const fs::path& path, const std::string& from, const std::string& to) {
  std::string text = read_text(path);
  const auto at = text.find(from);
  if (at == std::string::npos)
    throw std::runtime_error("\"" + from + "\" not found in " + path.string());
  text.replace(at, from.size(), to);
  write_text(path, text);
}

}  // namespace wallenstein::testing

namespace wallenstein::testing {

std::map<std::string, std::string> snapshot_tree(const std::filesystem::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    const std::string rel = std::filesystem::relative(entry.path(), root).string();
    if (entry.path().filename() == ".lock") continue;
    const auto status = entry.symlink_status();
    if (std::filesystem::is_symlink(status)) {
      files[rel] = "<symlink to " + std::filesystem::read_symlink(entry.path()).string() + ">";
    } else if (std::filesystem::is_directory(status)) {
      files[rel] = "<dir>";
    } else if (std::filesystem::is_regular_file(status)) {
      files[rel] = read_text(entry.path());
    } else {
      files[rel] = "<special file>";  // never opened: a FIFO would block
    }
  }
  return files;
}

}  // namespace wallenstein::testing
