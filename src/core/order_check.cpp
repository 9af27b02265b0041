#include <algorithm>
#include <set>

#include "core/orders.hpp"
#include "core/ruleset.hpp"
#include "core/text.hpp"

namespace wallenstein {
namespace {

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

bool is_none(std::string_view text) {
  return text.size() == 4 && (text[0] | 0x20) == 'n' && (text[1] | 0x20) == 'o' && (text[2] | 0x20) == 'n' &&
         (text[3] | 0x20) == 'e';
}

/// Checks one written order file; one instance per call keeps the problem lists together.
class Checker {
 public:
  Checker(const WrittenOrders& written, const GameState& state, const Ruleset& rules)
      : written_(written), state_(state), rules_(rules), changes_(rules.changes()) {}

  OrderCheck run() {
    check_header();
    if (!player_) return std::move(result_);  // Without a player nothing else can be judged.
    result_.orders.player = *player_;
    for (Action action : kAllActions) check_action(action);
    check_bid();
    check_coin_cards();
    check_turn_order();
    check_winter_revolt_order();
    return std::move(result_);
  }

 private:
  void error(SourceRef at, std::string message) { result_.errors.push_back({at, std::move(message)}); }
  void warning(SourceRef at, std::string message) { result_.warnings.push_back({at, std::move(message)}); }

  const std::string& name(ProvinceId id) const { return rules_.province(id).name; }

  std::vector<std::string> names(const std::vector<ProvinceId>& ids) const {
    std::vector<std::string> out;
    out.reserve(ids.size());
    for (ProvinceId id : ids) out.push_back(name(id));
    return out;
  }

  void check_header() {
    if (written_.game.text != state_.game) {
      error(written_.game.at, "game " + quoted(written_.game.text) + " is not this game; expected " +
                                  quoted(state_.game));
    }
    // Player ids are lowercase; `player: Red` is taken for `red` (README, the order file).
    player_ = state_.find_player_any_case(written_.player.text);
    if (!player_) {
      std::vector<std::string> ids;
      for (const auto& p : state_.players) ids.push_back(p.id);
      error(written_.player.at, "unknown player " + quoted(written_.player.text) + "; the players are " +
                                    join_names(ids, " and "));
    }
    const SeasonLabel label = season_label(rules_, state_.season_index);
    if (state_.finished) {
      error(written_.season.at, "the game is over; no more orders are taken");
    } else if (written_.season.text != label.name()) {
      error(written_.season.at, "season " + quoted(written_.season.text) +
                                    " is not the season being planned; expected " + quoted(label.name()));
    }
  }

  /// Resolves a province name; reports unknown names with the nearest ones.
  std::optional<ProvinceId> lookup(const Written& w) {
    auto id = rules_.find_province(w.text);
    if (!id) {
      std::string message = "unknown province " + quoted(w.text);
      auto near = rules_.nearest_province_names(w.text);
      if (!near.empty()) {
        for (auto& n : near) n = quoted(n);
        message += "; did you mean " + join_names(near) + "?";
      }
      error(w.at, std::move(message));
      return std::nullopt;
    }
    if (!rules_.in_play(*id, state_.player_count())) {
      error(w.at, name(*id) + " is out of play with " + std::to_string(state_.player_count()) + " players");
      return std::nullopt;
    }
    return id;
  }

  /// A province the player must hold now (actions, bid, winter order).
  std::optional<ProvinceId> own_province(const Written& w) {
    auto id = lookup(w);
    if (!id) return std::nullopt;
    const auto& owner = state_.at(*id).owner;
    if (owner != player_) {
      std::string message = name(*id) + " is not yours: ";
      message += owner ? "it is held by " + state_.player(*owner).id : std::string("it is neutral");
      const auto mine = state_.provinces_of(*player_);
      message += mine.empty() ? "; you hold no province" : "; you hold " + join_names(names(mine), " and ");
      error(w.at, std::move(message));
      return std::nullopt;
    }
    return id;
  }

  /// Each province card at most once among the actions and the bid (rules 4.3).
  bool claim_card(ProvinceId id, const Written& w, std::string_view use) {
    for (const auto& [used, where] : cards_used_) {
      if (used == id) {
        error(w.at, name(id) + " is already used for " + where + "; each province card serves once per season");
        return false;
      }
    }
    cards_used_.emplace_back(id, std::string(use));
    return true;
  }

