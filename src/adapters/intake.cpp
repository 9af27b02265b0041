#include "adapters/intake.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <sstream>
#include <system_error>

#include "adapters/game_mailer.hpp"
#include "adapters/held_game.hpp"
#include "adapters/order_file.hpp"
#include "adapters/report/forecast_text.hpp"
#include "adapters/report/names.hpp"
#include "adapters/report/problem_texts.hpp"
#include "adapters/report/templates.hpp"
#include "adapters/ruleset_files.hpp"
#include "adapters/season_schedule.hpp"
#include "adapters/version.hpp"
#include "pbem/diagnostic.hpp"
#include "pbem/digest.hpp"
#include "pbem/files.hpp"
#include "pbem/journal.hpp"
#include "pbem/mail/dispatch.hpp"
#include "pbem/mail/incoming.hpp"
#include "pbem/mail/intake_ledger.hpp"

namespace wallenstein {
namespace fs = std::filesystem;
namespace {

using report::Data;
using Mustache = kainjow::mustache::list;

/// Interfaces 5: at most this many messages of one player are answered per season.
constexpr int kAnswerLimit = 20;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

/// The game an order names on its `game:` line (enough to find the game under a root).
std::string named_game(const std::string& order) {
  std::istringstream in(order);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("game:", 0) != 0) continue;
    std::string name = line.substr(5);
    name.erase(0, name.find_first_not_of(" \t\"'"));
    name.erase(std::min(name.size(), name.find_first_of(" \t\"'#\r")));
    return name;
  }
  return {};
}

/// One line per diagnostic, as the player can find it in the order they wrote.
Mustache diagnostic_lines(const std::vector<Diagnostic>& diagnostics,
                          Diagnostic::Severity severity) {
  Mustache out;
  for (const auto& d : diagnostics) {
    if (d.severity != severity) continue;
    Data x;
    x["text"] = (d.line > 0 ? "line " + std::to_string(d.line) + ", column " +
                                  std::to_string(d.column) + ": "
                            : "") +
                d.message;
    out.push_back(x);
  }
  return out;
}

Mustache numbered_lines(const std::string& text) {
  Mustache out;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    Data x;
    char number[16];
    std::snprintf(number, sizeof number, "%3d", n);
    x["number"] = std::string(number);
    x["text"] = line;
    out.push_back(x);
  }
  return out;
}

/// One received message being handled in one game, under that game's lock.
class Intake {
 public:
  Intake(std::string_view raw, const IntakeSetup& setup, const GameDirectory& game)
      : raw_(raw),
        setup_(setup),
        game_(game),
        sha_(sha256_hex(raw)),
        message_(mail::parse_message(raw)),
        templates_(report::Templates::load(setup.templates_dir)),
        problem_texts_(report::ProblemTexts::load(report::problem_texts_file(setup.templates_dir))),
        journal_(game.root()),
        mail_ledger_(mail::Ledger::load(game.root())),
        intake_(mail::IntakeLedger::load(game.root())) {}

  Received run() {
    Received out{game_.config().name, {}, {}, {}};
    const std::string inbox = "mail/inbox/" + sha_.substr(0, 24) + ".eml";
    if (const mail::IntakeEntry* seen = intake_.find(message_.message_id, sha_)) {
      out.outcome = "duplicate";
      out.summary = "already handled (" + seen->outcome + ", " + seen->at +
                    "): nothing stored, no second answer";
      return out;
    }
    entry_ = mail::IntakeEntry{message_.message_id, sha_, message_.from_address, {}, {}, {}, {}, {},
                               setup_.now};
    journal_.write(inbox, std::string(raw_));
    inbox_file_ = inbox;
    out.summary = decide();
    out.outcome = entry_.outcome;
    journal_.write(mail::IntakeLedger::relative_path(), [&] {
      intake_.record(entry_);
      return intake_.text();
    }());
    journal_.commit();
    return out;
  }

