// tick and deadline: the game runs itself on its schedule (interfaces 6).

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include "app/command.hpp"
#include "app/game_roots.hpp"
#include "app/operations.hpp"
#include "app/season_context.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/timetable.hpp"
#include "pbem/mail/health.hpp"
#include "pbem/mail/intake_ledger.hpp"
#include "pbem/mail/mime.hpp"
#include "pbem/mail/transport.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/host/game_mailer.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/report/model.hpp"
#include "wallenstein/views/report/names.hpp"

namespace wallenstein::app {
namespace fs = std::filesystem;
using report::Data;

namespace {

/// What one tick found and did to one game: the line it prints.
struct TickLine {
  std::string text;
  bool internal_error = false;
};

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

/// Writes a season's timetable and queues the mail that announces the change, in one commit:
/// a crash or a mail server that is down can never leave the change unannounced (the next
/// tick's flush sends what waits). A key already in the ledger is not queued again.
void commit_with_mail(const GameDirectory& game, const SeasonDir& season, const SeasonTimetable& t,
                      const std::vector<std::pair<std::string, mail::Message>>& mail) {
  Journal journal(game.root());
  write_timetable(journal, game, season, t);
  mail::Ledger ledger = mail::Ledger::load(game.root());
  for (const auto& [key, message] : mail) {
    if (ledger.of(key).empty()) mail::queue_message(journal, ledger, key, message);
  }
  journal.commit();
}

/// A message of the schedule (reminder, new deadline, held season), rendered from a template
/// whose first line is the subject.
mail::Message schedule_message(const GameDirectory& game, const Templates& templates,
                               const std::string& name, const Data& data, const mail::Mailbox& to,
                               Instant now) {
  const std::string body = templates.render(Format::text, name, data);
  mail::Message m;
  m.from = game_sender(game);
  m.to = to;
  m.subject = body.substr(0, body.find('\n'));
  m.text = body.substr(std::min(body.size(), body.find('\n') + 1));
  m.date = mail::rfc5322_date(now);
  m.headers.emplace_back("Auto-Submitted", "auto-generated");
  return m;
}

/// The message id of a schedule message: one per ledger key.
std::string schedule_message_id(const GameDirectory& game, const std::string& key) {
  std::string id = key;
  std::replace_if(
      id.begin(), id.end(), [](char c) { return c == '/' || c == ':' || c == '@'; }, '.');
  return "<wallenstein." + game.config().name + "." + id + "@" + game_mail_domain(game) + ">";
}

Data timetable_data(const GameDirectory& game, const SeasonDir& season, const SeasonTimetable& t,
                    Instant now) {
  Data d;
  d["game"] = game.config().name;
  d["season"] = season.name;
  d["deadline"] = describe_instant(t.deadline, t.timezone);
  d["left"] = describe_duration(std::chrono::duration_cast<std::chrono::minutes>(t.deadline - now));
  d["gm"] = game.config().mail.game_master();
  return d;
}

/// Players without an order file in the season, in seat order.
std::vector<std::string> missing_players(const GameDirectory& game, const SeasonDir& season) {
  const auto submitted = game.submitted(season);
  std::vector<std::string> missing;
  for (const auto& p : game.config().players) {
    if (std::find(submitted.begin(), submitted.end(), p.id) == submitted.end())
      missing.push_back(p.id);
  }
  return missing;
}

/// When orders were last stored for the season: as the timetable records it (by the clock of
/// the command that stored them, `--now` in tests), else, for games of older programs, the
/// order files' modification time.
std::optional<Instant> last_submission(const SeasonDir& season,
                                       const std::optional<SeasonTimetable>& timetable) {
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
  SeasonDir season;
  std::optional<SeasonTimetable> timetable;
  std::vector<std::string> missing;
  int counted_missing = 0;  ///< missing players who are not paused (the gate counts these)
};

Situation situation(const GameDirectory& game) {
  Situation s;
  s.season = game.current();
  s.timetable = read_timetable(s.season);
  s.missing = missing_players(game, s.season);
  for (const auto& id : s.missing) s.counted_missing += game.config().player(id)->paused ? 0 : 1;
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
mail::DispatchResult send_reminders(const GameDirectory& game, const Situation& s,
                                    std::chrono::minutes before, Instant now,
                                    const Templates& templates, mail::Mailer* mailer) {
  const std::string season_dir = s.season.path.filename().string();
  const Schedule& schedule = *game.config().schedule;
  const mail::IntakeLedger intake = mail::IntakeLedger::load(game.root());
  std::vector<mail::Outgoing> out;
  for (const auto& id : s.missing) {
    const PlayerInfo& p = *game.config().player(id);
    if (p.paused) continue;
    Data d = timetable_data(game, s.season, *s.timetable, now);
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
      d["last_at"] = last->at;
      d["last_" + last->outcome] = true;
      d["last_season"] = last->season;
    }
    d["name"] = p.name;
    d["id"] = p.id;
    d["nmr"] = std::string(nmr_policy_name(schedule.nmr));
    d["nmr_bot"] = schedule.nmr == NmrPolicy::bot;
    d["nmr_hold"] = schedule.nmr == NmrPolicy::hold;
    d["has_bids"] = game.config().edition != 1;  // rules 12: the 1st edition has no bids
    d["draft_season"] = s.season.index == 0;     // rules 2.2: the draft's list
    kainjow::mustache::list waiting;
    for (const auto& other : s.missing) {
      if (other == id) continue;
      Data x;
      x["name"] = game.config().player(other)->name;
      waiting.push_back(x);
    }
    report::Names::mark_last(waiting);
    d["others_missing"] = !waiting.empty();
    d["others"] = waiting;
    const std::string key =
        season_dir + "/" + reminder_name(before, s.timetable->deadline) + "/" + id;
    mail::Message m =
        schedule_message(game, templates, "reminder", d, mail::Mailbox{p.name, p.email}, now);
    m.message_id = schedule_message_id(game, key);
    out.push_back({key, id, std::move(m), ""});
  }
  return mail::dispatch(game.root(), std::move(out), mailer, {false, false, false, now, true});
}

/// The mail that tells every player a season's new deadline, one per player and deadline.
std::vector<std::pair<std::string, mail::Message>> deadline_mail(
    const GameDirectory& game, const SeasonDir& season, const SeasonTimetable& t, Instant now,
    const std::string& why, const Templates& templates) {
  const std::string season_dir = season.path.filename().string();
  std::vector<std::pair<std::string, mail::Message>> out;
  for (const auto& p : game.config().players) {
    Data d = timetable_data(game, season, t, now);
    d["name"] = p.name;
    d["why"] = why;
    // The time of the change is in the key: a deadline moved back to an earlier value is a new
    // notice, not one the ledger has already sent.
    const std::string key =
        season_dir + "/deadline-" + stamp(t.deadline) + "-at-" + stamp(now) + "/" + p.id;
    mail::Message m =
        schedule_message(game, templates, "deadline_moved", d, mail::Mailbox{p.name, p.email}, now);
    m.message_id = schedule_message_id(game, key);
    out.emplace_back(key, std::move(m));
  }
  return out;
}

struct TickContext {
  const Invocation& in;
  Instant now;
  RulesetCache& rules;
  std::ostream& notes;  ///< the verbose account (resolve's lines, mail summaries): stderr
};

/// What the fetch before a game's tick found: nothing to say when the game has no IMAP, else
/// its summary or its failure (which never stops the rest of the tick).
struct Intake {
  bool polled = false;
  std::string summary;
  std::string error;
};

std::string left_text(const SeasonTimetable& t, Instant now) {
  if (now >= t.deadline)
    return "deadline passed " +
           describe_duration(std::chrono::duration_cast<std::chrono::minutes>(now - t.deadline)) +
           " ago";
  return describe_duration(std::chrono::duration_cast<std::chrono::minutes>(t.deadline - now)) +
         " left";
}

std::string waiting_text(const GameConfig& config, const Situation& s) {
  if (s.missing.empty()) return "every order is in";
  std::string out = "waiting for " + config.names(s.missing);
  if (s.counted_missing < static_cast<int>(s.missing.size()))
    out += " (paused seats play the NMR policy)";
  return out;
}

/// The game's line while nothing is due: who is missing and the time left, or when an early
/// run comes.
std::string status_text(const GameDirectory& game, const Situation& s,
                        const std::optional<Instant>& last, const Instant now) {
  const Schedule& schedule = *game.config().schedule;
  const SeasonTimetable& t = *s.timetable;
  std::string out = s.season.name + ": " + waiting_text(game.config(), s);
  if (schedule.early && s.counted_missing == 0) {
    if (last && now < *last + schedule.hold_back) {
      out += "; resolves early from " + describe_instant(*last + schedule.hold_back, t.timezone);
    }
  }
  return out + "; due " + describe_instant(t.deadline, t.timezone) + " (" + left_text(t, now) + ")";
}

/// Everything one tick of one game works with, under the game's lock.
struct HeldTick {
  const GameDirectory& game;
  const TickContext& c;
  const Schedule& schedule;
  const Ruleset& rules;
  std::optional<std::string> smtp;
  std::unique_ptr<mail::Mailer> mailer;
  Templates templates;
  Account account;
  Intake intake;

