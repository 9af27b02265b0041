#include "wallenstein/files/log_yaml.hpp"

#include "pbem/files/yaml_writer.hpp"
#include "wallenstein/files/json_view.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

/// Writes log entries with the names of this game's players and provinces.
class LogWriter {
 public:
  LogWriter(const GameState& state, const Ruleset& rules) : state_(state), rules_(rules) {}

  std::string player(PlayerIndex p) const { return state_.player(p).id; }
  std::string province(ProvinceId p) const { return rules_.province(p).id; }

  YamlOut players(const std::vector<PlayerIndex>& list) const {
    std::vector<std::string> ids;
    ids.reserve(list.size());
    for (PlayerIndex p : list) ids.push_back(player(p));
    return YamlOut::flow_list(ids);
  }

  /// Rules 13.3: a leader placed, moved or taken off.
  YamlOut leader_step(const LeaderStep& s) const {
    YamlOut row = YamlOut::map().add("player", player(s.player));
    switch (s.kind) {
      case LeaderStepKind::placed:
        row.add(std::string(leader_step_key(s.kind)), province(s.province));
        break;
      case LeaderStepKind::moved:
        row.add("from", province(s.from.value_or(s.province))).add("to", province(s.province));
        if (s.statue) row.add("statue", true);
        break;
      case LeaderStepKind::taken_off:
        row.add(std::string(leader_step_key(s.kind)), province(s.province));
        break;
    }
    if (!s.trophies.empty()) row.add("trophies", players(s.trophies));
    if (!s.as_ordered) row.add("fallback", true);
    if (s.asked) row.add("asked", province(*s.asked));
    if (s.in_winter) row.add("winter", true);
    return row.flow();
  }

  YamlOut provinces(const std::vector<ProvinceId>& list) const {
    std::vector<std::string> ids;
    ids.reserve(list.size());
    for (ProvinceId p : list) ids.push_back(province(p));
    return YamlOut::flow_list(ids);
  }

  /// Cube counts by colour, only the colours present.
  YamlOut cubes(const CubeCounts& counts) const {
    YamlOut out = YamlOut::map();
    for (std::size_t i = 0; i < state_.players.size(); ++i) {
      if (counts.n[i] != 0) out.add(state_.players[i].id, counts.n[i]);
    }
    if (counts.peasants() != 0) out.add("peasants", counts.peasants());
    return out.flow();
  }

  YamlOut tower(const TowerThrow& t) const {
    return YamlOut::map()
        .add("thrown", cubes(t.fighting))
        .add("from_tray", cubes(t.from_tray))
        .add("released", cubes(t.released))
        .add("stuck", cubes(t.stuck))
        .add("out", cubes(t.out))
        .add("gm_inside_after", cubes(t.inside_after));
  }

  YamlOut head(int slot, std::string_view what) const {
    YamlOut out = YamlOut::map();
    if (slot > 0) out.add("slot", slot);
    out.add("what", std::string(what));
    return out;
  }

  YamlOut operator()(const Cancelled& c) const {
    YamlOut out = head(c.slot, c.move_only        ? "move_cancelled"
                               : c.placement_only ? "placement_cancelled"
                                                  : "cancelled");
    out.add("action", rules_.action(c.action).id)
        .add("player", player(c.player))
        .add("province", province(c.province));
    out.add("reason", std::string(cancel_reason_key(c.reason)));
    if (c.need != 0 || c.have != 0) out.add("need", c.need).add("have", c.have);
    if (c.target) out.add("target", province(*c.target));
    if (c.reason == CancelReason::province_lost || c.reason == CancelReason::move_target_not_own ||
        c.reason == CancelReason::target_protected || c.reason == CancelReason::target_shielded) {
      out.add("holder", c.holder ? YamlOut::text(player(*c.holder)) : YamlOut::text("neutral"));
    }
    return out.flow();
  }

