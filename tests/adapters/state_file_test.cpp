// Hand-edited state.yaml files: each way of breaking what the engine relies on is refused with
// its position, so `resolve` never crashes, hangs or plays a wrong season.

#include <gtest/gtest.h>

#include <algorithm>

#include "pbem/files/diagnostic.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/bot/bot.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/ruleset_file_parts.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/files/state_yaml.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

const Ruleset& rules() {
  static const Ruleset loaded = load_ruleset(testing::source_data_dir());
  return loaded;
}

GameState fresh() {
  return new_game(NewGame{"test", {"red", "blue", "yellow", "green"}, 987654321}, rules());
}

/// Plays `seasons` seasons with random orders.
std::vector<GameState> play(int seasons) {
  std::vector<GameState> states = {fresh()};
  Rng rng(11);
  for (int s = 0; s < seasons; ++s) {
    const GameState& state = states.back();
    std::vector<Orders> orders;
    for (std::size_t p = 0; p < state.players.size(); ++p) {
      orders.push_back(random_orders(state, rules(), state.player_index(p), rng));
    }
    states.push_back(resolve_season(state, orders, {}, rules()).next);
  }
  return states;
}

/// `text` with the first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

/// The line of `text` that starts with `start`, replaced whole by `line`.
std::string line_replaced(const std::string& text, const std::string& start,
                          const std::string& line) {
  const auto at = text.find("\n" + start);
  EXPECT_NE(at, std::string::npos) << start;
  if (at == std::string::npos) return text;
  const auto end = text.find('\n', at + 1);
  return text.substr(0, at + 1) + line + text.substr(end);
}

/// "line:column" of the first `needle` in `text` after `after` (1-based, as diagnostics count).
std::string position(const std::string& text, const std::string& needle,
                     const std::string& after = "") {
  const auto from = text.find(after);
  const auto at = text.find(needle, from == std::string::npos ? 0 : from + after.size());
  EXPECT_NE(at, std::string::npos) << needle;
  const auto line_start = text.rfind('\n', at) + 1;
  return std::to_string(
             std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1) +
         ":" + std::to_string(at - line_start + 1);
}

/// Each problem read_state reports under `under`, as "line:column: message"; empty when the state
/// is accepted.
std::vector<std::string> problems_under(const std::string& text, const Ruleset& under,
                                        const StateOrigin* origin = nullptr) {
  try {
    read_state(SourceFile{"state.yaml", text}, under, origin);
  } catch (const InputError& e) {
    std::vector<std::string> out;
    for (const auto& d : e.diagnostics())
      out.push_back(std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message);
    return out;
  }
  return {};
}

/// The same under the shipped rules.
std::vector<std::string> state_problems(const std::string& text,
                                        const StateOrigin* origin = nullptr) {
  return problems_under(text, rules(), origin);
}

using Problems = std::vector<std::string>;

TEST(StateFile, EveryStateOfAWholeGameIsAcceptedAndReadsBackAsWritten) {
  for (const GameState& state : play(rules().season_count())) {
    const std::string text = write_state(state, rules());
    EXPECT_EQ(state_problems(text), Problems{}) << text;
    EXPECT_EQ(read_state(SourceFile{"state.yaml", text}, rules()), state);
  }
}

TEST(StateFile, AnEmptyEventsLeftIsRefusedWhileASeasonIsToBePlayed) {
  const std::string text = line_replaced(write_state(fresh(), rules()), "  left:", "  left: []");
  EXPECT_EQ(
      state_problems(text),
      Problems{
          position(text, "[]", "  left: ") +
          ": events.left must hold the 4 events of the year not drawn yet in 1618-spring, not 0"});
}

TEST(StateFile, AnAllZeroRandomStateIsRefusedWithItsPosition) {
  const std::string zero = "\"0000000000000000\"";
  const std::string text =
      line_replaced(write_state(fresh(), rules()),
                    "rng:", "rng: [" + zero + ", " + zero + ", " + zero + ", " + zero + "]");
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "[" + zero) + ": rng is all zeros, a state the generator never "
                                                  "leaves; at least one word must not be 0"});
}

