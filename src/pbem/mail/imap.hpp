#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pbem::mail {

/// How to reach a mailbox over IMAP with libcurl.
struct ImapOptions {
  std::string url;  ///< imap://host[:port]/MAILBOX or imaps://...
  bool starttls = true;
  std::string user;
  std::string password;
  long timeout_seconds = 60;
};

/// One connection to an IMAP server: a request (empty: a plain fetch of `url`) and the server's
/// untagged answer. Failures are TransportErrors without the password.
class ImapConnection {
 public:
  virtual ~ImapConnection() = default;
  virtual std::string perform(const std::string& url, const std::string& request) = 0;
};

/// One IMAP mailbox (interfaces 5): the messages not yet handled, fetched by UID, then marked
/// with a keyword or moved to a folder. Failures are TransportErrors without the password.
class ImapMailbox {
 public:
  explicit ImapMailbox(ImapOptions options);
  ~ImapMailbox();
  ImapMailbox(const ImapMailbox&) = delete;
  ImapMailbox& operator=(const ImapMailbox&) = delete;

  /// UIDs of the messages without `keyword` (a keyword starts with `$`), or of every message
  /// when handled mail is moved away to a folder.
  std::vector<std::uint64_t> unhandled(const std::string& done);
  /// What the server says of messages before any is read: its size (RFC822.SIZE) and whether it
  /// was seen, by UID.
  struct Envelope {
    std::uint64_t size = 0;
    bool seen = false;
    /// When the server took the message (INTERNALDATE): orders held up by a mailbox that could
    /// not be read are judged by it.
    std::optional<std::chrono::sys_seconds> arrived;
  };
  std::map<std::uint64_t, Envelope> envelopes(const std::vector<std::uint64_t>& uids);
  /// The raw message (RFC 5322 bytes). The server marks it \Seen.
  std::string fetch(std::uint64_t uid);
  /// Takes \Seen off a message again (one fetched and then left for later, or for the game
  /// master to read).
  void mark_unseen(std::uint64_t uid);
  /// Marks a handled message: adds the keyword, or moves it to the folder named by `done`.
  void mark_done(std::uint64_t uid, const std::string& done);
  /// The mailbox URL without password, for messages.
  std::string describe() const;

 private:
  std::string perform(const std::string& url, const std::string& request);
  ImapOptions options_;
  std::unique_ptr<ImapConnection> connection_;
};

/// Whether `done` names a keyword (it starts with `$`) rather than a folder.
inline bool done_is_keyword(const std::string& done) {
  return !done.empty() && done.front() == '$';
}

}  // namespace pbem::mail