  YamlOut operator()(const Built& b) const {
    YamlOut out = head(b.slot, "built");
    out.add("action", rules_.action(b.action).id)
        .add("player", player(b.player))
        .add("province", province(b.province))
        .add("building", std::string(building_key(b.building)))
        .add("cost", b.cost);
    if (b.event)
      out.add("event", rules_.event(*b.event).id).add("markers_removed", b.markers_removed);
    if (b.leader_bonus != 0) out.add("leader_bonus", b.leader_bonus);
    return out.flow();
  }

  YamlOut operator()(const Collected& c) const {
    YamlOut out = head(c.slot, "collected");
    out.add("action", rules_.action(c.action).id)
        .add("player", player(c.player))
        .add("province", province(c.province));
    out.add("base", c.base);
    if (c.event) out.add("event", rules_.event(*c.event).id).add("after_event", c.after_event);
    if (c.tile_bonus != 0) out.add("tile_bonus", c.tile_bonus);
    if (c.leader_bonus != 0) out.add("leader_bonus", c.leader_bonus);
    out.add("amount", c.amount)
        .add(c.resource == Resource::grain ? "grain" : "thaler", c.total_after);
    return out.flow();
  }

  YamlOut operator()(const Placed& p) const {
    YamlOut out = head(p.slot, "placed");
    out.add("action", rules_.action(p.action).id)
        .add("player", player(p.player))
        .add("province", province(p.province));
    out.add("cost", p.cost).add("base", p.base);
    if (p.event) out.add("event", rules_.event(*p.event).id);
    if (p.tile_bonus != 0) out.add("tile_bonus", p.tile_bonus);
    if (p.leader_bonus != 0) out.add("leader_bonus", p.leader_bonus);
    out.add("armies", p.count);
    return out.flow();
  }

  YamlOut operator()(const Moved& m) const {
    return head(m.slot, "moved")
        .add("action", rules_.action(m.action).id)
        .add("player", player(m.player))
        .add("from", province(m.from))
        .add("to", province(m.to))
        .add("armies", m.count)
        .flow();
  }

  YamlOut operator()(const Battle& b) const {
    YamlOut out = head(b.slot, "battle");
    out.add("action", rules_.action(b.action).id)
        .add("player", player(b.attacker))
        .add("from", province(b.from))
        .add("target", province(b.target))
        .add("defender", b.defender ? player(*b.defender) : std::string("neutral"));
    YamlOut sides = YamlOut::map().add("attacking", b.attacking);
    if (b.attack_bonus) sides.add("attack_bonus", b.attack_bonus);
    if (b.defender) sides.add("defending", b.defending);
    if (b.held_back) sides.add("held_back", b.held_back);  // the 1st edition's defend_with
    if (b.defense_bonus) sides.add("defense_bonus", b.defense_bonus);
    if (b.palace_guard) sides.add("palace_guard", b.palace_guard);
    if (!b.defender) sides.add("peasants", b.peasants);
    out.add("cubes", sides.flow());
    if (b.peasants_stay_out) out.add("peasants_stay_out", true);
    out.add("tower", tower(b.tower).flow());
    out.add("count", YamlOut::map()
                         .add("attacker", b.attacker_count)
                         .add("defender", b.defender_count)
                         .add("of_which_peasants", b.defender_peasants)
                         .flow());
    out.add("result", std::string(battle_result_key(b.result)));
    if (b.result != BattleResult::tie) out.add("survivors", b.survivors);
    if (b.buildings_lost) out.add("buildings_lost", b.buildings_lost);
    return out;
  }

