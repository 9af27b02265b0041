// receive: one e-mail with orders, from a file or an MTA pipe, answered with a receipt.

#include <cstdlib>
#include <iostream>
#include <iterator>
#include <ostream>
#include <sstream>

#include "app/command.hpp"
#include "app/operations.hpp"
#include "app/season_context.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/game_lock.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/host/intake.hpp"
#include "pbem/mail/imap.hpp"
#include "pbem/mail/mime.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/version.hpp"
#include "wallenstein/host/game.hpp"
#include "wallenstein/host/held_game.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::app {
namespace fs = std::filesystem;

namespace {

/// The message: FILE, or standard input (an MTA pipe), never more than kMaxMessageBytes.
std::string read_message(const std::string& path) {
  if (!path.empty() && path != "-") return read_source(path, kMaxMessageBytes).text;
  std::string raw;
  char block[16384];
  while (raw.size() <= kMaxMessageBytes && std::cin.read(block, sizeof block).gcount() > 0) {
    raw.append(block, static_cast<std::size_t>(std::cin.gcount()));
  }
  if (raw.size() > kMaxMessageBytes)
    throw InputError("standard input", "the message is larger than 16 MiB");
  return raw;
}

/// What the host's intake works with in one command: Wallenstein's games (held for `receive`,
/// their rulesets loaded once), the answers' templates, the clock and the game's mail.
class WallensteinIntake {
 public:
  WallensteinIntake(const Invocation& in, const std::optional<std::string>& smtp)
      : templates_(load_templates(in.templates_dir())),
        rules_(in.data_dir(), kept_cache_dir()),
        setup{.hold =
                  [&in, this](const fs::path& dir, LockMode mode) {
                    HeldGame held = wallenstein::hold_game(dir, mode, in.wait(), "receive", in.err,
                                                           kept_cache_dir());
                    return HeldGameRef{std::move(held.lock),
                                       std::make_unique<WallensteinGame>(std::move(held.game),
                                                                         rules_, resources(in))};
                  },
              .templates = templates_,
              .version = std::string(program_version()),
              .now = clock_now(in),
              .mailer =
                  [smtp](const Game& game) {
                    return game_mailer(game.root(), game.host().mail, smtp);
                  }} {}
  WallensteinIntake(const WallensteinIntake&) = delete;
  WallensteinIntake& operator=(const WallensteinIntake&) = delete;
  WallensteinIntake(WallensteinIntake&&) = delete;
  WallensteinIntake& operator=(WallensteinIntake&&) = delete;
  ~WallensteinIntake() = default;

 private:
  Templates templates_;
  RulesetCache rules_;

 public:
  IntakeSetup setup;  ///< after the templates and rulesets it refers to
};

std::optional<std::string> smtp_option(const Invocation& in) {
  return in.has("smtp") ? std::optional(in.get<std::string>("smtp")) : std::nullopt;
}

void print(const Invocation& in, const Received& r) {
  in.out << (r.game.empty() ? std::string("(no game)") : r.game) << ": " << printable(r.summary)
         << "\n";
  if (!r.mail_failure.empty()) {
    in.err << "wallenstein: the answer could not be sent yet and stays queued (the next receive, "
              "fetch or tick "
              "sends it): "
           << r.mail_failure << "\n";
  }
}

/// `--root ROOT`: a directory that holds game directories. A typo must not send every message to
/// ROOT/.unrouted/ of a new, empty directory, nor put one inside a game.
std::filesystem::path games_root(const Invocation& in) {
  std::filesystem::path root = in.get<std::string>("root");
  if (!std::filesystem::is_directory(root))
    throw UsageError("--root " + root.string() + " is not a directory");
  refuse_other_owner(root, "directory of games");
  if (std::filesystem::exists(root / "game.yaml")) {
    throw UsageError("--root " + root.string() +
                     " is a game directory; give it without --root, or give the directory that "
                     "holds the games");
  }
  return root;
}

}  // namespace

Exit run_receive(const Invocation& in) {
  const auto args =
      in.has("args") ? in.get<std::vector<std::string>>("args") : std::vector<std::string>{};
  IntakeTarget target;
  std::string file;
  if (in.has("root")) {
    if (args.size() > 1) throw UsageError("with --root, give at most the message FILE");
    target.root = games_root(in);
    if (!args.empty()) file = args[0];
  } else {
    if (args.empty() || args.size() > 2)
      throw UsageError("give the game directory (or --root ROOT) and at most one FILE");
    target.game_dir = args[0];
    if (args.size() == 2) file = args[1];
  }
  const std::string raw = read_message(file);
  const WallensteinIntake intake(in, smtp_option(in));
  print(in, receive_message(raw, target, intake.setup));
  return Exit::ok;
}

