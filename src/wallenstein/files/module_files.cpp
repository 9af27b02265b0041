// modules/<id>/: the expansions and editions of a ruleset, each a folder whose module.yaml says
// what it adds (season phases, order-file sections) and whose other files are laid over the base
// game's tables when a game plays it. Every module.yaml is read (a phase or section belongs to
// its module even in games without it); the rest of a folder only when a game plays the module.

#include <algorithm>
#include <array>
#include <optional>
#include <tuple>

#include "pbem/files/english.hpp"
#include "pbem/text/text.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/ruleset_file_parts.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::loading {
namespace fs = std::filesystem;
namespace {

constexpr const char* kModuleFile = "module.yaml";

/// Hidden files (.gitkeep, an editor's .events.yaml.swp) are no part of the data.
bool hidden(const fs::path& path) { return path.filename().string().starts_with('.'); }

/// A module's folder that holds a file this program does not read is refused, so that a misspelt
/// table is never silently left out of the game.
void check_module_folder(const fs::path& folder) {
  std::vector<std::string> files{kModuleFile, "rules.yaml", "actions.yaml"};
  for (const LayerFile& f : kLayerTables) files.emplace_back(f.name);
  for (const OwnTable& t : kModuleTables) files.emplace_back(t.name);
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (hidden(entry.path()) || std::find(files.begin(), files.end(), name) != files.end())
      continue;
    const std::vector<std::string_view> candidates(files.begin(), files.end());
    const std::string near = nearest_name(name, candidates);
    throw InputError(entry.path().string(),
                     "this program reads no " + name + " in a module" +
                         (near.empty() ? "" : " (did you mean " + near + "?)") +
                         "; a module holds " + join_names(files, " and "));
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
    if (!is_data_id(*id))
      r.error(item, "\"" + *id + "\" must be lowercase letters, digits or _");
    else if (std::find(ids.begin(), ids.end(), *id) != ids.end())
      r.error(item, *id + " is listed twice");
    else
      ids.push_back(*id);
  }
  return ids;
}

/// The words of a list: what read_ids reads, whose shape it checks and reports; none when the
/// node is no list, so a map or a nested list written there is only said once.
std::vector<YAML::Node> listed_words(const YAML::Node& node) {
  std::vector<YAML::Node> words;
  if (!node.IsSequence()) return words;
  for (const auto& item : node)
    if (item.IsScalar()) words.push_back(item);
  return words;
}

/// A module adds phases and sections of its own: one of the base game's would be lost by every
/// game without the module.
void check_not_base(YamlReader& r, const YAML::Node& root) {
  for (const YAML::Node& item : listed_words(root["phases"])) {
    if (std::find(kBaseGamePhases.begin(), kBaseGamePhases.end(), item.Scalar()) !=
        kBaseGamePhases.end())
      r.error(item, "phase " + item.Scalar() +
                        " is the base game's, which every game plays; a module adds phases of "
                        "its own");
  }
  for (const YAML::Node& item : listed_words(root["order_sections"])) {
    if (std::find(kBaseOrderKeys.begin(), kBaseOrderKeys.end(), item.Scalar()) !=
        kBaseOrderKeys.end())
      r.error(item, "order section " + item.Scalar() +
                        " is the base game's order key; a module adds sections of its own");
  }
}

/// An edition may replace phases of the base game with its own (rules 12: the 1st edition draws
/// the turn order instead of the bids); an expansion only adds.
std::vector<std::string> read_replaced(YamlReader& r, const YAML::Node& root,
                                       const Module& module) {
  std::vector<std::string> replaced = read_ids(r, root, "replaces", "the base game's phases");
  if (module.kind == "expansion") {
    r.error(root["replaces"],
            "an expansion adds to the base game; only an edition replaces its "
            "phases");
  }
  for (const YAML::Node& item : listed_words(root["replaces"])) {
    if (std::find(kBaseGamePhases.begin(), kBaseGamePhases.end(), item.Scalar()) ==
        kBaseGamePhases.end()) {
      r.error(item, item.Scalar() + " is not a phase of the base game, which are " +
                        join_names(std::vector<std::string>(kBaseGamePhases.begin(),
                                                            kBaseGamePhases.end()),
                                   " and "));
    }
  }
  if (!replaced.empty() && module.phases.empty())
    r.error(root["replaces"], "an edition that replaces a phase adds its own in its place");
  return replaced;
}

/// A module can be played once the core plays its phases (kSeasonPhases) and the order-file
/// reader reads its sections (kReadModuleSections); what it lacks is one refusal, at the first
/// item missing.
void check_playable(const YamlFile& file, const Module& module, std::vector<Diagnostic>& refusals) {
  std::vector<std::string> phases;
  std::vector<std::string> sections;
  std::optional<YAML::Mark> first;
  for (const auto& item : file.root()["phases"]) {
    if (std::find(kSeasonPhases.begin(), kSeasonPhases.end(), item.Scalar()) != kSeasonPhases.end())
      continue;
    phases.push_back(item.Scalar());
    if (!first) first = item.Mark();
  }
  for (const auto& item : file.root()["order_sections"]) {
    if (std::find(kReadModuleSections.begin(), kReadModuleSections.end(), item.Scalar()) !=
        kReadModuleSections.end())
      continue;
    sections.push_back(item.Scalar());
    if (!first) first = item.Mark();
  }
  if (!first) return;
  std::string lacks;
  if (!phases.empty())
    lacks = "the phase" + std::string(phases.size() > 1 ? "s " : " ") + join_names(phases, " and ");
  if (!sections.empty()) {
    lacks += std::string(lacks.empty() ? "" : " and ") + "the order section" +
             (sections.size() > 1 ? "s " : " ") + join_names(sections, " and ");
  }
  refusals.push_back(file.at(*first, "the " + module.title() + " (" + module.id +
                                         ") cannot be played by this version of the program, "
                                         "which lacks " +
                                         lacks));
}

