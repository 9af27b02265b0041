// The program's side of the mail's modules: curl_smtp, curl_imap and parse_message, each loading
// its module the first time it is called (pbem/files/module.hpp). Tests link pbem_mail_curl and
// pbem_mail_gmime instead, which define the same three functions directly.
#include "pbem/mail/modules.hpp"

#include "pbem/files/module.hpp"
#include "pbem/mail/curl.hpp"

namespace pbem::mail {
namespace {

const CurlModule& curl_module() {
  static const auto& module = *static_cast<const CurlModule*>(module_symbol(
      "pbem-curl.so", "pbem_curl_module", "libcurl, to send mail and read mailboxes"));
  return module;
}

const GmimeModule& gmime_module() {
  static const auto& module = *static_cast<const GmimeModule*>(
      module_symbol("pbem-gmime.so", "pbem_gmime_module", "GMime, to read received mail"));
  return module;
}

}  // namespace

std::unique_ptr<Mailer> curl_smtp(const SmtpOptions& options) {
  return curl_module().smtp(options);
}

std::unique_ptr<ImapConnection> curl_imap(const ImapOptions& options) {
  return curl_module().imap(options);
}

IncomingMessage parse_message(std::string_view raw) { return gmime_module().parse_message(raw); }

}  // namespace pbem::mail
