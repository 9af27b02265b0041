#include "app/command.hpp"

#include "pbem/files/diagnostic.hpp"
#include "wallenstein/files/game_config.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/rules_version.hpp"

namespace wallenstein::app {
namespace po = boost::program_options;

std::filesystem::path Invocation::data_dir() const {
  return resource_dir(Installed::data,
                      options.count("data")
                          ? std::filesystem::path(options["data"].as<std::string>())
                          : std::filesystem::path());
}

bool Invocation::has(const char* name) const {
  if (options.count(name) == 0) return false;
  const auto& value = options[name].value();
  if (const bool* flag = boost::any_cast<bool>(&value)) return *flag;
  return !options[name].defaulted();
}

std::filesystem::path Invocation::templates_dir() const {
  return resource_dir(Installed::templates,
                      options.count("templates")
                          ? std::filesystem::path(options["templates"].as<std::string>())
                          : std::filesystem::path());
}

std::chrono::milliseconds Invocation::wait() const {
  const double seconds = options.count("wait") ? options["wait"].as<double>() : 10.0;
  if (!(seconds >= 0 && seconds <= 86400))
    throw UsageError("--wait must be between 0 and 86400 seconds");
  return std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
}

std::filesystem::path Invocation::game_dir() const { return options["dir"].as<std::string>(); }

namespace {

/// "court, leaders" as its items, spaces around them dropped; a blank text is no item.
std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> items;
  if (text.find_first_not_of(' ') == std::string_view::npos) return items;
  for (std::size_t start = 0;;) {
    const std::size_t comma = text.find(',', start);
    std::string_view item =
        text.substr(start, comma == std::string_view::npos ? comma : comma - start);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    items.emplace_back(item);
    if (comma == std::string_view::npos) return items;
    start = comma + 1;
  }
}

}  // namespace

std::vector<std::string> Invocation::expansions() const {
  if (!has("expansions")) return {};
  std::vector<std::string> ids = split_list(get<std::string>("expansions"));
  if (auto problem = expansions_problem(ids)) throw UsageError("--expansions: " + *problem);
  return ids;
}

std::optional<std::string> Invocation::setup() const {
  if (!has("setup")) return std::nullopt;
  std::string setup = get<std::string>("setup");
  if (setup != "standard" && setup != "draft")
    throw UsageError("--setup must be standard or draft, not \"" + setup + "\"");
  return setup;
}

std::string refusal_reasons(const InputError& refused) {
  std::string why;
  for (const Diagnostic& d : refused.diagnostics()) why += (why.empty() ? "" : "; ") + d.message;
  return why;
}

Options& Options::dir(const char* help) { return argument("dir", help); }

Options& Options::argument(const char* name, const char* help) {
  options_.add_options()(name, po::value<std::string>()->required(), help);
  positional_.add(name, 1);
  return *this;
}

Options& Options::positional(const char* name) {
  positional_.add(name, 1);
  return *this;
}

Options& Options::rest(const char* name, const char* label, const char* help, bool required) {
  auto* value = po::value<std::vector<std::string>>()->value_name(label);
  if (required) value->required();
  options_.add_options()(name, value, help);
  positional_.add(name, -1);
  return *this;
}

Options& Options::game_dirs() {
  return rest("dirs", "DIR...", "game directories")
      .text("root", "ROOT", "every game directory in ROOT");
}

Options& Options::text(const char* name, const char* value, const char* help) {
  options_.add_options()(name, po::value<std::string>()->value_name(value), help);
  return *this;
}

Options& Options::flag(const char* name, const char* help) {
  options_.add_options()(name, po::bool_switch(), help);
  return *this;
}

Options& Options::season(const char* help) { return text("season", "S", help); }

Options& Options::player(const char* help) { return text("player", "ID", help); }

Options& Options::now(const char* used_for) {
  const std::string help =
      "the time instead of the clock" + (used_for ? " (" + std::string(used_for) + ")" : "");
  return text("now", "TIME", help.c_str());
}

Options& Options::smtp(const char* help) { return text("smtp", "URL", help); }

