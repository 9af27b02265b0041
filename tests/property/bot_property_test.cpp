// The bot on the real map: legal, deterministic orders in every season of many games, planned
// from public information only.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "support/base_spaces.hpp"
#include "support/problem_texts.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/bot/bot.hpp"
#include "wallenstein/bot/forecast.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/bot/simulation.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {
namespace {

int bot_game_count() {
  const char* env = std::getenv("WALLENSTEIN_PROPERTY_GAMES");
  return env ? std::max(1, std::atoi(env) / 50) : 200;
}

/// Half the seats bots, half random players, so the bot meets boards of every kind.
std::vector<Orders> mixed_orders(const GameState& state, const Ruleset& rules, Rng& rng, int g) {
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < state.players.size(); ++p) {
    const PlayerIndex player = state.player_index(p);
    orders.push_back((p + static_cast<std::size_t>(g)) % 2 == 0
                         ? bot_orders(state, rules, player)
                         : random_orders(state, rules, player, rng));
  }
  return orders;
}

/// With `draft` the games start with the draft (rules 2.2), whose orders are checked too.
void expect_bot_orders_legal_in_every_season(const Ruleset& rules, int games, bool draft = false) {
  for (int g = 0; g < games && !::testing::Test::HasFailure(); ++g) {
    const int players = 3 + g % 3;
    NewGame spec{"prop", {}, static_cast<std::uint64_t>(7000 + g), draft};
    for (int p = 0; p < players; ++p) spec.player_ids.push_back("p" + std::to_string(p));
    GameState state = new_game(spec, rules);
    Rng rng(static_cast<std::uint64_t>(g));
    while (!state.finished) {
      for (std::size_t p = 0; p < state.players.size(); ++p) {
        const BotPlan plan = plan_orders(see(state, rules, state.player_index(p)), rules);
        const OrderCheck check = check_orders(to_written(plan.orders, state, rules), state, rules);
        ASSERT_TRUE(check.ok()) << "game " << g << " season " << state.season_index << " player "
                                << p << ": "
                                << testing::problem_texts().render(check.errors.front(), rules);
        // Nothing the bot writes is something check warns of (a statue that no move next door
        // can leave, a leader order it cannot follow, a wish certain to come to nothing...).
        for (const Problem& w : check.warnings)
          ADD_FAILURE() << "game " << g << " season " << state.season_index << " player " << p
                        << ": " << testing::problem_texts().render(w, rules);
        // The bot plans by the cash flow the receipts forecast: by it, nothing the bot wants is
        // cancelled for want of thaler. Only a spare card it must lay on a space (rules 4.3)
        // may be.
        for (const ForecastWarning& w : forecast(check.orders, state, rules)) {
          const auto* s = std::get_if<ShortOfThaler>(&w);
          if (!s) continue;
          std::vector<PlannedCost> short_of = s->cancelled;
          short_of.insert(short_of.end(), s->at_risk.begin(), s->at_risk.end());
          for (const PlannedCost& c : short_of) {
            const auto& why = plan.reasons[index_of(c.action)];
            ASSERT_TRUE(why && why->why == BotWhy::filler)
                << "game " << g << " season " << state.season_index << " player " << p << ": "
                << rules.action(c.action).id << " would be cancelled for want of thaler; costs "
                << s->costs << " bid " << s->bid << " thaler " << s->thaler << " income "
                << s->income_counted << " cards " << [&] {
                     std::string out;
                     for (Action a : state.action_cards) out += rules.action(a).id + " ";
                     for (Action a : rules.action_spaces())
                       if (plan.orders[a]) out += "| " + rules.action(a).id;
                     return out;
                   }();
          }
        }
      }
      state = resolve_season(state, mixed_orders(state, rules, rng, g), {}, rules).next;
      ASSERT_TRUE(invariant_violations(state, rules).empty());
    }
  }
}

TEST(BotProperties, OrdersPassCheckInEverySeasonOfManyGames) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  expect_bot_orders_legal_in_every_season(rules, bot_game_count());
}

TEST(BotProperties, OrdersPassCheckWithTheLandsknechte) {
  const Ruleset rules =
      load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"landsknechte"});
  expect_bot_orders_legal_in_every_season(rules, std::max(1, bot_game_count() / 10));
}

