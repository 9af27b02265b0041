#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "adapters/mail/mime.hpp"

namespace wallenstein::mail {

/// Delivers rendered messages. A failure is a TransportError carrying the server's answer.
class Mailer {
 public:
  virtual ~Mailer() = default;
  /// Sends one message; returns where it went (for the ledger and the log).
  virtual std::string send(const Message& message, const std::string& bytes) = 0;
  /// A short description: "outbox games/x/outbox", "smtp://host:587".
  virtual std::string describe() const = 0;
};

/// The default transport: one .eml file per message in a directory of the game.
std::unique_ptr<Mailer> outbox_mailer(const std::filesystem::path& dir);

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
