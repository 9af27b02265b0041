#include "pbem/host/host_config.hpp"

#include <algorithm>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/printable.hpp"

namespace pbem {

const PlayerInfo* HostConfig::player(std::string_view id) const {
  for (const auto& p : players) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

const PlayerInfo& HostConfig::named_player(std::string_view id) const {
  if (const PlayerInfo* p = player(id)) return *p;
  std::string ids;
  for (const auto& p : players) ids += (ids.empty() ? "" : ", ") + p.id;
  throw UsageError("--player: no player \"" + printable(id) + "\" in this game; its players are " +
                   ids);
}

std::string HostConfig::names(const std::vector<std::string>& ids) const {
  std::string out;
  for (const auto& id : ids) {
    const PlayerInfo* p = player(id);
    out += (out.empty() ? "" : ", ") + (p ? printable(p->name) + " (" + id + ")" : id);
  }
  return out;
}

std::optional<std::string> game_name_problem(std::string_view name) {
  const bool ok = !name.empty() && name.size() <= 64 &&
                  ((name.front() >= 'a' && name.front() <= 'z') ||
                   (name.front() >= 'A' && name.front() <= 'Z') ||
                   (name.front() >= '0' && name.front() <= '9')) &&
                  std::all_of(name.begin(), name.end(), [](char c) {
                    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                           (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
                  });
  if (ok) return std::nullopt;
  return "game name \"" + std::string(name) + "\" must be 1-64 letters, digits, '.', '-' or '_'";
}

}  // namespace pbem
