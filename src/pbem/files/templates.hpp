#pragma once

#include <filesystem>
#include <kainjow/mustache.hpp>
#include <map>
#include <string>

namespace pbem {

/// What a template renders: a mustache context.
using Data = kainjow::mustache::data;

/// Marks the last item of a list for its template, `last` true on it and false on every other
/// (not left out, which would let an enclosing `last` show through), so that a template can
/// separate the items: `{{#items}}{{name}}{{^last}}, {{/last}}{{/items}}`.
void mark_last(kainjow::mustache::list& items);

/// How a rendered text is escaped: HTML escapes, text and YAML are taken as they are.
enum class Format { text, html, yaml };

/// The templates of a directory (`--templates`), with their partials: a game's reports and the
/// host's messages (receipts, reminders, notices).
class Templates {
 public:
  /// Reads every `*.mustache` under templates/{shared,text,html,yaml}/; a file whose name starts
  /// with `_` is a partial of its format (those in templates/shared of every format).
  /// With `underlay`, its templates fill in those `dir` lacks: a game master's own directory,
  /// made for an older program, may lack a template a newer one added.
  static Templates load(const std::filesystem::path& dir,
                        const std::filesystem::path& underlay = {});

  /// Renders `name` (e.g. "report") of a format; a broken template is an InputError naming it.
  std::string render(Format format, const std::string& name, const Data& data) const;

 private:
  std::filesystem::path dir_;
  std::map<std::string, std::string> files_;  ///< "text/report" -> text
};

}  // namespace pbem