TEST(StateFile, AnEventListedTwiceIsRefused) {
  const std::string text =
      replaced(write_state(fresh(), rules()), "left: [army_shortage, tax_min_6",
               "left: [army_shortage, army_shortage");
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "army_shortage", "left: [army_shortage, ") +
                     ": event \"army_shortage\" is listed twice in events.left"});
}

TEST(StateFile, AnEventInTheDeckAndAmongTheYearsIsRefused) {
  const std::string text =
      replaced(write_state(fresh(), rules()), "deck: [palace_guard_2", "deck: [tax_min_6");
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "tax_min_6", "deck: [") +
                     ": event \"tax_min_6\" is in the deck and among the year's events"});
}

TEST(StateFile, AnEventLeftThatIsNotOneOfTheYearsIsRefused) {
  const std::string text =
      replaced(write_state(fresh(), rules()), "left: [army_shortage", "left: [palace_guard_1");
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "palace_guard_1") +
                     ": event \"palace_guard_1\" in events.left is not one of the year's"});
}

TEST(StateFile, ADeckTooShortForTheYearsToComeIsRefused) {
  const std::string text = line_replaced(write_state(fresh(), rules()),
                                         "  deck:", "  deck: [palace_guard_2, tax_max_5]");
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "[palace_guard_2, tax_max_5]") +
                     ": events.deck must hold at least 4 events for the years to come, not 2"});
}

TEST(StateFile, AnAutumnWithOneEventLeftIsRefusedSinceWinterNeedsTheLastOne) {
  const GameState autumn = play(2).back();
  std::string text = write_state(autumn, rules());
  const auto left = text.find("  left: [");
  text = line_replaced(text, "  left:", text.substr(left, text.find(',', left) - left) + "]");
  ASSERT_NE(text.find("  left: [" + rules().event(autumn.events_left.front()).id + "]\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(
      state_problems(text),
      Problems{
          position(text, "[", "  left: ") +
          ": events.left must hold the 2 events of the year not drawn yet in 1618-autumn, not 1"});
}

TEST(StateFile, ActionCardsMustHoldEachOfTheTenActionsOnce) {
  const std::string base = write_state(fresh(), rules());
  const std::string twice =
      replaced(base, "action_cards: [church, taxes", "action_cards: [church, church");
  EXPECT_EQ(state_problems(twice),
            Problems{position(twice, "church", "action_cards: [church, ") +
                     ": action \"church\" is on two slots; each of the 10 actions is on one"});
  const std::string short_list =
      replaced(base, "action_cards: [church, taxes, ", "action_cards: [");
  EXPECT_EQ(state_problems(short_list), Problems{position(short_list, "[", "\naction_cards: ") +
                                                 ": action_cards must list all 10 slots, not 8"});
}

TEST(StateFile, BonusTilesMustHoldEachTileOnce) {
  const std::string base = write_state(fresh(), rules());
  const std::string twice =
      replaced(base, "bonus_tiles: [thaler, grain", "bonus_tiles: [thaler, thaler");
  EXPECT_EQ(state_problems(twice),
            Problems{position(twice, "thaler", "bonus_tiles: [thaler, ") +
                     ": bonus tile \"thaler\" is on two positions; each tile is on one"});
  const std::string three = replaced(base, "bonus_tiles: [thaler, grain, ", "bonus_tiles: [");
  EXPECT_EQ(state_problems(three),
            Problems{position(three, "[", "\nbonus_tiles: ") +
                     ": every bonus tile must be on a position: 5 expected, not 3"});
}

TEST(StateFile, TurnOrderMustListEveryPlayerOnce) {
  const std::string base = write_state(fresh(), rules());
  const std::string missing =
      replaced(base, "turn_order: [red, blue, yellow, green]", "turn_order: [red, blue, yellow]");
  EXPECT_EQ(state_problems(missing), Problems{position(missing, "[red, blue, yellow]") +
                                              ": turn_order must list each of the 4 players once"});
  const std::string twice = replaced(base, "turn_order: [red, blue", "turn_order: [red, red");
  EXPECT_EQ(state_problems(twice), Problems{position(twice, "red", "turn_order: [red, ") +
                                            ": player \"red\" is listed twice in turn_order"});
}

TEST(StateFile, FinishedMustAgreeWithTheSeasonIndex) {
  const std::string text =
      replaced(write_state(fresh(), rules()), "finished: false", "finished: true");
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "true") +
                     ": finished must be false at season_index 1: the game ends after season 6"});
}

