#include "wallenstein/host/game.hpp"

#include <algorithm>
#include <future>
#include <map>
#include <mutex>
#include <optional>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/digest.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/files/text_diff.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/host/transaction.hpp"
#include "pbem/mail/ledger.hpp"
#include "pbem/mail/mime.hpp"
#include "wallenstein/files/language_names.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/files/version.hpp"
#include "wallenstein/host/loaded_season.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/standings.hpp"
#include "wallenstein/views/map/render.hpp"
#include "wallenstein/views/map/style.hpp"
#include "wallenstein/views/report/forecast_text.hpp"
#include "wallenstein/views/report/reports.hpp"

namespace wallenstein {
namespace fs = std::filesystem;

void write_timetable(const GameDirectory& game, const SeasonDir& season,
                     const SeasonTimetable& timetable) {
  Journal journal(game.root());
  write_timetable(journal, game, season, timetable);
  journal.commit();
}

void write_timetable(Journal& journal, const GameDirectory& game, const SeasonDir& season,
                     const SeasonTimetable& timetable) {
  journal.write(fs::relative(season.path, game.root()) / kTimetableFile, timetable_text(timetable));
}

const Ruleset& RulesetCache::at(const GameConfig& config, const fs::path& game_yaml) {
  auto key = std::tuple(config.rules_version, config.edition, config.expansions);
  auto it = cache_.find(key);
  if (it == cache_.end()) {
    it = cache_
             .emplace(key, load_game_ruleset(data_dir_, config.rules_version, config.edition,
                                             config.expansions, game_yaml, kept_))
             .first;
  }
  return it->second;
}

std::vector<std::pair<std::string, int>> winner_tie_values(const GameState& state,
                                                           const Ruleset& rules, PlayerIndex p) {
  std::vector<std::pair<std::string, int>> out;
  const std::vector<int> values = tie_break_values(state, rules, p);
  for (std::size_t i = 0; i < values.size() && i < rules.scoring.tie_breaks.size(); ++i)
    out.emplace_back(tie_break_key(rules.scoring.tie_breaks[i]), values[i]);
  return out;
}

void write_game_over(std::ostream& out, const std::vector<WinnerLine>& winners,
                     const Templates& templates) {
  kainjow::mustache::list rows;
  for (const WinnerLine& w : winners) {
    report::Data row;
    row["who"] = w.who;
    row["vp"] = std::to_string(w.vp);
    kainjow::mustache::list values;
    for (const auto& [key, count] : w.tie_values) {
      report::Data value;
      value[key] = true;  // the flag `_tie_value` words: thaler, palaces, churches...
      value["count"] = std::to_string(count);
      value["one"] = count == 1;
      values.push_back(value);
    }
    row["tie_values"] = values;
    rows.push_back(row);
  }
  mark_last(rows);
  report::Data data;
  data["shared"] = winners.size() > 1;
  data["winners"] = rows;
  out << templates.render(Format::text, "game_over", data) << "\n";
}

/// What a Resources has read, shared by its copies; a lock for each, so that one thread reading
/// the templates does not hold up another reading the map's style.
struct Resources::Read {
  std::mutex templates_lock;
  std::optional<Templates> templates;
  std::mutex problem_texts_lock;
  std::map<std::string, report::ProblemTexts, std::less<>> problem_texts;
  std::mutex map_style_lock;
  std::optional<map::MapStyle> map_style;
};

Resources::Resources(fs::path data_dir, fs::path templates_dir, std::optional<fs::path> cache)
    : data_dir_(std::move(data_dir)),
      templates_dir_(std::move(templates_dir)),
      cache_(std::move(cache)),
      read_(std::make_shared<Read>()) {}

const Templates& Resources::templates() const {
  const std::lock_guard<std::mutex> hold(read_->templates_lock);
  if (!read_->templates) read_->templates = load_templates(templates_dir_);
  return *read_->templates;
}

const report::ProblemTexts& Resources::problem_texts(const std::string& language) const {
  const std::lock_guard<std::mutex> hold(read_->problem_texts_lock);
  auto found = read_->problem_texts.find(language);
  if (found == read_->problem_texts.end())
    found =
        read_->problem_texts.emplace(language, load_problem_texts(templates_dir_, language, cache_))
            .first;
  return found->second;
}

const map::MapStyle& Resources::map_style() const {
  const std::lock_guard<std::mutex> hold(read_->map_style_lock);
  if (!read_->map_style) read_->map_style = map::load_map_style(data_dir_);
  return *read_->map_style;
}

SeasonMaps render_season_maps(const SeasonView& view, const Resources& resources) {
  const map::MapStyle& style = resources.map_style();
  const Templates& templates = resources.templates();
  SeasonMaps maps;
  for (const std::string& code : report::season_languages(view)) {
    const Templates in_code = templates.in(code);
    const Ruleset named = in_language(*view.rules, in_code.words());
    map::MapStyle worded = style;
    worded.labels = map::labels_in(style, in_code.words());
    const map::MapRequest request{report::view_in(view, named, in_code), map::Layout::board, 0,
                                  resources.cache()};
    maps.push_back({code, report::map_file(view, code), map::render_map(request, worded).png});
  }
  return maps;
}

/// A season's reports and maps, as a resolve stores them and its mail carries them.
struct SeasonProducts {
  report::ReportSet reports;
  SeasonMaps maps;
};

namespace {

/// A resolved season's maps, then its reports, into the resolve's transaction. The maps take most
/// of a resolve's time: the reports are written on a thread of their own meanwhile. The maps stay
/// on this thread, the one pango and fontconfig start on. The templates are read first, here, so
/// that broken ones are said before anything else.
std::shared_ptr<const SeasonProducts> write_maps_and_reports(const SeasonView& view,
                                                             const Resources& resources,
                                                             ResolveTransaction& transaction) {
  const Templates& templates = resources.templates();
  std::future<report::ReportSet> reports = std::async(
      std::launch::async, [&view, &templates] { return report::build_reports(view, templates); });
  auto made = std::make_shared<SeasonProducts>();
  made->maps = render_season_maps(view, resources);
  made->reports = reports.get();
  for (const SeasonMap& m : made->maps) transaction.write(m.file, m.png);
  for (const auto& [relative, content] : report::report_files(made->reports))
    transaction.write(relative, content);
  return made;
}

}  // namespace

ResolveDone resolve_current(const GameDirectory& game, const Ruleset& rules,
                            const SeasonInputs& inputs, const std::string& nmr, bool state_only,
                            const std::optional<SeasonTimetable>& next_timetable,
                            const Resources& resources, std::ostream& out) {
  const SeasonDir season = game.current();
  const ResolvedSeason resolved = resolve_inputs(inputs, rules, nmr);
  const GameState& next = resolved.result.next;
  const SeasonLabel next_label = season_label(rules, next.season_index);
  const fs::path season_rel = fs::relative(season.path, game.root());
  const fs::path next_rel = fs::path("seasons") / next_label.directory();
  const GameConfig then = game.config().as_of(season.index);

  ResolveTransaction transaction(game.root(), season, next_rel);
  transaction.write("log.yaml", resolved.log_text);
  // Rules 11 `bot`: the bot's orders go beside the others, in the same commit as the resolve.
  for (const auto& [id, text] : inputs.bot_files)
    transaction.write(fs::path("orders") / (id + ".yaml"), text);
  std::shared_ptr<const SeasonProducts> products;
  if (!state_only) {
    // The map of what happened, in the same transaction: a crash leaves all or nothing.
    SeasonView view{
        &then, &rules, &inputs.state, &next, &resolved.result.log, resolved.header.nmr_policy};
    if (next_timetable) {
      view.due = next_timetable->deadline;
      view.due_timezone = next_timetable->timezone;
    }
    products = write_maps_and_reports(view, resources, transaction);
  }
  transaction.write_next("state.yaml", resolved.state_text);
  if (next_timetable && !next.finished)
    transaction.write_next(kTimetableFile, timetable_text(*next_timetable));
  transaction.commit();

  const SeasonLog& log = resolved.result.log;
  std::vector<std::string> order;
  for (PlayerIndex p : log.turn_order) order.push_back(next.player(p).id);
  if (log.draft.empty()) {
    out << "Resolved " << season.name << " of game " << game.config().name << ": event \""
        << rules.event(log.event).name << "\", turn order " << then.names(order) << ".\n";
  } else {  // Rules 2.2: the draft's picks
    int blind = 0;
    for (const DraftPick& pick : log.draft) blind += pick.blind ? 1 : 0;
    out << "Resolved " << season.name << " of game " << game.config().name << ": the draft, "
        << log.draft.size() << " picks (" << blind << " drawn blind).\n";
  }
  if (!inputs.missing.empty())
    out << "  NMR (--nmr " << resolved.header.nmr_policy << "): " << then.names(inputs.missing)
        << "\n";
  for (const auto& [id, text] : inputs.bot_files) {
    out << "  orders by the bot for " << then.names({id}) << ": " << season.orders_file(id).string()
        << "\n";
  }
  out << "  log:   " << (game.root() / season_rel / "log.yaml").string() << "\n";
  if (!state_only) {
    out << "  map:   " << (game.root() / season_rel / "map.png").string() << "\n"
        << "  reports: " << (game.root() / season_rel / "reports").string()
        << (game.config().schedule
                ? "/ (the next `wallenstein tick` mails them; `wallenstein mail` does it now)\n"
                : "/ (send them with `wallenstein mail`)\n");
  }
  out << "  state: " << (game.root() / next_rel / "state.yaml").string() << "\n";
  if (next.finished) {
    std::vector<WinnerLine> winners;
    for (const PlayerIndex index : next.winners) {
      const PlayerState& w = next.player(index);
      winners.push_back({game.config().names({w.id}), w.vp, winner_tie_values(next, rules, index)});
    }
    write_game_over(out, winners, resources.templates());
  } else {
    out << "Season " << next_label.name() << " is open for orders";
    if (next_timetable)
      out << ", due " << describe_instant(next_timetable->deadline, next_timetable->timezone);
    out << ".\n";
  }
  return ResolveDone{season.name, next.finished ? std::string() : next_label.name(), next.finished,
                     std::move(products)};
}

namespace {

/// What a season's mail reports: its state, and once resolved its log and the next state. A
/// message is corrected when these change (a rollback and a new resolve), not when a newer
/// program words the same report differently.
std::string season_digest(const GameDirectory& game, const SeasonDir& season) {
  std::string bytes = read_bytes(season.state_file());
  if (const auto next = game.next(season))
    bytes += read_bytes(season.log_file()) + read_bytes(next->state_file());
  return sha256_hex(bytes);
}

/// What a season's reports are made from, as files: where the season is, its digest
/// (season_digest), and the deadline of the season after, which the reports announce.
std::string products_key(const GameDirectory& game, const SeasonDir& season,
                         const std::string& digest) {
  std::string key = season.path.string() + "\n" + digest;
  if (const auto next = game.next(season); next && fs::exists(next->path / kTimetableFile))
    key += "\n" + read_bytes(next->path / kTimetableFile);
  return key;
}

/// The map and the report files the mail carries, stored where missing (and, before the first
/// resolve, refreshed): what is on disk is what was sent.
SeasonMaps store_products(const GameDirectory& game, const Ruleset& rules,
                          const SeasonDir& season_dir, const LoadedSeason& loaded,
                          const report::ReportSet& reports, const Resources& resources, bool dry) {
  const fs::path season = fs::relative(season_dir.path, game.root());
  Journal journal(game.root());
  SeasonMaps maps;
  const SeasonView view = loaded.view(rules);
  for (const std::string& code : report::season_languages(view)) {
    const fs::path stored = season_dir.path / report::map_file(view, code);
    if (fs::exists(stored))
      maps.push_back({code, report::map_file(view, code), read_bytes(stored)});
  }
  if (maps.size() < report::season_languages(view).size()) {
    for (SeasonMap& m : render_season_maps(view, resources)) {
      const auto found = std::find_if(maps.begin(), maps.end(),
                                      [&](const SeasonMap& s) { return s.language == m.language; });
      if (found != maps.end()) continue;
      journal.write(season / m.file, m.png);
      maps.push_back(std::move(m));
    }
  }
  for (const auto& [relative, content] : report::report_files(reports)) {
    const fs::path path = season_dir.path / relative;
    const bool stored = fs::exists(path);
    // A resolved season's reports are history: never rewritten here (`report` does that).
    if (stored && (loaded.resolution || read_bytes(path) == content)) continue;
    journal.write(season / relative, content);
  }
  if (!dry) journal.commit();
  return maps;
}

/// A corrected report (the season was rolled back and resolved again after its report went
/// out) opens with what changed since the report the player got, line by line, so that nobody
/// compares two reports by eye.
void add_what_changed(mail::Message& m, const GameDirectory& game, const SeasonDir& season,
                      const mail::Ledger& ledger, const std::string& key, const std::string& digest,
                      const std::string& player, const Templates& templates) {
  const fs::path mailed =
      game.root() / "attic" / season.path.filename() / "reports" / (player + ".txt");
  const auto earlier = ledger.of(key);
  const auto sent = std::find_if(earlier.rbegin(), earlier.rend(), [](const mail::LedgerEntry* e) {
    return e->state == mail::Delivery::sent;
  });
  if (sent == earlier.rend() || (*sent)->digest == digest || !fs::is_regular_file(mailed)) return;
  constexpr std::size_t kShown = 60;
  const auto changes = changed_lines(read_bytes(mailed), m.text);
  report::Data d;
  // When it was sent, in the reader's words (the mail's own date if it cannot be read).
  const auto sent_at = mail::parse_rfc5322_date((*sent)->at);
  const std::string zone =
      game.config().schedule ? game.config().schedule->timezone : std::string("UTC");
  d["date"] = sent_at ? describe_instant(*sent_at, zone, templates.words()) : (*sent)->at;
  d["none"] = changes.empty();
  kainjow::mustache::list lines;
  for (std::size_t i = 0; i < changes.size() && i < kShown; ++i) {
    report::Data x;
    x["sign"] = std::string(changes[i].added ? "+" : "-");
    x["text"] = changes[i].text;
    lines.push_back(x);
  }
  d["lines"] = lines;
  d["cut"] = changes.size() > kShown;
  d["more"] = std::to_string(changes.size() > kShown ? changes.size() - kShown : 0);
  const std::string text = templates.render(Format::text, "correction", d);
  m.text = text + "\n" + m.text;
  std::string escaped;
  for (const char c : text) {
    if (c == '<')
      escaped += "&lt;";
    else if (c == '>')
      escaped += "&gt;";
    else if (c == '&')
      escaped += "&amp;";
    else
      escaped += c;
  }
  const auto body = m.html.find("<body");
  const auto open = body == std::string::npos ? std::string::npos : m.html.find('>', body);
  if (open != std::string::npos)
    m.html.insert(open + 1, "<pre class=\"correction\">" + escaped + "</pre>");
}

/// A report's subject when it goes out again as a correction, in the reader's words.
std::string corrected_subject(const Templates& templates, const std::string& subject) {
  report::Data d;
  d["subject"] = subject;
  std::string text = templates.render(Format::text, "correction_subject", d);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

/// The season's mail: each player's report (keyed by the host's round_mail_key in the ledger, its
/// Message-ID made from that key as for the host's own messages) and the spectators' public one.
/// `digest` is the season's (the host's round_digest), which the ledger keeps with each message.
std::vector<mail::Outgoing> outgoing(const Game& host, const GameDirectory& game,
                                     const GameConfig& then, const SeasonDir& season,
                                     const std::string& digest, const report::ReportSet& reports,
                                     const SeasonMaps& maps, const MailRequest& request,
                                     const Templates& templates) {
  const auto png_in = [&](const std::string& code) -> const std::string& {
    const auto found = std::find_if(maps.begin(), maps.end(),
                                    [&](const SeasonMap& m) { return m.language == code; });
    return found != maps.end() ? found->png : maps.front().png;
  };
  const mail::Mailbox from = game_sender(game.config().mail);
  const std::string kind = mail_kind(host, season);
  std::vector<mail::Outgoing> out;
  const mail::Ledger ledger = mail::Ledger::load(game.root());
  for (std::size_t i = 0; i < reports.players.size(); ++i) {
    const report::PlayerReport& r = reports.players[i];
    // The seat's holder now: a replaced player's successor gets the mail, named as then.
    const PlayerInfo& player = game.config().players[i];
    if (request.player && *request.player != player.id) continue;
    mail::Message m;
    m.from = from;
    m.to = mail::Mailbox{player.name, player.email};
    m.subject = r.subject;
    m.date = mail::rfc5322_date(request.now);
    const std::string key = round_mail_key(season, kind, player.id);
    m.message_id = notice_message_id(host, key);
    m.text = r.text;
    m.html = r.mail_html;
    const Templates theirs = templates.in(r.language);
    add_what_changed(m, game, season, ledger, key, digest, player.id, theirs);
    // The map once: inline in the HTML; a text-only reader sees it as an attachment.
    m.inline_parts.push_back({"map.png", "image/png", png_in(r.language), report::kMapContentId});
    if (r.orders)
      m.attachments.push_back({r.orders_name, "text/plain; charset=utf-8", *r.orders, ""});
    const std::string corrected = corrected_subject(theirs, m.subject);
    out.push_back({key, player.id, std::move(m), digest, corrected});
  }
  if (request.player || then.mail.spectators.empty()) return out;
  // Spectators: the public report and the map, nothing private.
  for (std::size_t i = 0; i < game.config().mail.spectators.size(); ++i) {
    const std::string& address = game.config().mail.spectators[i];
    mail::Message m;
    m.from = from;
    m.to = mail::Mailbox{"", address};
    m.subject = reports.public_subject;
    m.date = mail::rfc5322_date(request.now);
    // Numbered, not named by address as in the ledger: the Message-IDs of games under way stay.
    m.message_id =
        notice_message_id(host, round_mail_key(season, kind, "spectator" + std::to_string(i + 1)));
    m.text = reports.public_text;
    m.html = reports.public_mail_html;
    m.inline_parts.push_back(
        {"map.png", "image/png", png_in(game.config().language), report::kMapContentId});
    const std::string corrected =
        corrected_subject(templates.in(game.config().language), m.subject);
    out.push_back(
        {spectator_mail_key(season, kind, address), "spectator", std::move(m), digest, corrected});
  }
  return out;
}

}  // namespace

std::string refusal_advice(bool message_refused) {
  return message_refused
             ? "the server took the address but refused the message itself (too large, or taken "
               "for spam): ask the player to let it through, then `wallenstein mail "
               "--retry-failed`"
             : "correct the address (`wallenstein player DIR address ID --email ADDR`), then "
               "`wallenstein mail --retry-failed`";
}

WallensteinGame::WallensteinGame(GameDirectory game, const Ruleset& rules, Resources resources)
    : game_(std::move(game)), rules_(&rules), resources_(std::move(resources)) {}

WallensteinGame::WallensteinGame(GameDirectory game, RulesetCache& cache, Resources resources)
    : game_(std::move(game)), cache_(&cache), resources_(std::move(resources)) {}

std::string_view WallensteinGame::program() const { return kGameName; }

const Ruleset& WallensteinGame::rules() const {
  if (!rules_) rules_ = &cache_->at(game_.config(), game_.root() / "game.yaml");
  return *rules_;
}

int WallensteinGame::round_count() const { return rules().season_count(); }

std::vector<std::string> WallensteinGame::awaited(const RoundDir& round) const {
  const auto submitted = game_.submitted(round);
  std::vector<std::string> missing;
  for (const auto& p : game_.config().players) {
    if (std::find(submitted.begin(), submitted.end(), p.id) == submitted.end())
      missing.push_back(p.id);
  }
  return missing;
}

void WallensteinGame::add_notice_data(const RoundDir& round, Data& d) const {
  d["has_bids"] = game_.config().edition != 1;  // rules 12: the 1st edition has no bids
  d["draft_season"] = round.index == 0;         // rules 2.2: the draft's list
}

RoundResolved WallensteinGame::resolve(NmrPolicy nmr, const Timetable& next, std::ostream& said) {
  const std::string policy = nmr == NmrPolicy::bot ? kNmrBot : kNmrPass;
  const report::ProblemTexts& texts = resources_.problem_texts();
  const SeasonDir season = game_.current();
  SeasonInputs inputs = load_season_inputs(game_, season, rules(), texts);
  fill_nmr(inputs, policy, rules(), texts);
  resolved_products_.reset();
  resolved_key_.clear();
  const ResolveDone done =
      resolve_current(game_, rules(), inputs, policy, false, next, resources_, said);
  resolved_key_ =
      done.products ? products_key(game_, season, season_digest(game_, season)) : std::string();
  resolved_products_ = done.products;
  return RoundResolved{done.season, done.next_season, done.finished, inputs.missing};
}

bool WallensteinGame::holds_products_of(const RoundDir& round) const {
  return holds_products_of(round, round_digest(round));
}

bool WallensteinGame::holds_products_of(const RoundDir& round, const std::string& digest) const {
  return resolved_products_ && products_key(game_, round, digest) == resolved_key_;
}

std::string WallensteinGame::round_digest(const RoundDir& round) const {
  return season_digest(game_, round);
}

RoundMail WallensteinGame::round_mail(const RoundDir& round, const MailRequest& request) {
  const Templates& templates = resources_.templates();
  // The season this object resolved: its reports and maps are stored already, and are what
  // reading the season back would build (WallensteinMail.TheMailOfASeasonJustResolved...).
  // The digest is of the state, log and next state, which storing the reports and maps leaves.
  const std::string digest = round_digest(round);
  if (holds_products_of(round, digest)) {
    return RoundMail{outgoing(*this, game_, game_.config().as_of(round.index), round, digest,
                              resolved_products_->reports, resolved_products_->maps, request,
                              templates)};
  }
  const LoadedSeason loaded = load_season(game_, rules(), round);
  const auto reports = report::build_reports(loaded.view(rules()), templates);
  const SeasonMaps maps =
      store_products(game_, rules(), round, loaded, reports, resources_, request.dry_run);
  return RoundMail{
      outgoing(*this, game_, loaded.config, round, digest, reports, maps, request, templates)};
}

RoundFiles WallensteinGame::program_files() const {
  return RoundFiles{{"state.yaml", "log.yaml", kTimetableFile, "map.png"}, {"reports"}};
}

CheckedOrder checked_order(const CheckedOrderFile& file, const GameState& state,
                           const Ruleset& rules, const Templates& templates) {
  CheckedOrder out{file.player_id, file.season, file.token, file.ok(), file.diagnostics};
  if (!file.ok()) return out;
  // The forecast of valid orders, as `check` and `submit` print it.
  kainjow::mustache::list forecast;
  for (const auto& line : report::forecast_lines(*file.orders, state, rules, templates)) {
    Data x;
    x["text"] = line;
    forecast.push_back(x);
  }
  out.receipt.emplace_back("any_forecast", Data(!forecast.empty()));
  out.receipt.emplace_back("forecast", Data(forecast));
  return out;
}

CheckedOrder WallensteinGame::check_order(const RoundDir& round, std::string_view text,
                                          std::string_view source,
                                          std::string_view language) const {
  const GameState state = game_.load_state(round, rules());
  const Templates templates = resources_.templates().in(language);
  const Ruleset named = in_language(rules(), templates.words());
  const report::ProblemTexts& texts = resources_.problem_texts(std::string(language));
  const CheckedOrderFile file =
      check_order_source(SourceFile{std::string(source), std::string(text)}, state, named, texts);
  return checked_order(file, state, named, templates);
}

std::optional<mail::Part> WallensteinGame::order_template(const RoundDir& round,
                                                          const PlayerInfo& player) const {
  const GameState state = game_.load_state(round, rules());
  const SeasonView view{&game_.config(), &rules(), &state, &state, nullptr};
  const auto reports = report::build_reports(view, resources_.templates());
  for (const auto& r : reports.players) {
    if (r.id == player.id && r.orders)
      return mail::Part{r.orders_name, "text/plain; charset=utf-8", *r.orders, ""};
  }
  return std::nullopt;
}

std::optional<std::string> WallensteinGame::player_report(const RoundDir& round,
                                                          const PlayerInfo& player) const {
  const fs::path file = round.path / "reports" / (player.id + ".txt");
  if (!fs::is_regular_file(file)) return std::nullopt;  // not written yet
  // Written again, as `mail --resend` would: in the language the player reads now, which may
  // not be the one the stored file was written in.
  const LoadedSeason loaded = load_season(game_, rules(), round);
  const auto reports = report::build_reports(loaded.view(rules()), resources_.templates());
  for (const auto& r : reports.players) {
    if (r.id == player.id) return r.text;
  }
  return read_bytes(file);
}

MailRun mail_season(const GameDirectory& game, const Ruleset& rules, const SeasonDir& season,
                    const MailRequest& request, const Resources& resources) {
  WallensteinGame wallenstein(game, rules, resources);
  return mail_round(wallenstein, season, request);
}

}  // namespace wallenstein
