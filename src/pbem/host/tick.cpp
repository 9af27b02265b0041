#include "pbem/host/tick.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/host/timetable.hpp"
#include "pbem/mail/health.hpp"
#include "pbem/mail/intake_ledger.hpp"
#include "pbem/mail/ledger.hpp"
#include "pbem/mail/mime.hpp"

namespace pbem {
namespace fs = std::filesystem;

namespace {

/// What one tick did to a game, for its line. Mail trouble is counted, not thrown, so that the
/// line still says what was resolved; whatever did not go out waits for the next tick.
struct Account {
  std::vector<std::string> did;
  std::vector<std::string> refused;            ///< "green <g@example.org> (550 ...)"
  std::vector<std::string> deferred;           ///< "green <g@example.org> (451 ..., since ...)"
  std::vector<mail::Dispatched> waited_a_day;  ///< deferred a day now: the game master is told
  std::string failure;                         ///< the connection failure that stopped the mail
  std::string failure_since;  ///< since when outgoing mail fails (RFC 5322), when it does

  void add(const std::string& what) {
    if (std::find(did.begin(), did.end(), what) == did.end()) did.push_back(what);
  }
  /// Takes a dispatch's outcome; returns how many went out.
  int take(const mail::DispatchResult& result) {
    using What = mail::Dispatched::What;
    for (const auto& m : result.messages) {
      if (m.what == What::refused)
        refused.push_back(m.player + " <" + m.to.address + "> (" + printable(m.answer) + ")");
      if (m.what == What::deferred || m.what == What::waiting) {
        const std::string line = m.player + " <" + m.to.address + "> (" + printable(m.answer) +
                                 ", since " + m.deferred_since + ", next try " + m.next_attempt +
                                 ")";
        if (std::find(deferred.begin(), deferred.end(), line) == deferred.end())
          deferred.push_back(line);
      }
      if (m.waited_a_day) waited_a_day.push_back(m);
    }
    if (failure.empty()) failure = result.failure;
    return result.sent();
  }
  bool mail_up() const { return failure.empty(); }
  /// The line: what the tick found, what it did, and what went wrong with the mail.
  std::string line(const std::string& head) const {
    std::string out = head;
    for (const auto& d : did) out += "; " + d;
    if (!refused.empty()) {
      out += "; " + std::to_string(refused.size()) +
             (refused.size() == 1 ? " message" : " messages") + " refused: ";
      for (std::size_t i = 0; i < refused.size(); ++i) out += (i ? ", " : "") + refused[i];
    }
    if (!deferred.empty()) {
      out += "; " + std::to_string(deferred.size()) +
             (deferred.size() == 1 ? " message" : " messages") + " deferred: ";
      for (std::size_t i = 0; i < deferred.size(); ++i) out += (i ? ", " : "") + deferred[i];
    }
    if (!failure.empty()) {
      out += "; mail failed (" + printable(failure) + ")" +
             (failure_since.empty() ? "" : " since " + failure_since) + ", the next tick sends it";
    }
    return out;
  }
};

/// A message of the schedule (reminder, new deadline, held season), rendered from a template
/// whose first line is the subject.
mail::Message schedule_message(const Game& game, const Templates& templates,
                               const std::string& name, const Data& data, const mail::Mailbox& to,
                               Instant now) {
  const std::string body = templates.render(Format::text, name, data);
  mail::Message m;
  m.from = game_sender(game.host().mail);
  m.to = to;
  m.subject = body.substr(0, body.find('\n'));
  m.text = body.substr(std::min(body.size(), body.find('\n') + 1));
  m.date = mail::rfc5322_date(now);
  m.headers.emplace_back("Auto-Submitted", "auto-generated");
  return m;
}

/// The values of every schedule message, worded in the language of `templates` (its reader's).
Data timetable_data(const Game& game, const RoundDir& season, const Timetable& t, Instant now,
                    const Templates& templates) {
  Data d;
  d["game"] = game.host().name;
  d["season"] = season.name;
  d["deadline"] = describe_instant(t.deadline, t.timezone, templates.words());
  d["left"] = describe_duration(std::chrono::duration_cast<std::chrono::minutes>(t.deadline - now),
                                templates.words());
  d["gm"] = game.host().mail.game_master();
  game.add_notice_data(season, d);
  return d;
}

/// When orders were last stored for the season: as the timetable records it (by the clock of
/// the command that stored them, `--now` in tests), else, for games of older programs, the
/// order files' modification time.
std::optional<Instant> last_submission(const RoundDir& season,
                                       const std::optional<Timetable>& timetable) {
  if (timetable && timetable->last_order) return timetable->last_order;
  std::optional<Instant> last;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(season.orders_dir(), ec)) {
    if (entry.path().extension() != ".yaml") continue;
    const auto written = std::chrono::file_clock::to_sys(entry.last_write_time());
    const Instant t = std::chrono::time_point_cast<std::chrono::seconds>(written);
    if (!last || t > *last) last = t;
  }
  return last;
}

/// Where one tick of one game stands, read without the ruleset: enough to say "nothing due".
struct Situation {
  RoundDir season;
  std::optional<Timetable> timetable;
  std::vector<std::string> missing;
  int counted_missing = 0;  ///< missing players who are not paused (the gate counts these)
};

Situation situation(const Game& game) {
  Situation s;
  s.season = current_round(game);
  s.timetable = read_timetable(s.season);
  s.missing = game.awaited(s.season);
  for (const auto& id : s.missing) s.counted_missing += game.host().player(id)->paused ? 0 : 1;
  return s;
}

/// Who the season waits for, as the host's tick decision counts them.
Awaited awaited(const Situation& s, std::optional<Instant> last_order) {
  return Awaited{s.missing.size(), static_cast<std::size_t>(s.counted_missing), last_order};
}

/// A deadline in a ledger key: a moved deadline gets its own reminders and announcement.
std::string stamp(Instant deadline) { return std::to_string(deadline.time_since_epoch().count()); }

std::string reminder_name(std::chrono::minutes before, Instant deadline) {
  return "reminder-" + std::to_string(before.count()) + "m-" + stamp(deadline);
}

/// Sends one player each the reminder that is due, once (the mail ledger keeps the key).
mail::DispatchResult send_reminders(const Game& game, const Situation& s,
                                    std::chrono::minutes before, Instant now,
                                    const Templates& templates, mail::Mailer* mailer) {
  const std::string season_dir = s.season.path.filename().string();
  const Schedule& schedule = *game.host().schedule;
  const mail::IntakeLedger intake = mail::IntakeLedger::load(game.root());
  std::vector<mail::Outgoing> out;
  for (const auto& id : s.missing) {
    const PlayerInfo& p = *game.host().player(id);
    if (p.paused) continue;
    const Templates theirs = templates.in(game.host().language_of(p));
    Data d = timetable_data(game, s.season, *s.timetable, now, theirs);
    // The player's last message of the season stored nothing: the reminder says why, instead of
    // "have not arrived yet".
    const mail::IntakeEntry* last = nullptr;
    for (const auto& e : intake.entries()) {
      // A message without orders names no season: it counts when it came in this season.
      const auto at = mail::parse_rfc5322_date(e.at);
      // Nor does one for another season (one to come, a misspelt one).
      const bool this_season =
          e.season == s.season.name ||
          ((e.season.empty() || e.outcome == "other_season") && at && *at >= s.timetable->opened);
      if (e.player == id && this_season) last = &e;
    }
    static const std::set<std::string> kRefused = {"rejected",    "bad_token",    "replayed",
                                                   "no_order",    "rate_limited", "too_late",
                                                   "other_season"};
    if (last && kRefused.count(last->outcome)) {
      d["last_refused"] = true;
      const auto at = mail::parse_rfc5322_date(last->at);
      d["last_at"] = at ? describe_instant(*at, s.timetable->timezone, theirs.words()) : last->at;
      d["last_" + last->outcome] = true;
      d["last_season"] = last->season;
    }
    d["name"] = p.name;
    d["id"] = p.id;
    d["nmr"] = std::string(nmr_policy_name(schedule.nmr));
    d["nmr_bot"] = schedule.nmr == NmrPolicy::bot;
    d["nmr_hold"] = schedule.nmr == NmrPolicy::hold;
    kainjow::mustache::list waiting;
    for (const auto& other : s.missing) {
      if (other == id) continue;
      Data x;
      x["name"] = game.host().player(other)->name;
      waiting.push_back(x);
    }
    mark_last(waiting);
    d["others_missing"] = !waiting.empty();
    d["others"] = waiting;
    const std::string key =
        season_dir + "/" + reminder_name(before, s.timetable->deadline) + "/" + id;
    mail::Message m =
        schedule_message(game, theirs, "reminder", d, mail::Mailbox{p.name, p.email}, now);
    m.message_id = notice_message_id(game, key);
    out.push_back({key, id, std::move(m), ""});
  }
  return mail::dispatch(game.root(), std::move(out), mailer, {false, false, false, now, true});
}

}  // namespace

