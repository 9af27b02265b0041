// Invariants over many random legal games on the real map (issue: at least 10,000 games under the
// current rules, and a smaller run under rules version 1, which games started under it keep).
// WALLENSTEIN_PROPERTY_GAMES overrides the count (the sanitizer build runs fewer).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>

#include "support/base_spaces.hpp"
#include "support/problem_texts.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/leaders.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

int game_count() {
  const char* env = std::getenv("WALLENSTEIN_PROPERTY_GAMES");
  return env ? std::atoi(env) : 10000;
}

/// Thaler a player may gain or lose in a season, read off the log: income, costs, the bid, and the
/// expansions' cards.
std::vector<int> thaler_flow(const SeasonLog& log, std::size_t players, const Ruleset& rules) {
  std::vector<int> flow(players, 0);
  for (const BidRecord& b : log.bids) flow[b.player.value] -= b.paid;
  for (const LogEntry& entry : log.entries) {
    if (const auto* c = std::get_if<Collected>(&entry); c && c->resource == Resource::thaler)
      flow[c->player.value] += c->amount;
    if (const auto* b = std::get_if<Built>(&entry)) flow[b->player.value] -= b->cost;
    if (const auto* p = std::get_if<Placed>(&entry)) flow[p->player.value] -= p->cost;
  }
  for (const LandsknechtTurn& t : log.landsknechte) {
    if (t.card && t.bonus == LandsknechtBonus::thaler) flow[t.player.value] += t.amount;
  }
  for (const FavourTurn& t : log.court_favours) {
    const FavourCard* card = favour_taken(t, rules);
    if (card && card->effect == FavourEffect::thaler) flow[t.player.value] += card->amount;
  }
  return flow;
}

/// How often the random games took the paths of the rules decisions.
struct Figures {
  int battles = 0;
  int revolts = 0;
  int cancelled = 0;
  int no_card_for_the_bid = 0;  ///< D-25: players who had to bid none
  int cards_left_hand = 0;      ///< D-26: actions cancelled in a province won back
  int moves_only = 0;           ///< D-27: army1 orders with place: false
  int placements_only = 0;      ///< D-27: placements cancelled while the move went on
  int tile_rights = 0;          ///< D-28: armies5 with the armies tile placing the card's number
  int leaders_placed = 0;       ///< 13.3: leaders placed from beside the board
  int leader_fallbacks = 0;     ///< 13.3, D-32: placed or moved without a possible order
  int statues = 0;              ///< 13.3: statues left behind
  int trophies = 0;             ///< 13.3: statues taken
  int leaders_taken_off = 0;    ///< E-13
  int far_moves = 0;            ///< D-45: leaders moved further away past a neighbour
  int leaders_kept_beside = 0;  ///< D-46: leaders kept beside the board after a winter
  int landsknechte_cards = 0;   ///< 13.2: Landsknechte cards turned
  int held_back = 0;            ///< 12, D-38: defences with cubes held back
  int conquest_markers = 0;     ///< 12, D-40: markers put on a neutral province taken
  int drawn_orders = 0;         ///< 12: seasons whose turn order was drawn
  int peasants_held = 0;        ///< 12, D-52: provinces held by the peasants alone
  std::array<int, kAllLandsknechtBonuses.size()> landsknechte_bonuses{};  ///< taken, by bonus
  int conversions = 0;          ///< 13.1: side-board spaces converted
  int conversions_refused = 0;  ///< E-4: spaces that could not convert all their cubes
  int favour_turns = 0;         ///< 13.1: players in the audience hall
  int markers_kept = 0;         ///< E-7: card #4 kept for the next marker
  int events_left = 0;          ///< D-50: card #1 taken and the season's event left in force
  int favours_for_nothing = 0;  ///< D-51: cards taken whose effect came to nothing
  int draft_refreshes = 0;      ///< D-49: face-up pairs put under the pile
  int draft_leaders = 0;        ///< D-48: leaders placed during the draft where the list said
  int draft_leaders_last = 0;   ///< D-48: leaders placed with the last province taken
  std::array<int, kAllFavourEffects.size()> favours{};  ///< cards taken, by effect
};

