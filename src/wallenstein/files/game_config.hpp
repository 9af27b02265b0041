#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/files.hpp"
#include "pbem/host/schedule.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"

namespace wallenstein {

/// Someone who held a seat before `player replace` gave it to the next person.
struct FormerHolder {
  std::string name;
  std::string email;
  int until = 0;  ///< the season index (1-based) from which the next person plays
  /// The token they held, which counts no more: orders carrying it are told apart from a
  /// forgery (empty in games whose seat changed hands before it was kept).
  std::string token = {};
};

/// A player as game.yaml lists them (seat order).
struct PlayerInfo {
  std::string id;
  std::string name;
  std::string email;
  std::string token =
      {};  ///< secret: proves mailed orders are this player's (empty in older games)
  bool paused =
      false;  ///< an announced absence: the NMR policy plays the seat, the gate ignores it
  std::vector<FormerHolder> former = {};  ///< earlier holders of the seat, oldest first
};

/// How mail leaves: an SMTP server, or (default) an outbox directory of .eml files.
struct SmtpSettings {
  std::string url;
  bool starttls = true;
  std::string user;
  std::string password_env;  ///< the name of the environment variable holding the password
};

/// Where orders arrive by mail (interfaces 5): an IMAP mailbox that `fetch` polls.
struct ImapSettings {
  std::string url;       ///< imap://host/INBOX or imaps://host/INBOX
  bool starttls = true;  ///< for imap:// URLs
  std::string user;
  std::string password_env;  ///< the name of the environment variable holding the password
  std::string done = "$WallensteinDone";  ///< a keyword (starts with $) or a folder to move to
};

struct MailSettings {
  std::string from = "Wallenstein GM <gm@localhost>";
  std::string gm;  ///< who is told of refused mail and held seasons (empty: `from`)
  std::optional<SmtpSettings> smtp;
  std::optional<ImapSettings> imap;
  std::string outbox = "outbox";
  /// How many days a message the outbox holds is kept after it was written (0: for ever), so
  /// that a game without SMTP does not fill the disk with copies of its maps.
  int outbox_days = 14;
  std::vector<std::string> spectators = {};  ///< addresses that get the public report each season

  /// The game master's address: `gm`, else `from`.
  const std::string& game_master() const { return gm.empty() ? from : gm; }
};

/// game.yaml (interfaces 2): who plays, the ruleset switches, the secret seed, mail settings.
struct GameConfig {
  std::string name;
  int edition = 2;
  std::vector<std::string> expansions;
  /// How the starting provinces are given out: `standard` (rules 2.1) or `draft` (rules 2.2).
  std::string setup = "standard";
  std::optional<std::uint64_t> seed;
  int rules_version = 1;        ///< the rules the game plays (absent in games of older programs: 1)
  std::string program_version;  ///< the program that created or last upgraded the game
  std::string salt;             ///< secret until the game ends, like the seed
  std::string
      commitment;  ///< public: seed_commitment(seed, salt); empty in games of older programs
  std::vector<PlayerInfo> players;
  MailSettings mail;
  std::map<std::string, std::string>
      deadlines;  ///< season name -> free text, shown by status and reports
  std::optional<Schedule> schedule =
      {};  ///< interfaces 6: absent, `tick` leaves the game to its GM

  const PlayerInfo* player(std::string_view id) const;
  /// The player of a command line's `--player ID`; an id of no player is a UsageError that
  /// lists the game's players.
  const PlayerInfo& named_player(std::string_view id) const;
  /// The configuration as it was in a season: each seat named after whoever held it then.
  GameConfig as_of(int season_index) const;
};

/// Why a player id is unusable (ids name files and JSON keys), or empty when it is fine.
std::optional<std::string> player_id_problem(std::string_view id);
/// Why an email address is unusable (it goes into mail headers), or empty.
std::optional<std::string> email_problem(std::string_view email);
/// Why a game cannot have this many players (valid_player_count is false): the sentence for it.
std::string player_count_problem(std::size_t players);
/// Why a display name is unusable (one printable line), or empty.
std::optional<std::string> player_name_problem(std::string_view name);
/// Why a game name is unusable, or empty.
std::optional<std::string> game_name_problem(std::string_view name);

/// What `new_game` lays out for this game: its name, the players in seat order, the seed and the
/// setup (rules 2.1 or the draft of 2.2). `new` and `replay` both start from it.
NewGame new_game_spec(const GameConfig& config);

/// Why a rules edition cannot be played, or empty: the 2nd edition and the 1st (rules 12).
std::optional<std::string> edition_problem(std::int64_t edition);
/// Why a list of expansions is malformed (an id that is no module id, one listed twice), or
/// empty. Whether the data has them and this program plays them is the ruleset loader's to say
/// (load_ruleset).
std::optional<std::string> expansions_problem(const std::vector<std::string>& expansions);
/// Why an outbox path is unusable: it must be a relative path that stays inside the game.
std::optional<std::string> outbox_problem(std::string_view outbox);

/// "pass", "bot" or "hold", as game.yaml `schedule.nmr` writes it.
std::string_view nmr_policy_name(NmrPolicy policy);

/// Parses game.yaml; `seed_required` is false for `new --from FILE`, which must not carry one.
GameConfig read_game_config(const SourceFile& file, bool seed_required);
/// The game.yaml text for a new game.
std::string write_game_config(const GameConfig& config);

}  // namespace wallenstein