  /// Tells the game master: a notice queued (once per key) and sent with the rest.
  void notify_gm(const std::string& key, const std::string& name, Data d,
                 const std::optional<mail::MailHealth>& health = std::nullopt) {
    d["game"] = game.config().name;
    d["dir"] = game.root().string();
    d["now"] = mail::rfc5322_date(c.now);
    mail::Message m = schedule_message(
        game, templates, name, d,
        mail::parse_mailbox(game.config().mail.game_master(), "game.yaml mail.gm"), c.now);
    m.message_id = schedule_message_id(game, key);
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
    d["mailbox"] = game.config().mail.imap ? mail::redact_url(game.config().mail.imap->url) : "";
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
  void mail_season_if_due(const SeasonDir& season) {
    if (!account.mail_up() || season_mailed(game, season, true, c.now)) return;
    const MailRun run = mail_season(
        game, rules, season, MailRequest{false, false, false, {}, smtp, c.now, true, mailer.get()},
        resources(c.in));
    const int sent = account.take(run.result);
    // A run that only tried deferred mail again says so among the deferred, not as "mailed".
    if (run.result.failure.empty() && sent > 0)
      account.add("mailed " + season.name + " (" + std::to_string(sent) +
                  (sent == 1 ? " message)" : " messages)"));
  }

  /// Sends what waits in the queue: receipts of the intake, schedule notices a failure held back.
  void flush() {
    if (!account.mail_up()) return;
    if (const int sent = account.take(mail::flush_queue(
            game.root(), mailer.get(), game_sender(game), c.now, mail::Deferred::when_due));
        sent > 0) {
      account.add(std::to_string(sent) +
                  (sent == 1 ? " queued message sent" : " queued messages sent"));
    }
  }

  /// The gate: too many seats empty for a fair season; a person decides. Held once per deadline.
  std::string hold(Situation& s) {
    SeasonTimetable& t = *s.timetable;
    t.held = true;
    Data d = timetable_data(game, s.season, t, c.now);
    d["missing"] = game.config().names(s.missing);
    d["count"] = std::to_string(s.counted_missing);
    d["max_missing"] = std::to_string(schedule.max_missing);
    d["nmr"] = std::string(nmr_policy_name(schedule.nmr));
    d["dir"] = game.root().string();
    const std::string key =
        s.season.path.filename().string() + "/held-" + stamp(t.deadline) + "/gm";
    mail::Message m = schedule_message(
        game, templates, "gm_held", d,
        mail::parse_mailbox(game.config().mail.game_master(), "game.yaml mail.gm"), c.now);
    m.message_id = schedule_message_id(game, key);
    commit_with_mail(game, s.season, t, {{key, std::move(m)}});
    flush();
    return s.season.name + ": held: " + std::to_string(s.counted_missing) +
           " orders missing at the deadline (max_missing " + std::to_string(schedule.max_missing) +
           "); the game master is told";
  }

  /// nmr: hold: the deadline moves once by the grace, and every player is told.
  std::string extend(Situation& s) {
    SeasonTimetable& t = *s.timetable;
    t.extended = true;
    t.deadline = t.deadline + schedule.grace;
    t.moved = c.now;
    commit_with_mail(
        game, s.season, t,
        deadline_mail(game, s.season, t, c.now,
                      "orders are missing from " + game.config().names(s.missing), templates));
    flush();
    return s.season.name + ": deadline extended by " + describe_duration(schedule.grace) + " to " +
           describe_instant(t.deadline, t.timezone) + " (" + waiting_text(game.config(), s) + ")";
  }

  /// Resolves the season with the NMR policy for the missing, then mails its reports.
  std::string resolve(Situation& s, bool early) {
    const std::string nmr = schedule.nmr == NmrPolicy::bot ? kNmrBot : kNmrPass;
    SeasonInputs inputs = load_season_inputs(game, s.season, rules);
    fill_nmr(inputs, nmr, rules);
    const SeasonTimetable next = open_timetable(schedule, c.now);
    std::ostringstream said;  // resolve's own lines: the tick prints one line per game instead
    const ResolveDone done =
        resolve_current(game, rules, inputs, nmr, false, next, resources(c.in), said);
    std::string head = "resolved " + done.season + (early ? " early" : " at the deadline");
    if (!inputs.missing.empty())
      head += " (NMR " + nmr + ": " + game.config().names(inputs.missing) + ")";
    head += done.finished ? "; the game is over"
                          : "; " + done.next_season + " due " +
                                describe_instant(next.deadline, next.timezone);
    const auto after = game.seasons();
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
    const auto seasons = game.seasons();
    const bool over = s.season.index > rules.season_count();
    if (!over && !s.timetable) {
      s.timetable = open_timetable(schedule, c.now);
      write_timetable(game, s.season, *s.timetable);
      account.add("deadline set");
    }
    mail_season_if_due(seasons.size() >= 2 ? seasons[seasons.size() - 2] : seasons.back());
    if (over) return "game over";
    SeasonTimetable& t = *s.timetable;
    const auto last = last_submission(s.season, s.timetable);
    const TickDecision next = decide_tick(schedule, t, c.now, awaited(s, last));
    if (next.fate == RoundFate::held)
      return s.season.name + ": held for the game master (" + waiting_text(game.config(), s) + ")";
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
        return resolve(s, false);
      case RoundFate::resolve_early:
        return resolve(s, true);
      case RoundFate::held:
      case RoundFate::open:
        break;
    }
    return status_text(game, s, last, c.now);
  }
};

/// One game's tick, under its lock; returns its line.
std::string tick_held(const GameDirectory& game, const TickContext& c, const Intake& intake) {
  const Schedule& schedule = *game.config().schedule;
  std::optional<std::string> smtp =
      c.in.has("smtp") ? std::optional(c.in.get<std::string>("smtp")) : std::nullopt;
  std::unique_ptr<mail::Mailer> mailer;
  try {
    mailer = game_mailer(game, smtp);
  } catch (const InputError& e) {
    // A mail setup that cannot work (a password not set) stops no deadline: the mail waits.
    const std::string why = e.diagnostics().empty() ? e.what() : e.diagnostics().front().message;
    mailer = mail::failing_mailer(why, "SMTP");
  }
  HeldTick tick{game,
                c,
                schedule,
                c.rules.at(game.config(), game.root() / "game.yaml"),
                std::move(smtp),
                std::move(mailer),
                Templates::load(c.in.templates_dir()),
                {},
                intake};
  return tick.run();
}

/// One game's tick: fetch first (it takes the lock per message), then everything else under
/// the game's lock. Errors become the game's line; the other games go on.
TickLine tick_game(const fs::path& dir, const TickContext& c) {
  const std::string name = dir.filename().string();
  try {
    Intake intake;
    {
      // Under the lock: an interrupted write is finished before the game is looked at. It is
      // let go before the fetch, which takes it for each message.
      const HeldGame peek =
          wallenstein::hold_game(dir, LockMode::shared, c.in.wait(), "tick", c.notes);
      if (!peek.game.config().schedule)
        return {name + ": no schedule in game.yaml; tick leaves it to its game master", false};
      intake.polled = peek.game.config().mail.imap.has_value();
    }
    if (intake.polled) {
      // A mailbox that cannot be read stops nothing else: deadlines, reminders, the resolve and
      // the mail to players go on, and the game master is told (once) by `record_intake`.
      try {
        intake.summary = fetch_orders(c.in, dir) + "; ";
      } catch (const TransportError& e) {
        intake.error = e.what();
      } catch (const InputError& e) {
        intake.error = e.diagnostics().empty() ? e.what() : e.diagnostics().front().message;
      }
      if (!intake.error.empty())
        intake.summary = "fetch failed (" + printable(intake.error) + "); ";
    }
    const HeldGame held =
        wallenstein::hold_game(dir, LockMode::exclusive, c.in.wait(), "tick", c.notes);
    return {name + ": " + intake.summary + tick_held(held.game, c, intake), false};
  } catch (const BusyError& e) {
    return {name + ": busy, left for the next tick (" + std::string(e.what()) + ")", false};
  } catch (const InputError& e) {
    c.notes << format_all(e.diagnostics());
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

/// A game needs the full tick when something may be due; the quick look reads no state and no
/// ruleset (most games, most of the time: nothing to do).
bool anything_due(const fs::path& dir, Instant now, std::string& line) {
  try {
    const GameDirectory game = GameDirectory::open(dir);
    const auto& schedule = game.config().schedule;
    if (!schedule) {
      line =
          dir.filename().string() + ": no schedule in game.yaml; tick leaves it to its game master";
      return false;
    }
    const fs::path queue = dir / "mail" / "queue";
    if (game.config().mail.imap || (fs::exists(queue) && !fs::is_empty(queue))) return true;
    if (fs::exists(dir / ".journal")) return true;  // an interrupted write: recovery under the lock
    const Situation s = situation(game);
    if (!s.timetable) return true;
    const SeasonTimetable& t = *s.timetable;
    // The tick's own decision, without the last order's time (no order file is read): when
    // every counted order is in, the full tick weighs the hold-back.
    const TickDecision quick = decide_tick(*schedule, t, now, awaited(s, std::nullopt));
    if (quick.fate != RoundFate::open || quick.reminder) return true;
    const auto seasons = game.seasons();
    if (!season_mailed(game, seasons.size() >= 2 ? seasons[seasons.size() - 2] : seasons.back(),
                       false, now))
      return true;
    // No order files are read here: a game whose orders are all in was due above.
    line = dir.filename().string() + ": " + status_text(game, s, std::nullopt, now);
    return false;
  } catch (const std::exception&) {
    return true;  // the full tick says what is wrong
  }
}

/// Ticks the games in `jobs` child processes (`wallenstein tick DIR... --now T --jobs 1`), the
/// games dealt out in turn; returns their lines in the order of `dirs`. A child ticks its games
/// one after the other in one process: starting a process (libraries, fonts, ruleset,
/// templates) costs about as much CPU as a resolve's map.
std::vector<TickLine> tick_in_children(const std::vector<fs::path>& dirs, const Invocation& in,
                                       Instant now, int jobs) {
  const std::size_t groups = std::min(dirs.size(), static_cast<std::size_t>(jobs));
  const std::string exe = fs::read_symlink("/proc/self/exe").string();
  struct Child {
    pid_t pid = -1;
    FILE* out = nullptr;
    std::vector<std::size_t> games;
  };
  std::vector<Child> children(groups);
  for (std::size_t i = 0; i < dirs.size(); ++i) children[i % groups].games.push_back(i);
  for (Child& child : children) {
    std::vector<std::string> args = {exe, "tick"};
    for (std::size_t i : child.games) args.push_back(dirs[i].string());
    args.insert(args.end(), {"--now", format_instant(now, "UTC"), "--jobs", "1"});
    if (in.has("smtp")) args.insert(args.end(), {"--smtp", in.get<std::string>("smtp")});
    if (in.has("templates"))
      args.insert(args.end(), {"--templates", in.get<std::string>("templates")});
    if (in.has("data")) args.insert(args.end(), {"--data", in.get<std::string>("data")});
    args.insert(args.end(),
                {"--wait", std::to_string(static_cast<double>(in.wait().count()) / 1000.0)});
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
    child.pid = fork();
    if (child.pid < 0) throw std::runtime_error("fork failed");
    if (child.pid == 0) {
      dup2(fds[1], STDOUT_FILENO);
      close(fds[0]);
      close(fds[1]);
      std::vector<char*> argv;
      argv.reserve(args.size() + 1);
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(exe.c_str(), argv.data());
      _exit(4);
    }
    close(fds[1]);
    child.out = fdopen(fds[0], "r");
  }
  std::vector<TickLine> lines(dirs.size());
  for (Child& child : children) {
    // One line per game, in the order given; a child that died leaves the rest unsaid.
    std::string text;
    char buffer[4096];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, child.out))
      text.append(buffer, n);
    std::fclose(child.out);
    int status = 0;
    waitpid(child.pid, &status, 0);
    std::istringstream said(text);
    for (std::size_t i : child.games) {
      std::string line;
      if (std::getline(said, line)) {
        lines[i] = {line, line.find(": internal error: ") != std::string::npos};
      } else {
        lines[i] = {dirs[i].filename().string() +
                        ": internal error: the tick process died (status " +
                        std::to_string(status) + ")",
                    true};
      }
    }
  }
  return lines;
}

}  // namespace

Exit run_tick(const Invocation& in) {
  const std::vector<fs::path> dirs = game_dirs(in);
  const Instant now = clock_now(in);
  RulesetCache rules(in.data_dir());
  const TickContext context{in, now, rules, in.err};
  const int jobs = in.get<int>("jobs") > 0
                       ? in.get<int>("jobs")
                       : std::max(1, static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)));
  std::vector<TickLine> lines(dirs.size());
  std::vector<fs::path> busy;
  std::vector<std::size_t> busy_at;
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    std::string line;
    if (!anything_due(dirs[i], now, line)) {
      lines[i] = {line, false};
    } else if (jobs > 1 && dirs.size() > 1) {
      busy.push_back(dirs[i]);
      busy_at.push_back(i);
    } else {
      lines[i] = tick_game(dirs[i], context);
    }
  }
  if (!busy.empty()) {
    // The children are the parallelism: the map's colour quantizer must not start a thread per
    // core in each of them as well.
    setenv("OMP_NUM_THREADS", "1", 1);
    const auto done = tick_in_children(busy, in, now, jobs);
    for (std::size_t k = 0; k < busy.size(); ++k) lines[busy_at[k]] = done[k];
  }
  bool internal = false;
  for (const auto& l : lines) {
    in.out << l.text << "\n";
    internal = internal || l.internal_error;
  }
  return internal ? Exit::internal : Exit::ok;
}