  void check_action(Action action) {
    const auto& slot = written_.actions[static_cast<std::size_t>(action)];
    if (!slot) return;  // The reader reports missing actions.
    if (is_none(slot->province.text)) {
      ++none_actions_;
      return;
    }
    const auto province = own_province(slot->province);
    if (province) claim_card(*province, slot->province, action_key(action));
    ActionOrder order;
    if (province) order.province = *province;
    if (slot->armies) {
      order.armies = *slot->armies;
      if (!order.armies.all && order.armies.count > rules_.pieces.cubes_per_player) {
        error(slot->armies_at, "armies: " + std::to_string(order.armies.count) + " is more than a player's " +
                                   std::to_string(rules_.pieces.cubes_per_player) + " cubes");
      }
    }
    if (slot->min_armies) {
      order.min_armies = *slot->min_armies;
      if (!order.armies.all && order.min_armies > order.armies.count) {
        error(slot->min_armies_at, "min_armies " + std::to_string(order.min_armies) + " is more than armies " +
                                       std::to_string(order.armies.count) + ": the move could never happen");
      }
    }
    if (slot->place) {
      order.place = *slot->place;
      if (!order.place) check_move_only(*slot);
    }
    if (rules_.action(action).kind == ActionKind::battle && !slot->target) {
      const std::string key(action_key(action));
      error(slot->province.at, key + " needs a target: write `" + key + ": {province: " + slot->province.text +
                                   ", target: ...}` with the adjacent province to attack or move to");
    }
    if (slot->target) {
      const auto target = lookup(*slot->target);
      if (target && province) check_target(action, *province, *target, *slot->target);
      if (target) order.target = *target;
    }
    // A source short of armies is the forecast's to say (core/forecast.hpp), not an order error.
    if (province) result_.orders.actions[static_cast<std::size_t>(action)] = order;
  }

  /// army1 with `place: false` (rules 5, D-27): only in rules versions that have it, and only with a move.
  void check_move_only(const WrittenAction& slot) {
    if (!changes_.army1_may_only_move) {
      error(slot.place_at, "place: false is not in this game's rules (version " + std::to_string(rules_.version) +
                               "): army1 places 1 army and may then move; remove place: false, or write army1: none");
    } else if (!slot.target) {
      error(slot.place_at, "army1 with place: false needs move_to: a move only without a move does nothing; add "
                           "move_to, or remove place: false to place 1 army");
    }
  }

  void check_target(Action action, ProvinceId from, ProvinceId target, const Written& w) {
    if (!rules_.adjacent(from, target)) {
      std::vector<ProvinceId> near;
      for (ProvinceId n : rules_.province(from).neighbours) {
        if (rules_.in_play(n, state_.player_count())) near.push_back(n);
      }
      error(w.at, name(target) + " is not adjacent to " + name(from) + "; its neighbours are " +
                      join_names(names(near), " and "));
      return;
    }
    if (action == Action::army1 && state_.at(target).owner != player_) {
      warning(w.at, name(target) + " is not yours now: army1 moves there only if you hold it when it is played");
    }
  }

