#include "adapters/ruleset_files.hpp"

#include <algorithm>
#include <string>

#include "adapters/ruleset_file_parts.hpp"
#include "pbem/diagnostic.hpp"

namespace wallenstein {
namespace fs = std::filesystem;

Ruleset load_ruleset(const fs::path& dir, int version, const std::vector<std::string>& modules) {
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
  Ruleset rules;
  rules.version = version;
  loading::load_modules(dir, modules, rules);
  loading::load_rules(dir, rules, loading::Layer::base);
  loading::load_provinces(dir, rules);
  loading::load_setups(dir, rules);
  loading::load_events(dir, rules);
  loading::load_supply_table(dir, rules);
  loading::load_tower(dir, rules);
  loading::load_tiles(dir, rules);
  loading::load_actions(dir, rules, loading::Layer::base);
  for (const std::string& id : modules) {
    const auto module = std::find_if(rules.modules.begin(), rules.modules.end(),
                                     [&](const Module& m) { return m.id == id; });
    loading::load_module_layer(dir, *module, rules);
  }
  for (const auto& [count, setup] : rules.standard_setups) {
    if (!rules.starting_thaler.count(count)) {
      throw InputError((dir / "rules.yaml").string(), "starting_thaler has no entry for " +
                                                          std::to_string(count) +
                                                          " players, which setups.yaml offers");
    }
  }
  const std::size_t events_needed =
      static_cast<std::size_t>(rules.events_per_year) * rules.years.size();
  if (rules.events.size() < events_needed) {
    throw InputError((dir / "events.yaml").string(),
                     "there are " + std::to_string(rules.events.size()) +
                         " event cards but the years need " + std::to_string(events_needed));
  }
  return rules;
}

std::optional<std::string> modules_problem(const fs::path& dir,
                                           const std::vector<std::string>& names) {
  try {
    Ruleset catalogue;
    loading::load_modules(dir, names, catalogue);
  } catch (const InputError& e) {
    return e.diagnostics().front().message;
  }
  return std::nullopt;
}

}  // namespace wallenstein
