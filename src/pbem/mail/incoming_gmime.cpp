// Reading a received message with GMime: the one part of the intake that needs GLib, kept
// apart so that only the programs that read mail load it (src/pbem/mail/gmime_loader.cpp).
#include <gmime/gmime.h>

#include <array>
#include <mutex>
#include <string>

#include "pbem/files/printable.hpp"
#include "pbem/mail/incoming.hpp"
#include "pbem/text/text.hpp"

namespace pbem::mail {
namespace {

void init_gmime() {
  static std::once_flag once;
  std::call_once(once, [] { g_mime_init(); });
}

std::string header(GMimeObject* object, const char* name) {
  const char* value = g_mime_object_get_header(object, name);
  return value ? std::string(trimmed(value)) : std::string();
}

/// A message id as the answer can write it into its own headers: "<id>", with no white space,
/// control character or angle bracket inside; empty when it is not one. (GMime decodes
/// encoded-words, so "=?UTF-8?Q?a=0D=0AX:_1?=" would otherwise put a line break into a header.)
std::string clean_id(std::string_view id) {
  constexpr std::size_t kLongest = 250;
  if (id.empty() || id.size() > kLongest) return {};
  for (const char c : id) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte >= 0x7f || c == '<' || c == '>') return {};
  }
  return "<" + std::string(id) + ">";
}

/// The message ids of the References header, read from its raw text (no encoded-word decoded),
/// each clean: the first and as many of the last as keep the answer's header line short
/// (RFC 5322 3.6.4 keeps the first; 998 characters is a line's limit).
std::vector<std::string> references_of(GMimeObject* object) {
  GMimeHeader* found =
      g_mime_header_list_get_header(g_mime_object_get_header_list(object), "References");
  const char* raw = found ? g_mime_header_get_raw_value(found) : nullptr;
  if (!raw) return {};
  // Every <...> in it (GMime's parser gives up at the first thing that is not an id).
  std::vector<std::string> ids;
  const std::string_view text(raw);
  for (auto open = text.find('<'); open != std::string_view::npos;
       open = text.find('<', open + 1)) {
    const auto close = text.find_first_of("<>", open + 1);
    if (close == std::string_view::npos) break;
    if (text[close] == '<') continue;  // the next id starts there
    std::string clean = clean_id(text.substr(open + 1, close - open - 1));
    if (!clean.empty()) ids.push_back(std::move(clean));
    open = close;
  }
  constexpr std::size_t kRoom = 700;  // with the message's own id and "References: ", under 998
  std::size_t used = ids.empty() ? 0 : ids.front().size();
  std::size_t keep_from = ids.size();
  while (keep_from > 1 && used + ids[keep_from - 1].size() + 1 <= kRoom)
    used += ids[--keep_from].size() + 1;
  if (keep_from > 1)
    ids.erase(ids.begin() + 1, ids.begin() + static_cast<std::ptrdiff_t>(keep_from));
  return ids;
}

/// Why a message is automatic (RFC 3834 and the usual marks of bounces, lists and vacation
/// replies), if it is: such mail gets no answer, so two robots never talk forever.
std::optional<std::string> automatic_reason(GMimeObject* msg, const std::string& from) {
  const std::string auto_submitted = ascii_lower(header(msg, "Auto-Submitted"));
  if (!auto_submitted.empty() && auto_submitted != "no") return "Auto-Submitted: " + auto_submitted;
  const std::string precedence = ascii_lower(header(msg, "Precedence"));
  if (precedence == "bulk" || precedence == "junk" || precedence == "list" ||
      precedence == "auto_reply")
    return "Precedence: " + precedence;
  // Microsoft's mark of automatic replies (out of office and the like).
  const std::string suppress = ascii_lower(header(msg, "X-Auto-Response-Suppress"));
  if (suppress.find("all") != std::string::npos || suppress.find("oof") != std::string::npos)
    return "X-Auto-Response-Suppress: " + suppress;
  if (!header(msg, "List-Id").empty()) return "List-Id";
  const char* return_path = g_mime_object_get_header(msg, "Return-Path");
  if (return_path && trimmed(return_path) == "<>") return "an empty Return-Path (a bounce)";
  const std::string local = ascii_lower(from.substr(0, from.find('@')));
  if (local == "mailer-daemon" || local == "postmaster") return "sent by " + from;
  if (!header(msg, "X-Autoreply").empty() || !header(msg, "X-Autorespond").empty())
    return "an auto-reply header";
  // The message's own body (its top part) says whether it is a delivery report: RFC 3464
  // bounces are multipart/report, and so are read receipts (RFC 8098).
  GMimeObject* body =
      GMIME_IS_MESSAGE(msg) ? g_mime_message_get_mime_part(GMIME_MESSAGE(msg)) : msg;
  GMimeContentType* type = body ? g_mime_object_get_content_type(body) : nullptr;
  if (type && g_mime_content_type_is_type(type, "multipart", "report"))
    return "a delivery report (a bounce)";
  if (type && g_mime_content_type_is_type(type, "message", "delivery-status"))
    return "a delivery status (a bounce)";
  return std::nullopt;
}

std::string decoded_bytes(GMimePart* part) {
  GMimeDataWrapper* content = g_mime_part_get_content(part);
  if (!content) return {};
  GMimeStream* out = g_mime_stream_mem_new();
  g_mime_data_wrapper_write_to_stream(content, out);
  GByteArray* bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(out));
  std::string text(reinterpret_cast<const char*>(bytes->data), bytes->len);
  g_object_unref(out);
  return text;
}