void commit_with_mail(const Game& game, const RoundDir& round, const Timetable& t,
                      const std::vector<std::pair<std::string, mail::Message>>& mail) {
  Journal journal(game.root());
  write_timetable(journal, game, round, t);
  mail::Ledger ledger = mail::Ledger::load(game.root());
  for (const auto& [key, message] : mail) {
    if (ledger.of(key).empty()) mail::queue_message(journal, ledger, key, message);
  }
  journal.commit();
}

/// The mail that tells every player a season's new deadline, one per player and deadline.
std::vector<std::pair<std::string, mail::Message>> deadline_mail(const Game& game,
                                                                 const RoundDir& season,
                                                                 const Timetable& t, Instant now,
                                                                 const DeadlineMoved& why,
                                                                 const Templates& templates) {
  const std::string season_dir = season.path.filename().string();
  std::vector<std::pair<std::string, mail::Message>> out;
  for (const auto& p : game.host().players) {
    const Templates theirs = templates.in(game.host().language_of(p));
    Data d = timetable_data(game, season, t, now, theirs);
    d["name"] = p.name;
    d["by_game_master"] = why.by_game_master;
    if (!why.missing.empty()) d["missing"] = why.missing;
    // The time of the change is in the key: a deadline moved back to an earlier value is a new
    // notice, not one the ledger has already sent.
    const std::string key =
        season_dir + "/deadline-" + stamp(t.deadline) + "-at-" + stamp(now) + "/" + p.id;
    mail::Message m =
        schedule_message(game, theirs, "deadline_moved", d, mail::Mailbox{p.name, p.email}, now);
    m.message_id = notice_message_id(game, key);
    out.emplace_back(key, std::move(m));
  }
  return out;
}

