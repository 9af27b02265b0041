#include <cstdlib>
#include <ostream>

#include "adapters/diagnostic.hpp"
#include "adapters/files.hpp"
#include "adapters/mail/ledger.hpp"
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

/// The transport: --smtp, else game.yaml's SMTP server, else the outbox directory.
std::unique_ptr<mail::Mailer> choose_mailer(const Invocation& in, const GameDirectory& game) {
  const MailSettings& settings = game.config().mail;
  if (!in.has("smtp") && !settings.smtp) return mail::outbox_mailer(game.root() / settings.outbox);
  mail::SmtpOptions options;
  if (settings.smtp) {
    options.url = settings.smtp->url;
    options.starttls = settings.smtp->starttls;
    options.user = settings.smtp->user;
    if (!settings.smtp->password_env.empty()) {
      const char* password = std::getenv(settings.smtp->password_env.c_str());
      if (!password) {
        throw InputError((game.root() / "game.yaml").string(),
                         "the SMTP password is read from $" + settings.smtp->password_env + ", which is not set");
      }
      options.password = password;
    }
  } else {
    options.starttls = false;  // A bare --smtp URL: a local relay without TLS or login.
  }
  if (in.has("smtp")) options.url = in.get<std::string>("smtp");
  return mail::smtp_mailer(options);
}

/// The map attached to the reports: the stored one, else drawn now (and stored unless `dry`).
std::string season_map(const SeasonDir& season, const SeasonView& view, const fs::path& data_dir, bool dry) {
  const fs::path path = season.path / "map.png";
  if (fs::exists(path)) return read_bytes(path);
  std::string png = map::render_map(map::MapRequest{view, map::Layout::board, 0}, map::load_map_style(data_dir)).png;
  if (!dry) write_atomic(path, png);
  return png;
}

Exit run(const Invocation& in) {
  const OpenedSeason opened = open_season(in, DefaultSeason::last_report);
  const GameDirectory& game = opened.game;
  const SeasonDir& season = opened.season;
  const LoadedSeason loaded = load_season(opened);
  const SeasonView view = loaded.view(game.config(), opened.rules);
  const auto reports = report::build_reports(view, report::Templates::load(in.templates_dir()));
  const bool dry = in.has("dry-run");
  const std::string png = season_map(season, view, in.data_dir(), dry);
  if (!dry) {
    // What is on disk is what was sent.
    for (const auto& [relative, content] : report::report_files(reports)) {
      const fs::path path = season.path / relative;
      if (fs::exists(path) && read_bytes(path) == content) continue;
      fs::create_directories(path.parent_path());
      write_atomic(path, content);
    }
  }
  const mail::Mailbox from = mail::parse_mailbox(game.config().mail.from, "game.yaml mail.from");
  const std::string domain = from.address.substr(from.address.find('@') + 1);
  const std::string kind = loaded.resolution ? "report" : "opening";
  auto mailer = dry ? nullptr : choose_mailer(in, game);
  mail::Ledger ledger(game.root() / "mail" / "sent.yaml");
  int sent = 0;
  int skipped = 0;
  for (std::size_t i = 0; i < reports.players.size(); ++i) {
    const report::PlayerReport& r = reports.players[i];
    const PlayerInfo& player = game.config().players[i];
    const std::string key = season.path.filename().string() + "/" + kind + "/" + player.id;
    if (ledger.sent(key)) {
      ++skipped;
      continue;
    }
    mail::Message m;
    m.from = from;
    m.to = mail::Mailbox{player.name, player.email};
    m.subject = r.subject;
    m.date = mail::rfc5322_now();
    m.message_id = "<wallenstein." + game.config().name + "." + season.path.filename().string() + "." + kind + "." +
                   player.id + "@" + domain + ">";
    m.text = r.text;
    m.html = r.mail_html;
    m.inline_parts.push_back({"map.png", "image/png", png, report::kMapContentId});
    m.attachments.push_back({"map.png", "image/png", png, ""});
    if (r.orders) m.attachments.push_back({r.orders_name, "text/plain; charset=utf-8", *r.orders, ""});
    const std::string bytes = mail::render(m);
    if (dry) {
      in.out << "would send to " << player.name << " <" << player.email << ">: \"" << r.subject << "\", "
             << bytes.size() / 1024 << " KiB, attachments: map.png" << (r.orders ? ", " + r.orders_name : "") << "\n";
      continue;
    }
    try {
      const std::string where = mailer->send(m, bytes);
      ledger.record({key, m.message_id, player.email, where, m.date});
      ++sent;
    } catch (const TransportError&) {
      in.out << "Sent " << sent << " of " << reports.players.size() << " before the failure; run `wallenstein mail` "
             << "again to send the rest (nothing is sent twice).\n";
      throw;
    }
  }
  if (dry) {
    in.out << "Dry run: nothing sent.\n";
  } else {
    in.out << "Mail for " << season.name << " (" << kind << ") via " << mailer->describe() << ": " << sent << " sent";
    if (skipped) in.out << ", " << skipped << " already sent before";
    in.out << ".\n";
  }
  return Exit::ok;
}

}  // namespace

Command mail_command() {
  return {"mail", "DIR [--season S] [--dry-run] [--smtp URL]",
          "Send every player the report of a season with the map and their order template; never twice.",
          [](po::options_description& o, po::positional_options_description& p) {
            o.add_options()("dir", po::value<std::string>()->required(), "the game directory")(
                "season", po::value<std::string>()->value_name("S"),
                "default: the last resolved season, or the first season's opening before any")(
                "dry-run", po::bool_switch(), "build the messages and say what would be sent; send nothing")(
                "smtp", po::value<std::string>()->value_name("URL"), "SMTP server instead of game.yaml's (or the outbox)")(
                "templates", po::value<std::string>()->value_name("DIR"), "the report templates directory");
            p.add("dir", 1);
          },
          run};
}

}  // namespace wallenstein::app
