#include <algorithm>
#include <set>

#include "pbem/text/text.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/court.hpp"
#include "wallenstein/rules/landsknechte.hpp"
#include "wallenstein/rules/leaders.hpp"
#include "wallenstein/rules/orders.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

using Arg = ProblemArg;
using Args = std::vector<ProblemArgument>;

bool is_none(std::string_view text) {
  return text.size() == 4 && (text[0] | 0x20) == 'n' && (text[1] | 0x20) == 'o' &&
         (text[2] | 0x20) == 'n' && (text[3] | 0x20) == 'e';
}

/// `tower` in any case: a side-board space's tower card (rules 13.1).
bool is_tower(std::string_view text) {
  static constexpr std::string_view kTower = "tower";
  return text.size() == kTower.size() && std::equal(text.begin(), text.end(), kTower.begin(),
                                                    [](char a, char b) { return (a | 0x20) == b; });
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
    if (state_.draft) {  // Rules 2.2: the draft season takes a list of provinces only.
      check_draft();
      return std::move(result_);
    }
    for (Action action : rules_.action_spaces()) check_action(action);
    check_bid();
    check_court();
    check_coin_cards();
    check_turn_order();
    check_winter_revolt_order();
    check_landsknecht_wishes();
    check_leader();
    check_defend_with();
    return std::move(result_);
  }

 private:
  void error(SourceRef at, ProblemKind kind, Args args = {}) {
    result_.errors.push_back({at, kind, std::move(args)});
  }
  void warning(SourceRef at, ProblemKind kind, Args args = {}) {
    result_.warnings.push_back({at, kind, std::move(args)});
  }

  void check_header() {
    // Game names are matched without regard to case: `game: S1` is the game s1.
    if (ascii_lower(written_.game.text) != ascii_lower(state_.game)) {
      error(written_.game.at, ProblemKind::wrong_game,
            {{Arg::written, written_.game.text}, {Arg::expected, state_.game}});
    }
    // Player ids are lowercase; `player: Red` is taken for `red` (README, the order file).
    player_ = state_.find_player_any_case(written_.player.text);
    if (!player_) {
      std::vector<std::string> ids;
      for (const auto& p : state_.players) ids.push_back(p.id);
      error(written_.player.at, ProblemKind::unknown_player,
            {{Arg::written, written_.player.text}, {Arg::players, std::move(ids)}});
    }
    const SeasonLabel label = season_label(rules_, state_.season_index);
    if (state_.finished) {
      error(written_.season.at, ProblemKind::game_over);
    } else if (written_.season.text != label.name()) {
      error(written_.season.at, ProblemKind::wrong_season,
            {{Arg::written, written_.season.text}, {Arg::expected, label.name()}});
    }
  }

  /// A region named where a province must be ("Sachsen"): said so, with the region's provinces
  /// that carry its name (Kursachsen, Sächs. Lande), or all of them.
  bool region_named(const Written& w) {
    const std::string key = name_keys(w.text).front();
    for (std::size_t r = 0; r < rules_.regions.size(); ++r) {
      const std::string region = name_keys(rules_.regions[r].name).front();
      if (region != key) continue;
      std::vector<std::string> named;
      std::vector<std::string> all;
      const std::string stem = region.substr(0, std::min<std::size_t>(region.size(), 5));
      for (const auto& p : rules_.provinces) {
        const auto id = ProvinceId::at(static_cast<std::size_t>(&p - rules_.provinces.data()));
        if (p.region.value != r || !rules_.in_play(id, state_.player_count())) continue;
        all.push_back(p.name);
        const auto keys = name_keys(p.name);
        if (std::any_of(keys.begin(), keys.end(),
                        [&](const std::string& k) { return k.find(stem) != std::string::npos; }))
          named.push_back(p.name);
      }
      error(w.at, ProblemKind::region_not_province,
            {{Arg::written, w.text}, {Arg::nearest, named.empty() ? all : named}});
      return true;
    }
    return false;
  }

  /// Resolves a province name; reports unknown names with the nearest ones.
  std::optional<ProvinceId> lookup(const Written& w) {
    auto id = rules_.find_province(w.text);
    if (!id) {
      if (region_named(w)) return std::nullopt;
      Args args{{Arg::written, w.text}};
      auto near = rules_.nearest_province_names(w.text);
      if (!near.empty()) args.push_back({Arg::nearest, std::move(near)});
      error(w.at, ProblemKind::unknown_province, std::move(args));
      return std::nullopt;
    }
    if (!rules_.in_play(*id, state_.player_count())) {
      error(w.at, ProblemKind::out_of_play,
            {{Arg::province, *id}, {Arg::player_count, state_.player_count()}});
      return std::nullopt;
    }
    return id;
  }

  /// A province the player must hold now, written once in a list: none, and an error of kind
  /// `twice`, when `listed` holds it already; else it is added to `listed`.
  std::optional<ProvinceId> own_province_once(const Written& w, std::vector<ProvinceId>& listed,
                                              ProblemKind twice) {
    const auto province = own_province(w);
    if (!province) return std::nullopt;
    if (std::find(listed.begin(), listed.end(), *province) != listed.end()) {
      error(w.at, twice, {{Arg::province, *province}});
      return std::nullopt;
    }
    listed.push_back(*province);
    return province;
  }

  /// A province the player must hold now (actions, bid, winter order).
  std::optional<ProvinceId> own_province(const Written& w) {
    auto id = lookup(w);
    if (!id) return std::nullopt;
    const auto& owner = state_.at(*id).owner;
    if (owner != player_) {
      Args args{{Arg::province, *id}, {Arg::yours, state_.provinces_of(*player_)}};
      if (owner) args.push_back({Arg::owner, state_.player(*owner).id});
      error(w.at, ProblemKind::not_yours, std::move(args));
      return std::nullopt;
    }
    return id;
  }

  /// Each province card at most once among the actions and the bid (rules 4.3); `use` is the
  /// action, or none for the bid.
  bool claim_card(ProvinceId id, const Written& w, std::optional<Action> use) {
    for (const auto& [used, where] : cards_used_) {
      if (used == id) {
        Args args{{Arg::province, id}};
        if (where) args.push_back({Arg::action, *where});
        error(w.at, ProblemKind::card_used_twice, std::move(args));
        return false;
      }
    }
    cards_used_.emplace_back(id, use);
    return true;
  }

  void check_action(Action action) {
    const auto& slot = written_.actions[index_of(action)];
    if (!slot) return;  // The reader reports missing actions.
    if (is_none(slot->province.text)) {
      ++none_actions_;
      return;
    }
    const auto province = own_province(slot->province);
    if (province) claim_card(*province, slot->province, action);
    ActionOrder order;
    if (province) order.province = *province;
    if (slot->armies) {
      order.armies = *slot->armies;
      if (!order.armies.all && order.armies.count > rules_.pieces.cubes_per_player) {
        error(slot->armies_at, ProblemKind::armies_above_cubes,
              {{Arg::armies, order.armies.count}, {Arg::cubes, rules_.pieces.cubes_per_player}});
      }
    }
    if (slot->min_armies) {
      order.min_armies = *slot->min_armies;
      if (!order.armies.all && order.min_armies > order.armies.count) {
        error(slot->min_armies_at, ProblemKind::min_armies_above_armies,
              {{Arg::min_armies, order.min_armies}, {Arg::armies, order.armies.count}});
      }
    }
    if (slot->place) {
      order.place = *slot->place;
      if (!order.place) check_move_only(*slot);
    }
    if (rules_.action(action).kind == ActionKind::battle && !slot->target) {
      error(slot->province.at, ProblemKind::battle_without_target,
            {{Arg::action, action}, {Arg::written, slot->province.text}});
    }
    if (slot->target) {
      const auto target = lookup(*slot->target);
      if (target && province) check_target(action, *province, *target, *slot->target);
      if (target) order.target = *target;
    }
    // A source short of armies is the forecast's to say (wallenstein/bot/forecast.hpp), not an
    // order error.
    if (province) result_.orders.actions[index_of(action)] = order;
  }

  /// army1 with `place: false` (rules 5, D-27): only in rules versions that have it, and only with
  /// a move.
  void check_move_only(const WrittenAction& slot) {
    if (!changes_.army1_may_only_move) {
      error(slot.place_at, ProblemKind::move_only_not_in_rules, {{Arg::version, rules_.version}});
    } else if (!slot.target) {
      error(slot.place_at, ProblemKind::move_only_without_move);
    }
  }

  void check_target(Action action, ProvinceId from, ProvinceId target, const Written& w) {
    if (!rules_.adjacent(from, target)) {
      std::vector<ProvinceId> near;
      for (ProvinceId n : rules_.province(from).neighbours) {
        if (rules_.in_play(n, state_.player_count())) near.push_back(n);
      }
      error(w.at, ProblemKind::not_adjacent,
            {{Arg::province, target}, {Arg::from, from}, {Arg::neighbours, std::move(near)}});
      return;
    }
    if (rules_.action(action).move && state_.at(target).owner != player_) {
      warning(w.at, ProblemKind::move_target_not_yours, {{Arg::province, target}});
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
      error(w.at, ProblemKind::no_card_for_bid,
            {{Arg::written, w.text},
             {Arg::province_cards, state_.province_count(*player_)},
             {Arg::coin_cards, coin_cards()},
             {Arg::action_spaces, rules_.action_count()},
             {Arg::max_provinces, rules_.action_count() - coin_cards()}});
      return;
    }
    const bool numeric =
        !w.text.empty() && w.text.size() <= 9 &&
        std::all_of(w.text.begin(), w.text.end(), [](char c) { return c >= '0' && c <= '9'; });
    // "-1", "2.5", "+3": a number, though no coin's; never a province's name.
    const bool number_like = !numeric && !w.text.empty() &&
                             w.text.find_first_not_of("0123456789.,+-") == std::string::npos &&
                             w.text.find_first_of("0123456789") != std::string::npos;
    if (number_like) {
      error(w.at, ProblemKind::bid_not_a_coin,
            {{Arg::written, w.text}, {Arg::coins, coin_names()}});
      return;
    }
    if (numeric) {
      const int value = std::stoi(w.text);
      bid.kind = BidKind::coin;
      bid.coin = value;
      const auto& coins = rules_.coin_cards;
      if (std::find(coins.begin(), coins.end(), value) == coins.end()) {
        error(w.at, ProblemKind::bid_not_a_coin,
              {{Arg::written, w.text}, {Arg::coins, coin_names()}});
      } else if (value > state_.player(*player_).thaler) {
        const int thaler = state_.player(*player_).thaler;
        error(w.at, ProblemKind::bid_above_thaler,
              {{Arg::written, w.text},
               {Arg::thaler, thaler},
               {Arg::at_most, std::min(thaler, coins.back())}});
      }
      return;
    }
    // "2 thaler", "2 coins": a coin card written with words.
    if (const auto digits = w.text.find_first_not_of("0123456789");
        digits > 0 && digits != std::string::npos && digits <= 2 &&
        w.text.find_first_not_of(' ', digits) != std::string::npos && w.text[digits] == ' ') {
      error(w.at, ProblemKind::bid_with_words,
            {{Arg::written, w.text}, {Arg::expected, w.text.substr(0, digits)}});
      return;
    }
    const auto province = own_province(w);
    if (!province) return;
    bid.kind = BidKind::province;
    bid.province = *province;
    claim_card(*province, w, std::nullopt);
  }

  /// The coin cards' values, as a bid writes them.
  std::vector<std::string> coin_names() const {
    std::vector<std::string> names;
    names.reserve(rules_.coin_cards.size());
    for (int c : rules_.coin_cards) names.push_back(std::to_string(c));
    return names;
  }

  /// Rules 2.2, D-42: the draft's wishes, each a province in play listed once, with a group of the
  /// player's board if any.
  void check_draft() {
    const std::vector<int> groups = rules_.army_groups_of(state_.player_count());
    std::vector<std::string> group_names;
    group_names.reserve(groups.size());
    for (int g : groups) group_names.push_back(std::to_string(g));
    if (written_.draft_at && written_.draft_entries == 0)
      warning(*written_.draft_at, ProblemKind::draft_list_empty);
    for (const WrittenDraftWish& w : written_.draft) {
      const auto province = lookup(w.province);
      if (w.group && std::find(groups.begin(), groups.end(), *w.group) == groups.end()) {
        error(w.group_at, ProblemKind::draft_group_not_yours,
              {{Arg::armies, *w.group}, {Arg::groups, group_names}});
      }
      if (!province) continue;
      auto& wishes = result_.orders.draft.wishes;
      if (std::any_of(wishes.begin(), wishes.end(),
                      [&](const DraftWish& d) { return d.province == *province; })) {
        error(w.province.at, ProblemKind::draft_province_twice, {{Arg::province, *province}});
        continue;
      }
      wishes.push_back(DraftWish{*province, w.group, draft_leader(w)});
      if (w.group) check_group_named_too_often(w, groups);
    }
    check_draft_refresh();
    const auto& listed = result_.orders.draft.wishes;
    if (draft_rules(rules_).leaders && written_.draft_at && !listed.empty() &&
        std::none_of(listed.begin(), listed.end(), [](const DraftWish& d) { return d.leader; }))
      warning(*written_.draft_at, ProblemKind::draft_leader_on_last_pick);
  }

  /// D-48: `leader: true` on a draft entry, in a game that places its leaders during the draft.
  bool draft_leader(const WrittenDraftWish& w) {
    if (!w.leader) return false;
    if (!rules_.plays(kLeadersPlacePhase)) {
      error(w.leader_at, ProblemKind::draft_leader_without_leaders);
    } else if (!changes_.draft_places_leaders) {
      error(w.leader_at, ProblemKind::draft_leader_not_in_rules, {{Arg::version, rules_.version}});
    }
    return *w.leader && draft_rules(rules_).leaders;
  }

  /// D-49: `refresh:` from rules version 3.
  void check_draft_refresh() {
    if (!written_.draft_refresh) return;
    if (!changes_.draft_may_refresh) {
      error(written_.draft_refresh_at, ProblemKind::draft_refresh_not_in_rules,
            {{Arg::version, rules_.version}});
      return;
    }
    result_.orders.draft.refresh = *written_.draft_refresh;
  }

  /// D-42: a group size named for more provinces than the board has groups of that size: the
  /// wishes that come up once those are placed get the largest group left.
  void check_group_named_too_often(const WrittenDraftWish& w, const std::vector<int>& groups) {
    const auto& wishes = result_.orders.draft.wishes;
    const auto named = std::count_if(wishes.begin(), wishes.end(),
                                     [&](const DraftWish& d) { return d.group == w.group; });
    const auto owned = std::count(groups.begin(), groups.end(), *w.group);
    if (owned > 0 && named == owned + 1) {  // once, at the first wish too many
      warning(w.group_at, ProblemKind::draft_group_named_too_often,
              {{Arg::armies, *w.group}, {Arg::at_most, static_cast<int>(owned)}});
    }
  }

  /// Rules 4.3, D-25: the ten action spaces are covered first; the bid takes a card left over.
  bool bid_possible() const {
    if (!rules_.has_bids()) return false;  // Rules 12: the 1st edition has no bid
    return !changes_.bid_needs_a_spare_card || card_left_for_bid(state_, rules_, *player_);
  }

  int coin_cards() const { return static_cast<int>(rules_.coin_cards.size()); }

  /// Coin cards cover the spaces without a province; a space may stay empty only when no card is
  /// left to cover it (rules 4.3, interfaces 3).
  /// Rules 13.1: the side board's spaces, planned with the same hand (a province card serves once
  /// among the actions, the side board and the bid), and the favours wished.
  void check_court() {
    if (!rules_.plays(kCourtConversionPhase)) return;
    CourtOrder& court = result_.orders.court;
    court.conversions.assign(rules_.court.conversions.size(), ConversionOrder{});
    std::vector<ProvinceId> on_board;
    for (std::size_t i = 0; i < court.conversions.size(); ++i) {
      const std::optional<Written>* space = written_.court && i < written_.court->spaces.size()
                                                ? &written_.court->spaces[i]
                                                : nullptr;
      if (!space || !*space || is_none((*space)->text)) {
        ++none_spaces_;
        continue;
      }
      const Written& w = **space;
      if (is_tower(w.text)) {
        court.conversions[i].source = ConversionSource::tower;
        ++tower_spaces_;
        continue;
      }
      const auto province = own_province_once(w, on_board, ProblemKind::court_card_twice);
      if (!province) continue;
      if (claim_card(*province, w, std::nullopt))
        court.conversions[i] = ConversionOrder{ConversionSource::province, *province};
    }
    check_favours();
  }

  void check_favours() {
    const int cards = static_cast<int>(rules_.court.cards.size());
    std::vector<std::string> displayed;
    for (int card : state_.court.display) {
      if (card != 0) displayed.push_back(std::to_string(card));
    }
    auto& wishes = result_.orders.court.favours;
    for (const WrittenFavour& w : written_.favours) {
      const std::string number = std::to_string(w.card);
      const FavourCard* known = rules_.court.card(w.card);
      if (!known) {
        error(w.card_at, ProblemKind::favour_card_unknown,
              {{Arg::written, number}, {Arg::at_most, cards}});
        continue;
      }
      if (std::any_of(wishes.begin(), wishes.end(),
                      [&](const FavourWish& f) { return f.card == w.card; })) {
        error(w.card_at, ProblemKind::favour_card_twice, {{Arg::written, number}});
        continue;
      }
      const FavourCard& card = *known;
      FavourWish wish{w.card, std::nullopt, std::nullopt};
      if (w.province) {
        // A build or a marker acts in a province of the player's; armies placed go to one of
        // theirs or a neutral one (E-8). Nobody's province changes hands before the audience.
        wish.province =
            card.acts_in_own_province() ? own_province(*w.province) : lookup(*w.province);
        const auto& owner = wish.province ? state_.at(*wish.province).owner : std::nullopt;
        if (card.effect == FavourEffect::place && owner && owner != player_) {
          error(w.province->at, ProblemKind::not_yours,
                {{Arg::province, *wish.province},
                 {Arg::yours, state_.provinces_of(*player_)},
                 {Arg::owner, state_.player(*owner).id}});
          wish.province.reset();
        }
      } else if (card.needs_province()) {
        error(w.card_at, ProblemKind::favour_needs_province, {{Arg::written, number}});
      }
      if (w.cancel) wish.cancel = cancelled_events(w, card);
      if (std::find(displayed.begin(), displayed.end(), number) == displayed.end()) {
        warning(w.card_at, ProblemKind::favour_not_displayed,
                {{Arg::written, number}, {Arg::cards, displayed}});
      } else if (changes_.favour_for_its_own_sake) {
        warn_if_nothing(w, card, wish);
      }
      wishes.push_back(wish);
    }
  }

  /// The ids of the events this season may draw (rules 4.4: the year's face-up events left).
  std::vector<std::string> events_left() const {
    std::vector<std::string> ids;
    for (EventId e : state_.events_left) ids.push_back(rules_.event(e).id);
    return ids;
  }

  /// D-50: a card that cancels the season's event, only for the events its wish lists.
  std::vector<EventId> cancelled_events(const WrittenFavour& w, const FavourCard& card) {
    std::vector<EventId> out;
    if (!changes_.favour_one_is_a_choice) {
      error(w.cancel_at, ProblemKind::favour_cancel_not_in_rules, {{Arg::version, rules_.version}});
      return out;
    }
    if (card.effect != FavourEffect::cancel_event) {
      std::vector<std::string> cancelling;
      for (const FavourCard& c : rules_.court.cards) {
        if (c.effect == FavourEffect::cancel_event) cancelling.push_back(std::to_string(c.number));
      }
      error(w.cancel_at, ProblemKind::favour_cancel_not_an_event_card,
            {{Arg::written, std::to_string(w.card)}, {Arg::cards, std::move(cancelling)}});
      return out;
    }
    for (const Written& e : *w.cancel) {
      const auto event = event_named(e);
      if (!event) continue;
      if (std::find(out.begin(), out.end(), *event) != out.end()) {
        error(e.at, ProblemKind::favour_cancel_event_twice, {{Arg::written, e.text}});
        continue;
      }
      if (std::find(state_.events_left.begin(), state_.events_left.end(), *event) ==
          state_.events_left.end()) {
        warning(e.at, ProblemKind::favour_cancel_event_not_left,
                {{Arg::written, e.text}, {Arg::events, events_left()}});
      }
      out.push_back(*event);
    }
    return out;
  }

  /// An event by its id; an unknown one is an error naming the nearest ids.
  std::optional<EventId> event_named(const Written& e) {
    if (auto id = rules_.find_event(e.text)) return id;
    std::vector<std::string> ids;
    for (const EventCard& card : rules_.events) ids.push_back(card.id);
    const std::string nearest =
        nearest_name(e.text, std::vector<std::string_view>(ids.begin(), ids.end()));
    Args args{{Arg::written, e.text}, {Arg::events, events_left()}};
    if (!nearest.empty()) args.push_back({Arg::nearest, std::vector<std::string>{nearest}});
    error(e.at, ProblemKind::unknown_event, std::move(args));
    return std::nullopt;
  }

  /// D-51: a card wished for is taken even when its effect comes to nothing; warn when, as things
  /// stand, it is certain to (nothing before the audience changes provinces, buildings or the
  /// supply, and only the side board refills the reserve).
  void warn_if_nothing(const WrittenFavour& w, const FavourCard& card, const FavourWish& wish) {
    const Args written{{Arg::written, std::to_string(w.card)}};
    switch (card.effect) {
      case FavourEffect::cancel_event:
        if (wish.cancel && std::none_of(state_.events_left.begin(), state_.events_left.end(),
                                        [&](EventId e) { return listed(*wish.cancel, e); })) {
          Args args = written;
          args.push_back({Arg::events, events_left()});
          warning(w.card_at, ProblemKind::favour_cancels_nothing, std::move(args));
        }
        break;
      case FavourEffect::build:
        if (wish.province) warn_if_no_building(w, card, *wish.province);
        break;
      case FavourEffect::tray:
      case FavourEffect::place:
        if (state_.player(*player_).reserve == 0 && converted_cubes() == 0)
          warning(w.card_at, ProblemKind::favour_reserve_empty, written);
        break;
      default:
        break;
    }
  }

  static bool listed(const std::vector<EventId>& events, EventId e) {
    return std::find(events.begin(), events.end(), e) != events.end();
  }

  void warn_if_no_building(const WrittenFavour& w, const FavourCard& card, ProvinceId where) {
    const ProvinceState& province = state_.at(where);
    const Building b = *card.building;
    Args args{{Arg::written, std::to_string(w.card)}, {Arg::province, where}};
    if (province.has(b)) {
      args.push_back({Arg::built_there, true});
    } else if (province.building_count() >= rules_.province(where).sites) {
      args.push_back({Arg::no_site, true});
    } else if (state_.supply.buildings[index_of(b)] <= 0) {
      args.push_back({Arg::none_left, true});
    } else {
      return;
    }
    warning(w.province->at, ProblemKind::favour_builds_nothing, std::move(args));
  }

  /// The cubes the side board planned may bring back to the reserve (rules 13.1, step 1).
  int converted_cubes() const {
    int cubes = 0;
    const auto& spaces = result_.orders.court.conversions;
    for (std::size_t i = 0; i < spaces.size(); ++i) {
      if (spaces[i].source != ConversionSource::none) cubes += rules_.court.conversions[i];
    }
    return cubes;
  }

  void check_coin_cards() {
    const bool coin_bid = result_.orders.bid.kind == BidKind::coin;
    // Rules 13.1: a side-board space left empty takes a blank card too, and a tower card not on
    // the side board serves as a coin card.
    const int needed = none_actions_ + none_spaces_ + (coin_bid ? 1 : 0);
    const int towers =
        rules_.plays(kCourtConversionPhase) ? rules_.court.tower_cards - tower_spaces_ : 0;
    if (needed <= coin_cards() + towers) return;
    std::vector<ProvinceId> free;
    for (ProvinceId id : state_.provinces_of(*player_)) {
      const bool used = std::any_of(cards_used_.begin(), cards_used_.end(),
                                    [id](const auto& entry) { return entry.first == id; });
      if (!used) free.push_back(id);
    }
    if (free.empty()) return;
    Args args{{Arg::none_actions, none_actions_},
              {Arg::coin_bid, coin_bid},
              {Arg::needed, needed},
              {Arg::coin_cards, coin_cards()},
              {Arg::free, std::move(free)},
              {Arg::bid_possible, bid_possible()}};
    if (rules_.plays(kCourtConversionPhase)) args.push_back({Arg::tower_cards, towers});
    if (none_spaces_ > 0) args.push_back({Arg::none_spaces, none_spaces_});
    error(written_.actions_at, ProblemKind::too_many_none, std::move(args));
  }

  void check_turn_order() {
    std::set<std::string> seen;
    for (const Written& w : written_.turn_order) {
      const auto tile = rules_.find_tile(w.text);
      if (!tile) {
        std::vector<std::string> ids;
        for (const auto& t : rules_.tiles) ids.push_back(t.id);
        const std::string nearest =
            nearest_name(w.text, std::vector<std::string_view>(ids.begin(), ids.end()));
        Args args{{Arg::written, w.text}, {Arg::tiles, std::move(ids)}};
        if (!nearest.empty()) args.push_back({Arg::nearest, std::vector<std::string>{nearest}});
        error(w.at, ProblemKind::unknown_tile, std::move(args));
        continue;
      }
      if (!seen.insert(w.text).second) {
        error(w.at, ProblemKind::tile_listed_twice, {{Arg::written, w.text}});
        continue;
      }
      result_.orders.tile_preferences.push_back(*tile);
    }
  }

  void check_winter_revolt_order() {
    std::vector<ProvinceId> seen;
    for (const Written& w : written_.winter_revolt_order)
      own_province_once(w, seen, ProblemKind::winter_province_twice);
    const SeasonLabel label = season_label(rules_, state_.season_index);
    if (!written_.winter_revolt_order.empty() && label.season != rules_.seasons.back()) {
      warning(written_.winter_revolt_order.front().at, ProblemKind::winter_order_ignored,
              {{Arg::season, std::string(season_key(rules_.seasons.back()))}});
    }
    result_.orders.winter_revolt_order = std::move(seen);
  }

  /// Rules 13.2: the bonuses wished from a Landsknechte card, most wanted first.
  void check_landsknecht_wishes() {
    const auto keys = landsknecht_bonus_keys();
    for (const Written& w : written_.landsknechte) {
      const auto known = std::find(keys.begin(), keys.end(), w.text);
      if (known == keys.end()) {
        Args args{{Arg::written, w.text},
                  {Arg::bonuses, std::vector<std::string>(keys.begin(), keys.end())}};
        if (const std::string nearest = nearest_name(w.text, keys); !nearest.empty())
          args.push_back({Arg::nearest, std::vector<std::string>{nearest}});
        error(w.at, ProblemKind::unknown_landsknecht_bonus, std::move(args));
        continue;
      }
      const LandsknechtBonus bonus =
          kAllLandsknechtBonuses[static_cast<std::size_t>(known - keys.begin())];
      std::vector<LandsknechtBonus>& wishes = result_.orders.landsknecht_wishes;
      if (std::find(wishes.begin(), wishes.end(), bonus) != wishes.end()) {
        error(w.at, ProblemKind::landsknecht_bonus_twice, {{Arg::written, w.text}});
        continue;
      }
      wishes.push_back(bonus);
    }
    warn_if_no_wish_is_offered();
  }

  /// Rules 13.2: wishes of which the player's next card offers none are worth a word, since the
  /// fallback is then taken without a sound.
  void warn_if_no_wish_is_offered() {
    const std::vector<LandsknechtBonus>& wishes = result_.orders.landsknecht_wishes;
    const LandsknechtCard* card = next_landsknecht_card(state_, rules_, *player_);
    if (wishes.empty() || !card ||
        std::any_of(wishes.begin(), wishes.end(),
                    [&](LandsknechtBonus b) { return card->offers(b); }))
      return;
    std::vector<std::string> offered;
    for (LandsknechtBonus b : kAllLandsknechtBonuses) {
      if (card->offers(b)) offered.emplace_back(landsknecht_bonus_key(b));
    }
    warning(written_.landsknechte.front().at, ProblemKind::landsknecht_wishes_not_offered,
            {{Arg::bonuses, std::move(offered)},
             {Arg::fallback, std::string(landsknecht_bonus_key(rules_.landsknechte.fallback))}});
  }

  /// Rules 13.3: where a leader beside the board is placed, where the leader moves after the ten
  /// actions, and whether it leaves a statue.
  void check_leader() {
    if (!rules_.plays(kLeadersPlacePhase)) return;  // the reader refused the section
    const WrittenLeader* w = written_.leader ? &*written_.leader : nullptr;
    // A malformed section was reported by the reader: its names are still checked, but what
    // would follow from it is not foretold.
    bool foretell = !w || w->readable;
    const PlayerState& player = state_.player(*player_);
    const bool placed_now = leader_placed_now(state_, rules_, *player_);
    LeaderOrder& order = result_.orders.leader;
    const SourceRef at = w ? w->at : written_.game.at;
    if (w) order.statue = w->statue.value_or(false);
    const bool moves_asked = w && (w->move_to || order.statue);
    if (w && w->place) {
      if (player.leader) {
        error(w->place->at, ProblemKind::leader_placed_on_board, {{Arg::province, *player.leader}});
      } else if (!placed_now) {
        error(w->place->at, ProblemKind::leader_placed_out_of_spring, {{Arg::season, spring()}});
      }
      if (is_none(w->place->text)) {
        order.stay_beside = placed_now && may_stay_beside(w->place->at);
        foretell = foretell && order.stay_beside;
      } else if (const auto id = own_province(*w->place); id && placed_now) {
        order.place = id;
      }
      // A refused place: where the leader moves is moot.
      foretell = foretell && (order.place || order.stay_beside);
    } else if (placed_now && foretell) {
      if (const auto where = default_leader_place(state_, *player_))
        warning(at, ProblemKind::leader_not_placed, {{Arg::province, *where}});
    }
    // Where the leader stands when it moves: where it stands, or where it is placed first.
    const std::optional<ProvinceId> from = leader_during_actions(state_, rules_, *player_, order);
    if (w && w->move_to) order.move_to = lookup(*w->move_to);
    if (!foretell) return;
    if (!from) {
      // Beside the board until spring (a player without provinces in spring keeps it there too).
      if (moves_asked && (!placed_now || order.stay_beside)) {
        warning(w->move_to ? w->move_to->at : w->statue_at, ProblemKind::leader_beside_the_board,
                {{Arg::season, spring()}});
      }
      return;
    }
    if (w && w->move_to && !order.move_to) return;  // an unknown province: already an error
    const LeaderDestinations to_now =
        leader_destinations(rules_, state_.provinces_of(*player_), *from);
    check_leader_move(*from, to_now, w ? w->move_to : std::nullopt, at);
    if (w && order.statue) check_statue(*from, to_now, w->statue_at);
  }

  /// The province a leader standing in `from` goes to as things stand: its move_to when it may
  /// go there, else the fallback (D-32); none when it stays.
  std::optional<ProvinceId> leader_goes(const LeaderDestinations& to_now) const {
    const std::optional<ProvinceId>& to = result_.orders.leader.move_to;
    const auto& allowed = to_now.provinces;
    if (to && std::find(allowed.begin(), allowed.end(), *to) != allowed.end()) return to;
    return to_now.fallback(state_);
  }

  /// Rules 13.3, D-46: `place: none` keeps a leader taken off beside the board, from rules
  /// version 3 and after a winter; its first placement is a must.
  bool may_stay_beside(SourceRef at) {
    if (!changes_.leader_may_stay_beside) {
      error(at, ProblemKind::leader_stay_not_in_rules, {{Arg::version, rules_.version}});
      return false;
    }
    if (!leader_may_stay_beside(rules_, state_.season_index)) {
      error(at, ProblemKind::leader_must_be_placed, {{Arg::season, spring()}});
      return false;
    }
    return true;
  }

  /// Rules 13.3, E-11, D-32: says where the leader goes when its move_to is missing or cannot be
  /// followed as things stand, and why.
  void check_leader_move(ProvinceId from, const LeaderDestinations& to_now,
                         const std::optional<Written>& written, SourceRef at) {
    const std::optional<ProvinceId> fallback = to_now.fallback(state_);
    if (!fallback) return;  // no other province: the leader stays, whatever was asked
    const std::optional<ProvinceId>& to = result_.orders.leader.move_to;
    if (!to) {
      warning(at, ProblemKind::leader_moves_by_default, {{Arg::province, *fallback}});
      return;
    }
    Args args{{Arg::province, *to}, {Arg::from, from}, {Arg::fallback_province, *fallback}};
    if (*to == from) {
      warning(written->at, ProblemKind::leader_must_move, std::move(args));
    } else if (to_now.next_door && !rules_.adjacent(from, *to) && !changes_.leader_moves_anywhere) {
      args.push_back({Arg::neighbours, to_now.provinces});
      warning(written->at, ProblemKind::leader_move_not_adjacent, std::move(args));
    } else if (state_.at(*to).owner != player_ && !battle_targets(*to)) {
      warning(written->at, ProblemKind::leader_move_not_yours, std::move(args));
    }
  }

  /// Whether one of the player's battles this season targets `where` (a leader may follow it).
  bool battle_targets(ProvinceId where) const {
    for (Action a : rules_.spaces_of(ActionKind::battle)) {
      const auto& order = result_.orders[a];
      if (order && order->target == where) return true;
    }
    return false;
  }

  /// Rules 13.3, E-11, E-12: a statue is left only after a move next door, and while one is left.
  void check_statue(ProvinceId from, const LeaderDestinations& to_now, SourceRef at) {
    const PlayerState& player = state_.player(*player_);
    if (player.statues == 0) {
      warning(at, ProblemKind::leader_no_statue_left, {{Arg::statues, rules_.leaders.statues}});
    } else if (!to_now.next_door) {
      warning(at, ProblemKind::leader_statue_needs_a_neighbour, {{Arg::from, from}});
    } else if (const auto to = leader_goes(to_now); to && !rules_.adjacent(from, *to)) {
      // D-45: "si le chef militaire n'est pas déplacé dans un état adjacent, on n'érige pas de
      // statue".
      warning(at, ProblemKind::leader_statue_after_a_far_move,
              {{Arg::province, *to}, {Arg::from, from}});
    }
  }

  std::string spring() const { return std::string(season_key(rules_.seasons.front())); }

  /// Rules 12: a province once, and one the player may be defending when it is attacked.
  void check_defend_with() {
    for (const WrittenDefence& line : written_.defend_with) {
      const auto id = lookup(line.province);
      if (!id) continue;
      auto& chosen = result_.orders.defend_with;
      if (std::any_of(chosen.begin(), chosen.end(),
                      [&](const auto& c) { return c.first == *id; })) {
        error(line.province.at, ProblemKind::defend_with_twice, {{Arg::province, *id}});
        continue;
      }
      if (state_.at(*id).owner != player_ && !battle_targets(*id))
        warning(line.province.at, ProblemKind::defend_with_not_yours, {{Arg::province, *id}});
      chosen.emplace_back(*id, line.at_most);
    }
  }

  const WrittenOrders& written_;
  const GameState& state_;
  const Ruleset& rules_;
  const RuleChanges changes_;
  OrderCheck result_;
  std::optional<PlayerIndex> player_;
  std::vector<std::pair<ProvinceId, std::optional<Action>>>
      cards_used_;  ///< card, action (none: the bid)
  int none_actions_ = 0;
  int none_spaces_ = 0;   ///< the Imperial Court's side-board spaces left empty
  int tower_spaces_ = 0;  ///< ...holding a tower card
};

}  // namespace

