#pragma once

#include <memory>
#include <string_view>

#include "pbem/mail/imap.hpp"
#include "pbem/mail/incoming.hpp"
#include "pbem/mail/transport.hpp"

namespace pbem::mail {

// The entries of the mail's two modules (pbem/files/module.hpp): each module exports one of these
// under the name given, and curl_loader.cpp and gmime_loader.cpp define curl_smtp, curl_imap and
// parse_message by calling through it.

/// pbem-curl.so, exported as `pbem_curl_module`.
struct CurlModule {
  std::unique_ptr<Mailer> (*smtp)(const SmtpOptions& options);
  std::unique_ptr<ImapConnection> (*imap)(const ImapOptions& options);
};

/// pbem-gmime.so, exported as `pbem_gmime_module`.
struct GmimeModule {
  IncomingMessage (*parse_message)(std::string_view raw);
};

}  // namespace pbem::mail
