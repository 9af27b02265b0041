#include "wallenstein/files/ruleset_files.hpp"

#include <algorithm>
#include <string>

#include "pbem/files/english.hpp"
#include "wallenstein/files/kept_rulesets.hpp"
#include "wallenstein/files/ruleset_file_parts.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace fs = std::filesystem;

namespace {

/// The 1st edition's module (rules 12); the 2nd edition is the base game.
constexpr const char* kFirstEditionModule = "edition1";

/// The directory holds a ruleset this program can read, or InputError.
void check_ruleset_dir(const fs::path& dir, int version) {
  if (!fs::is_directory(dir))
    throw InputError(dir.string(), "data directory not found; pass --data DIR");
  if (!fs::exists(dir / "rules.yaml")) {
    // A common slip: --data naming the folder above the ruleset (data/ for data/wallenstein/).
    std::string hint = "a ruleset directory holds rules.yaml, provinces.yaml, events.yaml...";
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      if (fs::exists(it->path() / "rules.yaml")) {
        hint = "did you mean --data " + it->path().string() + "?";
        break;
      }
    }
    throw InputError(dir.string(), "is no ruleset directory: it has no rules.yaml; " + hint);
  }
  if (!known_rules_version(version)) {
    throw InputError(dir.string(), "rules version " + std::to_string(version) +
                                       " is unknown to this program, which plays " +
                                       std::to_string(kFirstRulesVersion) + " to " +
                                       std::to_string(kCurrentRulesVersion));
  }
}

/// The Landsknechte pile fits the board and the year: a player can reach the regions it asks
/// for, and no season of a year finds the pile used up.
void check_landsknechte(const fs::path& dir, const Ruleset& rules, const std::string& laid) {
  const Module* owner = rules.phase_owner(kLandsknechtePhase);
  const fs::path file =
      dir / "modules" / (owner ? owner->id : "landsknechte") / "landsknechte.yaml";
  const LandsknechtRules& pile = rules.landsknechte;
  if (pile.cards.empty()) {
    throw InputError(file.string(),
                     "is missing: a game playing the landsknechte phase needs its pile" + laid);
  }
  if (pile.min_regions > static_cast<int>(rules.regions.size())) {
    throw InputError(file.string(), "min_regions " + std::to_string(pile.min_regions) +
                                        " is more than the board's " +
                                        std::to_string(rules.regions.size()) + " regions" + laid);
  }
  if (pile.cards.size() < rules.seasons.size()) {
    throw InputError(file.string(), "the pile has " + std::to_string(pile.cards.size()) +
                                        " cards below the blank but a year has " +
                                        std::to_string(rules.seasons.size()) + " seasons" + laid);
  }
}

/// The checks across files, once every layer is laid.
void check_across_files(const fs::path& dir, const std::vector<std::string>& modules,
                        const Ruleset& rules) {
  const std::string laid =
      modules.empty() ? std::string() : " (with the modules " + join_names(modules, " and ") + ")";
  for (const auto& [count, setup] : rules.standard_setups) {
    if (!rules.starting_thaler.count(count)) {
      throw InputError((dir / "rules.yaml").string(),
                       "starting_thaler has no entry for " + std::to_string(count) +
                           " players, which setups.yaml offers" + laid);
    }
  }
  if (rules.min_source_armies > rules.pieces.cubes_per_player) {
    throw InputError((dir / "rules.yaml").string(),
                     "battle: min_source_armies " + std::to_string(rules.min_source_armies) +
                         " is more than a player's " +
                         std::to_string(rules.pieces.cubes_per_player) + " cubes" + laid);
  }
  if (rules.face_up_slots > rules.action_count()) {
    throw InputError((dir / "rules.yaml").string(),
                     "face_up_slots " + std::to_string(rules.face_up_slots) +
                         " is more than the board's " + std::to_string(rules.action_count()) +
                         " action spaces" + laid);
  }
  if (rules.plays(kLandsknechtePhase)) check_landsknechte(dir, rules, laid);
  const std::size_t events_needed =
      static_cast<std::size_t>(rules.events_per_year) * rules.years.size();
  if (rules.events.size() < events_needed) {
    throw InputError((dir / "events.yaml").string(),
                     "there are " + std::to_string(rules.events.size()) +
                         " event cards but the years need " + std::to_string(events_needed) + laid);
  }
}

