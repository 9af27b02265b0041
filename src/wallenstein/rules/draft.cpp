#include "wallenstein/rules/draft.hpp"

#include <algorithm>
#include <stdexcept>

#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

using Pair = std::array<std::optional<ProvinceId>, 2>;

/// The top card of the pile, taken off it; none when the pile is empty.
std::optional<ProvinceId> draw(DraftTable& table) {
  if (table.pile.empty()) return std::nullopt;
  const ProvinceId top = table.pile.front();
  table.pile.erase(table.pile.begin());
  return top;
}

/// The face-up slot highest on the list, if either is on it.
std::optional<std::size_t> wished_slot(const DraftTable& table, const DraftOrders& orders) {
  for (const DraftWish& wish : orders.wishes) {
    for (std::size_t slot = 0; slot < table.face_up.size(); ++slot) {
      if (table.face_up[slot] == wish.province) return slot;
    }
  }
  return std::nullopt;
}

/// The group placed in `province` from the groups `left` (sorted, largest first), taken out.
int place_group(std::vector<int>& left, const DraftOrders& orders, ProvinceId province,
                bool wished) {
  for (const DraftWish& wish : orders.wishes) {
    if (wish.province != province || !wish.group) continue;
    const auto named = std::find(left.begin(), left.end(), *wish.group);
    if (named != left.end()) {
      left.erase(named);
      return *wish.group;
    }
  }
  const auto taken = wished ? left.begin() : std::prev(left.end());
  const int armies = *taken;
  left.erase(taken);
  return armies;
}

/// One pick from the table as it lies: the face-up card highest on the list, else the top card
/// of the pile (with the pile spent, the first face-up card left), and the group placed there.
DraftPick pick_card(DraftTable& table, const DraftOrders& orders, std::vector<int>& left) {
  DraftPick pick;
  pick.offered = table.face_up;
  std::optional<std::size_t> slot = wished_slot(table, orders);
  const bool wished = slot.has_value();
  std::optional<ProvinceId> card;
  if (!slot) card = draw(table);
  if (!card && !slot) slot = table.face_up[0] ? 0 : 1;  // the pile is spent
  if (slot) {
    card = table.face_up[*slot];
    table.face_up[*slot] = draw(table);
  }
  pick.blind = !slot;
  pick.province = *card;
  pick.armies = place_group(left, orders, pick.province, wished);
  return pick;
}

/// D-49: whether the face-up cards are the pair `before`, both face up, in either slot.
bool same_pair(const Pair& now, const Pair& before) {
  if (!now[0] || !now[1] || !before[0] || !before[1]) return false;
  return now == before || (now[0] == before[1] && now[1] == before[0]);
}

/// D-49: the face-up pair goes under the pile, face down, and two new cards are turned; returns
/// the pair put under.
Pair refresh(DraftTable& table) {
  const Pair under = table.face_up;
  for (const auto& card : under) table.pile.push_back(*card);
  for (auto& card : table.face_up) card = draw(table);
  return under;
}

/// D-48: whether the list sends the leader to `province` when it is taken.
bool leader_wished(const DraftOrders& orders, ProvinceId province) {
  return std::any_of(orders.wishes.begin(), orders.wishes.end(),
                     [&](const DraftWish& w) { return w.province == province && w.leader; });
}

}  // namespace

DraftTable deal_draft(const Ruleset& rules, int players, Rng& rng) {
  DraftTable table;
  table.pile = rules.provinces_in_play(players);
  rng.shuffle(table.pile.begin(), table.pile.end());
  for (auto& card : table.face_up) card = draw(table);
  return table;
}

DraftOrders draft_bot_wishes(const Ruleset& rules, int players) {
  std::vector<ProvinceId> ranked = rules.provinces_in_play(players);
  const auto worth = [&](ProvinceId p) {
    const Province& facts = rules.province(p);
    return std::pair{facts.tax + facts.grain, facts.sites};
  };
  std::stable_sort(ranked.begin(), ranked.end(),
                   [&](ProvinceId a, ProvinceId b) { return worth(a) > worth(b); });
  const DraftRules allowed = draft_rules(rules);
  DraftOrders orders;
  orders.refresh = allowed.refresh;
  for (ProvinceId p : ranked) orders.wishes.push_back(DraftWish{p, std::nullopt, allowed.leaders});
  return orders;
}

std::vector<DraftPick> play_draft(DraftTable table, const std::vector<DraftOrders>& orders,
                                  const std::vector<int>& groups, DraftRules allowed) {
  const std::size_t players = orders.size();
  const std::size_t cards = table.pile.size() + 2;
  if (groups.size() * players > cards)
    throw std::invalid_argument("the draft has fewer province cards than army groups");
  std::vector<std::vector<int>> left(players, groups);
  for (auto& l : left) std::sort(l.begin(), l.end(), std::greater<>());
  std::vector<Pair> seen(players);  // the pair each player chose from at their previous pick
  std::vector<char> leader_placed(players, 0);
  std::vector<DraftPick> picks;
  for (std::size_t round = 1; round <= groups.size(); ++round) {
    for (std::size_t seat = 0; seat < players; ++seat) {
      const DraftOrders& wishes = orders[seat];
      Pair put_under;
      // D-49: "au cas où les deux cartes face visible seraient les mêmes qu'à son tour précédent"
      if (allowed.refresh && wishes.refresh && same_pair(table.face_up, seen[seat]) &&
          table.pile.size() >= 2)
        put_under = refresh(table);
      DraftPick pick = pick_card(table, wishes, left[seat]);
      pick.round = static_cast<int>(round);
      pick.player = PlayerIndex::at(seat);
      pick.put_under = put_under;
      seen[seat] = pick.offered;
      // D-48: the leader goes where the list says, on the last province at the latest.
      if (allowed.leaders && !leader_placed[seat]) {
        pick.leader = round == groups.size() || leader_wished(wishes, pick.province);
        leader_placed[seat] = pick.leader ? 1 : 0;
      }
      picks.push_back(pick);
    }
  }
  return picks;
}

DraftRules draft_rules(const Ruleset& rules) {
  const RuleChanges changes = rules.changes();
  return DraftRules{changes.draft_may_refresh,
                    changes.draft_places_leaders && rules.plays(kLeadersPlacePhase)};
}

}  // namespace wallenstein
