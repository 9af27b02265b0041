#include "pbem/host/intake.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <sstream>
#include <system_error>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/digest.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/host/timetable.hpp"
#include "pbem/mail/dispatch.hpp"
#include "pbem/mail/incoming.hpp"
#include "pbem/mail/intake_ledger.hpp"
#include "pbem/mail/mime.hpp"
#include "pbem/text/text.hpp"

namespace pbem {
namespace fs = std::filesystem;
namespace {

/// Orders that could not count when they came (too late, for a season not open, after the end):
/// passed on to the game master, listed by `status`, and what `accept` may store later.
bool unstored_orders_outcome(const std::string& outcome) {
  return outcome == "too_late" || outcome == "other_season" || outcome == "game_over";
}

using Mustache = kainjow::mustache::list;

/// Interfaces 8: the words a player may mail as a subject (or a `command:` line).
const std::vector<std::string_view> kCommands = {"status", "orders", "template", "report", "help"};

/// Interfaces 5: at most this many messages of one player are answered per season.
constexpr int kAnswerLimit = 20;
/// At most this many answers go to one player's address a day, whatever the messages were (a
/// robot that ignores RFC 3834, or a forger using the game to flood a player, gets no more).
constexpr int kAnswersPerDay = 10;
/// The game master hears of at most this many messages from one sender a day, and of this many
/// from all senders together.
constexpr int kNoticesPerSenderDay = 3;
constexpr int kNoticesPerDay = 20;

/// The game an order names on its `game:` line (enough to find the game under a root).
std::string named_game(const std::string& order) {
  std::istringstream in(order);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with("game:")) continue;
    std::string name = line.substr(5);
    name.erase(0, name.find_first_not_of(" \t\"'"));
    name.erase(std::min(name.size(), name.find_first_of(" \t\"'#\r")));
    return name;
  }
  return {};
}

/// One line per diagnostic, as the player can find it in the order they wrote.
Mustache diagnostic_lines(const std::vector<Diagnostic>& diagnostics,
                          Diagnostic::Severity severity) {
  Mustache out;
  for (const auto& d : diagnostics) {
    if (d.severity != severity) continue;
    Data x;
    if (d.line > 0) {
      Data at;
      at["line"] = std::to_string(d.line);
      at["column"] = std::to_string(d.column);
      x["at"] = std::move(at);
    }
    x["text"] = d.message;
    out.push_back(x);
  }
  return out;
}

/// Why no order was found, as the receipt's template words it: one flag of `several_files`
/// (with `count` and `files`), `joined_lines` or `no_game_line`.
Data no_order_data(const mail::FoundOrder& found) {
  Data d;
  switch (found.problem) {
    case mail::NoOrder::several_files: {
      Data several;
      several["count"] = std::to_string(found.attached.size());
      Mustache files;
      for (const std::string& name : found.attached) {
        Data file;
        file["name"] = name;
        files.push_back(file);
      }
      mark_last(files);
      several["files"] = files;
      d["several_files"] = std::move(several);
      break;
    }
    case mail::NoOrder::joined_lines:
      d["joined_lines"] = true;
      break;
    case mail::NoOrder::missing:
    case mail::NoOrder::none:
      d["no_game_line"] = true;
      break;
  }
  return d;
}

/// Where the order was found, for the receipt: `attachment` with its name, `unnamed_attachment`
/// (an attached file without a name), or `message_body`.
void add_found_data(Data& d, const mail::FoundOrder& found) {
  Data in;
  if (!found.in_attachment)
    in["message_body"] = true;
  else if (found.attachment.empty())
    in["unnamed_attachment"] = true;
  else
    in["attachment"] = found.attachment;
  d["found_in"] = std::move(in);
}

/// What the player should know of how the order was read, as warnings the receipt's template
/// words: `from_html`, `read_as_latin1`.
Mustache mail_warnings(const mail::FoundOrder& found) {
  Mustache out;
  for (const auto& [flag, set] : {std::pair{"from_html", found.from_html},
                                  std::pair{"read_as_latin1", found.read_as_latin1}}) {
    if (!set) continue;
    Data x;
    x[flag] = true;
    out.push_back(x);
  }
  return out;
}

/// How much of an order a receipt quotes: a mail quoted whole, or a long signature, is not sent
/// back whole (the orders are refused as too long, and the answer need not be).
constexpr std::size_t kQuotedBytes = std::size_t{16} * 1024;
constexpr std::size_t kQuotedLineBytes = 1000;

/// A line longer than kQuotedLineBytes cut there (before a whole character), with "..." after.
void cut_long_line(std::string& line) {
  if (line.size() <= kQuotedLineBytes) return;
  std::size_t end = kQuotedLineBytes;
  while (end > 0 && (static_cast<unsigned char>(line[end]) & 0xC0) == 0x80) --end;
  line.resize(end);
  line += "...";
}

/// Sets `lines`, the order's lines numbered as far as kQuotedBytes, and `lines_cut`, how many
/// were left out (if any).
void set_numbered_lines(Data& d, const std::string& text) {
  Mustache out;
  std::istringstream in(text);
  std::string line;
  std::size_t quoted = 0;
  int cut = 0;
  for (int n = 1; std::getline(in, line); ++n) {
    if (quoted > kQuotedBytes) {
      ++cut;
      continue;
    }
    cut_long_line(line);
    quoted += line.size();
    Data x;
    char number[16];
    std::snprintf(number, sizeof number, "%3d", n);
    x["number"] = std::string(number);
    x["text"] = line;
    out.push_back(x);
  }
  d["lines"] = out;
  if (cut > 0) d["lines_cut"] = std::to_string(cut);
}

