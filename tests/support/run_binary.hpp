#pragma once

#include <string>
#include <vector>

namespace wallenstein::testing {

/// What a command printed and how it ended.
struct Outcome {
  int status = -1;
  std::string out;
  std::string err;
};

/// Quotes one argument for /bin/sh.
std::string shell_quote(const std::string& arg);
/// Runs a shell command line; captures stdout, stderr and the exit status.
Outcome run_shell(const std::string& command);
/// Runs the built wallenstein binary (WALLENSTEIN_BINARY) with arguments; with a timeout, a run
/// that takes longer is killed (and fails with status 124 instead of hanging the test).
Outcome run_wallenstein(const std::vector<std::string>& args, int timeout_seconds = 0);

}  // namespace wallenstein::testing
