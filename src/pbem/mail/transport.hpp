#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "pbem/mail/mime.hpp"

namespace wallenstein::mail {

/// How the server answered one message.
struct SendResult {
  enum class Outcome { accepted, refused, deferred };
  Outcome outcome = Outcome::accepted;  ///< refused: for good (5xx); deferred: try later (4xx)
  std::string answer;                   ///< the server's refusal, e.g. "550 5.1.1 no such mailbox"
};

/// Delivers rendered messages, one answer per message. A failure of the connection itself
/// (no server, a dropped line) is a TransportError.
class Mailer {
 public:
  virtual ~Mailer() = default;
  virtual SendResult send(const Message& message, const std::string& bytes) = 0;
  /// A short description without secrets: "outbox outbox", "smtp://gm@host:587".
  virtual std::string describe() const = 0;
};

/// The default transport: one .eml file per message in a directory of the game (relative to
/// its root), named after the Message-ID, written through the game's journal: sending the same
/// message again rewrites the same file.
std::unique_ptr<Mailer> outbox_mailer(const std::filesystem::path& game_root,
                                      const std::filesystem::path& relative_dir);

/// A URL as it may be printed or stored: any password removed ("smtp://gm:x@h" -> "smtp://gm@h").
std::string redact_url(std::string_view url);

/// SMTP settings for libcurl.
struct SmtpOptions {
  std::string url;  ///< smtp://host:port or smtps://host:port
  bool starttls = true;
  std::string user;
  std::string password;
  long timeout_seconds = 60;
};

/// Sends through an SMTP server with libcurl, reusing one connection for all messages.
std::unique_ptr<Mailer> smtp_mailer(const SmtpOptions& options);

}  // namespace wallenstein::mail
