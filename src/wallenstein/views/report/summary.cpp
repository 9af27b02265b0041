#include <algorithm>
#include <variant>

#include "wallenstein/rules/standings.hpp"
#include "wallenstein/views/report/names.hpp"

namespace wallenstein::report {
namespace {

using kainjow::mustache::list;

/// How a province changed hands during a season, as the log tells it.
struct Change {
  ProvinceId province;
  bool battle = false;               ///< taken or lost in battle
  bool tie = false;                  ///< devastated in a tie
  bool revolt = false;               ///< lost to a revolt
  std::optional<PlayerIndex> other;  ///< who it was taken from, or lost to (empty: neutral)
};

/// The last step of the season that moved `province` from or to `me`.
Change how_it_changed(const SeasonLog& log, ProvinceId province, PlayerIndex me, bool gained) {
  Change c{province, false, false, false, std::nullopt};
  const auto look = [&](const LogEntry& entry) {
    if (const Battle* b = std::get_if<Battle>(&entry); b && b->target == province) {
      if (gained && b->attacker == me && b->result == BattleResult::attacker)
        c = {province, true, false, false, b->defender};
      if (!gained && b->defender == me && b->result == BattleResult::attacker)
        c = {province, true, false, false, b->attacker};
      if (!gained && b->defender == me && b->result == BattleResult::tie)
        c = {province, false, true, false, std::nullopt};
    }
    if (const Revolt* r = std::get_if<Revolt>(&entry);
        r && r->province == province && !gained && r->player == me && !r->player_won) {
      c = {province, false, false, true, std::nullopt};
    }
  };
  for (const LogEntry& e : log.entries) look(e);
  if (log.winter) {
    for (const Revolt& r : log.winter->revolts) look(r);
  }
  return c;
}

/// {before, after, change, up, down} of a counter.
Data counter(int before, int after) {
  Data d;
  d["before"] = std::to_string(before);
  d["after"] = std::to_string(after);
  d["change"] = std::to_string(after > before ? after - before : before - after);
  d["up"] = after > before;
  d["down"] = after < before;
  return d;
}

}  // namespace

Data bid_data(const Bid& bid, const Names& names) {
  Data x;
  x["coin"] = bid.kind == BidKind::coin;
  x["value"] = std::to_string(bid.coin);
  x["province_card"] = bid.kind == BidKind::province;
  if (bid.kind == BidKind::province) x["province"] = names.province(bid.province);
  x["none"] = bid.kind == BidKind::none;
  return x;
}

Data bid_ranking(const SeasonLog& log, const Names& names) {
  const Ruleset& rules = names.rules();
  const auto bid_of = [&](PlayerIndex p) {
    for (const BidRecord& b : log.bids) {
      if (b.player == p) return b.bid;
    }
    return Bid{};
  };
  // Rules 4.5: coins 4 to 1, province cards, coin 0, no card; equal bids were ranked by lot (D-19).
  const auto same = [](const Bid& a, const Bid& b) {
    return a.kind == b.kind && (a.kind != BidKind::coin || a.coin == b.coin);
  };
  list rows;
  bool any_tie = false;
  for (std::size_t i = 0; i < log.bid_ranking.size(); ++i) {
    const PlayerIndex p = log.bid_ranking[i];
    Data x = names.player_ref(p);
    x["rank"] = std::to_string(i + 1);
    x["bid"] = bid_data(bid_of(p), names);
    for (const BidRecord& b : log.bids) {
      if (b.player == p) x["paid"] = std::to_string(b.paid), x["pays"] = b.paid > 0;
    }
    const bool tied =
        (i > 0 && same(bid_of(log.bid_ranking[i - 1]), bid_of(p))) ||
        (i + 1 < log.bid_ranking.size() && same(bid_of(log.bid_ranking[i + 1]), bid_of(p)));
    x["by_lot"] = tied;
    any_tie = any_tie || tied;
    for (const auto& [who, tile] : log.tiles) {
      if (who == p) x["tile"] = rules.tile(tile).name;
    }
    const auto at = std::find(log.turn_order.begin(), log.turn_order.end(), p);
    x["position"] = std::to_string(at - log.turn_order.begin() + 1);
    rows.push_back(x);
  }
  mark_last(rows);
  Data d;
  d["rows"] = rows;
  d["by_lot"] = any_tie;
  return d;
}

Data personal_summary(const SeasonView& in, const Names& names, PlayerIndex me) {
  const GameState& before = *in.start;
  const GameState& after = *in.after;
  const SeasonLog& log = *in.log;
  Data d;
  list won;
  list lost;
  for (std::size_t i = 0; i < before.provinces.size(); ++i) {
    const ProvinceId id = ProvinceId::at(i);
    const bool had = before.at(id).owner == me;
    const bool has = after.at(id).owner == me;
    if (had == has) continue;
    const Change c = how_it_changed(log, id, me, has);
    Data x;
    x["name"] = names.province(id);
    x["battle"] = c.battle;
    x["tie"] = c.tie;
    x["revolt"] = c.revolt;
    x["other"] = c.other ? names.player(*c.other) : std::string();
    x["neutral"] = !c.other.has_value();
    (has ? won : lost).push_back(x);
  }
  mark_last(won);
  mark_last(lost);
  // `*_any` guards a sentence; the list of the same name is what it loops over.
  d["won_any"] = !won.empty();
  d["won"] = won;
  d["lost_any"] = !lost.empty();
  d["lost"] = lost;
  d["unchanged"] = won.empty() && lost.empty();
  list cancelled;
  for (const LogEntry& e : log.entries) {
    if (const Cancelled* c = std::get_if<Cancelled>(&e); c && c->player == me) {
      Data x = step_data(e, names);
      x["slot"] = std::to_string(c->slot);
      cancelled.push_back(x);
    }
  }
  d["cancelled_any"] = !cancelled.empty();
  d["cancelled"] = cancelled;
  d["thaler"] = counter(before.player(me).thaler, after.player(me).thaler);
  d["grain"] = counter(before.player(me).grain, after.player(me).grain);
  d["vp"] = counter(before.player(me).vp, after.player(me).vp);
  const auto at = std::find(log.turn_order.begin(), log.turn_order.end(), me);
  d["position"] = std::to_string(at - log.turn_order.begin() + 1);
  d["tile"] = false;  // Rules 12: none in the 1st edition
  for (const auto& [who, tile] : log.tiles) {
    if (who == me) d["tile"] = names.rules().tile(tile).name;
  }
  d["players"] = std::to_string(after.players.size());
  for (const Standing& s : rank_players(after, names.rules())) {
    if (s.player != me) continue;
    d["place"] = std::to_string(s.place);
    d["shared"] = s.tie_break == TieBreak::shared;
  }
  return d;
}

namespace {

/// A tie-break's flags: its key's true, every other key's false (a section looks up a missing
/// name in the data around it, so every flag is set).
Data tie_break_flags(TieBreakKey which) {
  Data x;
  for (TieBreakKey key : kAllTieBreakKeys) x[std::string(tie_break_key(key))] = key == which;
  return x;
}

}  // namespace

Data tie_breaks_data(const Ruleset& rules) {
  list items;
  const auto& keys = rules.scoring.tie_breaks;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    Data x = tie_break_flags(keys[i]);
    x["before_last"] = i + 2 == keys.size();
    items.push_back(x);
  }
  mark_last(items);
  return items;
}