bool card_left_for_bid(const GameState& state, const Ruleset& rules, PlayerIndex player) {
  return card_left_for_bid(state.province_count(player), rules);
}

bool card_left_for_bid(int province_cards, const Ruleset& rules) {
  return province_cards + static_cast<int>(rules.coin_cards.size()) > rules.action_count();
}

int defenders_thrown(const Orders& orders, ProvinceId province, int armies) {
  for (const auto& [where, at_most] : orders.defend_with) {
    if (where == province) return std::min(armies, at_most);
  }
  return armies;
}

Orders pass_orders(PlayerIndex player, const GameState& state, const Ruleset& rules) {
  Orders orders;
  orders.player = player;
  // Rules 12: the 1st edition has no bids; the draft (rules 2.2) has none either, and with an
  // empty list every pick is drawn blind (D-42).
  if (!rules.has_bids() || state.draft) return orders;
  // Rules 11 bids 0; D-29: only with a card left for the bid (D-25), else none.
  const bool bids =
      !rules.changes().bid_needs_a_spare_card || card_left_for_bid(state, rules, player);
  orders.bid = bids ? Bid{BidKind::coin, 0, ProvinceId{}} : Bid{BidKind::none, 0, ProvinceId{}};
  return orders;
}

OrderCheck check_orders(const WrittenOrders& written, const GameState& state,
                        const Ruleset& rules) {
  return Checker(written, state, rules).run();
}

}  // namespace wallenstein