namespace {

std::string left_text(const Timetable& t, Instant now) {
  if (now >= t.deadline)
    return "deadline passed " +
           describe_duration(std::chrono::duration_cast<std::chrono::minutes>(now - t.deadline)) +
           " ago";
  return describe_duration(std::chrono::duration_cast<std::chrono::minutes>(t.deadline - now)) +
         " left";
}

std::string waiting_text(const HostConfig& config, const Situation& s) {
  if (s.missing.empty()) return "every order is in";
  std::string out = "waiting for " + config.names(s.missing);
  if (s.counted_missing < static_cast<int>(s.missing.size()))
    out += " (paused seats play the NMR policy)";
  return out;
}

/// The game's line while nothing is due: who is missing and the time left, or when an early
/// run comes.
std::string status_text(const Game& game, const Situation& s, const std::optional<Instant>& last,
                        const Instant now) {
  const Schedule& schedule = *game.host().schedule;
  const Timetable& t = *s.timetable;
  std::string out = s.season.name + ": " + waiting_text(game.host(), s);
  if (schedule.early && s.counted_missing == 0) {
    if (last && now < *last + schedule.hold_back) {
      out += "; resolves early from " + describe_instant(*last + schedule.hold_back, t.timezone);
    }
  }
  return out + "; due " + describe_instant(t.deadline, t.timezone) + " (" + left_text(t, now) + ")";
}

/// Everything one tick of one game works with, under the game's lock.
struct HeldTick {
  Game& game;
  const TickSettings& c;
  const Schedule& schedule;
  std::unique_ptr<mail::Mailer> mailer;
  const Templates& templates;
  TickIntake intake;
  /// What this tick did; not given by the caller, so that GCC 12 at -O3 does not take the
  /// aggregate's `{}` for strings left uninitialized (-Wmaybe-uninitialized).
  Account account = Account();

