#include "pbem/mail/mime.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "pbem/files/diagnostic.hpp"

namespace pbem::mail {
namespace {

constexpr const char* kCrlf = "\r\n";
constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Writes the base64 of `data` at `out` (RFC 4648: four characters for three bytes, `=` padding
/// at the end); returns where it stopped.
char* put_base64(std::string_view data, char* out) {
  const auto* in = reinterpret_cast<const unsigned char*>(data.data());
  std::size_t i = 0;
  for (; i + 2 < data.size(); i += 3) {
    const std::uint32_t v =
        (std::uint32_t{in[i]} << 16) | (std::uint32_t{in[i + 1]} << 8) | in[i + 2];
    *out++ = kAlphabet[(v >> 18) & 63];
    *out++ = kAlphabet[(v >> 12) & 63];
    *out++ = kAlphabet[(v >> 6) & 63];
    *out++ = kAlphabet[v & 63];
  }
  if (i < data.size()) {
    std::uint32_t v = std::uint32_t{in[i]} << 16;
    if (i + 1 < data.size()) v |= std::uint32_t{in[i + 1]} << 8;
    *out++ = kAlphabet[(v >> 18) & 63];
    *out++ = kAlphabet[(v >> 12) & 63];
    *out++ = i + 1 < data.size() ? kAlphabet[(v >> 6) & 63] : '=';
    *out++ = '=';
  }
  return out;
}

std::size_t base64_size(std::size_t bytes) { return (bytes + 2) / 3 * 4; }

std::string base64_raw(std::string_view data) {
  std::string out(base64_size(data.size()), '\0');
  put_base64(data, out.data());
  return out;
}

bool plain_ascii(std::string_view s) {
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) return false;
  }
  return true;
}

/// A stable token for MIME boundaries: FNV-1a of the message id and the part's role.
std::string boundary(const std::string& seed, const char* role) {
  std::uint64_t h = 1469598103934665603ULL;
  for (char c : seed + role) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  char buf[48];
  std::snprintf(buf, sizeof buf, "=_part_%s_%016llx", role, static_cast<unsigned long long>(h));
  return buf;
}

std::string part_headers(const Part& p, bool inline_part) {
  std::string h = "Content-Type: " + p.content_type + "; name=\"" + p.filename + "\"" + kCrlf;
  h += "Content-Transfer-Encoding: base64";
  h += kCrlf;
  if (inline_part) h += "Content-ID: <" + p.content_id + ">" + kCrlf;
  h += std::string("Content-Disposition: ") + (inline_part ? "inline" : "attachment") +
       "; filename=\"" + p.filename + "\"" + kCrlf;
  return h;
}

}  // namespace

Mailbox parse_mailbox(std::string_view text, const std::string& what) {
  Mailbox m;
  const auto open = text.find('<');
  const auto close = text.rfind('>');
  if (open != std::string_view::npos && close != std::string_view::npos && close > open) {
    m.address = std::string(text.substr(open + 1, close - open - 1));
    std::string name(text.substr(0, open));
    while (!name.empty() && name.back() == ' ') name.pop_back();
    while (!name.empty() && name.front() == ' ') name.erase(0, 1);
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"')
      name = name.substr(1, name.size() - 2);
    m.name = name;
  } else {
    m.address = std::string(text);
  }
  const auto at = m.address.find('@');
  if (at == std::string::npos || at == 0 || at + 1 == m.address.size() ||
      m.address.find_first_of(" <>\",;\r\n") != std::string::npos) {
    throw InputError(
        what, "\"" + std::string(text) + "\" is not a mail address like \"GM <gm@example.org>\"");
  }
  return m;
}

std::string base64(std::string_view data) {
  // Lines of 76 characters (RFC 2045 6.8): 57 bytes each, a whole number of groups of three, so
  // that only the last line is padded.
  constexpr std::size_t kBytesPerLine = 57;
  const std::size_t lines = (data.size() + kBytesPerLine - 1) / kBytesPerLine;
  std::string out(base64_size(data.size()) + 2 * lines, '\0');
  char* at = out.data();
  for (std::size_t start = 0; start < data.size(); start += kBytesPerLine) {
    at = put_base64(data.substr(start, kBytesPerLine), at);
    *at++ = '\r';
    *at++ = '\n';
  }
  return out;
}

std::string quoted_printable(std::string_view text) {
  constexpr std::string_view kHex = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  std::string line;
  auto flush_line = [&](bool hard) {
    // Trailing white space must be encoded (RFC 2045 6.7).
    if (!line.empty() && (line.back() == ' ' || line.back() == '\t')) {
      const auto u = static_cast<unsigned char>(line.back());
      line.back() = '=';
      line += kHex[u >> 4];
      line += kHex[u & 15];
    }
    out += line;
    out += hard ? kCrlf : "=\r\n";
    line.clear();
  };
  for (const char c : text) {
    if (c == '\r') continue;
    if (c == '\n') {
      flush_line(true);
      continue;
    }
    const auto u = static_cast<unsigned char>(c);
    const bool literal = (u >= 33 && u <= 126 && c != '=') || c == ' ' || c == '\t';
    const std::size_t size = literal ? 1 : 3;
    if (line.size() + size > 72) flush_line(false);  // room for an encoded trailing space and "="
    if (literal) {
      line += c;
    } else {
      line += '=';
      line += kHex[u >> 4];
      line += kHex[u & 15];
    }
  }
  if (!line.empty()) flush_line(true);
  return out;
}