namespace {

Exit send_deadline_notices(const Invocation& in, const GameDirectory& game, Instant now,
                           const std::vector<std::string>& keys);

}  // namespace

Exit run_deadline(const Invocation& in) {
  if (in.has("set") == in.has("extend"))
    throw UsageError("give either --set TIME or --extend DURATION");
  const HeldGame held = hold_game(in, LockMode::exclusive);
  const GameDirectory& game = held.game;
  const Ruleset rules = game_rules(in, game);
  const SeasonDir season = game.current();
  if (game.load_state(season, rules).finished)
    throw InputError(season.path.string(), "the game is over; there is no deadline to move");
  const Instant now = clock_now(in);
  const std::string zone =
      game.config().schedule ? game.config().schedule->timezone : std::string("UTC");
  const auto before = read_timetable(season);
  SeasonTimetable t = before.value_or(SeasonTimetable{now, now, zone, false, false, {}, {}});
  std::string how;  // what the output says of the new deadline
  if (in.has("set")) {
    const std::string text = in.get<std::string>("set");
    const auto when = parse_time_in(text, t.timezone);
    if (!when || utc_year(*when) > 2999) {
      throw UsageError("--set \"" + printable(text) +
                       "\" is not a time like \"2026-11-29 20:00\" (in " + t.timezone +
                       ") or 2026-11-29T20:00:00+01:00");
    }
    t.deadline = *when;
  } else {
    const std::string text = in.get<std::string>("extend");
    const auto by = parse_duration(text);
    if (!by || by->count() == 0)
      throw UsageError("--extend \"" + printable(text) +
                       "\" is not a duration like 24h, 2d or 1d12h");
    // Later than the deadline by this much; a deadline already past is moved this much from
    // now (the players could not send orders into the past).
    const bool passed = before && before->deadline < now;
    how = passed ? ", " + describe_duration(std::chrono::duration_cast<std::chrono::minutes>(*by)) +
                       " from now, as the deadline " +
                       describe_instant(before->deadline, t.timezone) + " had passed"
                 : ", " + describe_duration(std::chrono::duration_cast<std::chrono::minutes>(*by)) +
                       " later than it was";
    t.deadline = std::max(t.deadline, now) + *by;
  }
  if (t.deadline <= now)
    throw UsageError("the new deadline " + describe_instant(t.deadline, t.timezone) +
                     " is not in the future");
  if (before && before->deadline == t.deadline && !before->held) {
    in.out << "The deadline of " << season.name << " is already "
           << describe_instant(t.deadline, t.timezone) << "; nothing changed, nobody is told.\n";
    return Exit::ok;
  }
  t.held = false;  // the game master decided: tick runs the season again
  t.moved = now;
  auto notices = deadline_mail(game, season, t, now, "the game master moved it",
                               Templates::load(in.templates_dir()));
  std::vector<std::string> keys;
  keys.reserve(notices.size());
  for (const auto& [key, message] : notices) keys.push_back(key);
  commit_with_mail(game, season, t, notices);
  in.out << "Deadline of " << season.name << " moved to "
         << describe_instant(t.deadline, t.timezone) << " ("
         << format_instant(t.deadline, t.timezone) << how << ").\n";
  return send_deadline_notices(in, game, now, keys);
}

