// log.yaml read back: every log the engine writes reads back as exactly what happened, and a
// tampered log is refused with its position.

#include "wallenstein/files/log_reader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/files/ruleset_file_parts.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/files/state_yaml.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;

const Ruleset& rules() {
  static const Ruleset r = load_ruleset(testing::source_data_dir());
  return r;
}

const Ruleset& with_landsknechte() {
  static const Ruleset r =
      load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"landsknechte"});
  return r;
}

/// Plays `games` random games and reads every log back; returns how many logs were read.
int expect_logs_of_random_games_read_back(const Ruleset& rules, int games) {
  int logs = 0;
  for (int g = 0; g < games && !::testing::Test::HasFailure(); ++g) {
    const int players = 3 + g % 3;
    NewGame spec{"logs", {}, static_cast<std::uint64_t>(g) + 1000};
    for (int p = 0; p < players; ++p) spec.player_ids.push_back("p" + std::to_string(p));
    GameState state = new_game(spec, rules);
    Rng order_rng(static_cast<std::uint64_t>(g) * 31 + 7);
    for (int season = 1; season <= rules.season_count(); ++season) {
      std::vector<Orders> orders;
      orders.reserve(static_cast<std::size_t>(players));
      for (int p = 0; p < players; ++p) {
        orders.push_back(random_orders(state, rules,
                                       state.player_index(static_cast<std::size_t>(p)), order_rng));
      }
      std::vector<PlayerIndex> nmr;
      if (g % 7 == 0) nmr.push_back(state.player_index(0));
      const SeasonResult result = resolve_season(state, orders, nmr, rules);
      EXPECT_EQ(invariant_violations(result.next, rules), std::vector<std::string>{})
          << "game " << g << " season " << season;
      const LogHeader header{"pass", kCurrentRulesVersion, "9.9.9"};
      const std::string text = write_log(result.log, state, rules, header);
      const StoredLog read = read_log(SourceFile{"log.yaml", text}, state, rules);
      EXPECT_EQ(read.log, result.log) << "game " << g << " season " << season;
      EXPECT_EQ(read.header, header);
      EXPECT_EQ(write_log(read.log, state, rules, read.header), text)
          << "game " << g << " season " << season;
      ++logs;
      state = result.next;
    }
  }
  return logs;
}

TEST(LogFile, EveryLogOfRandomGamesReadsBackAsExactlyWhatHappened) {
  EXPECT_EQ(expect_logs_of_random_games_read_back(rules(), 100), 100 * rules().season_count());
}

TEST(LogFile, EveryLogOfRandomGamesWithTheLandsknechteReadsBackWithItsTurns) {
  EXPECT_EQ(expect_logs_of_random_games_read_back(with_landsknechte(), 30),
            30 * with_landsknechte().season_count());
}

TEST(LogFile, EveryLogOfRandomCourtGamesReadsBackWithItsConversionsAndFavours_Rules13) {
  Ruleset court = rules();
  loading::load_court(testing::source_data_dir() / "modules/court", court);
  const auto actions = std::find(court.season_phases.begin(), court.season_phases.end(), "actions");
  court.season_phases.insert(actions,
                             {std::string(kCourtConversionPhase), std::string(kCourtFavorsPhase)});
  EXPECT_EQ(expect_logs_of_random_games_read_back(court, 20), 20 * court.season_count());
}

TEST(LogFile, EveryLogOfRandomFirstEditionGamesReadsBackWithoutBidsAndWithTheCubesHeldBack) {
  const Ruleset first =
      load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1, {});
  EXPECT_EQ(expect_logs_of_random_games_read_back(first, 30), 30 * first.season_count());
}