TEST(BotProperties, OrdersPassCheckWithTheMilitaryLeaders) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  expect_bot_orders_legal_in_every_season(rules, std::max(1, bot_game_count() / 10));
}

TEST(BotProperties, OrdersPassCheckWithTheImperialCourt) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"court"});
  expect_bot_orders_legal_in_every_season(rules, std::max(1, bot_game_count() / 5));
}

TEST(BotProperties, OrdersPassCheckWithEveryExpansionInGamesStartedWithTheDraft) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion,
                                     {"court", "landsknechte", "leaders"});
  expect_bot_orders_legal_in_every_season(rules, std::max(1, bot_game_count() / 10), true);
}

TEST(BotProperties, OrdersPassCheckInTheFirstEdition) {
  const Ruleset rules =
      load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1, {});
  expect_bot_orders_legal_in_every_season(rules, std::max(1, bot_game_count() / 10));
}

TEST(BotProperties, DraftAndOrdersPassCheckInGamesStartedWithTheDraft) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  expect_bot_orders_legal_in_every_season(rules, std::max(1, bot_game_count() / 10), true);
}

/// Rules 2.2, D-42: the bot lists every province in play and so never draws blind; random lists
/// (some empty) draw blind now and then; every group is placed on a province of its own.
TEST(BotProperties, TheDraftPlacesEveryGroupAndTheBotNeverDrawsBlind) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  for (int g = 0; g < 30; ++g) {
    const int players = 3 + g % 3;
    NewGame spec{"prop", {}, static_cast<std::uint64_t>(9000 + g), true};
    for (int p = 0; p < players; ++p) spec.player_ids.push_back("p" + std::to_string(p));
    const GameState draft = new_game(spec, rules);
    Rng rng(static_cast<std::uint64_t>(g));
    const std::vector<Orders> orders = mixed_orders(draft, rules, rng, g);
    const SeasonResult result = resolve_season(draft, orders, {}, rules);
    const std::vector<int>& groups = rules.army_groups.at(players);
    ASSERT_EQ(result.log.draft.size(), groups.size() * static_cast<std::size_t>(players));
    for (const DraftPick& pick : result.log.draft) {
      if ((pick.player.value + static_cast<std::size_t>(g)) % 2 == 0) {
        EXPECT_FALSE(pick.blind) << "game " << g << ": the bot drew blind";
      }
    }
    for (int p = 0; p < players; ++p) {
      std::vector<int> placed;
      for (ProvinceId id : result.next.provinces_of(PlayerIndex::at(static_cast<std::size_t>(p))))
        placed.push_back(result.next.at(id).armies);
      std::sort(placed.begin(), placed.end());
      EXPECT_EQ(placed, groups) << "game " << g << " player " << p;
    }
    EXPECT_EQ(result.next.season_index, 1);
    EXPECT_TRUE(invariant_violations(result.next, rules).empty());
  }
}

TEST(BotProperties, OrdersPassCheckUnderRulesVersionOne) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), 1);
  expect_bot_orders_legal_in_every_season(rules, std::max(1, bot_game_count() / 5));
}

/// Actions cancelled per seat and game among four bots (rules 4.6: unpaid, or the province lost).
double cancelled_per_seat(const Ruleset& rules, std::uint64_t games) {
  const std::vector<SeatKind> seats(4, SeatKind::bot);
  int cancelled = 0;
  int seat_games = 0;
  for (std::uint64_t g = 0; g < games; ++g) {
    for (const SeatOutcome& s :
         play_simulated_game(rules, seats, simulated_game_seed(1, g)).seats) {
      cancelled += s.cancelled;
      ++seat_games;
    }
  }
  return static_cast<double>(cancelled) / seat_games;
}

TEST(BotProperties, FewOfItsPlannedActionsAreCancelledWhateverTheBoardsSpaces) {
  // About 2 a game on the base board. A plan that counted the spaces its orders have room for
  // instead of the board's put every province card on an action and saw about 7.
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  EXPECT_LT(cancelled_per_seat(rules, 40), 3.5);
  Ruleset more = rules;  // a board with a second taxes space and "place 2 armies"
  for (const char* like : {"taxes", "armies3"}) {
    ActionDef def = more.action(*more.find_action(like));
    def.id = std::string(like) + "_again";
    def.action = Action::at(more.actions.size());
    more.actions.push_back(def);
  }
  more.actions.back().armies = 2;
  EXPECT_LT(cancelled_per_seat(more, 40), 3.5);
}