TEST(StateFile, WinnersAreRefusedBeforeTheGameIsOver) {
  const std::string text = replaced(write_state(fresh(), rules()), "winners: []", "winners: [red]");
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "[red]") +
                     ": winners are set only when the game is over (finished: true)"});
}

TEST(StateFile, TwoPlayersAreRefused) {
  const std::string text =
      write_state(new_game(NewGame{"test", {"red", "blue", "yellow"}, 5}, rules()), rules());
  const auto at = text.find("  - {id: yellow");
  const std::string two = text.substr(0, at) + text.substr(text.find('\n', at) + 1);
  const auto found = state_problems(two);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found.front(),
            position(two, "- {id: red") + ": Wallenstein is played by 3 to 5 players, not 2");
}

TEST(StateFile, APlayerIdTwiceIsRefused) {
  const std::string text = replaced(write_state(fresh(), rules()), "{id: blue", "{id: red");
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "red", "{id: red") + ": player id \"red\" is used twice"});
}

TEST(StateFile, UnknownKeysInSupplyAndTowerAreRefusedWithTheNearestKey) {
  const std::string text =
      replaced(replaced(write_state(fresh(), rules()), "revolt_markers:", "revolt_marker:"),
               "  tray:", "  trey:");
  EXPECT_EQ(
      state_problems(text),
      (Problems{position(text, "revolt_marker:") +
                    ": unknown key \"revolt_marker\" in supply; did you mean \"revolt_markers\"?",
                position(text, "{", "supply: ") + ": missing key \"revolt_markers\"",
                position(text, "trey") + ": unknown key \"trey\" in tower; did you mean \"tray\"?",
                position(text, "inside:", "tower:") + ": missing key \"tray\""}));
}

TEST(StateFile, AStateOfAnotherEditionThanTheGamesIsRefused) {
  const std::string text = replaced(write_state(fresh(), rules()), "edition: 2", "edition: 1");
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "1", "edition: ") +
                     ": this state is of edition 1 but game.yaml says edition: 2; a game keeps "
                     "the edition it was started with: put edition: 1 back in game.yaml"});
  const std::string third = replaced(write_state(fresh(), rules()), "edition: 2", "edition: 3");
  EXPECT_EQ(state_problems(third),
            Problems{position(third, "3", "edition: ") +
                     ": edition must be 2 (the 2nd edition) or 1 (the 1st edition), not 3"});
}

TEST(StateFile, AStateMustMatchTheSeasonDirectoryItWasFoundIn) {
  const std::string text = write_state(play(2).back(), rules());
  const StateOrigin here{
      "test", {"red", "blue", "yellow", "green"}, 3, "03-1618-autumn", "1618-autumn"};
  EXPECT_EQ(state_problems(text, &here), Problems{});
  const std::string moved = replaced(replaced(text, "season_index: 3", "season_index: 2"),
                                     "\"1618-autumn\"", "\"1618-summer\"");
  EXPECT_EQ(
      state_problems(moved, &here),
      Problems{position(moved, "2", "season_index: ") +
               ": season_index 2 does not match the season directory 03-1618-autumn; expected 3"});
  const StateOrigin misnamed{
      "test", {"red", "blue", "yellow", "green"}, 3, "03-1619-spring", "1619-spring"};
  EXPECT_EQ(state_problems(text, &misnamed),
            Problems{position(text, "3", "season_index: ") +
                     ": the season directory 03-1619-spring is not named after season 1618-autumn; "
                     "expected 03-1618-autumn"});
}

TEST(StateFile, AStateMustBelongToTheGameAndItsPlayers) {
  const std::string text = write_state(fresh(), rules());
  const StateOrigin other{
      "other", {"red", "blue", "green", "yellow"}, 1, "01-1618-spring", "1618-spring"};
  EXPECT_EQ(state_problems(text, &other),
            (Problems{position(text, "test", "game: ") +
                          ": game \"test\" does not match game.yaml's name \"other\"",
                      position(text, "yellow", "{id: ") +
                          ": player yellow is not seat 3 of game.yaml; expected green",
                      position(text, "green", "{id: ") +
                          ": player green is not seat 4 of game.yaml; expected yellow"}));
}

