#pragma once

// The draft setup (rules 2.2, 11.4): the players share the starting provinces among themselves,
// played by mail as ranked wish lists resolved in one batch.

#include <array>
#include <optional>
#include <vector>

#include "wallenstein/rules/ids.hpp"
#include "wallenstein/rules/rng.hpp"

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

/// One wish of a player's list: a province, the army group wanted there (its size), if any, and
/// whether the player's military leader goes there when the province is taken (D-48).
struct DraftWish {
  ProvinceId province;
  std::optional<int> group;
  bool leader = false;
  bool operator==(const DraftWish&) const = default;
};

/// A player's draft orders: wishes, most wanted first (D-42), an empty list drawing blind; and
/// whether to turn two new cards when facing the same pair as at the previous pick (D-49).
struct DraftOrders {
  std::vector<DraftWish> wishes;
  bool refresh = false;
};

/// The draft's pieces of play besides the picks, as the rules version and the modules give them.
struct DraftRules {
  bool refresh = false;  ///< D-49: a player may refresh the face-up pair (rules 2.2)
  bool leaders = false;  ///< D-48: the military leaders are placed during the draft (rules 13.3)
};

/// One pick of the draft, in the order played.
struct DraftPick {
  int round = 1;  ///< 1 + the picks each player made before
  PlayerIndex player;
  ProvinceId province;
  int armies = 0;      ///< the group placed there
  bool blind = false;  ///< the top card of the pile, not a face-up card
  /// The face-up cards the player chose from, as they lay before the pick (after a refresh).
  std::array<std::optional<ProvinceId>, 2> offered;
  /// D-49: the face-up pair put under the pile before the pick, when the player refreshed it.
  std::array<std::optional<ProvinceId>, 2> put_under;
  bool leader = false;  ///< D-48: the player's military leader was placed in the province
  bool refreshed() const { return put_under[0].has_value(); }
  bool operator==(const DraftPick&) const = default;
};

/// Plays the draft (rules 2.2, D-42): the players pick in seat order, round after round, until
/// every army group is placed. Each takes the face-up card highest on their list; when neither
/// is on it, the top card of the pile. The group placed is the one the wish names, while it is
/// left; else the largest left for a wished province and the smallest for a blind draw. A taken
/// face-up card is replaced from the pile. `orders` are by seat; `groups` is each player's set
/// (rules.army_groups for the player count). With `allowed` a player may refresh the pair
/// (D-49) and places the leader while picking (D-48).
std::vector<DraftPick> play_draft(DraftTable table, const std::vector<DraftOrders>& orders,
                                  const std::vector<int>& groups, DraftRules allowed = {});

/// The draft's pieces of play in a game of `rules` (D-48, D-49 from rules version 3).
DraftRules draft_rules(const Ruleset& rules);

/// The bot's draft (and the NMR bot's): every province in play, the richest first (taxes and
/// grain, then building sites; ties by id), so that it always takes the better face-up card and
/// never draws blind. Its groups follow D-42's default: the largest left each time. With the
/// draft's leaders (D-48) the leader goes with the first province taken, the richest and the
/// largest group; it asks for a refresh (D-49) where the rules allow one.
DraftOrders draft_bot_wishes(const Ruleset& rules, int players);

}  // namespace wallenstein
