// status: where one game or many stand (interfaces 1 and 6), for people and for scripts.

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>

#include "app/command.hpp"
#include "app/game_roots.hpp"
#include "app/operations.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/digest.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/host/intake.hpp"
#include "pbem/mail/health.hpp"
#include "pbem/mail/ledger.hpp"
#include "pbem/mail/mime.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/host/held_game.hpp"
#include "wallenstein/host/season_schedule.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::app {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// The receipt of stored orders: the start of their SHA-256, as the mailed receipt gives it.
std::string receipt(const SeasonDir& season, const std::string& id) {
  return sha256_hex(read_bytes(season.orders_file(id))).substr(0, 12);
}

/// The messages of the game's mail whose latest word (a later sending replaces an earlier one)
/// is `state`, each as `row(key, entry)` gives it.
template <class Row>
json latest_mail(const GameDirectory& game, mail::Delivery state, const Row& row) {
  const mail::Ledger ledger = mail::Ledger::load(game.root());
  std::map<std::string, const mail::LedgerEntry*> latest;
  for (const auto& e : ledger.entries()) latest[e.key] = &e;
  json out = json::array();
  for (const auto& [key, e] : latest) {
    if (e->state == state) out.push_back(row(key, *e));
  }
  return out;
}

/// Mail a server refused for good.
json refused_mail(const GameDirectory& game) {
  return latest_mail(game, mail::Delivery::refused,
                     [](const std::string& key, const mail::LedgerEntry& e) {
                       return json{{"key", key},
                                   {"to", e.to},
                                   {"answer", e.answer},
                                   {"refusal", e.refusal == "message" ? "message" : "address"}};
                     });
}

/// Mail a server keeps deferring ("try later").
json deferred_mail(const GameDirectory& game) {
  return latest_mail(
      game, mail::Delivery::deferred, [](const std::string& key, const mail::LedgerEntry& e) {
        const auto next = mail::next_attempt(e);
        return json{{"key", key},
                    {"to", e.to},
                    {"answer", e.answer},
                    {"since", e.deferred_since},
                    {"attempts", e.attempts},
                    {"next_attempt", next ? mail::rfc5322_date(*next) : std::string()}};
      });
}

/// How many messages wait in the queue (receipts and notices not sent yet).
int queued_mail(const GameDirectory& game) {
  const mail::Ledger ledger = mail::Ledger::load(game.root());
  return static_cast<int>(std::count_if(
      ledger.entries().begin(), ledger.entries().end(), [](const mail::LedgerEntry& e) {
        return e.state == mail::Delivery::queued ||
               (e.state == mail::Delivery::pending && !e.queue_file.empty());
      }));
}

/// The game's mail when a way of it fails (intake: the IMAP mailbox; outgoing: SMTP).
json mail_health(const GameDirectory& game) {
  const mail::MailHealth health = mail::MailHealth::load(game.root());
  json out = json::object();
  for (const auto& [name, channel] :
       {std::pair{"intake", &health.intake}, std::pair{"outgoing", &health.outgoing}}) {
    out[name] = channel->failing() ? json{{"since", channel->since}, {"error", channel->error}}
                                   : json(nullptr);
  }
  return out;
}

