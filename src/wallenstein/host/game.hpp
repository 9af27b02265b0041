#pragma once

// What resolve, mail and tick do to a Wallenstein game they already hold under its lock.

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "pbem/files/templates.hpp"
#include "pbem/host/game.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/mail/dispatch.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/host/season_files.hpp"
#include "wallenstein/host/season_schedule.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/season_view.hpp"

namespace wallenstein::map {
struct MapStyle;
}

namespace wallenstein {

/// Where the program's data and templates are, and what of them was read: copies of one Resources
/// share it, so a tick reads and parses the templates, the problem catalogues and the map's style
/// once for all its games. What fails to read is not kept: the next ask says the same again.
class Resources {
 public:
  /// With `cache`, what is read is kept there between processes too (kept_cache_dir()).
  Resources(std::filesystem::path data_dir, std::filesystem::path templates_dir,
            std::optional<std::filesystem::path> cache = {});

  const std::filesystem::path& data_dir() const { return data_dir_; }
  const std::filesystem::path& templates_dir() const { return templates_dir_; }
  /// load_templates(templates_dir()), read at the first ask.
  const Templates& templates() const;
  /// load_problem_texts(templates_dir(), language, cache), read at the first ask of each
  /// language.
  const report::ProblemTexts& problem_texts(const std::string& language = "en") const;
  /// map::load_map_style(data_dir()), read at the first ask.
  const map::MapStyle& map_style() const;
  /// Where what is read is kept between processes; none: nowhere.
  const std::optional<std::filesystem::path>& cache() const { return cache_; }

 private:
  struct Read;
  std::filesystem::path data_dir_;
  std::filesystem::path templates_dir_;
  std::optional<std::filesystem::path> cache_;
  std::shared_ptr<Read> read_;
};

/// A season's reports and maps, as its resolve stored them.
struct SeasonProducts;

/// What a resolve did.
struct ResolveDone {
  std::string season;       ///< "1618-spring"
  std::string next_season;  ///< the season now open (empty once the game is over)
  bool finished = false;
  /// The season's reports and maps as stored (none with `state_only`): the same process mails
  /// them without reading the season back.
  std::shared_ptr<const SeasonProducts> products;
};

/// A season's map in one language (report::season_languages), and where it is stored.
struct SeasonMap {
  std::string language;
  std::string file;  ///< relative to the season's directory (report::map_file)
  std::string png;
};
using SeasonMaps = std::vector<SeasonMap>;

/// The season's maps, one per language of its texts, the game's first.
SeasonMaps render_season_maps(const SeasonView& view, const Resources& resources);

/// Resolves the season being planned (its inputs loaded, NMR orders filled in) in one journal
/// commit: log, map and reports unless `state_only`, the bot's order files, the next state and,
/// when given, the next season's timetable. Prints what it did on `out`.
ResolveDone resolve_current(const GameDirectory& game, const Ruleset& rules,
                            const SeasonInputs& inputs, const std::string& nmr, bool state_only,
                            const std::optional<SeasonTimetable>& next_timetable,
                            const Resources& resources, std::ostream& out);

/// Writes a season's timetable (schedule.yaml) through the game's journal; the caller holds the
/// game's exclusive lock.
void write_timetable(const GameDirectory& game, const SeasonDir& season,
                     const SeasonTimetable& timetable);
/// The same as one step of a caller's journal, committed with what else the caller writes.
void write_timetable(Journal& journal, const GameDirectory& game, const SeasonDir& season,
                     const SeasonTimetable& timetable);

/// The rulesets of one process, loaded once per rules version (commands over many games); with
/// a `kept` directory, read back from the rulesets kept there between processes when they can be.
class RulesetCache {
 public:
  explicit RulesetCache(std::filesystem::path data_dir,
                        std::optional<std::filesystem::path> kept = std::nullopt)
      : data_dir_(std::move(data_dir)), kept_(std::move(kept)) {}
  /// The ruleset of a game: its rules version and its expansions (`game_yaml` is named when the
  /// game lists an expansion this program cannot play).
  const Ruleset& at(const GameConfig& config, const std::filesystem::path& game_yaml);