  void check_bid() {
    if (!written_.bid) return;  // The reader reports a missing bid.
    const Written& w = *written_.bid;
    Bid& bid = result_.orders.bid;
    if (is_none(w.text)) {
      bid.kind = BidKind::none;
      return;
    }
    if (!bid_possible()) {
      error(w.at, no_card_for_bid(w.text));
      return;
    }
    const bool numeric = !w.text.empty() && w.text.size() <= 9 &&
                         std::all_of(w.text.begin(), w.text.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (numeric) {
      const int value = std::stoi(w.text);
      bid.kind = BidKind::coin;
      bid.coin = value;
      const auto& coins = rules_.coin_cards;
      if (std::find(coins.begin(), coins.end(), value) == coins.end()) {
        std::vector<std::string> list;
        list.reserve(coins.size());
        for (int c : coins) list.push_back(std::to_string(c));
        error(w.at, "bid " + w.text + " is not a coin card; the coins are " + join_names(list, " and ") +
                        ", or bid a province card or none");
      } else if (value > state_.player(*player_).thaler) {
        const int thaler = state_.player(*player_).thaler;
        error(w.at, "bid " + w.text + " is more than your " + std::to_string(thaler) + " thaler; bid at most " +
                        std::to_string(std::min(thaler, coins.back())) + ", a province card or none");
      }
      return;
    }
    const auto province = own_province(w);
    if (!province) return;
    bid.kind = BidKind::province;
    bid.province = *province;
    claim_card(*province, w, "the bid");
  }

  /// Rules 4.3, D-25: the ten action spaces are covered first; the bid takes a card left over.
  bool bid_possible() const {
    return !changes_.bid_needs_a_spare_card || card_left_for_bid(state_, rules_, *player_);
  }

  std::string no_card_for_bid(const std::string& bid) const {
    const int held = state_.province_count(*player_);
    const int coins = static_cast<int>(rules_.coin_cards.size());
    const std::string provinces = held == 0   ? std::string()
                                  : held == 1 ? "1 province card and "
                                              : std::to_string(held) + " province cards and ";
    return "no card is left for bid " + bid + ": your " + provinces + std::to_string(coins) +
           " coin cards all belong on the " + std::to_string(kActionCount) +
           " action spaces, which come first; with " + std::to_string(kActionCount - coins) +
           " provinces or fewer, write bid: none";
  }

  /// Coin cards cover the spaces without a province; a space may stay empty only when no card is
  /// left to cover it (rules 4.3, interfaces 3).
  void check_coin_cards() {
    const bool coin_bid = result_.orders.bid.kind == BidKind::coin;
    const int coins = static_cast<int>(rules_.coin_cards.size());
    const int needed = none_actions_ + (coin_bid ? 1 : 0);
    if (needed <= coins) return;
    std::vector<ProvinceId> free;
    for (ProvinceId id : state_.provinces_of(*player_)) {
      const bool used = std::any_of(cards_used_.begin(), cards_used_.end(),
                                    [id](const auto& entry) { return entry.first == id; });
      if (!used) free.push_back(id);
    }
    if (free.empty()) return;
    error(written_.actions_at,
          std::to_string(none_actions_) + " actions are none" + (coin_bid ? " and the bid is a coin" : "") +
              ": that needs " + std::to_string(needed) + " coin cards but you hold " + std::to_string(coins) +
              "; put one of your free province cards (" + join_names(names(free), " and ") + ") on an action" +
              (bid_possible() ? " or on the bid" : ""));
  }

  void check_turn_order() {
    std::set<std::string> seen;
    for (const Written& w : written_.turn_order) {
      const auto tile = rules_.find_tile(w.text);
      if (!tile) {
        std::vector<std::string> ids;
        std::string nearest;
        int best = 3;
        for (const auto& t : rules_.tiles) {
          ids.push_back(t.id);
          const int d = edit_distance(w.text, t.id);
          if (d < best) best = d, nearest = t.id;
        }
        error(w.at, "unknown bonus tile " + quoted(w.text) +
                        (nearest.empty() ? "" : "; did you mean " + quoted(nearest) + "?") + " The tiles are " +
                        join_names(ids, " and "));
        continue;
      }
      if (!seen.insert(w.text).second) {
        error(w.at, "bonus tile " + quoted(w.text) + " is listed twice in turn_order");
        continue;
      }
      result_.orders.tile_preferences.push_back(*tile);
    }
  }

  void check_winter_revolt_order() {
    std::vector<ProvinceId> seen;
    for (const Written& w : written_.winter_revolt_order) {
      const auto id = own_province(w);
      if (!id) continue;
      if (std::find(seen.begin(), seen.end(), *id) != seen.end()) {
        error(w.at, name(*id) + " is listed twice in winter_revolt_order");
        continue;
      }
      seen.push_back(*id);
    }
    const SeasonLabel label = season_label(rules_, state_.season_index);
    if (!written_.winter_revolt_order.empty() && label.season != rules_.seasons.back()) {
      warning(written_.winter_revolt_order.front().at,
              "winter_revolt_order is used only in " + std::string(season_key(rules_.seasons.back())) +
                  " orders; it is ignored this season");
    }
    result_.orders.winter_revolt_order = std::move(seen);
  }

  const WrittenOrders& written_;
  const GameState& state_;
  const Ruleset& rules_;
  const RuleChanges changes_;
  OrderCheck result_;
  std::optional<PlayerIndex> player_;
  std::vector<std::pair<ProvinceId, std::string>> cards_used_;
  int none_actions_ = 0;
};

}  // namespace

bool card_left_for_bid(const GameState& state, const Ruleset& rules, PlayerIndex player) {
  return card_left_for_bid(state.province_count(player), rules);
}

bool card_left_for_bid(int province_cards, const Ruleset& rules) {
  return province_cards + static_cast<int>(rules.coin_cards.size()) > kActionCount;
}

Orders pass_orders(PlayerIndex player, const GameState& state, const Ruleset& rules) {
  Orders orders;
  orders.player = player;
  // Rules 11 bids 0; D-29: only with a card left for the bid (D-25), else none.
  const bool bids = !rules.changes().bid_needs_a_spare_card || card_left_for_bid(state, rules, player);
  orders.bid = bids ? Bid{BidKind::coin, 0, ProvinceId{}} : Bid{BidKind::none, 0, ProvinceId{}};
  return orders;
}

OrderCheck check_orders(const WrittenOrders& written, const GameState& state, const Ruleset& rules) {
  return Checker(written, state, rules).run();
}

}  // namespace wallenstein