/// What every receipt is written from: the game, its round open, the templates.
struct ReceiptContext {
  const Game& game;
  const RoundDir& round;
  const IntakeSetup& setup;

  /// What every answer says about the game: the open round (`season`, as every host message
  /// calls it), whether the game goes on, the program.
  Data base() const {
    Data d;
    d["game"] = game.host().name;
    d["program"] = std::string(game.program()) + " " + setup.version;
    d["open"] = !game_over(game);
    d["season"] = round.name;
    return d;
  }

  /// The templates in the language of `player` (the game's without one).
  Templates in_language_of(const PlayerInfo* player) const {
    return setup.templates.in(player ? game.host().language_of(*player) : game.host().language);
  }

  /// The deadline and who is still missing (`stored`: the player whose orders are being stored),
  /// in the words of `reader`'s language.
  void add_waiting(Data& d, const std::string& stored, const PlayerInfo* reader) const {
    if (game_over(game)) return;
    if (const auto t = read_timetable(round)) {
      // the schedule's (interfaces 6)
      d["deadline"] = describe_instant(t->deadline, t->timezone, in_language_of(reader).words());
    } else if (const auto it = game.host().deadlines.find(round.name);
               it != game.host().deadlines.end()) {
      d["deadline"] = it->second;
    }
    Mustache missing;
    const auto awaited = game.awaited(round);
    for (const auto& p : game.host().players) {
      if (p.id == stored || std::find(awaited.begin(), awaited.end(), p.id) == awaited.end())
        continue;
      Data x;
      x["name"] = p.name + " (" + p.id + ")";
      missing.push_back(x);
    }
    mark_last(missing);
    d["waiting_for"] = !missing.empty();
    d["missing"] = missing;
  }

  /// The order as received with line numbers, its errors and warnings (`more_warnings`: how the
  /// mail was read), and what the game adds to the receipt of stored orders.
  static void add_order(Data& d, const CheckedOrder& checked, const std::string& text,
                        const Mustache& more_warnings, bool stored, bool errors_count) {
    const Mustache errors = diagnostic_lines(checked.diagnostics, Diagnostic::Severity::error);
    Mustache warnings = diagnostic_lines(checked.diagnostics, Diagnostic::Severity::warning);
    for (const auto& w : more_warnings) warnings.push_back(w);
    d["one_error"] = errors.size() == 1;
    d["error_count"] = std::to_string(errors.size());
    d["any_errors"] = !errors.empty() && errors_count;
    d["errors"] = errors;
    d["any_warnings"] = !warnings.empty();
    d["warnings"] = warnings;
    if (stored) {
      for (const auto& [key, value] : checked.receipt) d.set(key, value);
    }
    d["any_lines"] = true;
    set_numbered_lines(d, text);
  }

  /// The receipt as a message to the player's registered address.
  mail::Message message(const PlayerInfo& player, const Data& d,
                        const std::string& message_id) const {
    const Templates templates = in_language_of(&player);
    mail::Message m;
    m.from = game_sender(game.host().mail);
    m.to = mail::Mailbox{player.name, player.email};
    m.subject = templates.render(Format::text, "receipt_subject", d);
    while (!m.subject.empty() && (m.subject.back() == '\n' || m.subject.back() == ' '))
      m.subject.pop_back();
    m.date = mail::rfc5322_date(setup.now);
    m.message_id = message_id;
    m.headers.emplace_back("Auto-Submitted", "auto-replied");
    m.text = templates.render(Format::text, "receipt", d);
    return m;
  }
};

/// One received message being handled in one game, under that game's lock.
class Intake {
 public:
  Intake(std::string_view raw, const IntakeSetup& setup, const Game& game)
      : raw_(raw),
        setup_(setup),
        game_(game),
        now_(mail::rfc5322_date(setup.now)),
        sha_(sha256_hex(raw)),
        message_(mail::parse_message(raw)),
        journal_(game.root()),
        mail_ledger_(mail::Ledger::load(game.root())),
        intake_(mail::IntakeLedger::load(game.root())) {}

  Received run() {
    Received out{game_.host().name, {}, {}, {}};
    const std::string inbox = "mail/inbox/" + sha_.substr(0, 24) + ".eml";
    const mail::IntakeEntry* seen = intake_.find(message_.message_id, sha_);
    if (seen && !setup_.again) {
      out.outcome = "duplicate";
      out.summary = "already handled (" + seen->outcome + ", " + seen->at +
                    "): nothing stored, no second answer";
      return out;
    }
    entry_ = mail::IntakeEntry{
        message_.message_id, sha_, message_.from_address, {}, {}, {}, {}, {}, now_, {}};
    inbox_ = inbox;
    const UnroutedMail kept = kept_mail(game_.root() / "mail" / "inbox");
    inbox_room_ = kept.messages < kMaxUnrouted && kept.bytes + raw_.size() <= kMaxUnroutedBytes;
    out.summary = decide();
    out.outcome = entry_.outcome;
    out.for_the_gm = for_the_gm_;
    // Orders proven by their token are always kept; other mail while mail/inbox/ has room.
    if (!inbox_file().empty()) {
      journal_.write(inbox, std::string(raw_));
    } else {
      out.summary += "; the message is not kept: mail/inbox/ is full (" +
                     std::to_string(kept.messages) + " messages, " +
                     std::to_string(kept.bytes >> 20) + " MiB)";
    }
    journal_.write(mail::IntakeLedger::relative_path(), [&] {
      intake_.record(entry_);
      return intake_.text();
    }());
    journal_.commit();
    return out;
  }