  /// Tells the game master: a notice queued (once per key) and sent with the rest.
  void notify_gm(const std::string& key, const std::string& name, Data d,
                 const std::optional<mail::MailHealth>& health = std::nullopt) {
    d["game"] = game.host().name;
    d["dir"] = game.root().string();
    d["now"] = mail::rfc5322_date(c.now);
    mail::Message m = schedule_message(
        game, templates.in(game.host().language), name, d,
        mail::parse_mailbox(game.host().mail.game_master(), "game.yaml mail.gm"), c.now);
    m.message_id = notice_message_id(game, key);
    Journal journal(game.root());
    if (health) journal.write(mail::MailHealth::relative_path(), health->text());
    mail::Ledger ledger = mail::Ledger::load(game.root());
    if (ledger.of(key).empty()) mail::queue_message(journal, ledger, key, m);
    journal.commit();
  }

  /// The mailbox's health after this tick's fetch: the game master hears once when fetching
  /// starts to fail and once when it works again; in between, only `status` and the line say it.
  void record_intake() {
    if (!intake.polled) return;
    mail::MailHealth health = mail::MailHealth::load(game.root());
    const mail::ChannelHealth before = health.intake;
    const mail::HealthChange change =
        mail::record(health.intake, intake.error, mail::rfc5322_date(c.now));
    if (!change.started && !change.ended) {
      if (before.error != health.intake.error) {
        Journal journal(game.root());
        journal.write(mail::MailHealth::relative_path(), health.text());
        journal.commit();
      }
      return;
    }
    Data d;
    d["failing"] = change.started;
    d["since"] = change.started ? health.intake.since : change.ended_since;
    d["error"] = printable(intake.error);
    d["mailbox"] = game.host().mail.imap ? mail::redact_url(game.host().mail.imap->url) : "";
    notify_gm(
        "intake/" + std::string(change.started ? "failing-" : "working-") + stamp(c.now) + "/gm",
        "gm_intake", d, health);
    account.add(change.started ? "the game master is told that fetching fails"
                               : "fetching works again; the game master is told");
  }

  /// The outgoing mail's health after this tick: once it works again after failing, the game
  /// master hears from when to when (while it fails, no mail can tell them: the line and
  /// `status` do).
  void record_outgoing() {
    mail::MailHealth health = mail::MailHealth::load(game.root());
    const mail::ChannelHealth before = health.outgoing;
    const mail::HealthChange change =
        mail::record(health.outgoing, account.failure, mail::rfc5322_date(c.now));
    if (change.ended) {
      Data d;
      d["since"] = change.ended_since;
      d["error"] = printable(before.error);
      notify_gm("outgoing/working-" + stamp(c.now) + "/gm", "gm_mail_recovered", d, health);
      flush();
    } else if (change.started || before.error != health.outgoing.error) {
      Journal journal(game.root());
      journal.write(mail::MailHealth::relative_path(), health.text());
      journal.commit();
    }
    if (health.outgoing.failing()) account.failure_since = health.outgoing.since;
    for (const mail::Dispatched& m : account.waited_a_day) {
      Data d;
      d["player"] = m.player;
      d["to"] = m.to.address;
      d["subject"] = m.subject;
      d["answer"] = printable(m.answer);
      d["since"] = m.deferred_since;
      d["next"] = m.next_attempt;
      notify_gm("deferred-a-day/" + m.to.address + "/" + stamp(c.now) + "/gm", "gm_deferred", d);
    }
    if (!account.waited_a_day.empty()) {
      account.waited_a_day.clear();
      flush();
    }
  }

