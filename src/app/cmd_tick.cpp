// tick and deadline: the game runs itself on its schedule (interfaces 6).

#include <malloc.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include "app/cmd_publish.hpp"
#include "app/command.hpp"
#include "app/game_roots.hpp"
#include "app/operations.hpp"
#include "app/season_context.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/host/tick.hpp"
#include "pbem/host/timetable.hpp"
#include "pbem/mail/health.hpp"
#include "pbem/mail/intake_ledger.hpp"
#include "pbem/mail/mime.hpp"
#include "pbem/mail/transport.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/report/model.hpp"
#include "wallenstein/views/report/names.hpp"

namespace wallenstein::app {
namespace fs = std::filesystem;

namespace {

/// How `tick` holds and opens a Wallenstein game and polls its mailbox. Its games share one
/// Resources: the templates, catalogues and map style are read once for them all.
TickPrograms programs(const Invocation& in, RulesetCache& rules, const Resources& where) {
  return TickPrograms{
      [&in, &rules, where](const fs::path& dir, LockMode mode) {
        HeldGame held = wallenstein::hold_game(dir, mode, in.wait(), "tick", in.err);
        return HeldGameRef{std::move(held.lock),
                           std::make_unique<WallensteinGame>(std::move(held.game), rules, where)};
      },
      [&in](const fs::path& dir) { return fetch_orders(in, dir); },
      [&in](const fs::path& dir) { return republish_if_asked(in, dir); }};
}

/// A game needs the full tick when something may be due; the quick look reads no state and no
/// ruleset (most games, most of the time: nothing to do).
bool anything_due(const fs::path& dir, Instant now, RulesetCache& rules, const Resources& where,
                  std::string& line) {
  try {
    const WallensteinGame game(GameDirectory::open(dir, kept_cache_dir()), rules, where);
    const TickLook look = quick_look(game, now);
    line = dir.filename().string() + ": " + look.line;
    // Orders stored by `receive` or `submit` since the last tick change the public pages too.
    return look.due || pages_stale(dir);
  } catch (const std::exception&) {
    return true;  // the full tick says what is wrong
  }
}

/// Ticks the games in `jobs` child processes (`wallenstein tick DIR... --now T --jobs 1`), the
/// games dealt out in turn; returns their lines in the order of `dirs`. A child ticks its games
/// one after the other in one process: starting a process (libraries, fonts, ruleset,
/// templates) costs about as much CPU as a resolve's map.
std::vector<TickLine> tick_in_children(const std::vector<fs::path>& dirs, const Invocation& in,
                                       Instant now, int jobs) {
  const std::size_t groups = std::min(dirs.size(), static_cast<std::size_t>(jobs));
  const std::string exe = fs::read_symlink("/proc/self/exe").string();
  struct Child {
    pid_t pid = -1;
    FILE* out = nullptr;
    std::vector<std::size_t> games;
  };
  std::vector<Child> children(groups);
  for (std::size_t i = 0; i < dirs.size(); ++i) children[i % groups].games.push_back(i);
  for (Child& child : children) {
    std::vector<std::string> args = {exe, "tick"};
    for (std::size_t i : child.games) args.push_back(dirs[i].string());
    args.insert(args.end(), {"--now", format_instant(now, "UTC"), "--jobs", "1"});
    if (in.has("smtp")) args.insert(args.end(), {"--smtp", in.get<std::string>("smtp")});
    if (in.has("templates"))
      args.insert(args.end(), {"--templates", in.get<std::string>("templates")});
    if (in.has("data")) args.insert(args.end(), {"--data", in.get<std::string>("data")});
    args.insert(args.end(),
                {"--wait", std::to_string(static_cast<double>(in.wait().count()) / 1000.0)});
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
    child.pid = fork();
    if (child.pid < 0) throw std::runtime_error("fork failed");
    if (child.pid == 0) {
      dup2(fds[1], STDOUT_FILENO);
      close(fds[0]);
      close(fds[1]);
      std::vector<char*> argv;
      argv.reserve(args.size() + 1);
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(exe.c_str(), argv.data());
      _exit(4);
    }
    close(fds[1]);
    child.out = fdopen(fds[0], "r");
  }
  std::vector<TickLine> lines(dirs.size());
  for (Child& child : children) {
    // One line per game, in the order given; a child that died leaves the rest unsaid.
    std::string text;
    char buffer[4096];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, child.out))
      text.append(buffer, n);
    std::fclose(child.out);
    int status = 0;
    waitpid(child.pid, &status, 0);
    std::istringstream said(text);
    for (std::size_t i : child.games) {
      std::string line;
      if (std::getline(said, line)) {
        lines[i] = {line, line.find(": internal error: ") != std::string::npos};
      } else {
        lines[i] = {dirs[i].filename().string() +
                        ": internal error: the tick process died (status " +
                        std::to_string(status) + ")",
                    true};
      }
    }
  }
  return lines;
}

}  // namespace

