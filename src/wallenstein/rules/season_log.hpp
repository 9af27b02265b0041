#pragma once

#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ids.hpp"
#include "wallenstein/rules/orders.hpp"

namespace wallenstein {

/// One throw into the combat tower (rules 8.4). `inside_after` is hidden: game master only.
struct TowerThrow {
  CubeCounts fighting;      ///< the battle's own cubes thrown in
  CubeCounts from_tray;     ///< the tray's cubes thrown in with them
  CubeCounts released;      ///< cubes stuck earlier that fell out
  CubeCounts stuck;         ///< thrown cubes that stayed inside
  CubeCounts out;           ///< the tray after the throw
  CubeCounts inside_after;  ///< hidden
  bool operator==(const TowerThrow&) const = default;
};

/// Why a planned action did not happen (rules 4.6).
enum class CancelReason : std::uint8_t {
  province_lost,   ///< the card changed hands earlier this season
  card_left_hand,  ///< the province was lost earlier this season and won back (D-26)
  not_enough_thaler,
  not_enough_reserve,
  no_building_left,  ///< the supply of that building is empty
  already_built,     ///< the province has that building type
  no_free_site,
  too_few_armies,      ///< a battle needs `need` armies in the source
  min_armies_not_met,  ///< fewer than `min_armies` could move
  target_protected,    ///< religious peace: the target has a church
  move_target_not_own,
  target_shielded,  ///< the Imperial Court: the target's holder took a favour against this battle
};

/// Every cancel reason, for readers of written logs.
inline constexpr std::array<CancelReason, 12> kAllCancelReasons = {
    CancelReason::province_lost,       CancelReason::card_left_hand,
    CancelReason::not_enough_thaler,   CancelReason::not_enough_reserve,
    CancelReason::no_building_left,    CancelReason::already_built,
    CancelReason::no_free_site,        CancelReason::too_few_armies,
    CancelReason::min_armies_not_met,  CancelReason::target_protected,
    CancelReason::move_target_not_own, CancelReason::target_shielded};
static_assert(lists_in_order(kAllCancelReasons));

/// A planned action (or, for army1, its move) that was cancelled, with the numbers that decided.
struct Cancelled {
  int slot = 0;
  Action action;
  PlayerIndex player;
  ProvinceId province;
  CancelReason reason = CancelReason::province_lost;
  int need = 0;
  int have = 0;
  bool move_only = false;  ///< army1: the placement happened, only the move was cancelled
  bool placement_only =
      false;  ///< army1: only the placement was cancelled, the move goes on (D-27)
  std::optional<ProvinceId> target;
  std::optional<PlayerIndex> holder;  ///< province_lost: who holds it now (empty: neutral)
  bool operator==(const Cancelled&) const = default;
};

/// A building was put up (rules 5).
struct Built {
  int slot = 0;
  PlayerIndex player;
  ProvinceId province;
  Building building = Building::palace;
  int cost = 0;
  int markers_removed = 0;  ///< "trading house calms" event
  std::optional<EventId> event;
  int leader_bonus = 0;  ///< the military leader's change to the cost (rules 13.3, E-2)
  Action action;         ///< the space played (a board may have two that build the same)
  bool operator==(const Built&) const = default;
};

/// Grain or taxes collected, with the modifiers in the order they apply (rules 5: event, then
/// tile).
struct Collected {
  int slot = 0;
  PlayerIndex player;
  ProvinceId province;
  Resource resource = Resource::grain;
  int base = 0;
  std::optional<EventId> event;  ///< set when the event changed the amount
  int after_event = 0;
  int tile_bonus = 0;
  int leader_bonus = 0;  ///< the military leader's, after the tile (rules 13.3, E-2)
  int amount = 0;
  int total_after = 0;
  Action action;  ///< the space played (a board may have two that collect the same)
  bool operator==(const Collected&) const = default;
};

/// Armies placed from the reserve (rules 5).
struct Placed {
  int slot = 0;
  Action action;
  PlayerIndex player;
  ProvinceId province;
  int base = 0;
  std::optional<EventId> event;  ///< army shortage
  int tile_bonus = 0;
  int leader_bonus = 0;  ///< the military leader's, after the tile (rules 13.3, E-2)
  int count = 0;
  int cost = 0;
  bool operator==(const Placed&) const = default;
};

/// Armies moved between two provinces of the same player, without battle.
struct Moved {
  int slot = 0;
  Action action;
  PlayerIndex player;
  ProvinceId from;
  ProvinceId to;
  int count = 0;
  bool operator==(const Moved&) const = default;
};

/// Who won a battle or revolt (rules 8.3).
enum class BattleResult : std::uint8_t { attacker, defender, tie };
/// Every battle result, for readers of written logs.
inline constexpr std::array<BattleResult, 3> kAllBattleResults = {
    BattleResult::attacker, BattleResult::defender, BattleResult::tie};
static_assert(lists_in_order(kAllBattleResults));

/// A battle by battle A/B against a player or a neutral province (rules 8).
struct Battle {
  int slot = 0;
  Action action;
  PlayerIndex attacker;
  std::optional<PlayerIndex> defender;  ///< empty: a neutral province
  ProvinceId from;
  ProvinceId target;
  int attacking = 0;      ///< cubes moved from the source
  int attack_bonus = 0;   ///< attack tile cubes from the reserve
  int defending = 0;      ///< defender cubes thrown from the province
  int held_back = 0;      ///< defender cubes kept out of the tower (`defend_with`, rules 12)
  int defense_bonus = 0;  ///< defense tile cubes
  int palace_guard = 0;   ///< event cubes
  int peasants = 0;       ///< neutral province: peasants thrown
  bool peasants_stay_out = false;  ///< too many revolt markers: tray peasants fight for nobody
  TowerThrow tower;
  int attacker_count = 0;     ///< attacker cubes in the tray
  int defender_count = 0;     ///< defender side in the tray, peasants included
  int defender_peasants = 0;  ///< of which peasants
  BattleResult result = BattleResult::tie;
  int survivors = 0;       ///< the winner's cubes that went into the province
  int buildings_lost = 0;  ///< tie: buildings removed
  bool operator==(const Battle&) const = default;
};

/// Why peasants rose (rules 7).
enum class RevoltCause : std::uint8_t { grain, taxes, winter };
/// Every revolt cause, for readers of written logs.
inline constexpr std::array<RevoltCause, 3> kAllRevoltCauses = {
    RevoltCause::grain, RevoltCause::taxes, RevoltCause::winter};
static_assert(lists_in_order(kAllRevoltCauses));

/// A revolt (rules 7, 8). In winter `slot` is 0.
struct Revolt {
  int slot = 0;
  RevoltCause cause = RevoltCause::taxes;
  PlayerIndex player;
  ProvinceId province;
  int markers = 0;         ///< revolt markers when it broke out (winter: including the new one)
  int extra_peasants = 0;  ///< winter supply table
  int peasants = 0;        ///< peasants thrown (short supply throws fewer)
  int defending = 0;       ///< the player's cubes thrown from the province
  int held_back = 0;       ///< the player's cubes kept out of the tower (`defend_with`, rules 12)
  TowerThrow tower;
  int player_count = 0;   ///< the player's cubes in the tray
  int peasant_count = 0;  ///< peasants in the tray
  bool player_won = false;
  int survivors = 0;
  int buildings_lost = 0;
  bool operator==(const Revolt&) const = default;
};

/// A revolt marker put on a province after collecting (rules 7.1) or a winter shortage (D-10).
struct MarkerAdded {
  int slot = 0;
  PlayerIndex player;
  ProvinceId province;
  int markers_after = 0;
  bool supply_empty = false;  ///< no marker was left to place
  bool shielded = false;      ///< the Imperial Court's kept card #4 cancelled it (E-7)
  bool operator==(const MarkerAdded&) const = default;
};

/// One step of a season, in the order it happened.
using LogEntry =
    std::variant<Cancelled, Built, Collected, Placed, Moved, Battle, Revolt, MarkerAdded>;

/// A player's turn of the Landsknechte pile (rules 13.2): the card turned and the bonus taken from
/// it, or (`card` empty) nothing, when the player's provinces lie in too few regions.
struct LandsknechtTurn {
  PlayerIndex player;
  int regions = 0;          ///< the regions the player's provinces lie in
  std::optional<int> card;  ///< 1: the first card below the blank (the year's first success)
  LandsknechtBonus bonus = LandsknechtBonus::thaler;
  int amount = 0;  ///< what the bonus gave (tray: the cubes the reserve had, up to the card's)
  bool operator==(const LandsknechtTurn&) const = default;
};

/// What happened to a military leader (rules 13.3).
enum class LeaderStepKind : std::uint8_t { placed, moved, taken_off };
/// Every kind of leader step, for readers of written logs.
inline constexpr std::array<LeaderStepKind, 3> kAllLeaderStepKinds = {
    LeaderStepKind::placed, LeaderStepKind::moved, LeaderStepKind::taken_off};
static_assert(lists_in_order(kAllLeaderStepKinds));

/// A military leader placed from beside the board, moved after the ten actions (or kept where it
/// stands when its player holds no other province), or taken off with its province (E-13).
struct LeaderStep {
  LeaderStepKind kind = LeaderStepKind::moved;
  PlayerIndex player;
  ProvinceId province;                ///< where it was placed or went; taken off: the province lost
  std::optional<ProvinceId> from;     ///< moved: where it stood (the same when it stayed)
  bool statue = false;                ///< moved: a statue of the player stays in `from`
  std::vector<PlayerIndex> trophies;  ///< the statues taken in `province`, by their owners
  bool as_ordered = true;  ///< placed, moved: false when the order was missing or impossible
  std::optional<ProvinceId> asked;  ///< not as ordered: the province the order named, if any
  bool in_winter = false;           ///< taken off: by a winter revolt
  bool operator==(const LeaderStep&) const = default;
};

/// A player's bid, revealed (rules 4.5).
struct BidRecord {
  PlayerIndex player;
  Bid bid;
  int paid = 0;
  bool operator==(const BidRecord&) const = default;
};

/// Scoring of one player in winter (rules 9.3).
struct Score {
  PlayerIndex player;
  int provinces = 0;
  int buildings = 0;
  int majorities = 0;
  int statues = 0;  ///< the game's last winter: own statues on the board and trophies (rules 13.3)
  int total = 0;
  int vp_after = 0;
  bool operator==(const Score&) const = default;
};

/// A regional majority and who got what for it.
struct Majority {
  RegionId region;
  Building building = Building::palace;
  std::vector<std::pair<PlayerIndex, int>> counts;  ///< every player with at least one, by seat
  std::vector<PlayerIndex> leaders;
  int points = 0;  ///< each leader's VP
  bool operator==(const Majority&) const = default;
};

/// A player's winter supply (rules 9.1, 9.2).
struct WinterSupply {
  PlayerIndex player;
  int grain_before = 0;
  int grain_after_loss = 0;
  int provinces = 0;
  int unsupplied = 0;
  int revolt_count = 0;  ///< how many revolts the supply table gives
  int extra_peasants = 0;
  std::vector<ProvinceId> drawn;  ///< the provinces that revolt, in the order fought
  bool operator==(const WinterSupply&) const = default;
};

/// Winter after autumn (rules 9).
struct WinterLog {
  EventId last_event;
  int grain_loss = 0;
  std::vector<WinterSupply> supply;  ///< autumn turn order
  std::vector<Revolt> revolts;
  /// The marker each revolt got first, one per revolt (D-10); none where the rules add no marker
  /// (the 1st edition, rules 12).
  std::vector<MarkerAdded> markers;
  std::vector<Score> scores;  ///< seat order
  std::vector<Majority> majorities;
  int markers_removed = 0;
  std::vector<EventId> next_year_events;  ///< empty after the last winter
  bool operator==(const WinterLog&) const = default;
};

/// Everything that happened while resolving one season (the content of log.yaml).
struct SeasonLog {
  int season_index = 1;
  std::vector<PlayerIndex> nmr;
  EventId event;
  std::vector<BidRecord> bids;                        ///< seat order
  std::vector<PlayerIndex> bid_ranking;               ///< order in which tiles were chosen
  std::vector<std::pair<PlayerIndex, TileId>> tiles;  ///< seat order
  std::vector<PlayerIndex> turn_order;
  std::vector<LandsknechtTurn> landsknechte;  ///< turn order; empty without the expansion
  std::vector<LeaderStep> leaders;   ///< as they happened; empty without the military leaders
  std::vector<Action> action_cards;  ///< the slots' cards, slot 1 first
  std::vector<LogEntry> entries;
  std::optional<WinterLog> winter;
  std::vector<PlayerIndex> winners;  ///< set when the game ended
  std::vector<DraftPick> draft;      ///< the draft season's picks, in the order played (rules 2.2)
  std::vector<Conversion> court_conversions;  ///< the Imperial Court's step 1, in turn order
  std::vector<FavourTurn> court_favours;      ///< its step 2, in the order the players chose
  bool operator==(const SeasonLog&) const = default;
};

}  // namespace wallenstein