/// The log of an autumn (bids, steps, battles and the winter after it) of a random 4-player game,
/// and the state it was resolved from.
std::pair<std::string, GameState> an_autumn_log() {
  NewGame spec{"logs", {"red", "blue", "green", "yellow"}, 77};
  GameState state = new_game(spec, rules());
  Rng order_rng(5);
  for (;;) {
    std::vector<Orders> orders;
    for (std::size_t p = 0; p < state.players.size(); ++p)
      orders.push_back(random_orders(state, rules(), state.player_index(p), order_rng));
    SeasonResult result = resolve_season(state, orders, {}, rules());
    if (result.log.winter) {
      return {write_log(result.log, state, rules(), LogHeader{"pass", kCurrentRulesVersion, "9"}),
              state};
    }
    state = std::move(result.next);
  }
}

TEST(LogFile, ARowWrittenAsPlainTextIsRefusedAtItsLineInEverySection) {
  // A hand-edited log whose row is a word, not a map: an error at the row, never a crash.
  const auto [text, before] = an_autumn_log();
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  int rows = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::size_t dash = lines[i].find("- {");
    if (dash == std::string::npos || lines[i].find_first_not_of(' ') != dash) continue;
    ASSERT_EQ(lines[i].back(), '}') << "a row on one line: " << lines[i];
    ++rows;
    std::string tampered;
    for (std::size_t j = 0; j < lines.size(); ++j)
      tampered += (j == i ? lines[j].substr(0, dash + 2) + "just some words" : lines[j]) + "\n";
    try {
      read_log(SourceFile{"log.yaml", tampered}, before, rules());
      ADD_FAILURE() << "read with line " << i + 1 << " as plain text: " << lines[i];
    } catch (const InputError& e) {
      const auto& said = e.diagnostics();
      EXPECT_TRUE(std::any_of(said.begin(), said.end(),
                              [&](const Diagnostic& d) { return d.line == int(i) + 1; }))
          << "line " << i + 1 << ": " << lines[i] << "\nfirst: " << said.front().format();
    }
  }
  EXPECT_GT(rows, 20) << text;
  for (const char* section : {"bids:", "supply:", "majorities:", "scores:"})
    EXPECT_NE(text.find(section), std::string::npos) << section << " is tried too";
}

TEST(LogFile, BidsInAFirstEditionLogAreRefused_Rules12) {
  const Ruleset first =
      load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1, {});
  const GameState state = new_game(NewGame{"logs", {"red", "blue", "yellow"}, 3}, first);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < state.players.size(); ++p)
    orders.push_back(pass_orders(state.player_index(p), state, first));
  const SeasonResult result = resolve_season(state, orders, {}, first);
  const std::string text = write_log(result.log, state, first, LogHeader{"pass", 2, "9.9.9"});
  ASSERT_EQ(text.find("bids:"), std::string::npos) << text;
  const std::string with_bids = text + "bids: []\n";
  try {
    read_log(SourceFile{"log.yaml", with_bids}, state, first);
    FAIL() << "a 1st edition log with bids was read";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().message,
              "bids: this game has no bids and no bonus tiles (the 1st edition draws the turn "
              "order)");
  }
}

TEST(LogFile, WhatAFailedCourtConversionWasShortOfIsOneOfFourAndOnlyOnAFailedOne_Rules13) {
  const Ruleset court = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"court"});
  GameState state = new_game(NewGame{"logs", {"red", "blue", "yellow"}, 3}, court);
  state.court.officers_beside = {2, 7, 7};
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < state.players.size(); ++p)
    orders.push_back(pass_orders(state.player_index(p), state, court));
  orders[0].court.conversions = {{ConversionSource::tower, {}}};
  const SeasonResult result = resolve_season(state, orders, {}, court);
  const std::string text =
      write_log(result.log, state, court, LogHeader{"pass", kCurrentRulesVersion, "9.9.9"});
  const std::string failed = "done: false, short: officers}";
  ASSERT_NE(text.find(failed), std::string::npos) << text;
  const auto refused = [&](const std::string& from, const std::string& to) {
    std::string tampered = text;
    tampered.replace(tampered.find(from), from.size(), to);
    try {
      read_log(SourceFile{"log.yaml", tampered}, state, court);
      ADD_FAILURE() << "read: " << to;
      return std::string();
    } catch (const InputError& e) {
      return e.diagnostics().front().message;
    }
  };
  EXPECT_EQ(refused(failed, "done: false, short: cubes}"), "unknown short \"cubes\"");
  EXPECT_EQ(refused(failed, "done: true, short: officers}"),
            "a conversion that was done has nothing short");
}

