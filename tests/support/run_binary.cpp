#include "support/run_binary.hpp"

#include <sys/wait.h>

#include <cstdlib>

#include "support/temp_dir.hpp"

namespace wallenstein::testing {

std::string shell_quote(const std::string& arg) {
  std::string q = "'";
  for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

Outcome run_shell(const std::string& command) {
  TempDir io;
  const std::string full =
      command + " >" + shell_quote((io / "out").string()) + " 2>" + shell_quote((io / "err").string());
  const int raw = std::system(full.c_str());
  return Outcome{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_text(io / "out"), read_text(io / "err")};
}

Outcome run_wallenstein(const std::vector<std::string>& args, int timeout_seconds) {
  std::string command = timeout_seconds > 0 ? "timeout -k 5 " + std::to_string(timeout_seconds) + " " : "";
  command += shell_quote(WALLENSTEIN_BINARY);
  for (const auto& a : args) command += " " + shell_quote(a);
  return run_shell(command);
}

}  // namespace wallenstein::testing
