#include "wallenstein/views/report/reports.hpp"

namespace wallenstein::report {
namespace {

/// A subject as rendered, without the line break and spaces at its end.
std::string trimmed_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

/// One report in every form it is read in: the mail's subject, the text, the HTML file beside
/// the season's map and the mail's HTML with the map inline.
struct Rendered {
  std::string subject;
  std::string text;
  std::string html;
  std::string mail_html;
};

Rendered render_report(const Templates& templates, Data data, const std::string& subject,
                       const std::string& text, bool resolved) {
  Rendered r;
  r.subject = trimmed_line(templates.render(Format::text, subject, data));
  r.text = templates.render(Format::text, text, data);
  if (resolved) data["map_src"] = "../map.png";
  r.html = templates.render(Format::html, "report", data);
  data["map_src"] = std::string("cid:") + kMapContentId;
  r.mail_html = templates.render(Format::html, "report", data);
  return r;
}

}  // namespace

ReportSet build_reports(const SeasonView& input, const Templates& templates) {
  ReportSet set;
  Rendered shown = render_report(templates, report_data(input, std::nullopt), "public_subject",
                                 "public", input.log != nullptr);
  set.public_subject = std::move(shown.subject);
  set.public_text = std::move(shown.text);
  set.public_html = std::move(shown.html);
  set.public_mail_html = std::move(shown.mail_html);
  const auto next = next_season(input);
  for (std::size_t i = 0; i < input.after->players.size(); ++i) {
    const PlayerIndex p = input.after->player_index(i);
    const Data data = report_data(input, p);
    Rendered rendered = render_report(templates, data, "subject", "report", input.log != nullptr);
    PlayerReport r;
    r.id = input.after->players[i].id;
    r.subject = std::move(rendered.subject);
    r.text = std::move(rendered.text);
    r.html = std::move(rendered.html);
    r.mail_html = std::move(rendered.mail_html);
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
