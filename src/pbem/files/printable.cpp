#include "pbem/files/printable.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <regex>

#include "pbem/text/text.hpp"

namespace pbem {
namespace {

constexpr std::size_t kFlushAt = 8192;

void escape_byte(std::string& out, unsigned char byte) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[byte >> 4];
  out += kHex[byte & 0xF];
}

/// How many bytes a character starting with `lead` claims, going by the lead byte alone.
std::size_t claimed_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  return 1;
}

}  // namespace

std::size_t utf8_length(std::string_view text, std::size_t at) {
  if (at >= text.size()) return 0;
  const auto lead = static_cast<unsigned char>(text[at]);
  if (lead < 0x80) return 1;
  std::size_t extra = 0;
  std::uint32_t cp = 0;
  if ((lead & 0xE0) == 0xC0) {
    extra = 1;
    cp = lead & 0x1FU;
  } else if ((lead & 0xF0) == 0xE0) {
    extra = 2;
    cp = lead & 0x0FU;
  } else if ((lead & 0xF8) == 0xF0) {
    extra = 3;
    cp = lead & 0x07U;
  } else {
    return 0;
  }
  if (at + extra >= text.size()) return 0;
  for (std::size_t k = 1; k <= extra; ++k) {
    const auto byte = static_cast<unsigned char>(text[at + k]);
    if ((byte & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte & 0x3FU);
  }
  const bool overlong =
      (extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000);
  if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return extra + 1;
}

std::string printable(std::string_view text, Lines lines) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::size_t length = utf8_length(text, i);
    if (length == 0) {
      escape_byte(out, byte);
      ++i;
    } else if (length == 1) {
      const bool kept = (byte == '\n' || byte == '\t') && lines == Lines::keep;
      if (byte == 0x1B) {
        out += "\\e";
      } else if ((byte < 0x20 && !kept) || byte == 0x7F) {
        escape_byte(out, byte);
      } else {
        out += static_cast<char>(byte);
      }
      ++i;
    } else if (length == 2 && byte == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
      // U+0080-U+009F: the C1 controls (U+009B is a CSI to some terminals).
      escape_byte(out, byte);
      escape_byte(out, static_cast<unsigned char>(text[i + 1]));
      i += 2;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

PrintableStreambuf::~PrintableStreambuf() { emit(true); }

// Whole lines are passed on at once, so stdout and stderr still interleave line by line as the
// target's own buffering decides.
PrintableStreambuf::int_type PrintableStreambuf::overflow(int_type ch) {
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  pending_ += traits_type::to_char_type(ch);
  if ((ch == '\n' || pending_.size() >= kFlushAt) && !emit(false)) return traits_type::eof();
  return ch;
}

std::streamsize PrintableStreambuf::xsputn(const char* s, std::streamsize n) {
  const std::string_view text(s, static_cast<std::size_t>(n));
  pending_.append(text);
  if ((text.find('\n') != std::string_view::npos || pending_.size() >= kFlushAt) && !emit(false))
    return 0;
  return n;
}

int PrintableStreambuf::sync() {
  if (!emit(false)) return -1;
  return target_->pubsync();
}

bool PrintableStreambuf::emit(bool all) {
  std::size_t cut = pending_.size();
  if (!all) {
    // Hold back a character whose lead byte is in the last three bytes and whose rest is missing.
    for (std::size_t back = 1; back <= 3 && back <= pending_.size(); ++back) {
      const std::size_t at = pending_.size() - back;
      const auto byte = static_cast<unsigned char>(pending_[at]);
      if ((byte & 0xC0) == 0x80) continue;
      if (claimed_length(byte) > back) cut = at;
      break;
    }
  }
  const std::string out = printable(std::string_view(pending_).substr(0, cut), Lines::keep);
  pending_.erase(0, cut);
  return target_->sputn(out.data(), static_cast<std::streamsize>(out.size())) ==
         static_cast<std::streamsize>(out.size());
}

namespace {

/// Whether a key names something secret, also misspelt ("pasword", "tokn", "sed", "slt").
bool secret_key(std::string_view name) {
  const std::string key = ascii_lower(name);
  for (const char* word : {"pass", "pasw", "pwd", "pw", "secret", "tok", "seed", "sed", "salt",
                           "slt", "key", "auth", "cred"}) {
    if (key.find(word) != std::string::npos) return true;
  }
  return false;
}

void star(std::string& line, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to && i < line.size(); ++i) line[i] = '*';
}

/// Stars out the password of every URL-like `user:password@` of the line.
void hide_url_passwords(std::string& line) {
  for (std::size_t at = line.find('@'); at != std::string::npos; at = line.find('@', at + 1)) {
    // The authority ends at a quote, a slash or a comma; its password runs from the colon after
    // the user (or after "scheme://") to the @, spaces included.
    std::size_t start = line.find_last_of("\"'/,{[ \t", at);
    start = start == std::string::npos ? 0 : start + 1;
    if (const auto scheme = line.rfind("://", at);
        scheme != std::string::npos && line.find_first_of("\"',", scheme) > at) {
      start = scheme + 3;
    }
    const auto colon = line.find(':', start);
    if (colon != std::string::npos && colon < at) star(line, colon + 1, at);
  }
}

}  // namespace

std::string hide_secret_values(std::string line, const std::vector<std::string>& keys) {
  static const std::regex kKey(
      R"re((^|[\s{,\[])(["']?)([A-Za-z_][A-Za-z0-9_.-]*)\2[ \t]*:(?=[ \t]|$))re");
  std::vector<std::pair<std::size_t, std::size_t>> values;
  for (std::sregex_iterator it(line.begin(), line.end(), kKey), end; it != end; ++it) {
    const std::string key = (*it)[3].str();
    if (!secret_key(key) && std::find(keys.begin(), keys.end(), key) == keys.end()) continue;
    std::size_t at = static_cast<std::size_t>(it->position(0) + it->length(0));
    // Spaces, then anchors and tags (&a, !!str) before the value.
    while (true) {
      while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
      if (at < line.size() && (line[at] == '&' || line[at] == '!')) {
        while (at < line.size() && line[at] != ' ' && line[at] != '\t') ++at;
        continue;
      }
      break;
    }
    std::size_t to = at;
    if (at < line.size() && (line[at] == '"' || line[at] == '\'')) {
      to = line.find(line[at], at + 1);
      to = to == std::string::npos ? line.size() : to + 1;
    } else {
      to = line.find_first_of(",}#", at);
      if (to == std::string::npos) to = line.size();
      while (to > at && (line[to - 1] == ' ' || line[to - 1] == '\t')) --to;
    }
    values.emplace_back(at, to);
  }
  for (const auto& [from, to] : values) star(line, from, to);
  hide_url_passwords(line);
  return line;
}

std::optional<std::size_t> first_invalid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_length(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::nullopt;
}

}  // namespace pbem