/// A state from the middle of a game, after a few seasons of mixed play.
GameState midgame(const Ruleset& rules, int players, std::uint64_t seed) {
  NewGame spec{"prop", {}, seed};
  for (int p = 0; p < players; ++p) spec.player_ids.push_back("p" + std::to_string(p));
  GameState state = new_game(spec, rules);
  Rng rng(seed);
  for (int s = 0; s < 2; ++s)
    state = resolve_season(state, mixed_orders(state, rules, rng, s), {}, rules).next;
  return state;
}

TEST(BotProperties, SameStateSameOrders) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const GameState state = midgame(rules, 4, seed);
    for (std::size_t p = 0; p < state.players.size(); ++p) {
      const Orders first = bot_orders(state, rules, state.player_index(p));
      const Orders again = bot_orders(GameState(state), rules, state.player_index(p));
      EXPECT_EQ(to_written(first, state, rules).turn_order.size(),
                to_written(again, state, rules).turn_order.size());
      EXPECT_TRUE(first.bid == again.bid);
      for (Action a : space::kAll) {
        ASSERT_EQ(first[a].has_value(), again[a].has_value());
        if (first[a]) {
          EXPECT_EQ(first[a]->province, again[a]->province);
        }
      }
    }
  }
}

/// The same game with everything a player cannot see changed: the face-down slots in another
/// order, another event deck, other cubes inside the tower. The game's RNG words are left alone:
/// they seed the bot's own stream (through a one-way mix), as the rules of `replay` need.
GameState with_other_secrets(GameState state) {
  std::rotate(state.action_cards.begin() + 5, state.action_cards.begin() + 7,
              state.action_cards.end());
  std::reverse(state.event_deck.begin(), state.event_deck.end());
  state.tower.inside.n[0] += 3;
  state.tower.inside.peasants() = 0;
  std::reverse(state.court.deck.begin(), state.court.deck.end());  // the favour deck (rules 13.1)
  return state;
}

TEST(BotProperties, NeverUsesHiddenInformation) {
  const Ruleset base = load_ruleset(testing::source_data_dir());
  const Ruleset court = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"court"});
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Ruleset& rules = seed % 2 == 0 ? court : base;
    const GameState state = midgame(rules, 3 + static_cast<int>(seed % 3), seed);
    const GameState other = with_other_secrets(state);
    ASSERT_NE(state, other);
    for (std::size_t p = 0; p < state.players.size(); ++p) {
      const PlayerIndex player = state.player_index(p);
      EXPECT_EQ(see(state, rules, player), see(other, rules, player));
      const WrittenOrders a = to_written(bot_orders(state, rules, player), state, rules);
      const WrittenOrders b = to_written(bot_orders(other, rules, player), other, rules);
      for (std::size_t i = 0; i < a.actions.size(); ++i)
        EXPECT_EQ(a.actions[i]->province.text, b.actions[i]->province.text);
      EXPECT_EQ(a.bid->text, b.bid->text);
      EXPECT_EQ(a.favours.size(), b.favours.size());
    }
  }
}

TEST(BotProperties, ItsRandomStreamIsSplitBySeasonAndSeatWithoutTouchingTheGames) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  const GameState state = midgame(rules, 5, 3);
  // NOLINTNEXTLINE(performance-unnecessary-copy-initialization): what state must still equal.
  const GameState before = state;
  EXPECT_NE(see(state, rules, PlayerIndex{0}).bot_seed, see(state, rules, PlayerIndex{1}).bot_seed);
  GameState later = state;
  later.season_index += 1;
  EXPECT_NE(see(state, rules, PlayerIndex{0}).bot_seed, see(later, rules, PlayerIndex{0}).bot_seed);
  (void)bot_orders(state, rules, PlayerIndex{0});
  EXPECT_EQ(state, before);
}

}  // namespace
}  // namespace wallenstein