/// The fixture's first season: a log written by the program at 2a74c34.
struct FixtureSeason {
  GameState before;
  std::string log;
};

FixtureSeason fixture_season() {
  const fs::path season =
      testing::source_path("tests/fixtures/game-2a74c34/seasons/01-1618-spring");
  return {read_state(read_source(season / "state.yaml", kMaxStateBytes), rules()),
          testing::read_text(season / "log.yaml")};
}

TEST(LogFile, ALogOfAnOlderProgramReadsAsRulesVersionOne) {
  const FixtureSeason f = fixture_season();
  const StoredLog read = read_log(SourceFile{"log.yaml", f.log}, f.before, rules());
  EXPECT_EQ(read.rules_version(), 1);
  EXPECT_EQ(read.header.program_version, "");
  EXPECT_EQ(write_log(read.log, f.before, rules(), read.header), f.log);
}

TEST(LogFile, AMilitaryLeadersGamesLogReadsBackAsWrittenAndABaseGameRefusesIt) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  const Ruleset base = load_ruleset(testing::source_data_dir());
  std::map<std::string, int> seen;  // how often each leader key was written
  for (int g = 0; g < 60; ++g) {
    GameState state =
        new_game(NewGame{"logs", {"a", "b", "c"}, static_cast<std::uint64_t>(g)}, rules);
    Rng order_rng(static_cast<std::uint64_t>(g));
    for (int season = 1; season <= rules.season_count(); ++season) {
      std::vector<Orders> orders;
      for (std::size_t p = 0; p < state.players.size(); ++p)
        orders.push_back(random_orders(state, rules, state.player_index(p), order_rng));
      const SeasonResult result = resolve_season(state, orders, {}, rules);
      const std::string text = write_log(result.log, state, rules, LogHeader{});
      EXPECT_EQ(read_log(SourceFile{"log.yaml", text}, state, rules).log, result.log) << text;
      EXPECT_THROW(read_log(SourceFile{"log.yaml", text}, state, base), InputError)
          << "a base game's log has no leaders";
      for (const char* key : {"leader_bonus:", "placed:", "winter: true", "statue: true",
                              "trophies:", "taken_off:", "fallback: true", "asked:", "statues:"}) {
        for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + 1))
          ++seen[key];
      }
      state = result.next;
    }
  }
  for (const char* key : {"leader_bonus:", "placed:", "winter: true", "statue: true",
                          "trophies:", "taken_off:", "fallback: true", "asked:", "statues:"})
    EXPECT_GT(seen[key], 0) << key << " was never written in 60 random games";
}

/// The log `text` of the season that starts at `before`, with its first `from` replaced by `to`,
/// is refused with `message`.
void expect_refused(const std::string& text, const GameState& before, const Ruleset& rules,
                    const std::string& from, const std::string& to, const std::string& message) {
  std::string changed = text;
  const auto at = changed.find(from);
  ASSERT_NE(at, std::string::npos) << from << " is not in\n" << text;
  changed.replace(at, from.size(), to);
  try {
    read_log(SourceFile{"log.yaml", changed}, before, rules);
    ADD_FAILURE() << "accepted: " << to;
  } catch (const InputError& e) {
    EXPECT_NE(e.diagnostics().front().format().find(message), std::string::npos)
        << e.diagnostics().front().format();
  }
}

/// The base game's board with three more spaces: a second church, a second taxes and "place 2".
Ruleset with_added_spaces() {
  Ruleset more = rules();
  const auto add = [&](const std::string& like, const std::string& id) {
    ActionDef def = more.action(*more.find_action(like));
    def.id = id;
    def.name = id;
    def.action = Action::at(more.actions.size());
    more.actions.push_back(def);
  };
  add("church", "chapel");
  add("taxes", "taxes2");
  add("armies3", "armies2");
  more.actions.back().armies = 2;
  return more;
}

