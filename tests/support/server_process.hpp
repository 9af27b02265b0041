#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace wallenstein::testing {

/// A helper server started by a test (an SMTP server, a mail store...), announced by a line
/// "ready PORT" on its stdout. The constructor waits for that line, an event, never a duration;
/// the destructor stops exactly that process, even when the test failed.
class ServerProcess {
 public:
  /// Starts `argv` (argv[0] a full path); its stderr goes to `log_file` when given.
  explicit ServerProcess(std::vector<std::string> argv, const std::string& log_file = "");
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  int port() const { return port_; }
  pid_t pid() const { return pid_; }
  /// Stops the server (SIGTERM) and reaps it.
  void stop();
  /// Waits until a server that ends by itself has exited; returns its exit status.
  int wait();

 private:
  pid_t pid_ = -1;
  int port_ = 0;
};

/// Debian's aiosmtpd on 127.0.0.1 (tests/mail/smtpd.py) storing what it accepts into a Maildir.
class SmtpServer {
 public:
  /// `options` as smtpd.py takes them: --die-before N, --reject, --refuse ADDR, --defer ADDR.
  explicit SmtpServer(const std::string& maildir, std::vector<std::string> options = {});
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(process_.port()); }
  int port() const { return process_.port(); }
  void stop() { process_.stop(); }
  int wait() { return process_.wait(); }

 private:
  ServerProcess process_;
};

/// Debian's Dovecot on 127.0.0.1 (tests/mail/dovecot.py) with one user and a Maildir the test
/// fills by hand.
class ImapServer {
 public:
  ImapServer(const std::string& dir, const std::string& user, const std::string& password);
  /// imap://127.0.0.1:PORT/INBOX
  std::string url() const {
    return "imap://127.0.0.1:" + std::to_string(process_.port()) + "/INBOX";
  }
  /// Puts a message into the user's INBOX, as a mail server would; `arrived` sets when the
  /// server took it (its INTERNALDATE), by default now.
  void deliver(const std::string& message_file,
               std::optional<std::chrono::sys_seconds> arrived = std::nullopt);
  /// How many messages a folder holds (INBOX: ""), read from the Maildir.
  std::size_t count(const std::string& folder = "") const;
  /// How many messages of the INBOX nobody has read (no \Seen flag), read from the Maildir.
  std::size_t unseen() const;
  void stop() { process_.stop(); }

 private:
  std::string maildir_;
  ServerProcess process_;
  int delivered_ = 0;
};

}  // namespace wallenstein::testing