/// One game's status as JSON (the text form is written from it, so both always agree).
json game_status(const fs::path& dir, const Invocation& in, RulesetCache& rulesets, Instant now) {
  const HeldGame held =
      wallenstein::hold_game(dir, LockMode::shared, in.wait(), "status", in.err, kept_cache_dir());
  const GameDirectory& game = held.game;
  const GameConfig& config = game.config();
  const Ruleset& rules = rulesets.at(config, dir / "game.yaml");
  const SeasonDir season = game.current();
  const GameState state = game.load_state(season, rules);
  json j;
  j["game"] = config.name;
  j["dir"] = dir.string();
  j["players"] = config.players.size();
  j["rules_version"] = rules.version;
  j["edition"] = rules.edition;
  j["setup"] = config.setup;
  j["expansions"] = config.expansions;
  j["refused_mail"] = refused_mail(game);
  j["deferred_mail"] = deferred_mail(game);
  j["queued_mail"] = queued_mail(game);
  json unstored = json::array();
  for (const KeptMessage& k : unstored_orders(game.root())) {
    unstored.push_back({{"id", k.id},
                        {"player", k.player},
                        {"season", k.season},
                        {"outcome", k.outcome},
                        {"at", k.at}});
  }
  j["unstored_orders"] = unstored;
  j["mail_health"] = mail_health(game);
  j["finished"] = state.finished;
  if (state.finished) {
    json winners = json::array();
    for (PlayerIndex w : state.winners) {
      const PlayerState& p = state.player(w);
      json tie_breaks = json::array();  // in the order they decide
      for (const auto& [key, count] : winner_tie_values(state, rules, w))
        tie_breaks.push_back({{"key", key}, {"count", count}});
      winners.push_back({{"id", p.id},
                         {"name", config.players[w.value].name},
                         {"vp", p.vp},
                         {"thaler", p.thaler},
                         {"tie_breaks", tie_breaks}});
    }
    j["winners"] = winners;
    return j;
  }
  j["season"] = season.name;
  j["season_number"] = season.index;
  j["seasons"] = rules.season_count();
  if (const auto t = read_timetable(season)) {
    j["deadline"] = format_instant(t->deadline, t->timezone);
    j["deadline_text"] = describe_instant(t->deadline, t->timezone);
    j["seconds_left"] = std::max<long long>(0, (t->deadline - now).count());
    j["held"] = t->held;
    j["extended"] = t->extended;
  } else if (const auto free = config.deadlines.find(season.name); free != config.deadlines.end()) {
    j["deadline_text"] = free->second;
  }
  const auto submitted = game.submitted(season);
  json have = json::array();
  json missing = json::array();
  for (const auto& p : config.players) {
    if (std::find(submitted.begin(), submitted.end(), p.id) != submitted.end()) {
      have.push_back({{"id", p.id}, {"name", p.name}, {"receipt", receipt(season, p.id)}});
    } else {
      missing.push_back({{"id", p.id}, {"name", p.name}, {"paused", p.paused}});
    }
  }
  j["submitted"] = have;
  j["missing"] = missing;
  return j;
}

std::string who(const json& p) {
  return printable(p["name"].get<std::string>()) + " (" + p["id"].get<std::string>() + ")";
}

/// What waits or fails in the game's mail: refused, deferred and queued messages, orders not
/// stored, a mailbox or a server that fails.
void print_mail(std::ostream& out, const json& j) {
  for (const auto& r : j["refused_mail"]) {
    out << "Refused mail: " << printable(r["key"].get<std::string>()) << " to "
        << printable(r["to"].get<std::string>()) << " ("
        << printable(r["answer"].get<std::string>()) << "); "
        << refusal_advice(r["refusal"] == "message") << "\n";
  }
  for (const auto& u : j["unstored_orders"]) {
    std::string outcome = u["outcome"].get<std::string>();  // too_late said as "too late"
    std::replace(outcome.begin(), outcome.end(), '_', ' ');
    out << "Orders not stored (" << outcome << "): message " << u["id"].get<std::string>() << " of "
        << printable(u["player"].get<std::string>()) << " for "
        << printable(u["season"].get<std::string>()) << ", received " << u["at"].get<std::string>()
        << "; `wallenstein accept " << printable(j["dir"].get<std::string>()) << " "
        << u["id"].get<std::string>() << "` stores them once their season is open"
        << (u["outcome"] == "too_late" ? " (after a rollback)" : "") << "\n";
  }
  if (const int queued = j["queued_mail"].get<int>(); queued > 0) {
    out << queued << (queued == 1 ? " message waits" : " messages wait")
        << " in the queue (receipts, notices): `wallenstein mail "
        << printable(j["dir"].get<std::string>()) << "` sends " << (queued == 1 ? "it" : "them")
        << "\n";
  }
  for (const auto& d : j["deferred_mail"]) {
    out << "Deferred mail: " << printable(d["key"].get<std::string>()) << " to "
        << printable(d["to"].get<std::string>()) << " ("
        << printable(d["answer"].get<std::string>()) << ") since " << d["since"].get<std::string>()
        << ", " << d["attempts"].get<int>()
        << (d["attempts"].get<int>() == 1 ? " attempt" : " attempts") << "; tried again from "
        << d["next_attempt"].get<std::string>() << " (`wallenstein mail` tries at once)\n";
  }
  if (const auto& intake = j["mail_health"]["intake"]; !intake.is_null()) {
    out << "Orders by mail: the mailbox cannot be read since " << intake["since"].get<std::string>()
        << " (" << printable(intake["error"].get<std::string>())
        << "); deadlines and mail to players go on\n";
  }
  if (const auto& outgoing = j["mail_health"]["outgoing"]; !outgoing.is_null()) {
    out << "Outgoing mail fails since " << outgoing["since"].get<std::string>() << " ("
        << printable(outgoing["error"].get<std::string>())
        << "); every message waits and the next `tick` or `mail` sends it\n";
  }
}

