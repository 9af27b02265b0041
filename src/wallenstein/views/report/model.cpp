#include "wallenstein/views/report/model.hpp"

#include <algorithm>

#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/landsknechte.hpp"
#include "wallenstein/rules/season_phases.hpp"
#include "wallenstein/rules/standings.hpp"
#include "wallenstein/views/report/names.hpp"

namespace wallenstein::report {
namespace {

using kainjow::mustache::list;
using kainjow::mustache::object;

std::string str(int n) { return std::to_string(n); }

/// Builds the template data with this game's names.
class Builder {
 public:
  explicit Builder(const SeasonView& in) : in_(in), rules_(*in.rules), names_(in) {}

  std::string player(PlayerIndex p) const { return names_.player(p); }
  std::string province(ProvinceId p) const { return names_.province(p); }
  Data player_ref(PlayerIndex p) const { return names_.player_ref(p); }
  Data names(const std::vector<std::string>& values) const { return names_.names(values); }
  Data step(const LogEntry& entry) const { return step_data(entry, names_); }

  Data what_happened(const SeasonLog& log) const {
    Data d;
    const EventCard& event = rules_.event(log.event);
    d["event_name"] = event.name;
    d["event_text"] = event.text;
    list bids;
    for (const BidRecord& b : log.bids) {
      Data x = player_ref(b.player);
      x["bid"] = bid_data(b.bid, names_);
      x["paid"] = str(b.paid);
      x["pays"] = b.paid > 0;
      bids.push_back(x);
    }
    mark_last(bids);
    d["bids"] = bids;
    d["ranking"] = bid_ranking(log, names_);
    list order;
    for (std::size_t i = 0; i < log.turn_order.size(); ++i) {
      Data x = player_ref(log.turn_order[i]);
      x["position"] = str(static_cast<int>(i) + 1);
      x["tile"] = false;  // Rules 12: none in the 1st edition
      for (const auto& [p, t] : log.tiles) {
        if (p == log.turn_order[i]) x["tile"] = rules_.tile(t).name;
      }
      order.push_back(x);
    }
    mark_last(order);
    d["turn_order"] = order;
    list slots;
    for (int slot = 1; slot <= static_cast<int>(log.action_cards.size()); ++slot) {
      Data s;
      s["slot"] = str(slot);
      s["action"] = rules_.action(log.action_cards[static_cast<std::size_t>(slot - 1)]).name;
      list steps;
      for (const LogEntry& e : log.entries) {
        const int entry_slot = std::visit([](const auto& x) { return x.slot; }, e);
        if (entry_slot == slot) steps.push_back(step(e));
      }
      s["steps"] = steps.empty() ? Data(false) : Data(steps);
      slots.push_back(s);
    }
    d["slots"] = slots;
    if (rules_.plays(kCourtConversionPhase)) d["court"] = court_steps_data(log, names_);
    if (rules_.plays(kLandsknechtePhase)) d["landsknechte"] = landsknechte(log);
    if (rules_.plays(kLeadersPlacePhase)) d["leaders"] = leader_steps_data(log.leaders, names_);
    if (log.winter) d["winter"] = winter(*log.winter);
    return d;
  }

  /// A Landsknechte bonus as the templates word it: `amount` and the bonus's key set, the other
  /// keys unset (so that an outer `thaler` does not show through).
  Data bonus(LandsknechtBonus b, int amount) const {
    Data x;
    names_.count(x, "amount", amount);
    for (LandsknechtBonus k : kAllLandsknechtBonuses)
      x[std::string(landsknecht_bonus_key(k))] = k == b;
    return x;
  }

  /// Rules 13.2: each player's turn of the Landsknechte pile, in turn order.
  Data landsknechte(const SeasonLog& log) const {
    Data d;
    d["min_regions"] = str(rules_.landsknechte.min_regions);
    list turns;
    for (const LandsknechtTurn& t : log.landsknechte) {
      Data x = player_ref(t.player);
      names_.count(x, "regions", t.regions);
      x["took"] = t.card.has_value();
      if (t.card) {
        x["card"] = str(*t.card);
        x["bonus"] = bonus(t.bonus, t.amount);
      }
      turns.push_back(x);
    }
    d["turns"] = turns;
    return d;
  }