TEST(LogFile, EveryLogOnABoardWithAddedSpacesReadsBackWithTheSpacePlayed) {
  const Ruleset more = with_added_spaces();
  EXPECT_EQ(expect_logs_of_random_games_read_back(more, 20), 20 * more.season_count());
}

TEST(LogFile, ABuildOrACollectionLoggedOnASpaceThatCannotDoItIsRefused) {
  const Ruleset more = with_added_spaces();
  // Spring of a game where everyone builds a church on the chapel and collects on taxes2.
  GameState state = new_game(NewGame{"logs", {"a", "b", "c"}, 3}, more);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < state.players.size(); ++p) {
    Orders o = pass_orders(state.player_index(p), state, more);
    const auto mine = [&](std::size_t n) {
      std::vector<ProvinceId> held;
      for (std::size_t i = 0; i < state.provinces.size(); ++i) {
        if (state.provinces[i].owner == state.player_index(p)) held.push_back(ProvinceId::at(i));
      }
      return held.at(n);
    };
    o.actions[index_of(*more.find_action("chapel"))] = ActionOrder{mine(0), {}, {}, 1, true};
    o.actions[index_of(*more.find_action("taxes2"))] = ActionOrder{mine(1), {}, {}, 1, true};
    orders.push_back(o);
  }
  const std::string text =
      write_log(resolve_season(state, orders, {}, more).log, state, more, LogHeader{});
  ASSERT_NE(text.find("what: built, action: chapel, player: a"), std::string::npos) << text;
  ASSERT_NE(text.find("what: collected, action: taxes2, player: a"), std::string::npos) << text;
  const auto refused = [&](const std::string& from, const std::string& to,
                           const std::string& message) {
    expect_refused(text, state, more, from, to, message);
  };
  refused("what: built, action: chapel", "what: built, action: palace",
          "action palace does not build a church");
  refused("what: collected, action: taxes2", "what: collected, action: armies2",
          "action armies2 collects nothing");
  refused("what: collected, action: taxes2", "what: collected, action: taxes3",
          "unknown action \"taxes3\"");
}

TEST(LogFile, ImpossibleLeaderStepsAreRefusedWithTheirPosition) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  const GameState state = new_game(NewGame{"logs", {"a", "b", "c"}, 3}, rules);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < state.players.size(); ++p)
    orders.push_back(pass_orders(state.player_index(p), state, rules));
  const std::string text =
      write_log(resolve_season(state, orders, {}, rules).log, state, rules, LogHeader{});
  const auto refused = [&](const std::string& from, const std::string& to,
                           const std::string& message) {
    expect_refused(text, state, rules, from, to, message);
  };
  refused("{player: a, placed:", "{player: a, from: x, placed:",
          "from is not written for this leader's step");
  refused("{player: a, placed:", "{player: a, trophies: [], placed:",
          "trophies lists one player per statue");
  refused("{player: a, placed:", "{player: a, trophies: [a], placed:",
          "a player's own statue is no trophy");
  refused("{player: a, placed:", "{player: a, placd:", "unknown key \"placd\"");
  refused("leaders:\n", "leaders:\n  - {player: a, from: koeln, to: koeln, statue: true}\n",
          "statue is not written for this leader's step");
  refused("leaders:\n", "leaders:\n  - {player: a, taken_off: koeln, trophies: [b]}\n",
          "trophies is not written for this leader's step");
}