/// Rules 13.1 on the court's two steps: officers and cubes move one for one, the players come to
/// the audience hall most officers first, each takes at most one card shown at the season's start
/// and pays its space's cost, and the officers add up.
/// D-51 (E-9 before rules version 3): the card a player takes is the first of their wishes still
/// shown that their officers can pay for; before version 3 a later one may be taken instead when
/// the effect of those before it is impossible. D-50: card #1 leaves an event its wish does not
/// name.
void expect_favour_wishes_as_the_rules_say(const FavourTurn& t, const Orders& order,
                                           const std::vector<int>& display, const SeasonLog& log,
                                           const Ruleset& rules, Figures& f) {
  const FavourWish* first = nullptr;
  for (const FavourWish& wish : order.court.favours) {
    const auto at = std::find(display.begin(), display.end(), wish.card);
    if (at == display.end()) continue;
    if (rules.court.display[static_cast<std::size_t>(at - display.begin())] > t.officers) continue;
    first = &wish;
    break;
  }
  if (rules.changes().favour_for_its_own_sake) {
    ASSERT_EQ(t.card.has_value(), first != nullptr) << "D-51: a card paid for is taken";
    if (first) {
      ASSERT_EQ(*t.card, first->card) << "D-51: the first wish that can be paid for";
    }
  } else {
    ASSERT_FALSE(t.no_effect || t.event_left) << "version 2 has neither D-50 nor D-51";
    if (!first) {
      ASSERT_FALSE(t.card.has_value());
    }
  }
  const FavourCard* card = favour_taken(t, rules);
  if (card && card->effect == FavourEffect::cancel_event && first) {
    const auto& cancel = first->cancel;
    const bool named =
        !cancel || std::find(cancel->begin(), cancel->end(), log.event) != cancel->end();
    ASSERT_EQ(t.event_left, !named) << "D-50: the event is cancelled only when named";
  }
  f.events_left += t.event_left ? 1 : 0;
  f.favours_for_nothing += t.no_effect ? 1 : 0;
}

void expect_court_as_the_rules_say(const SeasonResult& result, const GameState& before,
                                   const std::vector<Orders>& orders, const Ruleset& rules,
                                   Figures& f) {
  const CourtState& court = result.next.court;
  for (std::size_t p = 0; p < before.players.size(); ++p) {
    ASSERT_EQ(court.officers_beside[p] + court.officers_hall[p], rules.court.officers)
        << "officers are beside the board or at court";
  }
  std::vector<int> converted(before.players.size(), 0);
  for (const Conversion& c : result.log.court_conversions) {
    ASSERT_NE(c.source, ConversionSource::none);
    ASSERT_EQ(c.province.has_value(), c.source == ConversionSource::province);
    (c.done ? f.conversions : f.conversions_refused) += 1;
    if (c.done) converted[c.player.value] += c.cubes;
  }
  int last_officers = rules.court.officers + 1;
  std::vector<int> taken;
  std::vector<int> still_shown = before.court.display;
  for (const FavourTurn& t : result.log.court_favours) {
    const std::size_t p = t.player.value;
    ASSERT_EQ(t.officers, before.court.officers_hall[p] + converted[p]) << "E-3, E-4";
    ASSERT_LE(t.officers, last_officers) << "E-5: most officers first";
    last_officers = t.officers;
    f.favour_turns += 1;
    expect_favour_wishes_as_the_rules_say(t, orders[p], still_shown, result.log, rules, f);
    if (::testing::Test::HasFatalFailure()) return;
    if (!t.card) continue;
    std::replace(still_shown.begin(), still_shown.end(), *t.card, 0);
    const auto shown = std::find(before.court.display.begin(), before.court.display.end(), *t.card);
    ASSERT_NE(shown, before.court.display.end()) << "card " << *t.card << " was not shown";
    ASSERT_EQ(std::count(taken.begin(), taken.end(), *t.card), 0) << "a card is taken once";
    taken.push_back(*t.card);
    const auto space = static_cast<std::size_t>(shown - before.court.display.begin());
    ASSERT_EQ(t.cost, rules.court.display[space]);
    ASSERT_LE(t.cost, t.officers);
    f.favours[index_of(favour_taken(t, rules)->effect)] += 1;
    f.markers_kept += t.kept ? 1 : 0;
  }
}

/// Rules 13.3 on every leader's step: placed only from beside the board in a year's first season,
/// a statue only after a move next door, trophies never of the player's own, and at the end of
/// the game the points of the statues and trophies that stand.
/// Rules 13.3, D-45 and D-46 on a leader's move: any province of the player's from rules version
/// 3 (before it, E-11: farther only when no neighbour was the player's), a statue only next door,
/// and a move_to the player held followed.
void expect_leader_moved_as_the_rules_say(const SeasonResult& result, const LeaderStep& s,
                                          const Orders& order, const Ruleset& rules, Figures& f) {
  ASSERT_TRUE(s.from.has_value());
  if (s.statue) {
    ASSERT_TRUE(*s.from != s.province && rules.adjacent(*s.from, s.province));
  }
  f.statues += s.statue ? 1 : 0;
  // Outside autumn nothing changes hands after the leaders move, so the state after the season
  // is the one they saw.
  if (result.log.winter) return;
  bool neighbour_held = false;
  for (ProvinceId n : rules.province(*s.from).neighbours)
    neighbour_held = neighbour_held || result.next.at(n).owner == s.player;
  const bool far = *s.from != s.province && !rules.adjacent(*s.from, s.province);
  if (!rules.changes().leader_moves_anywhere) {
    ASSERT_FALSE(far && neighbour_held) << "E-11: went farther past a neighbour";
    return;
  }
  f.far_moves += far && neighbour_held ? 1 : 0;
  const std::optional<ProvinceId>& to = order.leader.move_to;
  if (to && *to != *s.from && result.next.at(*to).owner == s.player) {
    ASSERT_EQ(s.province, *to) << "D-45: any province of the player's may be chosen";
    ASSERT_TRUE(s.as_ordered);
  }
}