  /// Rules 13.2: what a player's next Landsknechte card offers and whether they turn it now.
  Data landsknechte_plan(const GameState& s, PlayerIndex p) const {
    Data d;
    const int regions = regions_held(s, rules_, p);
    names_.count(d, "regions", regions);
    d["min_regions"] = str(rules_.landsknechte.min_regions);
    d["enough_regions"] = regions >= rules_.landsknechte.min_regions;
    list offers;
    if (const LandsknechtCard* card = next_landsknecht_card(s, rules_, p)) {
      for (LandsknechtBonus b : kAllLandsknechtBonuses) {
        if (card->offers(b)) offers.push_back(bonus(b, card->of(b)));
      }
    }
    mark_last(offers);
    for (std::size_t i = 0; i < offers.size(); ++i)
      offers[i]["before_last"] = i + 2 == offers.size();
    d["offers_any"] = !offers.empty();
    d["offers"] = offers;
    const auto keys = landsknecht_bonus_keys();
    d["bonus_ids"] = names(std::vector<std::string>(keys.begin(), keys.end()));
    d["fallback"] = std::string(landsknecht_bonus_key(rules_.landsknechte.fallback));
    return d;
  }

  Data winter(const WinterLog& w) const {
    Data d;
    d["event"] = rules_.event(w.last_event).name;
    d["grain_loss"] = str(w.grain_loss);
    list supply;
    for (const WinterSupply& s : w.supply) {
      Data x = player_ref(s.player);
      x["grain_before"] = str(s.grain_before);
      x["grain_after"] = str(s.grain_after_loss);
      names_.count(x, "provinces", s.provinces);
      x["supplied"] = s.unsupplied <= 0;
      names_.count(x, "unsupplied", std::max(0, s.unsupplied));
      names_.count(x, "revolts", s.revolt_count);
      x["any_revolt"] = s.revolt_count > 0;
      names_.count(x, "extra_peasants", s.extra_peasants);
      std::vector<std::string> drawn;
      for (ProvinceId p : s.drawn) drawn.push_back(province(p));
      x["drawn"] = names(drawn);
      supply.push_back(x);
    }
    d["supply"] = supply;
    list revolts;
    for (std::size_t i = 0; i < w.revolts.size(); ++i) {
      if (!w.markers.empty()) revolts.push_back(step(w.markers[i]));  // none in the 1st edition
      revolts.push_back(step(w.revolts[i]));
    }
    d["revolts"] = revolts.empty() ? Data(false) : Data(revolts);
    list majorities;
    for (const Majority& m : w.majorities) {
      Data x;
      x["region"] = rules_.regions[m.region.value].name;
      x[std::string(building_key(m.building))] = true;
      std::vector<std::string> leaders;
      for (PlayerIndex p : m.leaders) leaders.push_back(player(p));
      x["leaders"] = names(leaders);
      x["tied"] = m.leaders.size() > 1;
      x["points"] = str(m.points);
      majorities.push_back(x);
    }
    d["majorities"] = majorities.empty() ? Data(false) : Data(majorities);
    list scores;
    for (const Score& s : w.scores) {
      Data x = player_ref(s.player);
      x["provinces"] = str(s.provinces);
      x["buildings"] = str(s.buildings);
      x["majorities"] = str(s.majorities);
      // Rules 13.3: the last winter's statues and trophies, in a game with the military leaders.
      x["statues"] = s.statues != 0 ? Data(str(s.statues)) : Data(false);
      x["total"] = str(s.total);
      x["vp"] = str(s.vp_after);
      scores.push_back(x);
    }
    d["scores"] = scores;
    names_.count(d, "markers_removed", w.markers_removed);
    std::vector<std::string> next;
    for (EventId e : w.next_year_events) next.push_back(rules_.event(e).name);
    // `next_year_any` guards the sentence; `next_year` is the list it loops over.
    d["next_year_any"] = !next.empty();
    d["next_year"] = names(next);
    return d;
  }

