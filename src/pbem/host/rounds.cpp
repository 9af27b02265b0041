#include "pbem/host/rounds.hpp"

#include <algorithm>
#include <cctype>
#include <system_error>

namespace pbem {
namespace fs = std::filesystem;

std::optional<RoundDir> parse_round_dir(const fs::path& path) {
  const std::string name = path.filename().string();
  if (name.size() < 4 || !std::isdigit(static_cast<unsigned char>(name[0])) ||
      !std::isdigit(static_cast<unsigned char>(name[1])) || name[2] != '-') {
    return std::nullopt;
  }
  return RoundDir{std::stoi(name.substr(0, 2)), name.substr(3), path};
}

std::vector<RoundDir> list_rounds(const fs::path& root) {
  std::vector<RoundDir> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root / "seasons", ec)) {
    if (!entry.is_directory()) continue;
    // A round directory without its state is damage, which the game refuses when it opens: it
    // is listed.
    if (auto round = parse_round_dir(entry.path())) out.push_back(*round);
  }
  std::sort(out.begin(), out.end(),
            [](const RoundDir& a, const RoundDir& b) { return a.index < b.index; });
  return out;
}

}  // namespace pbem
