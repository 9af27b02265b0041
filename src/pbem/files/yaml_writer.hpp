#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace pbem {

/// A YAML value tree written with full control of layout and quoting, so files are stable byte
/// for byte and never ambiguous (yaml-cpp's emitter leaves `yes`/`no` unquoted).
class YamlOut {
 public:
  static YamlOut text(const std::string& value);
  static YamlOut number(std::int64_t value);
  static YamlOut boolean(bool value);
  static YamlOut null();
  /// No value: in a flow map the key stands alone (`{Böhmen, leader: true}`), which YAML reads
  /// as null.
  static YamlOut key_only();
  static YamlOut list();
  static YamlOut map();
  /// A list of scalars, written inline.
  static YamlOut flow_list(const std::vector<std::string>& items);

  /// Appends a key to a map; returns *this for chaining.
  YamlOut& add(std::string key, YamlOut value);
  YamlOut& add(std::string key, const std::string& value) {
    return add(std::move(key), text(value));
  }
  YamlOut& add(std::string key, const char* value) { return add(std::move(key), text(value)); }
  YamlOut& add(std::string key, int value) { return add(std::move(key), number(value)); }
  YamlOut& add(std::string key, bool value) { return add(std::move(key), boolean(value)); }
  /// Appends to a list.
  YamlOut& push(YamlOut value);
  /// Writes this map or list on one line: {a: 1, b: [x]}.
  YamlOut& flow();
  bool empty() const;

  /// The document, after an optional comment block (each line prefixed with "# ").
  std::string dump(std::string_view header_comment = {}) const;

 private:
  enum class Kind { scalar, list, map };
  void write_block(std::string& out, int indent) const;
  void write_flow(std::string& out) const;
  bool inline_value() const;

  Kind kind_ = Kind::scalar;
  std::string scalar_;  ///< already quoted as needed
  bool flow_ = false;
  std::vector<YamlOut> items_;
  std::vector<std::pair<std::string, YamlOut>> entries_;
};

/// Quotes a string for YAML when a plain scalar could be misread (numbers, yes/no, dates, ':'...).
std::string yaml_quote(std::string_view value);

}  // namespace pbem