  /// Mails a season's reports unless they all went out (or the mail is down this tick).
  void mail_season_if_due(const RoundDir& season) {
    if (!account.mail_up() || round_mailed(game, season, true, c.now)) return;
    const MailRun run = mail_round(
        game, season, MailRequest{false, false, false, {}, c.smtp, c.now, true, mailer.get()});
    const int sent = account.take(run.result);
    // A run that only tried deferred mail again says so among the deferred, not as "mailed".
    if (run.result.failure.empty() && sent > 0)
      account.add("mailed " + season.name + " (" + std::to_string(sent) +
                  (sent == 1 ? " message)" : " messages)"));
  }

  /// Sends what waits in the queue: receipts of the intake, schedule notices a failure held back.
  void flush() {
    if (!account.mail_up()) return;
    if (const int sent =
            account.take(mail::flush_queue(game.root(), mailer.get(), game_sender(game.host().mail),
                                           c.now, mail::Deferred::when_due));
        sent > 0) {
      account.add(std::to_string(sent) +
                  (sent == 1 ? " queued message sent" : " queued messages sent"));
    }
  }

  /// The gate: too many seats empty for a fair season; a person decides. Held once per deadline.
  std::string hold(Situation& s) {
    Timetable& t = *s.timetable;
    const std::string max_missing = std::to_string(*schedule.max_missing);  // a gate holds
    t.held = true;
    const Templates gm = templates.in(game.host().language);
    Data d = timetable_data(game, s.season, t, c.now, gm);
    d["missing"] = game.host().names(s.missing);
    d["count"] = std::to_string(s.counted_missing);
    d["max_missing"] = max_missing;
    d["nmr"] = std::string(nmr_policy_name(schedule.nmr));
    d["dir"] = game.root().string();
    const std::string key =
        s.season.path.filename().string() + "/held-" + stamp(t.deadline) + "/gm";
    mail::Message m = schedule_message(
        game, gm, "gm_held", d,
        mail::parse_mailbox(game.host().mail.game_master(), "game.yaml mail.gm"), c.now);
    m.message_id = notice_message_id(game, key);
    commit_with_mail(game, s.season, t, {{key, std::move(m)}});
    flush();
    return s.season.name + ": held: " + std::to_string(s.counted_missing) +
           " orders missing at the deadline (max_missing " + max_missing +
           "); the game master is told";
  }

  /// nmr: hold: the deadline moves once by the grace, and every player is told.
  std::string extend(Situation& s) {
    Timetable& t = *s.timetable;
    t.extended = true;
    t.deadline = t.deadline + schedule.grace;
    t.moved = c.now;
    commit_with_mail(game, s.season, t,
                     deadline_mail(game, s.season, t, c.now,
                                   DeadlineMoved{false, game.host().names(s.missing)}, templates));
    flush();
    return s.season.name + ": deadline extended by " + describe_duration(schedule.grace) + " to " +
           describe_instant(t.deadline, t.timezone) + " (" + waiting_text(game.host(), s) + ")";
  }

  /// Resolves the season with the NMR policy for the missing, then mails its reports.
  std::string resolve(bool early) {
    const std::string_view nmr =
        nmr_policy_name(schedule.nmr == NmrPolicy::bot ? NmrPolicy::bot : NmrPolicy::pass);
    const Timetable next = open_timetable(schedule, c.now);
    std::ostringstream said;  // resolve's own lines: the tick prints one line per game instead
    const RoundResolved done = game.resolve(schedule.nmr, next, said);
    std::string head = "resolved " + done.round + (early ? " early" : " at the deadline");
    if (!done.missing.empty())
      head += " (NMR " + std::string(nmr) + ": " + game.host().names(done.missing) + ")";
    head += done.finished
                ? "; the game is over"
                : "; " + done.next_round + " due " + describe_instant(next.deadline, next.timezone);
    const auto after = game.rounds();
    mail_season_if_due(after[after.size() - 2]);
    return head;
  }