std::string encode_header(std::string_view value) {
  if (plain_ascii(value)) return std::string(value);
  // Encoded-words of at most 75 characters: 45 bytes of text each, never splitting a character.
  std::string out;
  std::size_t start = 0;
  while (start < value.size()) {
    std::size_t end = std::min(value.size(), start + 45);
    while (end < value.size() && end > start &&
           (static_cast<unsigned char>(value[end]) & 0xC0) == 0x80)
      --end;
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64_raw(value.substr(start, end - start)) + "?=";
    start = end;
  }
  return out;
}

std::string format_mailbox(const Mailbox& m) {
  if (m.name.empty()) return "<" + m.address + ">";
  if (!plain_ascii(m.name)) return encode_header(m.name) + " <" + m.address + ">";
  std::string quoted = "\"";
  for (char c : m.name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\" <" + m.address + ">";
}

std::optional<std::chrono::sys_seconds> parse_rfc5322_date(const std::string& text) {
  static constexpr std::array<const char*, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const auto comma = text.find(", ");
  const std::string rest = text.substr(comma == std::string::npos ? 0 : comma + 2);
  unsigned day = 0, hour = 0, minute = 0, second = 0;
  int year = 0;
  char month[4] = {0};
  char zone[6] = {0};
  if (std::sscanf(rest.c_str(), "%u %3s %d %u:%u:%u %5s", &day, month, &year, &hour, &minute,
                  &second, zone) != 7)
    return std::nullopt;
  const auto m = std::find_if(kMonths.begin(), kMonths.end(),
                              [&](const char* name) { return std::string_view(name) == month; });
  if (m == kMonths.end() || (zone[0] != '+' && zone[0] != '-')) return std::nullopt;
  const std::chrono::year_month_day date{
      std::chrono::year{year}, std::chrono::month{static_cast<unsigned>(m - kMonths.begin() + 1)},
      std::chrono::day{day}};
  if (!date.ok() || hour > 23 || minute > 59 || second > 60) return std::nullopt;
  const int offset = std::atoi(zone + 1);
  const auto shift = std::chrono::hours(offset / 100) + std::chrono::minutes(offset % 100);
  auto t = std::chrono::sys_days(date) + std::chrono::hours(hour) + std::chrono::minutes(minute) +
           std::chrono::seconds(second);
  return std::chrono::sys_seconds(zone[0] == '+' ? t - shift : t + shift);
}

std::string rfc5322_date(std::chrono::sys_seconds when) {
  const std::time_t now = std::chrono::system_clock::to_time_t(when);
  std::tm utc{};
  gmtime_r(&now, &utc);
  static constexpr std::array<const char*, 7> kDays = {"Sun", "Mon", "Tue", "Wed",
                                                       "Thu", "Fri", "Sat"};
  static constexpr std::array<const char*, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d +0000",
                kDays[static_cast<std::size_t>(utc.tm_wday)], utc.tm_mday,
                kMonths[static_cast<std::size_t>(utc.tm_mon)], utc.tm_year + 1900, utc.tm_hour,
                utc.tm_min, utc.tm_sec);
  return buf;
}

std::string render(const Message& m) {
  const std::string mixed = boundary(m.message_id, "mixed");
  const std::string alternative = boundary(m.message_id, "alt");
  const std::string related = boundary(m.message_id, "rel");
  std::string out;
  auto header = [&](const std::string& name, const std::string& value) {
    out += name + ": " + value + kCrlf;
  };
  header("From", format_mailbox(m.from));
  header("To", format_mailbox(m.to));
  header("Subject", encode_header(m.subject));
  header("Date", m.date);
  header("Message-ID", m.message_id);
  for (const auto& [name, value] : m.headers) header(name, value);
  header("MIME-Version", "1.0");
  if (m.html.empty() && m.inline_parts.empty() && m.attachments.empty()) {
    // A plain answer (a receipt, a notice): one text part.
    header("Content-Type", "text/plain; charset=utf-8");
    header("Content-Transfer-Encoding", "quoted-printable");
    out += kCrlf;
    out += quoted_printable(m.text);
    return out;
  }
  // A quoted-printable text part of the alternative: its headers, a blank line, the body.
  const auto text_part = [&out](const char* type, const std::string& body) {
    out += std::string("Content-Type: ") + type + "; charset=utf-8";
    out += kCrlf;
    out += "Content-Transfer-Encoding: quoted-printable";
    out += kCrlf;
    out += kCrlf;
    out += quoted_printable(body);
  };
  header("Content-Type", "multipart/mixed; boundary=\"" + mixed + "\"");
  out += kCrlf;
  out += "This is a message in MIME format.";
  out += kCrlf;

  out += "--" + mixed + kCrlf;
  if (m.html.empty()) {
    // Text alone (a notice with a file attached): no HTML alternative, and no empty one.
    text_part("text/plain", m.text);
    for (const Part& p : m.inline_parts) {
      out += "--" + mixed + kCrlf + part_headers(p, false) + kCrlf + base64(p.data);
    }
  } else {
    out += "Content-Type: multipart/alternative; boundary=\"" + alternative + "\"" + kCrlf + kCrlf;
    out += "--" + alternative + kCrlf;
    text_part("text/plain", m.text);
    out += "--" + alternative + kCrlf;
    out += "Content-Type: multipart/related; boundary=\"" + related + "\"; type=\"text/html\"" +
           kCrlf + kCrlf;
    out += "--" + related + kCrlf;
    text_part("text/html", m.html);
    for (const Part& p : m.inline_parts) {
      out += "--" + related + kCrlf + part_headers(p, true) + kCrlf + base64(p.data);
    }
    out += "--" + related + "--" + kCrlf;
    out += "--" + alternative + "--" + kCrlf;
  }
  for (const Part& p : m.attachments) {
    out += "--" + mixed + kCrlf + part_headers(p, false) + kCrlf + base64(p.data);
  }
  out += "--" + mixed + "--" + kCrlf;
  return out;
}

}  // namespace pbem::mail
