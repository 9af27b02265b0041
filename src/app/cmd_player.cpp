// player: the game master's changes to one seat: its token, a new person taking it over, an
// announced absence.

#include <ostream>
#include <set>
#include <stdexcept>

#include "app/command.hpp"
#include "app/operations.hpp"
#include "app/season_context.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/fair_seed.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/mail/dispatch.hpp"
#include "pbem/text/text.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/report/model.hpp"
#include "wallenstein/views/report/reports.hpp"

namespace wallenstein::app {
namespace fs = std::filesystem;
namespace {

/// Writes game.yaml through the journal (the caller holds the exclusive lock).
void save_config(const GameDirectory& game, const GameConfig& config) {
  const std::string text = write_game_config(config);
  // Read back before it replaces the old file: a game.yaml this program cannot read again would
  // stop every command of the game.
  try {
    read_game_config(SourceFile{(game.root() / "game.yaml").string(), text}, true);
  } catch (const InputError& e) {
    throw std::logic_error("the new game.yaml would not read back (" +
                           e.diagnostics().front().format() + "); game.yaml is unchanged");
  }
  Journal journal(game.root());
  journal.write("game.yaml", text);
  journal.commit();
}

PlayerInfo& seat(GameConfig& config, const std::string& id) {
  for (auto& p : config.players) {
    if (p.id == id) return p;
  }
  throw UsageError("no player \"" + printable(id) + "\" in this game");
}

/// Refuses an address another seat is mailed at: its mail (a welcome with a token, reports)
/// would reach the wrong person, and mailed orders could not tell the two apart.
void require_own_address(const GameConfig& config, const std::string& id,
                         const std::string& email) {
  for (const auto& p : config.players) {
    if (p.id != id && ascii_lower(p.email) == ascii_lower(email))
      throw UsageError("--email: " + printable(email) + " is the address of " + printable(p.name) +
                       " (" + p.id + "); each seat needs an address of its own");
  }
}

Exit token(const Invocation& in, const HeldGame& held, const std::string& id) {
  GameConfig config = held.game.config();
  PlayerInfo* player = &seat(config, id);
  if (!in.has("new")) {
    if (player->token.empty()) {
      in.out << id << " has no token (a game of an older program): make one with --new\n";
    } else {
      in.out << player->token << "\n";
    }
    return Exit::ok;
  }
  player->token = new_token();
  save_config(held.game, config);
  in.out << "New token for " << player->name << " (" << id
         << "). Their next order template carries it; "
         << "orders mailed with the old one are refused from now on. Send it to them: `wallenstein "
            "mail "
         << held.game.root().string() << " --player " << id << " --resend`.\n";
  return Exit::ok;
}

/// Writes the seat's order template of a season's reports again (after a new token or holder).
void rewrite_order_template(const GameDirectory& game, const Ruleset& rules,
                            const SeasonDir& season, const std::string& id,
                            const Templates& templates) {
  const LoadedSeason loaded = load_season(game, rules, season);
  const auto reports = report::build_reports(loaded.view(rules), templates);
  Journal journal(game.root());
  const fs::path dir = fs::relative(season.path, game.root());
  for (const auto& [relative, content] : report::report_files(reports)) {
    const std::string name = fs::path(relative).filename().string();
    const std::string tail = "-" + id + ".yaml";
    if (name.starts_with("orders-") && name.size() > tail.size() && name.ends_with(tail) &&
        fs::exists(game.root() / dir / relative))
      journal.write(dir / relative, content);
  }
  journal.commit();
}

/// Sets a player's language: `code` (a language the templates have), or "game" (or the game's
/// own) for none of their own.
void set_language(PlayerInfo& p, const std::string& code, const GameConfig& config,
                  const Templates& templates) {
  if (code != "game") (void)templates.in(code);  // a language without templates is refused
  p.language = code == "game" || code == config.language ? std::string() : code;
}

/// Tells the game master which language a seat's new holder reads.
void say_language(const Invocation& in, const GameConfig& config, const std::string& id,
                  const Templates& templates) {
  const PlayerInfo& p = *config.player(id);
  const std::string& code = config.language_of(p);
  in.out << printable(p.name) << " reads the game in " << templates.in(code).words().name() << " ("
         << code << ")"
         << (in.has("language") ? "" : ", as the seat did; --language L gives another") << ".\n";
}

/// A new person takes the seat from the season being planned on: the old holder is kept (past
/// reports name them), the seat gets a new token, and the newcomer a welcome and the last report
/// with the map and their order template.
Exit replace(const Invocation& in, const HeldGame& held, const std::string& id) {
  if (!in.has("name") || !in.has("email"))
    throw UsageError("replace needs --name NAME and --email ADDR");
  const std::string name = in.get<std::string>("name");
  const std::string email = in.get<std::string>("email");
  if (auto problem = player_name_problem(name)) throw UsageError("--name: " + *problem);
  if (auto problem = email_problem(email)) throw UsageError("--email: " + *problem);
  const GameDirectory& game = held.game;
  const Ruleset rules = game_rules(in, game);
  const SeasonDir current = game.current();
  if (game.load_state(current, rules).finished)
    throw InputError(current.path.string(), "the game is over; no seat is taken over");
  GameConfig config = game.config();
  require_own_address(config, id, email);
  PlayerInfo& p = seat(config, id);
  const std::string before = p.name;
  const bool was_paused = p.paused;
  p.former.push_back({p.name, p.email, current.index, p.token});
  p.name = name;
  p.email = email;
  p.token = new_token();
  p.paused = false;
  const Templates templates = load_templates(in.templates_dir());
  // The newcomer's language; else the seat keeps the one it had.
  if (in.has("language")) set_language(p, in.get<std::string>("language"), config, templates);
  save_config(game, config);
  const GameDirectory updated = GameDirectory::open(game.root());

  // The welcome, once per newcomer, then the last report (or the opening) as a copy to them.
  report::Data d;
  d["game"] = config.name;
  d["name"] = name;
  d["before"] = before;
  d["season"] = current.name;
  d["gm"] = config.mail.game_master();
  const std::string body = templates.in(config.language_of(p)).render(Format::text, "welcome", d);
  mail::Message m;
  m.from = game_sender(updated.config().mail);
  m.to = mail::Mailbox{name, email};
  m.subject = body.substr(0, body.find('\n'));
  m.text = body.substr(body.find('\n') + 1);
  m.date = mail::rfc5322_date(clock_now(in));
  const std::string key = current.path.filename().string() + "/welcome/" + id + ":" + email;
  m.message_id = "<wallenstein." + config.name + "." + current.path.filename().string() +
                 ".welcome." + id + "." + std::to_string(p.former.size()) + "@" +
                 game_mail_domain(updated.config().mail) + ">";
  const auto mailer =
      game_mailer(updated.root(), updated.config().mail,
                  in.has("smtp") ? std::optional(in.get<std::string>("smtp")) : std::nullopt);
  const auto welcome = mail::dispatch(updated.root(), {{key, id, std::move(m), ""}}, mailer.get(),
                                      {false, false, false, clock_now(in)});
  if (!welcome.failure.empty()) throw TransportError(welcome.failure);
  const auto seasons = updated.seasons();
  const SeasonDir last = seasons.size() >= 2 ? seasons[seasons.size() - 2] : seasons.back();
  // The order template the seat's files keep carries the new token and the newcomer's name.
  rewrite_order_template(updated, rules, last, id, templates);
  MailRequest request{false, false, true, id, {}, clock_now(in)};
  request.detached = true;  // the newcomer never got the first: no In-Reply-To to it
  if (in.has("smtp")) request.smtp = in.get<std::string>("smtp");
  const MailRun run = mail_season(updated, rules, last, request, resources(in));
  if (!run.result.failure.empty()) throw TransportError(run.result.failure);
  in.out << printable(name) << " <" << email << "> takes seat " << id << " from " << current.name
         << " on (before: " << printable(before) << "); reports of earlier seasons keep "
         << printable(before) << "'s name. A new token is made; "
         << "the welcome and the report of " << last.name << " with the order template went via "
         << mailer->describe() << ".\n";
  say_language(in, updated.config(), id, templates);
  if (was_paused) {
    in.out << "The seat was paused for " << printable(before)
           << "; it is not any more: " << printable(name) << " plays it.\n";
  }
  if (fs::exists(current.orders_file(id))) {
    in.out << "Orders " << printable(before) << " sent for " << current.name
           << " stay stored until " << printable(name) << " sends new ones.\n";
  }
  return Exit::ok;
}

/// The same person at a new address: game.yaml changes, nothing else (the token stays).
Exit address(const Invocation& in, const HeldGame& held, const std::string& id) {
  if (!in.has("email")) throw UsageError("address needs --email ADDR");
  const std::string email = in.get<std::string>("email");
  if (auto problem = email_problem(email)) throw UsageError("--email: " + *problem);
  GameConfig config = held.game.config();
  require_own_address(config, id, email);
  PlayerInfo& p = seat(config, id);
  const std::string before = p.email;
  p.email = email;
  save_config(held.game, config);
  in.out << printable(p.name) << " (" << id << ") is mailed at " << printable(email)
         << " from now on (before: " << printable(before)
         << "); the token stays, and orders from the new address are theirs. A report the old "
            "address did not get goes out again with `wallenstein mail "
         << held.game.root().string() << " --player " << id << " --resend`.\n";
  return Exit::ok;
}

/// An announced absence: the NMR policy plays the seat, and the max_missing gate ignores it.
Exit pause(const Invocation& in, const HeldGame& held, const std::string& id, bool paused) {
  GameConfig config = held.game.config();
  PlayerInfo& p = seat(config, id);
  if (p.paused == paused) {
    in.out << printable(p.name) << " (" << id << ") is "
           << (paused ? "already paused" : "not paused") << ".\n";
    return Exit::ok;
  }
  p.paused = paused;
  save_config(held.game, config);
  if (paused) {
    in.out << printable(p.name) << " (" << id
           << ") is paused: no reminders, and at each deadline the NMR policy plays "
           << "the seat without holding the season. `wallenstein player "
           << held.game.root().string() << " resume " << id << "` ends it.\n";
  } else {
    in.out << printable(p.name) << " (" << id << ") plays again from now on.\n";
  }
  return Exit::ok;
}

}  // namespace

/// The language of everything mailed to a player (interfaces 8): a code the templates have, or
/// "game" for the game's.
Exit language(const Invocation& in, const HeldGame& held, const std::string& id) {
  const Templates templates = load_templates(in.templates_dir());
  GameConfig config = held.game.config();
  PlayerInfo& p = seat(config, id);
  set_language(p, in.get<std::string>("language"), config, templates);
  save_config(held.game, config);
  in.out << printable(p.name) << " (" << id << ") reads the game in "
         << templates.in(config.language_of(p)).words().name() << " (" << config.language_of(p)
         << ") from the next mail on.\n";
  return Exit::ok;
}

Exit run_player(const Invocation& in) {
  std::string action = in.get<std::string>("action");
  if (!in.has("id") && in.has("language")) {
    // `player DIR ID --language L` (interfaces 8)
    const HeldGame held = hold_game(in, LockMode::exclusive);
    return language(in, held, action);
  }
  static const std::set<std::string> kActions = {"token", "replace", "address",
                                                 "pause", "resume",  "language"};
  if (!in.has("id")) {
    if (!kActions.count(action))
      throw UsageError("unknown player action \"" + printable(action) +
                       "\"; to set a player's language: wallenstein player DIR " +
                       printable(action) + " --language L");
    throw UsageError("player " + printable(action) + " needs the player's id");
  }
  if (in.has("language") && action != "replace" && action != "language")
    throw UsageError(
        "--language goes with a player's id alone (player DIR ID --language L) or "
        "with replace, not with " +
        printable(action));
  const std::string id = in.get<std::string>("id");
  if (action == "language") {
    if (!in.has("language")) throw UsageError("language needs --language L");
    const HeldGame held = hold_game(in, LockMode::exclusive);
    return language(in, held, id);
  }
  const bool writes = action != "token" || in.has("new");
  const HeldGame held = hold_game(in, writes ? LockMode::exclusive : LockMode::shared);
  if (action == "token") return token(in, held, id);
  if (action == "replace") return replace(in, held, id);
  if (action == "pause" || action == "resume") return pause(in, held, id, action == "pause");
  if (action == "address") return address(in, held, id);
  throw UsageError("unknown player action \"" + printable(action) +
                   "\"; use token, replace, address, pause or resume");
}

}  // namespace wallenstein::app
