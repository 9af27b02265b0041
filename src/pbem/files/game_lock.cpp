#include "pbem/files/game_lock.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>
#include <thread>
#include <vector>

#include "pbem/files/diagnostic.hpp"

namespace pbem {
namespace fs = std::filesystem;
namespace {

using Clock = std::chrono::steady_clock;

/// "pid 123, `mygame resolve`, since 2026-11-23T10:00:00Z": who holds the game.
std::string holder_line(std::string_view command) {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char when[32];
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return "pid " + std::to_string(::getpid()) + ", `" + std::string(command) + "`, since " + when +
         "\n";
}

/// The processes the kernel lists as holding a lock on the file of `fd` (/proc/locks): their pid
/// and whether they hold it to write.
std::vector<std::pair<long, bool>> lock_holders(int fd) {
  struct stat st {};
  std::vector<std::pair<long, bool>> out;
  if (::fstat(fd, &st) != 0) return out;
  std::ifstream locks("/proc/locks");
  std::string line;
  while (std::getline(locks, line)) {
    // "1: FLOCK  ADVISORY  WRITE 22609 fe:00:10963137 0 EOF" (a blocked waiter has "->")
    std::istringstream in(line);
    std::string number, kind, advisory, mode, device;
    long pid = 0;
    if (!(in >> number >> kind) || kind == "->" || !(in >> advisory >> mode >> pid >> device))
      continue;
    const auto inode_at = device.rfind(':');
    if (inode_at == std::string::npos) continue;
    if (std::strtoull(device.c_str() + inode_at + 1, nullptr, 10) != st.st_ino) continue;
    out.emplace_back(pid, mode == "WRITE");
  }
  return out;
}

/// A process's command line, as far as it tells which program it is.
std::string program_of(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  std::string argv((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::replace(argv.begin(), argv.end(), '\0', ' ');
  while (!argv.empty() && argv.back() == ' ') argv.pop_back();
  if (argv.size() > 80) argv = argv.substr(0, 77) + "...";
  return argv;
}

/// Who holds the game: what the lock file says of its last exclusive holder when that process
/// still holds it, else what the kernel says (another program, or readers of the game).
std::string describe_holder(int fd) {
  char buf[256];
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string text = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  const auto holders = lock_holders(fd);
  const long written = text.starts_with("pid ") ? std::strtol(text.c_str() + 4, nullptr, 10) : 0;
  for (const auto& [pid, write] : holders) {
    if (pid == written && write) return text;
  }
  for (const auto& [pid, write] : holders) {
    if (pid == ::getpid()) continue;
    const std::string program = program_of(pid);
    return "pid " + std::to_string(pid) + (program.empty() ? "" : ", `" + program + "`") +
           (write ? ", which holds it alone" : ", which is reading it");
  }
  // No /proc to ask: the lock file's word, when its process lives.
  if (written > 0 && (::kill(static_cast<pid_t>(written), 0) == 0 || errno == EPERM)) return text;
  return "another process";
}

}  // namespace

void refuse_other_owner(const fs::path& dir, const std::string& what) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) {
    if (errno == EACCES)
      throw InputError(dir.string(), "cannot be read by this user (uid " +
                                         std::to_string(::geteuid()) +
                                         "): run the command as the owner of the " + what);
    return;  // missing: the caller says so in its own words
  }
  if (st.st_uid == ::geteuid()) return;
  std::string owner = "uid " + std::to_string(st.st_uid);
  if (const passwd* pw = ::getpwuid(st.st_uid)) owner = pw->pw_name + (" (" + owner + ")");
  throw InputError(dir.string(),
                   "belongs to " + owner + ", not to this user (uid " +
                       std::to_string(::geteuid()) +
                       "): run the command as its owner, e.g. `sudo "
                       "-u " +
                       owner.substr(0, owner.find(' ')) +
                       " ...` before the command; files written as another user would stop the " +
                       what + "'s own commands and mail deliveries");
}

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
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    throw InputError(path.string(),
                     "is not a plain file (a pipe?); the game's lock file must be one: remove it "
                     "(the program makes the file itself)");
  }
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

}  // namespace pbem
