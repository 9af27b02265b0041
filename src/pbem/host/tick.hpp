#pragma once

// `tick`: a game runs itself on its schedule (the timetable of each round, reminders, the
// missing-orders policies, the resolve at the deadline or early, the mail of each round, the
// game master's notices), for any game behind the Game interface.

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "pbem/files/game_lock.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/game.hpp"
#include "pbem/host/schedule.hpp"

namespace pbem {

/// What the fetch before a game's tick found: nothing to say when the game has no IMAP mailbox,
/// else its summary or its failure (which never stops the rest of the tick).
struct TickIntake {
  bool polled = false;
  std::string summary;
  std::string error;
};

/// What one tick works with besides the game.
struct TickSettings {
  Instant now;
  const Templates& templates;            ///< the host's messages (reminder, gm_held...)
  std::optional<std::string> smtp = {};  ///< a relay instead of game.yaml's transport
};

/// One tick of a game its caller holds under the exclusive lock: the mailbox's health, queued
/// mail, the round's timetable (set when missing), the last round's reports when not yet out,
/// reminders, then the round's fate when due (held for the game master, the deadline extended
/// once, resolved at the deadline or early) and the outgoing mail's health. Returns the game's
/// line, as `tick` prints it after the game's name.
std::string tick_held(Game& game, const TickSettings& settings, const TickIntake& intake);

/// The line of one game in a tick's output.
struct TickLine {
  std::string text;
  bool internal_error = false;
};

/// A game held under its lock, opened.
struct HeldGameRef {
  GameLock lock;
  std::unique_ptr<Game> game;
};

/// What a tick over game directories needs from the program: how to hold and open one game,
/// and how to poll its mailbox (receiving each message as the program does).
struct TickPrograms {
  std::function<HeldGameRef(const std::filesystem::path& dir, LockMode mode)> hold;
  std::function<std::string(const std::filesystem::path& dir)> fetch;
  /// After a game's tick: what the program does besides (republish the game's pages when its
  /// configuration asks for it), and what it says of it (empty: nothing); may be empty.
  std::function<std::string(const std::filesystem::path& dir)> after = {};
};

/// One game directory's tick: the fetch first (it takes the lock per message), then everything
/// else under the game's exclusive lock. Errors become the game's line ("busy", "broken,
/// skipped", "mail failed"); the other games go on.
TickLine tick_game(const std::filesystem::path& dir, const TickPrograms& programs,
                   const TickSettings& settings, std::ostream& notes);

/// Takes the lock of a game directory for `command` of `program` (the lock file's holder:
/// "auction receive"), first finishing or undoing an interrupted change (saying so on `notes` as
/// `program`). The game is opened only once it holds the lock (until then its files may be
/// half-written), so its program's name is given here, not asked of Game::program(). Refuses a
/// directory that belongs to someone else, and one that is no game (no game.yaml), before a lock
/// file is made in it.
GameLock lock_game(const std::filesystem::path& root, LockMode mode, std::chrono::milliseconds wait,
                   std::string_view program, std::string_view command, std::ostream& notes);

/// Writes a round's timetable and queues the mail that announces the change, in one commit: a
/// crash or a mail server that is down can never leave the change unannounced (the next tick's
/// flush sends what waits). A key already in the ledger is not queued again.
void commit_with_mail(const Game& game, const RoundDir& round, const Timetable& t,
                      const std::vector<std::pair<std::string, mail::Message>>& mail);

/// Why a round's deadline moved: the game master moved it, or (`missing`, the players' names)
/// the `hold` policy waits for orders that are missing.
struct DeadlineMoved {
  bool by_game_master = false;
  std::string missing = {};
};

/// The mail that tells every player a round's new deadline, one per player and deadline, each in
/// the player's language (`deadline_moved`: `by_game_master`, or `missing`).
std::vector<std::pair<std::string, mail::Message>> deadline_mail(const Game& game,
                                                                 const RoundDir& round,
                                                                 const Timetable& t, Instant now,
                                                                 const DeadlineMoved& why,
                                                                 const Templates& templates);

/// The game's line while nothing is due: who is missing and the time left, or when an early run
/// comes. Reads the round's timetable and who is awaited, not the game's state.
struct TickLook {
  bool due = true;   ///< the full tick must run
  std::string line;  ///< else the game's line
};
/// The quick look of `tick` (most games, most of the time: nothing to do): whether anything may
/// be due, reading no state and no ruleset.
TickLook quick_look(const Game& game, Instant now);

}  // namespace pbem