  Data standings(const GameState& s) const {
    list rows;
    for (std::size_t i = 0; i < s.players.size(); ++i) {
      const PlayerIndex p = s.player_index(i);
      const PlayerState& ps = s.players[i];
      Data x = player_ref(p);
      x["thaler"] = str(ps.thaler);
      x["grain"] = str(ps.grain);
      x["vp"] = str(ps.vp);
      names_.count(x, "reserve", ps.reserve);
      const auto held = s.provinces_of(p);
      names_.count(x, "province_count", static_cast<int>(held.size()));
      list held_list;
      int armies = 0;
      int buildings = 0;
      for (ProvinceId id : held) {
        Data h;
        h["name"] = province(id);
        names_.count(h, "armies", s.at(id).armies);
        held_list.push_back(h);
        armies += s.at(id).armies;
        buildings += s.at(id).building_count();
      }
      mark_last(held_list);
      x["has_provinces"] = !held_list.empty();
      x["provinces"] = held_list.empty() ? Data(false) : Data(held_list);
      names_.count(x, "armies", armies);
      names_.count(x, "buildings", buildings);
      x["winner"] = std::find(s.winners.begin(), s.winners.end(), p) != s.winners.end();
      if (rules_.plays(kLeadersPlacePhase)) x["leader"] = leader_standing(s, p, names_);
      rows.push_back(x);
    }
    return rows;
  }

  Data holdings(const GameState& s, PlayerIndex p) const {
    list rows;
    for (ProvinceId id : s.provinces_of(p)) {
      const Province& facts = rules_.province(id);
      const ProvinceState& ps = s.at(id);
      Data x;
      x["name"] = facts.name;
      x["region"] = rules_.regions[facts.region.value].name;
      names_.count(x, "armies", ps.armies);
      x["grain"] = str(facts.grain);
      x["tax"] = str(facts.tax);
      names_.count(x, "sites", facts.sites);
      names_.count(x, "free_sites", facts.sites - ps.building_count());
      list buildings;
      for (Building b : kAllBuildings) {
        if (!ps.has(b)) continue;
        Data kind;
        kind[std::string(building_key(b))] = true;
        buildings.push_back(kind);
      }
      mark_last(buildings);
      x["has_buildings"] = !buildings.empty();
      x["buildings"] = buildings.empty() ? Data(false) : Data(buildings);
      names_.count(x, "revolts", ps.revolt_markers);
      x["any_revolts"] = ps.revolt_markers > 0;
      // Rules 13.3: the player's leader here, and the statues standing here (trophies for a
      // leader entering, unless they are the player's own).
      x["leader_here"] = s.player(p).leader == id;
      x["statues"] = statues_here(s, id, names_);
      list near;
      for (ProvinceId n : facts.neighbours) {
        if (!rules_.in_play(n, s.player_count())) continue;
        const auto& owner = s.at(n).owner;
        Data nb;
        nb["name"] = province(n);
        // The owner by colour, in the reader's words ("Böhmen (rouge, 4)").
        nb["owner"] = owner ? names_.colour(s.player(*owner).id) : std::string();
        nb["neutral"] = !owner.has_value();
        nb["mine"] = owner == p;
        names_.count(nb, "armies", s.at(n).armies);
        nb["statues"] = statues_here(s, n, names_);
        near.push_back(nb);
      }
      mark_last(near);
      x["neighbours"] = Data(near);
      rows.push_back(x);
    }
    return rows.empty() ? Data(false) : Data(rows);
  }

