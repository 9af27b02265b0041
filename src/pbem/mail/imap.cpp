#include "pbem/mail/imap.hpp"

#include <cstdlib>
#include <optional>
#include <sstream>

#include "pbem/files/diagnostic.hpp"
#include "pbem/mail/curl.hpp"
#include "pbem/mail/mime.hpp"
#include "pbem/mail/transport.hpp"

namespace pbem::mail {
namespace {

/// The mailbox URL without a trailing slash, so `/;UID=n` can follow it.
std::string mailbox_url(const std::string& url) {
  std::string out = url;
  while (!out.empty() && out.back() == '/') out.pop_back();
  return out;
}

/// The INTERNALDATE of a FETCH line ("27-Nov-2026 10:00:00 +0100", RFC 3501), if it has one.
std::optional<std::chrono::sys_seconds> internal_date(const std::string& line) {
  const auto key = line.find("INTERNALDATE \"");
  if (key == std::string::npos) return std::nullopt;
  const auto start = key + 14;
  const auto end = line.find('"', start);
  if (end == std::string::npos) return std::nullopt;
  std::string date = line.substr(start, end - start);  // as RFC 5322 writes it, without hyphens
  for (int i = 0; i < 2; ++i) {
    const auto hyphen = date.find('-');
    if (hyphen == std::string::npos || hyphen > 6) return std::nullopt;
    date[hyphen] = ' ';
  }
  return parse_rfc5322_date(date);
}

}  // namespace

ImapMailbox::ImapMailbox(ImapOptions options)
    : options_(std::move(options)), connection_(curl_imap(options_)) {}

ImapMailbox::~ImapMailbox() = default;

std::string ImapMailbox::describe() const { return redact_url(options_.url); }

std::string ImapMailbox::perform(const std::string& url, const std::string& request) {
  return connection_->perform(url, request);
}

std::vector<std::uint64_t> ImapMailbox::unhandled(const std::string& done) {
  if (!done_is_keyword(done)) {
    // The folder handled mail moves to; a server that has it already says no, which is fine.
    try {
      perform(mailbox_url(options_.url), "CREATE " + done);
    } catch (const TransportError&) {
    }
  }
  const std::string request =
      done_is_keyword(done) ? "UID SEARCH UNKEYWORD " + done : "UID SEARCH ALL";
  const std::string answer = perform(mailbox_url(options_.url), request);
  // "* SEARCH 3 7 12"
  std::vector<std::uint64_t> uids;
  std::istringstream in(answer);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with("* SEARCH")) continue;
    std::istringstream words(line.substr(8));
    std::uint64_t uid = 0;
    while (words >> uid) uids.push_back(uid);
  }
  return uids;
}

std::map<std::uint64_t, ImapMailbox::Envelope> ImapMailbox::envelopes(
    const std::vector<std::uint64_t>& uids) {
  std::map<std::uint64_t, Envelope> out;
  if (uids.empty()) return out;
  std::string set;
  for (const std::uint64_t uid : uids) set += (set.empty() ? "" : ",") + std::to_string(uid);
  // "* 3 FETCH (UID 7 RFC822.SIZE 1356 FLAGS (\Seen))": one line per message, no literal, so
  // libcurl hands them all over (it does not for a body).
  const std::string answer = perform(mailbox_url(options_.url),
                                     "UID FETCH " + set + " (UID RFC822.SIZE FLAGS INTERNALDATE)");
  std::istringstream in(answer);
  std::string line;
  auto number_after = [](const std::string& text, const std::string& key) {
    const auto at = text.find(key + " ");
    if (at == std::string::npos) return std::optional<std::uint64_t>();
    return std::optional<std::uint64_t>(
        std::strtoull(text.c_str() + at + key.size() + 1, nullptr, 10));
  };
  while (std::getline(in, line)) {
    const auto uid = number_after(line, "UID");
    const auto size = number_after(line, "RFC822.SIZE");
    if (!uid || !size) continue;
    const auto flags = line.find("FLAGS (");
    const bool seen = flags != std::string::npos && line.find("\\Seen", flags) != std::string::npos;
    out[*uid] = Envelope{*size, seen, internal_date(line)};
  }
  return out;
}

void ImapMailbox::mark_unseen(std::uint64_t uid) {
  perform(mailbox_url(options_.url),
          "UID STORE " + std::to_string(uid) + " -FLAGS.SILENT (\\Seen)");
}

std::string ImapMailbox::fetch(std::uint64_t uid) {
  return perform(mailbox_url(options_.url) + "/;UID=" + std::to_string(uid), "");
}

void ImapMailbox::mark_done(std::uint64_t uid, const std::string& done) {
  const std::string id = std::to_string(uid);
  if (done_is_keyword(done)) {
    perform(mailbox_url(options_.url), "UID STORE " + id + " +FLAGS.SILENT (" + done + ")");
  } else {
    perform(mailbox_url(options_.url), "UID MOVE " + id + " " + done);
  }
}

}  // namespace pbem::mail
