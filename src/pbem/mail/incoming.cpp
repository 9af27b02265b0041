#include "pbem/mail/incoming.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <mutex>
#include <sstream>

#include "pbem/files/printable.hpp"
#include "pbem/text/text.hpp"

namespace pbem::mail {
namespace {

bool yaml_type(const std::string& type) {
  return type == "text/x-yaml" || type == "text/yaml" || type == "application/yaml" ||
         type == "application/x-yaml";
}

bool has_game_line(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("game:") || line.starts_with("game :")) return true;
  }
  return false;
}

/// Whether an unindented line of a body can belong to an order file: a `key:` line (order keys
/// have no spaces), a comment or a list item. Anything else ("On Monday Anna wrote:", "Cheers")
/// is the mail around the order.
bool order_line(const std::string& line) {
  if (line.empty() || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '-')
    return true;
  const auto colon = line.find(':');
  return colon != std::string::npos && colon > 0 &&
         line.substr(0, colon).find(' ') == std::string::npos;
}

/// The order inside a text body: from the `game:` line to `...`, a signature, the first line
/// that cannot belong to it, or the end.
std::string order_from_body(const std::string& body) {
  std::istringstream in(body);
  std::string line;
  std::string out;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!inside) {
      inside = line.starts_with("game:") || line.starts_with("game :");
      if (!inside) continue;
    }
    if (line == "..." || line == "-- " || line == "--") break;
    if (!line.empty() && line[0] == '>') continue;  // quoted from an earlier mail
    if (!order_line(line)) break;
    out += line + "\n";
  }
  // Blank lines after the order (HTML paragraphs leave some) are not part of it.
  while (!out.empty()) {
    const auto last = out.find_last_of('\n', out.size() - 2);
    const std::string tail = out.substr(last == std::string::npos ? 0 : last + 1);
    if (tail.find_first_not_of(" \t\r\n") != std::string::npos) break;
    out.erase(last == std::string::npos ? 0 : last + 1);
  }
  return out;
}

/// Whether a line not quoted from an earlier mail has a `game:` key with another of the order's
/// header keys after it: an order whose lines were joined.
bool joined_order_lines(const std::string& body, const std::vector<std::string>& header_keys) {
  std::istringstream in(body);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '>') continue;
    line = ascii_lower(line);
    const auto at = line.find("game:");
    if (at == std::string::npos) continue;
    for (const std::string& key : header_keys) {
      if (line.find(" " + ascii_lower(key) + ":", at) != std::string::npos) return true;
    }
  }
  return false;
}

/// What the order's character set needs the player to know: a part read as Latin-1, or the
/// first byte of a part that said UTF-8 (or another character set) and was not.
void screen_charset(const IncomingPart& part, FoundOrder& found) {
  found.read_as_latin1 = part.read_as_latin1;
  // A NUL byte cannot be part of a text: it is shown where it is, like a byte that is not UTF-8.
  found.invalid_byte = first_invalid_utf8(found.text);
  if (const auto nul = found.text.find('\0');
      nul != std::string::npos && (!found.invalid_byte || nul < *found.invalid_byte))
    found.invalid_byte = nul;
}

}  // namespace

