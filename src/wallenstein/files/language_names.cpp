#include "wallenstein/files/language_names.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/yaml_file.hpp"

namespace wallenstein {
namespace {

using pbem::LanguageWords;
using pbem::YamlReader;

/// Reads one section of the words: the entry of each id the game needs, whose names the caller
/// takes (a text, or a map of texts with the keys `fields`).
class NameSection {
 public:
  NameSection(const LanguageWords& words, std::string_view key) : key_(key) {
    node_ = words.section(key);
    if (const pbem::YamlFile* file = words.file_of(key)) reader_.emplace(*file);
  }

  bool present() const { return node_.IsDefined() && reader_.has_value(); }

  /// The entry of `id`: an error when missing.
  std::optional<YAML::Node> entry(const std::string& id) {
    if (!present() || !reader_->expect_map(node_, key_)) return std::nullopt;
    return reader_->require(node_, id, std::string(key_) + " needs the name of " + id);
  }

  /// Every entry the section has, whatever its id (an error when the section is no map).
  std::vector<YAML::Node> entries() {
    std::vector<YAML::Node> out;
    if (!present() || !reader_->expect_map(node_, key_)) return out;
    for (const auto& e : node_) out.push_back(e.second);
    return out;
  }

  /// A text: the entry itself, or its field `field` when the entry is a map of `fields`. The
  /// entry's keys are checked when its first field is asked for, which callers do first, so a
  /// misspelt key is said once, not once per field.
  std::optional<std::string> text(const YAML::Node& entry, std::string_view field,
                                  std::span<const std::string_view> fields, bool required) {
    if (!entry.IsMap()) {
      if (field == fields.front()) return reader_->text(entry, key_);
      if (required)
        reader_->error(entry, std::string(key_) + " needs its " + std::string(field) +
                                  " too: write {" + std::string(fields.front()) + ": ..., " +
                                  std::string(field) + ": ...}");
      return std::nullopt;
    }
    if (field == fields.front()) reader_->check_keys(entry, fields, key_);
    const YAML::Node found = entry[std::string(field)];
    if (!found.IsDefined()) {
      if (required) reader_->require(entry, field, "");
      return std::nullopt;
    }
    return reader_->text(found, key_);
  }

  void done() {
    if (reader_) reader_->throw_if_errors();
  }

 private:
  std::string_view key_;
  YAML::Node node_;
  std::optional<YamlReader> reader_;
};

constexpr std::array<std::string_view, 1> kNameOnly = {"name"};
constexpr std::array<std::string_view, 2> kActionFields = {"name", "short"};
constexpr std::array<std::string_view, 2> kEventFields = {"name", "text"};
constexpr std::array<std::string_view, 2> kColourFields = {"name", "plural"};

void check_sections(const LanguageWords& words) {
  for (const std::string& section : words.game_sections()) {
    if (std::find(std::begin(kNameSections), std::end(kNameSections), section) !=
        std::end(kNameSections))
      continue;
    const pbem::YamlFile* file = words.file_of(section);
    if (file == nullptr) continue;
    YamlReader r(*file);
    const YAML::Node root = file->root();
    for (const auto& entry : root) {
      if (entry.first.Scalar() == section) {
        std::vector<std::string_view> known = {"language", "zero_is_singular", "dates",
                                               "season",   "seasons",          "percent"};
        known.insert(known.end(), std::begin(kNameSections), std::end(kNameSections));
        r.unknown_key(entry.first, known, "words.yaml");
      }
    }
    r.throw_if_errors();
  }
}

/// The `field` (name or plural) of a colour's entry: a word, or {name: ..., plural: ...}.
std::optional<std::string> colour_word(const LanguageWords& words, const std::string& id,
                                       const char* field) {
  const YAML::Node colours = words.section("colours");
  // A key the map lacks gives an invalid node, whose type yaml-cpp throws for: IsDefined first.
  const YAML::Node entry = colours.IsMap() ? colours[id] : YAML::Node();
  if (!entry.IsDefined()) return std::nullopt;
  const YAML::Node word = entry.IsMap() ? entry[field] : entry;
  if (!word.IsDefined() || !word.IsScalar()) return std::nullopt;
  return word.Scalar();
}

/// `colours`: each entry a word, or {name, plural} where the plural is no word of its own.
void check_colours(const LanguageWords& words) {
  NameSection colours(words, "colours");
  for (const YAML::Node& entry : colours.entries()) {
    (void)colours.text(entry, "name", kColourFields, true);
    // A plain word is its own plural; a map gives both.
    if (entry.IsMap()) (void)colours.text(entry, "plural", kColourFields, true);
  }
  colours.done();
}

}  // namespace

std::string colour_name(const LanguageWords& words, const std::string& id) {
  return colour_word(words, id, "name").value_or(id);
}

std::string colour_plural(const LanguageWords& words, const std::string& id) {
  if (auto plural = colour_word(words, id, "plural")) return *plural;
  return colour_name(words, id);
}

Ruleset in_language(const Ruleset& rules, const LanguageWords& words) {
  Ruleset out = rules;
  if (words.game_sections().empty() && words.code() == "en") return out;
  check_sections(words);
  check_colours(words);

  NameSection actions(words, "actions");
  for (ActionDef& a : out.actions) {
    const auto entry = actions.entry(a.id);
    if (!entry) continue;
    if (auto name = actions.text(*entry, "name", kActionFields, true)) a.name = *name;
    // Where the language gives no short form, its name stands in (the data's is English).
    a.short_name = actions.text(*entry, "short", kActionFields, false).value_or(a.name);
  }
  actions.done();

  NameSection events(words, "events");
  for (EventCard& e : out.events) {
    const auto entry = events.entry(e.id);
    if (!entry) continue;
    if (auto name = events.text(*entry, "name", kEventFields, true)) e.name = *name;
    if (auto text = events.text(*entry, "text", kEventFields, true)) e.text = *text;
  }
  events.done();

  NameSection tiles(words, "tiles");
  for (BonusTile& t : out.tiles) {
    const auto entry = tiles.entry(t.id);
    if (!entry) continue;
    if (auto name = tiles.text(*entry, "name", kActionFields, true)) t.name = *name;
    // The map's scoreboard shows the short form, else the name (the data's is the English id).
    t.short_name = tiles.text(*entry, "short", kActionFields, false).value_or(t.name);
  }
  tiles.done();

  NameSection modules(words, "modules");
  for (Module& m : out.modules) {  // every one: a problem may name a module the game lacks
    const auto entry = modules.entry(m.id);
    if (!entry) continue;
    if (auto title = modules.text(*entry, "name", kNameOnly, true)) m.title_words = *title;
  }
  modules.done();
  return out;
}

}  // namespace wallenstein