void print_text(std::ostream& out, const json& j, const std::filesystem::path& templates_dir) {
  out << "Game " << printable(j["game"].get<std::string>()) << " in "
      << printable(j["dir"].get<std::string>()) << ", " << j["players"].get<int>() << " players\n";
  print_mail(out, j);
  if (j["finished"].get<bool>()) {
    std::vector<WinnerLine> winners;
    for (const auto& w : j["winners"]) {
      WinnerLine line{who(w), w["vp"].get<int>(), {}};
      for (const auto& t : w["tie_breaks"])
        line.tie_values.emplace_back(t["key"].get<std::string>(), t["count"].get<int>());
      winners.push_back(line);
    }
    write_game_over(out, winners, load_templates(templates_dir));
    return;
  }
  out << "Season " << j["season"].get<std::string>() << " (";
  if (j["season_number"].get<int>() == 0)  // Rules 2.2: the draft comes before season 1
    out << "the draft, before season 1";
  else
    out << j["season_number"].get<int>();
  out << " of " << j["seasons"].get<int>() << "), rules version " << j["rules_version"].get<int>();
  if (j["edition"].get<int>() == 1) out << ", 1st edition";
  if (j["setup"].get<std::string>() == "draft") out << ", draft setup";
  const auto& expansions = j["expansions"];
  for (std::size_t i = 0; i < expansions.size(); ++i)
    out << (i == 0 ? ", expansions " : ", ") << expansions[i].get<std::string>();
  out << "\n";
  out << "Deadline: ";
  if (j.contains("deadline")) {
    const long long left = j["seconds_left"].get<long long>();
    out << j["deadline_text"].get<std::string>() << " ("
        << (left > 0 ? describe_duration(std::chrono::minutes(left / 60)) + " left"
                     : std::string("passed"))
        << ")";
    if (j["held"].get<bool>())
      out << "; HELD: tick waits for the game master (a new deadline or `resolve` releases it)";
    else if (j["extended"].get<bool>())
      out << "; extended once";
  } else if (j.contains("deadline_text")) {
    out << printable(j["deadline_text"].get<std::string>());
  } else {
    out << "none set";
  }
  out << "\n";
  std::string have;
  for (const auto& p : j["submitted"])
    have +=
        (have.empty() ? "" : ", ") + who(p) + " [receipt " + p["receipt"].get<std::string>() + "]";
  std::string missing;
  for (const auto& p : j["missing"])
    missing +=
        (missing.empty() ? "" : ", ") + who(p) + (p["paused"].get<bool>() ? " (paused)" : "");
  out << "Submitted: " << (have.empty() ? "nobody yet" : have) << "\n";
  out << "Missing:   " << (missing.empty() ? "nobody: ready to resolve" : missing) << "\n";
}

}  // namespace

Exit run_status(const Invocation& in) {
  const auto dirs = game_dirs(in);
  const Instant now = clock_now(in);
  RulesetCache rulesets(in.data_dir(), kept_cache_dir());
  json all = json::array();
  bool broken = false;
  bool busy = false;
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    json j;
    try {
      j = game_status(dirs[i], in, rulesets, now);
    } catch (const BusyError& e) {
      busy = true;
      j = {{"dir", dirs[i].string()}, {"error", e.what()}};
      in.err << "wallenstein status: " << dirs[i].string() << ": " << e.what() << "\n";
    } catch (const InputError& e) {
      broken = true;
      j = {{"dir", dirs[i].string()},
           {"error", e.diagnostics().empty() ? e.what() : e.diagnostics().front().format()}};
      in.err << format_all(e.diagnostics());
    }
    if (!in.has("json") && j.contains("game")) {
      if (i > 0) in.out << "\n";
      print_text(in.out, j, in.templates_dir());
    }
    all.push_back(std::move(j));
  }
  // Mail that `receive --root` could not route waits for the game master beside the games.
  std::optional<UnroutedMail> unrouted;
  if (in.has("root")) unrouted = unrouted_mail(in.get<std::string>("root"));
  if (unrouted && unrouted->messages > 0 && !in.has("json")) {
    in.out << "\n"
           << unrouted->messages << (unrouted->messages == 1 ? " message" : " messages") << " in "
           << printable(unrouted->dir.string())
           << " named a game that is not here (a misspelt name?): read, then remove them.\n";
  }
  if (in.has("json")) {
    json doc{{"games", all}};
    if (unrouted) doc["unrouted"] = unrouted->messages;
    in.out << doc.dump(2) << "\n";
  }
  if (broken) return Exit::invalid_input;
  return busy ? Exit::not_now : Exit::ok;
}

}  // namespace wallenstein::app