namespace {

/// The text the message says itself: its first plain part that is no attachment, or its HTML.
std::string own_text(const IncomingMessage& m) {
  for (const auto& p : m.parts) {
    if (!p.attachment && p.content_type == "text/plain") return p.text;
  }
  for (const auto& p : m.parts) {
    if (!p.attachment && p.content_type == "text/html") return html_to_text(p.text);
  }
  return {};
}

/// The value of the first `key:` line of a text (not quoted), trimmed.
std::optional<std::string> line_value(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const std::string t(trimmed(line));
    if (!ascii_lower(t).starts_with(key + ":")) continue;
    std::string value(trimmed(std::string_view(t).substr(key.size() + 1)));
    value = value.substr(0, value.find_first_of(" \t#"));
    if (!value.empty()) return value;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> find_command(const IncomingMessage& message,
                                        const std::vector<std::string_view>& words) {
  std::string subject = ascii_lower(trimmed(message.subject));
  for (bool more = true; more;) {
    more = false;
    for (const char* prefix : {"re:", "aw:", "fwd:", "fw:", "wg:", "tr:"}) {
      if (subject.starts_with(prefix)) {
        subject =
            std::string(trimmed(std::string_view(subject).substr(std::string_view(prefix).size())));
        more = true;
      }
    }
  }
  for (const auto word : words) {
    if (subject == word) return std::string(word);
  }
  if (const auto written = line_value(own_text(message), "command")) {
    const std::string word = ascii_lower(*written);
    for (const auto w : words) {
      if (word == w) return word;
    }
  }
  return std::nullopt;
}

std::optional<std::string> find_token(const IncomingMessage& message) {
  return line_value(own_text(message), "token");
}

std::string replace_invalid_utf8(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = text[i] == '\0' ? 0 : utf8_length(text, i);
    if (length == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
      continue;
    }
    out.append(text.substr(i, length));
    i += length;
  }
  return out;
}

FoundOrder find_order(const IncomingMessage& m, const std::vector<std::string>& header_keys) {
  FoundOrder found;
  std::vector<const IncomingPart*> attached;
  for (const auto& p : m.parts) {
    const std::string name = ascii_lower(p.filename);
    const bool yaml =
        yaml_type(p.content_type) || name.ends_with(".yaml") || name.ends_with(".yml");
    const bool text_file = name.ends_with(".txt") && has_game_line(p.text);
    if ((yaml || text_file) && (p.attachment || !p.filename.empty())) attached.push_back(&p);
  }
  if (attached.size() > 1) {
    found.problem = NoOrder::several_files;
    for (const IncomingPart* p : attached) found.attached.push_back(p->filename);
    return found;
  }
  if (attached.size() == 1) {
    found.text = attached.front()->text;
    found.in_attachment = true;
    found.attachment = attached.front()->filename;
    screen_charset(*attached.front(), found);
    return found;
  }
  const IncomingPart* plain = nullptr;
  const IncomingPart* html = nullptr;
  for (const auto& p : m.parts) {
    if (p.attachment) continue;
    if (!plain && p.content_type == "text/plain") plain = &p;
    if (!html && p.content_type == "text/html") html = &p;
  }
  std::string body;
  if (plain) {
    body = plain->text;
  } else if (html) {
    body = html_to_text(html->text);
    found.from_html = true;
  }
  found.text = order_from_body(body);
  if (plain) screen_charset(*plain, found);
  if (joined_order_lines(body, header_keys)) {
    found.text.clear();
    found.problem = NoOrder::joined_lines;
  } else if (found.text.empty()) {
    found.problem = NoOrder::missing;
  }
  return found;
}

std::string describe(const FoundOrder& found, const std::vector<std::string>& header_keys) {
  switch (found.problem) {
    case NoOrder::none:
      return {};
    case NoOrder::several_files: {
      std::string names;
      for (const auto& name : found.attached) names += (names.empty() ? "" : ", ") + name;
      return std::to_string(found.attached.size()) + " order files attached (" + names + ")";
    }
    case NoOrder::joined_lines: {
      std::string keys = "game:";
      for (std::size_t i = 0; i < header_keys.size(); ++i)
        keys += (i + 1 == header_keys.size() ? " and " : ", ") + header_keys[i] + ":";
      return keys + " on one line, as if the order's lines were joined";
    }
    case NoOrder::missing:
      return "no order file attached, and no game: line in the text";
  }
  return {};
}

namespace {

/// A code point (below 0x110000) as UTF-8.
std::string utf8_of(unsigned long cp) {
  if (cp < 0x80) return std::string(1, static_cast<char>(cp));
  if (cp < 0x800)
    return {static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
  if (cp < 0x10000)
    return {static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)),
            static_cast<char>(0x80 | (cp & 0x3F))};
  return {static_cast<char>(0xF0 | (cp >> 18)), static_cast<char>(0x80 | ((cp >> 12) & 0x3F)),
          static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
}

/// HTML's names of the Latin-1 characters U+00A1 to U+00FF, in code point order: mail programs
/// write umlauts and accents in names (W&uuml;rzburg) with them.
constexpr std::array<std::string_view, 95> kLatin1Entities = {
    "iexcl",  "cent",   "pound",  "curren", "yen",    "brvbar", "sect",   "uml",    "copy",
    "ordf",   "laquo",  "not",    "shy",    "reg",    "macr",   "deg",    "plusmn", "sup2",
    "sup3",   "acute",  "micro",  "para",   "middot", "cedil",  "sup1",   "ordm",   "raquo",
    "frac14", "frac12", "frac34", "iquest", "Agrave", "Aacute", "Acirc",  "Atilde", "Auml",
    "Aring",  "AElig",  "Ccedil", "Egrave", "Eacute", "Ecirc",  "Euml",   "Igrave", "Iacute",
    "Icirc",  "Iuml",   "ETH",    "Ntilde", "Ograve", "Oacute", "Ocirc",  "Otilde", "Ouml",
    "times",  "Oslash", "Ugrave", "Uacute", "Ucirc",  "Uuml",   "Yacute", "THORN",  "szlig",
    "agrave", "aacute", "acirc",  "atilde", "auml",   "aring",  "aelig",  "ccedil", "egrave",
    "eacute", "ecirc",  "euml",   "igrave", "iacute", "icirc",  "iuml",   "eth",    "ntilde",
    "ograve", "oacute", "ocirc",  "otilde", "ouml",   "divide", "oslash", "ugrave", "uacute",
    "ucirc",  "uuml",   "yacute", "thorn",  "yuml"};

/// The text an HTML entity (without its & and ;) stands for, or empty for one not known.
std::string entity_text(const std::string& entity) {
  if (entity == "nbsp") return " ";
  if (entity == "amp") return "&";
  if (entity == "lt") return "<";
  if (entity == "gt") return ">";
  if (entity == "quot") return "\"";
  if (entity == "apos" || entity == "#39") return "'";
  // Typographic marks a mail program puts in for plain ones (rules of the order file's reader
  // take curly quotes and dashes as a player meant them).
  if (entity == "lsquo") return "\u2018";
  if (entity == "rsquo") return "\u2019";
  if (entity == "ldquo") return "\u201C";
  if (entity == "rdquo") return "\u201D";
  if (entity == "ndash") return "\u2013";
  if (entity == "mdash") return "\u2014";
  if (const auto* named = std::find(kLatin1Entities.begin(), kLatin1Entities.end(), entity);
      named != kLatin1Entities.end())
    return utf8_of(0xA1 + static_cast<unsigned long>(named - kLatin1Entities.begin()));
  if (entity.empty() || entity[0] != '#') return {};
  const bool hex = entity.size() > 1 && (entity[1] == 'x' || entity[1] == 'X');
  const long code = std::strtol(entity.c_str() + (hex ? 2 : 1), nullptr, hex ? 16 : 10);
  if (code <= 0 || code >= 0x110000) return {};
  return utf8_of(static_cast<unsigned long>(code == 0xA0 ? 0x20 : code));
}

}  // namespace

namespace {

/// HTML read as text, one pass: tags give line breaks, entities their characters, and source
/// line breaks are white space except inside <pre> (and <textarea>), where an order pasted into
/// a preformatted block keeps its lines.
class HtmlText {
 public:
  explicit HtmlText(std::string_view html) : html_(html) {}

