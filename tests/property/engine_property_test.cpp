// Invariants over many random legal games on the real map (issue: at least 10,000 games).
// WALLENSTEIN_PROPERTY_GAMES overrides the count (the sanitizer build runs fewer).

#include <gtest/gtest.h>

#include <cstdlib>

#include "adapters/ruleset_loader.hpp"
#include "core/engine.hpp"
#include "core/random_orders.hpp"
#include "core/ruleset.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

int game_count() {
  const char* env = std::getenv("WALLENSTEIN_PROPERTY_GAMES");
  return env ? std::atoi(env) : 10000;
}

/// Thaler a player may gain or lose in a season, read off the log: income, costs and the bid.
std::vector<int> thaler_flow(const SeasonLog& log, std::size_t players) {
  std::vector<int> flow(players, 0);
  for (const BidRecord& b : log.bids) flow[b.player.value] -= b.paid;
  for (const LogEntry& entry : log.entries) {
    if (const auto* c = std::get_if<Collected>(&entry); c && c->resource == Resource::thaler) flow[c->player.value] += c->amount;
    if (const auto* b = std::get_if<Built>(&entry)) flow[b->player.value] -= b->cost;
    if (const auto* p = std::get_if<Placed>(&entry)) flow[p->player.value] -= p->cost;
  }
  return flow;
}

TEST(EngineProperties, RandomLegalGamesKeepEveryInvariantAndEndWithAWinner) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  const int games = game_count();
  int battles = 0;
  int revolts = 0;
  int cancelled = 0;
  for (int g = 0; g < games; ++g) {
    const int players = 3 + g % 3;
    NewGame spec{"prop", {}, static_cast<std::uint64_t>(g)};
    for (int p = 0; p < players; ++p) spec.player_ids.push_back("p" + std::to_string(p));
    GameState state = new_game(spec, rules);
    ASSERT_TRUE(invariant_violations(state, rules).empty());
    Rng order_rng(static_cast<std::uint64_t>(g) * 7919U + 1);
    std::string broken;
    ResolveOptions options;
    options.after_step = [&](const GameState& s) {
      if (broken.empty()) {
        auto v = invariant_violations(s, rules);
        if (!v.empty()) broken = v.front();
      }
    };
    for (int season = 1; season <= rules.season_count(); ++season) {
      std::vector<Orders> orders;
      for (int p = 0; p < players; ++p) {
        orders.push_back(random_orders(state, rules, state.player_index(static_cast<std::size_t>(p)), order_rng));
        // One game in fifty also proves the generated orders pass `check`, as a player's would.
        if (g % 50 == 0) {
          const OrderCheck check = check_orders(to_written(orders.back(), state, rules), state, rules);
          ASSERT_TRUE(check.ok()) << "game " << g << " season " << season << ": " << check.errors.front().message;
        }
      }
      const SeasonResult result = resolve_season(state, orders, {}, rules, options);
      ASSERT_EQ(broken, "") << "game " << g << " season " << season;
      const auto flow = thaler_flow(result.log, state.players.size());
      for (std::size_t p = 0; p < state.players.size(); ++p) {
        ASSERT_EQ(result.next.players[p].thaler, state.players[p].thaler + flow[p])
            << "thaler moved outside the rules: game " << g << " season " << season;
      }
      for (const auto& e : result.log.entries) {
        battles += std::holds_alternative<Battle>(e) ? 1 : 0;
        revolts += std::holds_alternative<Revolt>(e) ? 1 : 0;
        cancelled += std::holds_alternative<Cancelled>(e) ? 1 : 0;
      }
      state = result.next;
    }
    ASSERT_TRUE(state.finished) << "game " << g;
    ASSERT_EQ(state.season_index, rules.season_count() + 1);
    ASSERT_FALSE(state.winners.empty()) << "game " << g;
    for (const auto& p : state.players) ASSERT_LE(p.vp, state.player(state.winners.front()).vp);
  }
  // The random games exercise the interesting paths, not only quiet seasons.
  EXPECT_GT(battles, games);
  EXPECT_GT(revolts, games / 2);
  EXPECT_GT(cancelled, games);
}

TEST(EngineProperties, ResolvingTheSameSeasonTwiceGivesTheSameResult) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  for (int g = 0; g < 50; ++g) {
    NewGame spec{"prop", {"a", "b", "c", "d"}, static_cast<std::uint64_t>(1000 + g)};
    GameState state = new_game(spec, rules);
    Rng rng(static_cast<std::uint64_t>(g));
    for (int season = 1; season <= rules.season_count(); ++season) {
      std::vector<Orders> orders;
      for (std::size_t p = 0; p < state.players.size(); ++p) orders.push_back(random_orders(state, rules, state.player_index(p), rng));
      const SeasonResult first = resolve_season(state, orders, {}, rules);
      const SeasonResult second = resolve_season(state, orders, {}, rules);
      ASSERT_EQ(first.next, second.next);
      ASSERT_EQ(first.log.entries.size(), second.log.entries.size());
      state = first.next;
    }
  }
}

}  // namespace
}  // namespace wallenstein
