#pragma once

#include <memory>
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
/// The program run as most tests run it: `run_wallenstein` with five minutes to finish (a hung
/// run fails with status 124 instead of hanging the suite; sanitizer builds are slow).
Outcome run(const std::vector<std::string>& args);
/// The path of the built wallenstein binary.
std::string wallenstein_binary();

/// A command started in the background (for races between real processes).
class Running {
 public:
  /// Starts `argv` (argv[0] a full path) with stdout and stderr captured.
  explicit Running(std::vector<std::string> argv);
  ~Running();
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;
  /// Waits for the end and returns what it printed and its status (-1 when killed by a signal).
  Outcome wait();
  int pid() const { return pid_; }

 private:
  int pid_ = -1;
  std::string dir_;
};

/// Starts the wallenstein binary in the background.
std::unique_ptr<Running> start_wallenstein(const std::vector<std::string>& args);

}  // namespace wallenstein::testing
