#include "pbem/files/diagnostic.hpp"

#include <algorithm>
#include <cerrno>
#include <vector>

#include "pbem/files/printable.hpp"

namespace pbem {
namespace {

std::string summary(const std::vector<Diagnostic>& diagnostics) {
  if (diagnostics.empty()) return "invalid input";
  return diagnostics.front().format();
}

/// Byte offsets of the characters of a UTF-8 line (one past the end last).
std::vector<std::size_t> char_starts(const std::string& line) {
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) starts.push_back(i);
  }
  starts.push_back(line.size());
  return starts;
}

}  // namespace

std::string Diagnostic::format() const {
  // Paths, messages and lines come from users: printable() keeps their bytes off the terminal.
  std::string out = printable(path);
  if (line > 0) {
    out += ":" + std::to_string(line);
    if (column > 0) out += ":" + std::to_string(column);
  }
  out += severity == Diagnostic::Severity::error ? ": error: " : ": warning: ";
  out += printable(message);
  if (line > 0 && !source_line.empty()) {
    // A window of at most 100 characters around the column keeps huge lines readable.
    constexpr std::size_t kWidth = 100;
    const auto starts = char_starts(source_line);
    const std::size_t chars = starts.size() - 1;
    const std::size_t col = column > 0 ? static_cast<std::size_t>(column - 1) : 0;
    const std::size_t first =
        col > kWidth / 2 && chars > kWidth ? std::min(col - kWidth / 2, chars - kWidth) : 0;
    const std::size_t last = std::min(chars, first + kWidth);
    const std::size_t caret_at = std::clamp(col, first, last);
    auto piece = [&](std::size_t from, std::size_t to) {
      return printable(
          std::string_view(source_line).substr(starts[from], starts[to] - starts[from]),
          Lines::keep);
    };
    const std::string before = piece(first, caret_at);
    out += "\n    " + std::string(first > 0 ? "..." : "") + before + piece(caret_at, last) +
           (last < chars ? "..." : "");
    out += "\n    " + std::string(first > 0 ? "   " : "");
    // The caret goes under the escaped text, so it counts what is printed; tabs stay tabs.
    for (char c : before) {
      if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) out += c == '\t' ? '\t' : ' ';
    }
    out += std::string(col - caret_at, ' ') + "^";
  }
  return out;
}

InputError::InputError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(summary(diagnostics)), diagnostics_(std::move(diagnostics)) {}

InputError::InputError(const std::string& path, const std::string& message)
    : InputError(std::vector<Diagnostic>{
          Diagnostic{path, 0, 0, message, Diagnostic::Severity::error, {}}}) {}

std::optional<std::string> setup_problem(const std::system_error& error) {
  const std::error_code code = error.code();
  if (code == std::errc::permission_denied || code == std::errc::operation_not_permitted)
    return std::string(error.what()) + ": run the command as the owner of the game directory";
  if (code == std::errc::read_only_file_system)
    return std::string(error.what()) + ": the game directory must be on a writable disk";
  if (code == std::errc::no_space_on_device || code.value() == EDQUOT)
    return std::string(error.what()) + ": free some disk space, then run the command again";
  return std::nullopt;
}

std::string format_all(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) out += d.format() + "\n";
  return out;
}

}  // namespace pbem
