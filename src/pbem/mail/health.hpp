#pragma once

#include <filesystem>
#include <string>

namespace pbem::mail {

/// Whether one way of the game's mail works: empty `since` while it does; when it fails, since
/// when (RFC 5322) and the last error, without secrets.
struct ChannelHealth {
  std::string since;
  std::string error;
  bool failing() const { return !since.empty(); }
};

/// The health of a game's mail, `mail/health.yaml`: mail coming in (IMAP) and going out (SMTP),
/// so that a failure that lasts is shown by `status` and told to the game master once when it
/// starts and once when it ends, instead of being repeated by every run.
struct MailHealth {
  ChannelHealth intake;
  ChannelHealth outgoing;

  static MailHealth load(const std::filesystem::path& game_root);
  static std::filesystem::path relative_path() { return "mail/health.yaml"; }
  std::string text() const;
};

/// What a run's outcome changes in one channel: whether it started failing now, or works again
/// now (then `ended_since` says since when it had failed).
struct HealthChange {
  bool started = false;
  bool ended = false;
  std::string ended_since;
};

/// Records a run's outcome in a channel: `error` empty when it worked; `now` an RFC 5322 date.
HealthChange record(ChannelHealth& channel, const std::string& error, const std::string& now);

}  // namespace pbem::mail
