// libFuzzer target: a received e-mail (interfaces 5) as `receive` reads it: parsed with GMime,
// its order found (attachment or body, HTML turned into text, format=flowed undone); and the
// same bytes given to html_to_text and unflow directly. Seeds: corpus/incoming_mail/ and the
// mail corpus of the tests (tests/mail/corpus/, passed by tools/fuzz).

#include "pbem/mail/incoming.hpp"
#include "support.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

/// The answer writes these into its own headers (In-Reply-To, References): a line break or NUL
/// in them would end the header and start another.
void require_one_line(const std::string& value, const char* what) {
  fuzz::require(value.find_first_of(std::string("\r\n\0", 3)) == std::string::npos, what);
}

void check_message(std::string_view raw) {
  const mail::IncomingMessage m = mail::parse_message(raw);
  require_one_line(m.message_id, "the Message-ID is one line");
  require_one_line(m.references, "References are one line");
  const mail::FoundOrder found = mail::find_order(m, {"player", "season"});
  if (!found.found()) {
    fuzz::require(found.text.empty(), "no order text comes with a problem");
    return;
  }
  if (!found.in_attachment) {  // read from the message body
    fuzz::require(found.text.starts_with("game:") || found.text.starts_with("game :"),
                  "an order in the body starts at its game: line");
    fuzz::require(found.text.find("\n>") == std::string::npos, "quoted lines are left out");
  }
}

}  // namespace
}  // namespace wallenstein

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wallenstein;
  const std::string_view raw(reinterpret_cast<const char*>(data), size);
  check_message(raw);
  // Tags and entities only ever shrink: the text is never longer than the HTML.
  fuzz::require(mail::html_to_text(raw).size() <= raw.size(), "html_to_text never grows its input");
  fuzz::require(mail::unflow(raw, size % 2 == 0).size() <= raw.size(),
                "unflow never grows its input");
  return 0;
}