void expect_leaders_as_the_rules_say(const SeasonResult& result, const GameState& before,
                                     const std::vector<Orders>& orders, const Ruleset& rules,
                                     Figures& f) {
  const bool spring = season_label(rules, before.season_index).season == rules.seasons.front();
  for (const LeaderStep& s : result.log.leaders) {
    ASSERT_EQ(std::count(s.trophies.begin(), s.trophies.end(), s.player), 0);
    f.trophies += static_cast<int>(s.trophies.size());
    f.leader_fallbacks += s.as_ordered ? 0 : 1;
    switch (s.kind) {
      case LeaderStepKind::placed:
        ASSERT_TRUE(spring && !before.player(s.player).leader) << "placed out of turn";
        ASSERT_FALSE(orders[s.player.value].leader.stay_beside) << "D-46: it stays beside";
        f.leaders_placed += 1;
        break;
      case LeaderStepKind::moved:
        expect_leader_moved_as_the_rules_say(result, s, orders[s.player.value], rules, f);
        if (::testing::Test::HasFatalFailure()) return;
        break;
      case LeaderStepKind::taken_off:
        f.leaders_taken_off += 1;
        break;
    }
  }
  // D-46: a leader beside the board in spring is placed unless its order keeps it there (only
  // after a winter) or its player holds no province.
  for (std::size_t p = 0; p < before.players.size(); ++p) {
    const PlayerIndex player = before.player_index(p);
    if (!spring || before.player(player).leader || before.provinces_of(player).empty()) continue;
    const bool placed =
        std::any_of(result.log.leaders.begin(), result.log.leaders.end(), [&](const LeaderStep& s) {
          return s.player == player && s.kind == LeaderStepKind::placed;
        });
    const bool stays = orders[p].leader.stay_beside;
    ASSERT_NE(placed, stays);
    if (stays) {
      ASSERT_TRUE(leader_may_stay_beside(rules, before.season_index));
      f.leaders_kept_beside += 1;
    }
  }
  if (result.next.finished) {
    // Counted here piece by piece, not with the engine's helper: 1 VP per statue and trophy.
    for (const Score& s : result.log.winter->scores) {
      int standing = 0;
      for (const ProvinceState& p : result.next.provinces) standing += p.statues[s.player.value];
      ASSERT_EQ(s.statues, standing * rules.leaders.vp_per_statue +
                               result.next.player(s.player).trophies * rules.leaders.vp_per_trophy);
    }
  }
}

/// Rules 13.2 on every turn of the pile: a card only for enough regions and in pile order, giving
/// what the card says (the tray at most what the reserve held), and the piles back after winter.
void expect_landsknechte_as_the_rules_say(const SeasonResult& result, const GameState& before,
                                          const Ruleset& rules, Figures& f) {
  const LandsknechtRules& pile = rules.landsknechte;
  ASSERT_EQ(result.log.landsknechte.size(), before.players.size());
  for (const LandsknechtTurn& t : result.log.landsknechte) {
    const int turned = before.player(t.player).landsknechte;
    if (!t.card) {
      ASSERT_TRUE(t.regions < pile.min_regions || turned == static_cast<int>(pile.cards.size()));
      continue;
    }
    ASSERT_GE(t.regions, pile.min_regions);
    ASSERT_EQ(*t.card, turned + 1);
    const LandsknechtCard& card = pile.cards[static_cast<std::size_t>(turned)];
    ASSERT_TRUE(card.offers(t.bonus));
    if (t.bonus == LandsknechtBonus::tray) {
      ASSERT_GT(t.amount, 0) << "D-30: a tray wish with an empty reserve is passed over";
      ASSERT_EQ(t.amount, std::min(card.of(t.bonus), before.player(t.player).reserve));
    } else {
      ASSERT_EQ(t.amount, card.of(t.bonus));
    }
    f.landsknechte_cards += 1;
    f.landsknechte_bonuses[index_of(t.bonus)] += 1;
  }
  if (result.log.winter && !result.next.finished) {
    for (const PlayerState& p : result.next.players)
      ASSERT_EQ(p.landsknechte, 0) << "the piles are put back after winter";
  }
}

using Holding = std::pair<PlayerIndex, ProvinceId>;

/// The player and province of a step that performs a planned action, if it is one.
std::optional<Holding> performed_at(const LogEntry& entry) {
  if (const auto* b = std::get_if<Built>(&entry)) return Holding{b->player, b->province};
  if (const auto* c = std::get_if<Collected>(&entry)) return Holding{c->player, c->province};
  if (const auto* p = std::get_if<Placed>(&entry)) return Holding{p->player, p->province};
  if (const auto* m = std::get_if<Moved>(&entry)) return Holding{m->player, m->from};
  if (const auto* b = std::get_if<Battle>(&entry)) return Holding{b->attacker, b->from};
  return std::nullopt;
}

