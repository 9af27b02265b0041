#include "pbem/game_lock.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <system_error>
#include <thread>

#include "pbem/diagnostic.hpp"

namespace wallenstein {
namespace fs = std::filesystem;
namespace {

using Clock = std::chrono::steady_clock;

/// "pid 123, `wallenstein resolve`, since 2026-11-23T10:00:00Z": who holds the game.
std::string holder_line(std::string_view command) {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char when[32];
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return "pid " + std::to_string(::getpid()) + ", `wallenstein " + std::string(command) +
         "`, since " + when + "\n";
}

/// What the lock file says about its last exclusive holder, and whether that process still lives.
std::string describe_holder(int fd) {
  char buf[256];
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string text = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  if (text.rfind("pid ", 0) == 0) {
    const long pid = std::strtol(text.c_str() + 4, nullptr, 10);
    if (pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM)) return text;
  }
  return "another wallenstein process that is reading it";
}

}  // namespace

GameLock GameLock::acquire(const fs::path& root, LockMode mode, std::chrono::milliseconds wait,
                           std::string_view command) {
  const fs::path path = root / ".lock";
  // O_NOFOLLOW: a symlink planted as .lock must not make us create or lock another file.
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int err = errno;
    if (err == ELOOP)
      throw InputError(path.string(),
                       "is a symbolic link; the game's lock file must be a plain file");
    if (err == EISDIR)
      throw InputError(path.string(),
                       "is a directory; the game's lock file must be a plain file: remove the "
                       "directory (the program makes the file itself)");
    if (err == EACCES || err == EPERM || err == EROFS)
      throw InputError(path.string(),
                       "cannot be opened for writing (" + std::string(std::strerror(err)) +
                           "); run the command as the user who owns the game directory");
    throw std::system_error(err, std::generic_category(),
                            "cannot open the lock file " + path.string());
  }
  GameLock lock(fd, LockMode::shared, path, std::string(command));
  lock.take(mode, wait);
  return lock;
}

void GameLock::take(LockMode mode, std::chrono::milliseconds wait) {
  const int operation = mode == LockMode::exclusive ? LOCK_EX : LOCK_SH;
  const auto deadline = Clock::now() + wait;
  auto pause = std::chrono::milliseconds(2);
  while (::flock(fd_, operation | LOCK_NB) != 0) {
    if (errno == EINTR) continue;
    if (errno != EWOULDBLOCK)
      throw std::system_error(errno, std::generic_category(), "cannot lock " + path_.string());
    if (Clock::now() >= deadline) {
      throw BusyError("the game " + path_.parent_path().string() + " is busy: held by " +
                      describe_holder(fd_) +
                      "; try again later, or wait longer with --wait SECONDS");
    }
    // A production wait, not a test's: poll with a growing pause (flock has no timeout).
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(100));
  }
  mode_ = mode;
  if (mode == LockMode::exclusive) {
    const std::string line = holder_line(command_);
    if (::ftruncate(fd_, 0) == 0) {
      [[maybe_unused]] const ssize_t n = ::pwrite(fd_, line.data(), line.size(), 0);
    }
  }
}

void GameLock::change(LockMode mode, std::chrono::milliseconds wait) {
  if (mode != mode_) take(mode, wait);
}

GameLock::GameLock(GameLock&& other) noexcept
    : fd_(other.fd_),
      mode_(other.mode_),
      path_(std::move(other.path_)),
      command_(std::move(other.command_)) {
  other.fd_ = -1;
}

GameLock& GameLock::operator=(GameLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    mode_ = other.mode_;
    path_ = std::move(other.path_);
    command_ = std::move(other.command_);
    other.fd_ = -1;
  }
  return *this;
}

GameLock::~GameLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace wallenstein