 private:
  /// Decides what the message gets; returns the game master's line.
  std::string decide() {
    if (message_.automatic) {
      entry_.outcome = "automatic";
      return "automatic mail (" + *message_.automatic + "): no answer";
    }
    rules_ =
        load_game_ruleset(setup_.data_dir, game_.config().rules_version, game_.config().edition,
                          game_.config().expansions, game_.root() / "game.yaml");
    season_ = game_.current();
    state_ = game_.load_state(season_, rules_);
    const mail::FoundOrder found = mail::find_order(message_);
    if (!found.problem.empty()) return no_order(found);
    CheckedOrderFile checked =
        check_order_source(SourceFile{"your orders", found.text}, state_, rules_, problem_texts_);
    entry_.player = lower(checked.player_id);
    entry_.season = checked.season;
    const PlayerInfo* player = game_.config().player(entry_.player);
    if (!player || player->token.empty() || !checked.token ||
        !token_matches(*checked.token, player->token)) {
      return bad_token(player, checked);
    }
    if (intake_.answered(player->id, entry_.season) >= kAnswerLimit) return rate_limited(*player);
    return answer(*player, found, checked);
  }

  std::string no_order(const mail::FoundOrder& found) {
    entry_.outcome = "no_order";
    // Only a registered address gets told; anyone else could be forging the sender.
    for (const auto& p : game_.config().players) {
      if (lower(p.email) != message_.from_address) continue;
      Data d = base_data();
      d["no_order"] = true;
      d["problem"] = found.problem;
      entry_.player = p.id;
      reply(p, d);
      return "no order found in a message from " + p.id + " (" + found.problem + "); told them";
    }
    notify_gm("a message without orders", "It held no order file: " + found.problem + ".");
    return "no order found in a message from an unknown sender; the game master is told";
  }

  std::string bad_token(const PlayerInfo* player, const CheckedOrderFile& checked) {
    entry_.outcome = "bad_token";
    std::string why;
    if (!player)
      why = "it names no player of this game (\"" + checked.player_id + "\")";
    else if (player->token.empty())
      why = player->id + " has no token yet: run `wallenstein player DIR token " + player->id +
            " --new`";
    else if (!checked.token)
      why = "it carries no token for " + player->id;
    else
      why = "its token is not " + player->id + "'s";
    notify_gm("orders refused: " + why, "A message claimed to hold orders but " + why + ".");
    return "orders refused: " + why + "; no answer, the game master is told";
  }

  std::string rate_limited(const PlayerInfo& player) {
    entry_.outcome = "rate_limited";
    // The game master hears of it once, at the first message over the limit.
    if (intake_.count(player.id, entry_.season, "rate_limited") == 0) {
      notify_gm(
          player.id + " sent more than " + std::to_string(kAnswerLimit) + " messages this season",
          "Further messages of " + player.id + " for " + entry_.season +
              " are recorded but not answered.");
    }
    return "more than " + std::to_string(kAnswerLimit) + " messages of " + player.id +
           " this season: no answer";
  }

  std::string answer(const PlayerInfo& player, const mail::FoundOrder& found,
                     CheckedOrderFile& checked) {
    Data d = base_data();
    d["player"] = player.id;
    d["found_in"] = found.source;
    const std::string open = season_label(rules_, state_.season_index).name();
    const auto seasons = game_.seasons();
    const bool past = checked.season != open &&
                      std::any_of(seasons.begin(), seasons.end(),
                                  [&](const SeasonDir& s) { return s.name == checked.season; });
    if (state_.finished) {
      entry_.outcome = "game_over";
      d["game_over"] = true;
    } else if (past) {
      entry_.outcome = "too_late";
      d["too_late"] = true;
      d["written_season"] = checked.season;
    } else if (checked.ok()) {
      entry_.outcome = "accepted";
      d["accepted"] = true;
      const fs::path file = fs::relative(season_.orders_file(player.id), game_.root());
      d["replaced"] = fs::exists(game_.root() / file);
      journal_.write(file, found.text);
      entry_.receipt = sha256_hex(found.text);
      d["receipt"] = entry_.receipt;
      stored_ = player.id;
    } else {
      entry_.outcome = "rejected";
      d["rejected"] = true;
    }
    const Mustache errors = diagnostic_lines(checked.diagnostics, Diagnostic::Severity::error);
    Mustache warnings = diagnostic_lines(checked.diagnostics, Diagnostic::Severity::warning);
    for (const auto& w : found.warnings) {
      Data x;
      x["text"] = w;
      warnings.push_back(x);
    }
    d["one_error"] = errors.size() == 1;
    d["error_count"] = std::to_string(errors.size());
    d["any_errors"] = !errors.empty() && !state_.finished && !past;
    d["errors"] = errors;
    d["any_warnings"] = !warnings.empty();
    d["warnings"] = warnings;
    // The forecast of valid orders, as `check` and `submit` print it.
    Mustache forecast;
    if (entry_.outcome == "accepted") {
      for (const auto& line : report::forecast_lines(*checked.orders, state_, rules_, templates_)) {
        Data x;
        x["text"] = line;
        forecast.push_back(x);
      }
    }
    d["any_forecast"] = !forecast.empty();
    d["forecast"] = forecast;
    d["any_lines"] = true;
    d["lines"] = numbered_lines(found.text);
    reply(player, d);
    std::string outcome = entry_.outcome;  // the ledger's key, "too_late", said as "too late"
    std::replace(outcome.begin(), outcome.end(), '_', ' ');
    return player.id + ": orders for " + (checked.season.empty() ? open : checked.season) + " " +
           outcome +
           (entry_.receipt.empty() ? "" : " (receipt " + entry_.receipt.substr(0, 12) + "...)") +
           "; answer queued";
  }