Module read_module(const fs::path& folder, bool on, std::vector<Diagnostic>& refusals) {
  const YamlFile file = open_data(folder, kModuleFile);
  YamlReader r(file);
  static constexpr std::array<std::string_view, 5> kKeys = {"name", "kind", "phases", "replaces",
                                                            "order_sections"};
  const YAML::Node& root = root_map(r, kModuleFile, kKeys);
  Module module;
  module.id = folder.filename().string();
  module.on = on;
  module.name = as_text(r, root, "name", "module");
  if (root["name"].IsDefined() && root["name"].IsScalar() && module.name.empty())
    r.error(root["name"], "name must not be empty: it names the module in messages");
  const std::string kind = as_text(r, root, "kind", "module");
  if (kind == "expansion" || kind == "edition")
    module.kind = kind;
  else if (!kind.empty())
    r.error(root["kind"], "kind must be expansion or edition");
  module.phases = read_ids(r, root, "phases", "the season phases it adds, or []");
  module.order_sections =
      read_ids(r, root, "order_sections", "the order-file sections it adds, or []");
  if (root["replaces"].IsDefined()) module.replaces = read_replaced(r, root, module);
  if (r.ok()) check_not_base(r, root);
  r.throw_if_errors();
  if (on) check_playable(file, module, refusals);
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
                           std::string(what) + " " + name + " is claimed by two modules, " +
                               modules[j].id + " and " + modules[i].id +
                               "; each phase or section belongs to one");
        }
      }
    }
  }
}

/// The modules' folders, sorted by id.
std::vector<std::string> module_ids(const fs::path& modules_dir) {
  std::vector<std::string> ids;
  std::error_code ec;
  const fs::file_status status = fs::status(modules_dir, ec);
  if (status.type() == fs::file_type::not_found) return ids;  // a ruleset without modules
  if (ec) throw InputError(modules_dir.string(), "cannot read: " + ec.message());
  if (!fs::is_directory(status))
    throw InputError(modules_dir.string(), "is not a folder; modules/ holds one folder per module");
  for (const auto& entry : fs::directory_iterator(modules_dir)) {
    if (hidden(entry.path())) continue;
    if (!entry.is_directory() || !is_data_id(entry.path().filename().string())) {
      throw InputError(entry.path().string(),
                       "modules/ holds one folder per module, named by its id (1-40 lowercase "
                       "letters, digits or _)");
    }
    ids.push_back(entry.path().filename().string());
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace

std::vector<Diagnostic> load_modules(const fs::path& dir, const std::vector<std::string>& on,
                                     Ruleset& rules) {
  rules.modules.clear();
  const fs::path modules_dir = dir / "modules";
  const std::vector<std::string> ids = module_ids(modules_dir);
  std::vector<Diagnostic> refusals;
  std::vector<Diagnostic> unreadable;
  for (const std::string& id : ids) {
    const bool plays = std::find(on.begin(), on.end(), id) != on.end();
    if (plays) check_module_folder(modules_dir / id);
    rules.modules.push_back(read_module(modules_dir / id, plays, unreadable));
  }
  // An edition is chosen with the edition, not named: the names offered are the expansions'.
  std::vector<std::string> expansions;
  for (const Module& m : rules.modules) {
    if (m.kind != "edition") expansions.push_back(m.id);
  }
  for (const std::string& name : on) {
    if (std::find(ids.begin(), ids.end(), name) != ids.end()) continue;
    const std::vector<std::string_view> candidates(expansions.begin(), expansions.end());
    const std::string near = nearest_name(name, candidates);
    refusals.push_back(Diagnostic{
        modules_dir.string(),
        0,
        0,
        "there is no expansion \"" + name + "\"" +
            (near.empty() ? "" : " (did you mean " + near + "?)") +
            (expansions.empty() ? "; this ruleset has no expansions"
                                : "; the expansions are " + join_names(expansions, " and ")),
        Diagnostic::Severity::error,
        {}});
  }
  refusals.insert(refusals.end(), unreadable.begin(), unreadable.end());
  check_owners(modules_dir, rules.modules);
  return refusals;
}

void load_module_rules(const fs::path& dir, const Module& module, Ruleset& rules) {
  const fs::path folder = dir / "modules" / module.id;
  if (fs::exists(fs::symlink_status(folder / "rules.yaml")))
    load_rules(folder, rules, Layer::module);
}

void load_module_actions(const fs::path& dir, const Module& module, Ruleset& rules) {
  const fs::path folder = dir / "modules" / module.id;
  if (fs::exists(fs::symlink_status(folder / "actions.yaml")))
    load_actions(folder, rules, Layer::module);
}

void load_module_tables(const fs::path& dir, const Module& module, Ruleset& rules) {
  const fs::path folder = dir / "modules" / module.id;
  // symlink_status: a dangling link is read (and refused), never skipped as absent
  for (const LayerFile& file : kLayerTables) {
    if (fs::exists(fs::symlink_status(folder / file.name))) file.load(folder, rules, Layer::module);
  }
  for (const OwnTable& table : kModuleTables) {
    if (!fs::exists(fs::symlink_status(folder / table.name))) continue;
    if (std::find(module.phases.begin(), module.phases.end(), table.phase) == module.phases.end()) {
      const Module* owner = rules.phase_owner(table.phase);
      throw InputError((folder / table.name).string(),
                       "belongs to the module that adds the " + std::string(table.phase) +
                           " phase" + (owner ? " (modules/" + owner->id + ")" : std::string()) +
                           ", not to " + module.id);
    }
    table.load(folder, rules);
  }
}

}  // namespace wallenstein::loading