/// The province card a step took from a player's hand (rules 4.7, 8.3), if any.
std::optional<Holding> card_lost(const LogEntry& entry) {
  if (const auto* b = std::get_if<Battle>(&entry);
      b && b->defender && b->result != BattleResult::defender) {
    return Holding{*b->defender, b->target};
  }
  if (const auto* r = std::get_if<Revolt>(&entry); r && !r->player_won)
    return Holding{r->player, r->province};
  return std::nullopt;
}

/// Rules 4.7, D-26: nothing is performed from a province whose card left that player's hand.
int expect_no_action_from_a_card_that_left_the_hand(const SeasonLog& log) {
  std::vector<Holding> lost;
  int cancelled = 0;
  for (const LogEntry& entry : log.entries) {
    if (const auto at = performed_at(entry)) {
      EXPECT_EQ(std::count(lost.begin(), lost.end(), *at), 0)
          << "an action from a card that left the hand, slot "
          << std::visit([](const auto& e) { return e.slot; }, entry);
    }
    if (const auto gone = card_lost(entry)) lost.push_back(*gone);
    const auto* c = std::get_if<Cancelled>(&entry);
    cancelled += c && c->reason == CancelReason::card_left_hand ? 1 : 0;
  }
  return cancelled;
}

/// Rules 4.3, D-25: only a player with a card left over once the spaces are covered bids.
int expect_bids_only_with_a_card_left(const SeasonLog& log, const GameState& before,
                                      const Ruleset& rules) {
  int none = 0;
  for (const BidRecord& b : log.bids) {
    const bool card_left = card_left_for_bid(before, rules, b.player);
    if (!card_left) {
      EXPECT_EQ(b.bid.kind, BidKind::none)
          << before.player(b.player).id << " bid without a card left";
    }
    none += card_left ? 0 : 1;
  }
  return none;
}

/// Rules 5, D-27: army1 with place: false never pays or places.
int expect_moves_only_never_place(const SeasonLog& log, const std::vector<Orders>& orders) {
  int moves_only = 0;
  for (const Orders& o : orders) {
    if (!o[space::army1] || o[space::army1]->place) continue;
    ++moves_only;
    for (const LogEntry& entry : log.entries) {
      const auto* p = std::get_if<Placed>(&entry);
      EXPECT_FALSE(p && p->player == o.player && p->action == space::army1)
          << "army1 with place: false placed";
    }
  }
  return moves_only;
}

/// Rules 6, D-28: armies5 is cancelled for want of reserve only when the card's own number is
/// missing.
int expect_the_armies_tile_never_cancels(const SeasonLog& log, const Ruleset& rules) {
  const EventCard& event = rules.event(log.event);
  const bool shortage = event.effect == EventEffect::army_shortage &&
                        !event_cancelled_by_favour(log.court_favours, rules);
  const int own = shortage ? event.place_limit(space::armies5).value_or(0)
                           : rules.action(space::armies5).armies;
  int rights = 0;
  for (const LogEntry& entry : log.entries) {
    const auto* c = std::get_if<Cancelled>(&entry);
    if (c && c->action == space::armies5 && c->reason == CancelReason::not_enough_reserve) {
      EXPECT_LT(c->have, own) << "armies5 cancelled with the card's own number in reserve";
    }
    const auto* p = std::get_if<Placed>(&entry);
    if (!p || p->action != space::armies5 || log.tiles.empty()) continue;  // tiles: 2nd edition
    const TileId tile = std::find_if(log.tiles.begin(), log.tiles.end(), [&](const auto& t) {
                          return t.first == p->player;
                        })->second;
    rights += rules.tile(tile).effect == TileEffect::armies_bonus && p->tile_bonus == 0 ? 1 : 0;
  }
  return rights;
}

