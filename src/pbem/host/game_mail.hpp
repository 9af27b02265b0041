#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "pbem/host/game.hpp"
#include "pbem/host/host_config.hpp"
#include "pbem/mail/dispatch.hpp"
#include "pbem/mail/mime.hpp"
#include "pbem/mail/transport.hpp"

namespace pbem {

/// A game's mail transport: `smtp_url` if given (a bare relay without TLS or login), else the
/// SMTP server of game.yaml (its password from the environment variable named there), else the
/// game's outbox directory.
std::unique_ptr<mail::Mailer> game_mailer(const std::filesystem::path& root,
                                          const MailSettings& settings,
                                          const std::optional<std::string>& smtp_url = {});

/// The game's sender, parsed from game.yaml `mail.from`.
mail::Mailbox game_sender(const MailSettings& settings);

/// The domain of the game's sender, for the Message-IDs it makes.
std::string game_mail_domain(const MailSettings& settings);

/// The Message-ID of the host's message kept under a ledger key: one per key.
std::string notice_message_id(const Game& game, const std::string& key);

/// What a mail run did.
struct MailRun {
  mail::DispatchResult result;
  std::string kind;  ///< "opening" (before the round is resolved) or "report"
  std::string via;   ///< the transport, described without secrets
  std::size_t total = 0;
  std::size_t queued = 0;  ///< messages of the queue (receipts, notices) sent or tried as well
};

/// Mails a round's reports to every player and spectator, each message once (the mail ledger
/// decides), then what waits in the queue; an outbox keeps its messages `outbox_days`.
MailRun mail_round(Game& game, const RoundDir& round, const MailRequest& request);

/// Whether every message of a round's mail is in the ledger as sent (nothing for `mail_round` to
/// do): lets `tick` skip building reports it would not send. With `same_content`, only mail of
/// what the round now holds counts (after a rollback and a new resolve it does not); without,
/// the quick look of `tick` reads the ledger alone. With `now`, a message the server deferred
/// whose next attempt is later counts as done for now.
bool round_mailed(const Game& game, const RoundDir& round, bool same_content = true,
                  std::optional<Instant> now = std::nullopt);

}  // namespace pbem
