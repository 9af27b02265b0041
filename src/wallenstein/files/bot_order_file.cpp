#include "wallenstein/files/bot_order_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "wallenstein/bot/forecast.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/order_file.hpp"

namespace wallenstein {
namespace {

std::string percent(double p) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", 100.0 * p);
  return buf;
}

std::string plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string province_name(const std::optional<ProvinceId>& p, const Ruleset& rules) {
  return p ? rules.province(*p).name : std::string("?");
}

std::string build_reason(const BotReason& r) {
  std::string out = "+" + std::to_string(r.amount) + " VP for each winter left";
  if (r.majority > 0)
    out += ", and +" + std::to_string(r.majority) + " VP a winter for the region's majority";
  return out;
}

std::string attack_reason(const BotReason& r, const Ruleset& rules) {
  std::string out = odds_ratio(r.win) + " odds to win (" + percent(r.win) + " win, " +
                    percent(r.tie) + " tie) with " + plural(r.armies, "army", "armies") +
                    " against ";
  out += r.defended ? plural(r.against, "army", "armies") + " in " + province_name(r.other, rules)
                    : "the peasants of neutral " + province_name(r.other, rules);
  return out;
}

/// An attack's comment with the forecast's numbers, the ones the player's receipt gives: as
/// things stand now; and, when they differ, the bot's own with the armies its orders bring in
/// before (if their cards come up first). One model (the tower's exact odds), two starting points,
/// each named.
std::string attack_line(const BotReason& r, const std::optional<BattleAhead>& now,
                        const Ruleset& rules) {
  const std::string with_planned = attack_reason(r, rules);
  if (!now)
    return "not to be fought as things stand (too few armies there now); " + with_planned +
           " once these orders bring them in";
  std::string out = "as things stand " + percent(now->odds.win) + " win, " +
                    percent(now->odds.tie) + " tie with " + plural(now->moving, "army", "armies") +
                    " (as the receipt forecasts)";
  if (now->moving != r.armies) {
    out += "; with the armies these orders bring in first, " + percent(r.win) + " win, " +
           percent(r.tie) + " tie with " + plural(r.armies, "army", "armies");
  }
  out += " against ";
  out += r.defended ? plural(r.against, "army", "armies") + " in " + province_name(r.other, rules)
                    : "the peasants of neutral " + province_name(r.other, rules);
  return out;
}

}  // namespace

std::string odds_ratio(double win) {
  if (win >= 1.0 || win / (1.0 - win) >= 10) return "better than 10:1";
  if (win <= 0.0 || (1.0 - win) / win >= 10) return "worse than 1:10";
  const bool favoured = win >= 0.5;
  const double ratio = favoured ? win / (1.0 - win) : (1.0 - win) / win;
  const double halves = std::round(ratio * 2.0);
  const long whole = static_cast<long>(halves);
  const std::string big = whole % 2 == 0 ? std::to_string(whole / 2) : std::to_string(whole);
  const std::string small = whole % 2 == 0 ? "1" : "2";
  return favoured ? big + ":" + small : small + ":" + big;
}

std::string describe(const BotReason& r, const Ruleset& rules) {
  switch (r.why) {
    case BotWhy::taxes:
      return "at least " + plural(r.amount, "thaler", "thaler") + ", no revolt marker to set off";
    case BotWhy::grain:
      return plural(r.amount, "grain", "grain") +
             " toward winter: " + plural(r.need, "province", "provinces") + " to feed, " +
             std::to_string(r.have) + " grain so far";
    case BotWhy::build:
      return build_reason(r);
    case BotWhy::reinforce:
      return "+" + plural(r.amount, "army", "armies") + ": enemies next door can bring " +
             std::to_string(r.against) + "; chance to lose it " + percent(r.risk_before) + " -> " +
             percent(r.risk_after);
    case BotWhy::stage:
      return "feeds " + plural(r.amount, "army", "armies") + " into " +
             province_name(r.other, rules) + " before its attack";
    case BotWhy::attack:
      return attack_reason(r, rules);
    case BotWhy::move:
      return "moves " + plural(r.amount, "army", "armies") + " to " +
             province_name(r.other, rules) + ", which is more exposed";
    case BotWhy::filler:
      return "a spare card: a space takes a province card while one is free (rules 4.3)";
    case BotWhy::bid_province:
      return "a spare province card: ranks above coin 0 and costs nothing";
    case BotWhy::bid_coin:
      return "pays " + plural(r.amount, "thaler", "thaler") + " to choose the tile early";
    case BotWhy::bid_zero:
      return "coin 0: no spare card, no tile worth paying for";
    case BotWhy::bid_none:
      return "no card is left for the bid (rules 4.3, D-25)";
  }
  return {};
}

