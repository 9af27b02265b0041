#include "wallenstein/rules/ruleset.hpp"

#include <algorithm>

#include "pbem/text/text.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

std::string_view tie_break_key(TieBreakKey key) {
  switch (key) {
    case TieBreakKey::thaler:
      return "thaler";
    case TieBreakKey::palaces:
      return "palaces";
    case TieBreakKey::churches:
      return "churches";
    case TieBreakKey::trading_houses:
      return "trading_houses";
  }
  return "thaler";
}

std::vector<ProvinceId> Ruleset::provinces_in_play(int player_count) const {
  std::vector<ProvinceId> out;
  for (std::size_t i = 0; i < provinces.size(); ++i) {
    if (in_play(ProvinceId::at(i), player_count)) out.push_back(ProvinceId::at(i));
  }
  return out;
}

std::vector<int> Ruleset::army_groups_of(int player_count) const {
  const auto groups = army_groups.find(player_count);
  if (groups == army_groups.end()) return {};
  return {groups->second.rbegin(), groups->second.rend()};
}

bool Ruleset::adjacent(ProvinceId a, ProvinceId b) const {
  if (neighbour_mask_.size() != provinces.size()) {
    const auto& n = province(a).neighbours;
    return std::find(n.begin(), n.end(), b) != n.end();
  }
  return (neighbour_mask_[a.value] >> b.value) & 1U;
}

namespace {

/// The first of `modules` whose list `member` holds `name`.
const Module* owner_of(const std::vector<Module>& modules, std::vector<std::string> Module::*member,
                       std::string_view name) {
  for (const Module& module : modules) {
    const auto& names = module.*member;
    if (std::find(names.begin(), names.end(), name) != names.end()) return &module;
  }
  return nullptr;
}

}  // namespace

const Module* Ruleset::section_owner(std::string_view key) const {
  return owner_of(modules, &Module::order_sections, key);
}

const Module* Ruleset::phase_owner(std::string_view phase) const {
  return owner_of(modules, &Module::phases, phase);
}

std::vector<Ruleset::NameClash> Ruleset::index_names() {
  name_index_.clear();
  neighbour_mask_.assign(provinces.size(), 0);
  for (std::size_t i = 0; i < provinces.size(); ++i) {
    const ProvinceId id = ProvinceId::at(i);
    const Province& p = provinces[i];
    std::vector<std::string> names{p.id, p.name};
    names.insert(names.end(), p.aliases.begin(), p.aliases.end());
    for (const auto& name : names) {
      for (auto& key : name_keys(name)) name_index_.emplace_back(std::move(key), id);
    }
    for (ProvinceId n : p.neighbours) neighbour_mask_[i] |= std::uint64_t{1} << n.value;
  }
  std::sort(name_index_.begin(), name_index_.end());
  name_index_.erase(std::unique(name_index_.begin(), name_index_.end()), name_index_.end());
  std::vector<NameClash> clashes;
  for (std::size_t i = 1; i < name_index_.size(); ++i) {
    if (name_index_[i].first == name_index_[i - 1].first &&
        (clashes.empty() || clashes.back().name != name_index_[i].first)) {
      clashes.push_back({name_index_[i].first, name_index_[i - 1].second, name_index_[i].second});
    }
  }
  return clashes;
}

std::optional<ProvinceId> Ruleset::find_province(std::string_view name) const {
  for (const auto& key : name_keys(name)) {
    auto it =
        std::lower_bound(name_index_.begin(), name_index_.end(), key,
                         [](const auto& entry, const std::string& k) { return entry.first < k; });
    if (it != name_index_.end() && it->first == key) return it->second;
  }
  return std::nullopt;
}

std::vector<std::string> Ruleset::nearest_province_names(std::string_view name,
                                                         std::size_t limit) const {
  // The folded forms of every name (rank_nearest's one rule for suggestions), each province
  // at its closest form.
  std::vector<std::string_view> keys;
  keys.reserve(name_index_.size());
  for (const auto& entry : name_index_) keys.push_back(entry.first);
  std::vector<int> best(provinces.size(), -1);
  for (const Nearness& near : rank_nearest(name_keys(name).front(), keys)) {
    int& b = best[name_index_[near.index].second.value];
    if (b < 0 || near.distance < b) b = near.distance;
  }
  std::vector<std::pair<int, std::size_t>> ranked;
  for (std::size_t i = 0; i < provinces.size(); ++i) {
    if (best[i] >= 0) ranked.emplace_back(best[i], i);
  }
  std::sort(ranked.begin(), ranked.end(), [this](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first
                              : provinces[a.second].name < provinces[b.second].name;
  });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < ranked.size() && i < limit; ++i)
    out.push_back(provinces[ranked[i].second].name);
  return out;
}

std::optional<TileId> Ruleset::find_tile(std::string_view id) const {
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (tiles[i].id == id) return TileId::at(i);
  }
  return std::nullopt;
}

std::optional<EventId> Ruleset::find_event(std::string_view id) const {
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].id == id) return EventId::at(i);
  }
  return std::nullopt;
}

std::optional<RegionId> Ruleset::find_region(std::string_view id) const {
  for (std::size_t i = 0; i < regions.size(); ++i) {
    if (regions[i].id == id) return RegionId::at(i);
  }
  return std::nullopt;
}

std::optional<Action> Ruleset::find_action(std::string_view id) const {
  for (const ActionDef& def : actions) {
    if (def.id == id) return def.action;
  }
  return std::nullopt;
}

std::optional<Action> Ruleset::collect_space(Resource resource) const {
  const std::vector<Action> spaces = spaces_collecting(resource);
  return spaces.empty() ? std::nullopt : std::optional(spaces.front());
}

std::optional<Action> Ruleset::build_space(Building building) const {
  const std::vector<Action> spaces = spaces_building(building);
  return spaces.empty() ? std::nullopt : std::optional(spaces.front());
}

std::vector<Action> Ruleset::spaces_collecting(Resource resource) const {
  std::vector<Action> out;
  for (const ActionDef& def : actions) {
    if (def.kind == ActionKind::collect && def.collects == resource) out.push_back(def.action);
  }
  return out;
}

std::vector<Action> Ruleset::spaces_building(Building building) const {
  std::vector<Action> out;
  for (const ActionDef& def : actions) {
    if (def.kind == ActionKind::build && def.builds == building) out.push_back(def.action);
  }
  return out;
}

std::vector<std::string_view> Ruleset::action_ids() const {
  std::vector<std::string_view> out;
  for (const ActionDef& def : actions) out.emplace_back(def.id);
  return out;
}

std::vector<std::string_view> Ruleset::action_ids(ActionKind kind) const {
  std::vector<std::string_view> out;
  for (const ActionDef& def : actions) {
    if (def.kind == kind) out.emplace_back(def.id);
  }
  return out;
}

std::vector<Action> Ruleset::spaces_of(ActionKind kind) const {
  std::vector<Action> out;
  for (const ActionDef& def : actions) {
    if (def.kind == kind) out.push_back(def.action);
  }
  return out;
}

const SupplyRow* Ruleset::supply_row(int unsupplied) const {
  if (unsupplied <= 0) return nullptr;
  for (const auto& row : supply_table) {
    if (unsupplied >= row.unsupplied_min &&
        (!row.unsupplied_max || unsupplied <= *row.unsupplied_max))
      return &row;
  }
  return nullptr;
}

}  // namespace wallenstein
