#include "wallenstein/host/game_mailer.hpp"

#include <cstdlib>

#include "pbem/files/diagnostic.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

std::unique_ptr<mail::Mailer> game_mailer(const GameDirectory& game,
                                          const std::optional<std::string>& smtp_url) {
  const MailSettings& settings = game.config().mail;
  if (!smtp_url && !settings.smtp) return mail::outbox_mailer(game.root(), settings.outbox);
  mail::SmtpOptions options;
  if (settings.smtp && !smtp_url) {
    options.url = settings.smtp->url;
    options.starttls = settings.smtp->starttls;
    options.user = settings.smtp->user;
    if (!settings.smtp->password_env.empty()) {
      const char* password = std::getenv(settings.smtp->password_env.c_str());
      if (!password) {
        throw InputError((game.root() / "game.yaml").string(), "the SMTP password is read from $" +
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

mail::Mailbox game_sender(const GameDirectory& game) {
  return mail::parse_mailbox(game.config().mail.from, "game.yaml mail.from");
}

std::string game_mail_domain(const GameDirectory& game) {
  const std::string address = game_sender(game).address;
  return address.substr(address.find('@') + 1);
}

}  // namespace wallenstein