 private:
  /// Decides what the message gets; returns the game master's line.
  std::string decide() {
    if (message_.automatic) {
      entry_.outcome = "automatic";
      return "automatic mail (" + *message_.automatic + "): no answer";
    }
    season_ = current_round(game_);
    const mail::FoundOrder found = mail::find_order(message_, game_.order_header_keys());
    // Interfaces 8: a message without orders may ask for something (a mailed order file whose
    // subject is "orders" is orders, not the command, also when it cannot be read).
    if (!found.found()) {
      if (const auto command =
              found.order_like() ? std::nullopt : mail::find_command(message_, kCommands)) {
        if (const PlayerInfo* p = registered_sender()) return command_answer(*p, *command);
      }
      return no_order(found);
    }
    // A byte that is not UTF-8 is shown to the player where it is; the rest is still read, so
    // that the player can be told.
    const std::string readable =
        found.invalid_byte ? mail::replace_invalid_utf8(found.text) : found.text;
    CheckedOrder checked = game_.check_order(season_, readable, "your orders", reader_language());
    entry_.player = ascii_lower(checked.player);
    entry_.season = checked.round;
    const PlayerInfo* player = game_.host().player(entry_.player);
    if (const PlayerInfo* sender = registered_sender();
        checked.player.empty() && !checked.ok && sender) {
      // Orders the game could not read as far as their player (a YAML mistake): whoever sent
      // them, the registered address is told why, with the errors; nothing is stored.
      entry_.player = sender->id;
      if (intake_.answered_on(sender->id, now_) >= kAnswersPerDay) return rate_limited(*sender);
      return answer(*sender, found, checked);
    }
    if (!player || player->token.empty() || !checked.token ||
        !token_proves(*checked.token, player->token)) {
      return bad_token(player, checked);
    }
    proven_ = true;
    if (intake_.answered(player->id, entry_.season) >= kAnswerLimit ||
        intake_.answered_on(player->id, now_) >= kAnswersPerDay)
      return rate_limited(*player);
    return answer(*player, found, checked);
  }

  /// The player whose registered address sent the message, if any.
  /// Who reads the answer: the player the orders name, else the registered sender (null: none
  /// known, the game's language).
  const PlayerInfo* reader() const {
    if (const PlayerInfo* named = game_.host().player(entry_.player)) return named;
    return registered_sender();
  }
  std::string reader_language() const {
    const PlayerInfo* who = reader();
    return who ? game_.host().language_of(*who) : game_.host().language;
  }

  const PlayerInfo* registered_sender() const {
    for (const auto& p : game_.host().players) {
      if (ascii_lower(p.email) == message_.from_address) return &p;
    }
    return nullptr;
  }

  /// Answers a mail command to the player's registered address (interfaces 8); what is the
  /// player's own (their orders, their template, their report) needs their token in the message.
  std::string command_answer(const PlayerInfo& player, const std::string& command) {
    entry_.outcome = "command";
    entry_.player = player.id;
    entry_.season = season_.name;
    if (intake_.answered_on(player.id, now_) >= kAnswersPerDay) {
      return "command " + command + " from " + player.id + ": not answered, " +
             std::to_string(kAnswersPerDay) + " answers went to " + player.id + " today already";
    }
    Data d = base_data();
    d["command"] = command;
    d["command_" + command] = true;
    d["name"] = player.name;
    d["player"] = player.id;
    const auto token = mail::find_token(message_);
    const bool proven = token && !player.token.empty() && token_proves(*token, player.token);
    const bool needs_token = command == "orders" || command == "template" || command == "report";
    std::vector<mail::Part> files;
    if (needs_token && !proven) {
      d["needs_token"] = true;
      d["wrong_token"] = token.has_value();
    } else if (command == "orders") {
      command_orders(d, player);
    } else if (command == "template") {
      command_template(d, player, files);
    } else if (command == "report") {
      command_report(d, player);
    }
    receipts().add_waiting(d, "", &player);
    const std::string body = receipts().in_language_of(&player).render(Format::text, "command", d);
    mail::Message m;
    m.from = game_sender(game_.host().mail);
    m.to = mail::Mailbox{player.name, player.email};
    m.subject = body.substr(0, body.find('\n'));
    m.text = body.substr(body.find('\n') + 1);
    m.date = now_;
    m.message_id = notice_message_id(game_, "command/" + mail_key());
    if (!message_.message_id.empty()) m.headers.emplace_back("In-Reply-To", message_.message_id);
    m.headers.emplace_back("Auto-Submitted", "auto-replied");
    m.attachments = std::move(files);
    mail::queue_message(journal_, mail_ledger_, "command/" + mail_key(), m);
    entry_.reply = m.message_id;
    return "command " + command + " from " + player.id +
           (needs_token && !proven ? " without its token" : "") + ": answered";
  }

  void command_orders(Data& d, const PlayerInfo& player) const {
    const fs::path stored = season_.orders_file(player.id);
    d["orders_stored"] = fs::exists(stored);
    if (!fs::exists(stored)) return;
    const std::string text = read_bytes(stored);
    d["receipt"] = sha256_hex(text);
    set_numbered_lines(d, text);
  }

  void command_template(Data& d, const PlayerInfo& player, std::vector<mail::Part>& files) const {
    if (auto file = game_.order_template(season_, player)) {
      d["template_name"] = file->filename;
      files.push_back(std::move(*file));
    }
  }

  void command_report(Data& d, const PlayerInfo& player) const {
    const auto rounds = game_.rounds();
    const RoundDir& last = rounds.size() >= 2 ? rounds[rounds.size() - 2] : rounds.back();
    d["report_season"] = last.name;
    if (const auto report = game_.player_report(last, player)) d["report"] = *report;
  }