  /// Rules 2.2: the draft being planned: the face-up cards, the pile, each player's groups.
  Data draft_table(const GameState& s) const {
    Data d;
    list face_up;
    for (const auto& card : s.draft->face_up) {
      if (card) face_up.push_back(Data("name", province(*card)));
    }
    mark_last(face_up);
    d["face_up"] = face_up;
    names_.count(d, "pile", static_cast<int>(s.draft->pile.size()));
    list groups;
    const std::vector<int> sizes = rules_.army_groups_of(s.player_count());
    for (int g : sizes) groups.push_back(Data("size", str(g)));
    if (!sizes.empty()) names_.count(d, "rounds", static_cast<int>(sizes.size()));
    mark_last(groups);
    d["groups"] = groups;
    list seats;
    for (std::size_t i = 0; i < s.players.size(); ++i)
      seats.push_back(player_ref(s.player_index(i)));
    mark_last(seats);
    d["seats"] = seats;
    d["provinces"] = draft_provinces(s);
    return d;
  }

  /// Rules 2.2: the provinces in play, what each is worth, by region and name; the face-up ones
  /// marked (the pile's order is hidden, so the list is in the board's order, not the pile's).
  list draft_provinces(const GameState& s) const {
    std::vector<ProvinceId> ids = rules_.provinces_in_play(s.player_count());
    std::sort(ids.begin(), ids.end(), [&](ProvinceId a, ProvinceId b) {
      const Province& x = rules_.province(a);
      const Province& y = rules_.province(b);
      return std::tie(x.region.value, x.name) < std::tie(y.region.value, y.name);
    });
    list out;
    for (ProvinceId id : ids) {
      const Province& facts = rules_.province(id);
      Data x;
      x["name"] = facts.name;
      x["region"] = rules_.regions[facts.region.value].name;
      x["grain"] = str(facts.grain);
      x["tax"] = str(facts.tax);
      names_.count(x, "sites", facts.sites);
      x["face_up"] =
          std::find(s.draft->face_up.begin(), s.draft->face_up.end(), id) != s.draft->face_up.end();
      out.push_back(x);
    }
    mark_last(out);
    return out;
  }

  /// Rules 2.2: the draft's picks, round by round in seat order.
  list draft_picks(const SeasonLog& log) const {
    list rows;
    for (const DraftPick& pick : log.draft) {
      Data x = player_ref(pick.player);
      x["round"] = str(pick.round);
      x["province"] = province(pick.province);
      names_.count(x, "armies", pick.armies);
      x["blind"] = pick.blind;
      list offered;
      for (const auto& card : pick.offered) {
        if (card && *card != pick.province) offered.push_back(Data("name", province(*card)));
      }
      mark_last(offered);
      x["left_any"] = !offered.empty();
      x["left"] = offered;
      list under;  // D-49: the face-up pair put under the pile, the pile's order staying hidden
      for (const auto& card : pick.put_under) {
        if (card) under.push_back(Data("name", province(*card)));
      }
      mark_last(under);
      x["refreshed"] = pick.refreshed();
      x["put_under"] = under;
      x["leader"] = pick.leader;  // D-48
      rows.push_back(x);
    }
    return rows;
  }

