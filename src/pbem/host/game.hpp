#pragma once

// The seam between the host and a game: what `tick`, the mail of a round and the rollback need
// from a game, and nothing more. The program's game implements it; so does a small sealed-bid
// auction in the tests (tests/pbem/auction_game.hpp), which proves the host knows no game.

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/host_config.hpp"
#include "pbem/host/rounds.hpp"
#include "pbem/host/schedule.hpp"
#include "pbem/host/timetable.hpp"
#include "pbem/mail/dispatch.hpp"
#include "pbem/mail/mime.hpp"
#include "pbem/mail/transport.hpp"

namespace pbem {

/// What resolving a round did, in the host's words.
struct RoundResolved {
  std::string round;                 ///< its name ("1618-spring", "round 2")
  std::string next_round;            ///< the round now open (empty once the game is over)
  bool finished = false;             ///< the last round was resolved: the game is over
  std::vector<std::string> missing;  ///< seats whose orders the missing-orders policy played
};

/// What the game master (or `tick`) asks the mail of a round for.
struct MailRequest {
  bool dry_run = false;
  bool retry_failed = false;
  bool resend = false;
  std::optional<std::string> player = {};  ///< only this player's message
  std::optional<std::string> smtp = {};    ///< instead of game.yaml's transport
  Instant now = {};                        ///< the messages' Date
  bool honour_backoff = false;             ///< `tick`: deferred mail waits for its next attempt
  mail::Mailer* mailer = nullptr;          ///< the caller's transport (`tick`), else game.yaml's
  bool detached = false;  ///< a copy for someone who never got the first (no References to it)
};

/// A round's mail as its game makes it. Each message's ledger key is `round_mail_key` (a
/// spectator's: `spectator_mail_key`) of the round's `mail_kind`, its digest the round's.
struct RoundMail {
  std::vector<mail::Outgoing> messages;
};

/// An order file as its game reads it, for the intake of mailed orders: whose it says it is, for
/// which round, with which token, and whether it can be stored.
struct CheckedOrder {
  std::string player;                ///< the player id as written (empty when unreadable)
  std::string round;                 ///< the round's name as written (empty when unreadable)
  std::optional<std::string> token;  ///< the `token:` as written, if any
  bool ok = false;                   ///< no error: it can be stored for the round checked
  /// Errors and warnings in file order, in the game's words; line and column (when known) are
  /// shown to the player with each.
  std::vector<Diagnostic> diagnostics;
  /// What the game adds to the receipt of these orders once stored, key by key (a forecast of
  /// what they do, the coins left), for its receipt template.
  std::vector<std::pair<std::string, Data>> receipt = {};
};

/// One game of the host: a directory with game.yaml and one directory per round.
class Game {
 public:
  Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;
  Game(Game&&) = delete;
  Game& operator=(Game&&) = delete;
  virtual ~Game() = default;

  /// The program's name, which its Message-IDs carry.
  virtual std::string_view program() const = 0;
  /// The game directory.
  virtual const std::filesystem::path& root() const = 0;
  /// game.yaml's part the host reads: players, mail, schedule.
  virtual const HostConfig& host() const = 0;
  /// The game's rounds on disk, in order; the last is the one open (or, once the game is over,
  /// the final state).
  virtual std::vector<RoundDir> rounds() const = 0;
  /// How many rounds the game plays: a round whose index is greater is the end.
  virtual int round_count() const = 0;
  /// Seats whose orders the round awaits now, in seat order: every seat without orders in a game
  /// of simultaneous orders; the seat to move in a game of turns.
  virtual std::vector<std::string> awaited(const RoundDir& round) const = 0;
  /// What the game adds to the host's messages about a round (reminders, a moved deadline), for
  /// their templates: whether the orders carry a bid, whether the round is a draft.
  virtual void add_notice_data(const RoundDir& round, Data& data) const = 0;
  /// Resolves the round open now, the awaited seats' orders played by `nmr`, and opens the next
  /// one with `next` as its timetable: one journal commit (a ResolveTransaction). Tells what it
  /// did on `said`, line by line.
  virtual RoundResolved resolve(NmrPolicy nmr, const Timetable& next, std::ostream& said) = 0;
  /// What a round's mail reports (its state, once resolved its outcome): a message is sent again,
  /// as a correction, when this changes.
  virtual std::string round_digest(const RoundDir& round) const = 0;
  /// The round's mail: its report to each player (or to `request.player`) and to each spectator,
  /// the products it carries stored in the round first (unless `request.dry_run`).
  virtual RoundMail round_mail(const RoundDir& round, const MailRequest& request) = 0;
  /// The comment atop each round's timetable file, for the game master: what it is, which
  /// commands change it.
  virtual std::string_view timetable_comment() const = 0;
  /// What the program writes into a round's directory besides the orders: `rollback` removes only
  /// these.
  virtual RoundFiles program_files() const = 0;
  /// Reads and checks an order file's text (mailed, or stored by the game master) against
  /// `round`: the round open, or for orders that came too late the past round they name. The
  /// host stores `text` as it came when `ok` and the token proves the player; `source` names the
  /// text in the diagnostics ("your orders"); the diagnostics are in `language` (a code).
  virtual CheckedOrder check_order(const RoundDir& round, std::string_view text,
                                   std::string_view source, std::string_view language) const = 0;
  /// The keys besides `game:` of an order file's header, which say whose orders it holds and for
  /// which round: a line of a mail's text holding `game:` and one of these after it is an order
  /// whose lines were joined (an HTML mail program's paragraph), which the intake tells the player.
  virtual std::vector<std::string> order_header_keys() const = 0;
  /// The order file a player fills in for the round open (`round`), with their token, as the
  /// mail command `template` attaches it; none when the game has none for them.
  virtual std::optional<mail::Part> order_template(const RoundDir& round,
                                                   const PlayerInfo& player) const = 0;
  /// The text of a player's report of `round` (the last round resolved, or the first while none
  /// is) as the game wrote it, for the mail command `report`; none while it has not been written.
  virtual std::optional<std::string> player_report(const RoundDir& round,
                                                   const PlayerInfo& player) const = 0;
};

/// The round open now (the last on disk).
RoundDir current_round(const Game& game);
/// The round after `round`, if there is one (then `round` has been resolved).
std::optional<RoundDir> round_after(const Game& game, const RoundDir& round);
/// Whether the game is over: its round open now lies past the last.
bool game_over(const Game& game);
/// Writes a round's timetable as a step of the game's journal.
void write_timetable(Journal& journal, const Game& game, const RoundDir& round,
                     const Timetable& timetable);
/// "report" once the round is resolved, else "opening": the middle of its mail's ledger keys.
std::string mail_kind(const Game& game, const RoundDir& round);
/// The ledger key of a round's message of `kind` to a player: `<round dir>/<kind>/<player id>`.
/// The game keys its round's mail so, and the host finds the messages by it (whether a round is
/// mailed, the openings a report supersedes).
std::string round_mail_key(const RoundDir& round, std::string_view kind, std::string_view player);
/// The same to a spectator: `<round dir>/<kind>/spectator:<address>`.
std::string spectator_mail_key(const RoundDir& round, std::string_view kind,
                               std::string_view address);

}  // namespace pbem
