// resolve, replay and rollback: playing a season and auditing or undoing it.

#include <algorithm>
#include <optional>
#include <ostream>
#include <sstream>

#include "app/cmd_publish.hpp"
#include "app/command.hpp"
#include "app/operations.hpp"
#include "app/season_context.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/fair_seed.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/host/transaction.hpp"
#include "pbem/mail/dispatch.hpp"
#include "pbem/mail/ledger.hpp"
#include "pbem/mail/mime.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/files/state_yaml.hpp"
#include "wallenstein/files/version.hpp"
#include "wallenstein/host/game.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/host/held_game.hpp"
#include "wallenstein/host/season_files.hpp"
#include "wallenstein/host/season_schedule.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/views/map/render.hpp"
#include "wallenstein/views/report/reports.hpp"

namespace wallenstein::app {
namespace fs = std::filesystem;

Exit run_resolve(const Invocation& in) {
  const HeldGame held = hold_game(in, LockMode::exclusive);
  const GameDirectory& game = held.game;
  const Ruleset rules = game_rules(in, game);
  const SeasonDir season = game.current();
  const auto texts = load_problem_texts(in.templates_dir(), "en", kept_cache_dir());
  SeasonInputs inputs = load_season_inputs(game, season, rules, texts);
  // Without --nmr, a game on a schedule plays its own policy (hold has run its course by now).
  const auto& schedule = game.config().schedule;
  const std::string nmr = in.has("nmr")                                 ? in.get<std::string>("nmr")
                          : schedule && schedule->nmr == NmrPolicy::bot ? std::string(kNmrBot)
                                                                        : std::string(kNmrPass);
  if (!inputs.missing.empty() && !in.has("force")) {
    in.err << "wallenstein resolve: orders are missing from " << game.config().names(inputs.missing)
           << " for " << season.name
           << "; wait for them, or resolve with --force (they then play --nmr " << nmr << ")\n";
    return Exit::not_now;
  }
  fill_nmr(inputs, nmr, rules, texts);
  // A game on a schedule: the season this opens gets its deadline from it (interfaces 6).
  std::optional<SeasonTimetable> timetable;
  if (schedule) timetable = open_timetable(*schedule, clock_now(in));
  resolve_current(game, rules, inputs, nmr, in.has("state-only"), timetable, resources(in), in.out);
  return Exit::ok;
}

namespace {

/// Re-creates the first season from the seed and re-resolves every season; prints one line per
/// season and each difference; returns the number of differences.
std::size_t replay_seasons(const GameDirectory& game, const Ruleset& rules, const Invocation& in) {
  const auto seasons = game.seasons();
  std::size_t differences = 0;
  const auto texts = load_problem_texts(in.templates_dir(), "en", kept_cache_dir());
  const std::string first = write_state(new_game(new_game_spec(game.config()), rules), rules);
  if (auto diff = first_difference(first, read_bytes(seasons.front().state_file()));
      !diff.empty()) {
    in.err << seasons.front().state_file().string()
           << ": differs from `new` with the game's seed: " << diff << "\n";
    ++differences;
  }
  for (std::size_t i = 0; i + 1 < seasons.size(); ++i) {
    const ResolvedSeason again = reresolve(game, seasons[i], rules, texts);
    std::size_t before = differences;
    if (auto diff = first_difference(again.log_text, read_bytes(seasons[i].log_file()));
        !diff.empty()) {
      in.err << seasons[i].log_file().string() << ": differs: " << diff << "\n";
      ++differences;
    }
    if (auto diff = first_difference(again.state_text, read_bytes(seasons[i + 1].state_file()));
        !diff.empty()) {
      in.err << seasons[i + 1].state_file().string() << ": differs: " << diff << "\n";
      ++differences;
    }
    in.out << seasons[i].name << ": " << (differences == before ? "confirmed" : "DIFFERS") << "\n";
  }
  const std::size_t resolved = seasons.size() - 1;
  if (differences > 0)
    in.err << "replay found " << differences
           << (differences == 1 ? " difference\n" : " differences\n");
  else if (resolved == 1)
    in.out << "The 1 resolved season replays byte for byte.\n";
  else
    in.out << "All " << resolved << " resolved seasons replay byte for byte.\n";
  return differences;
}

}  // namespace

Exit run_replay(const Invocation& in) {
  const HeldGame held = hold_game(in, LockMode::shared);
  const Ruleset rules = game_rules(in, held.game);
  return replay_seasons(held.game, rules, in) == 0 ? Exit::ok : Exit::invalid_input;
}

namespace {

/// Whether the commitment appears in a report of the first season (what players were sent).
bool announced_in_first_reports(const GameDirectory& game, const std::string& commitment) {
  const auto reports = game.seasons().front().path / "reports";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(reports, ec)) {
    if (entry.path().extension() == ".txt" &&
        read_bytes(entry.path()).find(commitment) != std::string::npos)
      return true;
  }
  return false;
}

}  // namespace

