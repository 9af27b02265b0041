#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pbem/files/journal.hpp"
#include "pbem/mail/ledger.hpp"
#include "pbem/mail/mime.hpp"
#include "pbem/mail/transport.hpp"

namespace pbem::mail {

/// A message the game wants one player to have: its ledger key, the content (the Message-ID,
/// subject prefix and references are decided by `dispatch`) and a digest of what it reports.
struct Outgoing {
  std::string key;     ///< e.g. "01-1618-spring/report/red"
  std::string player;  ///< the player's id
  Message message;     ///< `message_id` holds the id of a first sending
  std::string digest;  ///< a change of digest after a sending makes a correction
  /// The subject if it goes out as a correction, in its reader's words; empty: "Corrected: "
  /// before the subject.
  std::string corrected_subject = {};
};

/// What the game master asked for.
struct DispatchOptions {
  bool dry_run = false;
  bool retry_failed = false;  ///< send again what a server refused for good
  bool resend = false;  ///< send a copy of what was sent (new Message-ID, References the first)
  std::chrono::sys_seconds now = {};  ///< when it is (the messages' times)
  /// Deferred mail waits for its next attempt (`tick`); without, it is tried at once (a game
  /// master running `mail` wants it tried now).
  bool honour_backoff = false;
  /// A copy for someone who never got the first message (a seat's newcomer): it refers to
  /// nothing, so that their mail reader does not look for a thread they do not have.
  bool detached = false;
};

/// What happened to one message.
struct Dispatched {
  enum class What {
    sent,
    corrected,
    copied,
    already_sent,
    refused_before,
    refused,
    deferred,
    waiting,  ///< deferred before, and its next attempt is not due yet
    would_send
  };
  What what = What::sent;
  std::string player;
  Mailbox to;
  std::string subject;
  std::string answer = {};  ///< the server's refusal
  std::size_t bytes = 0;
  bool message_refused = false;     ///< refused after DATA: the message, not the address
  std::string deferred_since = {};  ///< deferred or waiting: since when (RFC 5322)
  std::string next_attempt = {};    ///< deferred or waiting: when it is tried again (RFC 5322)
  /// Deferred for a day now: the game master should hear of it (once per message; the ledger
  /// records that this run reported it).
  bool waited_a_day = false;
  std::string key = {};  ///< its ledger key
  /// Whether the server took it (sent, corrected or copied).
  bool went_out() const {
    return what == What::sent || what == What::corrected || what == What::copied;
  }
};

/// The outcome of a run: one entry per message handled, and the failure that stopped it.
struct DispatchResult {
  std::vector<Dispatched> messages;
  std::string failure;  ///< empty unless the connection failed (the rest was not tried)
  /// How many the server took (sent, corrected or copied).
  int sent() const;
};

/// Sends each message unless the ledger shows it sent with the same digest (interfaces 7): the
/// ledger records it as pending before the hand-over and as sent (or refused) after the
/// server's answer, each time through the game's journal. A pending message is sent again with
/// its Message-ID; a changed one goes out as a correction. A failed connection stops the run.
DispatchResult dispatch(const std::filesystem::path& game_root, std::vector<Outgoing> messages,
                        Mailer* mailer, const DispatchOptions& options);

/// Puts a message in the queue: its bytes under `mail/queue/` and a queued entry in the ledger,
/// both in the caller's journal, so that it is written in the same commit as the change it
/// reports (a stored order and its receipt) and a crash can never lose it.
void queue_message(Journal& journal, Ledger& ledger, const std::string& key,
                   const Message& message);

/// Marks the deferred messages of `keys` superseded: a later message carried what they said, so
/// they are tried no more (and shown no more as waiting).
void supersede(const std::filesystem::path& game_root, const std::vector<std::string>& keys);

/// When a deferred message of the queue is tried again: when its pause is over (every run that
/// sends on its own: a scheduled run, an answer of the intake, a receipt, a notice), or now (the
/// game master asking for the mail to go out).
enum class Deferred { when_due, now };

/// Sends every queued message, and any a crash left pending, as `dispatch` sends (pending before
/// the hand-over, sent after the server's answer); each sent one leaves the queue.
DispatchResult flush_queue(const std::filesystem::path& game_root, Mailer* mailer,
                           const Mailbox& from, std::chrono::sys_seconds now, Deferred deferred);

}  // namespace pbem::mail
