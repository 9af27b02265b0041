#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/host/schedule.hpp"

namespace pbem {

/// Someone who held a seat before it was given to the next person.
struct FormerHolder {
  std::string name;
  std::string email;
  int until = 0;  ///< the round index (1-based) from which the next person plays
  /// The token they held, which counts no more: orders carrying it are told apart from a
  /// forgery (empty in games whose seat changed hands before it was kept).
  std::string token = {};
};

/// A player as the game's configuration lists them (seat order).
struct PlayerInfo {
  std::string id;
  std::string name;
  std::string email;
  std::string token =
      {};  ///< secret: proves mailed orders are this player's (empty in older games)
  bool paused =
      false;  ///< an announced absence: the NMR policy plays the seat, the gate ignores it
  std::vector<FormerHolder> former = {};  ///< earlier holders of the seat, oldest first
  /// The language of everything mailed to them (a code: "fr"); empty: the game's.
  std::string language = {};
};

/// How mail leaves: an SMTP server, or (default) an outbox directory of .eml files.
struct SmtpSettings {
  std::string url;
  bool starttls = true;
  std::string user;
  std::string password_env;  ///< the name of the environment variable holding the password
};

/// Where orders arrive by mail: an IMAP mailbox that the host polls.
struct ImapSettings {
  std::string url;       ///< imap://host/INBOX or imaps://host/INBOX
  bool starttls = true;  ///< for imap:// URLs
  std::string user;
  std::string password_env;  ///< the name of the environment variable holding the password
  std::string done;  ///< a keyword (starts with $) or a folder to move to; the game's default
};

struct MailSettings {
  std::string from;  ///< the game's sender (each game gives its default)
  std::string gm;    ///< who is told of refused mail and held rounds (empty: `from`)
  std::optional<SmtpSettings> smtp;
  std::optional<ImapSettings> imap;
  std::string outbox = "outbox";
  /// How many days a message the outbox holds is kept after it was written (0: for ever), so
  /// that a game without SMTP does not fill the disk with copies of its maps.
  int outbox_days = 14;
  std::vector<std::string> spectators = {};  ///< addresses that get the public report each round

  /// The game master's address: `gm`, else `from`.
  const std::string& game_master() const { return gm.empty() ? from : gm; }
};

/// What the host knows of any game's configuration: its name, who plays, how mail comes and
/// goes, and the timetable `tick` keeps. A game's own configuration adds its rules' switches.
struct HostConfig {
  std::string name;
  /// The game's language (a code): the public report, spectators, the game master's notices,
  /// and every player who chose none.
  std::string language = "en";
  std::vector<PlayerInfo> players;
  MailSettings mail;
  std::map<std::string, std::string>
      deadlines;                          ///< round name -> free text, shown by status and reports
  std::optional<Schedule> schedule = {};  ///< absent: `tick` leaves the game to its game master
  /// Where `tick` republishes the game's web pages after each resolve (`publish: {dir: ...}`, a
  /// folder; relative: to the game directory); empty: it does not.
  std::string publish_dir = {};

  const PlayerInfo* player(std::string_view id) const;
  /// The language of what is mailed to a player: theirs, else the game's.
  const std::string& language_of(const PlayerInfo& player) const {
    return player.language.empty() ? language : player.language;
  }
  /// The player of a command line's `--player ID`; an id of no player is a UsageError that
  /// lists the game's players.
  const PlayerInfo& named_player(std::string_view id) const;
  /// "Anna Weber (red), Ben Roth (blue)" for each id: the names players know, the ids their
  /// files carry.
  std::string names(const std::vector<std::string>& ids) const;
};

/// Why a game name is unusable (it names the game's directory, under a root of games too), or
/// empty.
std::optional<std::string> game_name_problem(std::string_view name);

}  // namespace pbem
