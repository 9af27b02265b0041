#pragma once

#include <memory>
#include <optional>
#include <string>

#include "pbem/mail/transport.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

/// A game's mail transport: `smtp_url` if given (a bare relay without TLS or login), else the
/// SMTP server of game.yaml (its password from the environment variable named there), else the
/// game's outbox directory.
std::unique_ptr<mail::Mailer> game_mailer(const GameDirectory& game,
                                          const std::optional<std::string>& smtp_url = {});

/// The game's sender, parsed from game.yaml `mail.from`.
mail::Mailbox game_sender(const GameDirectory& game);

/// The domain of the game's sender, for the Message-IDs it makes.
std::string game_mail_domain(const GameDirectory& game);

}  // namespace wallenstein