/// Windows-1252 (a superset of the printable ISO 8859-1) as UTF-8; its five unused bytes as
/// U+FFFD.
std::string windows1252_to_utf8(std::string_view text) {
  // 0x80-0x9F, where Windows-1252 differs from ISO 8859-1.
  static constexpr std::array<char32_t, 32> kHigh = {
      0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
      0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
      0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178};
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) {
      out += c;
      continue;
    }
    const char32_t cp = byte < 0xA0 ? kHigh[byte - 0x80] : byte;
    if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
    } else {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    }
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

/// Whether any part of the message is a delivery or read report, wherever it is nested.
void find_report(GMimeObject*, GMimeObject* object, gpointer data) {
  GMimeContentType* type = g_mime_object_get_content_type(object);
  if (!type) return;
  for (const char* subtype : {"delivery-status", "disposition-notification", "feedback-report"}) {
    if (g_mime_content_type_is_type(type, "message", subtype)) *static_cast<bool*>(data) = true;
  }
}

void collect_part(GMimeObject*, GMimeObject* object, gpointer data) {
  auto* parts = static_cast<std::vector<IncomingPart>*>(data);
  if (!GMIME_IS_PART(object)) return;  // multiparts and attached messages: their leaves come too
  GMimePart* part = GMIME_PART(object);
  IncomingPart p;
  GMimeContentType* type = g_mime_object_get_content_type(object);
  if (type) {
    char* mime = g_mime_content_type_get_mime_type(type);
    p.content_type = ascii_lower(mime ? mime : "");
    g_free(mime);
  }
  if (const char* name = g_mime_part_get_filename(part)) p.filename = name;
  p.attachment = g_mime_part_is_attachment(part);
  const char* charset = type ? g_mime_content_type_get_parameter(type, "charset") : nullptr;
  const std::string declared = charset ? ascii_lower(charset) : std::string();
  // RFC 2046 makes undeclared text US-ASCII; 8-bit bytes there come from a mail program that
  // wrote its own Latin-1 and did not say so.
  const bool undeclared = declared.empty() || declared == "us-ascii";
  if (GMIME_IS_TEXT_PART(object)) {
    // Text said to be UTF-8 (or nothing) is read as it came: a conversion would drop its bad
    // bytes, or a NUL would end it, and the player could not be shown where they are.
    if (undeclared || declared == "utf-8" || declared == "utf8") {
      p.text = decoded_bytes(part);
    } else {
      char* text = g_mime_text_part_get_text(GMIME_TEXT_PART(object));  // to UTF-8 from its charset
      p.text = text ? text : "";
      g_free(text);
    }
    const char* format = type ? g_mime_content_type_get_parameter(type, "format") : nullptr;
    if (format && ascii_lower(format) == "flowed") {
      const char* delsp = g_mime_content_type_get_parameter(type, "delsp");
      p.text = unflow(p.text, delsp && ascii_lower(delsp) == "yes");
    }
  } else {
    p.text = decoded_bytes(part);
  }
  if (undeclared && first_invalid_utf8(p.text)) {
    p.text = windows1252_to_utf8(p.text);
    p.read_as_latin1 = true;
  }
  if (p.text.starts_with("\xEF\xBB\xBF")) p.text.erase(0, 3);  // a byte order mark
  parts->push_back(std::move(p));
}

}  // namespace

IncomingMessage parse_message(std::string_view raw) {
  init_gmime();
  IncomingMessage m;
  GMimeStream* stream = g_mime_stream_mem_new_with_buffer(raw.data(), raw.size());
  GMimeParser* parser = g_mime_parser_new_with_stream(stream);
  GMimeMessage* msg = g_mime_parser_construct_message(parser, nullptr);
  g_object_unref(parser);
  g_object_unref(stream);
  if (!msg) return m;
  GMimeObject* object = GMIME_OBJECT(msg);
  if (const char* id = g_mime_message_get_message_id(msg)) m.message_id = clean_id(id);
  if (InternetAddressList* from = g_mime_message_get_from(msg);
      from && internet_address_list_length(from) > 0) {
    InternetAddress* address = internet_address_list_get_address(from, 0);
    if (INTERNET_ADDRESS_IS_MAILBOX(address)) {
      const char* addr = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(address));
      m.from_address = ascii_lower(addr ? addr : "");
      // RFC 5321 allows 254 characters: a longer one is forged, and is cut so that it cannot
      // swell the records that name it.
      if (m.from_address.size() > 254) m.from_address.resize(254);
    }
    if (const char* name = internet_address_get_name(address)) m.from_name = name;
  }
  if (const char* subject = g_mime_message_get_subject(msg)) m.subject = subject;
  for (const std::string& id : references_of(object))
    m.references += (m.references.empty() ? "" : " ") + id;
  if (!m.message_id.empty()) m.references += (m.references.empty() ? "" : " ") + m.message_id;
  m.automatic = automatic_reason(object, m.from_address);
  if (!m.automatic) {
    bool report = false;
    g_mime_message_foreach(msg, find_report, &report);
    if (report) m.automatic = "a delivery or read report inside it (a bounce)";
  }
  g_mime_message_foreach(msg, collect_part, &m.parts);
  g_object_unref(msg);
  return m;
}

}  // namespace pbem::mail