  YamlOut operator()(const Revolt& r) const {
    YamlOut out = head(r.slot, "revolt");
    out.add("cause", std::string(revolt_cause_key(r.cause)))
        .add("player", player(r.player))
        .add("province", province(r.province))
        .add("markers", r.markers);
    if (r.extra_peasants) out.add("extra_peasants", r.extra_peasants);
    YamlOut cubes = YamlOut::map().add("defending", r.defending);
    if (r.held_back) cubes.add("held_back", r.held_back);  // the 1st edition's defend_with
    out.add("cubes", cubes.add("peasants", r.peasants).flow());
    out.add("tower", tower(r.tower).flow());
    out.add("count",
            YamlOut::map().add("player", r.player_count).add("peasants", r.peasant_count).flow());
    out.add("result", r.player_won ? "put_down" : "lost");
    if (r.player_won) out.add("survivors", r.survivors);
    if (r.buildings_lost) out.add("buildings_lost", r.buildings_lost);
    return out;
  }

  YamlOut operator()(const MarkerAdded& m) const {
    YamlOut out = head(m.slot, "revolt_marker");
    out.add("player", player(m.player))
        .add("province", province(m.province))
        .add("markers", m.markers_after);
    if (m.supply_empty) out.add("supply_empty", true);
    if (m.shielded) out.add("shielded", true);
    return out.flow();
  }

  /// Rules 13.1: the court's two steps, each conversion and each player's turn at the favours.
  YamlOut court(const SeasonLog& log) const {
    YamlOut conversions = YamlOut::list();
    for (const Conversion& c : log.court_conversions) {
      YamlOut row = YamlOut::map().add("player", player(c.player)).add("cubes", c.cubes);
      row.add("from", c.province ? province(*c.province) : std::string("tower"));
      row.add("done", c.done);
      // From rules version 3 the log says why a space did not convert; older logs stay as they
      // were written, so that their seasons replay byte for byte.
      if (!c.done && rules_.version >= kConversionShortSince)
        row.add("short", std::string(conversion_short_key(c.short_of)));
      conversions.push(row.flow());
    }
    YamlOut favours = YamlOut::list();
    for (const FavourTurn& t : log.court_favours) {
      YamlOut row = YamlOut::map().add("player", player(t.player)).add("officers", t.officers);
      if (t.card) row.add("card", *t.card).add("cost", t.cost);
      if (t.province) row.add("province", province(*t.province));
      if (t.kept) row.add("kept", true);
      if (t.event_left) row.add("event_left", true);  // D-50
      if (t.no_effect) row.add("no_effect", true);    // D-51
      favours.push(row.flow());
    }
    return YamlOut::map()
        .add("conversions", std::move(conversions))
        .add("favours", std::move(favours));
  }

  YamlOut winter(const WinterLog& w) const {
    YamlOut out = YamlOut::map();
    out.add("event", rules_.event(w.last_event).id).add("grain_loss", w.grain_loss);
    YamlOut supply = YamlOut::list();
    for (const auto& s : w.supply) {
      YamlOut row = YamlOut::map();
      row.add("player", player(s.player))
          .add("grain", s.grain_before)
          .add("after_loss", s.grain_after_loss)
          .add("provinces", s.provinces)
          .add("unsupplied", std::max(0, s.unsupplied));
      if (s.revolt_count)
        row.add("revolts", s.revolt_count)
            .add("extra_peasants", s.extra_peasants)
            .add("drawn", provinces(s.drawn));
      supply.push(row.flow());
    }
    out.add("supply", std::move(supply));
    YamlOut revolts = YamlOut::list();
    for (std::size_t i = 0; i < w.revolts.size(); ++i) {
      if (!w.markers.empty()) revolts.push((*this)(w.markers[i]));  // none in the 1st edition
      revolts.push((*this)(w.revolts[i]));
    }
    out.add("revolts", std::move(revolts));
    YamlOut majorities = YamlOut::list();
    for (const auto& m : w.majorities) {
      YamlOut counts = YamlOut::map();
      for (const auto& [p, n] : m.counts) counts.add(player(p), n);
      majorities.push(YamlOut::map()
                          .add("region", rules_.regions[m.region.value].id)
                          .add("building", std::string(building_key(m.building)))
                          .add("counts", counts.flow())
                          .add("leaders", players(m.leaders))
                          .add("points", m.points)
                          .flow());
    }
    out.add("majorities", std::move(majorities));
    YamlOut scores = YamlOut::list();
    for (const auto& s : w.scores) {
      YamlOut row = YamlOut::map()
                        .add("player", player(s.player))
                        .add("provinces", s.provinces)
                        .add("buildings", s.buildings)
                        .add("majorities", s.majorities);
      if (s.statues != 0) row.add("statues", s.statues);  // the military leaders' last winter
      scores.push(row.add("total", s.total).add("vp", s.vp_after).flow());
    }
    out.add("scores", std::move(scores));
    out.add("markers_removed", w.markers_removed);
    std::vector<std::string> next;
    for (EventId e : w.next_year_events) next.push_back(rules_.event(e).id);
    out.add("next_year_events", YamlOut::flow_list(next));
    return out;
  }

