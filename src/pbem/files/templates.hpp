#pragma once

#include <filesystem>
#include <kainjow/mustache.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/language.hpp"

namespace pbem {

/// What a template renders: a mustache context.
using Data = kainjow::mustache::data;

/// Marks the last item of a list for its template, `last` true on it and false on every other
/// (not left out, which would let an enclosing `last` show through), so that a template can
/// separate the items: `{{#items}}{{name}}{{^last}}, {{/last}}{{/items}}`.
void mark_last(kainjow::mustache::list& items);

/// How a rendered text is escaped: HTML escapes, text and YAML are taken as they are.
enum class Format { text, html, yaml };

/// The templates of a directory (`--templates`), with their partials, in every language it holds:
/// a game's reports and the host's messages (receipts, reminders, notices). English is the
/// directory's own files; another language is a subdirectory named by its code (`fr/`, `de/`)
/// holding the same files, and each language has its `words.yaml` (LanguageWords).
class Templates {
 public:
  /// Reads every `*.mustache` under templates/{shared,text,html,yaml}/, and finds each language's
  /// subdirectory; a file whose name starts with `_` is a partial of its format (those in shared/
  /// of every format). With `underlay`, its templates fill in those `dir` lacks: a game master's
  /// own directory, made for an older program, may lack a template (or a language) a newer one
  /// added. A template a language lacks altogether is its English one. Another language's files
  /// are read when `in` first asks for it (once, safely from any thread), so that a command in
  /// English reads English only.
  static Templates load(const std::filesystem::path& dir,
                        const std::filesystem::path& underlay = {});

  /// The same templates in language `code`; a code without templates is an InputError naming
  /// the languages there are.
  Templates in(std::string_view code) const;
  /// The language rendered now ("en" unless `in` chose another).
  const std::string& language() const;
  /// The languages there are, by code, in order.
  std::vector<std::string> languages() const;
  /// The words of the language rendered now.
  const LanguageWords& words() const;
  /// The folder of the language rendered now in the directory loaded (`dir`, or `dir/<code>`),
  /// and the same in the underlay (empty without one): where its other catalogues are.
  std::filesystem::path language_dir() const;
  std::filesystem::path underlay_language_dir() const;

  /// Renders `name` (e.g. "report") of a format in the language chosen; a broken template is an
  /// InputError naming it. Besides `data`, a template can use the section `season_name`, which
  /// words the season id it holds in the language (`{{#season_name}}{{season}}{{/season_name}}`).
  std::string render(Format format, const std::string& name, const Data& data) const;

 private:
  /// A language's templates parsed on first use, kept for the next render (a resolve renders
  /// the same report for every player).
  struct Parsed {
    /// A template's text, partials written in, and its parses not rendering now (a render keeps
    /// its state in the template: each render at the same time has its own parse).
    struct Entry {
      std::string text;
      std::vector<std::unique_ptr<kainjow::mustache::mustache>> idle;
    };
    /// A format's partials: as data, for a render; their texts, and whether each parses alone.
    struct Partials {
      Data data;
      std::map<std::string, std::pair<const std::string*, bool>> texts;
    };
    std::mutex lock;
    std::map<std::string, Entry, std::less<>> templates;  ///< "text/report" -> parsed
    std::map<std::string, Partials> partials;             ///< format folder -> its partials
  };
  struct Language {
    std::string code;
    std::filesystem::path dir;                 ///< where its files are (for messages)
    std::filesystem::path underlay_dir;        ///< the same in the underlay
    std::map<std::string, std::string> files;  ///< "text/report" -> text
    LanguageWords words;
    std::unique_ptr<Parsed> parsed = std::make_unique<Parsed>();
  };
  /// The template `key` of the language rendered now, parsed (once), for one render, and its
  /// format's partials; `give_back` keeps it for the next render.
  std::pair<std::unique_ptr<kainjow::mustache::mustache>, const Data*> take(
      Format format, const std::string& key) const;
  void give_back(const std::string& key, std::unique_ptr<kainjow::mustache::mustache> tmpl) const;
  /// A language found, read on first use.
  struct Slot {
    std::string code;
    std::filesystem::path dir;
    std::filesystem::path underlay_dir;
    std::once_flag once;
    std::optional<Language> loaded;
  };
  struct Shared {
    Language english;
    std::map<std::string, std::unique_ptr<Slot>, std::less<>> others;
  };
  std::shared_ptr<Shared> shared_;
  const Language* current_ = nullptr;
};

}  // namespace pbem
