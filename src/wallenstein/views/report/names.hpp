#pragma once

// Internal to the report model: the game's names and the data of one log step.

#include <string>
#include <vector>

#include "wallenstein/views/report/model.hpp"

namespace wallenstein::report {

/// Turns ids into the names players read, and cube counts and lists into template data.
class Names {
 public:
  explicit Names(const SeasonView& view) : view_(view), rules_(*view.rules), before_(*view.start) {}

  std::string player(PlayerIndex p) const { return view_.config->players[p.value].name; }
  std::string province(ProvinceId p) const { return rules_.province(p).name; }

  /// A player as reports name them: {name, id, colour}; `id` is the seat's id as order files
  /// carry it ("red"), `colour` the same in the reader's words (colour()).
  Data player_ref(PlayerIndex p) const;
  /// A player's colour as cubes are counted by it: the player's id ("red"), in the words of the
  /// language's `colours` where it has the id ("rouge").
  std::string colour(const std::string& id) const;
  /// The same for more than one cube ("rouges"; colour_plural()).
  std::string colours(const std::string& id) const;
  /// Cubes by colour, each {n, colour, colours (the plural), one, peasant, last}; false when
  /// there are none.
  Data cubes(const CubeCounts& counts) const;
  /// A list of {name, last}.
  Data names(const std::vector<std::string>& values) const;
  /// Sets `key` to the number and `key_one` to whether the language takes the singular for it (1,
  /// and 0 where the language says so: French), so templates can say "1 army", "0 armée".
  void count(Data& d, const std::string& key, int n) const;

  const Ruleset& rules() const { return rules_; }
  const GameState& before() const { return before_; }

 private:
  const SeasonView& view_;
  const Ruleset& rules_;
  const GameState& before_;
};

/// One step of the log as template data: an object with one key naming its kind
/// (collected, built, placed, moved, marker, cancelled, battle, revolt).
Data step_data(const LogEntry& entry, const Names& names);

/// Sets `key` to the number and `key_one` to whether it is 1, so templates can say "1 army".
void set_count(Data& d, const std::string& key, int n);

/// A bid as {coin, value, province_card, province, none}.
Data bid_data(const Bid& bid, const Names& names);
/// The bid ranking of a season with the tile each player took and the place it gave (rules 4.5):
/// {rows: [{rank, name, id, bid, by_lot, tile, position, last}], by_lot}.
Data bid_ranking(const SeasonLog& log, const Names& names);
/// What a season changed for one player: provinces won and lost, cancelled actions, thaler,
/// grain and VP, turn-order position and standing.
Data personal_summary(const SeasonView& view, const Names& names, PlayerIndex me);
/// Rules 13.3: the statues standing in a province, [{name, count, count_one, last}], or false.
Data statues_here(const GameState& s, ProvinceId where, const Names& names);
/// Rules 13.3: the leaders placed this season (before the actions), then those moved, kept in
/// place and taken off during the season, and those taken off in winter, as they happened:
/// {placed_any, placed: [...], any, steps: [{name, province, placed, moved, stayed, taken_off,
/// from, statue, trophies_any, trophy_count, trophies: [{name, count}], fallback, asked}],
/// winter_any, winter: [...]}.
Data leader_steps_data(const std::vector<LeaderStep>& steps, const Names& names);
/// Rules 13.3: where a player's leader stands and their statues: {on_board, province, statues,
/// statues_left, trophies} (each number with its `_one`).
Data leader_standing(const GameState& s, PlayerIndex p, const Names& names);
/// Rules 13.3: the leader_standing of a player planning a season, with whether the leader is
/// placed now, where it goes without `place`, what it changes and where it may move.
Data leader_plan(const GameState& s, PlayerIndex p, const Names& names);

/// Rules 13.1: a favour card as the `_favour` partial words it: {number, cost, amount (each with
/// `_one`), the effect's key set and the others unset, palace/church/trading_house for a build,
/// battle_a, battle_b and both for a shield}.
Data favour_card_data(const Ruleset& rules, int number, int cost);
/// Rules 13.1: a season's court: {conversions_any, conversions: [{name, cubes, tower, province,
/// done}], favours_any, favours: [{name, officers, took, card, province, kept}], event_cancelled}.
Data court_steps_data(const SeasonLog& log, const Names& names);
/// Rules 13.1: the court as the table sees it: {display: [cards] or false, players: [{name,
/// hall, beside, kept}], deck}.
Data court_table_data(const GameState& s, const Names& names);
/// Rules 13.1: a player's court when planning: {hall, beside, tray, tower_cards, kept, spaces:
/// [{key, cubes}], display}.
Data court_plan(const GameState& s, PlayerIndex p, const Names& names);

/// The ruleset's tie-breaks in order (rules 10), each with one flag of its key set (thaler,
/// palaces, churches, trading_houses), `before_last` and `last`: the `_tie_breaks` partials'.
Data tie_breaks_data(const Ruleset& rules);

/// Every player's final place (rules 10), with how ties on VP were broken.
Data final_ranking(const GameState& after, const Names& names);

}  // namespace wallenstein::report