namespace {

/// The mailbox to poll: game.yaml's mail.imap for a game, overridden by --imap and its options.
mail::ImapOptions imap_options(const Invocation& in, const std::optional<GameDirectory>& game,
                               std::string& done) {
  std::optional<ImapSettings> settings;
  if (game) settings = game->config().mail.imap;
  if (!settings && !in.has("imap")) {
    throw UsageError(game ? "this game has no mail.imap in game.yaml; set it or give --imap URL"
                          : "with --root, give the mailbox with --imap URL");
  }
  ImapSettings s = settings.value_or(ImapSettings{});
  if (s.done.empty()) s.done = kDefaultImapDone;
  if (in.has("imap")) s.url = in.get<std::string>("imap");
  if (in.has("imap-user")) s.user = in.get<std::string>("imap-user");
  if (in.has("imap-password-env")) s.password_env = in.get<std::string>("imap-password-env");
  if (in.has("done")) s.done = in.get<std::string>("done");
  if (in.has("imap") && !settings) s.starttls = false;  // a bare URL: a local server
  mail::ImapOptions options{s.url, s.starttls, s.user, {}, 60};
  if (!s.password_env.empty()) {
    const char* password = std::getenv(s.password_env.c_str());
    if (!password && in.has("imap-password-env"))
      throw UsageError("the IMAP password is read from $" + s.password_env + ", which is not set");
    if (!password) {
      // game.yaml names the variable: the game's setup, not the command line, is wrong.
      throw InputError((game->root() / "game.yaml").string(),
                       "the IMAP password is read from $" + s.password_env +
                           " (mail.imap.password_env), which is not set in this environment");
    }
    options.password = password;
  }
  done = s.done;
  return options;
}

/// Fetches each new message of a mailbox and receives it; returns the summary line.
std::string fetch_into(const Invocation& in, const IntakeTarget& target,
                       const std::optional<GameDirectory>& game) {
  std::string done;
  mail::ImapMailbox mailbox(imap_options(in, game, done));
  WallensteinIntake intake(in, smtp_option(in));
  IntakeSetup& setup = intake.setup;
  const auto uids = mailbox.unhandled(done);
  const auto envelopes = mailbox.envelopes(uids);
  int handled = 0;
  int answers = 0;
  std::string too_large;
  for (const std::uint64_t uid : uids) {
    const auto envelope = envelopes.find(uid);
    const bool seen = envelope != envelopes.end() && envelope->second.seen;
    if (envelope != envelopes.end() && envelope->second.size > kMaxMessageBytes) {
      // Never read into memory: marked, and left unread for the game master to look at.
      mailbox.mark_done(uid, done);
      too_large += "; message " + std::to_string(uid) + " (" +
                   std::to_string(envelope->second.size >> 20) +
                   " MiB) is larger than 16 MiB: not read, left unread for the game master";
      continue;
    }
    const std::string raw = mailbox.fetch(uid);
    setup.arrived = envelope != envelopes.end() ? envelope->second.arrived : std::nullopt;
    bool for_the_gm = false;
    try {
      const Received received = receive_message(raw, target, setup);
      print(in, received);
      for_the_gm = received.for_the_gm;
      answers += received.mail_sent;
    } catch (const BusyError& e) {
      in.err << "wallenstein fetch: message " << uid << " left for the next run: " << e.what()
             << "\n";
      if (!seen) mailbox.mark_unseen(uid);  // as it was: the next fetch handles it
      continue;                             // not marked: the next fetch handles it
    }
    // Marked only once handled: a crash before this fetches it again, and the intake ledger
    // keeps it from being stored or answered twice.
    // A message passed on to the game master stays unread, for them to read as well (a move
    // to the done folder keeps the flags).
    if (for_the_gm && !seen) mailbox.mark_unseen(uid);
    mailbox.mark_done(uid, done);
    ++handled;
  }
  return "fetched " + std::to_string(uids.size()) + (uids.size() == 1 ? " message" : " messages") +
         " from " + mailbox.describe() + ", " + std::to_string(handled) + " handled and marked " +
         done +
         (answers > 0
              ? ", " + std::to_string(answers) + (answers == 1 ? " answer" : " answers") + " sent"
              : "") +
         too_large;
}

}  // namespace

Exit run_fetch(const Invocation& in) {
  const auto args =
      in.has("args") ? in.get<std::vector<std::string>>("args") : std::vector<std::string>{};
  IntakeTarget target;
  std::optional<GameDirectory> game;
  if (in.has("root")) {
    if (!args.empty()) throw UsageError("with --root, give no game directory");
    target.root = games_root(in);
  } else {
    if (args.size() != 1) throw UsageError("give the game directory, or --root ROOT");
    target.game_dir = args[0];
    game = GameDirectory::open(target.game_dir, kept_cache_dir());
  }
  std::string line = fetch_into(in, target, game);
  line[0] = 'F';
  in.out << line << ".\n";
  return Exit::ok;
}

std::string fetch_orders(const Invocation& in, const fs::path& game_dir) {
  IntakeTarget target;
  target.game_dir = game_dir;
  std::ostringstream receipts;  // tick prints one line per game: the per-message lines are dropped
  const Invocation quiet{in.options, receipts, in.err, in.command};
  return fetch_into(quiet, target, GameDirectory::open(game_dir, kept_cache_dir()));
}

/// `accept DIR ID`: a kept message that could not count (too late) is handled again as new, for
/// the season open now (after a rollback, the one it named).
Exit run_accept(const Invocation& in) {
  const std::string dir = in.get<std::string>("dir");
  std::string raw;
  KeptMessage kept;
  {
    RulesetCache rules(in.data_dir(), kept_cache_dir());
    const HeldGame held = hold_game(in, LockMode::shared);
    kept =
        kept_message(WallensteinGame(held.game, rules, resources(in)), in.get<std::string>("id"));
    raw = read_bytes(kept.file);
  }
  WallensteinIntake intake(in, smtp_option(in));
  IntakeTarget target;
  target.game_dir = dir;
  intake.setup.again = true;
  const Received r = receive_message(raw, target, intake.setup);
  print(in, r);
  return r.outcome == "accepted" ? Exit::ok : Exit::invalid_input;
}

}  // namespace wallenstein::app
