#pragma once

#include <optional>
#include <string>
#include <vector>

#include "pbem/files/templates.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/report/model.hpp"

namespace wallenstein::report {

/// One player's report in every form it is stored and sent.
struct PlayerReport {
  std::string id;
  std::string language;  ///< the language it is written in (a code)
  std::string subject;
  std::string text;                   ///< reports/<id>.txt and the text/plain part
  std::string html;                   ///< reports/<id>.html (the map of its language beside)
  std::string mail_html;              ///< the text/html part (the map as cid:)
  std::optional<std::string> orders;  ///< the order template for the next season
  std::string orders_name;            ///< its file name: orders-<season>-<id>.yaml (ASCII)
};

/// The reports of a season: the public one and one per player.
struct ReportSet {
  std::string public_subject;  ///< the spectators' mail subject
  std::string public_text;
  std::string public_html;       ///< reports/public.html (the map as ../map.png)
  std::string public_mail_html;  ///< the spectators' text/html part (the map as cid:)
  std::vector<PlayerReport> players;
};

/// The Content-ID of the map inside the HTML mail.
inline constexpr const char* kMapContentId = "map@wallenstein";

/// Renders every report of a season from the templates: the public one in the game's language,
/// each player's in theirs (game.yaml's `language`, `players[].language`).
ReportSet build_reports(const SeasonView& input, const Templates& templates);

/// The languages of a season's texts and maps: the game's first, then each other language a
/// seat's holder reads, in seat order.
std::vector<std::string> season_languages(const SeasonView& input);

/// Where a season's map in language `code` is stored, relative to the season's directory: the
/// game's language's is map.png, another's reports/map-<code>.png (beside the reports that show
/// it, and removed with them by a rollback).
std::string map_file(const SeasonView& input, const std::string& code);

/// The view with the names of `rules` and the words of `templates`' language: `named` is the
/// ruleset in that language (in_language), which the view points to.
SeasonView view_in(const SeasonView& input, const Ruleset& named, const Templates& templates);

/// The files of a report set, relative to the season directory, in a stable order.
std::vector<std::pair<std::string, std::string>> report_files(const ReportSet& reports);

}  // namespace wallenstein::report
