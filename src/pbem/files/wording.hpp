#pragma once

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/files.hpp"
#include "pbem/files/templates.hpp"

namespace cereal {
class access;
}  // namespace cereal

namespace pbem {

class YamlReader;

/// The words that join lists in one language: "a, b and c", "a, b or c", "\"a\"". Read from a
/// catalogue's `lists:` section (separator, and, or, quote).
class ListWords {
 public:
  /// Reads and checks a `lists:` map (`and` and `or` must show `{{rest}}` and `{{last}}`, `quote`
  /// `{{text}}`); problems go to `r`. A word the map lacks comes from `underlay`, if given.
  static ListWords read(YamlReader& r, const YAML::Node& lists,
                        const ListWords* underlay = nullptr);

  std::string join_and(const std::vector<std::string>& items) const;
  std::string join_or(const std::vector<std::string>& items) const;
  std::string quoted(const std::string& item) const;
  /// Sets `key` (joined with and), `key_or`, `key_quoted` and `key_quoted_or`; an empty list is
  /// left out, so that {{#key}} sections hide and {{^key}} sections show.
  void set_list(Data& data, const std::string& key, const std::vector<std::string>& items) const;

  bool operator==(const ListWords&) const = default;

 private:
  /// Every field, for keeping what was read between processes (pbem/files/kept.hpp).
  friend class cereal::access;
  template <class Archive>
  void serialize(Archive& a) {
    a(separator_, and_, or_, quote_);
  }

  std::string join(const std::vector<std::string>& items, const std::string& last) const;

  std::string separator_;
  std::string and_;
  std::string or_;
  std::string quote_ = "{{text}}";
};

/// One message of a catalogue: its id and the values its text may show.
struct MessageSpec {
  std::string_view id;
  std::span<const std::string_view> values;
};

/// Message texts by id: one section of a catalogue, each text mustache rendered without escaping.
/// The code says which message and with what values; the catalogue has every word, so another
/// language is another file.
class Wording {
 public:
  /// Reads `section` (a map of id to text) named `name`: every message of `messages` must be
  /// there and no other; a text may only name its message's values (each also with the forms
  /// `_or`, `_quoted`, `_quoted_or`, `_zero`, `_one` and `_many`). Problems go to `r`, at their
  /// line and column. With `underlay`, a message the section lacks is taken from it: a game
  /// master's own catalogue, made for an older program, may lack a message a newer one added.
  static Wording read(YamlReader& r, const YAML::Node& section, std::string_view name,
                      std::span<const MessageSpec> messages, const Wording* underlay = nullptr);

  /// The message `id` with `data`; an id the catalogue was not read with is a logic error.
  std::string say(std::string_view id, const Data& data = Data()) const;

  bool operator==(const Wording&) const = default;

 private:
  friend class cereal::access;
  template <class Archive>
  void serialize(Archive& a) {
    a(texts_);
  }

  std::map<std::string, std::string, std::less<>> texts_;
};

/// Sets `key` to a number and its plural sections `key_zero`, `key_one` and `key_many`.
void set_number(Data& data, const std::string& key, long long number);
/// A message's data holding only the number `key`, with its plural sections.
Data number_data(const std::string& key, long long number);

/// A section `key` of a catalogue's `root`: required (an error naming `hint` when missing),
/// unless `underlay` says an underlay holds it, when a missing section is an empty map.
std::optional<YAML::Node> catalogue_section(YamlReader& r, const YAML::Node& root,
                                            std::string_view key, std::string_view hint,
                                            bool underlay);

/// A checked mustache text rendered without escaping (messages are plain text).
std::string fill(const std::string& text, const Data& data);

/// What reading a YAML file says of its shape (not a map, not a number, an unknown key, a
/// duplicate key, invalid UTF-8...), in one language: the catalogue `text/yaml.yaml` of a
/// templates directory. Players read these about their order files; the files the program and
/// the game master write are read with english(), built from the shipped catalogue.
class YamlWords {
 public:
  /// Reads a catalogue file; a problem in it is an InputError at its line and column. A message
  /// or list word the file lacks is the compiled English one (a catalogue made for an older
  /// program lacks what a newer one added). A file that is the shipped English catalogue byte
  /// for byte is read only when a word is first asked for: the compiled copy is tested to read
  /// without a problem, and a good order file never needs a word.
  static YamlWords load(const std::filesystem::path& file);
  /// The same, of a catalogue file already read.
  static YamlWords from_source(SourceFile source);
  /// The shipped English catalogue, compiled into the program.
  static const YamlWords& english();

  const ListWords& lists() const { return read().lists_; }
  std::string say(std::string_view id, const Data& data = Data()) const {
    return read().messages_.say(id, data);
  }

  bool operator==(const YamlWords&) const = default;

 private:
  friend class YamlFile;
  friend class cereal::access;
  template <class Archive>
  void serialize(Archive& a) {
    a(lists_, messages_, is_english_);
  }
  /// Reads the catalogue's text; problems in it are reported with `words`, and what it lacks
  /// comes from `underlay` when there is one.
  static YamlWords parse(const std::string& path, std::string text, const YamlWords& words,
                         const YamlWords* underlay);
  /// These words, or english() when they stand for it.
  const YamlWords& read() const { return is_english_ ? english() : *this; }

  ListWords lists_;
  Wording messages_;
  bool is_english_ = false;  ///< the shipped English catalogue, not read yet: english() holds it
};

/// The words catalogue of a templates directory.
std::filesystem::path yaml_words_file(const std::filesystem::path& templates_dir);

}  // namespace pbem
