#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pbem/files/files.hpp"

namespace pbem::mail {

/// Where a message stands (interfaces 7): recorded as pending before it is handed to the server,
/// as sent when the server accepted it, as refused when the server refused it for good (5xx),
/// as deferred when it answered "try later" (4xx: tried again, less and less often).
/// A queued message waits in `mail/queue/` (a reply or notice written together with the change
/// it reports, so a crash cannot lose it) until the next flush of the queue sends it.
/// Where a message stands. `superseded`: deferred, and then a later message carried what it said
/// (the season's report after its opening), so it is tried no more.
enum class Delivery { pending, sent, refused, queued, deferred, superseded };

/// One message of the game's mail.
struct LedgerEntry {
  std::string key;  ///< season directory / kind / player: one report to one player
  std::string message_id;
  std::string to;
  Delivery state = Delivery::pending;
  std::string digest;  ///< of what the message reports (empty in ledgers of older programs)
  std::string subject;
  std::string references;       ///< a correction or copy: the Message-ID of the first message
  std::string answer;           ///< the server's refusal
  std::string via;              ///< where it went (a URL without password, or the outbox)
  std::string at;               ///< when it was last handed over
  std::string queue_file = {};  ///< queued messages: the file under mail/queue/ holding its bytes
  /// A refused message: "address" when the server refused the recipient (RCPT), "message" when
  /// it took the address but refused the message itself after DATA (too large, taken for spam).
  /// Empty in ledgers of older programs, which recorded only address refusals.
  std::string refusal = {};
  std::string deferred_since = {};  ///< a deferred message: when the server first deferred it
  int attempts = 0;                 ///< a deferred message: how many times it was deferred
  bool told = false;  ///< a deferred message: the game master heard that it waited a day
};

/// When a deferred message is tried again: 15 minutes after its first deferral, then twice as
/// long after each one, never more than 4 hours (a tick every 10 minutes does not hammer a server
/// that is slow to take it, and a message still goes within hours once it would).
std::optional<std::chrono::sys_seconds> next_attempt(const LedgerEntry& deferred);

/// The game's record of mail, `mail/sent.yaml`: what went out, so nothing goes twice, and what is
/// pending or refused, so nothing is lost. Ledgers of older programs (a list of sent messages)
/// are read as they are. Saving is the caller's: `text()` goes into a journal with the rest.
class Ledger {
 public:
  /// The ledger of a game (empty when the game has sent nothing yet). The last one read is kept:
  /// the file read again with the same bytes is not parsed again.
  static Ledger load(const std::filesystem::path& game_root);
  /// A ledger file's text, checked: an InputError lists every problem with its position.
  static Ledger parse(const SourceFile& source);
  /// The ledger's path relative to the game root.
  static std::filesystem::path relative_path() { return "mail/sent.yaml"; }

  /// Every message of a key, oldest first.
  std::vector<const LedgerEntry*> of(const std::string& key) const;
  /// Adds a message or updates the one with the same Message-ID.
  void record(LedgerEntry entry);
  const std::vector<LedgerEntry>& entries() const { return entries_; }
  /// The file's text.
  std::string text() const;

 private:
  std::vector<LedgerEntry> entries_;
};

std::string_view delivery_key(Delivery d);

}  // namespace pbem::mail
