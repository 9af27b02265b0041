#include <algorithm>
#include <ostream>
#include <set>

#include "app/command.hpp"
#include "app/operations.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/digest.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/fair_seed.hpp"
#include "pbem/mail/mime.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/files/version.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/host/season_schedule.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"

namespace wallenstein::app {
namespace {

constexpr std::size_t kMaxFromBytes = std::size_t{256} * 1024;

std::uint64_t parse_seed(const std::string& text) {
  const bool digits =
      !text.empty() && text.size() <= 19 &&
      std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits)
    throw InputError("--seed", "must be a whole number of at most 19 digits, not \"" + text + "\"");
  return std::stoull(text);
}

PlayerInfo parse_player(const std::string& spec) {
  const auto first = spec.find(':');
  const auto last = spec.rfind(':');
  if (first == std::string::npos || first == last) {
    throw InputError(
        "--player",
        "--player takes ID:NAME:EMAIL, e.g. red:\"Anna Weber\":anna@example.org; got \"" + spec +
            "\"");
  }
  return PlayerInfo{spec.substr(0, first), spec.substr(first + 1, last - first - 1),
                    spec.substr(last + 1)};
}

/// A game on a schedule: the first season's deadline, so that the opening mail can name it
/// (interfaces 6).
std::optional<SeasonTimetable> open_first_season(const Invocation& in,
                                                 const std::filesystem::path& dir,
                                                 const std::optional<Schedule>& schedule) {
  if (!schedule) return std::nullopt;
  const GameDirectory game = GameDirectory::open(dir);
  const SeasonTimetable timetable = open_timetable(*schedule, clock_now(in));
  write_timetable(game, game.current(), timetable);
  return timetable;
}

/// The game's configuration from --from FILE or the repeated --player, and --name.
GameConfig config_from_arguments(const Invocation& in, const std::filesystem::path& dir) {
  GameConfig config;
  if (in.has("from")) {
    if (in.has("player"))
      throw UsageError("give either --player (repeated) or --from FILE, not both");
    if (in.has("expansions"))
      throw UsageError("give the expansions in the --from file or with --expansions, not both");
    config = read_game_config(read_source(in.get<std::string>("from"), kMaxFromBytes), false);
  } else {
    if (!in.has("player"))
      throw UsageError(
          "name the players with --player ID:NAME:EMAIL (3 to 5 times) or --from FILE");
    config.name = std::filesystem::absolute(dir).lexically_normal().filename().string();
    for (const auto& spec : in.get<std::vector<std::string>>("player"))
      config.players.push_back(parse_player(spec));
  }
  if (in.has("name")) config.name = in.get<std::string>("name");
  if (auto problem = game_name_problem(config.name))
    throw InputError("--name", *problem + "; choose one with --name");
  if (const std::string base =
          std::filesystem::absolute(dir).lexically_normal().filename().string();
      base != config.name) {
    // Mail finds a game under a root by the name its orders give: the directory's.
    in.err
        << "wallenstein new: warning: the game is named \"" << config.name
        << "\" but its directory is \"" << base
        << "\"; `receive --root` and `fetch --root` find games by directory name, so orders for \""
        << config.name << "\" would not reach it there. Give --name " << base
        << " (or rename the directory).\n";
  }
  return config;
}

/// --setup, --edition and --expansions: only what this program plays.
void check_variant(const Invocation& in, GameConfig& config) {
  // Else game.yaml's (--from), or the standard setup.
  if (auto setup = in.setup()) config.setup = *setup;
  if (in.has("edition")) {  // else game.yaml's (--from), or the 2nd edition
    const int edition = in.get<int>("edition");
    if (auto problem = edition_problem(edition)) throw UsageError("--edition: " + *problem);
    config.edition = edition;
  }
  if (in.has("expansions")) config.expansions = in.expansions();
  if (in.has("language")) config.language = in.get<std::string>("language");
  // Every language the game names (--language, game.yaml's, each player's) has templates.
  const bool english = config.language == "en" &&
                       std::all_of(config.players.begin(), config.players.end(),
                                   [](const PlayerInfo& p) { return p.language.empty(); });
  if (english) return;  // always there: English needs no templates read now
  const Templates templates = load_templates(in.templates_dir());
  (void)templates.in(config.language);
  for (const auto& p : config.players) (void)templates.in(config.language_of(p));
}

void check_players(const GameConfig& config) {
  std::set<std::string> ids;
  for (const auto& p : config.players) {
    if (auto problem = player_id_problem(p.id)) throw InputError("--player", *problem);
    if (!ids.insert(p.id).second)
      throw InputError("--player", "player id \"" + p.id + "\" is given twice");
    if (auto problem = player_name_problem(p.name))
      throw InputError("--player", "player " + p.id + ": " + *problem);
    if (auto problem = email_problem(p.email))
      throw InputError("--player", "player " + p.id + ": " + *problem);
  }
  if (!valid_player_count(config.players.size()))
    throw InputError("--player", player_count_problem(config.players.size()));
}

/// The secret seed, its salt and published commitment, and the players' tokens.
void seal_the_dice(const Invocation& in, GameConfig& config) {
  config.seed = in.has("seed") ? parse_seed(in.get<std::string>("seed")) : os_seed();
  if (in.has("seed") && *config.seed < kGuessableSeedLimit) {
    in.err << "wallenstein new: warning: --seed " << *config.seed
           << " is below 2^32: players could find it by "
           << "trying every seed against the published commitment and foresee the game. Fine for "
              "tests and "
           << "examples; leave --seed out for a real game.\n";
  }
  // With --seed the whole game follows from it, salt included, so examples and tests repeat
  // byte for byte; otherwise the salt is as random as the seed.
  config.salt = in.has("seed")
                    ? sha256_hex("wallenstein-salt:" + std::to_string(*config.seed)).substr(0, 32)
                    : os_random_hex(16);
  config.commitment = seed_commitment(kGameName, *config.seed, config.salt);
  for (auto& p : config.players) {
    p.token =
        in.has("seed") ? derived_token(kGameName, *config.seed, config.salt, p.id) : new_token();
  }
}

/// What was created, where, and when the first orders are due.
void say_created(const Invocation& in, const std::filesystem::path& dir, const GameConfig& config,
                 const SeasonLabel& label, const std::optional<SeasonTimetable>& first) {
  if (mail::parse_mailbox(config.mail.from, "mail.from").address ==
      mail::parse_mailbox(std::string(kDefaultSender), "mail.from").address) {
    // Players reply to this address; the default reaches nobody outside the game master's machine.
    in.err << "wallenstein new: warning: mail.from is left at the default "
           << std::string(kDefaultSender) << ": players' replies would go nowhere. Set it in "
           << printable((dir / "game.yaml").string())
           << " (mail: {from: \"Wallenstein GM <gm@example.org>\"}) before `wallenstein mail`.\n";
  }
  in.out << "Created game \"" << config.name << "\" for " << config.players.size() << " players in "
         << printable(dir.string()) << "\n  " << printable((dir / "game.yaml").string())
         << "   (secret seed inside: game master only)\n"
         << "  seed commitment (published in the reports): " << config.commitment << "\n  "
         << printable((dir / "seasons" / label.directory() / "state.yaml").string()) << "\nSeason "
         << label.name() << " is open for orders.\n";
  if (config.edition == 1) {
    // Rules 12, D-39, D-53: the game master should know which deck is played, and why.
    in.out << "Events: the 2nd edition's 12 cards. The 1st edition's 25 regional cards are not "
              "known (its rulebook names them only by kind); the deck is the data file "
              "modules/edition1/events.yaml (docs/rules-decisions.md, D-39 and D-53).\n";
  }
  if (first)
    in.out << "Orders for it are due " << describe_instant(first->deadline, first->timezone)
           << ".\n";
}

}  // namespace

Exit run_new(const Invocation& in) {
  const std::filesystem::path dir = in.game_dir();
  GameConfig config = config_from_arguments(in, dir);
  check_variant(in, config);
  check_players(config);
  if (!in.has("from")) config.rules_version = kCurrentRulesVersion;
  config.program_version = program_version();
  // An expansion the data lacks or this program cannot play is the game master's choice (exit 2,
  // or the --from file's problem); a broken data folder is an input error of its own.
  const Ruleset rules = [&] {
    try {
      return load_edition_ruleset(in.data_dir(), config.rules_version, config.edition,
                                  config.expansions, kept_cache_dir());
    } catch (const ModuleRefused& e) {
      const std::string why = refusal_reasons(e);
      if (in.has("expansions")) throw UsageError("--expansions: " + why);
      throw InputError(in.get<std::string>("from"), "expansions: " + why);
    }
  }();
  seal_the_dice(in, config);
  const GameState state = new_game(new_game_spec(config), rules);
  create_game_directory(dir, config, state, rules);
  const std::optional<SeasonTimetable> first = open_first_season(in, dir, config.schedule);
  say_created(in, dir, config, season_label(rules, state.season_index), first);
  return Exit::ok;
}

}  // namespace wallenstein::app
