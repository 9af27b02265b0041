#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pbem::mail {

/// A display name and an address.
struct Mailbox {
  std::string name;
  std::string address;
};

/// Parses "Name <addr@host>" or "addr@host"; an unusable value is an InputError.
Mailbox parse_mailbox(std::string_view text, const std::string& what);

/// A file sent with the message: inline (shown in the HTML via its Content-ID) or attached.
struct Part {
  std::string filename;      ///< ASCII
  std::string content_type;  ///< e.g. image/png
  std::string data;
  std::string content_id;  ///< set for inline parts
};

/// A player's message: text and HTML alternatives, the map inline, files attached.
struct Message {
  Mailbox from;
  Mailbox to;
  std::string subject;     ///< UTF-8
  std::string date;        ///< RFC 5322 date
  std::string message_id;  ///< with the angle brackets
  /// Further headers in order (In-Reply-To, References, Auto-Submitted...); ASCII values.
  std::vector<std::pair<std::string, std::string>> headers;
  std::string text;  ///< UTF-8, LF line ends (converted to CRLF)
  std::string html;
  std::vector<Part> inline_parts;
  std::vector<Part> attachments;
};

/// The message as RFC 5322 / MIME bytes with CRLF line ends: multipart/mixed of a
/// multipart/alternative (text, then multipart/related of the HTML and its inline parts) and
/// the attachments. Non-ASCII headers use RFC 2047; bodies are quoted-printable or base64.
std::string render(const Message& message);

/// RFC 2047 encoded-words (UTF-8, base64) for a header value, or the value itself when ASCII.
std::string encode_header(std::string_view value);
/// "Name <address>", the name encoded or quoted as needed.
std::string format_mailbox(const Mailbox& mailbox);
/// Base64 in lines of 76 characters, CRLF after each.
std::string base64(std::string_view data);
/// Quoted-printable (RFC 2045) with CRLF line ends; input line ends may be LF.
std::string quoted_printable(std::string_view text);
/// A time as an RFC 5322 date in UTC ("Thu, 26 Nov 2026 10:00:00 +0000"); the caller passes the
/// time (the clock, or `--now`), so that every message of a run can be made again the same.
std::string rfc5322_date(std::chrono::sys_seconds when);
/// The time of a date as `rfc5322_date` writes it (and as most mail programs do: a day name is
/// optional, the zone an offset); nothing for anything else.
std::optional<std::chrono::sys_seconds> parse_rfc5322_date(const std::string& text);

}  // namespace pbem::mail
