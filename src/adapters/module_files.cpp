// modules/<id>/: the expansions and editions of a ruleset, each a folder whose module.yaml says
// what it adds (season phases, order-file sections) and whose other files are laid over the base
// game's tables when a game plays it.

#include <algorithm>
#include <array>
#include <tuple>

#include "adapters/ruleset_file_parts.hpp"
#include "core/text.hpp"
#include "pbem/english.hpp"

namespace wallenstein::loading {
namespace fs = std::filesystem;
namespace {

/// The files a module may hold, read in this order (rules.yaml first: pieces bound the others).
struct LayerFile {
  std::string_view name;
  void (*load)(const fs::path& dir, Ruleset& rules);
};

constexpr std::array<LayerFile, 6> kLayerFiles = {{
    {"rules.yaml",
     [](const fs::path& dir, Ruleset& rules) { load_rules(dir, rules, Layer::module); }},
    {"events.yaml", load_events},
    {"bonus_tiles.yaml", load_tiles},
    {"actions.yaml",
     [](const fs::path& dir, Ruleset& rules) { load_actions(dir, rules, Layer::module); }},
    {"supply_table.yaml", load_supply_table},
    {"tower.yaml", load_tower},
}};

constexpr const char* kModuleFile = "module.yaml";

/// A folder of modules/ that holds a file this program does not read is refused, so that a
/// misspelt table is not silently left out of the game.
void check_module_folder(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    const bool known =
        name == kModuleFile || std::any_of(kLayerFiles.begin(), kLayerFiles.end(),
                                           [&](const LayerFile& f) { return f.name == name; });
    if (known) continue;
    std::vector<std::string> files{std::string(kModuleFile)};
    for (const LayerFile& f : kLayerFiles) files.emplace_back(f.name);
    throw InputError(entry.path().string(),
                     "a module holds " + join_names(files, " and ") +
                         " (each laid over the base game's); this program reads no " + name);
  }
}

std::vector<std::string> read_ids(YamlReader& r, const YAML::Node& map, std::string_view key,
                                  std::string_view hint) {
  std::vector<std::string> ids;
  auto list = r.require(map, key, hint);
  if (!list || !r.expect_sequence(*list, key)) return ids;
  for (const auto& item : *list) {
    auto id = r.text(item, key);
    if (!id) continue;
    if (!valid_id(*id))
      r.error(item, "\"" + *id + "\" must be lowercase letters, digits or _");
    else if (std::find(ids.begin(), ids.end(), *id) != ids.end())
      r.error(item, *id + " is listed twice");
    else
      ids.push_back(*id);
  }
  return ids;
}

/// A module's phases are played by the core (kSeasonPhases) or the module cannot be played yet.
void check_playable(YamlReader& r, const YAML::Node& root, const Module& module) {
  const YAML::Node phases = root["phases"];
  for (const auto& item : phases) {
    const std::string phase = item.Scalar();
    if (std::find(kSeasonPhases.begin(), kSeasonPhases.end(), phase) != kSeasonPhases.end())
      continue;
    r.error(item, "phase " + phase + " of the " + module.name + " " + module.kind +
                      " is not played by this version of the program, so no game can play " +
                      module.id + " yet");
  }
}

Module read_module(const fs::path& folder, bool on) {
  const YamlFile file = open_data(folder, kModuleFile);
  YamlReader r(file);
  const YAML::Node& root = file.root();
  if (!r.expect_map(root, "module.yaml")) r.throw_if_errors();
  static constexpr std::array<std::string_view, 4> kKeys = {"name", "kind", "phases",
                                                            "order_sections"};
  r.check_keys(root, kKeys, "module.yaml");
  Module module;
  module.id = folder.filename().string();
  module.on = on;
  module.name = as_text(r, root, "name", "module");
  const std::string kind = as_text(r, root, "kind", "module");
  if (kind == "expansion" || kind == "edition")
    module.kind = kind;
  else if (!kind.empty())
    r.error(root["kind"], "kind must be expansion or edition");
  module.phases = read_ids(r, root, "phases", "the season phases it adds, or []");
  module.order_sections =
      read_ids(r, root, "order_sections", "the order-file sections it adds, or []");
  if (on && r.ok()) check_playable(r, root, module);
  r.throw_if_errors();
  return module;
}

/// No two modules add the same phase or order section: each has one owner.
void check_owners(const fs::path& dir, const std::vector<Module>& modules) {
  for (std::size_t i = 0; i < modules.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      for (const auto& [mine, theirs, what] :
           {std::tuple{&modules[i].phases, &modules[j].phases, "phase"},
            std::tuple{&modules[i].order_sections, &modules[j].order_sections, "order section"}}) {
        for (const std::string& name : *mine) {
          if (std::find(theirs->begin(), theirs->end(), name) == theirs->end()) continue;
          throw InputError((dir / modules[i].id / kModuleFile).string(),
                           std::string(what) + " " + name + " is " + modules[j].id +
                               "'s already; a phase or section belongs to one module");
        }
      }
    }
  }
}

}  // namespace

void load_modules(const fs::path& dir, const std::vector<std::string>& on, Ruleset& rules) {
  rules.modules.clear();
  const fs::path modules_dir = dir / "modules";
  std::vector<std::string> ids;  // the folders' names, sorted
  if (fs::is_directory(modules_dir)) {
    for (const auto& entry : fs::directory_iterator(modules_dir)) {
      if (!entry.is_directory() || !valid_id(entry.path().filename().string())) {
        throw InputError(entry.path().string(),
                         "modules/ holds one folder per module, named by its id (lowercase "
                         "letters, digits or _)");
      }
      ids.push_back(entry.path().filename().string());
    }
    std::sort(ids.begin(), ids.end());
  }
  for (const std::string& name : on) {
    if (std::find(ids.begin(), ids.end(), name) != ids.end()) continue;
    const std::vector<std::string_view> candidates(ids.begin(), ids.end());
    const std::string near = nearest_name(name, candidates);
    throw InputError(modules_dir.string(),
                     "there is no module \"" + name + "\"" +
                         (near.empty() ? "" : " (did you mean " + near + "?)") +
                         (ids.empty() ? "; this ruleset has no modules"
                                      : "; the modules are " + join_names(ids, " and ")));
  }
  for (const std::string& id : ids) {
    check_module_folder(modules_dir / id);
    rules.modules.push_back(
        read_module(modules_dir / id, std::find(on.begin(), on.end(), id) != on.end()));
  }
  check_owners(modules_dir, rules.modules);
}

void load_module_layer(const fs::path& dir, const Module& module, Ruleset& rules) {
  const fs::path folder = dir / "modules" / module.id;
  for (const LayerFile& file : kLayerFiles) {
    if (fs::exists(folder / file.name)) file.load(folder, rules);
  }
}

}  // namespace wallenstein::loading
