#include "pbem/mail/transport.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/mail/curl.hpp"
#include "pbem/mail/ledger.hpp"

namespace pbem::mail {
namespace {

class Outbox final : public Mailer {
 public:
  Outbox(std::filesystem::path root, std::filesystem::path dir)
      : root_(std::move(root)), dir_(std::move(dir)) {}

  SendResult send(const Message& message, const std::string& bytes) override {
    Journal journal(root_);
    journal.write(dir_ / outbox_file_name(message.message_id), bytes);
    journal.commit();
    return {};
  }
  std::string describe() const override { return "outbox " + dir_.generic_string(); }

 private:
  std::filesystem::path root_;
  std::filesystem::path dir_;
};

}  // namespace

std::string outbox_file_name(const std::string& message_id) {
  std::string name = message_id;
  name.erase(std::remove_if(name.begin(), name.end(), [](char c) { return c == '<' || c == '>'; }),
             name.end());
  std::replace_if(
      name.begin(), name.end(), [](char c) { return c == '/' || c == '@'; }, '_');
  return name + ".eml";
}

std::size_t prune_outbox(const std::filesystem::path& root, const std::filesystem::path& dir,
                         std::chrono::sys_seconds now, int days) {
  if (days <= 0 || !std::filesystem::is_directory(root / dir)) return 0;
  const Ledger ledger = Ledger::load(root);
  const auto before = now - std::chrono::days(days);
  Journal journal(root);
  std::size_t removed = 0;
  for (const LedgerEntry& e : ledger.entries()) {
    if (!e.via.starts_with("outbox ")) continue;
    const auto at = parse_rfc5322_date(e.at);
    const std::filesystem::path file = dir / outbox_file_name(e.message_id);
    if (!at || *at >= before || !std::filesystem::exists(root / file)) continue;
    journal.remove(file);
    ++removed;
  }
  journal.commit();
  return removed;
}

namespace {

class Failing final : public Mailer {
 public:
  Failing(std::string why, std::string description)
      : why_(std::move(why)), description_(std::move(description)) {}
  SendResult send(const Message&, const std::string&) override { throw TransportError(why_); }
  std::string describe() const override { return description_; }

 private:
  std::string why_;
  std::string description_;
};

}  // namespace

std::unique_ptr<Mailer> failing_mailer(std::string why, std::string description) {
  return std::make_unique<Failing>(std::move(why), std::move(description));
}

std::unique_ptr<Mailer> outbox_mailer(const std::filesystem::path& game_root,
                                      const std::filesystem::path& relative_dir) {
  return std::make_unique<Outbox>(game_root, relative_dir);
}

std::string redact_url(std::string_view text) {
  // Every "scheme://user:password@" in the text loses its password, so a URL quoted inside an
  // error message is covered too.
  std::string out(text);
  for (std::size_t scheme = out.find("://"); scheme != std::string::npos;
       scheme = out.find("://", scheme + 3)) {
    const std::size_t start = scheme + 3;
    const std::size_t end = std::min(out.size(), out.find_first_of("/?# \t\n\"'", start));
    const std::size_t at = out.find('@', start);
    if (at == std::string::npos || at >= end) continue;
    const std::size_t colon = out.find(':', start);
    if (colon < at) out.erase(colon, at - colon);
  }
  // What the loop cannot tell apart (a password with a space, "imap:user:password@host"
  // without slashes) is starred out.
  return hide_secret_values(out);
}

std::unique_ptr<Mailer> smtp_mailer(const SmtpOptions& options) {
  if (!options.url.starts_with("smtp://") && !options.url.starts_with("smtps://")) {
    throw InputError("smtp url", "\"" + redact_url(options.url) +
                                     "\" is not an SMTP URL like smtp://mail.example.org:587");
  }
  return curl_smtp(options);
}

}  // namespace pbem::mail
