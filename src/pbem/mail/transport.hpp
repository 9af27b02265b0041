#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "pbem/mail/mime.hpp"

namespace pbem::mail {

/// How the server answered one message.
struct SendResult {
  enum class Outcome { accepted, refused, deferred };
  Outcome outcome = Outcome::accepted;  ///< refused: for good (5xx); deferred: try later (4xx)
  std::string answer;                   ///< the server's refusal, e.g. "550 5.1.1 no such mailbox"
  /// Refused after DATA: the server took the address but not the message (too large, taken for
  /// spam); otherwise the refusal was the recipient's address (RCPT).
  bool message_refused = false;
};

/// Delivers rendered messages, one answer per message. A failure of the connection itself
/// (no server, a dropped line) or of the server as a whole (the login refused, the sender refused,
/// service not available) is a TransportError: the message is nobody's fault but the setup's,
/// and waits for the next run.
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

/// The file of a message in an outbox directory: its Message-ID without the characters a file
/// name must not hold.
std::string outbox_file_name(const std::string& message_id);

/// Removes from an outbox the messages the ledger shows written there more than `days` days
/// before `now` (a game without SMTP must not fill the disk); returns how many went.
std::size_t prune_outbox(const std::filesystem::path& game_root,
                         const std::filesystem::path& relative_dir, std::chrono::sys_seconds now,
                         int days);

/// A URL as it may be printed or stored: any password removed ("smtp://gm:x@h" -> "smtp://gm@h").
std::string redact_url(std::string_view url);

/// A transport that cannot work (its setup is wrong, e.g. a password that is not set): every
/// message fails as a failed connection does, with `why`, and waits for a run that can send it.
std::unique_ptr<Mailer> failing_mailer(std::string why, std::string description);

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

}  // namespace pbem::mail
