#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "pbem/files/journal.hpp"
#include "pbem/host/schedule.hpp"
#include "pbem/mail/transport.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

/// Where `receive` looks for the game: one game directory, or a root whose games are found by
/// the `game:` the order names.
struct IntakeTarget {
  std::filesystem::path game_dir;  ///< `receive DIR`
  std::filesystem::path root;      ///< `receive --root ROOT`
};

/// What the intake needs from outside: the data and templates, how long to wait for a game's
/// lock, the date for the reply (the rules core never reads a clock), the game's mail, and where
/// to say that an interrupted write was finished.
struct IntakeSetup {
  std::filesystem::path data_dir;
  std::filesystem::path templates_dir;
  std::chrono::milliseconds wait{10000};
  std::string now;                      ///< RFC 5322 date
  std::chrono::sys_seconds clock = {};  ///< the same time, for deferred mail
  std::function<std::unique_ptr<mail::Mailer>(const GameDirectory&)> mailer;
  std::ostream* notes = nullptr;
  /// The game master accepts a message handled before (`accept`): it is handled as if new.
  bool again = false;
  /// When the mail server took the message (IMAP INTERNALDATE; unknown for `receive`): orders
  /// that reached the mailbox before their season's deadline but were fetched after its resolve
  /// (the mailbox could not be read) are told so, to the player and the game master.
  std::optional<std::chrono::sys_seconds> arrived;
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
/// token, checks the order as `check` does, stores it as `submit` does, and answers through the
/// game's mail: the answer is queued in the same commit as the stored order, then sent. A
/// message seen before (same Message-ID or bytes) is neither stored nor answered twice.
Received receive_message(std::string_view raw, const IntakeTarget& target,
                         const IntakeSetup& setup);

/// A message `receive` kept that stored no orders (too late, for another season...), by the id
/// the game master's notice and `status` give: the start of its SHA-256 (8 hex digits at least).
struct KeptMessage {
  std::string id;      ///< the first 12 hex digits
  std::string player;  ///< whose orders it held
  std::string season;  ///< the season they name
  std::string outcome;
  std::string at;
  std::filesystem::path file;  ///< under mail/inbox/
};

/// The kept messages that held orders which could not be stored (too late, for a season not open,
/// after the end) and were not accepted since.
std::vector<KeptMessage> unstored_orders(const GameDirectory& game);

/// The kept message of this id, for `accept`: an unknown, ambiguous or unkept one, one that held
/// no unstored orders, one accepted already or one whose season is not open is an InputError that
/// says so (handled again, it would only be refused again, and its sender told so again).
KeptMessage kept_message(const GameDirectory& game, const std::string& id);

/// Queues, in the journal that stores them, the receipt of orders the game master stored for a
/// player (`submit --player`): the answer a mailed order gets, said to come from the game master.
void queue_submit_receipt(Journal& journal, const GameDirectory& game, const Ruleset& rules,
                          const GameState& state, const SeasonDir& season, const PlayerInfo& player,
                          const std::string& text, const CheckedOrderFile& checked,
                          const std::filesystem::path& templates_dir, Instant now);

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

}  // namespace wallenstein
