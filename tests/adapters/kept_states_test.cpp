// States kept between processes (kept_states.hpp): what reads back is what was kept, every
// field; a hit gives what the parse gives; an edit, another ruleset or another origin is read
// again; a state with a problem is never kept.

#include "wallenstein/files/kept_states.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "support/temp_dir.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/rules_version.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;

std::size_t state_entries(const fs::path& cache) {
  if (!fs::exists(cache / "states")) return 0;
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(cache / "states"), {}));
}

/// Every state of a whole game of four under `rules`, random orders.
std::vector<GameState> whole_kept_game(const Ruleset& rules, std::uint64_t seed) {
  std::vector<GameState> states = {
      new_game(NewGame{"kept", {"red", "blue", "green", "white"}, seed}, rules)};
  Rng rng(seed);
  while (!states.back().finished) {
    const GameState& state = states.back();
    std::vector<Orders> orders;
    for (std::size_t p = 0; p < state.players.size(); ++p)
      orders.push_back(random_orders(state, rules, state.player_index(p), rng));
    states.push_back(resolve_season(state, orders, {}, rules).next);
  }
  return states;
}

TEST(KeptStates, EveryStateOfWholeGamesWithEveryExpansionReadsBackEqual) {
  const fs::path data = testing::source_data_dir();
  std::size_t with_court = 0;
  std::size_t with_leader = 0;
  for (const int edition : {1, 2}) {
    const Ruleset rules = load_edition_ruleset(data, kCurrentRulesVersion, edition,
                                               {"court", "landsknechte", "leaders"});
    for (const GameState& state : whole_kept_game(rules, 7 + static_cast<std::uint64_t>(edition))) {
      EXPECT_EQ(state_from_kept_body(kept_state_body(state)), std::optional<GameState>(state))
          << "edition " << edition << ", season " << state.season_index;
      with_court += state.court.display.empty() ? 0U : 1U;
      with_leader += state.players[0].leader ? 1U : 0U;
    }
  }
  EXPECT_GT(with_court, 0U) << "the games played the court";
  EXPECT_GT(with_leader, 0U) << "and the leaders";
  const Ruleset base = load_ruleset(data);
  const GameState draft = new_game(NewGame{"kept", {"red", "blue", "green"}, 3, true}, base);
  ASSERT_TRUE(draft.draft.has_value());
  EXPECT_EQ(state_from_kept_body(kept_state_body(draft)), std::optional<GameState>(draft));
}

TEST(KeptStates, AStateWhoseEveryFieldDiffersFromItsDefaultReadsBackEqual) {
  GameState s;
  s.game = "g";
  s.edition = 1;
  s.season_index = 3;
  s.finished = true;
  PlayerState p{"red", 1, 2, 3, 4, 5, ProvinceId::at(6), 7, 8};
  s.players = {p};
  ProvinceState province;
  province.owner = PlayerIndex::at(0);
  province.armies = 9;
  province.buildings = {true, false, true};
  province.revolt_markers = 2;
  province.statues = {1, 0, 0, 0, 3};
  s.provinces = {province};
  s.supply = Supply{10, 11, {12, 13, 14}};
  s.tower.inside.n = {1, 2, 3, 4, 5, 6};
  s.tower.tray.n = {6, 5, 4, 3, 2, 1};
  s.year_events = {EventId::at(1)};
  s.events_left = {EventId::at(2)};
  s.event_deck = {EventId::at(3)};
  s.action_cards = {Action::at(4)};
  s.bonus_tiles = {TileId::at(5)};
  s.turn_order = {PlayerIndex::at(0)};
  s.rng = {1, 2, 3, 4};
  s.winners = {PlayerIndex::at(0)};
  s.draft = DraftTable{{ProvinceId::at(1), ProvinceId::at(2)}, {ProvinceId::at(3), std::nullopt}};
  s.court = CourtState{{1}, {2}, {true}, {3, 4}, {5, 0}};
  EXPECT_EQ(state_from_kept_body(kept_state_body(s)), std::optional<GameState>(s));
  EXPECT_EQ(state_from_kept_body(kept_state_body(s) + "x"), std::nullopt) << "one state, whole";
  const std::string body = kept_state_body(s);
  EXPECT_EQ(state_from_kept_body(body.substr(0, body.size() - 1)), std::nullopt) << "cut short";
}

TEST(KeptStates, AHitIsTheParseAndAnEditAnotherRulesetOrAnotherOriginIsReadAgain) {
  testing::TempDir tmp;
  const fs::path cache = tmp / "cache";
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  const std::vector<GameState> states = whole_kept_game(rules, 5);
  const GameState& summer = states[1];
  const SourceFile file{"state.yaml", write_state(summer, rules)};
  const StateOrigin origin{
      "kept", {"red", "blue", "green", "white"}, 2, "02-1618-summer", "1618-summer"};
  EXPECT_EQ(read_state_kept(file, rules, &origin, cache), summer);
  EXPECT_EQ(state_entries(cache), 1U);
  EXPECT_EQ(read_state_kept(file, rules, &origin, cache), summer);
  EXPECT_EQ(state_entries(cache), 1U) << "read back";
  // Another file: the next season's.
  const SourceFile autumn{"state.yaml", write_state(states[2], rules)};
  const StateOrigin autumn_origin{"kept", origin.player_ids, 3, "03-1618-autumn", "1618-autumn"};
  EXPECT_EQ(read_state_kept(autumn, rules, &autumn_origin, cache), states[2]);
  EXPECT_EQ(state_entries(cache), 2U);
  // The summer's file where the autumn's belongs, or with another game's name: refused each time.
  for (int attempt = 0; attempt < 2; ++attempt) {
    EXPECT_THROW((void)read_state_kept(file, rules, &autumn_origin, cache), InputError);
    StateOrigin renamed = origin;
    renamed.game = "other";
    EXPECT_THROW((void)read_state_kept(file, rules, &renamed, cache), InputError);
  }
  EXPECT_EQ(state_entries(cache), 2U) << "a state with a problem is never kept";
  // Another ruleset (a name changed) is another key: the state read with it.
  Ruleset renamed_rules = rules;
  renamed_rules.provinces[0].name = "Altmark/Elbe";
  EXPECT_EQ(read_state_kept(file, renamed_rules, &origin, cache), summer);
  EXPECT_EQ(state_entries(cache), 3U);
  EXPECT_EQ(read_state_kept(file, rules, nullptr, cache), summer) << "no origin: another key";
  EXPECT_EQ(state_entries(cache), 4U);
}

}  // namespace
}  // namespace wallenstein