  std::string no_order(const mail::FoundOrder& found) {
    entry_.outcome = "no_order";
    const std::string described = mail::describe(found, game_.order_header_keys());
    // Only a registered address gets told; anyone else could be forging the sender.
    if (const PlayerInfo* sender = registered_sender()) {
      const PlayerInfo& p = *sender;
      entry_.player = p.id;
      if (intake_.answered_on(p.id, now_) >= kAnswersPerDay) {
        return "no order found in a message from " + p.id + " (" + described + "); not " +
               "answered: " + std::to_string(kAnswersPerDay) + " answers went to " + p.id +
               " today already";
      }
      Data d = base_data();
      d["no_order"] = no_order_data(found);
      d["forwarded"] = true;
      reply(p, d);
      return "no order found in a message from " + p.id + " (" + described + "); told them; " +
             forward_to_gm("a message from " + p.name + " (" + p.id + ") without orders",
                           "It held no order file (" + described +
                               "), so it may be meant for you. " + p.name +
                               " was told that no orders were read from it.",
                           &p);
    }
    return "no order found in a message from an unknown sender; " +
           forward_to_gm("a message without orders from an unknown sender",
                         "It held no order file (" + described +
                             ") and comes from an address that is no player's; it was not "
                             "answered.",
                         nullptr);
  }

  std::string bad_token(const PlayerInfo* player, const CheckedOrder& checked) {
    entry_.outcome = "bad_token";
    std::string why;
    if (!player)
      why = "it names no player of this game (\"" + checked.player + "\")";
    else if (player->token.empty())
      why = player->id + " has no token yet: run `" + std::string(game_.program()) +
            " player DIR token " + player->id + " --new`";
    else if (!checked.token)
      why = "it carries no token for " + player->id;
    else if (const FormerHolder* f = former_holder(*player, *checked.token))
      why = "its token is the one " + f->name + " <" + f->email + "> held before " + player->id +
            " was handed to " + player->name + "; it counts no more";
    else
      why = "its token is not " + player->id + "'s";
    // The player's own address is told (never the sender of a message the game cannot vouch
    // for), without the orders: a forger learns nothing from it.
    const PlayerInfo* registered = nullptr;
    for (const auto& p : game_.host().players) {
      if (ascii_lower(p.email) == message_.from_address) registered = &p;
    }
    if (!registered && player && checked.token) {
      // The seat's former holder, from their own address: they learn that the seat has passed.
      if (const FormerHolder* f = former_holder(*player, *checked.token);
          f && ascii_lower(f->email) == message_.from_address)
        return former_holder_told(*player, *f, why);
    }
    const bool tell = registered && intake_.answered_on(registered->id, now_) < kAnswersPerDay;
    if (tell) {
      Data d = base_data();
      d["bad_token"] = true;
      d["named_player"] = checked.player;
      d["no_token"] = player && !checked.token;
      d["wrong_token"] = player && checked.token.has_value();
      d["no_player"] = !player;
      d["player"] = registered->id;
      entry_.player = registered->id;
      reply(*registered, d);
    }
    return "orders refused: " + why +
           (tell ? "; the registered address is told, " : "; no answer, ") +
           notify_gm("orders refused: " + why, "A message claimed to hold orders but " + why + ".",
                     tell);
  }

  /// The former holder of `seat` whose token `token` was, if any.
  static const FormerHolder* former_holder(const PlayerInfo& seat, const std::string& token) {
    for (const FormerHolder& f : seat.former)
      if (!f.token.empty() && token_proves(token, f.token)) return &f;
    return nullptr;
  }

  /// Tells a seat's former holder, at the address they played from, that their orders count no
  /// more; the game master hears of it.
  std::string former_holder_told(const PlayerInfo& seat, const FormerHolder& f,
                                 const std::string& why) {
    Data d = base_data();
    d["bad_token"] = true;
    d["former_holder"] = true;
    d["named_player"] = seat.id;
    d["player"] = seat.id;
    const bool tell = intake_.noticed_on(message_.from_address, now_) < kAnswersPerDay;
    if (tell) {
      reply(PlayerInfo{seat.id, f.name, f.email}, d);
      told_at_ = f.email;
    }
    return "orders refused: " + why + (tell ? "; they are told, " : "; no answer, ") +
           notify_gm("orders refused: " + why,
                     "A message held orders for " + seat.id + " but " + why + ".", tell);
  }

  std::string rate_limited(const PlayerInfo& player) {
    entry_.outcome = "rate_limited";
    const bool season_cap = intake_.answered(player.id, entry_.season) >= kAnswerLimit;
    const std::string what =
        season_cap ? "more than " + std::to_string(kAnswerLimit) + " messages this season"
                   : "more than " + std::to_string(kAnswersPerDay) + " answered messages today";
    // The game master hears of it once, at the first message over the limit.
    const bool first = season_cap ? intake_.count(player.id, entry_.season, "rate_limited") == 0
                                  : intake_.noticed_on(message_.from_address, now_) == 0;
    if (first) {
      notify_gm(player.id + " sent " + what,
                "Further messages of " + player.id + " for " + entry_.season +
                    " are recorded but neither stored nor answered" +
                    (season_cap ? "." : " until tomorrow (UTC)."),
                false);
    }
    return what + " from " + player.id + ": not stored, no answer";
  }