  Data next(const GameState& s) const {
    Data d;
    const SeasonLabel label = season_label(rules_, s.season_index);
    d["season"] = label.name();
    const auto deadline = in_.config->deadlines.find(label.name());
    if (in_.due)
      d["deadline"] = pbem::describe_instant(
          *in_.due, in_.due_timezone, in_.words ? *in_.words : pbem::LanguageWords::english());
    else if (deadline != in_.config->deadlines.end())
      d["deadline"] = deadline->second;
    if (s.draft) {  // Rules 2.2: no event, action card or tile is out before the draft is played.
      d["draft_table"] = draft_table(s);
      return d;
    }
    list events;
    for (EventId e : s.year_events) {
      const EventCard& card = rules_.event(e);
      Data x;
      x["name"] = card.name;
      x["text"] = card.text;
      x["winter_loss"] = str(card.winter_loss);
      x["left"] = std::find(s.events_left.begin(), s.events_left.end(), e) != s.events_left.end();
      events.push_back(x);
    }
    d["events"] = events;
    d["year"] = str(label.year);
    if (court_dealt(s, rules_)) d["court"] = court_table_data(s, names_);
    list slots;
    for (int slot = 1; slot <= rules_.visible_slots(s.action_cards.size(), false); ++slot) {
      Data x;
      x["slot"] = str(slot);
      x["action"] = rules_.action(s.action_cards[static_cast<std::size_t>(slot - 1)]).name;
      slots.push_back(x);
    }
    // The slots face down, "6 to 10": the board's action spaces beyond the face-up ones.
    const auto first_hidden = slots.size() + 1;
    if (first_hidden <= s.action_cards.size()) {
      Data hidden;
      hidden["first"] = str(static_cast<int>(first_hidden));
      hidden["last"] = str(static_cast<int>(s.action_cards.size()));
      d["face_down"] = std::move(hidden);
    } else {
      d["face_down"] = false;
    }
    mark_last(slots);
    d["slots"] = slots;
    list tiles;
    for (std::size_t pos = 0; pos < s.bonus_tiles.size(); ++pos) {
      Data x;
      x["position"] = str(static_cast<int>(pos) + 1);
      x["tile"] = rules_.tile(s.bonus_tiles[pos]).name;
      x["id"] = rules_.tile(s.bonus_tiles[pos]).id;
      tiles.push_back(x);
    }
    mark_last(tiles);
    d["tiles"] = tiles;
    return d;
  }

  /// Rules 9: what the winter after this autumn may take, as things stand: the grain lost to the
  /// year's last event card (one of those not drawn yet), the provinces to feed, the shortfall.
  Data winter_ahead(const GameState& s, PlayerIndex p) const {
    Data w;
    const int grain = s.player(p).grain;
    const int provinces = static_cast<int>(s.provinces_of(p).size());
    std::vector<int> losses;
    list events;
    for (EventId e : s.events_left) {
      losses.push_back(rules_.event(e).winter_loss);
      Data x;
      x["name"] = rules_.event(e).name;
      x["loss"] = str(rules_.event(e).winter_loss);
      events.push_back(x);
    }
    mark_last(events);
    const int worst = losses.empty() ? 0 : *std::max_element(losses.begin(), losses.end());
    const int short_worst = std::max(0, provinces - std::max(0, grain - worst));
    std::vector<ProvinceId> mine = s.provinces_of(p);
    std::stable_sort(mine.begin(), mine.end(),
                     [&](ProvinceId a, ProvinceId b) { return s.at(a).armies > s.at(b).armies; });
    std::string example;
    for (std::size_t i = 0; i < mine.size() && i < 2; ++i)
      example += (i ? ", " : "") + rules_.province(mine[i]).name;
    w["example"] = "[" + (example.empty() ? std::string("Lüneburg, Anhalt") : example) + "]";
    w["grain"] = str(grain);
    w["provinces"] = str(provinces);
    w["events"] = events;
    w["worst"] = str(worst);
    w["short"] = short_worst > 0;
    w["short_worst"] = str(short_worst);
    if (const SupplyRow* row = rules_.supply_row(short_worst)) {
      w["revolts"] = str(row->revolt_count);
      w["extra"] = str(row->extra_peasants);
    }
    return w;
  }