/// Rules 12 on one resolved season of the 1st edition: no bids or tiles, a drawn turn order, no
/// more cubes thrown than defend_with allows, a marker right after each neutral province taken,
/// none before a winter revolt.
void expect_first_edition_as_the_rules_say(const SeasonResult& result, const GameState& before,
                                           const std::vector<Orders>& orders, const Ruleset& rules,
                                           Figures& f) {
  const SeasonLog& log = result.log;
  const bool peasants_hold = rules.changes().first_edition_peasants_hold;
  EXPECT_TRUE(log.bids.empty() && log.bid_ranking.empty() && log.tiles.empty());
  std::vector<PlayerIndex> seats;
  for (std::size_t i = 0; i < before.players.size(); ++i) seats.push_back(before.player_index(i));
  EXPECT_TRUE(std::is_permutation(log.turn_order.begin(), log.turn_order.end(), seats.begin(),
                                  seats.end()));
  f.drawn_orders += 1;
  const auto limit = [&](PlayerIndex p, ProvinceId where) -> std::optional<int> {
    for (const auto& [province, at_most] : orders[p.value].defend_with) {
      if (province == where) return at_most;
    }
    return std::nullopt;
  };
  const auto defence = [&](PlayerIndex p, ProvinceId where, int thrown, int held) {
    const std::optional<int> at_most = limit(p, where);
    if (!at_most) {
      EXPECT_EQ(held, 0) << "cubes held back without defend_with";
    } else {
      EXPECT_LE(thrown, *at_most);
      if (held > 0) {
        EXPECT_EQ(thrown, *at_most) << "held back though the limit was not reached";
      }
    }
    f.held_back += held > 0 ? 1 : 0;
  };
  for (std::size_t i = 0; i < log.entries.size(); ++i) {
    if (const auto* r = std::get_if<Revolt>(&log.entries[i]))
      defence(r->player, r->province, r->defending, r->held_back);
    const auto* b = std::get_if<Battle>(&log.entries[i]);
    if (!b) continue;
    if (b->defender) defence(*b->defender, b->target, b->defending, b->held_back);
    // D-52: more cubes for the defender, peasants included, hold the province (rules version 3).
    if (b->defender && b->defender_count > b->attacker_count &&
        b->defender_count == b->defender_peasants) {
      EXPECT_EQ(b->result,
                peasants_hold || b->held_back > 0 ? BattleResult::defender : BattleResult::tie);
      f.peasants_held += b->result == BattleResult::defender && b->held_back == 0 ? 1 : 0;
    }
    if (b->defender || b->result != BattleResult::attacker) continue;
    ASSERT_LT(i + 1, log.entries.size()) << "no marker after a neutral province taken";
    const auto* m = std::get_if<MarkerAdded>(&log.entries[i + 1]);
    ASSERT_TRUE(m && m->province == b->target && m->player == b->attacker);
    f.conquest_markers += m->supply_empty ? 0 : 1;
  }
  if (log.winter) {
    EXPECT_TRUE(log.winter->markers.empty()) << "a marker before a winter revolt";
  }
}

/// Checks what rules version 2 decides on one resolved season.
void expect_version_two_decisions(const SeasonResult& result, const GameState& before,
                                  const std::vector<Orders>& orders, const Ruleset& rules,
                                  Figures& f) {
  const SeasonLog& log = result.log;
  f.no_card_for_the_bid += expect_bids_only_with_a_card_left(log, before, rules);
  f.cards_left_hand += expect_no_action_from_a_card_that_left_the_hand(log);
  f.moves_only += expect_moves_only_never_place(log, orders);
  f.tile_rights += expect_the_armies_tile_never_cancels(log, rules);
  for (const LogEntry& entry : log.entries) {
    const auto* c = std::get_if<Cancelled>(&entry);
    f.placements_only += c && c->placement_only ? 1 : 0;
  }
}

using Pair = std::array<std::optional<ProvinceId>, 2>;

/// D-49: whether a player faces the pair of their previous pick, both cards face up.
bool same_pair(const Pair& now, const Pair& before) {
  if (!now[0] || !now[1] || !before[0] || !before[1]) return false;
  return now == before || (now[0] == before[1] && now[1] == before[0]);
}

/// D-48: whether a player's list sends the leader to `province`.
bool leader_wished(const DraftOrders& orders, ProvinceId province) {
  return std::any_of(orders.wishes.begin(), orders.wishes.end(),
                     [&](const DraftWish& w) { return w.province == province && w.leader; });
}

/// Rules 2.2 with D-49 and D-48 on every pick: a pair is put under the pile exactly when the
/// player asked, faced the pair of their previous pick and the pile held two cards to turn (the
/// pile loses one card a pick while it lasts); each player's leader goes with the first province
/// taken whose wish says so, else with the last one, and only from rules version 3.
void expect_draft_as_the_rules_say(const std::vector<DraftPick>& picks, const DraftTable& table,
                                   const std::vector<Orders>& orders, const Ruleset& rules,
                                   Figures& f) {
  const DraftRules allowed = draft_rules(rules);
  const std::size_t players = orders.size();
  const int rounds = static_cast<int>(picks.size() / players);
  std::vector<Pair> seen(players);
  std::vector<int> leaders(players, 0);
  std::size_t pile = table.pile.size();
  for (const DraftPick& pick : picks) {
    const std::size_t p = pick.player.value;
    const DraftOrders& wishes = orders[p].draft;
    const Pair& faced = pick.refreshed() ? pick.put_under : pick.offered;
    ASSERT_EQ(pick.refreshed(),
              allowed.refresh && wishes.refresh && same_pair(faced, seen[p]) && pile >= 2);
    for (const auto& card : pick.offered) {
      ASSERT_FALSE(pick.refreshed() && card &&
                   std::find(pick.put_under.begin(), pick.put_under.end(), card) !=
                       pick.put_under.end())
          << "D-49: two new cards are turned";
    }
    f.draft_refreshes += pick.refreshed() ? 1 : 0;
    seen[p] = pick.offered;
    pile = pile > 0 ? pile - 1 : 0;
    const bool wished = leader_wished(wishes, pick.province);
    if (allowed.leaders && leaders[p] == 0) {
      ASSERT_EQ(pick.leader, wished || pick.round == rounds) << "D-48: where the list says";
      f.draft_leaders += pick.leader && wished ? 1 : 0;
      f.draft_leaders_last += pick.leader && !wished ? 1 : 0;
    } else {
      ASSERT_FALSE(pick.leader) << "a leader is placed once, and only from rules version 3";
    }
    leaders[p] += pick.leader ? 1 : 0;
  }
}

