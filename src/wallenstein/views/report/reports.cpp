#include "wallenstein/views/report/reports.hpp"

namespace wallenstein::report {
namespace {

/// A subject as rendered, without the line break and spaces at its end.
std::string trimmed_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

}  // namespace

ReportSet build_reports(const SeasonView& input, const Templates& templates) {
  ReportSet set;
  Data shown = report_data(input, std::nullopt);
  set.public_subject = trimmed_line(templates.render(Format::text, "public_subject", shown));
  set.public_text = templates.render(Format::text, "public", shown);
  if (input.log) shown["map_src"] = "../map.png";
  set.public_html = templates.render(Format::html, "report", shown);
  shown["map_src"] = std::string("cid:") + kMapContentId;
  set.public_mail_html = templates.render(Format::html, "report", shown);
  const auto next = next_season(input);
  for (std::size_t i = 0; i < input.after->players.size(); ++i) {
    const PlayerIndex p = input.after->player_index(i);
    Data data = report_data(input, p);
    PlayerReport r;
    r.id = input.after->players[i].id;
    r.subject = trimmed_line(templates.render(Format::text, "subject", data));
    r.text = templates.render(Format::text, "report", data);
    if (input.log) data["map_src"] = "../map.png";
    r.html = templates.render(Format::html, "report", data);
    data["map_src"] = std::string("cid:") + kMapContentId;
    r.mail_html = templates.render(Format::html, "report", data);
    if (next) {
      // Rules 2.2: the draft's order file is a list of provinces.
      r.orders = templates.render(Format::yaml, next->draft ? "draft_orders" : "orders", data);
      r.orders_name = "orders-" + next->name() + "-" + r.id + ".yaml";
    }
    set.players.push_back(std::move(r));
  }
  return set;
}

std::vector<std::pair<std::string, std::string>> report_files(const ReportSet& reports) {
  std::vector<std::pair<std::string, std::string>> files{
      {"reports/public.txt", reports.public_text}, {"reports/public.html", reports.public_html}};
  for (const PlayerReport& r : reports.players) {
    files.emplace_back("reports/" + r.id + ".txt", r.text);
    files.emplace_back("reports/" + r.id + ".html", r.html);
    if (r.orders) files.emplace_back("reports/" + r.orders_name, *r.orders);
  }
  return files;
}

}  // namespace wallenstein::report