  std::string answer(const PlayerInfo& player, const mail::FoundOrder& found,
                     CheckedOrder& checked) {
    Data d = base_data();
    d["player"] = player.id;
    add_found_data(d, found);
    const std::string& open = season_.name;
    const auto rounds = game_.rounds();
    const bool past = checked.round != open &&
                      std::any_of(rounds.begin(), rounds.end(),
                                  [&](const RoundDir& r) { return r.name == checked.round; });
    const bool over = game_over(game_);
    if (over) {
      entry_.outcome = "game_over";
      d["game_over"] = true;
    } else if (past) {
      too_late(d, found, checked);
    } else if (found.invalid_byte) {
      entry_.outcome = "rejected";
      d["rejected"] = true;
      d["invalid_byte"] = invalid_byte_data(found.text, *found.invalid_byte);
    } else if (const mail::IntakeEntry* earlier = replayed(player, checked.round, found.text);
               checked.ok && earlier) {
      // An earlier accepted order file sent again, which later orders had replaced: whoever
      // holds an old copy of the mail must not be able to bring it back (README, orders by mail).
      entry_.outcome = "replayed";
      d["replayed"] = true;
      d["earlier_at"] = earlier->at;
    } else if (checked.ok) {
      entry_.outcome = "accepted";
      d["accepted"] = true;
      const fs::path file = fs::relative(season_.orders_file(player.id), game_.root());
      d["replaced"] = fs::exists(game_.root() / file);
      journal_.write(file, found.text);
      note_orders_stored();
      entry_.receipt = sha256_hex(found.text);
      d["receipt"] = entry_.receipt;
      stored_ = player.id;
    } else {
      // Orders for a season that is not open (one still to come, a misspelt one) are kept apart:
      // `status` lists them, and `accept` stores them once their season is open.
      const bool elsewhere = !checked.round.empty() && checked.round != open;
      entry_.outcome = elsewhere ? "other_season" : "rejected";
      d["rejected"] = true;
      if (elsewhere) {
        d["other_season"] = true;
        d["written_season"] = checked.round;
      }
    }
    ReceiptContext::add_order(d, checked, found.text, mail_warnings(found),
                              entry_.outcome == "accepted", !over && !past);
    // Orders that could not count (too late, after the end, for a season that is not open) may
    // be meant for the game master: they see them.
    const bool forward = unstored_orders_outcome(entry_.outcome);
    d["forwarded"] = forward;
    reply(player, d);
    std::string outcome = entry_.outcome;  // the ledger's key, "too_late", said as "too late"
    std::replace(outcome.begin(), outcome.end(), '_', ' ');
    if (entry_.outcome == "other_season") outcome = "not for the season open";
    std::string summary =
        player.id + ": orders for " + (checked.round.empty() ? open : checked.round) + " " +
        outcome +
        (entry_.receipt.empty() ? "" : " (receipt " + entry_.receipt.substr(0, 12) + "...)") +
        "; answer queued";
    if (forward) summary += "; " + forward_unstored(player, checked.round, outcome, open);
    return summary;
  }

  /// Passes orders that could not be stored on to the game master, with the way to still store
  /// them; returns what the game master's line says of it.
  std::string forward_unstored(const PlayerInfo& player, const std::string& season,
                               const std::string& outcome, const std::string& open) {
    const std::string program(game_.program());
    const std::string accept =
        "`" + program + " accept " + game_.root().string() + " " + sha_.substr(0, 12) + "`";
    std::string text = player.name + " sent orders for " + season +
                       ", which could not be stored (" + outcome + "; the season open is " + open +
                       "). They were told so.";
    if (in_time_) {
      text += " They reached the mailbox on " +
              describe_instant(*setup_.arrived, in_time_->timezone) + ", before the deadline (" +
              describe_instant(in_time_->deadline, in_time_->timezone) +
              "), but the mailbox could not be read until after the resolve.";
    }
    if (entry_.outcome == "too_late") {
      text += " If they should count, roll the resolve back (`" + program + " rollback " +
              game_.root().string() + "`); then " + accept + " stores them.";
    } else if (entry_.outcome == "other_season") {
      text += " Once " + season + " is open, " + accept + " stores them if they are still wanted.";
    }
    return forward_to_gm("orders of " + player.name + " (" + player.id + ") for " + season +
                             " not stored: " + outcome,
                         text, &player);
  }

  /// Orders for a season already resolved: checked against the season they were written for, not
  /// the one open now, and told whether they reached the mailbox before its deadline.
  void too_late(Data& d, const mail::FoundOrder& found, CheckedOrder& checked) {
    entry_.outcome = "too_late";
    d["too_late"] = true;
    d["written_season"] = checked.round;
    const RoundDir written_for = round_named(checked.round);
    in_time_ = arrived_in_time(written_for);
    if (in_time_) {
      d["arrived_in_time"] = true;
      const LanguageWords& words = receipts().in_language_of(reader()).words();
      d["arrived"] = describe_instant(*setup_.arrived, in_time_->timezone, words);
      d["deadline_then"] = describe_instant(in_time_->deadline, in_time_->timezone, words);
    }
    checked = game_.check_order(written_for, found.text, "your orders", reader_language());
  }

  /// The round of this name (one of the game's: the caller knows it is).
  RoundDir round_named(const std::string& name) const {
    for (const RoundDir& r : game_.rounds()) {
      if (r.name == name) return r;
    }
    throw InputError(game_.root().string(), "no round " + name);
  }

  /// Records in the round's timetable, when it has one, that orders were stored now: the early
  /// resolve's hold-back counts from it.
  void note_orders_stored() {
    pbem::note_orders_stored(journal_, game_.root(), season_, setup_.now,
                             game_.timetable_comment());
  }

  /// The timetable of a resolved season whose deadline came after the message reached the
  /// mailbox: orders held up by a mailbox that could not be read (empty for a game without a
  /// schedule, or mail whose arrival is unknown).
  std::optional<Timetable> arrived_in_time(const RoundDir& season) const {
    if (!setup_.arrived) return std::nullopt;
    auto timetable = read_timetable(season);
    if (!timetable || *setup_.arrived > timetable->deadline) return std::nullopt;
    return timetable;
  }