/// Rules 2.2: the draft of random lists, resolved as season 0; after it every leader placed
/// during the draft stands where its pick says.
void play_random_draft(GameState& state, const Ruleset& rules, Rng& order_rng, Figures& f) {
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < state.players.size(); ++p) {
    orders.push_back(random_orders(state, rules, state.player_index(p), order_rng));
    const OrderCheck check = check_orders(to_written(orders.back(), state, rules), state, rules);
    ASSERT_TRUE(check.ok()) << testing::problem_texts().render(check.errors.front(), rules);
    ASSERT_EQ(check.orders.draft.wishes, orders.back().draft.wishes);
    ASSERT_EQ(check.orders.draft.refresh, orders.back().draft.refresh);
  }
  const DraftTable table = *state.draft;
  const SeasonResult result = resolve_season(state, orders, {}, rules);
  expect_draft_as_the_rules_say(result.log.draft, table, orders, rules, f);
  if (::testing::Test::HasFatalFailure()) return;
  for (const DraftPick& pick : result.log.draft) {
    if (pick.leader) {
      ASSERT_EQ(result.next.player(pick.player).leader, pick.province);
    }
  }
  for (const PlayerState& p : result.next.players)
    ASSERT_EQ(p.leader.has_value(), draft_rules(rules).leaders);
  ASSERT_TRUE(invariant_violations(result.next, rules).empty());
  state = result.next;
}

/// One random legal game from seed `g`: every invariant after every step, thaler only moving by
/// rule, the generated orders passing `check` (one game in fifty), and a winner at the end. With
/// `draft` the game starts with the draft (rules 2.2).
void play_random_game(const Ruleset& rules, int g, Figures& f, bool draft = false) {
  const int players = 3 + g % 3;
  NewGame spec{"prop", {}, static_cast<std::uint64_t>(g), draft};
  for (int p = 0; p < players; ++p) spec.player_ids.push_back("p" + std::to_string(p));
  GameState state = new_game(spec, rules);
  ASSERT_TRUE(invariant_violations(state, rules).empty());
  Rng order_rng(static_cast<std::uint64_t>(g) * 7919U + 1);
  if (draft) play_random_draft(state, rules, order_rng, f);
  if (::testing::Test::HasFatalFailure()) return;
  std::string broken;
  ResolveOptions options;
  options.after_step = [&](const GameState& s) {
    if (broken.empty()) {
      auto v = invariant_violations(s, rules);
      if (!v.empty()) broken = v.front();
    }
  };
  for (int season = 1; season <= rules.season_count(); ++season) {
    SCOPED_TRACE("game " + std::to_string(g) + " season " + std::to_string(season));
    std::vector<Orders> orders;
    for (int p = 0; p < players; ++p) {
      orders.push_back(
          random_orders(state, rules, state.player_index(static_cast<std::size_t>(p)), order_rng));
      if (g % 50 == 0) {
        const OrderCheck check =
            check_orders(to_written(orders.back(), state, rules), state, rules);
        ASSERT_TRUE(check.ok()) << testing::problem_texts().render(check.errors.front(), rules);
      }
    }
    const SeasonResult result = resolve_season(state, orders, {}, rules, options);
    ASSERT_EQ(broken, "");
    const auto flow = thaler_flow(result.log, state.players.size(), rules);
    for (std::size_t p = 0; p < state.players.size(); ++p) {
      ASSERT_EQ(result.next.players[p].thaler, state.players[p].thaler + flow[p])
          << "thaler moved outside the rules";
    }
    if (rules.version >= 2) expect_version_two_decisions(result, state, orders, rules, f);
    if (rules.plays(kLandsknechtePhase))
      expect_landsknechte_as_the_rules_say(result, state, rules, f);
    if (rules.plays(kLeadersPlacePhase))
      expect_leaders_as_the_rules_say(result, state, orders, rules, f);
    if (rules.plays(kCourtFavorsPhase))
      expect_court_as_the_rules_say(result, state, orders, rules, f);
    if (!rules.has_bids()) expect_first_edition_as_the_rules_say(result, state, orders, rules, f);
    for (const auto& e : result.log.entries) {
      f.battles += std::holds_alternative<Battle>(e) ? 1 : 0;
      f.revolts += std::holds_alternative<Revolt>(e) ? 1 : 0;
      f.cancelled += std::holds_alternative<Cancelled>(e) ? 1 : 0;
    }
    state = result.next;
  }
  ASSERT_TRUE(state.finished);
  ASSERT_EQ(state.season_index, rules.season_count() + 1);
  ASSERT_FALSE(state.winners.empty());
  for (const auto& p : state.players) ASSERT_LE(p.vp, state.player(state.winners.front()).vp);
}