  Data order_template(const GameState& s, PlayerIndex p) const {
    Data d;
    d["game"] = s.game;
    d["player"] = s.player(p).id;
    d["season"] = season_label(rules_, s.season_index).name();
    // Interfaces 5: the token goes only into its own player's order template, in the name of
    // whoever holds the seat in the season it is for.
    const GameConfig& holders = in_.next_config ? *in_.next_config : *in_.config;
    if (const PlayerInfo* info = holders.player(s.player(p).id)) {
      d["holder"] = info->name;
      if (!info->token.empty()) d["token"] = info->token;
    }
    if (s.draft) {  // Rules 2.2: the draft's file is a list of provinces.
      d["draft_table"] = draft_table(s);
      d["seat"] = str(static_cast<int>(p.value) + 1);
      // The example names the bot's first wishes: the richest provinces in play.
      const DraftOrders wishes = draft_bot_wishes(rules_, s.player_count());
      std::string example;
      for (std::size_t i = 0; i < wishes.wishes.size() && i < 3; ++i) {
        example += (i ? ", " : "") + rules_.province(wishes.wishes[i].province).name +
                   (i == 0 ? ": 5" : "");
      }
      d["example"] = "[" + example + "]";
      if (wishes.wishes.size() > 1)  // D-48: the leader goes with the second wish, say
        d["leader_example"] =
            "{" + rules_.province(wishes.wishes[1].province).name + ", leader: true}";
      return d;
    }
    d["thaler"] = str(s.player(p).thaler);
    if (const auto label = season_label(rules_, s.season_index); label.season == SeasonName::autumn)
      d["winter"] = winter_ahead(s, p);
    list actions;
    list costs;
    for (Action a : rules_.action_spaces()) {
      const ActionDef& def = rules_.action(a);
      Data x;
      x["key"] = def.id;
      x["name"] = def.name;
      x["cost"] = str(def.cost);
      if (def.cost > 0) costs.push_back(x);
      actions.push_back(x);
    }
    mark_last(costs);
    d["actions"] = actions;
    d["costs"] = costs;
    // Rules 4.3 and D-12: every space (ten actions and the bid) takes a card while cards last.
    const int held = s.province_count(p);
    const int coins = static_cast<int>(rules_.coin_cards.size());
    const int bid_space = rules_.has_bids() ? 1 : 0;  // Rules 12: the 1st edition has no bid.
    names_.count(d, "cards_needed", std::min(held, rules_.action_count() + bid_space - coins));
    // Rules 4.3, D-25: the bid takes a card only when one is left over once the spaces are covered.
    const bool bids = !rules_.changes().bid_needs_a_spare_card || card_left_for_bid(s, rules_, p);
    d["bid_card"] = bids || !rules_.has_bids();  // the 1st edition has no bid to speak of
    d["bid"] = std::string(bids ? "0" : "none");
    names_.count(d, "provinces_held", held);
    names_.count(d, "action_spaces", rules_.action_count());
    d["coins"] = str(coins);
    d["holds_provinces"] = held > 0;
    std::vector<std::string> tiles;
    for (const auto& t : rules_.tiles) tiles.push_back(t.id);
    d["tile_ids"] = names(tiles);
    if (court_dealt(s, rules_)) d["court"] = court_plan(s, p, names_);
    if (rules_.plays(kLandsknechtePhase)) d["landsknechte"] = landsknechte_plan(s, p);
    if (rules_.plays(kLeadersPlacePhase)) d["leader"] = leader_plan(s, p, names_);
    return d;
  }