Ruleset load_layers(const fs::path& dir, int version, const std::vector<std::string>& modules) {
  Ruleset rules;
  rules.version = version;
  const std::vector<Diagnostic> refusals = loading::load_modules(dir, modules, rules);
  std::vector<const Module*> laid;  // the modules the game names that exist, in its order
  for (const std::string& id : modules) {
    for (const Module& m : rules.modules) {
      if (m.id == id) laid.push_back(&m);
    }
  }
  loading::load_rules(dir, rules, loading::Layer::base);
  for (const Module* module : laid) loading::load_module_rules(dir, *module, rules);
  loading::load_provinces(dir, rules);
  loading::load_setups(dir, rules);
  // The board first, whole: the other tables name its spaces.
  loading::load_actions(dir, rules, loading::Layer::base);
  for (const Module* module : laid) loading::load_module_actions(dir, *module, rules);
  for (const loading::LayerFile& table : loading::kLayerTables)
    table.load(dir, rules, loading::Layer::base);
  for (const Module* module : laid) loading::load_module_tables(dir, *module, rules);
  check_across_files(dir, modules, rules);
  // The game's choice is told only once the data is known to be sound.
  if (!refusals.empty()) throw ModuleRefused(refusals);
  return rules;
}

}  // namespace

Ruleset load_ruleset(const fs::path& dir, int version, const std::vector<std::string>& modules,
                     const std::optional<fs::path>& cache) {
  check_ruleset_dir(dir, version);
  const std::optional<std::string> key =
      cache ? ruleset_key(dir, version, modules) : std::optional<std::string>();
  if (key) {
    if (std::optional<Ruleset> kept = read_kept_ruleset(*cache, *key)) return std::move(*kept);
  }
  Ruleset rules;
  try {
    rules = load_layers(dir, version, modules);
  } catch (const fs::filesystem_error& e) {  // a link loop, a folder that cannot be listed
    throw InputError(e.path1().string(), "cannot read: " + e.code().message());
  }
  // Kept only when the files did not change while they were read: the key names what was read.
  if (key && ruleset_key(dir, version, modules) == key) keep_ruleset(*cache, *key, rules);
  return rules;
}

std::vector<std::string> game_modules(int edition, const std::vector<std::string>& expansions) {
  std::vector<std::string> modules;
  if (edition == 1) modules.emplace_back(kFirstEditionModule);
  modules.insert(modules.end(), expansions.begin(), expansions.end());
  return modules;
}

Ruleset load_edition_ruleset(const fs::path& dir, int version, int edition,
                             const std::vector<std::string>& expansions,
                             const std::optional<fs::path>& cache) {
  Ruleset rules = load_ruleset(dir, version, game_modules(edition, expansions), cache);
  rules.edition = edition;
  std::vector<Diagnostic> refusals;
  for (const std::string& id : expansions) {
    const auto module = std::find_if(rules.modules.begin(), rules.modules.end(),
                                     [&](const Module& m) { return m.id == id; });
    if (module == rules.modules.end() || module->kind != "edition") continue;
    refusals.push_back(Diagnostic{(dir / "modules" / id).string(),
                                  0,
                                  0,
                                  id + " is the " + module->name +
                                      ", not an expansion: choose it with the edition (edition: " +
                                      "1 in game.yaml, new --edition 1)",
                                  Diagnostic::Severity::error,
                                  {}});
  }
  if (!refusals.empty()) throw ModuleRefused(refusals);
  return rules;
}

Ruleset load_game_ruleset(const fs::path& dir, int version, int edition,
                          const std::vector<std::string>& expansions, const fs::path& game_yaml,
                          const std::optional<fs::path>& cache) {
  try {
    return load_edition_ruleset(dir, version, edition, expansions, cache);
  } catch (const ModuleRefused& e) {
    std::vector<Diagnostic> told;
    for (const Diagnostic& d : e.diagnostics())
      told.push_back(Diagnostic{
          game_yaml.string(), 0, 0, "expansions: " + d.message, Diagnostic::Severity::error, {}});
    throw InputError(told);
  }
}

}  // namespace wallenstein
