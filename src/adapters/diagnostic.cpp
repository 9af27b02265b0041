#include "adapters/diagnostic.hpp"

#include <algorithm>
#include <vector>

namespace wallenstein {
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
  std::string out = path;
  if (line > 0) {
    out += ":" + std::to_string(line);
    if (column > 0) out += ":" + std::to_string(column);
  }
  out += severity == Diagnostic::Severity::error ? ": error: " : ": warning: ";
  out += message;
  if (line > 0 && !source_line.empty()) {
    // A window of at most 100 characters around the column keeps huge lines readable.
    constexpr std::size_t kWidth = 100;
    const auto starts = char_starts(source_line);
    const std::size_t chars = starts.size() - 1;
    const std::size_t col = column > 0 ? static_cast<std::size_t>(column - 1) : 0;
    const std::size_t first = col > kWidth / 2 && chars > kWidth ? std::min(col - kWidth / 2, chars - kWidth) : 0;
    const std::size_t last = std::min(chars, first + kWidth);
    std::string excerpt = first > 0 ? "..." : "";
    std::size_t caret = excerpt.size() + (col - std::min(col, first));
    excerpt += source_line.substr(starts[first], starts[last] - starts[first]);
    if (last < chars) excerpt += "...";
    out += "\n    " + excerpt + "\n    ";
    for (std::size_t i = 0; i < caret; ++i) {
      const std::size_t at = first + i - (first > 0 ? 3 : 0);
      const bool tab = i >= (first > 0 ? 3U : 0U) && at < chars && source_line[starts[at]] == '\t';
      out += tab ? '\t' : ' ';
    }
    out += "^";
  }
  return out;
}

InputError::InputError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(summary(diagnostics)), diagnostics_(std::move(diagnostics)) {}

InputError::InputError(const std::string& path, const std::string& message)
    : InputError(std::vector<Diagnostic>{Diagnostic{path, 0, 0, message, Diagnostic::Severity::error, {}}}) {}

std::string format_all(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) out += d.format() + "\n";
  return out;
}

}  // namespace wallenstein