 private:
  const GameState& state_;
  const Ruleset& rules_;
};

}  // namespace

std::string_view cancel_reason_key(CancelReason reason) {
  switch (reason) {
    case CancelReason::province_lost:
      return "province_lost";
    case CancelReason::card_left_hand:
      return "card_left_hand";
    case CancelReason::not_enough_thaler:
      return "not_enough_thaler";
    case CancelReason::not_enough_reserve:
      return "not_enough_reserve";
    case CancelReason::no_building_left:
      return "no_building_left";
    case CancelReason::already_built:
      return "already_built";
    case CancelReason::no_free_site:
      return "no_free_site";
    case CancelReason::too_few_armies:
      return "too_few_armies";
    case CancelReason::min_armies_not_met:
      return "min_armies_not_met";
    case CancelReason::target_protected:
      return "target_protected";
    case CancelReason::target_shielded:
      return "target_shielded";
    case CancelReason::move_target_not_own:
      return "move_target_not_own";
  }
  return "?";
}

std::string_view battle_result_key(BattleResult result) {
  switch (result) {
    case BattleResult::attacker:
      return "attacker";
    case BattleResult::defender:
      return "defender";
    case BattleResult::tie:
      return "tie";
  }
  return "?";
}

std::string_view leader_step_key(LeaderStepKind kind) {
  switch (kind) {
    case LeaderStepKind::placed:
      return "placed";
    case LeaderStepKind::moved:
      return "moved";
    case LeaderStepKind::taken_off:
      return "taken_off";
  }
  return "moved";
}

std::string_view conversion_short_key(ConversionShort why) {
  switch (why) {
    case ConversionShort::none:
      return "none";
    case ConversionShort::officers:
      return "officers";
    case ConversionShort::province:
      return "province";
    case ConversionShort::armies:
      return "armies";
    case ConversionShort::tray:
      return "tray";
  }
  return {};
}

std::string_view revolt_cause_key(RevoltCause cause) {
  switch (cause) {
    case RevoltCause::grain:
      return "grain";
    case RevoltCause::taxes:
      return "taxes";
    case RevoltCause::winter:
      return "winter";
  }
  return "?";
}

namespace {

/// Rules 4.5: the bids as revealed, the order in which tiles were chosen and the tiles taken.
void write_bids(YamlOut& root, const LogWriter& w, const SeasonLog& log, const Ruleset& rules) {
  YamlOut bids = YamlOut::list();
  for (const BidRecord& b : log.bids) {
    YamlOut row = YamlOut::map().add("player", w.player(b.player));
    switch (b.bid.kind) {
      case BidKind::coin:
        row.add("bid", b.bid.coin);
        break;
      case BidKind::province:
        row.add("bid", "province").add("province", w.province(b.bid.province));
        break;
      case BidKind::none:
        row.add("bid", "none");
        break;
    }
    bids.push(row.add("paid", b.paid).flow());
  }
  root.add("bids", std::move(bids));
  root.add("bid_ranking", w.players(log.bid_ranking));
  YamlOut tiles = YamlOut::map();
  for (const auto& [p, t] : log.tiles) tiles.add(w.player(p), rules.tile(t).id);
  root.add("tiles", tiles.flow());
}

}  // namespace

