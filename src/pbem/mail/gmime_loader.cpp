// The program's side of pbem-gmime.so: parse_message loads the module the first time it is called
// (pbem/files/module.hpp). Tests link pbem_mail_gmime instead, which defines it directly.
#include "pbem/files/module.hpp"
#include "pbem/mail/modules.hpp"

namespace pbem::mail {

IncomingMessage parse_message(std::string_view raw) {
  static const auto& module = *static_cast<const GmimeModule*>(
      module_symbol("pbem-gmime.so", "pbem_gmime_module", "GMime, to read received mail"));
  return module.parse_message(raw);
}

}  // namespace pbem::mail