namespace {

/// --season's help where a command reads, by default, the season being planned or the last
/// one resolved.
constexpr const char* kSeasonNow = "01-1618-spring or 1618-spring (default: now)";
constexpr const char* kSeasonReported =
    "default: the last resolved season, or the first season's opening before any";
/// --smtp's help where the mail sent is an answer to mail received.
constexpr const char* kAnswerSmtp = "answer through this SMTP server";

Command new_command() {
  return {"new",
          "DIR (--player ID:NAME:EMAIL ... | --from FILE) [--seed N] [--name NAME] [--setup "
          "standard|draft] [--edition 2|1] [--expansions LIST] [--language L]",
          "Create a game directory, lay out the standard setup and publish the first season; with "
          "--setup draft, deal the draft's cards and publish the draft (season 0) instead.",
          [](Options& o) {
            o.dir("the game directory to create")
                .add()("player", po::value<std::vector<std::string>>()->value_name("ID:NAME:EMAIL"),
                       "a player, once per player in seat order (A, B, C...)");
            o.text("from", "FILE",
                   "a game.yaml without a seed: its players, edition, expansions and setup "
                   "(--edition and --setup override its own)")
                .text("seed", "N", "random seed (default: from the OS; kept secret)")
                .now("the first deadline")
                .add()("name", po::value<std::string>(),
                       "the game's name (default: the directory's name)");
            o.text("setup", "standard|draft",
                   "standard (default: the printed starting provinces) or draft (the players "
                   "draft them in a season of their own, rules 2.2)")
                .add()("edition", po::value<int>()->value_name("2|1"),
                       "rules edition: 2 (default: the 2nd edition) or 1 (the 1st edition)");
            o.text("expansions", "LIST",
                   "comma-separated expansions, named like the data's modules/ folders")
                .text("language", "L",
                      "the game's language (public report, spectators, game master; players "
                      "without their own): en (default), fr, de");
          },
          run_new};
}

Command check_command() {
  return {"check", "DIR FILE...",
          "Check order files against the season being planned, listing every problem; nothing is "
          "stored.",
          [](Options& o) {
            o.dir().rest("files", "FILE...", "order files", true);
            o.text("language", "L",
                   "the problems' language (default: the player's, else the game's)");
          },
          run_check};
}

Command submit_command() {
  return {
      "submit", "DIR FILE [--player ID]",
      "Check one order file and store it for the season being planned, replacing earlier orders.",
      [](Options& o) {
        o.dir()
            .argument("file", "the order file")
            .player("refuse the file unless it is this player's, and mail the player a receipt")
            .now("when the orders were stored")
            .smtp("with --player: send the receipt through this SMTP server");
      },
      run_submit};
}

Command status_command() {
  return {
      "status", "(DIR... | --root ROOT) [--json]",
      "Show each game's season, deadline and time left, who has submitted (with receipts) and who "
      "is missing.",
      [](Options& o) {
        o.game_dirs().flag("json", "one JSON document for scripts and web pages").now();
      },
      run_status};
}

Command resolve_command() {
  return {"resolve", "DIR [--force] [--nmr pass|bot] [--state-only] [--now TIME]",
          "Resolve the season being planned (and the winter after autumn), then publish the next "
          "season.",
          [](Options& o) {
            o.dir()
                .flag("force", "resolve even though orders are missing")
                .text("nmr", "pass|bot",
                      "what missing players do: pass (coin cards only) or bot (the bot's orders, "
                      "stored beside the others); default: the schedule's nmr policy, else pass")
                .now("the next deadline")
                .flag("state-only",
                      "write only the log and the next state (render and report later)");
          },
          run_resolve};
}

Command replay_command() {
  return {"replay", "DIR",
          "Re-resolve every stored season from its state and orders and report any difference.",
          [](Options& o) { o.dir(); }, run_replay};
}

Command rollback_command() {
  return {"rollback", "DIR [--dry-run] [--force]",
          "Undo the last resolve, restoring the game directory exactly as it was.",
          [](Options& o) {
            o.dir()
                .flag("dry-run", "say what would change; change nothing")
                .flag("force",
                      "undo even though orders were submitted for the next season (they are kept "
                      "in attic/, and their players are told)")
                .now()
                .smtp();
          },
          run_rollback};
}

Command show_command() {
  return {"show", "DIR [--season S] [--json]",
          "Print the public state of a season (as JSON with --json).",
          [](Options& o) { o.dir().season(kSeasonNow).flag("json", "print JSON (interfaces 4)"); },
          run_show};
}

Command render_command() {
  return {"render", "DIR [--season S] [-o FILE] [--width N] [--layout board|geo] [--language L]",
          "Draw the map of a season as a PNG: the season being planned, or a resolved one with "
          "what happened.",
          [](Options& o) {
            o.dir()
                .season(kSeasonNow)
                .text("output,o", "FILE",
                      "where to write (default: the season's map.png, or reports/map-L.png in "
                      "another language than the game's)")
                .text("language", "L", "the map's words (default: the game's language)")
                .add()("width", po::value<int>()->default_value(1600), "image width in pixels")(
                    "layout", po::value<std::string>()->default_value("board"),
                    "board (as printed) or geo (geography)");
          },
          run_render};
}

Command report_command() {
  return {"report", "DIR [--season S] [--player ID]",
          "Write the reports of a season (text and HTML per player, the public report, the order "
          "templates).",
          [](Options& o) {
            o.dir().season(kSeasonReported).player("only this player's files (and the public one)");
          },
          run_report};
}

Command mail_command() {
  return {"mail",
          "DIR [--season S] [--player ID] [--dry-run] [--retry-failed] [--resend] [--smtp URL]",
          "Send every player the report of a season with the map and their order template; never "
          "twice.",
          [](Options& o) {
            o.dir()
                .season(kSeasonReported)
                .player("only this player's message")
                .flag("dry-run", "build the messages and say what would be sent; send nothing")
                .flag("retry-failed", "send again what a server refused (after fixing the address)")
                .flag("resend", "send a copy of messages already sent (a new Message-ID)")
                .smtp("SMTP server instead of game.yaml's (or the outbox)")
                .now("the messages' Date");
          },
          run_mail};
}

Command verify_command() {
  return {
      "verify", "(DIR | ARCHIVE.tar.gz) [--commitment HEX]",
      "Check the seed against its published commitment and replay every season (for players, "
      "on the published game: its directory, or the archive its pages offer).",
      [](Options& o) {
        o.dir("the game directory, or the .tar.gz a finished game's pages offer")
            .text(
                "commitment", "HEX",
                "the commitment as your own first report gave it (default: the one in game.yaml)");
      },
      run_verify};
}

Command publish_command() {
  return {"publish", "(DIR | --root ROOT) OUT [--language L]",
          "Write the game's public web pages into OUT (replaced whole, at once): the game, a page "
          "and map per resolved season, charts, and once it is over the archive `verify` checks.",
          [](Options& o) {
            o.rest("args", "DIR OUT", "the game directory and the folder for its pages")
                .text("root", "ROOT", "every game directory in ROOT, with an index of them all")
                .text("language", "L", "--root: the language of the index (default: en)");
          },
          run_publish};
}

Command upgrade_command() {
  return {"upgrade", "DIR [--dry-run]",
          "Move a game to the newest rules version, saying what changes; past seasons keep theirs.",
          [](Options& o) { o.dir().flag("dry-run", "say what would change; change nothing"); },
          run_upgrade};
}

Command player_command() {
  return {"player",
          "DIR (token ID [--new] | replace ID --name NAME --email ADDR | address ID --email ADDR | "
          "pause ID | resume ID | ID --language L)",
          "A seat: its secret token for mailed orders (--new replaces a leaked one); a new person "
          "taking it over from the season being planned on; the same person at a new address; an "
          "announced absence (pause, resume); the language of everything mailed to them.",
          [](Options& o) {
            o.dir().argument("action",
                             "token, replace, address, pause or resume (or the id, with "
                             "--language)");
            o.add()("id", po::value<std::string>(), "the player's id");
            o.positional("id");
            o.text("language", "L",
                   "the player's language: a code of the templates' languages (en, fr, de); "
                   "\"game\": the game's")
                .flag("new", "make a new token (the old one stops working)")
                .text("name", "NAME", "replace: the newcomer's name")
                .text("email", "ADDR",
                      "replace: the newcomer's address; address: the player's new one")
                .smtp()
                .now("the welcome's Date");
          },
          run_player};
}

Command receive_command() {
  return {"receive", "(DIR | --root ROOT) [FILE]",
          "Take one e-mail with orders (FILE, or standard input from a mail server), check and "
          "store them, and answer with a receipt.",
          [](Options& o) {
            o.rest("args", "DIR [FILE]",
                   "the game directory and the message (standard input without FILE)")
                .text("root", "ROOT",
                      "a directory of games: the message goes to the game its orders name")
                .smtp(kAnswerSmtp)
                .now("the answer's Date, the day's limits");
          },
          run_receive};
}

Command fetch_command() {
  return {"fetch", "(DIR | --root ROOT) [--imap URL]",
          "Poll the game's IMAP mailbox and handle each new message as `receive` does; mark it "
          "handled.",
          [](Options& o) {
            o.rest("args", "DIR", "the game directory")
                .text("root", "ROOT", "a directory of games")
                .text("imap", "URL", "imap[s]://host[:port]/MAILBOX instead of game.yaml's")
                .text("imap-user", "USER", "the IMAP login")
                .text("imap-password-env", "NAME",
                      "the environment variable holding the IMAP password")
                .text("done", "KEYWORD|FOLDER",
                      "mark handled mail with this keyword ($...) or move it to this folder")
                .smtp(kAnswerSmtp)
                .now("the answers' Date, the day's limits");
          },
          run_fetch};
}

Command accept_command() {
  return {"accept", "DIR ID [--now TIME] [--smtp URL]",
          "Handle a kept message again as if it had just come (orders that came too late, once a "
          "rollback reopened their season); ID as the notice or `status` gives it.",
          [](Options& o) {
            o.dir()
                .argument("id", "the message's id (12 hex digits)")
                .smtp(kAnswerSmtp)
                .now("the answer's Date");
          },
          run_accept};
}

Command tick_command() {
  return {"tick", "(DIR... | --root ROOT) [--now TIME] [--jobs N]",
          "One cron step per game: fetch, reminders, resolve when due, map, reports, mail, the "
          "next deadline.",
          [](Options& o) {
            o.game_dirs()
                .now("tests, catching up")
                .add()("jobs", po::value<int>()->default_value(0),
                       "games ticked at once (default: one per core)");
            o.smtp();
          },
          run_tick};
}

Command deadline_command() {
  return {"deadline", "DIR (--set TIME | --extend DURATION)",
          "Move the deadline of the season being planned; every player is told by mail.",
          [](Options& o) {
            o.dir()
                .text("set", "TIME",
                      "the new deadline: \"2026-11-29 20:00\" in the game's time zone, or with its "
                      "offset like 2026-11-29T20:00:00+01:00")
                .text("extend", "DURATION",
                      "move it later by this much, like 24h or 2d; a deadline that has passed "
                      "moves this much from now")
                .now()
                .smtp();
          },
          run_deadline};
}

Command suggest_command() {
  return {
      "suggest", "DIR --player ID",
      "Print a legal order file written by the bot for a player, with a comment on each choice.",
      [](Options& o) {
        o.dir().add()("player", po::value<std::string>()->required()->value_name("ID"),
                      "the player to suggest orders for");
      },
      run_suggest};
}

Command odds_command() {
  return {"odds", "DIR --from PROVINCE --to PROVINCE [--armies N]",
          "Win, tie and lose chances of a battle, from public information only.",
          [](Options& o) {
            o.dir().add()("from", po::value<std::string>()->required()->value_name("PROVINCE"),
                          "the attacking province")(
                "to", po::value<std::string>()->required()->value_name("PROVINCE"),
                "the province attacked")("armies", po::value<int>()->value_name("N"),
                                         "armies moved (default: all but one)");
          },
          run_odds};
}

Command simulate_command() {
  return {
      "simulate",
      "--games N --seats KINDS [--seed S] [--threads T] [--edition 2|1] [--expansions LIST] "
      "[--setup standard|draft] [--json]",
      "Play N whole games in memory between bots (bot, random, pass) and print statistics per "
      "seat.",
      [](Options& o) {
        o.add()("games", po::value<long long>()->required()->value_name("N"), "games to play")(
            "seats", po::value<std::string>()->required()->value_name("KINDS"),
            "one kind per seat, comma-separated: bot, random or pass (3 to 5 seats)")(
            "seed", po::value<std::uint64_t>()->default_value(1)->value_name("S"),
            "game i plays from a seed derived from S and i")(
            "threads", po::value<unsigned>()->value_name("T"),
            "worker threads (default: every core)")(
            "rules-version", po::value<int>()->default_value(kCurrentRulesVersion)->value_name("V"),
            "the rules version to play")("edition",
                                         po::value<int>()->default_value(2)->value_name("2|1"),
                                         "the rules edition to play, as for `new`");
        o.text("expansions", "LIST", "comma-separated expansions to play, as for `new`")
            .add()(
                "setup",
                po::value<std::string>()->default_value("standard")->value_name("standard|draft"),
                "how the games start, as for `new`");
        o.flag("json", "print the figures as JSON");
      },
      run_simulate};
}

}  // namespace

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      new_command(),     check_command(),   submit_command(),   status_command(),
      resolve_command(), replay_command(),  rollback_command(), show_command(),
      render_command(),  report_command(),  mail_command(),     verify_command(),
      publish_command(), upgrade_command(), player_command(),   receive_command(),
      fetch_command(),   accept_command(),  tick_command(),     deadline_command(),
      suggest_command(), odds_command(),    simulate_command(),
  };
  return table;
}

}  // namespace wallenstein::app
