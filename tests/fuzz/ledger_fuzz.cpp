// libFuzzer target: the mail ledger (mail/sent.yaml). What is accepted is written back and read
// again to the same text.

#include "pbem/mail/ledger.hpp"
#include "support.hpp"
#include "wallenstein/pbem.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wallenstein;
  try {
    const mail::Ledger ledger = mail::Ledger::parse(fuzz::source(data, size, "sent.yaml"));
    const std::string text = ledger.text();
    fuzz::require(mail::Ledger::parse(SourceFile{"again.yaml", text}).text() == text,
                  "an accepted ledger reads back as written");
  } catch (const InputError& e) {
    fuzz::require_printable(e.diagnostics());
  }
  return 0;
}
