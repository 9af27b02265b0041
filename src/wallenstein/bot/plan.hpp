#pragma once

// Internal to the bot: a season's orders being put together, with the checks that keep them
// payable and legal.

#include <array>
#include <cassert>
#include <optional>
#include <vector>

#include "wallenstein/bot/assessment.hpp"
#include "wallenstein/bot/bot.hpp"
#include "wallenstein/rules/rng.hpp"

namespace wallenstein::bot {

/// A reason with its kind and main number.
inline BotReason because(BotWhy why, int amount = 0) {
  BotReason r;
  r.why = why;
  r.amount = amount;
  return r;
}

/// One planned action and why.
struct Step {
  ActionOrder order;
  BotReason reason;
};

/// A candidate's steps: one or two, kept in place so that candidates are made without
/// allocating.
class CandidateSteps {
 public:
  using Item = std::pair<Action, Step>;
  /// A new step for `action`, to be filled in place (a step is large: copies cost).
  Step& add(Action action) {
    assert(size_ < items_.size());
    Item& item = items_[size_++];
    item.first = action;
    return item.second;
  }
  void emplace_back(Action action, const Step& step) { add(action) = step; }
  const Item& front() const { return items_[0]; }
  const Item* begin() const { return items_.data(); }
  const Item* end() const { return items_.data() + size_; }

 private:
  std::array<Item, 2> items_{};
  std::size_t size_ = 0;
};

/// A choice the bot weighs: one or two steps (an attack with the placement that feeds it).
struct Candidate {
  double value = 0;  ///< points gained, net of the thaler spent
  CandidateSteps steps;
  std::optional<ProvinceId> target;  ///< an attack's target: one attack per target
};

/// The orders being assembled: steps by action, the cards used, the bid.
class Plan {
 public:
  explicit Plan(const Assessment& a) : a_(&a) {}

  bool action_free(Action action) const { return !steps_[index_of(action)]; }
  bool province_free(ProvinceId p) const { return !used_[p.value]; }
  bool targeted(ProvinceId p) const { return targeted_[p.value]; }
  const std::optional<Step>& step(Action action) const { return steps_[index_of(action)]; }
  /// Every space's step, by space (spaces the board lacks stay empty).
  const std::array<std::optional<Step>, kMaxActionSpaces>& steps() const { return steps_; }
  int coin_bid() const { return coin_bid_; }
  void set_coin_bid(int coin) { coin_bid_ = coin; }

  /// Adds the candidate's steps if their cards are free and every payment and placement stays
  /// covered in slot order; returns whether it did.
  bool try_add(const Candidate& candidate);
  /// Puts a step in without the payment checks (legal fillers).
  void force(Action action, const Step& step);
  /// Whether the thaler and the reserve cover every planned step, in slot order.
  bool payable() const;
  /// Thaler left over after every planned payment (conservative), or negative when short.
  int spare_thaler() const;
  /// The province cards not on any action space.
  std::vector<ProvinceId> free_provinces() const;
  int actions_without_card() const;
  /// Takes a province card for the Imperial Court's side board: a card serves once (rules 13.1).
  void use_card(ProvinceId p) { used_[p.value] = true; }
  /// Blank cards for action spaces beyond the coin cards (rules 13.1: the tower cards left over,
  /// less the side board's empty spaces); negative when the side board takes coin cards.
  int extra_blank_cards() const { return extra_blanks_; }
  void set_extra_blank_cards(int n) { extra_blanks_ = n; }

 private:
  const Assessment* a_;
  std::array<std::optional<Step>, kMaxActionSpaces> steps_;
  std::array<bool, kMaxProvinces> used_{};
  std::array<bool, kMaxProvinces> targeted_{};
  int coin_bid_ = 0;
  int extra_blanks_ = 0;
};

/// Where an action falls in the season for payments: its face-up slot, or after every face-up
/// slot (face down). Income from a face-down slot counts only after every face-down payment.
int payment_slot(const PlayerView& view, Action action);
int income_slot(const PlayerView& view, Action action);
/// The chance that action `first` is played before action `second` this season.
double chance_before(const PlayerView& view, Action first, Action second);
/// Cubes a placement action needs in the reserve (rules 5, 6; D-28 under rules version 2).
int reserve_needed(const Ruleset& rules, Action action);

/// The candidates: collecting, building, placing for defence, attacking, moving.
std::vector<Candidate> collect_candidates(const Assessment& a, const Plan& plan);
std::vector<Candidate> build_candidates(const Assessment& a);
std::vector<Candidate> defence_candidates(const Assessment& a);
std::vector<Candidate> attack_candidates(const Assessment& a);
std::vector<Candidate> move_candidates(const Assessment& a, const Plan& plan);

/// What `cubes` more thrown with each planned attack add to it (the attack tile's cube, or cubes
/// in the tray from a Landsknechte or favour card, thrown with the player's next battle).
double attack_worth(const Assessment& a, const Plan& plan, int cubes);
/// What `more` grain saves of the winter's revolts, after the grain planned and still to come.
double grain_worth(const Assessment& a, const Plan& plan, int more);

/// Chooses the bid card and the tile preferences, and makes the card counts legal (rules 4.3).
void settle_bid_and_cards(const Assessment& a, Plan& plan, Rng& rng, BotPlan& out);

/// Rules 13.2: the Landsknechte bonuses most wanted first, weighed on the player's next card.
std::vector<LandsknechtBonus> landsknecht_wishes(const Assessment& a, const Plan& plan);

/// Rules 13.1: the side board (free province cards whose armies can leave without much risk,
/// the player's cubes in the tray when no attack of theirs would throw them) and the favour cards
/// on display most wanted first. Takes the side board's cards off the plan; call it before
/// `settle_bid_and_cards`.
CourtOrder court_order(const Assessment& a, Plan& plan);

/// Rules 13.3: where the leader is placed (when it is placed now), where it moves after the ten
/// actions, and whether it leaves a statue.
LeaderOrder leader_order(const Assessment& a, const Plan& plan);

/// Rules 12: the most armies each province throws when attacked, where fewer are beaten about as
/// seldom by the strongest attack next door and the rest are kept out of the tower; only where
/// that attack would seldom take it anyway, and no planned battle or move leaves from it.
std::vector<std::pair<ProvinceId, int>> defend_with_order(const Assessment& a, const Plan& plan);

}  // namespace wallenstein::bot
