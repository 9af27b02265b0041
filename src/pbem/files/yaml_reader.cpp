// YamlReader: typed values from a YamlFile, every problem collected with its position.

#include <algorithm>

#include "pbem/files/wording.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/text/text.hpp"

namespace pbem {
namespace {

Data what_data(std::string_view what) { return Data("what", std::string(what)); }

}  // namespace

YamlReader::YamlReader(const YamlFile& file) : file_(file), words_(nullptr) {}

const YamlWords& YamlReader::words() const {
  // The English words are read when first needed: a file without a problem never needs them.
  return words_ != nullptr ? *words_ : YamlWords::english();
}

bool YamlReader::full(Diagnostic::Severity severity) {
  if (diagnostics_.size() < kMaxDiagnostics) return false;
  ++dropped_;
  if (severity == Diagnostic::Severity::error) ++dropped_errors_;
  return true;
}

void YamlReader::error(const YAML::Node& at, std::string message) {
  if (!full(Diagnostic::Severity::error)) diagnostics_.push_back(file_.at(at, std::move(message)));
}

void YamlReader::warning(const YAML::Node& at, std::string message) {
  if (!full(Diagnostic::Severity::warning)) {
    diagnostics_.push_back(file_.at(at, std::move(message), Diagnostic::Severity::warning));
  }
}

void YamlReader::report(const YAML::Mark& at, std::string message, Diagnostic::Severity severity) {
  if (!full(severity)) diagnostics_.push_back(file_.at(at, std::move(message), severity));
}

std::vector<Diagnostic> YamlReader::listed() const {
  std::vector<Diagnostic> out = diagnostics_;
  if (dropped_ > 0) {
    out.push_back(Diagnostic{
        file_.source().path,
        0,
        0,
        words().say("more_problems", number_data("count", static_cast<long long>(dropped_))),
        dropped_errors_ > 0 ? Diagnostic::Severity::error : Diagnostic::Severity::warning,
        {}});
  }
  return out;
}

bool YamlReader::expect_map(const YAML::Node& node, std::string_view what) {
  if (node.IsMap()) return true;
  error(node, words().say("not_a_map", what_data(what)));
  return false;
}

bool YamlReader::expect_map(const YAML::Node& node, std::string_view what,
                            std::span<const std::string_view> allowed) {
  if (!expect_map(node, what)) return false;
  check_keys(node, allowed, what);
  return true;
}

bool YamlReader::expect_sequence(const YAML::Node& node, std::string_view what) {
  if (node.IsSequence()) return true;
  error(node, words().say("not_a_list", what_data(what)));
  return false;
}

std::optional<std::string> YamlReader::text(const YAML::Node& node, std::string_view what) {
  if (node.IsScalar()) return node.Scalar();
  if (node.IsNull()) {
    error(node, words().say("empty", what_data(what)));
  } else {
    Data data = what_data(what);
    data.set("map", node.IsMap());
    error(node, words().say("not_a_single_value", data));
  }
  return std::nullopt;
}

std::optional<std::int64_t> YamlReader::integer(const YAML::Node& node, std::string_view what,
                                                std::int64_t min, std::int64_t max) {
  auto value = text(node, what);
  if (!value) return std::nullopt;
  const std::string& s = *value;
  const bool digits = !s.empty() && s.size() <= 18 &&
                      std::all_of(s.begin() + (s[0] == '-' ? 1 : 0), s.end(),
                                  [](char c) { return c >= '0' && c <= '9'; }) &&
                      s != "-";
  if (!digits) {
    Data data = what_data(what);
    data.set("written", s);
    error(node, words().say("not_a_number", data));
    return std::nullopt;
  }
  const std::int64_t n = std::stoll(s);
  if (n < min || n > max) {
    Data data = what_data(what);
    set_number(data, "min", min);
    set_number(data, "max", max);
    data.set("written", s);
    error(node, words().say("out_of_range", data));
    return std::nullopt;
  }
  return n;
}

std::optional<bool> YamlReader::boolean(const YAML::Node& node, std::string_view what) {
  auto value = text(node, what);
  if (!value) return std::nullopt;
  if (*value == "true") return true;
  if (*value == "false") return false;
  Data data = what_data(what);
  data.set("written", *value);
  error(node, words().say("not_true_or_false", data));
  return std::nullopt;
}

void YamlReader::check_keys(const YAML::Node& map, std::span<const std::string_view> allowed,
                            std::string_view where) {
  for (const auto& entry : map) {
    if (std::find(allowed.begin(), allowed.end(), entry.first.Scalar()) == allowed.end()) {
      unknown_key(entry.first, allowed, where);
    }
  }
}

namespace {

/// `nearest` when an allowed name is close to `name`, else the `allowed` names.
void suggest(Data& data, const YamlWords& words, std::string_view name,
             std::span<const std::string_view> allowed) {
  const std::string nearest = nearest_name(name, allowed);
  if (!nearest.empty()) {
    data.set("nearest", nearest);
  } else {
    words.lists().set_list(data, "allowed",
                           std::vector<std::string>(allowed.begin(), allowed.end()));
  }
}

}  // namespace

void YamlReader::unknown_key(const YAML::Node& key_node, std::span<const std::string_view> allowed,
                             std::string_view where) {
  const std::string& key = key_node.Scalar();
  Data data("key", key);
  data.set("where", std::string(where));
  suggest(data, words(), key, allowed);
  error(key_node, words().say("unknown_key", data));
}

void YamlReader::unknown_value(const YAML::Node& node, std::string_view what,
                               std::span<const std::string_view> allowed) {
  const std::string value = scalar_text(node);
  Data data = what_data(what);
  data.set("written", value);
  suggest(data, words(), value, allowed);
  error(node, words().say("unknown_value", data));
}

std::optional<YAML::Node> YamlReader::require(const YAML::Node& map, std::string_view key,
                                              std::string_view hint) {
  const YAML::Node value = map[std::string(key)];
  if (value.IsDefined()) return value;
  Data data("key", std::string(key));
  if (!hint.empty()) data.set("hint", std::string(hint));
  error(map, words().say("missing_key", data));
  return std::nullopt;
}

std::size_t YamlReader::error_count() const {
  return dropped_errors_ + static_cast<std::size_t>(std::count_if(
                               diagnostics_.begin(), diagnostics_.end(), [](const Diagnostic& d) {
                                 return d.severity == Diagnostic::Severity::error;
                               }));
}

bool YamlReader::ok() const { return error_count() == 0; }

void YamlReader::throw_if_errors() const {
  if (!ok()) throw InputError(listed());
}

}  // namespace pbem
