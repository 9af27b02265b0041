// The program's side of pbem-curl.so: curl_smtp and curl_imap load the module the first time one is
// called (pbem/files/module.hpp). Tests link pbem_mail_curl instead, which defines them directly.
#include "pbem/files/module.hpp"
#include "pbem/mail/curl.hpp"
#include "pbem/mail/modules.hpp"

namespace pbem::mail {
namespace {

const CurlModule& curl_module() {
  static const auto& module = *static_cast<const CurlModule*>(module_symbol(
      "pbem-curl.so", "pbem_curl_module", "libcurl, to send mail and read mailboxes"));
  return module;
}

}  // namespace

std::unique_ptr<Mailer> curl_smtp(const SmtpOptions& options) {
  return curl_module().smtp(options);
}

std::unique_ptr<ImapConnection> curl_imap(const ImapOptions& options) {
  return curl_module().imap(options);
}

}  // namespace pbem::mail