Exit run_tick(const Invocation& in) {
  // A tick draws map after map, each on a 7 MB picture with buffers of a few MB. By default the
  // C library gives the top of its heap back to the kernel once a map frees it, and the next map
  // faults it in again page by page: 3,000 page faults a game. Both settings go together: either
  // alone turns off the library's own sliding threshold and faults more than the default. With
  // both, memory under 64 MiB comes from the heap and stays there for the next map (a child's
  // peak is 46 MiB). Should the library refuse them, the default is only slower.
  (void)mallopt(M_MMAP_THRESHOLD, 64 << 20);
  (void)mallopt(M_TRIM_THRESHOLD, 256 << 20);
  const std::vector<fs::path> dirs = game_dirs(in);
  const Instant now = clock_now(in);
  RulesetCache rules(in.data_dir(), kept_cache_dir());
  const Resources where = resources(in);
  const TickSettings settings{
      now, where.templates(),
      in.has("smtp") ? std::optional(in.get<std::string>("smtp")) : std::nullopt};
  const TickPrograms tick = programs(in, rules, where);
  const int jobs = in.get<int>("jobs") > 0
                       ? in.get<int>("jobs")
                       : std::max(1, static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)));
  std::vector<TickLine> lines(dirs.size());
  std::vector<fs::path> busy;
  std::vector<std::size_t> busy_at;
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    std::string line;
    if (!anything_due(dirs[i], now, rules, where, line)) {
      lines[i] = {line, false};
    } else if (jobs > 1 && dirs.size() > 1) {
      busy.push_back(dirs[i]);
      busy_at.push_back(i);
    } else {
      lines[i] = tick_game(dirs[i], tick, settings, in.err);
    }
  }
  if (!busy.empty()) {
    const auto done = tick_in_children(busy, in, now, jobs);
    for (std::size_t k = 0; k < busy.size(); ++k) lines[busy_at[k]] = done[k];
  }
  bool internal = false;
  for (const auto& l : lines) {
    in.out << l.text << "\n";
    internal = internal || l.internal_error;
  }
  return internal ? Exit::internal : Exit::ok;
}

namespace {

Exit send_deadline_notices(const Invocation& in, const GameDirectory& game, Instant now,
                           const std::vector<std::string>& keys);

}  // namespace