/// A player's values of the tie-breaks, in their order: each with `count`, `one` and the flag of
/// its key (worded by `_tie_value`: "19 thaler", "3 palaces").
list tie_values(const Names& names, const std::vector<int>& values) {
  list items;
  const auto& keys = names.rules().scoring.tie_breaks;
  for (std::size_t i = 0; i < keys.size() && i < values.size(); ++i) {
    Data x = tie_break_flags(keys[i]);
    Data counted;
    names.count(counted, "n", values[i]);  // the language's singular: 1, and 0 in French
    x["count"] = std::to_string(values[i]);
    x["one"] = counted.get("n_one")->is_true();
    items.push_back(x);
  }
  mark_last(items);
  return items;
}

Data final_ranking(const GameState& after, const Names& names) {
  list rows;
  const Ruleset& rules = names.rules();
  for (const Standing& s : rank_players(after, rules)) {
    const PlayerState& p = after.player(s.player);
    const std::vector<int> mine = tie_break_values(after, rules, s.player);
    Data x = names.player_ref(s.player);
    x["place"] = std::to_string(s.place);
    x["vp"] = std::to_string(p.vp);
    x["thaler"] = std::to_string(p.thaler);
    x["winner"] = s.place == 1;
    x["decided"] = s.tie_break == TieBreak::decided;
    x["shared"] = s.tie_break == TieBreak::shared;
    std::vector<std::string> same_vp;
    std::vector<std::string> same_both;
    for (std::size_t i = 0; i < after.players.size(); ++i) {
      const PlayerIndex other = after.player_index(i);
      if (other == s.player || after.player(other).vp != p.vp) continue;
      same_vp.push_back(names.player(other));
      if (tie_break_values(after, rules, other) == mine) same_both.push_back(names.player(other));
    }
    x["same_vp"] = names.names(same_vp);
    x["same_both"] = names.names(same_both);
    x["tie_values"] = tie_values(names, mine);
    rows.push_back(x);
  }
  mark_last(rows);
  return rows;
}

}  // namespace wallenstein::report