  /// The first accepted message of this player and season whose order file was exactly `text`,
  /// when orders stored since replaced it; null when `text` is new or is what is stored now.
  const mail::IntakeEntry* replayed(const PlayerInfo& player, const std::string& season,
                                    const std::string& text) const {
    const std::string receipt = sha256_hex(text);
    const auto earlier = intake_.accepted_with(player.id, season, receipt);
    if (earlier.empty()) return nullptr;
    const fs::path stored = season_.orders_file(player.id);
    if (fs::exists(stored) && sha256_hex(read_bytes(stored)) == receipt) return nullptr;
    return earlier.front();
  }

  /// Where the first byte that is not UTF-8 is, as the player can find it.
  static Data invalid_byte_data(const std::string& text, std::size_t at) {
    const auto line_start = text.rfind('\n', at == 0 ? 0 : at - 1);
    const std::size_t column_from = line_start == std::string::npos || at == 0 ? 0 : line_start + 1;
    Data x;
    x["line"] = std::to_string(
        std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1);
    std::size_t column = 1;
    for (std::size_t i = column_from; i < at;) {
      const std::size_t length = utf8_length(text, i);
      i += length == 0 ? 1 : length;
      ++column;
    }
    x["column"] = std::to_string(column);
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[at]));
    x["byte"] = std::string(hex);
    return x;
  }

  /// Where this message is kept for the game master, or empty when it is not: orders proven by
  /// their token always, anything else while mail/inbox/ has room.
  std::string inbox_file() const { return proven_ || inbox_room_ ? inbox_ : std::string(); }

  ReceiptContext receipts() const { return ReceiptContext{game_, season_, setup_}; }

  /// What every answer says about the game: the open season.
  Data base_data() const { return receipts().base(); }

  void reply(const PlayerInfo& player, Data& d) {
    receipts().add_waiting(d, stored_, &player);
    mail::Message m =
        receipts().message(player, d, notice_message_id(game_, "intake/" + mail_key()));
    if (!message_.message_id.empty()) m.headers.emplace_back("In-Reply-To", message_.message_id);
    if (!message_.references.empty()) m.headers.emplace_back("References", message_.references);
    mail::queue_message(journal_, mail_ledger_, "intake/" + mail_key(), m);
    entry_.reply = m.message_id;
  }

  /// Passes a message that stored no orders on to the game master: what it said, and the whole
  /// message attached; `player` when it came from a player's registered address. It stays
  /// unread in the mailbox `fetch` polls.
  std::string forward_to_gm(const std::string& headline, const std::string& text,
                            const PlayerInfo* player) {
    return notify_gm(headline, text, player != nullptr, player, true);
  }

  /// Tells the game master, at most kNoticesPerSenderDay times a day per sender and
  /// kNoticesPerDay in all; returns what to say of it in the summary line. `answered`: the player
  /// was told; `forward` quotes the message and attaches it whole; `player` makes replies go to
  /// the player.
  std::string notify_gm(const std::string& headline, const std::string& text, bool answered,
                        const PlayerInfo* player = nullptr, bool forward = false) {
    if (intake_.noticed_on(message_.from_address, now_) >= kNoticesPerSenderDay ||
        intake_.noticed_on("", now_) >= kNoticesPerDay)
      return "the game master is not told (enough notices today; status lists the messages)";
    for_the_gm_ = forward;
    Data d;
    d["game"] = game_.host().name;
    d["headline"] = headline;
    d["text"] = text;
    d["message_id"] = message_.message_id.empty() ? std::string("(none)") : message_.message_id;
    d["from"] = message_.from_address;
    d["at"] = now_;
    d["inbox_file"] = inbox_file();
    d["answered"] = answered;
    if (!told_at_.empty()) d["told_at"] = told_at_;
    d["subject"] = message_.subject;
    d["forward"] = forward;
    if (player) d["player"] = player->id;
    if (forward) quote_message(d);
    mail::Message m;
    m.from = game_sender(game_.host().mail);
    m.to = mail::parse_mailbox(game_.host().mail.game_master(), "game.yaml mail.gm");
    const std::string body =
        receipts().in_language_of(nullptr).render(Format::text, "gm_notice", d);
    m.subject = body.substr(0, body.find('\n'));
    m.text = body.substr(body.find('\n') + 1);
    m.date = now_;
    m.message_id = notice_message_id(game_, "notice/" + mail_key());
    m.headers.emplace_back("Auto-Submitted", "auto-generated");
    if (player)
      m.headers.emplace_back("Reply-To", mail::format_mailbox({player->name, player->email}));
    if (forward)
      m.attachments.push_back({"original.eml", "application/octet-stream", std::string(raw_), ""});
    mail::queue_message(journal_, mail_ledger_, "notice/" + mail_key(), m);
    entry_.notice = m.message_id;
    return "the game master is told";
  }

  /// What names this handling of the message in the mail it sends: a message accepted after all
  /// is answered again, under ids of its own.
  std::string mail_key() const { return sha_.substr(0, 24) + (setup_.again ? ".accepted" : ""); }

  /// The message's text, quoted for the game master: its first lines.
  void quote_message(Data& d) const {
    constexpr int kQuoted = 40;
    std::string body;
    for (const auto& p : message_.parts) {
      if (!p.attachment && p.content_type == "text/plain") {
        body = p.text;
        break;
      }
    }
    if (body.empty()) {
      for (const auto& p : message_.parts) {
        if (!p.attachment && p.content_type == "text/html") body = mail::html_to_text(p.text);
      }
    }
    // Line by line, each cut before it is copied: a forged message can be one line of megabytes.
    Mustache quoted;
    std::string_view rest = body;
    for (int n = 0; n < kQuoted && !rest.empty(); ++n) {
      const std::size_t end = rest.find('\n');
      std::string_view whole = rest.substr(0, end);
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
      if (whole.ends_with('\r')) whole.remove_suffix(1);
      std::string line(whole.substr(0, kQuotedLineBytes + 1));
      cut_long_line(line);
      Data x;
      x["line"] = mail::replace_invalid_utf8(line);
      quoted.push_back(x);
    }
    d["quoted"] = quoted;
    d["cut"] = !rest.empty();
  }

  std::string_view raw_;
  const IntakeSetup& setup_;
  const Game& game_;
  std::string now_;  ///< RFC 5322
  std::string sha_;
  mail::IncomingMessage message_;
  Journal journal_;
  mail::Ledger mail_ledger_;
  mail::IntakeLedger intake_;
  mail::IntakeEntry entry_;
  std::string inbox_;        ///< where the message is kept when it is
  bool inbox_room_ = false;  ///< mail/inbox/ has room for messages not proven by a token
  bool proven_ = false;      ///< the message carries the token of the player it names
  bool for_the_gm_ = false;  ///< passed on to the game master: left unread in the mailbox
  RoundDir season_;          ///< the round open
  std::string stored_;       ///< the player whose orders this message stored
  /// Where the answer went when not to a registered address (a seat's former holder).
  std::string told_at_;
  /// Too late, but they reached the mailbox before their season's deadline: its timetable.
  std::optional<Timetable> in_time_;
};

