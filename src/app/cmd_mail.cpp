#include <map>
#include <ostream>

#include "app/command.hpp"
#include "app/operations.hpp"
#include "app/season_context.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/digest.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/mail/dispatch.hpp"
#include "pbem/mail/mime.hpp"
#include "pbem/mail/transport.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/map/render.hpp"
#include "wallenstein/views/report/reports.hpp"

namespace wallenstein::app {
namespace fs = std::filesystem;
namespace {

/// One line per message that was not simply sent, then the summary; returns the exit status.
Exit summarise(const Invocation& in, const mail::DispatchResult& result, const std::string& season,
               const std::string& kind, const std::string& via, std::size_t total) {
  using What = mail::Dispatched::What;
  std::map<What, int> count;
  for (const auto& d : result.messages) {
    ++count[d.what];
    switch (d.what) {
      case What::sent:
      case What::corrected:
      case What::copied:
      case What::already_sent:
        break;
      case What::refused_before:
        in.out << "  " << d.player << " <" << d.to.address << ">: refused earlier; "
               << refusal_advice(d.message_refused) << "\n";
        break;
      case What::refused:
        in.out << "  " << d.player << " <" << d.to.address
               << ">: refused by the server: " << d.answer << "; "
               << refusal_advice(d.message_refused) << "\n";
        break;
      case What::deferred:
      case What::waiting:
        in.out << "  " << d.player << " <" << d.to.address << ">: deferred by the server ("
               << d.answer << ") since " << d.deferred_since << "; it is tried again, `tick` from "
               << d.next_attempt << "\n";
        break;
      case What::would_send:
        in.out << "would send to " << d.to.name << " <" << d.to.address << ">: \"" << d.subject
               << "\", " << d.bytes / 1024 << " KiB\n";
        break;
    }
  }
  const int sent = count[What::sent];
  const int corrections = count[What::corrected];
  const int copies = count[What::copied];
  const int before = count[What::already_sent];
  const int failed = count[What::refused] + count[What::deferred] + count[What::waiting];
  if (in.has("dry-run")) {
    in.out << "Dry run: nothing sent.\n";
    return Exit::ok;
  }
  if (!result.failure.empty()) {
    in.out << "Sent " << sent + corrections + copies << " of " << total
           << " before the failure; run `wallenstein mail` "
           << "again to send the rest (nothing is sent twice).\n";
    in.err << "wallenstein: " << result.failure << "\n";
    return Exit::transport;
  }
  in.out << "Mail for " << season << " (" << kind << ") via " << via << ": " << sent << " sent";
  if (corrections)
    in.out << ", " << corrections << (corrections == 1 ? " correction" : " corrections");
  if (copies) in.out << ", " << copies << (copies == 1 ? " copy" : " copies");
  if (before) in.out << ", " << before << " already sent before";
  if (failed) in.out << ", " << failed << " refused or deferred (above)";
  in.out << ".\n";
  return failed ? Exit::transport : Exit::ok;
}

}  // namespace

Exit run_mail(const Invocation& in) {
  const bool dry = in.has("dry-run");
  const OpenedSeason opened =
      open_season(in, DefaultSeason::last_report, dry ? LockMode::shared : LockMode::exclusive);
  MailRequest request{dry, in.has("retry-failed"), in.has("resend"), {}, {}, clock_now(in)};
  if (in.has("player")) request.player = in.get<std::string>("player");
  if (in.has("smtp")) request.smtp = in.get<std::string>("smtp");
  const MailRun run = mail_season(opened.game, opened.rules, opened.season, request, resources(in));
  const Exit exit = summarise(in, run.result, opened.season.name, run.kind, run.via, run.total);
  if (run.queued > 0) {
    in.out << "The queue held " << run.queued << (run.queued == 1 ? " message" : " messages")
           << " (receipts, notices) as well, sent with the rest.\n";
  }
  return exit;
}

}  // namespace wallenstein::app