  /// The tick: the mailbox's health, then what is due, then the outgoing mail's health; returns
  /// the game's line.
  std::string run() {
    record_intake();
    const std::string head = decide();
    record_outgoing();
    return account.line(head);
  }

  /// Queued mail, the timetable, reports not yet out, reminders, then the season's fate when it
  /// is due (early run, gate, hold, resolve); returns the head of the line.
  std::string decide() {
    flush();
    Situation s = situation(game);
    const auto seasons = game.rounds();
    const bool over = s.season.index > game.round_count();
    if (!over && !s.timetable) {
      s.timetable = open_timetable(schedule, c.now);
      Journal journal(game.root());
      write_timetable(journal, game, s.season, *s.timetable);
      journal.commit();
      account.add("deadline set");
    }
    mail_season_if_due(seasons.size() >= 2 ? seasons[seasons.size() - 2] : seasons.back());
    if (over) return "game over";
    Timetable& t = *s.timetable;
    const auto last = last_submission(s.season, s.timetable);
    const TickDecision next = decide_tick(schedule, t, c.now, awaited(s, last));
    if (next.fate == RoundFate::held)
      return s.season.name + ": held for the game master (" + waiting_text(game.host(), s) + ")";
    if (next.reminder && account.mail_up()) {
      if (const int sent =
              account.take(send_reminders(game, s, *next.reminder, c.now, templates, mailer.get()));
          sent > 0) {
        account.add(std::to_string(sent) + (sent == 1 ? " reminder sent" : " reminders sent"));
      }
    }
    switch (next.fate) {
      case RoundFate::hold_for_gm:
        return hold(s);
      case RoundFate::extend:
        return extend(s);
      case RoundFate::resolve:
        return resolve(false);
      case RoundFate::resolve_early:
        return resolve(true);
      case RoundFate::held:
      case RoundFate::open:
        break;
    }
    return status_text(game, s, last, c.now);
  }
};

}  // namespace

std::string tick_held(Game& game, const TickSettings& settings, const TickIntake& intake) {
  if (!game.host().schedule) return "no schedule in game.yaml; tick leaves it to its game master";
  std::unique_ptr<mail::Mailer> mailer;
  try {
    mailer = game_mailer(game.root(), game.host().mail, settings.smtp);
  } catch (const InputError& e) {
    // A mail setup that cannot work (a password not set) stops no deadline: the mail waits.
    const std::string why = e.diagnostics().empty() ? e.what() : e.diagnostics().front().message;
    mailer = mail::failing_mailer(why, "SMTP");
  }
  HeldTick tick{game,  settings, *game.host().schedule, std::move(mailer), settings.templates,
                intake};
  return tick.run();
}

