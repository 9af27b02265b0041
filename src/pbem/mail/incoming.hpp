#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pbem::mail {

/// One leaf part of a received message, its transfer encoding removed and text in UTF-8.
struct IncomingPart {
  std::string content_type;  ///< lowercase, e.g. "text/plain"
  std::string filename;      ///< empty when it has none
  bool attachment = false;
  std::string text;
  /// The part declared no character set and was not UTF-8, so it was read as Windows-1252 (the
  /// Latin-1 of mail programs): its province names may need a look.
  bool read_as_latin1 = false;
};

/// A received message (RFC 5322 and MIME), as far as the intake needs it.
struct IncomingMessage {
  std::string message_id;    ///< with angle brackets; empty when the message has none, or none fit
                             ///< for a header
  std::string from_address;  ///< lowercase
  std::string from_name;
  std::string subject;
  /// Its Message-ID and those it answers, for the reply's References: ids only, on one line.
  std::string references;
  std::optional<std::string> automatic;  ///< why it is automatic mail (RFC 3834), when it is
  std::vector<IncomingPart> parts;
};

/// Parses a message with GMime: any charset, quoted-printable or base64, nested multiparts.
/// Never fails on malformed mail: what can be read is returned.
IncomingMessage parse_message(std::string_view raw);

/// Why no single order could be found in a message.
enum class NoOrder {
  none,           ///< an order was found
  several_files,  ///< more than one order file is attached (`attached` names them)
  joined_lines,   ///< `game:` with another header key of the game's orders on one line: lines
                  ///< joined (HTML mail)
  missing,        ///< no order file attached, and no `game:` line in the text
};

/// An order found in a message, or why none was. It carries facts, not sentences: the receipt's
/// templates word them for the player (the host's `found_order_data`), and the game master's
/// lines say them in the host's words (`describe`).
struct FoundOrder {
  std::string text;            ///< the order file as the player wrote it
  bool in_attachment = false;  ///< read from an attached file, else from the message body
  std::string attachment;      ///< the attached order file's name (a file may have none)
  NoOrder problem = NoOrder::none;
  std::vector<std::string> attached;  ///< with `several_files`: the attached files' names
  /// The message had no plain-text part: the order was read from its HTML.
  bool from_html = false;
  /// The order's part declared no character set and was not UTF-8: read as Windows-1252.
  bool read_as_latin1 = false;
  /// The offset in `text` of the first byte that is not UTF-8, when the part said it was UTF-8
  /// (or another character set) and was not: such an order cannot be read as written.
  std::optional<std::size_t> invalid_byte;

  bool found() const { return problem == NoOrder::none; }
  /// The message still carries what looks like an order (several order files, or its lines
  /// joined): such mail is failed orders, not a command.
  bool order_like() const {
    return problem == NoOrder::several_files || problem == NoOrder::joined_lines;
  }
};

/// Why no order was found, in a few words for the game master's lines ("2 order files attached
/// (a.yaml, b.yaml)"; joined lines named by the `header_keys` given to find_order); empty when
/// one was. Players read the receipt's templates instead.
std::string describe(const FoundOrder& found, const std::vector<std::string>& header_keys);

/// Bytes that are not UTF-8 written as U+FFFD, so that the rest of a damaged text can be read.
std::string replace_invalid_utf8(std::string_view text);

/// Finds the order (interfaces 5): a YAML attachment first (.yaml, .yml, a .txt holding an
/// order, text/x-yaml, application/yaml), else the text body from the `game:` line up to `...`,
/// a `-- ` signature or the end, quoted (`>`) lines left out; HTML-only mail is read as text.
/// `header_keys` are the keys besides `game:` of the game's order header (Game::order_header_keys:
/// whose orders, for which round): a line holding `game:` with one of them after it is an order
/// whose lines were joined.
FoundOrder find_order(const IncomingMessage& message, const std::vector<std::string>& header_keys);

/// A command the message asks for (interfaces 8): its subject is one of `words` (a "Re:" or
/// "Fwd:" before it is left out, case ignored), or a line of its text says `command: WORD`.
std::optional<std::string> find_command(const IncomingMessage& message,
                                        const std::vector<std::string_view>& words);

/// The value of a `token:` line of the message's text, if it has one.
std::optional<std::string> find_token(const IncomingMessage& message);

/// The text of an HTML body: tags removed, paragraphs and breaks as new lines, entities decoded.
std::string html_to_text(std::string_view html);

/// Undoes format=flowed (RFC 3676): soft line breaks joined, space-stuffing removed.
std::string unflow(std::string_view text, bool delete_space);

}  // namespace pbem::mail
