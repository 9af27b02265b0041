#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace pbem {

/// A message about a position in an input file (1-based line and column; 0 = unknown).
struct Diagnostic {
  enum class Severity { error, warning };
  std::string path;
  int line = 0;
  int column = 0;
  std::string message;
  Severity severity = Severity::error;
  std::string source_line;  ///< the offending line, for the excerpt under the message

  /// `path:line:col: error: message`, then the line and a caret when known.
  std::string format() const;
};

/// Bad input from a user (exit status 1): one or more diagnostics.
class InputError : public std::runtime_error {
 public:
  explicit InputError(std::vector<Diagnostic> diagnostics);
  /// A problem with a file as a whole (missing, unreadable, too large...).
  InputError(const std::string& path, const std::string& message);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

/// Bad use of the command line (exit status 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A failure of a mail server or other transport (exit status 3).
class TransportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// What to say of a system error that is the setup's, not a bug (permissions, a read-only or
/// full disk), or nothing for any other: such errors are the user's to put right (exit 1).
std::optional<std::string> setup_problem(const std::system_error& error);

/// Formats all diagnostics, one block each.
std::string format_all(const std::vector<Diagnostic>& diagnostics);

}  // namespace pbem