namespace {

/// verify of a game's directory `dir` (perhaps an unpacked archive's), said to `in`'s streams.
Exit verify_game(const Invocation& in, const fs::path& dir) {
  const HeldGame held =
      wallenstein::hold_game(dir, LockMode::shared, in.wait(), in.command, in.err);
  const GameConfig& config = held.game.config();
  const Ruleset rules = game_rules(in, held.game);
  bool ok = true;
  if (config.commitment.empty()) {
    in.out << "This game was created by an older program, without a seed commitment: only the "
              "replay is checked.\n";
  } else {
    const std::string computed = seed_commitment(kGameName, config.seed.value_or(0), config.salt);
    const std::string& announced =
        in.has("commitment") ? in.get<std::string>("commitment") : config.commitment;
    if (computed != announced || computed != config.commitment) {
      in.err << "wallenstein verify: the seed and salt do not match the commitment: SHA-256 gives "
             << computed << ", announced was " << announced << "\n";
      ok = false;
    } else {
      in.out << "Commitment " << computed << " matches seed " << config.seed.value_or(0)
             << " and salt " << config.salt << ".\n";
    }
    if (!in.has("commitment") && fs::exists(held.game.seasons().front().path / "reports") &&
        !announced_in_first_reports(held.game, config.commitment)) {
      in.err << "wallenstein verify: the first season's reports do not announce this commitment\n";
      ok = false;
    }
  }
  if (replay_seasons(held.game, rules, in) > 0) ok = false;
  const GameState last = held.game.load_state(held.game.current(), rules);
  if (!last.finished)
    in.out << "Note: the game is not over; its seed must stay secret until the end.\n";
  in.out
      << (ok ? "Verified: the dice were fixed from the start and every season follows from them.\n"
             : "NOT verified (see above).\n");
  return ok ? Exit::ok : Exit::invalid_input;
}

/// `text` with every path inside the unpacked archive `folder` said as inside `archive`.
std::string as_in_archive(std::string text, const fs::path& folder, const fs::path& archive) {
  const std::string from = folder.string() + "/";
  const std::string to = archive.string() + ":";
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

}  // namespace

Exit run_verify(const Invocation& in) {
  const fs::path path = in.game_dir();
  std::error_code ec;
  if (!fs::exists(path, ec) && path.string().ends_with(".tar.gz"))
    throw InputError(path.string(),
                     "no such file; give a game's directory or its published "
                     "archive (NAME.tar.gz from the game's public pages)");
  if (!fs::is_regular_file(path, ec)) return verify_game(in, path);
  // A published game's archive (interfaces 8) is verified as its directory is; what is said
  // names the files inside the archive, never the temporary folder it was unpacked into.
  const UnpackedArchive unpacked(path);
  std::ostringstream out, err;
  const Invocation inside{in.options, out, err, in.command};
  try {
    const Exit exit = verify_game(inside, unpacked.game());
    in.out << as_in_archive(out.str(), unpacked.folder(), path);
    in.err << as_in_archive(err.str(), unpacked.folder(), path);
    return exit;
  } catch (const InputError& e) {
    in.out << as_in_archive(out.str(), unpacked.folder(), path);
    in.err << as_in_archive(err.str(), unpacked.folder(), path);
    std::vector<pbem::Diagnostic> renamed = e.diagnostics();
    for (auto& d : renamed) d.path = as_in_archive(d.path, unpacked.folder(), path);
    throw InputError(renamed);
  }
}

namespace {

/// The players whose report of a season the mail ledger shows as sent.
std::vector<std::string> mailed_players(const GameDirectory& game, const SeasonDir& season) {
  const mail::Ledger ledger = mail::Ledger::load(game.root());
  std::vector<std::string> out;
  for (const auto& player : game.config().players) {
    const auto entries = ledger.of(round_mail_key(season, "report", player.id));
    if (std::any_of(entries.begin(), entries.end(),
                    [](const mail::LedgerEntry* e) { return e->state == mail::Delivery::sent; })) {
      out.push_back(player.id);
    }
  }
  return out;
}

/// Queues, in the rollback's commit, a notice to each player whose orders for the undone season
/// were set aside in attic/: they must send them again once that season opens again. Returns how
/// many.
std::size_t queue_set_aside_notices(Journal& journal, const GameDirectory& game,
                                    const SeasonDir& reopened, const SeasonDir& undone,
                                    const RollbackOutcome& outcome, Instant now,
                                    const Templates& templates) {
  mail::Ledger ledger = mail::Ledger::load(game.root());
  std::size_t queued = 0;
  for (const auto& file : outcome.kept_orders) {
    const std::string id = fs::path(file).stem().string();
    const PlayerInfo* player = game.config().player(id);
    if (!player) continue;
    report::Data d;
    d["game"] = game.config().name;
    d["name"] = player->name;
    d["season"] = reopened.name;
    d["next"] = undone.name;
    d["gm"] = game.config().mail.game_master();
    const std::string body =
        templates.in(game.config().language_of(*player)).render(Format::text, "set_aside", d);
    mail::Message m;
    m.from = game_sender(game.config().mail);
    m.to = mail::Mailbox{player->name, player->email};
    m.subject = body.substr(0, body.find('\n'));
    m.text = body.substr(body.find('\n') + 1);
    m.date = mail::rfc5322_date(now);
    const std::string key = undone.path.filename().string() + "/set-aside-" +
                            std::to_string(now.time_since_epoch().count()) + "/" + id;
    m.message_id = "<wallenstein." + game.config().name + "." + undone.path.filename().string() +
                   ".set-aside." + std::to_string(now.time_since_epoch().count()) + "." + id + "@" +
                   game_mail_domain(game.config().mail) + ">";
    m.headers.emplace_back("Auto-Submitted", "auto-generated");
    mail::queue_message(journal, ledger, key, m);
    ++queued;
  }
  return queued;
}

/// Sends what waits in the game's queue now; says how it went.
std::string send_queued(const GameDirectory& game, Instant now,
                        const std::optional<std::string>& smtp) {
  const auto mailer = game_mailer(game.root(), game.config().mail, smtp);
  const auto sent = mail::flush_queue(game.root(), mailer.get(), game_sender(game.config().mail),
                                      now, mail::Deferred::when_due);
  if (!sent.failure.empty())
    return "the mail waits in the queue for the next `tick` or `mail` (" + sent.failure + ")";
  return "sent via " + mailer->describe();
}

}  // namespace

Exit run_rollback(const Invocation& in) {
  const HeldGame held = hold_game(in, LockMode::exclusive);
  const bool dry = in.has("dry-run");
  // The season that opens again must be playable: checked before anything changes.
  if (const auto seasons = held.game.seasons(); seasons.size() >= 2)
    held.game.load_state(seasons[seasons.size() - 2], game_rules(in, held.game));
  const Instant now = clock_now(in);
  const auto before = held.game.seasons();
  std::optional<SeasonTimetable> timetable;
  bool hold_now = false;
  std::size_t told = 0;
  const auto also = [&](Journal& journal, const RollbackOutcome& outcome) {
    if (before.size() < 2) return;
    const SeasonDir& reopened = before[before.size() - 2];
    // A deadline that has passed would make the next `tick` resolve the season again at once:
    // it is held until the game master gives a new deadline or resolves it.
    timetable = read_timetable(reopened);
    if (timetable && timetable->deadline <= now && !timetable->held) {
      timetable->held = true;
      hold_now = true;
      write_timetable(journal, held.game, reopened, *timetable);
    }
    told = queue_set_aside_notices(journal, held.game, reopened, before.back(), outcome, now,
                                   load_templates(in.templates_dir()));
    // The reports the players were mailed, so that the correction can say what changed.
    for (const auto& id : mailed_players(held.game, reopened)) {
      const fs::path report = reopened.path / "reports" / (id + ".txt");
      if (fs::is_regular_file(report)) {
        journal.write(fs::path("attic") / reopened.path.filename() / "reports" / (id + ".txt"),
                      read_bytes(report));
      }
    }
  };
  RulesetCache rules(in.data_dir());  // not loaded: rollback asks the game only for its files
  const RollbackOutcome done = rollback_last_resolve(
      WallensteinGame(held.game, rules, resources(in)), in.has("force"), dry, also);
  for (const auto& line : done.changes) in.out << "  " << (dry ? "would be " : "") << line << "\n";
  const auto seasons = held.game.seasons();
  const auto mailed = mailed_players(held.game, dry ? seasons[seasons.size() - 2] : seasons.back());
  if (dry) {
    in.out << "Dry run: nothing changed. Rolling back would make " << done.season
           << " the season being planned again.\n";
  } else {
    in.out << "Rolled back: " << done.season << " is the season being planned again.\n";
  }
  if (hold_now) {
    in.out << "Its deadline, " << describe_instant(timetable->deadline, timetable->timezone)
           << ", has passed: the season " << (dry ? "would be" : "is")
           << " held, so that `tick` does not resolve it again at once. Give it a new deadline "
              "(`wallenstein deadline "
           << printable(held.game.root().string())
           << " --extend 48h`: the players are told) or resolve it yourself (`wallenstein resolve "
           << printable(held.game.root().string()) << "`).\n";
  }
  if (told > 0 && !dry) {
    in.out << "The players whose orders for " << before.back().name << " were set aside are told ("
           << told << (told == 1 ? " message" : " messages") << "); "
           << send_queued(
                  held.game, now,
                  in.has("smtp") ? std::optional(in.get<std::string>("smtp")) : std::nullopt)
           << "\n";
  }
  if (!mailed.empty()) {
    in.out << "Already mailed the undone report of " << done.season << ": "
           << held.game.config().names(mailed)
           << ". After the next resolve, `wallenstein mail` sends them a correction.\n";
    // Rules 2.2: the report of the draft listed every pick, so the pile's order is known now.
    if (done.season.find("-draft") != std::string::npos) {
      in.out << "Its picks showed the order of the pile, which the draft plays again: the players "
                "know it now.\n";
    }
  }
  return Exit::ok;
}

}  // namespace wallenstein::app
