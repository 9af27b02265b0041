#include "pbem/mail/dispatch.hpp"

#include <algorithm>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/digest.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"

namespace pbem::mail {
namespace {

/// How one message goes out this time, decided from its earlier entries in the ledger.
struct Plan {
  Dispatched::What what = Dispatched::What::sent;
  std::string message_id;
  std::string references;
  bool send = true;
};

/// `<a.b@host>` with `.suffix` before the `@`.
std::string derived_id(const std::string& first, const std::string& suffix) {
  const auto at = first.rfind('@');
  if (at == std::string::npos) return first;
  return first.substr(0, at) + "." + suffix + first.substr(at);
}

Plan plan(const std::vector<const LedgerEntry*>& earlier, const Outgoing& m,
          const DispatchOptions& options) {
  using What = Dispatched::What;
  if (earlier.empty()) return {Dispatched::What::sent, m.message.message_id, {}, true};
  const LedgerEntry& last = *earlier.back();
  const std::string& first = earlier.front()->message_id;
  const std::string n = std::to_string(earlier.size());
  const bool changed = !last.digest.empty() && !m.digest.empty() && last.digest != m.digest;
  switch (last.state) {
    case Delivery::pending:
    case Delivery::queued:
      // Handed over before, answer unknown: the same message again, which readers drop if it
      // did arrive. If what it reports changed meanwhile, a correction instead.
      if (!changed) return {Dispatched::What::sent, last.message_id, last.references, true};
      return {Dispatched::What::corrected, derived_id(first, "c" + n), first, true};
    case Delivery::deferred:
      if (changed) return {What::corrected, derived_id(first, "c" + n), first, true};
      if (const auto next = next_attempt(last);
          options.honour_backoff && next && options.now < *next)
        return {What::waiting, last.message_id, last.references, false};
      return {What::sent, last.message_id, last.references, true};
    case Delivery::refused:
      if (!options.retry_failed)
        return {Dispatched::What::refused_before, last.message_id, {}, false};
      return {last.references.empty() ? Dispatched::What::sent : Dispatched::What::corrected,
              last.message_id, last.references, true};
    case Delivery::sent:
    case Delivery::superseded:  // a later message carried it: as good as sent
      if (changed) return {Dispatched::What::corrected, derived_id(first, "c" + n), first, true};
      if (options.resend)
        return {Dispatched::What::copied, derived_id(first, "r" + n), first, true};
      return {Dispatched::What::already_sent, last.message_id, {}, false};
  }
  return {};
}

/// What a deferral makes of a message's entry: deferred since its first deferral, one attempt
/// more; whether the game master should now hear that it waited a day.
bool defer(LedgerEntry& entry, const LedgerEntry* before, std::chrono::sys_seconds now) {
  const bool again = before && before->state == Delivery::deferred;
  entry.state = Delivery::deferred;
  entry.deferred_since = again ? before->deferred_since : entry.at;
  entry.attempts = again ? before->attempts + 1 : 1;
  entry.told = again && before->told;
  const auto since = parse_rfc5322_date(entry.deferred_since);
  const bool tell = !entry.told && since && now - *since >= std::chrono::hours(24);
  if (tell) entry.told = true;
  return tell;
}

/// Fills what a deferred or waiting message's line says: since when, and the next attempt.
void describe_deferral(Dispatched& d, const LedgerEntry& entry) {
  d.deferred_since = entry.deferred_since;
  d.answer = entry.answer;
  if (const auto next = next_attempt(entry)) d.next_attempt = rfc5322_date(*next);
}

void save(const std::filesystem::path& root, const Ledger& ledger) {
  Journal journal(root);
  journal.write(Ledger::relative_path(), ledger.text());
  journal.commit();
}

}  // namespace

DispatchResult dispatch(const std::filesystem::path& root, std::vector<Outgoing> messages,
                        Mailer* mailer, const DispatchOptions& options) {
  Ledger ledger = Ledger::load(root);
  DispatchResult result;
  std::vector<Dispatched>& out = result.messages;
  for (Outgoing& m : messages) {
    const auto earlier = ledger.of(m.key);
    const Plan p = plan(earlier, m, options);
    Message& msg = m.message;
    msg.message_id = p.message_id;
    if (p.what == Dispatched::What::corrected)
      msg.subject = m.corrected_subject.empty() ? "Corrected: " + msg.subject : m.corrected_subject;
    if (!p.references.empty() && !options.detached) {
      msg.headers.emplace_back("In-Reply-To", p.references);
      msg.headers.emplace_back("References", p.references);
    }
    Dispatched d{p.what, m.player, msg.to, msg.subject};
    d.key = m.key;
    if (p.what == Dispatched::What::refused_before) {
      d.answer = earlier.back()->answer;
      d.message_refused = earlier.back()->refusal == "message";
    }
    if (p.what == Dispatched::What::waiting) describe_deferral(d, *earlier.back());
    if (!p.send || options.dry_run) {
      if (p.send) {
        d.what = Dispatched::What::would_send;
        d.bytes = render(msg).size();
      }
      out.push_back(std::move(d));
      continue;
    }
    const std::string bytes = render(msg);
    d.bytes = bytes.size();
    const LedgerEntry* before = earlier.empty() ? nullptr : earlier.back();
    const LedgerEntry previous = before ? *before : LedgerEntry{};
    LedgerEntry entry{m.key,
                      msg.message_id,
                      msg.to.address,
                      Delivery::pending,
                      m.digest,
                      msg.subject,
                      p.references,
                      {},
                      mailer->describe(),
                      msg.date};
    ledger.record(entry);
    save(root, ledger);
    SendResult sent;
    try {
      sent = mailer->send(msg, bytes);
    } catch (const TransportError& e) {
      result.failure = e.what();  // The message stays pending: the next run sends it again.
      return result;
    }
    if (sent.outcome == SendResult::Outcome::accepted) {
      entry.state = Delivery::sent;
    } else {
      entry.answer = sent.answer;
      if (sent.outcome == SendResult::Outcome::refused) {
        entry.state = Delivery::refused;
        entry.refusal = sent.message_refused ? "message" : "address";
      } else {
        d.waited_a_day = defer(entry, before ? &previous : nullptr, options.now);
        describe_deferral(d, entry);
      }
      d.what = sent.outcome == SendResult::Outcome::refused ? Dispatched::What::refused
                                                            : Dispatched::What::deferred;
      d.answer = sent.answer;
      d.message_refused = sent.message_refused;
    }
    ledger.record(entry);
    save(root, ledger);
    out.push_back(std::move(d));
  }
  return result;
}

void supersede(const std::filesystem::path& root, const std::vector<std::string>& keys) {
  if (keys.empty()) return;
  Ledger ledger = Ledger::load(root);
  bool changed = false;
  for (const std::string& key : keys) {
    for (const LedgerEntry* e : ledger.of(key)) {
      if (e->state != Delivery::deferred) continue;
      LedgerEntry entry = *e;
      entry.state = Delivery::superseded;
      ledger.record(std::move(entry));  // replaces the entry of its Message-ID, in place
      changed = true;
    }
  }
  if (changed) save(root, ledger);
}

int DispatchResult::sent() const {
  return static_cast<int>(std::count_if(messages.begin(), messages.end(),
                                        [](const Dispatched& m) { return m.went_out(); }));
}

void queue_message(Journal& journal, Ledger& ledger, const std::string& key,
                   const Message& message) {
  const std::string file = sha256_hex(message.message_id).substr(0, 24) + ".eml";
  journal.write(std::filesystem::path("mail/queue") / file, render(message));
  ledger.record(LedgerEntry{key,
                            message.message_id,
                            message.to.address,
                            Delivery::queued,
                            {},
                            message.subject,
                            {},
                            {},
                            {},
                            message.date,
                            file});
  journal.write(Ledger::relative_path(), ledger.text());
}

DispatchResult flush_queue(const std::filesystem::path& root, Mailer* mailer, const Mailbox& from,
                           std::chrono::sys_seconds now, Deferred deferred) {
  Ledger ledger = Ledger::load(root);
  DispatchResult result;
  for (const LedgerEntry& queued : std::vector<LedgerEntry>(ledger.entries())) {
    const bool in_queue = !queued.queue_file.empty() &&
                          (queued.state == Delivery::pending || queued.state == Delivery::deferred);
    if (queued.state != Delivery::queued && !in_queue) continue;
    if (queued.state == Delivery::deferred) {
      if (const auto next = next_attempt(queued);
          deferred == Deferred::when_due && next && now < *next) {
        Dispatched d{Dispatched::What::waiting, queued.key, Mailbox{"", queued.to}, queued.subject};
        d.key = queued.key;
        describe_deferral(d, queued);
        result.messages.push_back(std::move(d));
        continue;
      }
    }
    if (queued.queue_file.find_first_of("/\\") != std::string::npos || queued.queue_file.empty()) {
      throw InputError((root / Ledger::relative_path()).string(),
                       "queue_file \"" + queued.queue_file + "\" is not a file name");
    }
    const std::filesystem::path file = std::filesystem::path("mail/queue") / queued.queue_file;
    const std::string bytes = read_bytes(root / file);
    Message m;
    m.from = from;
    m.to = Mailbox{"", queued.to};
    m.message_id = queued.message_id;
    m.subject = queued.subject;
    LedgerEntry entry = queued;
    entry.state = Delivery::pending;
    entry.via = mailer->describe();
    entry.at = rfc5322_date(now);
    ledger.record(entry);
    save(root, ledger);
    Dispatched d{Dispatched::What::sent, queued.key, m.to, m.subject, {}, bytes.size()};
    d.key = queued.key;
    SendResult sent;
    try {
      sent = mailer->send(m, bytes);
    } catch (const TransportError& e) {
      result.failure = e.what();
      return result;
    }
    if (sent.outcome == SendResult::Outcome::deferred) {
      d.what = Dispatched::What::deferred;
      entry.answer = sent.answer;
      d.waited_a_day = defer(entry, &queued, now);
      describe_deferral(d, entry);
      ledger.record(entry);
      save(root, ledger);
      result.messages.push_back(std::move(d));
      continue;  // stays deferred with its file: a later flush tries again
    }
    entry.state =
        sent.outcome == SendResult::Outcome::accepted ? Delivery::sent : Delivery::refused;
    entry.answer = sent.answer;
    if (entry.state == Delivery::refused) {
      entry.refusal = sent.message_refused ? "message" : "address";
      d.what = Dispatched::What::refused;
      d.answer = sent.answer;
      d.message_refused = sent.message_refused;
    }
    entry.queue_file.clear();
    ledger.record(entry);
    Journal journal(root);
    journal.remove(file);
    journal.write(Ledger::relative_path(), ledger.text());
    journal.commit();
    result.messages.push_back(std::move(d));
  }
  return result;
}

}  // namespace pbem::mail