namespace {

/// Sends the notices of a moved deadline (`keys`) with what else waits in the queue, and says who
/// was told.
Exit send_deadline_notices(const Invocation& in, const GameDirectory& game, Instant now,
                           const std::vector<std::string>& keys) {
  const auto mailer =
      game_mailer(game, in.has("smtp") ? std::optional(in.get<std::string>("smtp")) : std::nullopt);
  const auto sent = mail::flush_queue(game.root(), mailer.get(), game_sender(game), now,
                                      mail::Deferred::when_due);
  if (!sent.failure.empty()) {
    in.out << "The players' mail waits in the queue; the next `wallenstein tick` sends it (do not "
              "move the deadline again).\n";
    in.err << "wallenstein: " << sent.failure << "\n";
    return Exit::transport;
  }
  std::string not_yet;  // a notice deferred ("try later") or refused by the server: not told yet
  for (const auto& m : sent.messages) {
    // flush_queue names each message by its ledger key
    if (std::find(keys.begin(), keys.end(), m.player) == keys.end()) continue;
    if (m.what == mail::Dispatched::What::deferred || m.what == mail::Dispatched::What::refused)
      not_yet += (not_yet.empty() ? "" : ", ") + printable(m.to.address);
  }
  if (not_yet.empty()) {
    in.out << "Every player is told (" << mailer->describe() << ").\n";
  } else {
    in.out << "The players are told (" << mailer->describe() << "), except " << not_yet
           << ": the server did not take their mail yet (`wallenstein status` shows why; `tick` "
              "tries again).\n";
  }
  return Exit::ok;
}

}  // namespace

}  // namespace wallenstein::app
