#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ids.hpp"
#include "wallenstein/rules/problem.hpp"

namespace wallenstein {

struct Ruleset;

/// A scalar as the player wrote it.
struct Written {
  std::string text;
  SourceRef at;
};

/// `armies: all` (all but one) or `armies: N` (up to N, leaving one).
struct ArmyCount {
  bool all = true;
  int count = 0;
};

/// One action space as written; `province.text` is "none" for a coin card.
struct WrittenAction {
  Written province;
  std::optional<Written> target;  ///< battle: `target`; army1: `move_to`
  std::optional<ArmyCount> armies;
  SourceRef armies_at;
  std::optional<int> min_armies;
  SourceRef min_armies_at;
  std::optional<bool> place;  ///< army1: `place: false` moves without placing (D-27)
  SourceRef place_at;
};

/// The `leader:` section as written (the military leaders, rules 13.3).
struct WrittenLeader {
  SourceRef at;
  std::optional<Written> place;    ///< where a leader beside the board is placed (spring)
  std::optional<Written> move_to;  ///< where the leader goes after the ten actions
  std::optional<bool> statue;      ///< whether a statue stays in the province it leaves
  SourceRef statue_at;
  bool readable = true;  ///< false: the reader found it malformed and said so
};

/// One line of the `defend_with:` section as written (the 1st edition, rules 12): a province and
/// the most cubes its defender throws there.
struct WrittenDefence {
  Written province;
  int at_most = 0;
};

/// The Imperial Court's side board as written (`court: {convert3: X, convert2: tower, ...}`):
/// one entry per space, in rules.court.conversions' order; empty where the key is left out.
struct WrittenCourt {
  SourceRef at;
  std::vector<std::string> keys;  ///< each space's key: convert3, convert2, convert1
  std::vector<std::optional<Written>> spaces;
};

/// One favour wished (`favors: [{card: 21, province: Kursachsen}, ...]`).
struct WrittenFavour {
  int card = 0;
  SourceRef card_at;
  std::optional<Written> province;
  /// Card #1's `cancel:` (D-50): the events it cancels; none written: any, `none`: an empty list.
  std::optional<std::vector<Written>> cancel;
  SourceRef cancel_at;
};

/// One wish of the draft's list as written (rules 2.2): a province, and the army group wanted
/// there.
struct WrittenDraftWish {
  Written province;
  std::optional<int> group;
  SourceRef group_at;
  std::optional<bool> leader;  ///< `leader: true`: the military leader goes there (D-48)
  SourceRef leader_at;
};

/// An order file after parsing its structure, before its names are checked against the game.
struct WrittenOrders {
  Written game;
  Written player;
  Written season;
  SourceRef actions_at;
  std::array<std::optional<WrittenAction>, kMaxActionSpaces> actions;  ///< by space
  std::optional<Written> bid;
  std::vector<Written> turn_order;
  std::vector<Written> winter_revolt_order;
  std::vector<Written> landsknechte;    ///< the Landsknechte expansion's wishes, most wanted first
  std::optional<WrittenLeader> leader;  ///< the military leaders expansion's section
  std::vector<WrittenDefence> defend_with;  ///< the 1st edition's section; `all` is not listed
  std::optional<Written> token;  ///< the player's secret for mailed orders; the rules ignore it
  std::optional<WrittenCourt> court;    ///< the Imperial Court's side board (rules 13.1)
  std::vector<WrittenFavour> favours;   ///< its favours wished, most wanted first
  std::optional<SourceRef> draft_at;    ///< where `draft:` is written: an order file of the draft
  std::vector<WrittenDraftWish> draft;  ///< the draft season's list, most wanted first (rules 2.2)
  std::size_t draft_entries = 0;        ///< entries the list has, those too broken to read included
  std::optional<bool> draft_refresh;    ///< the draft's `refresh:` (D-49)
  SourceRef draft_refresh_at;
};

/// A planned action at a province the player holds.
struct ActionOrder {
  ProvinceId province;
  std::optional<ProvinceId> target;
  ArmyCount armies;
  int min_armies = 1;
  bool place = true;  ///< army1: false moves without placing (D-27)
};

/// The card on the bid space (rules 4.3).
enum class BidKind : std::uint8_t { coin, province, none };
struct Bid {
  BidKind kind = BidKind::none;
  int coin = 0;
  ProvinceId province;
  bool operator==(const Bid&) const = default;
};

/// Rules 13.3: where a leader beside the board is placed, where the leader moves after the ten
/// actions, and whether it leaves a statue behind. What is not written, or cannot be done when
/// its time comes, is decided by the fallbacks of wallenstein/rules/leaders.hpp.
struct LeaderOrder {
  std::optional<ProvinceId> place;
  std::optional<ProvinceId> move_to;
  bool statue = false;
  bool stay_beside = false;  ///< `place: none`: a leader taken off stays beside the board (D-46)
  bool operator==(const LeaderOrder&) const = default;
};

/// A player's orders for one season, checked and resolved to ids.
struct Orders {
  PlayerIndex player;
  std::array<std::optional<ActionOrder>, kMaxActionSpaces> actions;  ///< by space; unused: empty
  Bid bid;
  std::vector<TileId> tile_preferences;
  std::vector<ProvinceId> winter_revolt_order;
  std::vector<LandsknechtBonus> landsknecht_wishes;  ///< most wanted first (rules 13.2)
  LeaderOrder leader;                                ///< the military leaders (rules 13.3)
  /// The 1st edition (rules 12): the most cubes the player throws when defending a province
  /// against an attack or a revolt; a province not listed throws all.
  std::vector<std::pair<ProvinceId, int>> defend_with;
  /// The draft season (rules 2.2, D-42): the provinces wanted, most wanted first.
  DraftOrders draft;
  CourtOrder court;  ///< the Imperial Court (rules 13.1): the side board and the favours wished

  const std::optional<ActionOrder>& operator[](Action a) const { return actions[index_of(a)]; }
};

/// The cubes a defender throws from a province holding `armies` (rules 8.1: all of them; the 1st
/// edition's `defend_with` may hold some back, rules 12).
int defenders_thrown(const Orders& orders, ProvinceId province, int armies);

/// Rules 4.3, D-25: whether a player has a card left for the bid once each of the ten action
/// spaces holds one (more than ten cards: 5 coins and 6 provinces or more).
bool card_left_for_bid(const GameState& state, const Ruleset& rules, PlayerIndex player);
/// The same for a player holding `province_cards` province cards.
bool card_left_for_bid(int province_cards, const Ruleset& rules);

/// What a player who sent nothing does with `--nmr pass` (rules 11, D-13): coin cards only, bid 0;
/// bid none when no card is left for the bid and the rules version has D-25 (D-29).
Orders pass_orders(PlayerIndex player, const GameState& state, const Ruleset& rules);

/// The outcome of checking one order file.
struct OrderCheck {
  Orders orders;
  std::vector<Problem> errors;
  std::vector<Problem> warnings;
  bool ok() const { return errors.empty(); }
};

/// Checks a written order file against the season being planned (interfaces 3). Lists every
/// problem with the values its message and hint show; `resolve` calls the same function, so
/// check and resolve agree.
OrderCheck check_orders(const WrittenOrders& written, const GameState& state, const Ruleset& rules);

}  // namespace wallenstein
