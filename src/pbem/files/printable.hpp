#pragma once

#include <cstddef>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace pbem {

/// Whether newlines and tabs pass through (multi-line output) or are escaped (one line).
enum class Lines { escape, keep };

/// Text from users made safe for a terminal: ESC as `\e`, other C0 controls, DEL, the C1
/// controls and every byte that is not valid UTF-8 as `\xNN`; valid UTF-8 as it is.
std::string printable(std::string_view text, Lines lines = Lines::escape);

/// The length of the valid UTF-8 character at `at` (1-4), or 0 when the bytes there are not one.
std::size_t utf8_length(std::string_view text, std::size_t at);

/// A line of a configuration file as an error may quote it, with every secret written over by
/// stars of the same length (a caret under the line still points where it did): the value of a
/// key that looks like a secret (password, token, seed, salt, key..., misspelt too), of any key in
/// `keys` (an unknown key an error names: its value may be anything), and the password of a URL
/// (`scheme://user:secret@host`, `user:secret@host`).
std::string hide_secret_values(std::string line, const std::vector<std::string>& keys = {});

/// The offset of the first byte of `text` that is not valid UTF-8, if any.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

/// A stream buffer that passes everything through `printable(..., Lines::keep)` to another one;
/// a UTF-8 character split between two writes is held back until it is complete.
class PrintableStreambuf final : public std::streambuf {
 public:
  explicit PrintableStreambuf(std::streambuf* target) : target_(target) {}
  PrintableStreambuf(const PrintableStreambuf&) = delete;
  PrintableStreambuf& operator=(const PrintableStreambuf&) = delete;
  ~PrintableStreambuf() override;

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  /// Writes what is pending; `all` also writes an incomplete character at the end.
  bool emit(bool all);
  std::streambuf* target_;
  std::string pending_;
};

}  // namespace pbem