  std::string read() {
    while (i_ < html_.size()) {
      const char c = html_[i_];
      if (c == '<') {
        if (!tag()) break;
      } else if (c == '&' && entity()) {
      } else if (c == '\r' || c == '\n') {
        line_break(c);
      } else {
        out_ += c;
        ++i_;
      }
    }
    // A non-breaking space (U+00A0, as UTF-8) indents like a space in an order.
    for (std::size_t at = out_.find("\xC2\xA0"); at != std::string::npos;
         at = out_.find("\xC2\xA0", at))
      out_.replace(at, 2, " ");
    return std::move(out_);
  }

 private:
  /// Reads the tag at `i_`; false when it never closes (the rest is dropped).
  bool tag() {
    const auto close = html_.find('>', i_);
    if (close == std::string_view::npos) return false;
    const std::string tag = ascii_lower(html_.substr(i_ + 1, close - i_ - 1));
    const std::string name = tag.substr(0, tag.find_first_of(" \t\r\n/", tag[0] == '/' ? 1 : 0));
    i_ = close + 1;
    if (name == "style" || name == "script" || name == "head" || name == "title") {
      skip_block(name);
    } else if (name == "pre" || name == "textarea") {
      new_line();
      ++preformatted_;
    } else if ((name == "/pre" || name == "/textarea") && preformatted_ > 0) {
      --preformatted_;
      new_line();
    } else if (name == "br" || name == "/p" || name == "/div" || name == "/li" || name == "/tr" ||
               name == "/h1" || name == "/h2" || name == "/h3" || name == "/blockquote") {
      out_ += '\n';
    }
    return true;
  }

  /// Reads the entity at `i_`; false when it is none (the '&' is then text).
  bool entity() {
    constexpr std::size_t kLongestEntity = 9;  // "&#1114111" or "&#x10FFFF" before its ';'
    const auto length = html_.substr(i_, kLongestEntity + 1).find(';');
    if (length == std::string_view::npos) return false;
    const std::string replacement = entity_text(std::string(html_.substr(i_ + 1, length - 1)));
    if (replacement.empty()) return false;
    out_ += replacement;
    i_ += length + 1;
    return true;
  }

  void line_break(char c) {
    if (preformatted_ > 0) {
      if (c == '\n' || html_.substr(i_ + 1, 1) != "\n") out_ += '\n';
    } else if (!out_.empty() && out_.back() != ' ' && out_.back() != '\n') {
      out_ += ' ';  // outside <pre>, only <br> and blocks break lines
    }
    ++i_;
  }

  void new_line() {
    if (!out_.empty() && out_.back() != '\n') out_ += '\n';
  }

  /// Skips to the end tag of `tag`. Each search starts where the last one ended: a message of the
  /// largest size is read in one pass, however many tags and entities it holds.
  void skip_block(const std::string& tag) {
    for (auto end = html_.find("</", i_); end != std::string_view::npos;
         end = html_.find("</", end + 2)) {
      if (ascii_lower(html_.substr(end + 2, tag.size())) == tag) {
        i_ = end;
        return;
      }
    }
    i_ = html_.size();
  }

  std::string_view html_;
  std::size_t i_ = 0;
  std::string out_;
  int preformatted_ = 0;
};

}  // namespace

std::string html_to_text(std::string_view html) { return HtmlText(html).read(); }

std::string unflow(std::string_view text, bool delete_space) {
  std::string out;
  std::string pending;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line[0] == ' ') line.erase(0, 1);  // space-stuffing
    const bool soft = !line.empty() && line.back() == ' ' && line != "-- ";
    if (soft && delete_space) line.pop_back();
    pending += line;
    if (!soft) {
      out += pending;
      if (end < text.size()) out += '\n';
      pending.clear();
    }
    if (end == text.size()) break;
    start = end + 1;
  }
  out += pending;
  return out;
}

}  // namespace pbem::mail
