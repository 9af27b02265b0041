#include "pbem/host/host_config.hpp"

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

}  // namespace pbem