/// The shipped rules with the Landsknechte phase played (the expansion's pile as in its data).
Ruleset with_landsknechte() {
  Ruleset r = rules();
  r.season_phases.insert(std::find(r.season_phases.begin(), r.season_phases.end(), "actions"),
                         "landsknechte");
  LandsknechtCard card;
  card.amount = {2, 1, 0, 0};
  r.landsknechte = LandsknechtRules{4, {card, card, card}, LandsknechtBonus::thaler};
  return r;
}

TEST(StateFile, AGameWithTheLandsknechteKeepsEachPlayersTurnedCardsAndOthersHaveNoSuchKey) {
  const Ruleset landsknechte = with_landsknechte();
  // With three players each seat of the standard setup lies in 4 regions.
  const GameState spring =
      new_game(NewGame{"test", {"red", "blue", "yellow"}, 987654321}, landsknechte);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < spring.players.size(); ++p)
    orders.push_back(pass_orders(spring.player_index(p), spring, landsknechte));
  const GameState state = resolve_season(spring, orders, {}, landsknechte).next;
  ASSERT_EQ(state.players[1].landsknechte, 1);
  const std::string text = write_state(state, landsknechte);
  EXPECT_NE(
      text.find("reserve: " + std::to_string(state.players[1].reserve) + ", landsknechte: 1}"),
      std::string::npos)
      << text;
  EXPECT_EQ(read_state(SourceFile{"state.yaml", text}, landsknechte), state);

  GameState early = spring;
  early.players[1].landsknechte = 1;
  const std::string too_early = write_state(early, landsknechte);
  try {
    read_state(SourceFile{"state.yaml", too_early}, landsknechte);
    FAIL() << "a spring state with a card turned was read";
  } catch (const InputError& e) {
    EXPECT_EQ(
        e.diagnostics().front().format().substr(0, e.diagnostics().front().format().find('\n')),
        "state.yaml:" + position(too_early, "1}", "id: blue") +
            ": error: landsknechte: 1 cards turned before 1618-spring, but one is turned a "
            "season at most: at most 0");
  }

  const std::string base = write_state(fresh(), rules());
  EXPECT_EQ(base.find("landsknechte"), std::string::npos) << base;
  // Read with the base game's rules: said once, with the way back, not once for each player.
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "- {id: red") +
                     ": this state has landsknechte counters, but game.yaml's expansions: does "
                     "not name landsknechte; a game keeps the expansions it was started with: put "
                     "landsknechte back in expansions: in game.yaml"});
}

/// A leaders game after its first season: leaders placed and moved, statues left behind.
struct LeadersSeason {
  Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  GameState state;
  LeadersSeason() {
    const GameState spring = new_game(NewGame{"test", {"red", "blue", "yellow"}, 5}, rules);
    std::vector<Orders> orders;
    for (std::size_t p = 0; p < spring.players.size(); ++p)
      orders.push_back(bot_orders(spring, rules, spring.player_index(p)));
    state = resolve_season(spring, orders, {}, rules).next;
  }
};

