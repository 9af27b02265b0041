#include "support/game_dir.hpp"

#include "support/temp_dir.hpp"

namespace wallenstein::testing {
namespace fs = std::filesystem;

std::vector<std::string> players_args(int count) {
  const std::vector<std::string> specs = {"red:Anna Weber:anna@example.org", "blue:Jörg Krämer:joerg@example.org",
                                          "yellow:Marie Dubois:marie@example.org", "green:Ola Nordmann:ola@example.org",
                                          "black:Sam Lee:sam@example.org"};
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) {
    out.push_back("--player");
    out.push_back(specs[static_cast<std::size_t>(i)]);
  }
  return out;
}

Outcome new_game_cmd(const fs::path& dir, int players, const std::string& seed) {
  std::vector<std::string> args = {"new", dir.string(), "--seed", seed};
  for (auto& a : players_args(players)) args.push_back(a);
  return run_wallenstein(args);
}

std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const std::string rel = fs::relative(entry.path(), root).string();
    const auto status = entry.symlink_status();
    if (fs::is_symlink(status)) {
      files[rel] = "<symlink to " + fs::read_symlink(entry.path()).string() + ">";
    } else if (fs::is_directory(status)) {
      files[rel] = "<dir>";
    } else if (fs::is_regular_file(status)) {
      files[rel] = read_text(entry.path());
    } else {
      files[rel] = "<special file>";
    }
  }
  return files;
}

}  // namespace wallenstein::testing