Figures play_random_games(const Ruleset& rules, int games, bool draft = false) {
  Figures f;
  for (int g = 0; g < games && !::testing::Test::HasFailure(); ++g)
    play_random_game(rules, g, f, draft);
  std::cout << "rules version " << rules.version << ", " << games << " games: " << f.battles
            << " battles, " << f.revolts << " revolts, " << f.cancelled << " cancelled; D-25 "
            << f.no_card_for_the_bid << " bids none for want of a card, D-26 " << f.cards_left_hand
            << " actions cancelled in provinces won back, D-27 " << f.moves_only
            << " moves only and " << f.placements_only
            << " placements cancelled with the move kept, D-28 " << f.tile_rights
            << " armies5 without the tile's +1\n";
  return f;
}

TEST(EngineProperties, RandomLegalGamesWithTheMilitaryLeadersKeepEveryInvariant) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  const int games = std::max(1, game_count() / 5);
  const Figures f = play_random_games(rules, games);
  std::cout << "with the military leaders: " << f.leaders_placed << " placed, "
            << f.leader_fallbacks << " fallbacks, " << f.statues << " statues, " << f.trophies
            << " trophies, " << f.leaders_taken_off << " taken off, " << f.far_moves
            << " moved further away past a neighbour (D-45), " << f.leaders_kept_beside
            << " kept beside the board (D-46)\n";
  EXPECT_GT(f.leaders_placed, games * 3);
  EXPECT_GT(f.leader_fallbacks, games);
  EXPECT_GT(f.statues, games);
  EXPECT_GT(f.leaders_taken_off, games / 10);
  EXPECT_GT(f.trophies, 0);
  EXPECT_GT(f.far_moves, games);
  EXPECT_GT(f.leaders_kept_beside, 0);
}

TEST(EngineProperties, RandomLegalGamesWithTheMilitaryLeadersUnderRulesVersionTwoKeepE11) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), 2, {"leaders"});
  const int games = std::max(1, game_count() / 10);
  const Figures f = play_random_games(rules, games);
  EXPECT_GT(f.statues, games);
  EXPECT_EQ(f.far_moves + f.leaders_kept_beside, 0) << "version 2 has neither D-45 nor D-46";
}

TEST(EngineProperties, RandomLegalDraftsPlaceTheLeadersWhereTheListsSayAndRefreshPairs_D48_D49) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  const int games = std::max(1, game_count() / 20);
  const Figures f = play_random_games(rules, games, true);
  std::cout << "drafts with the military leaders: " << f.draft_leaders
            << " leaders placed where the list said, " << f.draft_leaders_last
            << " with the last province (D-48), " << f.draft_refreshes
            << " face-up pairs put under the pile (D-49), " << f.leaders_placed
            << " placed in spring after a winter\n";
  EXPECT_GT(f.draft_leaders, games / 2);
  EXPECT_GT(f.draft_leaders_last, games / 2);
  EXPECT_GT(f.draft_refreshes, 0);
}

TEST(EngineProperties, RandomLegalDraftsUnderRulesVersionTwoPlaceTheLeadersInTheFirstSpring_D48) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), 2, {"leaders"});
  const int games = std::max(1, game_count() / 40);
  const Figures f = play_random_games(rules, games, true);
  EXPECT_EQ(f.draft_leaders + f.draft_leaders_last + f.draft_refreshes, 0)
      << "version 2 has neither D-48 nor D-49";
  EXPECT_GE(f.leaders_placed, games * 3) << "every leader is placed in the first spring";
}

TEST(EngineProperties, RandomLegalGamesKeepEveryInvariantAndEndWithAWinner) {
  static_assert(kCurrentRulesVersion == 3, "add the invariants of the new rules version");
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  const int games = game_count();
  const Figures f = play_random_games(rules, games);
  // The random games exercise the interesting paths, not only quiet seasons.
  EXPECT_GT(f.battles, games);
  EXPECT_GT(f.revolts, games / 2);
  EXPECT_GT(f.cancelled, games);
  // ...and those of rules version 2 (D-25 to D-28), so their invariants are not vacuous.
  EXPECT_GT(f.no_card_for_the_bid, games / 10);
  EXPECT_GT(f.cards_left_hand, games / 200);
  EXPECT_GT(f.moves_only, games / 10);
  EXPECT_GT(f.placements_only, games / 100);
  // Exactly 5 cubes left with the armies tile is rare: 2 in the 10,000 games.
  if (games >= 10000) {
    EXPECT_GT(f.tile_rights, 0);
  }
}

