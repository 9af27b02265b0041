#include <ostream>

#include "adapters/diagnostic.hpp"
#include "adapters/digest.hpp"
#include "adapters/files.hpp"
#include "adapters/game_mailer.hpp"
#include "adapters/journal.hpp"
#include "adapters/mail/dispatch.hpp"
#include "adapters/mail/mime.hpp"
#include "adapters/mail/transport.hpp"
#include "adapters/map/render.hpp"
#include "adapters/report/reports.hpp"
#include "app/command.hpp"
#include "app/season_context.hpp"

namespace wallenstein::app {
namespace po = boost::program_options;
namespace fs = std::filesystem;
namespace {

/// What a season's mail reports: its state, and once resolved its log and the next state. A
/// message is corrected when these change (a rollback and a new resolve), not when a newer
/// program words the same report differently.
std::string season_digest(const GameDirectory& game, const SeasonDir& season) {
  std::string bytes = read_bytes(season.state_file());
  if (const auto next = game.next(season)) bytes += read_bytes(season.log_file()) + read_bytes(next->state_file());
  return sha256_hex(bytes);
}

/// The map and the report files the mail carries, stored where missing (and, before the first
/// resolve, refreshed): what is on disk is what was sent.
std::string store_products(const OpenedSeason& opened, const LoadedSeason& loaded, const report::ReportSet& reports,
                           const fs::path& data_dir, bool dry) {
  const fs::path season = fs::relative(opened.season.path, opened.game.root());
  Journal journal(opened.game.root());
  std::string png;
  if (fs::exists(opened.season.path / "map.png")) {
    png = read_bytes(opened.season.path / "map.png");
  } else {
    const SeasonView view = loaded.view(opened.game.config(), opened.rules);
    png = map::render_map(map::MapRequest{view, map::Layout::board, 0}, map::load_map_style(data_dir)).png;
    journal.write(season / "map.png", png);
  }
  for (const auto& [relative, content] : report::report_files(reports)) {
    const fs::path path = opened.season.path / relative;
    const bool stored = fs::exists(path);
    // A resolved season's reports are history: never rewritten here (`report` does that).
    if (stored && (loaded.resolution || read_bytes(path) == content)) continue;
    journal.write(season / relative, content);
  }
  if (!dry) journal.commit();
  return png;
}

std::vector<mail::Outgoing> outgoing(const OpenedSeason& opened, const report::ReportSet& reports,
                                     const std::string& kind, const std::string& png, const Invocation& in) {
  const GameDirectory& game = opened.game;
  const mail::Mailbox from = game_sender(game);
  const std::string domain = game_mail_domain(game);
  const std::string season_dir = opened.season.path.filename().string();
  const std::string digest = season_digest(game, opened.season);
  std::vector<mail::Outgoing> out;
  for (std::size_t i = 0; i < reports.players.size(); ++i) {
    const report::PlayerReport& r = reports.players[i];
    const PlayerInfo& player = game.config().players[i];
    if (in.has("player") && in.get<std::string>("player") != player.id) continue;
    mail::Message m;
    m.from = from;
    m.to = mail::Mailbox{player.name, player.email};
    m.subject = r.subject;
    m.date = mail::rfc5322_now();
    m.message_id = "<wallenstein." + game.config().name + "." + season_dir + "." + kind + "." + player.id + "@" + domain + ">";
    m.text = r.text;
    m.html = r.mail_html;
    // The map once: inline in the HTML; a text-only reader sees it as an attachment.
    m.inline_parts.push_back({"map.png", "image/png", png, report::kMapContentId});
    if (r.orders) m.attachments.push_back({r.orders_name, "text/plain; charset=utf-8", *r.orders, ""});
    out.push_back({season_dir + "/" + kind + "/" + player.id, player.id, std::move(m), digest});
  }
  if (in.has("player") && out.empty()) throw UsageError("--player: no player \"" + in.get<std::string>("player") + "\" in this game");
  return out;
}

/// One line per message that was not simply sent, then the summary; returns the exit status.
Exit summarise(const Invocation& in, const mail::DispatchResult& result, const std::string& season,
               const std::string& kind, const std::string& via, std::size_t total) {
  using What = mail::Dispatched::What;
  int sent = 0, corrections = 0, copies = 0, before = 0, refused_before = 0, failed = 0;
  for (const auto& d : result.messages) {
    switch (d.what) {
      case What::sent: ++sent; break;
      case What::corrected: ++corrections; break;
      case What::copied: ++copies; break;
      case What::already_sent: ++before; break;
      case What::refused_before:
        ++refused_before;
        in.out << "  " << d.player << " <" << d.to.address << ">: refused earlier; fix the address and run "
               << "`wallenstein mail --retry-failed`\n";
        break;
      case What::refused:
      case What::deferred:
        ++failed;
        in.out << "  " << d.player << " <" << d.to.address << ">: " << (d.what == What::refused ? "refused" : "deferred")
               << " by the server: " << d.answer << "\n";
        break;
      case What::would_send:
        in.out << "would send to " << d.to.name << " <" << d.to.address << ">: \"" << d.subject << "\", " << d.bytes / 1024
               << " KiB\n";
        break;
    }
  }
  if (in.has("dry-run")) {
    in.out << "Dry run: nothing sent.\n";
    return Exit::ok;
  }
  if (!result.failure.empty()) {
    in.out << "Sent " << sent + corrections + copies << " of " << total << " before the failure; run `wallenstein mail` "
           << "again to send the rest (nothing is sent twice).\n";
    in.err << "wallenstein: " << result.failure << "\n";
    return Exit::transport;
  }
  in.out << "Mail for " << season << " (" << kind << ") via " << via << ": " << sent << " sent";
  if (corrections) in.out << ", " << corrections << (corrections == 1 ? " correction" : " corrections");
  if (copies) in.out << ", " << copies << (copies == 1 ? " copy" : " copies");
  if (before) in.out << ", " << before << " already sent before";
  if (failed) in.out << ", " << failed << " refused or deferred (above)";
  in.out << ".\n";
  return failed ? Exit::transport : Exit::ok;
}

Exit run(const Invocation& in) {
  const bool dry = in.has("dry-run");
  const OpenedSeason opened = open_season(in, DefaultSeason::last_report, dry ? LockMode::shared : LockMode::exclusive);
  const LoadedSeason loaded = load_season(opened);
  const auto reports =
      report::build_reports(loaded.view(opened.game.config(), opened.rules), report::Templates::load(in.templates_dir()));
  const std::string png = store_products(opened, loaded, reports, in.data_dir(), dry);
  const std::string kind = loaded.resolution ? "report" : "opening";
  auto messages = outgoing(opened, reports, kind, png, in);
  const std::size_t total = messages.size();
  auto mailer = dry ? nullptr
                    : game_mailer(opened.game, in.has("smtp") ? std::optional(in.get<std::string>("smtp")) : std::nullopt);
  mail::DispatchOptions options{dry, in.has("retry-failed"), in.has("resend")};
  const auto result = mail::dispatch(opened.game.root(), std::move(messages), mailer.get(), options);
  return summarise(in, result, opened.season.name, kind, mailer ? mailer->describe() : "", total);
}

}  // namespace

Command mail_command() {
  return {"mail", "DIR [--season S] [--player ID] [--dry-run] [--retry-failed] [--resend] [--smtp URL]",
          "Send every player the report of a season with the map and their order template; never twice.",
          [](po::options_description& o, po::positional_options_description& p) {
            o.add_options()("dir", po::value<std::string>()->required(), "the game directory")(
                "season", po::value<std::string>()->value_name("S"),
                "default: the last resolved season, or the first season's opening before any")(
                "player", po::value<std::string>()->value_name("ID"), "only this player's message")(
                "dry-run", po::bool_switch(), "build the messages and say what would be sent; send nothing")(
                "retry-failed", po::bool_switch(), "send again what a server refused (after fixing the address)")(
                "resend", po::bool_switch(), "send a copy of messages already sent (a new Message-ID)")(
                "smtp", po::value<std::string>()->value_name("URL"), "SMTP server instead of game.yaml's (or the outbox)")(
                "templates", po::value<std::string>()->value_name("DIR"), "the report templates directory");
            p.add("dir", 1);
          },
          run};
}

}  // namespace wallenstein::app
