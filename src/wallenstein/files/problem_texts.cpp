#include "wallenstein/files/problem_texts.hpp"

#include <algorithm>
#include <kainjow/mustache.hpp>
#include <span>
#include <string_view>
#include <variant>

#include "pbem/files/files.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/text/text.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::report {
namespace fs = std::filesystem;
namespace {

using Data = kainjow::mustache::data;

/// The forms a value also takes in a message: a list joined with "or" and quoted, a number's
/// plural sections (the catalogue's header explains them).
constexpr std::array<std::string_view, 6> kForms = {"_or",   "_quoted", "_quoted_or",
                                                    "_zero", "_one",    "_many"};

/// Every name a problem's message may show: each value's key, alone and in each form.
std::vector<std::string> value_names() {
  std::vector<std::string> names;
  for (int i = 0; i < kProblemArgCount; ++i) {
    const std::string key(problem_arg_key(static_cast<ProblemArg>(i)));
    names.push_back(key);
    for (std::string_view form : kForms) names.push_back(key + std::string(form));
  }
  return names;
}

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

/// One text of the catalogue: valid mustache whose tags name only `allowed` values.
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

/// Renders a checked text without escaping (messages are plain text, like the text templates).
std::string fill(const std::string& text, const Data& data) {
  kainjow::mustache::mustache tmpl{text};
  tmpl.set_custom_escape([](const std::string& s) { return s; });
  return tmpl.render(data);
}

}  // namespace

ProblemTexts ProblemTexts::load(const fs::path& file) {
  const YamlFile yaml = YamlFile::parse(read_source(file, 1 << 20));
  YamlReader r(yaml);
  const YAML::Node& root = yaml.root();
  if (!r.expect_map(root, "the problem catalogue")) r.throw_if_errors();
  constexpr std::array<std::string_view, 2> kSections = {"lists", "problems"};
  r.check_keys(root, kSections, "the problem catalogue");
  ProblemTexts texts;
  if (const auto lists = r.require(root, "lists", "the words that join lists");
      lists && r.expect_map(*lists, "lists")) {
    constexpr std::array<std::string_view, 4> kListKeys = {"separator", "and", "or", "quote"};
    constexpr std::array<std::string_view, 2> kJoined = {"rest", "last"};
    constexpr std::array<std::string_view, 1> kQuoted = {"text"};
    r.check_keys(*lists, kListKeys, "lists");
    const auto entry = [&](std::string_view key, std::span<const std::string_view> allowed) {
      const auto node = r.require(*lists, key, "");
      return node ? read_text(r, *node, key, allowed) : std::string();
    };
    texts.separator_ = entry("separator", {});
    texts.and_ = entry("and", kJoined);
    texts.or_ = entry("or", kJoined);
    texts.quote_ = entry("quote", kQuoted);
  }
  if (const auto problems = r.require(root, "problems", "one message per problem");
      problems && r.expect_map(*problems, "problems")) {
    std::vector<std::string_view> ids;
    ids.reserve(kAllProblemKinds.size());
    for (ProblemKind kind : kAllProblemKinds) ids.push_back(problem_key(kind));
    r.check_keys(*problems, ids, "problems");
    const std::vector<std::string> names = value_names();
    const std::vector<std::string_view> values(names.begin(), names.end());
    for (ProblemKind kind : kAllProblemKinds) {
      if (const auto node = r.require(*problems, problem_key(kind), "the problem's message")) {
        texts.messages_[index_of(kind)] = read_text(r, *node, problem_key(kind), values);
      }
    }
  }
  r.throw_if_errors();
  return texts;
}

std::string ProblemTexts::render(const Problem& problem, const Ruleset& rules) const {
  Data data;
  // An empty list is left out, so that {{#x}} sections hide and {{^x}} sections show.
  const auto list = [&](const std::string& key, const std::vector<std::string>& items) {
    if (items.empty()) return;
    std::vector<std::string> quoted;
    quoted.reserve(items.size());
    for (const std::string& item : items) quoted.push_back(fill(quote_, Data("text", item)));
    data.set(key, join(items, and_));
    data.set(key + "_or", join(items, or_));
    data.set(key + "_quoted", join(quoted, and_));
    data.set(key + "_quoted_or", join(quoted, or_));
  };
  for (const auto& [name, value] : problem.arguments) {
    const std::string key(problem_arg_key(name));
    if (const auto* text = std::get_if<std::string>(&value)) {
      data.set(key, *text);
    } else if (const auto* number = std::get_if<int>(&value)) {
      data.set(key, std::to_string(*number));
      data.set(key + "_zero", *number == 0);
      data.set(key + "_one", *number == 1);
      data.set(key + "_many", *number > 1);
    } else if (const auto* flag = std::get_if<bool>(&value)) {
      data.set(key, *flag);
    } else if (const auto* province = std::get_if<ProvinceId>(&value)) {
      data.set(key, rules.province(*province).name);
    } else if (const auto* action = std::get_if<Action>(&value)) {
      data.set(key, rules.action(*action).id);
    } else if (const auto* texts = std::get_if<std::vector<std::string>>(&value)) {
      list(key, *texts);
    } else if (const auto* provinces = std::get_if<std::vector<ProvinceId>>(&value)) {
      std::vector<std::string> names;
      for (ProvinceId id : *provinces) names.push_back(rules.province(id).name);
      list(key, names);
    }
  }
  return fill(messages_[index_of(problem.kind)], data);
}

std::string ProblemTexts::join(const std::vector<std::string>& items,
                               const std::string& last) const {
  if (items.size() <= 1) return items.empty() ? std::string() : items.front();
  std::string rest;
  for (std::size_t i = 0; i + 1 < items.size(); ++i)
    rest += (i > 0 ? separator_ : std::string()) + items[i];
  Data data;
  data.set("rest", rest);
  data.set("last", items.back());
  return fill(last, data);
}

fs::path problem_texts_file(const fs::path& templates_dir) {
  return templates_dir / "text" / "problems.yaml";
}

}  // namespace wallenstein::report