std::string write_log(const SeasonLog& log, const GameState& before, const Ruleset& rules,
                      const LogHeader& header) {
  const LogWriter w(before, rules);
  const SeasonLabel label = season_label(rules, log.season_index);
  YamlOut root = YamlOut::map();
  root.add("game", before.game).add("season", label.name()).add("season_index", log.season_index);
  root.add("nmr", w.players(log.nmr));
  root.add("nmr_policy", header.nmr_policy);
  if (header.rules_version > 0) root.add("rules_version", header.rules_version);
  if (!header.program_version.empty()) root.add("program_version", header.program_version);
  if (before.draft) {  // Rules 2.2: the draft season's log is its picks.
    YamlOut picks = YamlOut::list();
    for (const DraftPick& pick : log.draft) {
      std::vector<std::string> offered;
      for (const auto& card : pick.offered)
        if (card) offered.push_back(w.province(*card));
      YamlOut row = YamlOut::map()
                        .add("round", pick.round)
                        .add("player", w.player(pick.player))
                        .add("province", w.province(pick.province))
                        .add("armies", pick.armies)
                        .add("blind", pick.blind)
                        .add("offered", YamlOut::flow_list(offered));
      if (pick.refreshed()) {  // D-49: the pair put under the pile before the pick
        std::vector<std::string> under;
        for (const auto& card : pick.put_under) under.push_back(w.province(*card));
        row.add("put_under", YamlOut::flow_list(under));
      }
      if (pick.leader) row.add("leader", true);  // D-48
      picks.push(row.flow());
    }
    root.add("draft", std::move(picks));
    return root.dump("Wallenstein game \"" + before.game + "\": the draft (" + label.name() +
                     "), its picks in the order played.");
  }
  root.add("event", rules.event(log.event).id);
  if (rules.has_bids()) write_bids(root, w, log, rules);
  root.add("turn_order", w.players(log.turn_order));
  if (rules.plays(kLandsknechtePhase)) {
    YamlOut turns = YamlOut::list();
    for (const LandsknechtTurn& t : log.landsknechte) {
      YamlOut row = YamlOut::map().add("player", w.player(t.player)).add("regions", t.regions);
      if (t.card) {
        row.add("card", *t.card)
            .add("bonus", std::string(landsknecht_bonus_key(t.bonus)))
            .add("amount", t.amount);
      }
      turns.push(row.flow());
    }
    root.add("landsknechte", std::move(turns));
  }
  if (rules.plays(kCourtConversionPhase)) root.add("court", w.court(log));
  if (rules.plays(kLeadersPlacePhase)) {
    YamlOut leaders = YamlOut::list();
    for (const LeaderStep& s : log.leaders) leaders.push(w.leader_step(s));
    root.add("leaders", std::move(leaders));
  }
  std::vector<std::string> cards;
  for (Action a : log.action_cards) cards.emplace_back(rules.action(a).id);
  root.add("action_cards", YamlOut::flow_list(cards));
  YamlOut steps = YamlOut::list();
  for (const LogEntry& entry : log.entries) steps.push(std::visit(w, entry));
  root.add("steps", std::move(steps));
  if (log.winter) root.add("winter", w.winter(*log.winter));
  if (!log.winners.empty()) root.add("winners", w.players(log.winners));
  return root.dump(
      "Wallenstein game \"" + before.game + "\": what happened in " + label.name() +
      ".\nGAME MASTER ONLY: keys starting with gm_ hold hidden information (the tower's content).\n"
      "Steps are in the order they happened: slot by slot, players in turn order.");
}

}  // namespace wallenstein
