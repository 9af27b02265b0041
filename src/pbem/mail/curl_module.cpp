// The module pbem-curl.so: libcurl's SMTP and IMAP (mail/curl.hpp) for the program, which loads it
// the first time it sends mail or reads a mailbox (mail/curl_loader.cpp).
#include "pbem/files/module.hpp"
#include "pbem/mail/curl.hpp"
#include "pbem/mail/modules.hpp"

PBEM_MODULE_EXPORT const char* const pbem_module_build = pbem::module_build();
PBEM_MODULE_EXPORT const pbem::mail::CurlModule pbem_curl_module{&pbem::mail::curl_smtp,
                                                                 &pbem::mail::curl_imap};
