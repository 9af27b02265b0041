// check, submit and status: the order files of the season being planned.

#include <optional>
#include <ostream>

#include "app/command.hpp"
#include "app/operations.hpp"
#include "app/season_context.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/host/intake.hpp"
#include "pbem/mail/dispatch.hpp"
#include "wallenstein/files/language_names.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/version.hpp"
#include "wallenstein/host/game.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/host/season_schedule.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/report/forecast_text.hpp"

namespace wallenstein::app {
namespace {

/// The game, its rules and the state of the season being planned.
struct Planning {
  OpenedSeason opened;
  GameState state;
};

Planning open_planning(const Invocation& in, LockMode mode) {
  OpenedSeason opened = open_season(in, DefaultSeason::current, mode);
  GameState state = opened.game.load_state(opened.season, opened.rules);
  return Planning{std::move(opened), std::move(state)};
}

/// A token in the file must be its player's (files without one are the game master's to submit).
void check_token_of_player(CheckedOrderFile& checked, const GameConfig& config,
                           const report::ProblemTexts& texts) {
  if (const PlayerInfo* player = config.player(checked.player_id);
      player && !player->token.empty()) {
    check_token(checked, player->token, texts);
  }
}

/// An order file checked in a language (interfaces 8): `--language`, else the language of the
/// player it names, else the game's. The rules' names (events, actions) are in it too.
struct CheckedIn {
  std::string language;
  Ruleset rules;
  CheckedOrderFile file;
};

CheckedIn check_in_language(const Invocation& in, const Planning& p, const Templates& templates,
                            const SourceFile& source) {
  const GameConfig& config = p.opened.game.config();
  const auto check = [&](const std::string& code) {
    const Templates words = templates.in(code);
    CheckedIn out{code, in_language(p.opened.rules, words.words()), {}};
    const auto texts = load_problem_texts(in.templates_dir(), code, kept_cache_dir());
    out.file = check_order_source(source, p.state, out.rules, texts);
    check_token_of_player(out.file, config, texts);
    return out;
  };
  if (in.has("language")) return check(in.get<std::string>("language"));
  CheckedIn checked = check(config.language);
  if (const PlayerInfo* player = config.player(checked.file.player_id);
      player && config.language_of(*player) != checked.language)
    return check(config.language_of(*player));
  return checked;
}

void print(const Invocation& in, const std::vector<Diagnostic>& diagnostics) {
  for (const auto& d : diagnostics) in.err << d.format() << "\n";
}

/// What valid orders lead to if nothing else changes (wallenstein/bot/forecast.hpp): warnings, and
/// the odds of the battles they plan.
void print_forecast(const Invocation& in, const std::string& path, const Orders& orders,
                    const Planning& p, const Templates& templates, const CheckedIn& checked) {
  for (const auto& line :
       report::forecast_lines(orders, p.state, checked.rules, templates.in(checked.language))) {
    in.out << printable(path) << ": forecast: " << line << "\n";
  }
}

}  // namespace

Exit run_check(const Invocation& in) {
  const Planning p = open_planning(in, LockMode::shared);
  const Templates templates = load_templates(in.templates_dir());
  // A language without templates is the command's mistake, not a file's.
  if (in.has("language")) (void)templates.in(in.get<std::string>("language"));
  bool all_ok = true;
  for (const auto& path : in.get<std::vector<std::string>>("files")) {
    std::optional<CheckedIn> read;
    try {
      read = check_in_language(in, p, templates, read_source(path, kMaxOrderBytes));
    } catch (const InputError& unreadable) {  // missing, too large: said as the file's problem
      read = CheckedIn{"en", p.opened.rules, {}};
      read->file.diagnostics = unreadable.diagnostics();
      read->file.errors = read->file.diagnostics.size();
    }
    const CheckedIn& in_language = *read;
    const CheckedOrderFile& checked = in_language.file;
    print(in, checked.diagnostics);
    if (checked.ok()) {
      in.out << printable(path) << ": ok (" << printable(checked.player_id) << ", "
             << season_label(p.opened.rules, p.state.season_index).name() << ")\n";
      print_forecast(in, path, *checked.orders, p, templates, in_language);
    } else {
      all_ok = false;
      const std::size_t errors = checked.errors;
      in.out << printable(path) << ": " << errors << (errors == 1 ? " error" : " errors") << "\n";
    }
  }
  return all_ok ? Exit::ok : Exit::invalid_input;
}

Exit run_submit(const Invocation& in) {
  // Held alone from the check to the store: a resolve cannot slip in between and miss them.
  const Planning p = open_planning(in, LockMode::exclusive);
  const std::string path = in.get<std::string>("file");
  const SourceFile source = read_source(path, kMaxOrderBytes);
  const Templates templates = load_templates(in.templates_dir());
  const CheckedIn in_language = check_in_language(in, p, templates, source);
  const CheckedOrderFile& checked = in_language.file;
  print(in, checked.diagnostics);
  if (!checked.ok()) {
    in.err << printable(path) << ": not stored; fix the errors above and submit again\n";
    return Exit::invalid_input;
  }
  if (in.has("player") && in.get<std::string>("player") != checked.player_id) {
    in.err << printable(path) << ": error: these are the orders of \""
           << printable(checked.player_id) << "\", not of \""
           << printable(in.get<std::string>("player")) << "\"; not stored\n";
    return Exit::invalid_input;
  }
  const auto target = p.opened.season.orders_file(checked.player_id);
  const bool replacing = std::filesystem::exists(target);
  Journal journal(p.opened.game.root());
  // The game master storing a player's orders (sent another way) mails the player the receipt
  // a mailed order gets, in the same commit.
  const PlayerInfo* player =
      in.has("player") ? p.opened.game.config().player(checked.player_id) : nullptr;
  if (player) {
    const WallensteinGame game(p.opened.game, p.opened.rules, resources(in));
    const IntakeSetup setup{
        .templates = templates, .version = std::string(program_version()), .now = clock_now(in)};
    queue_submit_receipt(
        journal, game, *player, source.text,
        checked_order(checked, p.state, in_language.rules, templates.in(in_language.language)),
        setup);
  }
  journal.write(std::filesystem::relative(target, p.opened.game.root()), source.text);
  note_orders_stored(journal, p.opened.game, p.opened.season, clock_now(in));
  journal.commit();
  in.out << "Stored the orders of " << checked.player_id << " for "
         << printable(p.opened.season.name) << (replacing ? " (replacing the earlier ones)" : "")
         << ": " << printable(target.string()) << "\n";
  print_forecast(in, path, *checked.orders, p, templates, in_language);
  if (player) {
    const auto mailer =
        game_mailer(p.opened.game.root(), p.opened.game.config().mail,
                    in.has("smtp") ? std::optional(in.get<std::string>("smtp")) : std::nullopt);
    const auto sent = mail::flush_queue(p.opened.game.root(), mailer.get(),
                                        game_sender(p.opened.game.config().mail), clock_now(in),
                                        mail::Deferred::when_due);
    if (sent.failure.empty())
      in.out << "The receipt went to " << printable(player->email) << " (" << mailer->describe()
             << ").\n";
    else
      in.out << "The receipt waits in the queue for the next `tick` or `mail` ("
             << printable(sent.failure) << ").\n";
  }
  return Exit::ok;
}

}  // namespace wallenstein::app