TEST(StateFile, AMilitaryLeadersGameKeepsLeadersStatuesAndTrophiesAndOthersHaveNoSuchKeys) {
  const LeadersSeason season;
  const GameState& state = season.state;
  ASSERT_TRUE(state.players[0].leader.has_value());
  ASSERT_LT(state.players[0].statues, 6) << "the bot leaves a statue when it moves next door";
  const std::string text = write_state(state, season.rules);
  EXPECT_NE(text.find("leader: " + season.rules.province(*state.players[0].leader).id +
                      ", statues: " + std::to_string(state.players[0].statues) + ", trophies: 0}"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("statues: {red: 1}"), std::string::npos) << text;
  EXPECT_EQ(read_state(SourceFile{"state.yaml", text}, season.rules), state);

  const Problems refused = state_problems(text);  // read with the base game's rules
  EXPECT_EQ(refused.front(), position(text, "- {id: red") +
                                 ": this state has leader counters, but game.yaml's expansions: "
                                 "does not name leaders; a game keeps the expansions it was "
                                 "started with: put leaders back in expansions: in game.yaml");
  std::string base = write_state(fresh(), rules());
  const auto province_end = base.find("revolts: 0}");
  ASSERT_NE(province_end, std::string::npos) << base;
  base.replace(province_end, 11, "revolts: 0, statues: {red: 1}}");
  const std::string refused_statues = state_problems(base).front();
  EXPECT_EQ(refused_statues.substr(0, refused_statues.find(" in province")),
            position(base, "statues") + ": unknown key \"statues\"");
  EXPECT_NE(refused_statues.find("; expected owner, armies, buildings or revolts"),
            std::string::npos)
      << refused_statues;
}

TEST(StateFile, APlayerWithMoreStatuesThanTheyOwnIsRefusedAtTheirStatues) {
  const LeadersSeason season;
  GameState state = season.state;
  ASSERT_EQ(state.players[0].statues, 5) << "red left one statue";
  state.players[0].statues = 6;  // and the others lose one each to keep the total
  state.players[1].statues -= 1;
  const std::string text = write_state(state, season.rules);
  try {
    read_state(SourceFile{"state.yaml", text}, season.rules);
    FAIL() << "red with 7 statues was read";
  } catch (const InputError& e) {
    const std::string first = e.diagnostics().front().format();
    EXPECT_EQ(first.substr(0, first.find('\n')),
              "state.yaml:" + position(text, "6, trophies", "id: red") +
                  ": error: red has 6 statues beside the board and 1 standing on it: 7, more "
                  "than the 6 a player has");
  }
}

TEST(StateFile, ALeaderInAProvinceItsPlayerDoesNotHoldIsRefusedAtItsPosition) {
  const LeadersSeason season;
  GameState state = season.state;
  const ProvinceId elsewhere = *state.players[1].leader;  // blue's leader stands there
  state.players[0].leader = elsewhere;
  const std::string text = write_state(state, season.rules);
  const std::string id = season.rules.province(elsewhere).id;
  try {
    read_state(SourceFile{"state.yaml", text}, season.rules);
    FAIL() << "red's leader in blue's province was read";
  } catch (const InputError& e) {
    const std::string first = e.diagnostics().front().format();
    EXPECT_EQ(first.substr(0, first.find('\n')),
              "state.yaml:" + position(text, id + ", statues", "id: red") +
                  ": error: the leader "
                  "of red stands in " +
                  id +
                  ", which blue holds; a leader stands in a province of "
                  "its player, or is null");
  }
}

TEST(StateFile, EveryStateOfAFirstEditionGameHasNoBonusTilesAndReadsBackAsWritten_Rules12) {
  const Ruleset first =
      load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1, {});
  std::vector<GameState> states = {
      new_game(NewGame{"test", {"red", "blue", "yellow"}, 987654321}, first)};
  Rng rng(11);
  while (!states.back().finished) {
    const GameState& state = states.back();
    std::vector<Orders> orders;
    for (std::size_t p = 0; p < state.players.size(); ++p)
      orders.push_back(random_orders(state, first, state.player_index(p), rng));
    states.push_back(resolve_season(state, orders, {}, first).next);
  }
  EXPECT_EQ(states.front().edition, 1);
  EXPECT_EQ(states.front().players[0].thaler, 18);
  for (const GameState& state : states) {
    const std::string text = write_state(state, first);
    EXPECT_NE(text.find("bonus_tiles: []"), std::string::npos) << text;
    EXPECT_EQ(read_state(SourceFile{"state.yaml", text}, first), state);
  }
  const std::string with_tiles =
      replaced(write_state(states.front(), first), "bonus_tiles: []", "bonus_tiles: [attack]");
  try {
    read_state(SourceFile{"state.yaml", with_tiles}, first);
    FAIL() << "a 1st edition state with a bonus tile was read";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostics().front().message,
              "this game has no bonus tiles (the 1st edition): bonus_tiles: []");
  }
}

/// A 4-player game whose draft is being planned (rules 2.2), and the state after it.
std::pair<GameState, GameState> drafted() {
  GameState draft =
      new_game(NewGame{"test", {"red", "blue", "yellow", "green"}, 987654321, true}, rules());
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < draft.players.size(); ++p)
    orders.push_back(bot_orders(draft, rules(), draft.player_index(p)));
  GameState after = resolve_season(draft, orders, {}, rules()).next;
  return {std::move(draft), std::move(after)};
}

