#include "wallenstein/host/season_files.hpp"

#include <algorithm>
#include <sstream>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/yaml_file.hpp"
#include "wallenstein/bot/bot.hpp"
#include "wallenstein/files/bot_order_file.hpp"
#include "wallenstein/files/log_reader.hpp"
#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/state_yaml.hpp"
#include "wallenstein/files/version.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace fs = std::filesystem;

SeasonInputs load_season_inputs(const GameDirectory& game, const SeasonDir& season,
                                const Ruleset& rules, const report::ProblemTexts& texts) {
  SeasonInputs inputs{game.load_state(season, rules), {}, {}, {}, {}, {}};
  if (inputs.state.finished)
    throw InputError(season.path.string(), "the game is over; there is nothing to resolve");
  std::vector<Diagnostic> problems;
  for (std::size_t i = 0; i < inputs.state.players.size(); ++i) {
    const std::string& id = inputs.state.players[i].id;
    const fs::path file = season.orders_file(id);
    if (!fs::exists(file)) {
      inputs.missing.push_back(id);
      inputs.orders.push_back(
          pass_orders(inputs.state.player_index(i), inputs.state, rules));  // Replaced by fill_nmr.
      continue;
    }
    const SourceFile source = read_source(file, kMaxOrderBytes);
    if (made_by_bot(source.text)) inputs.bot_made.push_back(id);
    CheckedOrderFile checked = check_order_source(source, inputs.state, rules, texts);
    if (!checked.ok() || checked.player_id != id) {
      for (auto& d : checked.diagnostics) {
        if (d.severity == Diagnostic::Severity::error) problems.push_back(d);
      }
      if (checked.ok())
        problems.push_back(
            Diagnostic{file.string(), 0, 0, "these are not the orders of " + id, {}, {}});
      continue;
    }
    inputs.orders.push_back(*checked.orders);
  }
  if (!problems.empty()) throw InputError(std::move(problems));
  return inputs;
}

namespace {

/// Rules 11 `bot`: the bot's orders for a missing player, as the order file stored for them.
std::string bot_file(const GameState& state, const Ruleset& rules, PlayerIndex p) {
  BotFileOptions options;
  options.nmr = true;
  options.header = state.player(p).id + " sent no orders for " +
                   season_label(rules, state.season_index).name() +
                   ": the bot wrote these (resolve --nmr bot, rules 11).";
  return bot_order_file(plan_orders(see(state, rules, p), rules), state, rules, options);
}

}  // namespace

void fill_nmr(SeasonInputs& inputs, const std::string& policy, const Ruleset& rules,
              const report::ProblemTexts& texts) {
  if (policy != kNmrPass && policy != kNmrBot) throw UsageError("--nmr must be pass or bot");
  for (const auto& id : inputs.missing) {
    const PlayerIndex p = *inputs.state.find_player(id);
    inputs.nmr.push_back(p);
    if (policy == kNmrPass) {
      inputs.orders[p.value] = pass_orders(p, inputs.state, rules);
      continue;
    }
    std::string text = bot_file(inputs.state, rules, p);
    // Played as read back from the file, so that replay, which reads the file, plays the same.
    const CheckedOrderFile checked =
        check_order_source(SourceFile{"orders/" + id + ".yaml", text}, inputs.state, rules, texts);
    if (!checked.ok() || checked.player_id != id)
      throw std::logic_error("the bot wrote orders that do not check for " + id);
    inputs.orders[p.value] = *checked.orders;
    inputs.bot_files.emplace_back(id, std::move(text));
  }
}

ResolvedSeason resolve_inputs(const SeasonInputs& inputs, const Ruleset& rules,
                              const std::string& nmr_policy) {
  ResolvedSeason out;
  out.result = resolve_season(inputs.state, inputs.orders, inputs.nmr, rules);
  out.header = LogHeader{nmr_policy, rules.version, std::string(program_version())};
  // A broken invariant is a bug in the engine: refuse to write anything.
  const auto broken = invariant_violations(out.result.next, rules);
  if (!broken.empty())
    throw std::logic_error("the resolved state breaks a rule invariant: " + broken.front());
  out.state_text = write_state(out.result.next, rules);
  out.log_text = write_log(out.result.log, inputs.state, rules, out.header);
  return out;
}

namespace {

constexpr std::string_view kPolicies[] = {kNmrPass, kNmrBot};

/// A season's stored log, checked against its state and the files beside it.
StoredLog stored_log(const SeasonDir& season, const GameState& state, const Ruleset& rules) {
  if (!fs::exists(season.log_file())) {
    throw InputError(season.path.string(),
                     "this season has a next season but no log.yaml; the directory is damaged");
  }
  StoredLog stored = read_log(read_source(season.log_file(), kMaxLogBytes), state, rules);
  if (std::find(std::begin(kPolicies), std::end(kPolicies), stored.header.nmr_policy) ==
      std::end(kPolicies)) {
    throw InputError(season.log_file().string(), "nmr_policy \"" + stored.header.nmr_policy +
                                                     "\" is unknown; expected pass or bot");
  }
  return stored;
}

}  // namespace

ResolvedSeason reresolve(const GameDirectory& game, const SeasonDir& season, const Ruleset& rules,
                         const report::ProblemTexts& texts) {
  const GameState start = game.load_state(season, rules);
  const StoredLog stored = stored_log(season, start, rules);
  // The season is played again under the rules it was played with, whatever the game plays now.
  Ruleset played = rules;
  played.version = stored.rules_version();
  SeasonInputs inputs = load_season_inputs(game, season, played, texts);
  std::vector<std::string> nmr;
  for (PlayerIndex p : stored.log.nmr) nmr.push_back(start.player(p).id);
  if (stored.header.nmr_policy == kNmrBot) {
    // The bot's orders were stored beside the others: replay plays them as stored, so a newer
    // bot never changes history.
    for (const auto& id : nmr) {
      if (std::find(inputs.bot_made.begin(), inputs.bot_made.end(), id) == inputs.bot_made.end()) {
        throw InputError(
            season.orders_file(id).string(),
            "log.yaml says the bot played for " + id + ", but this is not the bot's order file");
      }
    }
    if (!inputs.missing.empty()) {
      throw InputError(season.log_file().string(),
                       "orders are missing for players the bot did not play for");
    }
    inputs.nmr = stored.log.nmr;
  } else {
    if (nmr != inputs.missing) {
      throw InputError(season.log_file().string(),
                       "the NMR players in log.yaml do not match the missing order files");
    }
    fill_nmr(inputs, stored.header.nmr_policy, played, texts);
  }
  ResolvedSeason again = resolve_inputs(inputs, played, stored.header.nmr_policy);
  again.header = stored.header;  // compared with what was stored, not with this program's name
  again.log_text = write_log(again.result.log, inputs.state, played, again.header);
  return again;
}

ResolvedSeason load_resolved(const GameDirectory& game, const SeasonDir& season,
                             const Ruleset& rules) {
  const auto next = game.next(season);
  if (!next) throw std::logic_error("load_resolved on a season that was not resolved");
  ResolvedSeason out;
  const GameState start = game.load_state(season, rules);
  StoredLog stored = stored_log(season, start, rules);
  out.result.log = std::move(stored.log);
  out.header = stored.header;
  out.result.next = game.load_state(*next, rules);
  out.log_text = read_bytes(season.log_file());
  out.state_text = read_bytes(next->state_file());
  return out;
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
