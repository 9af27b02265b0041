#pragma once

#include <yaml-cpp/yaml.h>

#include <array>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/yaml_file.hpp"

namespace pbem {

/// The words a language gives the values the program words itself: a moment, a length of time, a
/// round's name ("1618-spring"), a percentage, and whether a count of 0 takes the singular. Read
/// from a language's `words.yaml` (templates/words.yaml for English, templates/<code>/words.yaml
/// for the others). The sections a game adds (its names translated by id) are kept as read, for
/// the game to read with its own checks (`section`).
class LanguageWords {
 public:
  /// English, compiled in from templates/words.yaml.
  static const LanguageWords& english();

  /// Reads and checks a words file of language `code`; every problem is an InputError at its line
  /// and column. With `underlay`, a key the file lacks comes from it (a game master's own file,
  /// made for an older program).
  static LanguageWords read(SourceFile source, std::string code,
                            const LanguageWords* underlay = nullptr);
  static LanguageWords load(const std::filesystem::path& file, std::string code,
                            const LanguageWords* underlay = nullptr);

  /// The language's code ("en", "fr") and its own name ("English", "Français").
  const std::string& code() const { return code_; }
  const std::string& name() const { return name_; }
  /// Whether 0 takes the singular ("0 armée"): a count's `_one` is then true for 0 as for 1.
  bool zero_is_singular() const { return zero_is_singular_; }

  /// A moment in local time: weekday 0 = Sunday, month 1-12; `zone` its abbreviation ("CET").
  std::string instant(unsigned weekday, unsigned day, unsigned month, int year, int hour,
                      int minute, std::string_view zone) const;
  /// A length of time in its two largest units that are not zero ("2 days 3 hours").
  std::string duration(std::chrono::minutes length) const;
  /// A round's id of the form YEAR-NAME ("1618-spring") in words ("printemps 1618"); any other
  /// text as it is.
  std::string season(std::string_view id) const;
  /// A whole percentage; `under` and `over` for a chance that rounds to 0 or 100 but is not.
  std::string percent(int whole) const;
  const std::string& percent_under() const { return percent_under_; }
  const std::string& percent_over() const { return percent_over_; }

  /// A section the game adds (not one of this class's own keys), as written; an undefined node
  /// when the file has none. `file()` names the file for the game's diagnostics.
  YAML::Node section(std::string_view key) const;
  /// The file that holds `section(key)` (this language's, or its underlay's), for the game's
  /// diagnostics; null when none does.
  const YamlFile* file_of(std::string_view key) const;
  /// Every top-level key besides this class's own: the game's sections.
  std::vector<std::string> game_sections() const;

 private:
  struct Unit {
    std::string one;
    std::string many;
  };
  std::string count(const Unit& unit, long n) const;

  std::string code_;
  std::string name_;
  bool zero_is_singular_ = false;
  std::array<std::string, 7> weekdays_;
  std::array<std::string, 12> months_;
  std::string first_day_ = "1";  ///< the first of a month ("1er" in French)
  std::string instant_;
  Unit day_, hour_, minute_;
  std::string units_;
  std::string no_time_;
  std::string season_;
  std::map<std::string, std::string, std::less<>> seasons_;
  std::string percent_value_;
  std::string percent_under_;
  std::string percent_over_;
  std::shared_ptr<const YamlFile> file_;
  std::shared_ptr<const LanguageWords> underlay_;  ///< for game sections the file lacks
};

/// `text` with each `{name}` replaced by its value; a `{name}` not given stays as written.
std::string fill_braces(std::string_view text,
                        std::initializer_list<std::pair<std::string_view, std::string>> values);

/// Whether `code` is a language code: ISO 639-1, 2 lower-case ASCII letters ("fr", "de"), so
/// that a game master's stray folder (`bak/`, `old/`) is never taken for a language.
bool is_language_code(std::string_view code);

}  // namespace pbem