TEST(StateFile, TheDraftsStateAndTheOneAfterItReadBackAsWritten_Rules2) {
  const auto [draft, after] = drafted();
  for (const GameState& state : {draft, after}) {
    const std::string text = write_state(state, rules());
    EXPECT_EQ(state_problems(text), Problems{}) << text;
    EXPECT_EQ(read_state(SourceFile{"state.yaml", text}, rules()), state);
  }
  EXPECT_NE(write_state(draft, rules()).find("\ndraft:\n  face_up: ["), std::string::npos);
  EXPECT_EQ(write_state(after, rules()).find("\ndraft:"), std::string::npos);
}

TEST(StateFile, ADraftCardDealtTwiceOrMissingIsRefused_Rules2) {
  const GameState draft = drafted().first;
  const std::string text = write_state(draft, rules());
  const std::string top = rules().province(draft.draft->pile.front()).id;
  const std::string second = rules().province(draft.draft->pile[1]).id;
  const std::string twice =
      replaced(text, "pile: [" + top + ", " + second, "pile: [" + top + ", " + top);
  EXPECT_EQ(
      state_problems(twice),
      (Problems{position(twice, top, "pile: [" + top) + ": " + top + " is dealt twice in the draft",
                position(twice, "face_up:", "\ndraft:") + ": province " + second +
                    " is missing from the draft's cards"}));
}

TEST(StateFile, ADraftAfterTheDraftIsRefused_Rules2) {
  const auto [draft, after] = drafted();
  const std::string text = write_state(after, rules()) + "draft: {face_up: [], pile: []}\n";
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "{face_up: [], pile") +
                     ": draft is written only before the draft is played (season_index 0)"});
}

TEST(StateFile, AnExpansionEditedIntoOrOutOfGameYamlIsNamedOnceWithTheWayBack) {
  const std::string base = write_state(fresh(), rules());
  const Ruleset leaders =
      load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  EXPECT_EQ(problems_under(base, leaders),
            Problems{position(base, "- {id: red") +
                     ": this state has no leader counters, but game.yaml's expansions: names "
                     "leaders; a game keeps the expansions it was started with: take leaders out "
                     "of expansions: in game.yaml"});
  const GameState with = new_game(NewGame{"test", {"red", "blue", "yellow"}, 5}, leaders);
  const std::string text = write_state(with, leaders);
  EXPECT_EQ(state_problems(text),
            Problems{position(text, "- {id: red") +
                     ": this state has leader counters, but game.yaml's expansions: does not name "
                     "leaders; a game keeps the expansions it was started with: put leaders back "
                     "in expansions: in game.yaml"});
}

/// The shipped rules with the Imperial Court laid in by hand (the order reader does not take its
/// sections yet, so load_ruleset still refuses the module).
Ruleset with_court() {
  Ruleset r = rules();
  loading::load_court(testing::source_data_dir() / "modules/court", r);
  const auto actions = std::find(r.season_phases.begin(), r.season_phases.end(), "actions");
  r.season_phases.insert(actions,
                         {std::string(kCourtConversionPhase), std::string(kCourtFavorsPhase)});
  return r;
}

TEST(StateFile, ACourtGamesStateKeepsOfficersCardsAndTheDisplay_Rules13) {
  const Ruleset court = with_court();
  const GameState state = new_game(NewGame{"test", {"red", "blue", "yellow"}, 987654321}, court);
  ASSERT_EQ(state.court.display.size(), 3u);
  EXPECT_GT(state.court.display[0], state.court.display[1]) << "the highest on the costliest";
  const std::string text = write_state(state, court);
  EXPECT_NE(text.find("\ncourt:\n  officers:\n    red: {beside: "), std::string::npos) << text;
  EXPECT_EQ(read_state(SourceFile{"state.yaml", text}, court), state);
  EXPECT_EQ(write_state(fresh(), rules()).find("court:"), std::string::npos);
  const std::string lost = replaced(text, "display: [", "display: [0, ");
  EXPECT_EQ(problems_under(lost, court),
            Problems{position(lost, "[0, ", "display: ") +
                     ": display holds one card number (0: empty) for each of the 3 spaces"});
}

}  // namespace
}  // namespace wallenstein
