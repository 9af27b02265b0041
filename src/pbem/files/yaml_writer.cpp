#include "pbem/files/yaml_writer.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

namespace pbem {
namespace {

bool plain_safe(std::string_view s) {
  if (s.empty()) return false;
  const char first = s.front();
  if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') || first == '_'))
    return false;
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  static constexpr std::array<std::string_view, 11> kReserved = {
      "y", "n", "yes", "no", "true", "false", "on", "off", "null", "nan", "inf"};
  std::string lower(s);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](char c) { return static_cast<char>(c | 0x20); });
  return std::find(kReserved.begin(), kReserved.end(), lower) == kReserved.end();
}

}  // namespace

std::string yaml_quote(std::string_view value) {
  if (plain_safe(value)) return std::string(value);
  std::string out = "\"";
  for (char c : value) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x",
                        static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

YamlOut YamlOut::text(const std::string& value) {
  YamlOut v;
  v.scalar_ = yaml_quote(value);
  return v;
}

YamlOut YamlOut::number(std::int64_t value) {
  YamlOut v;
  v.scalar_ = std::to_string(value);
  return v;
}

YamlOut YamlOut::boolean(bool value) {
  YamlOut v;
  v.scalar_ = value ? "true" : "false";
  return v;
}

YamlOut YamlOut::key_only() { return YamlOut(); }

YamlOut YamlOut::null() {
  YamlOut v;
  v.scalar_ = "null";
  return v;
}

YamlOut YamlOut::list() {
  YamlOut v;
  v.kind_ = Kind::list;
  return v;
}

YamlOut YamlOut::map() {
  YamlOut v;
  v.kind_ = Kind::map;
  return v;
}

YamlOut YamlOut::flow_list(const std::vector<std::string>& items) {
  YamlOut v = list();
  for (const auto& item : items) v.push(text(item));
  return v.flow();
}

YamlOut& YamlOut::add(std::string key, YamlOut value) {
  entries_.emplace_back(std::move(key), std::move(value));
  return *this;
}

YamlOut& YamlOut::push(YamlOut value) {
  items_.push_back(std::move(value));
  return *this;
}

YamlOut& YamlOut::flow() {
  flow_ = true;
  return *this;
}

bool YamlOut::empty() const {
  return kind_ == Kind::list ? items_.empty() : kind_ == Kind::map ? entries_.empty() : false;
}

bool YamlOut::inline_value() const { return kind_ == Kind::scalar || flow_ || empty(); }

void YamlOut::write_flow(std::string& out) const {
  switch (kind_) {
    case Kind::scalar:
      out += scalar_;
      break;
    case Kind::list:
      out += "[";
      for (std::size_t i = 0; i < items_.size(); ++i) {
        if (i > 0) out += ", ";
        items_[i].write_flow(out);
      }
      out += "]";
      break;
    case Kind::map:
      out += "{";
      for (std::size_t i = 0; i < entries_.size(); ++i) {
        if (i > 0) out += ", ";
        out += yaml_quote(entries_[i].first);
        const YamlOut& value = entries_[i].second;
        if (value.kind_ == Kind::scalar && value.scalar_.empty()) continue;  // key_only()
        out += ": ";
        value.write_flow(out);
      }
      out += "}";
      break;
  }
}

void YamlOut::write_block(std::string& out, int indent) const {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  if (kind_ == Kind::map) {
    for (const auto& [key, value] : entries_) {
      out += pad + yaml_quote(key) + ":";
      if (value.inline_value()) {
        out += " ";
        value.write_flow(out);
        out += "\n";
      } else {
        out += "\n";
        value.write_block(out, indent + 2);
      }
    }
  } else if (kind_ == Kind::list) {
    for (const auto& item : items_) {
      if (item.inline_value()) {
        out += pad + "- ";
        item.write_flow(out);
        out += "\n";
      } else {
        // "- " then the nested block, its first line joined to the dash.
        std::string nested;
        item.write_block(nested, indent + 2);
        out += pad + "- " + nested.substr(static_cast<std::size_t>(indent) + 2);
      }
    }
  }
}

std::string YamlOut::dump(std::string_view header_comment) const {
  std::string out;
  std::size_t start = 0;
  while (start < header_comment.size()) {
    const std::size_t end = header_comment.find('\n', start);
    const std::string_view line = header_comment.substr(
        start, end == std::string_view::npos ? std::string_view::npos : end - start);
    out += line.empty() ? "#\n" : "# " + std::string(line) + "\n";
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  if (inline_value()) {
    write_flow(out);
    out += "\n";
  } else {
    write_block(out, 0);
  }
  return out;
}

}  // namespace pbem