  /// What every answer says about the game: the open season, its deadline, who is missing.
  Data base_data() {
    Data d;
    d["game"] = game_.config().name;
    d["program"] = "wallenstein " + std::string(program_version());
    d["open"] = !state_.finished;
    d["season"] = season_label(rules_, state_.season_index).name();
    return d;
  }

  void add_waiting(Data& d) {
    if (state_.finished) return;
    const std::string open = season_label(rules_, state_.season_index).name();
    if (const auto t = read_timetable(season_)) {
      d["deadline"] = describe_instant(t->deadline, t->timezone);  // the schedule's (interfaces 6)
    } else if (const auto it = game_.config().deadlines.find(open);
               it != game_.config().deadlines.end()) {
      d["deadline"] = it->second;
    }
    Mustache missing;
    const auto submitted = game_.submitted(season_);
    for (const auto& p : game_.config().players) {
      if (p.id == stored_ || std::find(submitted.begin(), submitted.end(), p.id) != submitted.end())
        continue;
      Data x;
      x["name"] = p.name + " (" + p.id + ")";
      missing.push_back(x);
    }
    report::Names::mark_last(missing);
    d["waiting_for"] = !missing.empty();
    d["missing"] = missing;
  }

  void reply(const PlayerInfo& player, Data& d) {
    add_waiting(d);
    mail::Message m;
    m.from = game_sender(game_);
    m.to = mail::Mailbox{player.name, player.email};
    m.subject = templates_.render(report::Format::text, "receipt_subject", d);
    while (!m.subject.empty() && (m.subject.back() == '\n' || m.subject.back() == ' '))
      m.subject.pop_back();
    m.date = setup_.now;
    m.message_id = "<wallenstein." + game_.config().name + ".intake." + sha_.substr(0, 24) + "@" +
                   game_mail_domain(game_) + ">";
    if (!message_.message_id.empty()) m.headers.emplace_back("In-Reply-To", message_.message_id);
    if (!message_.references.empty()) m.headers.emplace_back("References", message_.references);
    m.headers.emplace_back("Auto-Submitted", "auto-replied");
    m.text = templates_.render(report::Format::text, "receipt", d);
    mail::queue_message(journal_, mail_ledger_, "intake/" + sha_.substr(0, 24), m);
    entry_.reply = m.message_id;
  }

  void notify_gm(const std::string& headline, const std::string& text) {
    Data d;
    d["game"] = game_.config().name;
    d["headline"] = headline;
    d["text"] = text;
    d["message_id"] = message_.message_id.empty() ? std::string("(none)") : message_.message_id;
    d["from"] = message_.from_address;
    d["at"] = setup_.now;
    d["inbox_file"] = inbox_file_;
    mail::Message m;
    m.from = game_sender(game_);
    m.to = mail::parse_mailbox(game_.config().mail.game_master(), "game.yaml mail.gm");
    const std::string body = templates_.render(report::Format::text, "gm_notice", d);
    m.subject = body.substr(0, body.find('\n'));
    m.text = body.substr(body.find('\n') + 1);
    m.date = setup_.now;
    m.message_id = "<wallenstein." + game_.config().name + ".notice." + sha_.substr(0, 24) + "@" +
                   game_mail_domain(game_) + ">";
    m.headers.emplace_back("Auto-Submitted", "auto-generated");
    mail::queue_message(journal_, mail_ledger_, "notice/" + sha_.substr(0, 24), m);
  }