namespace {

/// The reason the bot gives on one line of its order file (`line` with its comment added).
void add_reason(std::string& line, const BotPlan& plan, const std::vector<BattleAhead>& ahead,
                const Ruleset& rules) {
  for (Action a : rules.action_spaces()) {
    const std::string key = "  " + rules.action(a).id + ":";
    const auto& reason = plan.reasons[index_of(a)];
    if (!line.starts_with(key) || !reason) continue;
    if (reason->why == BotWhy::attack) {
      const auto now = std::find_if(ahead.begin(), ahead.end(),
                                    [&](const BattleAhead& b) { return b.action == a; });
      line += "  # " +
              attack_line(*reason, now == ahead.end() ? std::nullopt : std::optional(*now), rules);
    } else {
      line += "  # " + describe(*reason, rules);
    }
  }
  if (line.starts_with("bid:")) line += "  # " + describe(plan.bid, rules);
  if (line.starts_with("turn_order:")) line += "  # the tiles most useful to these orders first";
  if (line.starts_with("winter_revolt_order:"))
    line += "  # if winter revolts come: the provinces with the most buildings, then armies, first";
  if (line.starts_with("landsknechte:"))
    line += "  # the bonuses of the next Landsknechte card, most useful first";
  if (line.starts_with("court:")) {
    const auto& spaces = plan.orders.court.conversions;
    const bool any = std::any_of(spaces.begin(), spaces.end(), [](const ConversionOrder& c) {
      return c.source != ConversionSource::none;
    });
    line += any ? "  # armies of a province that can spare them at little risk, or your cubes "
                  "in the tray when no attack of yours would throw them"
                : "  # no spare province can give armies at little risk, no cubes of yours in "
                  "the tray to spare";
  }
  if (line.starts_with("favors:")) {
    line += "  # the cards shown worth more than the officers they cost, most useful first";
    const auto& favours = plan.orders.court.favours;
    if (std::any_of(favours.begin(), favours.end(),
                    [](const FavourWish& f) { return f.cancel.has_value(); }))  // D-50
      line += "; the event cancelled only when it would harm these orders";
  }
  if (line.starts_with("draft:")) {
    line += "  # every province, the richest first (taxes and grain, then building sites)";
    const auto& wishes = plan.orders.draft.wishes;
    if (!wishes.empty() && wishes.front().leader)  // D-48
      line += "; the leader goes with the first one taken, the largest group";
  }
  if (line.starts_with("refresh:"))  // D-49
    line += "  # new face-up cards when the same pair comes back (after a blind draw only)";
  if (line.starts_with("defend_with:"))
    line +=
        "  # the most armies thrown where fewer hold as well against the strongest attack "
        "next door; the rest stay out of the tower";
  if (line.starts_with("leader:")) {
    line += plan.orders.leader.place ? "  # placed where these actions gain most; " : "  # ";
    line += "moves to other players' statues next door, else to the most armies";
  }
}

}  // namespace

std::string bot_order_file(const BotPlan& plan, const GameState& state, const Ruleset& rules,
                           const BotFileOptions& options) {
  WrittenOrders written = to_written(plan.orders, state, rules);
  // Province names read better than ids; the order reader takes both.
  for (Action a : rules.action_spaces()) {
    const auto& order = plan.orders[a];
    auto& slot = written.actions[index_of(a)];
    if (!order || !slot) continue;
    slot->province.text = rules.province(order->province).name;
    if (order->target) slot->target->text = rules.province(*order->target).name;
  }
  if (plan.orders.bid.kind == BidKind::province)
    written.bid->text = rules.province(plan.orders.bid.province).name;
  if (written.leader) {
    const LeaderOrder& leader = plan.orders.leader;
    if (leader.place) written.leader->place->text = rules.province(*leader.place).name;
    if (leader.move_to) written.leader->move_to->text = rules.province(*leader.move_to).name;
  }
  if (written.court) {  // Rules 13.1: the side board's province cards by name
    const auto& conversions = plan.orders.court.conversions;
    for (std::size_t i = 0; i < conversions.size() && i < written.court->spaces.size(); ++i) {
      if (conversions[i].source == ConversionSource::province)
        written.court->spaces[i]->text = rules.province(conversions[i].province).name;
    }
  }
  for (std::size_t i = 0; i < written.favours.size(); ++i) {
    const auto& province = plan.orders.court.favours[i].province;
    if (province) written.favours[i].province->text = rules.province(*province).name;
  }
  for (std::size_t i = 0; i < written.defend_with.size(); ++i)
    written.defend_with[i].province.text = rules.province(plan.orders.defend_with[i].first).name;
  for (std::size_t i = 0; i < written.draft.size(); ++i)
    written.draft[i].province.text = rules.province(plan.orders.draft.wishes[i].province).name;
  // Rules 9.2, D-7: a suggestion for the autumn says which provinces fight winter revolts first,
  // the ones the player would miss most (an NMR seat's stored orders keep the bot's own).
  const bool autumn = season_label(rules, state.season_index).season == SeasonName::autumn;
  if (autumn && !options.nmr && written.winter_revolt_order.empty()) {
    std::vector<ProvinceId> mine = state.provinces_of(plan.orders.player);
    std::stable_sort(mine.begin(), mine.end(), [&](ProvinceId a, ProvinceId b) {
      const ProvinceState& x = state.at(a);
      const ProvinceState& y = state.at(b);
      return std::pair(x.building_count(), x.armies) > std::pair(y.building_count(), y.armies);
    });
    for (ProvinceId p : mine) written.winter_revolt_order.push_back({rules.province(p).name, {}});
  }
  const std::string body = format_order_file(written, rules, options.header);
  const std::vector<BattleAhead> ahead = battles_ahead(plan.orders, state, rules);
  std::istringstream lines(body);
  std::string out = options.nmr ? std::string(kBotOrdersMark) + "\n" : std::string();
  std::string line;
  while (std::getline(lines, line)) {
    add_reason(line, plan, ahead, rules);
    out += line + "\n";
    // Interfaces 5: mailed orders carry the player's token after the season.
    if (line.starts_with("season:") && options.token) out += "token: " + *options.token + "\n";
  }
  return out;
}

bool made_by_bot(std::string_view text) {
  return text.substr(0, kBotOrdersMark.size()) == kBotOrdersMark;
}

}  // namespace wallenstein
