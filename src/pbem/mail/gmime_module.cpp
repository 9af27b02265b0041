// The module pbem-gmime.so: received mail read with GMime (mail/incoming.hpp's parse_message) for
// the program, which loads it the first time it reads a message (mail/gmime_loader.cpp).
#include "pbem/files/module.hpp"
#include "pbem/mail/modules.hpp"

PBEM_MODULE_EXPORT const char* const pbem_module_build = pbem::module_build();
PBEM_MODULE_EXPORT const pbem::mail::GmimeModule pbem_gmime_module{&pbem::mail::parse_message};