/// One game's tick: fetch first (it takes the lock per message), then everything else under
/// the game's lock. Errors become the game's line; the other games go on.
TickLine tick_game(const fs::path& dir, const TickPrograms& programs, const TickSettings& settings,
                   std::ostream& notes) {
  const std::string name = dir.filename().string();
  try {
    TickIntake intake;
    {
      // Under the lock: an interrupted write is finished before the game is looked at. It is
      // let go before the fetch, which takes it for each message.
      const HeldGameRef peek = programs.hold(dir, LockMode::shared);
      if (!peek.game->host().schedule)
        return {name + ": no schedule in game.yaml; tick leaves it to its game master", false};
      intake.polled = peek.game->host().mail.imap.has_value();
    }
    if (intake.polled) {
      // A mailbox that cannot be read stops nothing else: deadlines, reminders, the resolve and
      // the mail to players go on, and the game master is told (once) by `record_intake`.
      try {
        intake.summary = programs.fetch(dir) + "; ";
      } catch (const TransportError& e) {
        intake.error = e.what();
      } catch (const InputError& e) {
        intake.error = e.diagnostics().empty() ? e.what() : e.diagnostics().front().message;
      }
      if (!intake.error.empty())
        intake.summary = "fetch failed (" + printable(intake.error) + "); ";
    }
    std::string line;
    {
      const HeldGameRef held = programs.hold(dir, LockMode::exclusive);
      line = name + ": " + intake.summary + tick_held(*held.game, settings, intake);
    }
    if (programs.after) {
      // The tick itself is done and stored: a failure here is said, and the next tick tries again.
      try {
        if (const std::string said = programs.after(dir); !said.empty()) line += "; " + said;
      } catch (const InputError& e) {
        line += "; " + printable(e.diagnostics().empty() ? std::string(e.what())
                                                         : e.diagnostics().front().format());
      } catch (const std::exception& e) {
        line += "; " + printable(e.what());
      }
    }
    return {line, false};
  } catch (const BusyError& e) {
    return {name + ": busy, left for the next tick (" + std::string(e.what()) + ")", false};
  } catch (const InputError& e) {
    notes << format_all(e.diagnostics());
    return {name + ": broken, skipped: " +
                printable(e.diagnostics().empty() ? e.what() : e.diagnostics().front().message),
            false};
  } catch (const UsageError& e) {
    return {name + ": broken, skipped: " + printable(e.what()), false};
  } catch (const TransportError& e) {
    return {name + ": mail failed (" + printable(e.what()) + "); the next tick tries again", false};
  } catch (const std::system_error& e) {
    if (const auto problem = setup_problem(e))
      return {name + ": broken, skipped: " + printable(*problem), false};
    return {name + ": internal error: " + printable(e.what()), true};
  } catch (const std::exception& e) {
    return {name + ": internal error: " + printable(e.what()), true};
  }
}

TickLook quick_look(const Game& game, Instant now) {
  try {
    const auto& schedule = game.host().schedule;
    if (!schedule) return {false, "no schedule in game.yaml; tick leaves it to its game master"};
    const fs::path queue = game.root() / "mail" / "queue";
    if (game.host().mail.imap || (fs::exists(queue) && !fs::is_empty(queue))) return {};
    if (journal_pending(game.root())) return {};  // an interrupted write: recovery under the lock
    const Situation s = situation(game);
    if (!s.timetable) return {};
    // The tick's own decision, without the last order's time (no order file is read): when
    // every counted order is in, the full tick weighs the hold-back.
    const TickDecision quick = decide_tick(*schedule, *s.timetable, now, awaited(s, std::nullopt));
    if (quick.fate != RoundFate::open || quick.reminder) return {};
    const auto rounds = game.rounds();
    if (!round_mailed(game, rounds.size() >= 2 ? rounds[rounds.size() - 2] : rounds.back(), false,
                      now))
      return {};
    return {false, status_text(game, s, std::nullopt, now)};
  } catch (const std::exception&) {
    return {};  // the full tick says what is wrong
  }
}

GameLock lock_game(const fs::path& root, LockMode mode, std::chrono::milliseconds wait,
                   std::string_view program, std::string_view command, std::ostream& notes) {
  // Someone else's directory, or one that is no game, is said so before a lock file is created
  // in it (a game whose committed change was interrupted is one, even while its game.yaml is not
  // in place: the change finishes).
  refuse_other_owner(root, "game directory");
  std::error_code ec;
  if (!fs::is_regular_file(root / "game.yaml", ec) && !journal_pending(root)) {
    if (!fs::is_directory(root, ec))
      throw InputError(root.string(), "not a game directory (no such directory)");
    if (!fs::exists(root / "game.yaml", ec))
      throw InputError(root.string(), "not a game directory: game.yaml is missing");
  }
  GameLock lock =
      GameLock::acquire(root, mode, wait, std::string(program) + " " + std::string(command));
  if (journal_pending(root)) {
    // A run was killed while writing: finish or undo its change before anyone reads the game.
    lock.change(LockMode::exclusive, wait);
    if (recover_journal(root))
      notes << program << ": finished an interrupted change to " << printable(root.string())
            << "\n";
    lock.change(mode, wait);
  }
  return lock;
}

}  // namespace pbem
