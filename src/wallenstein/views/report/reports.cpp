#include "wallenstein/views/report/reports.hpp"

#include <algorithm>

#include "wallenstein/files/language_names.hpp"

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
                       const std::string& text, const std::string& map_src) {
  Rendered r;
  r.subject = trimmed_line(templates.render(Format::text, subject, data));
  r.text = templates.render(Format::text, text, data);
  if (!map_src.empty()) data["map_src"] = map_src;
  r.html = templates.render(Format::html, "report", data);
  data["map_src"] = std::string("cid:") + kMapContentId;
  r.mail_html = templates.render(Format::html, "report", data);
  return r;
}

/// The configuration whose seats are held by those the reports go to.
const GameConfig& holders(const SeasonView& input) {
  return input.next_config ? *input.next_config : *input.config;
}

}  // namespace

std::vector<std::string> season_languages(const SeasonView& input) {
  std::vector<std::string> codes{input.config->language};
  for (const PlayerInfo& p : holders(input).players) {
    const std::string& code = holders(input).language_of(p);
    if (std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
  }
  return codes;
}

std::string map_file(const SeasonView& input, const std::string& code) {
  return code == input.config->language ? "map.png" : "reports/map-" + code + ".png";
}

SeasonView view_in(const SeasonView& input, const Ruleset& named, const Templates& templates) {
  SeasonView view = input;
  view.rules = &named;
  view.words = &templates.words();
  return view;
}

ReportSet build_reports(const SeasonView& input, const Templates& all) {
  ReportSet set;
  set.players.resize(input.after->players.size());
  const auto next = next_season(input);
  for (const std::string& code : season_languages(input)) {
    const Templates templates = all.in(code);
    const Ruleset named = in_language(*input.rules, templates.words());
    const SeasonView view = view_in(input, named, templates);
    // The HTML files are in reports/, beside the map of their language or below the game's.
    std::string map_src;
    if (input.log != nullptr) {
      const std::string file = map_file(input, code);
      map_src = file.rfind("reports/", 0) == 0 ? file.substr(8) : "../" + file;
    }
    if (code == input.config->language) {
      Rendered shown = render_report(templates, report_data(view, std::nullopt), "public_subject",
                                     "public", map_src);
      set.public_subject = std::move(shown.subject);
      set.public_text = std::move(shown.text);
      set.public_html = std::move(shown.html);
      set.public_mail_html = std::move(shown.mail_html);
    }
    for (std::size_t i = 0; i < input.after->players.size(); ++i) {
      const GameConfig& seats = holders(input);
      if (i >= seats.players.size() || seats.language_of(seats.players[i]) != code) continue;
      const PlayerIndex p = input.after->player_index(i);
      const Data data = report_data(view, p);
      Rendered rendered = render_report(templates, data, "subject", "report", map_src);
      PlayerReport& r = set.players[i];
      r.id = input.after->players[i].id;
      r.language = code;
      r.subject = std::move(rendered.subject);
      r.text = std::move(rendered.text);
      r.html = std::move(rendered.html);
      r.mail_html = std::move(rendered.mail_html);
      if (next) {
        // Rules 2.2: the draft's order file is a list of provinces.
        r.orders = templates.render(Format::yaml, next->draft ? "draft_orders" : "orders", data);
        r.orders_name = "orders-" + next->name() + "-" + r.id + ".yaml";
      }
    }
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