TEST(EngineProperties, RandomLegalGamesUnderRulesVersionOneKeepEveryInvariant) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), 1);
  const int games = std::max(1, game_count() / 10);
  const Figures f = play_random_games(rules, games);
  EXPECT_GT(f.battles, games);
  EXPECT_EQ(f.moves_only + f.placements_only + f.cards_left_hand, 0)
      << "version 1 has none of D-26 and D-27";
}

TEST(EngineProperties, RandomLegalGamesWithTheLandsknechteKeepEveryInvariant) {
  const Ruleset rules =
      load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"landsknechte"});
  const int games = std::max(1, game_count() / 5);
  const Figures f = play_random_games(rules, games);
  std::cout << "with the Landsknechte: " << f.landsknechte_cards << " cards turned; bonuses";
  for (LandsknechtBonus b : kAllLandsknechtBonuses)
    std::cout << " " << landsknecht_bonus_key(b) << " " << f.landsknechte_bonuses[index_of(b)];
  std::cout << "\n";
  EXPECT_GT(f.battles, games);
  EXPECT_GT(f.landsknechte_cards, games);
  for (LandsknechtBonus b : kAllLandsknechtBonuses)
    EXPECT_GT(f.landsknechte_bonuses[index_of(b)], 0) << landsknecht_bonus_key(b);
}

TEST(EngineProperties, RandomLegalGamesWithTheImperialCourtKeepEveryInvariant_Rules13) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"court"});
  const int games = std::max(1, game_count() / 5);
  const Figures f = play_random_games(rules, games);
  std::cout << "with the Imperial Court: " << f.conversions << " conversions, "
            << f.conversions_refused << " refused, " << f.favour_turns << " audiences; cards";
  for (FavourEffect e : kAllFavourEffects)
    std::cout << " " << favour_effect_key(e) << " " << f.favours[index_of(e)];
  std::cout << "; " << f.markers_kept << " kept for the next marker\n";
  EXPECT_GT(f.battles, games);
  EXPECT_GT(f.conversions, games);
  EXPECT_GT(f.conversions_refused, games / 10);
  EXPECT_GT(f.favour_turns, games);
  for (FavourEffect e : kAllFavourEffects)
    EXPECT_GT(f.favours[index_of(e)], 0) << favour_effect_key(e);
  EXPECT_GT(f.markers_kept, 0);
  std::cout << "D-50: " << f.events_left
            << " events left by card #1; D-51: " << f.favours_for_nothing
            << " cards taken for their own sake\n";
  EXPECT_GT(f.events_left, 0);
  EXPECT_GT(f.favours_for_nothing, games / 10);
}

TEST(EngineProperties,
     RandomLegalGamesWithTheImperialCourtUnderRulesVersionTwoSkipImpossibleWishes_E9) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), 2, {"court"});
  const int games = std::max(1, game_count() / 20);
  const Figures f = play_random_games(rules, games);
  EXPECT_GT(f.favour_turns, games);
  EXPECT_EQ(f.events_left + f.favours_for_nothing, 0) << "version 2 has neither D-50 nor D-51";
}

TEST(EngineProperties, RandomLegalGamesOfTheFirstEditionKeepEveryInvariant_Rules12) {
  const Ruleset rules = load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion, 1,
                                             {"court", "landsknechte", "leaders"});
  const int games = std::max(1, game_count() / 5);
  const Figures f = play_random_games(rules, games);
  std::cout << "the 1st edition: " << f.drawn_orders << " turn orders drawn, " << f.held_back
            << " defences holding cubes back, " << f.conquest_markers
            << " markers on neutral provinces taken, " << f.peasants_held
            << " provinces held by the peasants alone (D-52)\n";
  EXPECT_EQ(f.drawn_orders, games * rules.season_count());
  EXPECT_GT(f.battles, games);
  EXPECT_GT(f.held_back, games / 2);
  EXPECT_GT(f.conquest_markers, games / 2);
  EXPECT_GT(f.leaders_placed, games);
  EXPECT_GT(f.landsknechte_cards, games / 2);
  EXPECT_GT(f.peasants_held, 0);
}

TEST(EngineProperties, RandomLegalGamesOfTheFirstEditionUnderRulesVersionTwoTieWithPeasantsAlone) {
  const Ruleset rules = load_edition_ruleset(testing::source_data_dir(), 2, 1, {});
  const int games = std::max(1, game_count() / 10);
  const Figures f = play_random_games(rules, games);
  EXPECT_EQ(f.peasants_held, 0) << "version 2 has no D-52";
}

TEST(EngineProperties, ResolvingTheSameSeasonTwiceGivesTheSameResult) {
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  for (int g = 0; g < 50; ++g) {
    NewGame spec{"prop", {"a", "b", "c", "d"}, static_cast<std::uint64_t>(1000 + g)};
    GameState state = new_game(spec, rules);
    Rng rng(static_cast<std::uint64_t>(g));
    for (int season = 1; season <= rules.season_count(); ++season) {
      std::vector<Orders> orders;
      for (std::size_t p = 0; p < state.players.size(); ++p)
        orders.push_back(random_orders(state, rules, state.player_index(p), rng));
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
