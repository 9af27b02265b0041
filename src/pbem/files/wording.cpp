// Catalogues of words: lists joined in a language, messages by id, and what reading YAML says.

#include "pbem/files/wording.hpp"

#include <algorithm>
#include <stdexcept>

#include "pbem/files/yaml_file.hpp"
#include "pbem/files/yaml_words_english.hpp"
#include "pbem/text/text.hpp"

namespace pbem {
namespace {

/// The forms a value also takes in a message: a list joined with "or" and quoted, a number's
/// plural sections.
constexpr std::array<std::string_view, 6> kForms = {"_or",   "_quoted", "_quoted_or",
                                                    "_zero", "_one",    "_many"};

/// The names in a text's `{{...}}` tags, sections and their ends included, comments left out.
/// Only to check them: kainjow-mustache renders the text.
std::vector<std::string> tag_names(const std::string& text) {
  std::vector<std::string> names;
  for (std::size_t at = text.find("{{"); at != std::string::npos; at = text.find("{{", at)) {
    const std::size_t end = text.find("}}", at + 2);
    if (end == std::string::npos) break;  // kainjow-mustache has already refused the text
    std::string name = text.substr(at + 2, end - at - 2);
    at = end + 2;
    if (!name.empty() && name[0] == '!') continue;
    if (!name.empty() && std::string_view("#^/&{>=").find(name[0]) != std::string_view::npos)
      name.erase(0, 1);
    const auto first = name.find_first_not_of(' ');
    const auto last = name.find_last_not_of(' ');
    names.push_back(first == std::string::npos ? std::string()
                                               : name.substr(first, last - first + 1));
  }
  return names;
}

/// One text of a catalogue: valid mustache whose tags name only `allowed` values.
std::string read_text(YamlReader& r, const YAML::Node& node, std::string_view key,
                      std::span<const std::string_view> allowed) {
  const auto text = r.text(node, key);
  if (!text) return {};
  const kainjow::mustache::mustache tmpl{*text};
  if (!tmpl.is_valid()) {
    r.error(node, std::string(key) + " is not a valid mustache text: " + tmpl.error_message());
    return {};
  }
  for (const std::string& name : tag_names(*text)) {
    if (name == "." || std::find(allowed.begin(), allowed.end(), name) != allowed.end()) continue;
    const std::string nearest = nearest_name(name, allowed);
    const std::string hint = nearest.empty() ? "templates/README.md lists the values"
                                             : "did you mean \"" + nearest + "\"?";
    r.error(node, "unknown value \"" + name + "\" in " + std::string(key) + "; " + hint);
  }
  return *text;
}

}  // namespace

std::string fill(const std::string& text, const Data& data) {
  kainjow::mustache::mustache tmpl{text};
  tmpl.set_custom_escape([](const std::string& s) { return s; });
  return tmpl.render(data);
}

void set_number(Data& data, const std::string& key, long long number) {
  data.set(key, std::to_string(number));
  data.set(key + "_zero", number == 0);
  data.set(key + "_one", number == 1);
  data.set(key + "_many", number > 1);
}

ListWords ListWords::read(YamlReader& r, const YAML::Node& lists) {
  ListWords words;
  if (!r.expect_map(lists, "lists")) return words;
  constexpr std::array<std::string_view, 4> kListKeys = {"separator", "and", "or", "quote"};
  constexpr std::array<std::string_view, 2> kJoined = {"rest", "last"};
  constexpr std::array<std::string_view, 1> kQuoted = {"text"};
  r.check_keys(lists, kListKeys, "lists");
  const auto entry = [&](std::string_view key, std::span<const std::string_view> allowed) {
    const auto node = r.require(lists, key, "");
    return node ? read_text(r, *node, key, allowed) : std::string();
  };
  words.separator_ = entry("separator", {});
  words.and_ = entry("and", kJoined);
  words.or_ = entry("or", kJoined);
  words.quote_ = entry("quote", kQuoted);
  return words;
}

std::string ListWords::join(const std::vector<std::string>& items, const std::string& last) const {
  if (items.size() <= 1) return items.empty() ? std::string() : items.front();
  std::string rest;
  for (std::size_t i = 0; i + 1 < items.size(); ++i)
    rest += (i > 0 ? separator_ : std::string()) + items[i];
  Data data;
  data.set("rest", rest);
  data.set("last", items.back());
  return fill(last, data);
}

std::string ListWords::join_and(const std::vector<std::string>& items) const {
  return join(items, and_);
}

std::string ListWords::join_or(const std::vector<std::string>& items) const {
  return join(items, or_);
}

std::string ListWords::quoted(const std::string& item) const {
  return fill(quote_, Data("text", item));
}

void ListWords::set_list(Data& data, const std::string& key,
                         const std::vector<std::string>& items) const {
  if (items.empty()) return;
  std::vector<std::string> quoted_items;
  quoted_items.reserve(items.size());
  for (const std::string& item : items) quoted_items.push_back(quoted(item));
  data.set(key, join_and(items));
  data.set(key + "_or", join_or(items));
  data.set(key + "_quoted", join_and(quoted_items));
  data.set(key + "_quoted_or", join_or(quoted_items));
}

Wording Wording::read(YamlReader& r, const YAML::Node& section, std::string_view name,
                      std::span<const std::string_view> ids,
                      std::span<const std::string_view> values, const Wording* underlay) {
  Wording wording;
  if (!r.expect_map(section, name)) return wording;
  r.check_keys(section, ids, name);
  std::vector<std::string> names;
  for (std::string_view value : values) {
    names.emplace_back(value);
    for (std::string_view form : kForms) names.push_back(std::string(value) + std::string(form));
  }
  const std::vector<std::string_view> allowed(names.begin(), names.end());
  for (std::string_view id : ids) {
    if (const YAML::Node node = section[std::string(id)]; node.IsDefined()) {
      wording.texts_.emplace(std::string(id), read_text(r, node, id, allowed));
      continue;
    }
    if (underlay) {
      if (const auto below = underlay->texts_.find(id); below != underlay->texts_.end()) {
        wording.texts_.emplace(std::string(id), below->second);
        continue;
      }
    }
    r.require(section, id, "the message's text");
  }
  return wording;
}

std::string Wording::say(std::string_view id, const Data& data) const {
  const auto found = texts_.find(id);
  if (found == texts_.end()) {
    throw std::logic_error("no message \"" + std::string(id) + "\" in the catalogue");
  }
  return fill(found->second, data);
}

namespace {

constexpr std::array<std::string_view, 21> kYamlMessages = {
    "more_problems",  "not_a_map",         "not_a_list",       "empty",
    "not_a_single_value", "not_a_number",  "out_of_range",     "not_true_or_false",
    "unknown_key",    "unknown_value",     "missing_key",      "alias",
    "too_deep",       "too_large",         "key_not_plain",    "duplicate_key",
    "invalid_utf8",   "nul_byte",          "several_documents", "never_closed",
    "not_valid_yaml"};

constexpr std::array<std::string_view, 15> kYamlValues = {
    "what", "written", "count", "min",  "max", "key", "where",
    "nearest", "allowed", "hint", "map", "limit", "detail", "bracket", "closing"};

}  // namespace

YamlWords YamlWords::parse(const std::string& path, std::string text, const YamlWords& words) {
  const YamlFile file = YamlFile::parse(SourceFile{path, std::move(text)}, words);
  YamlReader r(file, words);
  const YAML::Node& root = file.root();
  YamlWords out;
  constexpr std::array<std::string_view, 2> kSections = {"lists", "messages"};
  if (r.expect_map(root, "the catalogue", kSections)) {
    if (const auto lists = r.require(root, "lists", "the words that join lists")) {
      out.lists_ = ListWords::read(r, *lists);
    }
    if (const auto messages = r.require(root, "messages", "one text per message")) {
      out.messages_ = Wording::read(r, *messages, "messages", kYamlMessages, kYamlValues);
    }
  }
  r.throw_if_errors();
  return out;
}

YamlWords YamlWords::load(const std::filesystem::path& file) {
  SourceFile source = read_source(file, 1 << 20);
  return parse(source.path, std::move(source.text), english());
}

const YamlWords& YamlWords::english() {
  // The shipped catalogue is tested to read without a problem, so the bare words (no message
  // at all) that read it are never shown.
  static const YamlWords words = parse("templates/text/yaml.yaml",
                                       std::string(kYamlWordsEnglish), YamlWords());
  return words;
}

std::filesystem::path yaml_words_file(const std::filesystem::path& templates_dir) {
  return templates_dir / "text" / "yaml.yaml";
}

}  // namespace pbem
