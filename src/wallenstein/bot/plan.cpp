#include "wallenstein/bot/plan.hpp"

#include <algorithm>

#include "wallenstein/rules/leaders.hpp"

namespace wallenstein::bot {
namespace {

constexpr int kAfterEverything = kMaxActionSpaces + 1;

}  // namespace

int payment_slot(const PlayerView& view, Action action) {
  return view.face_up_slot(action).value_or(static_cast<int>(view.face_up.size()) + 1);
}

int income_slot(const PlayerView& view, Action action) {
  return view.face_up_slot(action).value_or(kAfterEverything);
}

double chance_before(const PlayerView& view, Action first, Action second) {
  const auto a = view.face_up_slot(first);
  const auto b = view.face_up_slot(second);
  if (a && b) return *a < *b ? 1.0 : 0.0;
  if (a) return 1.0;
  if (b) return 0.0;
  return 0.5;
}

int reserve_needed(const Ruleset& rules, Action action) {
  const ActionDef& def = rules.action(action);
  // Before D-28 the armies tile's +1 was a duty: keep a cube for it.
  const bool tile_duty =
      !rules.changes().armies_tile_is_a_right &&
      std::any_of(rules.tiles.begin(), rules.tiles.end(), [&](const BonusTile& t) {
        return t.effect == TileEffect::armies_bonus && t.space == action;
      });
  return def.armies + (tile_duty ? 1 : 0);
}

bool Plan::try_add(const Candidate& candidate) {
  std::array<bool, kMaxProvinces> cards{};
  for (const auto& [action, step] : candidate.steps) {
    if (!action_free(action) || !province_free(step.order.province) ||
        cards[step.order.province.value])
      return false;
    cards[step.order.province.value] = true;
  }
  if (candidate.target && targeted(*candidate.target)) return false;
  Plan trial = *this;
  for (const auto& [action, step] : candidate.steps) trial.force(action, step);
  if (candidate.target) trial.targeted_[candidate.target->value] = true;
  if (!trial.payable()) return false;
  *this = trial;
  return true;
}

void Plan::force(Action action, const Step& step) {
  steps_[index_of(action)] = step;
  used_[step.order.province.value] = true;
}

int Plan::spare_thaler() const {
  const PlayerView& view = a_->view;
  struct Flow {
    int slot;
    int amount;
  };
  std::vector<Flow> flows;
  int reserve = 0;
  for (Action action : a_->rules.action_spaces()) {
    const auto& s = step(action);
    if (!s) continue;
    const ActionDef& def = a_->rules.action(action);
    // Rules 13.3: the leader on the board makes actions in its province cheaper.
    if (const int cost =
            action_price(a_->rules, action, s->order.province, view.mine().leader, s->order.place);
        cost > 0)
      flows.push_back({payment_slot(view, action), -cost});
    if (def.kind == ActionKind::collect && def.collects == Resource::thaler) {
      flows.push_back(
          {income_slot(view, action), a_->least_income(s->order.province, Resource::thaler)});
    }
    if (def.kind == ActionKind::place && s->order.place)
      reserve += reserve_needed(a_->rules, action);
  }
  if (reserve > view.mine().reserve) return -1;
  std::stable_sort(flows.begin(), flows.end(),
                   [](const Flow& x, const Flow& y) { return x.slot < y.slot; });
  int cash = view.mine().thaler - coin_bid_;
  int least = cash;
  for (const Flow& f : flows) {
    cash += f.amount;
    least = std::min(least, cash);
  }
  return least;
}

bool Plan::payable() const { return spare_thaler() >= 0; }

std::vector<ProvinceId> Plan::free_provinces() const {
  std::vector<ProvinceId> out;
  for (ProvinceId p : a_->mine) {
    if (province_free(p)) out.push_back(p);
  }
  return out;
}

int Plan::actions_without_card() const {
  int without = 0;  // the board's spaces only: the array has room for more
  for (Action action : a_->rules.action_spaces()) without += steps_[index_of(action)] ? 0 : 1;
  return without;
}

}  // namespace wallenstein::bot
