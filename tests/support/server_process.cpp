#include "support/server_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <stdexcept>

#include "support/temp_dir.hpp"

namespace wallenstein::testing {
namespace {

/// A server that has not announced itself after this long is broken, not slow: the wait ends
/// early on the announcement, so this bound only turns a hang into a clear failure.
constexpr int kStartLimitMs = 120000;

/// Reads the first line the child writes; empty when it exits or the limit passes first.
std::string read_first_line(int fd) {
  std::string line;
  char c = 0;
  while (true) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, kStartLimitMs) <= 0) return {};
    const ssize_t n = ::read(fd, &c, 1);
    if (n <= 0) return {};
    if (c == '\n') return line;
    line += c;
  }
}

}  // namespace

ServerProcess::ServerProcess(std::vector<std::string> argv, const std::string& log_file) {
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(out[1], 1);
    const int err = ::open(log_file.empty() ? "/dev/null" : log_file.c_str(),
                           O_WRONLY | O_CREAT | O_APPEND, 0644);
    ::dup2(err, 2);
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (auto& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ::close(out[1]);
  const std::string line = read_first_line(out[0]);
  ::close(out[0]);
  if (line.rfind("ready ", 0) != 0) {
    stop();
    throw std::runtime_error("the test server " + argv[0] + " did not start (it printed \"" + line +
                             "\")");
  }
  port_ = std::stoi(line.substr(6));
}

ServerProcess::~ServerProcess() { stop(); }

void ServerProcess::stop() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

int ServerProcess::wait() {
  if (pid_ <= 0) return -1;
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

SmtpServer::SmtpServer(const std::string& maildir, std::vector<std::string> options)
    : process_([&] {
        std::vector<std::string> argv = {"/usr/bin/python3",
                                         source_path("tests/mail/smtpd.py").string(), maildir};
        argv.insert(argv.end(), options.begin(), options.end());
        return argv;
      }()) {}

ImapServer::ImapServer(const std::string& dir, const std::string& user, const std::string& password)
    : maildir_(dir + "/home/" + user + "/Maildir"),
      process_({"/usr/bin/python3", source_path("tests/mail/dovecot.py").string(), dir, user,
                password}) {}

void ImapServer::deliver(const std::string& message_file,
                         std::optional<std::chrono::sys_seconds> arrived) {
  const std::string name = std::to_string(++delivered_) + ".test." + std::to_string(::getpid());
  const std::string target = maildir_ + "/new/" + name;
  std::filesystem::copy_file(message_file, target);
  if (arrived) {  // Dovecot takes a Maildir message's INTERNALDATE from its file's time
    const timespec when{arrived->time_since_epoch().count(), 0};
    const std::array<timespec, 2> times{when, when};
    if (::utimensat(AT_FDCWD, target.c_str(), times.data(), 0) != 0)
      throw std::runtime_error("cannot date " + target);
  }
  // Dovecot reads the Maildir as nobody.
  if (::chown(target.c_str(), 65534, 65534) != 0)
    throw std::runtime_error("cannot hand " + target + " to nobody");
}

std::size_t ImapServer::count(const std::string& folder) const {
  const std::string base = folder.empty() ? maildir_ : maildir_ + "/." + folder;
  std::size_t n = 0;
  for (const char* sub : {"/new", "/cur"}) {
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator(base + sub, ec);
         it != std::filesystem::directory_iterator(); ++it)
      ++n;
  }
  return n;
}

std::size_t ImapServer::unseen() const {
  std::size_t n = 0;
  for (const char* sub : {"/new", "/cur"}) {
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator(maildir_ + sub, ec);
         it != std::filesystem::directory_iterator(); ++it) {
      // Maildir keeps the flags after ":2,"; S is \Seen.
      const std::string name = it->path().filename().string();
      const auto info = name.find(":2,");
      if (info == std::string::npos || name.find('S', info) == std::string::npos) ++n;
    }
  }
  return n;
}

}  // namespace wallenstein::testing
