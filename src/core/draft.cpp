#include "core/draft.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/ruleset.hpp"

namespace wallenstein {
namespace {

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
  DraftOrders orders;
  for (ProvinceId p : ranked) orders.wishes.push_back(DraftWish{p, std::nullopt});
  return orders;
}

std::vector<DraftPick> play_draft(DraftTable table, const std::vector<DraftOrders>& orders,
                                  const std::vector<int>& groups) {
  const std::size_t players = orders.size();
  const std::size_t cards = table.pile.size() + 2;
  if (groups.size() * players > cards)
    throw std::invalid_argument("the draft has fewer province cards than army groups");
  std::vector<std::vector<int>> left(players, groups);
  for (auto& l : left) std::sort(l.begin(), l.end(), std::greater<>());
  std::vector<DraftPick> picks;
  for (std::size_t round = 1; round <= groups.size(); ++round) {
    for (std::size_t seat = 0; seat < players; ++seat) {
      DraftPick pick;
      pick.round = static_cast<int>(round);
      pick.player = PlayerIndex::at(seat);
      pick.offered = table.face_up;
      std::optional<std::size_t> slot = wished_slot(table, orders[seat]);
      const bool wished = slot.has_value();
      std::optional<ProvinceId> card;
      if (!slot) card = draw(table);
      if (!card && !slot) {  // the pile is spent: the first face-up card left
        slot = table.face_up[0] ? 0 : 1;
      }
      if (slot) {
        card = table.face_up[*slot];
        table.face_up[*slot] = draw(table);
      }
      pick.blind = !slot;
      pick.province = *card;
      pick.armies = place_group(left[seat], orders[seat], pick.province, wished);
      picks.push_back(pick);
    }
  }
  return picks;
}

}  // namespace wallenstein
