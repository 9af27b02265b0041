#include "adapters/season_files.hpp"

#include <algorithm>
#include <sstream>

#include "adapters/diagnostic.hpp"
#include "adapters/files.hpp"
#include "adapters/log_yaml.hpp"
#include "adapters/order_file.hpp"
#include "adapters/state_yaml.hpp"
#include "adapters/yaml_file.hpp"

namespace wallenstein {
namespace fs = std::filesystem;

SeasonInputs load_season_inputs(const GameDirectory& game, const SeasonDir& season, const Ruleset& rules) {
  SeasonInputs inputs{game.load_state(season, rules), {}, {}, {}};
  if (inputs.state.finished) throw InputError(season.path.string(), "the game is over; there is nothing to resolve");
  std::vector<Diagnostic> problems;
  for (std::size_t i = 0; i < inputs.state.players.size(); ++i) {
    const std::string& id = inputs.state.players[i].id;
    const fs::path file = season.orders_file(id);
    if (!fs::exists(file)) {
      inputs.missing.push_back(id);
      inputs.orders.push_back(pass_orders(inputs.state.player_index(i)));  // Replaced by fill_nmr.
      continue;
    }
    CheckedOrderFile checked = check_order_file(file.string(), inputs.state, rules);
    if (!checked.ok() || checked.player_id != id) {
      for (auto& d : checked.diagnostics) {
        if (d.severity == Diagnostic::Severity::error) problems.push_back(d);
      }
      if (checked.ok()) problems.push_back(Diagnostic{file.string(), 0, 0, "these are not the orders of " + id, {}, {}});
      continue;
    }
    inputs.orders.push_back(*checked.orders);
  }
  if (!problems.empty()) throw InputError(std::move(problems));
  return inputs;
}

void fill_nmr(SeasonInputs& inputs, const std::string& policy) {
  if (policy != kNmrPass) throw UsageError("--nmr must be pass (bot comes later)");
  for (const auto& id : inputs.missing) {
    const PlayerIndex p = *inputs.state.find_player(id);
    inputs.orders[p.value] = pass_orders(p);
    inputs.nmr.push_back(p);
  }
}

ResolvedSeason resolve_inputs(const SeasonInputs& inputs, const Ruleset& rules, const std::string& nmr_policy) {
  ResolvedSeason out;
  out.result = resolve_season(inputs.state, inputs.orders, inputs.nmr, rules);
  out.nmr_policy = nmr_policy;
  // A broken invariant is a bug in the engine: refuse to write anything.
  const auto broken = invariant_violations(out.result.next, rules);
  if (!broken.empty()) throw std::logic_error("the resolved state breaks a rule invariant: " + broken.front());
  out.state_text = write_state(out.result.next, rules);
  out.log_text = write_log(out.result.log, inputs.state, rules, nmr_policy);
  return out;
}

namespace {

/// The NMR players and policy recorded in a stored log.yaml, checked against the season's players.
std::pair<std::vector<std::string>, std::string> stored_nmr(const SeasonDir& season, const GameState& state) {
  static constexpr std::string_view kPolicies[] = {kNmrPass};
  const YamlFile file = YamlFile::parse(read_source(season.log_file(), kMaxStateBytes * 4), YamlLimits{64, 2000000});
  YamlReader r(file);
  if (!r.expect_map(file.root(), "log.yaml")) r.throw_if_errors();
  r.check_keys(file.root(), kLogKeys, "log.yaml");
  std::vector<std::string_view> players;
  for (const auto& p : state.players) players.emplace_back(p.id);
  std::vector<std::string> nmr;
  if (auto list = r.require(file.root(), "nmr", "the players who sent no orders"); list && r.expect_sequence(*list, "nmr")) {
    for (const auto& item : *list) {
      const std::string id = r.text(item, "nmr player").value_or("");
      if (std::find(players.begin(), players.end(), id) == players.end()) {
        r.unknown_value(item, "player", players);
      } else if (std::find(nmr.begin(), nmr.end(), id) != nmr.end()) {
        r.error(item, "player \"" + id + "\" is listed twice in nmr");
      }
      nmr.push_back(id);
    }
  }
  std::string policy = kNmrPass;
  if (const YAML::Node p = file.root()["nmr_policy"]; p.IsDefined()) {
    policy = r.text(p, "nmr_policy").value_or(kNmrPass);
    if (std::find(std::begin(kPolicies), std::end(kPolicies), policy) == std::end(kPolicies)) {
      r.unknown_value(p, "nmr_policy", kPolicies);
    }
  }
  r.throw_if_errors();
  return {nmr, policy};
}

}  // namespace

ResolvedSeason reresolve(const GameDirectory& game, const SeasonDir& season, const Ruleset& rules) {
  if (!fs::exists(season.log_file())) {
    throw InputError(season.path.string(), "this season has a next season but no log.yaml; the directory is damaged");
  }
  SeasonInputs inputs = load_season_inputs(game, season, rules);
  const auto [nmr, policy] = stored_nmr(season, inputs.state);
  if (nmr != inputs.missing) {
    throw InputError(season.log_file().string(), "the NMR players in log.yaml do not match the missing order files");
  }
  fill_nmr(inputs, policy);
  return resolve_inputs(inputs, rules, policy);
}

ResolvedSeason load_resolved(const GameDirectory& game, const SeasonDir& season, const Ruleset& rules) {
  ResolvedSeason resolved = reresolve(game, season, rules);
  const auto next = game.next(season);
  const std::string stored_log = read_bytes(season.log_file());
  if (auto diff = first_difference(resolved.log_text, stored_log); !diff.empty()) {
    throw InputError(season.log_file().string(), "differs from a fresh resolution (" + diff + "); run `wallenstein replay`");
  }
  if (next) {
    if (auto diff = first_difference(resolved.state_text, read_bytes(next->state_file())); !diff.empty()) {
      throw InputError(next->state_file().string(), "differs from a fresh resolution (" + diff + "); run `wallenstein replay`");
    }
  }
  return resolved;
}

std::string first_difference(const std::string& expected, const std::string& found) {
  if (expected == found) return {};
  std::istringstream a(expected);
  std::istringstream b(found);
  std::string la;
  std::string lb;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, la));
    const bool more_b = static_cast<bool>(std::getline(b, lb));
    if (!more_a && !more_b) return "they differ in line endings";
    if (!more_a) la = "(end of file)";
    if (!more_b) lb = "(end of file)";
    if (la != lb || !more_a || !more_b) {
      return "line " + std::to_string(line) + ": expected `" + la + "`, found `" + lb + "`";
    }
  }
}

}  // namespace wallenstein
