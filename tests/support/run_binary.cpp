#include "support/run_binary.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "support/temp_dir.hpp"

namespace wallenstein::testing {

std::string shell_quote(const std::string& arg) {
  std::string q = "'";
  for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

Outcome run_shell(const std::string& command) {
  TempDir io;
  const std::string full = command + " >" + shell_quote((io / "out").string()) + " 2>" +
                           shell_quote((io / "err").string());
  const int raw = std::system(full.c_str());
  return Outcome{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_text(io / "out"),
                 read_text(io / "err")};
}

std::string wallenstein_binary() { return WALLENSTEIN_BINARY; }

Running::Running(std::vector<std::string> argv) {
  char pattern[] = "/tmp/wallenstein-run-XXXXXX";
  if (!::mkdtemp(pattern)) throw std::runtime_error("mkdtemp failed");
  dir_ = pattern;
  // Everything the child needs exists before the fork: a test may kill the child at once, before
  // it has run a single line, and wait() must still find both files (empty).
  const int out = ::open((dir_ + "/out").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const int err = ::open((dir_ + "/err").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0 || err < 0) throw std::runtime_error("cannot create the output files in " + dir_);
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (auto& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(out, 1);  // the copies dup2 makes do not close on exec
    ::dup2(err, 2);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ::close(out);
  ::close(err);
}

Running::~Running() {
  if (pid_ > 0) wait();
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

Outcome Running::wait() {
  int status = 0;
  if (pid_ > 0) ::waitpid(pid_, &status, 0);
  pid_ = -1;
  return Outcome{WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(dir_ + "/out"),
                 read_text(dir_ + "/err")};
}

std::unique_ptr<Running> start_wallenstein(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {WALLENSTEIN_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return std::make_unique<Running>(argv);
}

Outcome run(const std::vector<std::string>& args) { return run_wallenstein(args, 300); }

Outcome run_wallenstein(const std::vector<std::string>& args, int timeout_seconds) {
  std::string command =
      timeout_seconds > 0 ? "timeout -k 5 " + std::to_string(timeout_seconds) + " " : "";
  command += shell_quote(WALLENSTEIN_BINARY);
  for (const auto& a : args) command += " " + shell_quote(a);
  return run_shell(command);
}

}  // namespace wallenstein::testing
