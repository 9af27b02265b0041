#include "wallenstein/views/report/forecast_text.hpp"

#include <cmath>

#include "wallenstein/files/bot_order_file.hpp"
#include "wallenstein/views/report/names.hpp"

namespace wallenstein::report {
namespace {

using kainjow::mustache::list;

/// The action space and the province of its card that a line of the forecast is about.
Data action_in(const Ruleset& rules, Action action, ProvinceId province) {
  Data x;
  x["action"] = rules.action(action).name;
  x["province"] = rules.province(province).name;
  return x;
}

/// A warning's data under its kind, the key the template tells the kinds apart by.
Data kind_of(const char* kind, Data x) {
  Data d;
  d[kind] = std::move(x);
  return d;
}

Data costs(const std::vector<PlannedCost>& planned, const Ruleset& rules) {
  list out;
  for (const PlannedCost& p : planned) {
    Data x = action_in(rules, p.action, p.province);
    x["cost"] = std::to_string(p.cost);
    x["slot"] = std::to_string(p.slot);
    out.push_back(x);
  }
  mark_last(out);
  return out;
}

Data warning(const ShortOfThaler& s, const Ruleset& rules) {
  Data x;
  x["thaler"] = std::to_string(s.thaler);
  x["costs"] = std::to_string(s.costs);
  x["bids"] = s.bid > 0;
  x["bid"] = std::to_string(s.bid);
  x["total"] = std::to_string(s.costs + s.bid);
  x["collects_taxes"] = s.collects_taxes;
  x["income_counted"] = s.income_counted > 0;
  x["income"] = std::to_string(s.income_counted);
  x["cancelled_any"] = !s.cancelled.empty();
  x["cancelled"] = costs(s.cancelled, rules);
  x["at_risk_any"] = !s.at_risk.empty();
  x["at_risk"] = costs(s.at_risk, rules);
  x["maybe"] = s.at_risk_fewest == 0;
  x["exactly"] = s.at_risk_fewest > 0 && s.at_risk_fewest == s.at_risk_most;
  x["range"] = s.at_risk_fewest > 0 && s.at_risk_fewest < s.at_risk_most;
  x["fewest"] = std::to_string(s.at_risk_fewest);
  x["most"] = std::to_string(s.at_risk_most);
  return kind_of("short", std::move(x));
}

Data warning(const RevoltAhead& r, const Ruleset& rules) {
  Data x = action_in(rules, r.action, r.province);
  set_count(x, "markers", r.markers);
  set_count(x, "armies", r.armies);
  x["holds_back"] = r.held_back > 0;
  set_count(x, "held_back", r.held_back);
  return kind_of("revolt", std::move(x));
}

Data warning(const FewArmies& f, const Ruleset& rules) {
  Data x = action_in(rules, f.action, f.province);
  set_count(x, "armies", f.armies);
  set_count(x, "needed", f.needed);
  x["placement_planned"] = f.placement_planned;
  return kind_of("few", std::move(x));
}

Data battle(const BattleAhead& b, const Ruleset& rules, const pbem::LanguageWords& words) {
  Data x = action_in(rules, b.action, b.province);
  x["target"] = rules.province(b.target).name;
  set_count(x, "moving", b.moving);
  set_count(x, "defenders", b.defenders);
  x["defended"] = b.defended;
  x["win"] = percent(b.odds.win, words);
  x["tie"] = percent(b.odds.tie, words);
  x["lose"] = percent(b.odds.lose, words);
  // The odds as a ratio ("3:2"); beyond 10:1 either way the bound, with the flag that says so,
  // which the template words ("better than 10:1").
  x["ratio_better"] = b.odds.win >= 1.0 || b.odds.win / (1.0 - b.odds.win) >= 10;
  x["ratio_worse"] = b.odds.win <= 0.0 || (1.0 - b.odds.win) / b.odds.win >= 10;
  const std::string ratio = odds_ratio(b.odds.win);
  x["ratio"] = ratio.substr(ratio.find_first_of("0123456789"));
  // Rules 12: a defender with more than one army there may throw fewer.
  x["defend_with"] = b.defended && b.defenders > 1 && !rules.has_bids();
  return x;
}

}  // namespace

std::string percent(double p, const pbem::LanguageWords& words) {
  const long whole = std::lround(100.0 * p);
  if (whole == 0 && p > 0) return words.percent_under();
  if (whole == 100 && p < 1) return words.percent_over();
  return words.percent(static_cast<int>(whole));
}

Data forecast_data(const std::vector<ForecastWarning>& warnings,
                   const std::vector<BattleAhead>& battles, const Ruleset& rules,
                   const pbem::LanguageWords& words) {
  list items;
  for (const ForecastWarning& w : warnings)
    items.push_back(std::visit([&](const auto& x) { return warning(x, rules); }, w));
  list fights;
  for (const BattleAhead& b : battles) fights.push_back(battle(b, rules, words));
  Data d;
  d["warnings"] = items;
  d["battles"] = fights;
  d["has_tiles"] = rules.has_bids();  // Rules 12: the 1st edition has no bonus tiles
  return d;
}

std::vector<std::string> forecast_lines(const std::vector<ForecastWarning>& warnings,
                                        const Ruleset& rules, const Templates& templates) {
  return forecast_lines(warnings, {}, rules, templates);
}

std::vector<std::string> forecast_lines(const Orders& orders, const GameState& state,
                                        const Ruleset& rules, const Templates& templates) {
  return forecast_lines(forecast(orders, state, rules), battles_ahead(orders, state, rules), rules,
                        templates);
}

std::vector<std::string> forecast_lines(const std::vector<ForecastWarning>& warnings,
                                        const std::vector<BattleAhead>& battles,
                                        const Ruleset& rules, const Templates& templates) {
  std::vector<std::string> lines;
  if (warnings.empty() && battles.empty()) return lines;
  const std::string text = templates.render(
      Format::text, "forecast", forecast_data(warnings, battles, rules, templates.words()));
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string line =
        text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!line.empty()) lines.push_back(line);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return lines;
}

}  // namespace wallenstein::report