/// The game a message is for: the one given, or the one its order names under the root. When
/// none, `problem` says why and `names_a_game` whether the order named one (a misspelt name: the
/// message is worth keeping for the game master; automatic mail and spam are not).
std::optional<fs::path> game_of(std::string_view raw, const IntakeTarget& target,
                                std::string& problem, bool& names_a_game) {
  if (!target.game_dir.empty()) return target.game_dir;
  const mail::IncomingMessage message = mail::parse_message(raw);
  if (message.automatic) {
    problem = "automatic mail (" + *message.automatic + "): no answer";
    return std::nullopt;
  }
  // Only its `game:` is read here: the game's other header keys are not known before its game
  // is, so an order whose lines were joined reaches its game, which tells the player so.
  const std::string name = named_game(mail::find_order(message, {}).text);
  names_a_game = !name.empty();
  if (name.empty()) {
    problem = "no game named in the message (from " + message.from_address + "): no answer";
    return std::nullopt;
  }
  if (game_name_problem(name)) {
    problem = "\"" + name + "\" names no game (from " + message.from_address + "): no answer";
    return std::nullopt;
  }
  fs::path dir = target.root / name;
  if (!fs::is_regular_file(dir / "game.yaml")) {
    // Players write game names as they like them: `game: S1` is the game s1.
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(target.root, ec)) {
      const std::string candidate = entry.path().filename().string();
      if (ascii_lower(candidate) == ascii_lower(name) && !entry.is_symlink(ec) &&
          fs::is_regular_file(entry.path() / "game.yaml", ec)) {
        dir = entry.path();
        break;
      }
    }
  }
  if (!fs::is_regular_file(dir / "game.yaml")) {
    problem = "no game \"" + name + "\" under " + target.root.string() + " (from " +
              message.from_address + "): no answer";
    return std::nullopt;
  }
  return dir;
}

/// Under a root, a message that reaches no game is kept in ROOT/.unrouted/ (named by its SHA-256,
/// so a message received twice is kept once) for the game master to read: a player who misspelt
/// the game's name is not answered, but the orders are not lost. At most kMaxUnrouted are kept,
/// so that mail to made-up games cannot fill the disk. Returns what to add to the summary.
std::string keep_unrouted(std::string_view raw, const fs::path& root, bool names_a_game) {
  if (root.empty() || !names_a_game) return {};  // automatic mail, spam: no orders to keep
  const UnroutedMail kept = unrouted_mail(root);
  const fs::path file = kept.dir / (sha256_hex(raw).substr(0, 32) + ".eml");
  std::error_code ec;
  if (fs::is_regular_file(fs::symlink_status(file, ec))) return "; kept before as " + file.string();
  if (fs::exists(fs::symlink_status(file, ec)))
    return "; NOT KEPT: something that is no message is in its place, " + file.string();
  const std::uintmax_t bytes = kept.bytes + raw.size();
  if (kept.messages >= kMaxUnrouted || bytes > kMaxUnroutedBytes) {
    return "; NOT KEPT: " + kept.dir.string() + " is full (" + std::to_string(kept.messages) +
           " messages, " + std::to_string(bytes >> 20) + " MiB): read and remove them";
  }
  // Orders with tokens: the game master's alone, from the moment the folder exists.
  if (::mkdir(kept.dir.c_str(), 0700) != 0 && errno != EEXIST)
    throw std::system_error(errno, std::generic_category(), "cannot create " + kept.dir.string());
  // A link planted in its place would carry the message out of the root.
  struct stat st {};
  if (::lstat(kept.dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    throw InputError(
        kept.dir.string(),
        "is not a plain directory (a symbolic link?); the program keeps mail to "
        "unknown games there and writes nowhere else: remove it, and it is made again");
  }
  write_atomic(file, raw);
  return "; kept as " + file.string();
}

}  // namespace

