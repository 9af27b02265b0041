#pragma once

// The draft setup (rules 2.2, 11.4): the players share the starting provinces among themselves,
// played by mail as ranked wish lists resolved in one batch.

#include <array>
#include <optional>
#include <vector>

#include "core/ids.hpp"
#include "core/rng.hpp"

namespace wallenstein {

struct Ruleset;

/// The province cards of a draft: the pile (face down, top card first) and the two face-up cards
/// beside it. The pile's order is hidden from the players; the face-up cards are public.
struct DraftTable {
  std::vector<ProvinceId> pile;
  std::array<std::optional<ProvinceId>, 2> face_up;
  bool operator==(const DraftTable&) const = default;
};

/// Rules 2.2: the cards of the provinces in play for `players` shuffled, the two on top turned.
DraftTable deal_draft(const Ruleset& rules, int players, Rng& rng);

/// One wish of a player's list: a province, and the army group wanted there (its size), if any.
struct DraftWish {
  ProvinceId province;
  std::optional<int> group;
  bool operator==(const DraftWish&) const = default;
};

/// A player's draft orders: wishes, most wanted first (D-42). An empty list draws blind.
struct DraftOrders {
  std::vector<DraftWish> wishes;
};

/// One pick of the draft, in the order played.
struct DraftPick {
  int round = 1;  ///< 1 + the picks each player made before
  PlayerIndex player;
  ProvinceId province;
  int armies = 0;      ///< the group placed there
  bool blind = false;  ///< the top card of the pile, not a face-up card
  /// The face-up cards the player chose from, as they lay before the pick.
  std::array<std::optional<ProvinceId>, 2> offered;
  bool operator==(const DraftPick&) const = default;
};

/// Plays the draft (rules 2.2, D-42): the players pick in seat order, round after round, until
/// every army group is placed. Each takes the face-up card highest on their list; when neither
/// is on it, the top card of the pile. The group placed is the one the wish names, while it is
/// left; else the largest left for a wished province and the smallest for a blind draw. A taken
/// face-up card is replaced from the pile. `orders` are by seat; `groups` is each player's set
/// (rules.army_groups for the player count).
std::vector<DraftPick> play_draft(DraftTable table, const std::vector<DraftOrders>& orders,
                                  const std::vector<int>& groups);

/// The bot's draft (and the NMR bot's): every province in play, the richest first (taxes and
/// grain, then building sites; ties by id), so that it always takes the better face-up card and
/// never draws blind. Its groups follow D-42's default: the largest left each time.
DraftOrders draft_bot_wishes(const Ruleset& rules, int players);

}  // namespace wallenstein
