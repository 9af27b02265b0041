// suggest and odds: the bot's orders and the battle odds for a player planning a season.

#include <cstdio>
#include <ostream>

#include "app/command.hpp"
#include "app/season_context.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/english.hpp"
#include "pbem/files/printable.hpp"
#include "wallenstein/bot/battle_odds.hpp"
#include "wallenstein/bot/bot.hpp"
#include "wallenstein/files/bot_order_file.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::app {
namespace {

/// The state of the season being planned, refusing a finished game.
GameState planning_state(const OpenedSeason& opened) {
  GameState state = opened.game.load_state(opened.season, opened.rules);
  if (state.finished)
    throw InputError(opened.season.path.string(), "the game is over; there is no season to plan");
  return state;
}

PlayerIndex player_named(const GameState& state, const std::string& id) {
  if (const auto p = state.find_player(id)) return *p;
  std::vector<std::string> ids;
  for (const auto& p : state.players) ids.push_back(p.id);
  throw UsageError("--player: unknown player \"" + printable(id) + "\"; the players are " +
                   join_names(ids, " and "));
}

}  // namespace

Exit run_suggest(const Invocation& in) {
  const OpenedSeason opened = open_season(in, DefaultSeason::current, LockMode::shared);
  const GameState state = planning_state(opened);
  const PlayerIndex player = player_named(state, in.get<std::string>("player"));
  const BotPlan plan = plan_orders(see(state, opened.rules, player), opened.rules);
  BotFileOptions options;
  options.header = "Orders suggested by the bot for " + state.player(player).id + ", " +
                   opened.season.name +
                   ": a starting point.\nEdit them, then `wallenstein check` and send them. The "
                   "same game always "
                   "gives the same suggestion.";
  // Interfaces 5: the suggestion is ready to mail, so it carries the player's token (if the game
  // has them).
  for (const PlayerInfo& p : opened.game.config().players) {
    if (p.id == state.player(player).id && !p.token.empty()) options.token = p.token;
  }
  in.out << bot_order_file(plan, state, opened.rules, options);
  return Exit::ok;
}

namespace {

ProvinceId province_named(const Ruleset& rules, const std::string& name, const char* option) {
  if (const auto id = rules.find_province(name)) return *id;
  std::string message = std::string(option) + ": unknown province \"" + printable(name) + "\"";
  const auto near = rules.nearest_province_names(name);
  if (!near.empty()) message += "; did you mean " + join_names(near) + "?";
  throw UsageError(message);
}

std::string percent(double p) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * p);
  return buf;
}

std::string odds_line(const BattleOdds& odds) {
  return "win " + percent(odds.win) + ", tie " + percent(odds.tie) + ", lose " +
         percent(odds.lose) + " (" + odds_ratio(odds.win) + " odds to win)";
}

std::string who(const GameState& state, const ProvinceState& province) {
  return (province.owner ? state.player(*province.owner).id : std::string("neutral")) + ", " +
         std::to_string(province.armies) + (province.armies == 1 ? " army" : " armies");
}

}  // namespace

Exit run_odds(const Invocation& in) {
  const OpenedSeason opened = open_season(in, DefaultSeason::current, LockMode::shared);
  const Ruleset& rules = opened.rules;
  const GameState state = planning_state(opened);
  const ProvinceId from = province_named(rules, in.get<std::string>("from"), "--from");
  const ProvinceId to = province_named(rules, in.get<std::string>("to"), "--to");
  const ProvinceState& source = state.at(from);
  const ProvinceState& target = state.at(to);
  if (!source.owner)
    throw UsageError("--from: " + rules.province(from).name +
                     " is neutral; only a player's province attacks");
  if (!rules.adjacent(from, to) || !rules.in_play(to, state.player_count())) {
    throw UsageError("--to: " + rules.province(to).name + " is not an adjacent province in play");
  }
  if (target.owner == source.owner)
    throw UsageError("--to: " + rules.province(to).name + " is the attacker's own: that is a move");
  const int most = std::max(0, source.armies - 1);
  const int moving = in.has("armies") ? in.get<int>("armies") : most;
  if (moving < 1) throw UsageError("--armies must be at least 1");
  const PlayerView view = see(state, rules, *source.owner);
  const BattleOdds base =
      battle_odds(battle_question(view, rules, *source.owner, to, moving), rules.tower);
  in.out << rules.province(from).name << " (" << who(state, source) << ") attacks "
         << rules.province(to).name << " (" << who(state, target) << ") with " << moving
         << (moving == 1 ? " army" : " armies") << ":\n  " << odds_line(base) << "\n";
  if (rules.has_bids()) {  // Rules 12: the 1st edition has no bonus tiles
    in.out << "  with the attack tile: "
           << odds_line(battle_odds(
                  battle_question(view, rules, *source.owner, to, moving, {1, 0, -1}), rules.tower))
           << "\n";
  } else if (target.owner && target.armies > 1) {
    in.out << "  that is if every army there defends: the defender may hold some back "
              "(defend_with)\n";
  }
  if (target.owner && rules.has_bids()) {
    in.out << "  with the defense tile: "
           << odds_line(battle_odds(
                  battle_question(view, rules, *source.owner, to, moving, {0, 1, -1}), rules.tower))
           << "\n";
  }
  if (moving > most) in.out << "Note: only " << most << " can move now (one army stays).\n";
  in.out << "A tie " << (target.owner ? "devastates the province." : "leaves it neutral.") << "\n"
         << "Exact computation under the tower model of rules 8.4 (p_through "
         << rules.tower.p_through.num << "/" << rules.tower.p_through.den << ", p_release "
         << rules.tower.p_release.num << "/" << rules.tower.p_release.den
         << "), from public\ninformation only: the armies, the tray, and the cubes seen in no "
            "reserve, province or "
            "tray\n(inside the tower). The season's event is not counted.\n";
  return Exit::ok;
}

}  // namespace wallenstein::app