 private:
  const SeasonView& in_;
  const Ruleset& rules_;
  Names names_;
};

}  // namespace

std::optional<SeasonLabel> next_season(const SeasonView& input) {
  if (input.after->finished) return std::nullopt;
  return season_label(*input.rules, input.after->season_index);
}

namespace {

/// What every report of the game says first: its name, the season, what the game plays.
void add_game(Data& d, const SeasonView& in) {
  const Ruleset& rules = *in.rules;
  d["game"] = in.config->name;
  const SeasonLabel label = season_label(rules, in.start->season_index);
  d["season"] = label.name();
  d["resolved"] = in.log != nullptr;
  d["opening"] = in.log == nullptr;
  d["season_number"] = std::to_string(label.index);
  d["draft_season"] = in.start->draft.has_value();  // Rules 2.2: the draft before season 1
  if (in.start->draft) {  // D-49, D-48: what the draft's orders may ask from rules version 3
    d["draft_refresh"] = draft_rules(rules).refresh;
    d["draft_leaders"] = draft_rules(rules).leaders;
  }
  d["season_count"] = std::to_string(rules.season_count());
  d["has_bids"] = rules.has_bids();  // Rules 12: the 1st edition draws the turn order
  d["tie_breaks"] = tie_breaks_data(rules);
  // The edition and expansions the game plays, the edition first: "1st edition", "Landsknechte
  // expansion". Empty for the 2nd edition alone.
  list played;
  for (const char* kind : {"edition", "expansion"}) {
    for (const Module& m : rules.modules) {
      if (m.on && m.kind == kind) played.push_back(Data("title", m.title()));
    }
  }
  mark_last(played);
  d["played_any"] = !played.empty();
  d["played"] = played;
}

/// What only `player`'s own report holds: their summary, holdings and order template.
void add_player(Data& d, const Builder& b, const Names& names, const SeasonView& in,
                PlayerIndex player) {
  const Ruleset& rules = *in.rules;
  const GameState& after = *in.after;
  d["me"] = b.player_ref(player);
  // A seat taken over from the season after on: the newcomer reads this report too.
  if (in.next_config) {
    const PlayerInfo* next = in.next_config->player(after.player(player).id);
    const PlayerInfo* now = in.config->player(after.player(player).id);
    if (next && now && next->name != now->name) d["successor"] = next->name;
  }
  if (in.log && !in.start->draft) d["summary"] = personal_summary(in, names, player);
  d["holdings"] = b.holdings(after, player);
  // The 1st edition's defend_with example names a province of the player's own.
  const std::vector<ProvinceId> mine = after.provinces_of(player);
  d["defend_with_example"] =
      "{" + (mine.empty() ? std::string("Kursachsen") : rules.province(mine[0]).name) + ": 2}";
  if (!after.finished) {
    d["orders"] = b.order_template(after, player);
    return;
  }
  // The game-over report opens with the result, the player's own place with it.
  for (const Standing& s : rank_players(after, rules)) {
    if (s.player != player) continue;
    Data result;
    result["won"] = s.place == 1;
    result["place"] = std::to_string(s.place);
    result["of"] = std::to_string(after.players.size());
    result["vp"] = std::to_string(after.player(player).vp);
    d["my_result"] = std::move(result);
  }
}

}  // namespace

Data report_data(const SeasonView& in, std::optional<PlayerIndex> player) {
  const Builder b(in);
  const GameState& after = *in.after;
  Data d;
  add_game(d, in);
  if (in.log) {
    std::vector<std::string> nmr;
    for (PlayerIndex p : in.log->nmr) nmr.push_back(b.player(p));
    // `nmr_any` guards the sentence; `nmr` is the list it loops over.
    d["nmr_any"] = !nmr.empty();
    d["nmr"] = b.names(nmr);
    d["nmr_bot"] = in.nmr_policy == "bot";
    if (in.start->draft) {
      d["draft_played"] = true;
      d["draft_picks"] = b.draft_picks(*in.log);
    } else
      d["happened"] = b.what_happened(*in.log);
  }
  const Names names(in);
  d["standings"] = b.standings(after);
  d["finished"] = after.finished;
  if (after.finished) {
    std::vector<std::string> winners;
    for (PlayerIndex w : after.winners) winners.push_back(b.player(w));
    d["winners"] = b.names(winners);
    d["shared"] = after.winners.size() > 1;
    d["winner_vp"] = std::to_string(after.player(after.winners.front()).vp);
    d["final_ranking"] = final_ranking(after, names);
  } else {
    d["next"] = b.next(after);
  }
  if (!in.config->commitment.empty()) {
    // Interfaces 7: the seed's commitment from the first report on, the seed itself at the end.
    Data fair;
    fair["commitment"] = in.config->commitment;
    fair["revealed"] = after.finished;
    if (after.finished) {
      fair["seed"] = std::to_string(in.config->seed.value_or(0));
      fair["salt"] = in.config->salt;
    }
    d["fairness"] = std::move(fair);
  }
  if (player) add_player(d, b, names, in, *player);
  return d;
}

}  // namespace wallenstein::report
