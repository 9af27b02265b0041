#pragma once

// The intake of mailed orders for any game behind the Game interface (interfaces 5 and 8): one
// e-mail is given its game (one game directory, or under a root the game its order's `game:`
// names), its player proven by the token, its order checked by the game, stored, and answered
// through the game's mail; a message without orders may be a mail command. What could not count
// is kept for the game master (mail/inbox/, ROOT/.unrouted/).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/game_lock.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/game.hpp"
#include "pbem/host/schedule.hpp"
#include "pbem/host/tick.hpp"
#include "pbem/mail/transport.hpp"

namespace pbem {

/// Where `receive` looks for the game: one game directory, or a root whose games are found by
/// the `game:` the order names.
struct IntakeTarget {
  std::filesystem::path game_dir;  ///< `receive DIR`
  std::filesystem::path root;      ///< `receive --root ROOT`
};

/// What the intake needs from the program: how to hold and open a game directory, the templates
/// of its answers, the time, the game's mail.
struct IntakeSetup {
  /// Holds a game directory under its lock (finishing or undoing an interrupted write) and opens
  /// it, as `TickPrograms::hold` does.
  std::function<HeldGameRef(const std::filesystem::path& dir, LockMode mode)> hold = {};
  /// The answers' templates (text/): receipt, receipt_subject, command, gm_notice.
  const Templates& templates;
  /// The program's version: the answers are signed by the game's program and it ("auction 1.0").
  std::string version;
  Instant now = {};  ///< the answers' Date, the day's limits
  /// The game's transport for the answers (a test's outbox, game.yaml's SMTP server).
  std::function<std::unique_ptr<mail::Mailer>(const Game&)> mailer = {};
  /// The game master accepts a message handled before (`accept`): it is handled as if new.
  bool again = false;
  /// When the mail server took the message (IMAP INTERNALDATE; unknown for `receive`): orders
  /// that reached the mailbox before their round's deadline but were fetched after its resolve
  /// (the mailbox could not be read) are told so, to the player and the game master.
  std::optional<Instant> arrived = {};
};

/// What became of one message.
struct Received {
  std::string game;          ///< empty when no game was found
  std::string outcome;       ///< as recorded in mail/intake.yaml, or duplicate / no_game
  std::string summary;       ///< one line for the game master
  std::string mail_failure;  ///< the answer could not be sent yet (it stays queued)
  int mail_sent = 0;         ///< messages that went out with it (its answer, notices, the queue)
  bool for_the_gm = false;   ///< passed on to the game master: `fetch` leaves it unread
};

/// Handles one e-mail (interfaces 5): finds the order and its game, proves the player by the
/// token, has the game check the order, stores it, and answers through the game's mail: the
/// answer is queued in the same journal commit as the stored order, then sent. A message seen
/// before (same Message-ID or bytes) is neither stored nor answered twice.
Received receive_message(std::string_view raw, const IntakeTarget& target,
                         const IntakeSetup& setup);

/// A message `receive` kept that stored no orders (too late, for another round...), by the id
/// the game master's notice and `status` give: the start of its SHA-256 (8 hex digits at least).
struct KeptMessage {
  std::string id;      ///< the first 12 hex digits
  std::string player;  ///< whose orders it held
  std::string season;  ///< the round they name
  std::string outcome;
  std::string at;
  std::filesystem::path file;  ///< under mail/inbox/
};

/// The kept messages of the game at `root` that held orders which could not be stored (too
/// late, for a round not open, after the end) and were not accepted since.
std::vector<KeptMessage> unstored_orders(const std::filesystem::path& root);

/// The kept message of this id, for `accept`: an unknown, ambiguous or unkept one, one that held
/// no unstored orders, one accepted already or one whose round is not open is an InputError that
/// says so (handled again, it would only be refused again, and its sender told so again).
KeptMessage kept_message(const Game& game, const std::string& id);

/// Queues, in the journal that stores them, the receipt of orders the game master stored for a
/// player (`submit --player`): the answer a mailed order gets, said to come from the game master.
void queue_submit_receipt(Journal& journal, const Game& game, const PlayerInfo& player,
                          const std::string& text, const CheckedOrder& checked,
                          const IntakeSetup& setup);

/// How many messages that named no game of the root `receive --root` keeps in ROOT/.unrouted/,
/// and how many bytes at most.
inline constexpr std::size_t kMaxUnrouted = 1000;
inline constexpr std::uintmax_t kMaxUnroutedBytes = 64 << 20;

/// What waits in ROOT/.unrouted/: the messages `receive --root` kept because they named a game
/// that is not under ROOT (a misspelt name), for the game master to read.
struct UnroutedMail {
  std::filesystem::path dir;  ///< ROOT/.unrouted
  std::size_t messages = 0;
  std::uintmax_t bytes = 0;
};
UnroutedMail unrouted_mail(const std::filesystem::path& root);
/// What a folder of kept messages holds (ROOT/.unrouted, a game's mail/inbox). A game keeps
/// mail that no token proves in mail/inbox/ within the same bounds as ROOT/.unrouted/.
UnroutedMail kept_mail(const std::filesystem::path& dir);

/// The largest message `receive` takes.
inline constexpr std::size_t kMaxMessageBytes = 16 << 20;

/// Whether a token written in an order is the player's (interfaces 5), compared in constant time.
bool token_proves(std::string_view written, std::string_view expected);

}  // namespace pbem
