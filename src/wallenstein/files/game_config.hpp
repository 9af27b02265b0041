#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/files.hpp"
#include "pbem/host/host_config.hpp"
#include "pbem/host/schedule.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"

namespace wallenstein {

/// The sender of a game whose game.yaml names none.
inline constexpr std::string_view kDefaultSender = "Wallenstein GM <gm@localhost>";
/// The IMAP keyword that marks a message fetched, when game.yaml names no other.
inline constexpr std::string_view kDefaultImapDone = "$WallensteinDone";

/// game.yaml (interfaces 2): the host's part (who plays, mail, the schedule), then the ruleset
/// switches and the secret seed.
struct GameConfig : HostConfig {
  GameConfig() { mail.from = std::string(kDefaultSender); }

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

/// Parses game.yaml; `seed_required` is false for `new --from FILE`, which must not carry one.
GameConfig read_game_config(const SourceFile& file, bool seed_required);
/// The game.yaml text for a new game.
std::string write_game_config(const GameConfig& config);

}  // namespace wallenstein
