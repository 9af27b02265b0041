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

Data number_data(const std::string& key, long long number) {
  Data data;
  set_number(data, key, number);
  return data;
}

std::optional<YAML::Node> catalogue_section(YamlReader& r, const YAML::Node& root,
                                            std::string_view key, std::string_view hint,
                                            bool underlay) {
  if (underlay && !root[std::string(key)].IsDefined()) return YAML::Node(YAML::NodeType::Map);
  return r.require(root, key, hint);
}

ListWords ListWords::read(YamlReader& r, const YAML::Node& lists, const ListWords* underlay) {
  ListWords words;
  if (!r.expect_map(lists, "lists")) return words;
  constexpr std::array<std::string_view, 4> kListKeys = {"separator", "and", "or", "quote"};
  constexpr std::array<std::string_view, 2> kJoined = {"rest", "last"};
  constexpr std::array<std::string_view, 1> kQuoted = {"text"};
  r.check_keys(lists, kListKeys, "lists");
  // A word is read, or taken from the underlay; `needed` are the values it must show, or it
  // would drop the items it joins.
  const auto entry = [&](std::string_view key, std::span<const std::string_view> needed,
                         const std::string* below) -> std::string {
    const YAML::Node node = lists[std::string(key)];
    if (!node.IsDefined() && below) return *below;
    const auto found = r.require(lists, key, "");
    if (!found) return {};
    std::string text = read_text(r, *found, key, needed);
    const std::vector<std::string> names = tag_names(text);
    for (std::string_view value : needed) {
      if (std::find(names.begin(), names.end(), value) == names.end()) {
        r.error(*found, std::string(key) + " must show {{" + std::string(value) + "}}, or " +
                            (key == "quote" ? "the item it quotes is lost"
                                            : "the items it joins are lost"));
      }
    }
    return text;
  };
  words.separator_ = entry("separator", {}, underlay ? &underlay->separator_ : nullptr);
  words.and_ = entry("and", kJoined, underlay ? &underlay->and_ : nullptr);
  words.or_ = entry("or", kJoined, underlay ? &underlay->or_ : nullptr);
  words.quote_ = entry("quote", kQuoted, underlay ? &underlay->quote_ : nullptr);
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
                      std::span<const MessageSpec> messages, const Wording* underlay) {
  Wording wording;
  if (!r.expect_map(section, name)) return wording;
  std::vector<std::string_view> ids;
  ids.reserve(messages.size());
  for (const MessageSpec& message : messages) ids.push_back(message.id);
  r.check_keys(section, ids, name);
  // The names a message may show: its values in every form. Messages often share one list of
  // values (every problem may show any), so the names are spelt out once per list, not per
  // message.
  std::span<const std::string_view> names_of;
  std::vector<std::string> names;
  std::vector<std::string_view> allowed;
  for (const MessageSpec& message : messages) {
    const std::string id(message.id);
    if (const YAML::Node node = section[id]; node.IsDefined()) {
      if (allowed.empty() || message.values.data() != names_of.data() ||
          message.values.size() != names_of.size()) {
        names_of = message.values;
        names.clear();
        for (std::string_view value : message.values) {
          names.emplace_back(value);
          for (std::string_view form : kForms)
            names.push_back(std::string(value) + std::string(form));
        }
        allowed.assign(names.begin(), names.end());
      }
      wording.texts_.emplace(id, read_text(r, node, message.id, allowed));
      continue;
    }
    if (underlay) {
      if (const auto below = underlay->texts_.find(id); below != underlay->texts_.end()) {
        wording.texts_.emplace(id, below->second);
        continue;
      }
    }
    r.require(section, message.id, "the message's text");
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

constexpr std::array<std::string_view, 0> kNone = {};
constexpr std::array<std::string_view, 1> kWhat = {"what"};
constexpr std::array<std::string_view, 1> kCount = {"count"};
constexpr std::array<std::string_view, 1> kLimit = {"limit"};
constexpr std::array<std::string_view, 1> kKey = {"key"};
constexpr std::array<std::string_view, 1> kDetail = {"detail"};
constexpr std::array<std::string_view, 1> kQuote = {"quote"};
constexpr std::array<std::string_view, 2> kWhatMap = {"what", "map"};
constexpr std::array<std::string_view, 2> kWhatWritten = {"what", "written"};
constexpr std::array<std::string_view, 2> kKeyHint = {"key", "hint"};
constexpr std::array<std::string_view, 3> kBracket = {"map", "bracket", "closing"};
constexpr std::array<std::string_view, 4> kRange = {"what", "min", "max", "written"};
constexpr std::array<std::string_view, 4> kUnknownKey = {"key", "where", "nearest", "allowed"};
constexpr std::array<std::string_view, 4> kUnknownValue = {"what", "written", "nearest", "allowed"};

/// The messages of yaml.yaml and the values each may show (templates/README.md lists them).
constexpr std::array<MessageSpec, 22> kYamlMessages = {{
    {"more_problems", kCount},
    {"not_a_map", kWhat},
    {"not_a_list", kWhat},
    {"empty", kWhat},
    {"not_a_single_value", kWhatMap},
    {"not_a_number", kWhatWritten},
    {"out_of_range", kRange},
    {"not_true_or_false", kWhatWritten},
    {"unknown_key", kUnknownKey},
    {"unknown_value", kUnknownValue},
    {"missing_key", kKeyHint},
    {"alias", kNone},
    {"too_deep", kLimit},
    {"too_large", kLimit},
    {"key_not_plain", kNone},
    {"duplicate_key", kKey},
    {"invalid_utf8", kNone},
    {"nul_byte", kNone},
    {"several_documents", kNone},
    {"never_closed", kBracket},
    {"quote_never_closed", kQuote},
    {"not_valid_yaml", kDetail},
}};

}  // namespace

YamlWords YamlWords::parse(const std::string& path, std::string text, const YamlWords& words,
                           const YamlWords* underlay) {
  const YamlFile file = YamlFile::parse(SourceFile{path, std::move(text)}, words);
  YamlReader r(file, words);
  const YAML::Node& root = file.root();
  YamlWords out;
  constexpr std::array<std::string_view, 2> kSections = {"lists", "messages"};
  if (r.expect_map(root, "the catalogue", kSections)) {
    // A section the file lacks is the underlay's.
    const bool below = underlay != nullptr;
    if (const auto lists =
            catalogue_section(r, root, "lists", "the words that join lists", below)) {
      out.lists_ = ListWords::read(r, *lists, underlay ? &underlay->lists_ : nullptr);
    }
    if (const auto messages =
            catalogue_section(r, root, "messages", "one text per message", below)) {
      out.messages_ = Wording::read(r, *messages, "messages", kYamlMessages,
                                    underlay ? &underlay->messages_ : nullptr);
    }
  }
  r.throw_if_errors();
  return out;
}

YamlWords YamlWords::load(const std::filesystem::path& file) {
  return from_source(read_source(file, 1 << 20));
}

YamlWords YamlWords::from_source(SourceFile source) {
  if (source.text == kYamlWordsEnglish) {  // read as english() reads it, once, when first said
    YamlWords shipped;
    shipped.is_english_ = true;
    return shipped;
  }
  return parse(source.path, std::move(source.text), english(), &english());
}

const YamlWords& YamlWords::english() {
  // The shipped catalogue is tested to read without a problem, so the bare words (no message
  // at all) that read it are never shown.
  static const YamlWords words =
      parse("templates/text/yaml.yaml", std::string(kYamlWordsEnglish), YamlWords(), nullptr);
  return words;
}

std::filesystem::path yaml_words_file(const std::filesystem::path& templates_dir) {
  return templates_dir / "text" / "yaml.yaml";
}

}  // namespace pbem
