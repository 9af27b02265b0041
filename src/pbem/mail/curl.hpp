#pragma once

#include <memory>

#include "pbem/mail/imap.hpp"
#include "pbem/mail/transport.hpp"

namespace pbem::mail {

// What libcurl does for the mail. These two are defined twice: by smtp_curl.cpp and
// imap_curl.cpp (the library pbem_mail_curl, which tests link), and by curl_loader.cpp, which loads
// that library as a module the first time mail is sent or a mailbox read, so that a command that
// does neither never loads libcurl and its dependencies.

/// An SMTP connection for the checked options (smtp_mailer checks them).
std::unique_ptr<Mailer> curl_smtp(const SmtpOptions& options);

/// An IMAP connection (ImapMailbox's).
std::unique_ptr<ImapConnection> curl_imap(const ImapOptions& options);

}  // namespace pbem::mail