std::vector<KeptMessage> unstored_orders(const fs::path& root) {
  const mail::IntakeLedger ledger = mail::IntakeLedger::load(root);
  std::vector<KeptMessage> out;
  for (const auto& e : ledger.entries()) {
    if (e.sha256.size() < 24) continue;
    const std::string id = e.sha256.substr(0, 12);
    const auto same = [&](const KeptMessage& k) { return k.id == id; };
    if (e.outcome == "accepted") {
      std::erase_if(out, same);  // accepted after all
      continue;
    }
    const fs::path file = root / "mail/inbox" / (e.sha256.substr(0, 24) + ".eml");
    if (!unstored_orders_outcome(e.outcome) || !fs::exists(file) ||
        std::any_of(out.begin(), out.end(), same))
      continue;
    out.push_back({id, e.player, e.season, e.outcome, e.at, file});
  }
  return out;
}

KeptMessage kept_message(const Game& game, const std::string& id) {
  const std::string lowered = ascii_lower(id);
  const std::string program(game.program());
  if (lowered.size() < 8 || lowered.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw UsageError("\"" + id + "\" is no message id: give the 12 hex digits the notice or `" +
                     program + " status` shows");
  const mail::IntakeLedger ledger = mail::IntakeLedger::load(game.root());
  std::vector<const mail::IntakeEntry*> found;
  for (const auto& e : ledger.entries()) {
    if (e.sha256.starts_with(lowered) &&
        std::none_of(found.begin(), found.end(),
                     [&](const mail::IntakeEntry* f) { return f->sha256 == e.sha256; }))
      found.push_back(&e);
  }
  if (found.empty())
    throw InputError((game.root() / mail::IntakeLedger::relative_path()).string(),
                     "no message " + id + " was received by this game");
  if (found.size() > 1)
    throw UsageError("\"" + id + "\" names more than one message: give more of its digits");
  const mail::IntakeEntry& e = *found.front();
  const fs::path ledger_file = game.root() / mail::IntakeLedger::relative_path();
  // Only orders kept because they could not count then may count now; handled again, any other
  // message would only be refused again and its sender told so again.
  if (!unstored_orders_outcome(e.outcome)) {
    throw InputError(ledger_file.string(),
                     "message " + id +
                         " was not kept as orders that came too late or for a season "
                         "not open (its outcome: " +
                         e.outcome + "); `" + program + " accept` takes only those that `" +
                         program + " status` lists");
  }
  for (const auto& later : ledger.entries()) {
    if (later.sha256 == e.sha256 && later.outcome == "accepted")
      throw InputError(ledger_file.string(),
                       "message " + id + " was accepted already (" + later.at + ")");
  }
  const fs::path file = game.root() / "mail/inbox" / (e.sha256.substr(0, 24) + ".eml");
  if (!fs::is_regular_file(file))
    throw InputError(file.string(), "message " + id + " was not kept, so it cannot be read again");
  if (const std::string open = current_round(game).name; !e.season.empty() && e.season != open) {
    throw InputError(
        file.string(),
        "message " + id + " holds orders for " + printable(e.season) + ", and the season open is " +
            open + ": accept it once " + printable(e.season) + " is open" +
            (e.outcome == "too_late" ? " (`" + program + " rollback` reopens it)" : std::string()));
  }
  return {e.sha256.substr(0, 12), e.player, e.season, e.outcome, e.at, file};
}

void queue_submit_receipt(Journal& journal, const Game& game, const PlayerInfo& player,
                          const std::string& text, const CheckedOrder& checked,
                          const IntakeSetup& setup) {
  const RoundDir season = current_round(game);
  const ReceiptContext receipts{game, season, setup};
  Data d = receipts.base();
  d["player"] = player.id;
  d["accepted"] = true;
  d["by_game_master"] = true;
  d["replaced"] = fs::exists(season.orders_file(player.id));
  const std::string receipt = sha256_hex(text);
  d["receipt"] = receipt;
  ReceiptContext::add_order(d, checked, text, {}, true, false);
  receipts.add_waiting(d, player.id, &player);
  const std::string key = "submitted/" + season.path.filename().string() + "/" + player.id + "/" +
                          receipt.substr(0, 16) + "/" +
                          std::to_string(setup.now.time_since_epoch().count());
  mail::Ledger ledger = mail::Ledger::load(game.root());
  mail::queue_message(journal, ledger, key,
                      receipts.message(player, d, notice_message_id(game, key)));
}

UnroutedMail unrouted_mail(const fs::path& root) { return kept_mail(root / ".unrouted"); }

UnroutedMail kept_mail(const fs::path& dir) {
  UnroutedMail out{dir};
  std::error_code ec;
  for (fs::directory_iterator it(out.dir, ec), end; !ec && it != end; it.increment(ec)) {
    ++out.messages;
    out.bytes += it->is_regular_file(ec) ? it->file_size(ec) : 0;
  }
  return out;
}

Received receive_message(std::string_view raw, const IntakeTarget& target,
                         const IntakeSetup& setup) {
  std::string problem;
  bool names_a_game = false;
  const auto dir = game_of(raw, target, problem, names_a_game);
  if (!dir) {
    return Received{{}, "no_game", problem + keep_unrouted(raw, target.root, names_a_game), {}};
  }
  const HeldGameRef held = setup.hold(*dir, LockMode::exclusive);
  const Game& game = *held.game;
  Received out = Intake(raw, setup, game).run();
  // Send the answer now, and any a crash left queued before.
  auto mailer = setup.mailer(game);
  const auto sent = mail::flush_queue(game.root(), mailer.get(), game_sender(game.host().mail),
                                      setup.now, mail::Deferred::when_due);
  out.mail_failure = sent.failure;
  out.mail_sent = sent.sent();
  return out;
}

bool token_proves(std::string_view written, std::string_view expected) {
  // Compared in constant time, so the time taken says nothing about how much was right.
  if (written.size() != expected.size() || expected.empty()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < expected.size(); ++i)
    diff |= static_cast<unsigned char>(written[i] ^ expected[i]);
  return diff == 0;
}

}  // namespace pbem