Exit run_deadline(const Invocation& in) {
  if (in.has("set") == in.has("extend"))
    throw UsageError("give either --set TIME or --extend DURATION");
  const HeldGame held = hold_game(in, LockMode::exclusive);
  const GameDirectory& game = held.game;
  const Ruleset rules = game_rules(in, game);
  const SeasonDir season = game.current();
  if (game.load_state(season, rules).finished)
    throw InputError(season.path.string(), "the game is over; there is no deadline to move");
  const Instant now = clock_now(in);
  const std::string zone =
      game.config().schedule ? game.config().schedule->timezone : std::string("UTC");
  const auto before = read_timetable(season);
  SeasonTimetable t = before.value_or(SeasonTimetable{now, now, zone, false, false, {}, {}});
  std::string how;  // what the output says of the new deadline
  if (in.has("set")) {
    const std::string text = in.get<std::string>("set");
    const auto when = parse_time_in(text, t.timezone);
    if (!when || utc_year(*when) > 2999) {
      throw UsageError("--set \"" + printable(text) +
                       "\" is not a time like \"2026-11-29 20:00\" (in " + t.timezone +
                       ") or 2026-11-29T20:00:00+01:00");
    }
    t.deadline = *when;
  } else {
    const std::string text = in.get<std::string>("extend");
    const auto by = parse_duration(text);
    if (!by || by->count() == 0)
      throw UsageError("--extend \"" + printable(text) +
                       "\" is not a duration like 24h, 2d or 1d12h");
    // Later than the deadline by this much; a deadline already past is moved this much from
    // now (the players could not send orders into the past).
    const bool passed = before && before->deadline < now;
    how = passed ? ", " + describe_duration(std::chrono::duration_cast<std::chrono::minutes>(*by)) +
                       " from now, as the deadline " +
                       describe_instant(before->deadline, t.timezone) + " had passed"
                 : ", " + describe_duration(std::chrono::duration_cast<std::chrono::minutes>(*by)) +
                       " later than it was";
    t.deadline = std::max(t.deadline, now) + *by;
  }
  if (t.deadline <= now)
    throw UsageError("the new deadline " + describe_instant(t.deadline, t.timezone) +
                     " is not in the future");
  if (before && before->deadline == t.deadline && !before->held) {
    in.out << "The deadline of " << season.name << " is already "
           << describe_instant(t.deadline, t.timezone) << "; nothing changed, nobody is told.\n";
    return Exit::ok;
  }
  t.held = false;  // the game master decided: tick runs the season again
  t.moved = now;
  const WallensteinGame wallenstein(game, rules, resources(in));
  auto notices = deadline_mail(wallenstein, season, t, now, pbem::DeadlineMoved{true},
                               load_templates(in.templates_dir()));
  std::vector<std::string> keys;
  keys.reserve(notices.size());
  for (const auto& [key, message] : notices) keys.push_back(key);
  commit_with_mail(wallenstein, season, t, notices);
  in.out << "Deadline of " << season.name << " moved to "
         << describe_instant(t.deadline, t.timezone) << " ("
         << format_instant(t.deadline, t.timezone) << how << ").\n";
  return send_deadline_notices(in, game, now, keys);
}

namespace {

/// Sends the notices of a moved deadline (`keys`) with what else waits in the queue, and says who
/// was told.
Exit send_deadline_notices(const Invocation& in, const GameDirectory& game, Instant now,
                           const std::vector<std::string>& keys) {
  const auto mailer =
      game_mailer(game.root(), game.config().mail,
                  in.has("smtp") ? std::optional(in.get<std::string>("smtp")) : std::nullopt);
  const auto sent = mail::flush_queue(game.root(), mailer.get(), game_sender(game.config().mail),
                                      now, mail::Deferred::when_due);
  if (!sent.failure.empty()) {
    in.out << "The players' mail waits in the queue; the next `wallenstein tick` sends it (do not "
              "move the deadline again).\n";
    in.err << "wallenstein: " << sent.failure << "\n";
    return Exit::transport;
  }
  std::string not_yet;  // a notice deferred ("try later") or refused by the server: not told yet
  for (const auto& m : sent.messages) {
    // flush_queue names each message by its ledger key
    if (std::find(keys.begin(), keys.end(), m.player) == keys.end()) continue;
    if (m.what == mail::Dispatched::What::deferred || m.what == mail::Dispatched::What::refused)
      not_yet += (not_yet.empty() ? "" : ", ") + printable(m.to.address);
  }
  if (not_yet.empty()) {
    in.out << "Every player is told (" << mailer->describe() << ").\n";
  } else {
    in.out << "The players are told (" << mailer->describe() << "), except " << not_yet
           << ": the server did not take their mail yet (`wallenstein status` shows why; `tick` "
              "tries again).\n";
  }
  return Exit::ok;
}

}  // namespace

}  // namespace wallenstein::app