  std::string_view raw_;
  const IntakeSetup& setup_;
  const GameDirectory& game_;
  std::string sha_;
  mail::IncomingMessage message_;
  report::Templates templates_;
  report::ProblemTexts problem_texts_;
  Journal journal_;
  mail::Ledger mail_ledger_;
  mail::IntakeLedger intake_;
  mail::IntakeEntry entry_;
  std::string inbox_file_;
  Ruleset rules_;
  SeasonDir season_;
  GameState state_;
  std::string stored_;  ///< the player whose orders this message stored
};

/// The game a message is for: the one given, or the one its order names under the root. When
/// none, `problem` says why and `names_a_game` whether the order named one (a misspelt name: the
/// message is worth keeping for the game master; automatic mail and spam are not).
std::optional<fs::path> game_of(std::string_view raw, const IntakeTarget& target,
                                std::string& problem, bool& names_a_game) {
  if (!target.game_dir.empty()) return target.game_dir;
  const mail::IncomingMessage message = mail::parse_message(raw);
  if (message.automatic) {
    problem = "automatic mail (" + *message.automatic + "): no answer";
    return std::nullopt;
  }
  const std::string name = named_game(mail::find_order(message).text);
  names_a_game = !name.empty();
  if (name.empty()) {
    problem = "no game named in the message (from " + message.from_address + "): no answer";
    return std::nullopt;
  }
  if (game_name_problem(name)) {
    problem = "\"" + name + "\" names no game (from " + message.from_address + "): no answer";
    return std::nullopt;
  }
  const fs::path dir = target.root / name;
  if (!fs::is_regular_file(dir / "game.yaml")) {
    problem = "no game \"" + name + "\" under " + target.root.string() + " (from " +
              message.from_address + "): no answer";
    return std::nullopt;
  }
  return dir;
}

/// Under a root, a message that reaches no game is kept in ROOT/.unrouted/ (named by its SHA-256,
/// so a message received twice is kept once) for the game master to read: a player who misspelt
/// the game's name is not answered, but the orders are not lost. At most kMaxUnrouted are kept,
/// so that mail to made-up games cannot fill the disk. Returns what to add to the summary.
std::string keep_unrouted(std::string_view raw, const fs::path& root, bool names_a_game) {
  if (root.empty() || !names_a_game) return {};  // automatic mail, spam: no orders to keep
  const UnroutedMail kept = unrouted_mail(root);
  const fs::path file = kept.dir / (sha256_hex(raw).substr(0, 32) + ".eml");
  std::error_code ec;
  if (fs::exists(file, ec)) return "; kept before as " + file.string();
  const std::uintmax_t bytes = kept.bytes + raw.size();
  if (kept.messages >= kMaxUnrouted || bytes > kMaxUnroutedBytes) {
    return "; NOT KEPT: " + kept.dir.string() + " is full (" + std::to_string(kept.messages) +
           " messages, " + std::to_string(bytes >> 20) + " MiB): read and remove them";
  }
  // Orders with tokens: the game master's alone, from the moment the folder exists.
  if (::mkdir(kept.dir.c_str(), 0700) != 0 && errno != EEXIST)
    throw std::system_error(errno, std::generic_category(), "cannot create " + kept.dir.string());
  write_atomic(file, raw);
  return "; kept as " + file.string();
}

}  // namespace

UnroutedMail unrouted_mail(const fs::path& root) {
  UnroutedMail out{root / ".unrouted"};
  std::error_code ec;
  for (fs::directory_iterator it(out.dir, ec), end; !ec && it != end; it.increment(ec)) {
    ++out.messages;
    out.bytes += it->is_regular_file(ec) ? it->file_size(ec) : 0;
  }
  return out;
}

Received receive_message(std::string_view raw, const IntakeTarget& target,
                         const IntakeSetup& setup) {
  std::string problem;
  bool names_a_game = false;
  const auto dir = game_of(raw, target, problem, names_a_game);
  if (!dir) {
    return Received{{}, "no_game", problem + keep_unrouted(raw, target.root, names_a_game), {}};
  }
  const HeldGame held = hold_game(*dir, LockMode::exclusive, setup.wait, "receive", *setup.notes);
  Received out = Intake(raw, setup, held.game).run();
  // Send the answer now, and any a crash left queued before.
  auto mailer = setup.mailer(held.game);
  const auto sent = mail::flush_queue(held.game.root(), mailer.get(), game_sender(held.game));
  out.mail_failure = sent.failure;
  return out;
}

}  // namespace wallenstein