TEST(LogFile, StatuesAreScoredInTheLastWinterOnly) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  GameState state = new_game(NewGame{"logs", {"a", "b", "c"}, 3}, rules);
  for (int season = 1; season <= 2; ++season) {  // to 1618's autumn, whose winter is not the last
    std::vector<Orders> orders;
    for (std::size_t p = 0; p < state.players.size(); ++p)
      orders.push_back(pass_orders(state.player_index(p), state, rules));
    state = resolve_season(state, orders, {}, rules).next;
  }
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < state.players.size(); ++p)
    orders.push_back(pass_orders(state.player_index(p), state, rules));
  std::string text =
      write_log(resolve_season(state, orders, {}, rules).log, state, rules, LogHeader{});
  const auto at = text.find("majorities: ", text.find("scores:"));
  ASSERT_NE(at, std::string::npos) << text;
  text.insert(at, "statues: 1, ");
  try {
    read_log(SourceFile{"log.yaml", text}, state, rules);
    FAIL() << "statues scored in the first winter";
  } catch (const InputError& e) {
    EXPECT_NE(e.diagnostics().front().format().find("statues are scored in the last winter only"),
              std::string::npos)
        << e.diagnostics().front().format();
  }
}

TEST(LogFile, ALandsknechteTurnInALogOfABaseGameIsRefused) {
  const FixtureSeason f = fixture_season();
  std::string text = f.log;
  text.replace(text.find("action_cards:"), 13,
               "landsknechte: [{player: red, regions: 4}]\naction_cards:");
  try {
    read_log(SourceFile{"log.yaml", text}, f.before, rules());
    FAIL() << "accepted a Landsknechte turn in a base game";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().message,
              "this game does not play the Landsknechte; a log of it has no landsknechte");
    EXPECT_GT(e.diagnostics().front().line, 0);
  }
}

TEST(LogFile, ALandsknechteTurnTheRulesCannotGiveIsRefusedWithItsPosition) {
  const Ruleset& rules = with_landsknechte();
  const GameState state = new_game(NewGame{"logs", {"red", "blue", "yellow"}, 5}, rules);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(state.player_index(p), state, rules));
  const SeasonResult result = resolve_season(state, orders, {}, rules);
  const std::string text = write_log(result.log, state, rules, LogHeader{});
  const std::string first = "card: 1, bonus: thaler, amount: 2}";
  ASSERT_NE(text.find(first), std::string::npos) << text;
  for (const auto& [tampered, message] :
       {std::pair{"card: 7, bonus: thaler, amount: 2}", "card must be between 1 and 3, not 7"},
        std::pair{"card: 1, bonus: vp, amount: 2}", "card 1 does not offer vp"},
        std::pair{"card: 1, bonus: thaler, amount: 40}",
                  "amount must be between 0 and 2, not 40"}}) {
    std::string bad = text;
    bad.replace(bad.find(first), std::string(first).size(), tampered);
    try {
      read_log(SourceFile{"log.yaml", bad}, state, rules);
      ADD_FAILURE() << "accepted " << tampered;
    } catch (const InputError& e) {
      EXPECT_GT(e.diagnostics().front().line, 0);
      EXPECT_EQ(e.diagnostics().front().message, message);
    }
  }
}

class TamperedLog
    : public ::testing::TestWithParam<std::tuple<std::string, std::string, std::string>> {};

TEST_P(TamperedLog, IsRefusedWithItsPosition) {
  const auto& [from, to, message] = GetParam();
  const FixtureSeason f = fixture_season();
  std::string text = f.log;
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  try {
    read_log(SourceFile{"log.yaml", text}, f.before, rules());
    FAIL() << "accepted a log with " << to;
  } catch (const InputError& e) {
    EXPECT_GT(e.diagnostics().front().line, 0);
    EXPECT_NE(e.diagnostics().front().message.find(message), std::string::npos)
        << e.diagnostics().front().message;
  }
}

INSTANTIATE_TEST_SUITE_P(
    LogFile, TamperedLog,
    ::testing::Values(
        std::make_tuple("nmr_policy: pass", "nmr_policy: pass\nnmr_polcy: bot", "nmr_polcy"),
        std::make_tuple("season_index: 1", "season_index: 2", "season_index does not match"),
        std::make_tuple("what: placed", "what: plcaed", "unknown step \"plcaed\""),
        std::make_tuple("event: army_shortage", "event: army_shortag", "unknown event"),
        std::make_tuple("bid_ranking: [", "bid_ranking: [mallory, ",
                        "unknown player \"mallory\"")));

}  // namespace
}  // namespace wallenstein