 private:
  std::filesystem::path data_dir_;
  std::optional<std::filesystem::path> kept_;
  std::map<std::tuple<int, int, std::vector<std::string>>, Ruleset> cache_;  // version, edition
};

/// One winner as the game master's line shows them: "Name (A)", victory points, and their values
/// of the game's tie-breaks by key (rules 10: thaler; the 1st edition: palaces, churches...).
struct WinnerLine {
  std::string who;
  int vp = 0;
  std::vector<std::pair<std::string, int>> tie_values;
};

/// A winner's values of the ruleset's tie-breaks, keyed as in rules.yaml (`thaler`, `palaces`...).
std::vector<std::pair<std::string, int>> winner_tie_values(const GameState& state,
                                                           const Ruleset& rules, PlayerIndex p);

/// "The game is over. Winner: Anna (A), 31 VP, 12 thaler" (or "Shared win: ..."; in the 1st
/// edition "..., 3 palaces, 1 church, 2 trading houses"), written by resolve when the last season
/// ends and by status afterwards, from the template text/game_over.
void write_game_over(std::ostream& out, const std::vector<WinnerLine>& winners,
                     const Templates& templates);

/// Wallenstein as the host runs it (pbem::Game): seasons are its rounds, every seat's orders are
/// awaited at once, a resolve writes the log, the map, the reports and the next state, and each
/// season's mail carries the report, the map and the order template.
class WallensteinGame final : public Game {
 public:
  /// The game with its ruleset loaded already.
  WallensteinGame(GameDirectory game, const Ruleset& rules, Resources resources);
  /// The game whose ruleset is loaded from `cache` only when a resolve or a report needs it (the
  /// quick look of `tick` reads no ruleset).
  WallensteinGame(GameDirectory game, RulesetCache& cache, Resources resources);

  std::string_view program() const override;
  const std::filesystem::path& root() const override { return game_.root(); }
  const HostConfig& host() const override { return game_.config(); }
  std::vector<RoundDir> rounds() const override { return game_.seasons(); }
  int round_count() const override;
  std::vector<std::string> awaited(const RoundDir& round) const override;
  void add_notice_data(const RoundDir& round, Data& data) const override;
  RoundResolved resolve(NmrPolicy nmr, const Timetable& next, std::ostream& said) override;
  std::string round_digest(const RoundDir& round) const override;
  RoundMail round_mail(const RoundDir& round, const MailRequest& request) override;
  std::string_view timetable_comment() const override { return kTimetableComment; }
  /// A season's state, log, timetable, map and reports folder.
  RoundFiles program_files() const override;
  /// Checks an order file as `check` does (the season's state and rules, the problems worded by
  /// templates/text/problems.yaml, or the same catalogue of `language`); the receipt of stored
  /// orders gets their forecast.
  CheckedOrder check_order(const RoundDir& round, std::string_view text, std::string_view source,
                           std::string_view language) const override;
  /// An order file's `player:` and `season:` (wallenstein/files/order_file.hpp).
  std::vector<std::string> order_header_keys() const override { return {"player", "season"}; }
  /// The player's order template for the season, as its report attaches it.
  std::optional<mail::Part> order_template(const RoundDir& round,
                                           const PlayerInfo& player) const override;
  /// The player's report of the season as resolve or mail stored it (reports/ID.txt).
  std::optional<std::string> player_report(const RoundDir& round,
                                           const PlayerInfo& player) const override;

  /// Whether this object's last resolve was of `round` and left the files its mail reads as they
  /// are: its mail is then made from the reports and maps the resolve stored.
  bool holds_products_of(const RoundDir& round) const;

  const GameDirectory& directory() const { return game_; }
  const Resources& resources() const { return resources_; }
  const Ruleset& rules() const;

 private:
  GameDirectory game_;
  mutable const Ruleset* rules_ = nullptr;
  RulesetCache* cache_ = nullptr;
  Resources resources_;
  /// What this object's last resolve stored, for the mail of that season (a tick resolves, then
  /// mails): the same reports reading the season back would build, built once. Used while the
  /// season's files are those the resolve left (`resolved_key_`).
  std::shared_ptr<const SeasonProducts> resolved_products_;
  std::string resolved_key_;

  /// holds_products_of, with the round's digest (round_digest) already read.
  bool holds_products_of(const RoundDir& round, const std::string& digest) const;
};

/// An order file checked against `state` as the host's intake reads it: the forecast of valid
/// orders (worded by `templates`) goes into the receipt of stored orders.
CheckedOrder checked_order(const CheckedOrderFile& file, const GameState& state,
                           const Ruleset& rules, const Templates& templates);

/// Mails a season's reports (with the map and order templates) to every player and the public
/// report to the spectators, each message once (the mail ledger decides).
MailRun mail_season(const GameDirectory& game, const Ruleset& rules, const SeasonDir& season,
                    const MailRequest& request, const Resources& resources);

/// What the game master can do about a message a server refused for good: an address refused
/// (at RCPT) is fixed in game.yaml; a message refused after DATA (too large, taken for spam) is not
/// the address's fault.
std::string refusal_advice(bool message_refused);

}  // namespace wallenstein
