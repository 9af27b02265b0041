#include "pbem/host/game_mail.hpp"

#include <algorithm>
#include <cstdlib>

#include "pbem/files/diagnostic.hpp"
#include "pbem/mail/ledger.hpp"

namespace pbem {

std::unique_ptr<mail::Mailer> game_mailer(const std::filesystem::path& root,
                                          const MailSettings& settings,
                                          const std::optional<std::string>& smtp_url) {
  if (!smtp_url && !settings.smtp) return mail::outbox_mailer(root, settings.outbox);
  mail::SmtpOptions options;
  if (settings.smtp && !smtp_url) {
    options.url = settings.smtp->url;
    options.starttls = settings.smtp->starttls;
    options.user = settings.smtp->user;
    if (!settings.smtp->password_env.empty()) {
      const char* password = std::getenv(settings.smtp->password_env.c_str());
      if (!password) {
        throw InputError((root / "game.yaml").string(), "the SMTP password is read from $" +
                                                            settings.smtp->password_env +
                                                            ", which is not set");
      }
      options.password = password;
    }
  } else {
    options.url = *smtp_url;
    options.starttls = false;  // A bare URL: a local relay without TLS or login.
  }
  return mail::smtp_mailer(options);
}

mail::Mailbox game_sender(const MailSettings& settings) {
  return mail::parse_mailbox(settings.from, "game.yaml mail.from");
}

std::string game_mail_domain(const MailSettings& settings) {
  const std::string address = game_sender(settings).address;
  return address.substr(address.find('@') + 1);
}

std::string notice_message_id(const Game& game, const std::string& key) {
  std::string id = key;
  std::replace_if(
      id.begin(), id.end(), [](char c) { return c == '/' || c == ':' || c == '@'; }, '.');
  return "<" + std::string(game.program()) + "." + game.host().name + "." + id + "@" +
         game_mail_domain(game.host().mail) + ">";
}

MailRun mail_round(Game& game, const RoundDir& round, const MailRequest& request) {
  const HostConfig& host = game.host();
  if (request.player) host.named_player(*request.player);
  RoundMail made = game.round_mail(round, request);
  MailRun run;
  run.kind = mail_kind(game, round);
  run.total = made.messages.size();
  std::unique_ptr<mail::Mailer> own;
  if (!request.dry_run && !request.mailer) own = game_mailer(game.root(), host.mail, request.smtp);
  mail::Mailer* mailer = request.dry_run ? nullptr : request.mailer ? request.mailer : own.get();
  run.via = mailer ? mailer->describe() : "";
  run.result =
      mail::dispatch(game.root(), std::move(made.messages), mailer,
                     mail::DispatchOptions{request.dry_run, request.retry_failed, request.resend,
                                           request.now, request.honour_backoff, request.detached});
  // A round's report carries what its opening said: an opening still deferred is tried no more.
  if (run.kind == "report") {
    const auto went_out = [&](const std::string& key) {
      return std::any_of(run.result.messages.begin(), run.result.messages.end(),
                         [&](const mail::Dispatched& m) { return m.key == key && m.went_out(); });
    };
    std::vector<std::string> openings;
    for (const auto& p : host.players) {
      if (went_out(round_mail_key(round, "report", p.id)))
        openings.push_back(round_mail_key(round, "opening", p.id));
    }
    for (const auto& address : host.mail.spectators) {
      if (went_out(spectator_mail_key(round, "report", address)))
        openings.push_back(spectator_mail_key(round, "opening", address));
    }
    mail::supersede(game.root(), openings);
  }
  // What waits in the queue (a receipt a crash held back, a notice) goes with the round's mail.
  if (mailer && run.result.failure.empty() && !request.player) {
    mail::DispatchResult queued =
        mail::flush_queue(game.root(), mailer, game_sender(host.mail), request.now,
                          request.honour_backoff ? mail::Deferred::when_due : mail::Deferred::now);
    run.queued = queued.messages.size();
    run.result.failure = queued.failure;
    for (auto& m : queued.messages) {
      if (m.what != mail::Dispatched::What::sent) run.result.messages.push_back(std::move(m));
    }
  }
  if (!request.dry_run && !request.smtp && !host.mail.smtp)
    mail::prune_outbox(game.root(), host.mail.outbox, request.now, host.mail.outbox_days);
  return run;
}

bool round_mailed(const Game& game, const RoundDir& round, bool same_content,
                  std::optional<Instant> now) {
  const mail::Ledger ledger = mail::Ledger::load(game.root());
  const std::string kind = mail_kind(game, round);
  const std::string digest = same_content ? game.round_digest(round) : std::string();
  auto sent = [&](const std::string& key) {
    const auto entries = ledger.of(key);
    // Refused for good counts as done: only the game master can mend an address (mail
    // --retry-failed).
    if (entries.empty() || (same_content && entries.back()->digest != digest)) return false;
    const mail::LedgerEntry& last = *entries.back();
    const auto next = mail::next_attempt(last);
    return last.state == mail::Delivery::sent || last.state == mail::Delivery::refused ||
           (last.state == mail::Delivery::deferred && now && next && *now < *next);
  };
  for (const auto& p : game.host().players) {
    if (!sent(round_mail_key(round, kind, p.id))) return false;
  }
  for (const auto& address : game.host().mail.spectators) {
    if (!sent(spectator_mail_key(round, kind, address))) return false;
  }
  return true;
}

}  // namespace pbem
