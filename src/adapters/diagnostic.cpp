#include "adapters/diagnostic.hpp"

namespace wallenstein {
namespace {

std::string summary(const std::vector<Diagnostic>& diagnostics) {
  if (diagnostics.empty()) return "invalid input";
  return diagnostics.front().format();
}

}  // namespace

std::string Diagnostic::format() const {
  std::string out = path;
  if (line > 0) {
    out += ":" + std::to_string(line);
    if (column > 0) out += ":" + std::to_string(column);
  }
  out += severity == Severity::error ? ": error: " : ": warning: ";
  out += message;
  if (line > 0 && !source_line.empty()) {
    out += "\n    " + source_line + "\n    ";
    // The caret sits under the column; tabs are kept so it lines up in a terminal.
    for (int i = 1; i < column && static_cast<std::size_t>(i - 1) < source_line.size(); ++i) {
      const char c = source_line[static_cast<std::size_t>(i - 1)];
      if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) continue;  // UTF-8 continuation byte
      out += c == '\t' ? '\t' : ' ';
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
