// libFuzzer target: the mail ledger (mail/sent.yaml).

#include "adapters/mail/ledger.hpp"
#include "support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wallenstein;
  try {
    const auto entries = mail::read_ledger(fuzz::source(data, size, "sent.yaml"));
    for (const auto& e : entries) fuzz::require(!e.key.empty(), "every accepted entry has a key");
  } catch (const InputError& e) {
    fuzz::require_printable(e.diagnostics());
  }
  return 0;
}
