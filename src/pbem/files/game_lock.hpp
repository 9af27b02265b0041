#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>

namespace pbem {

/// Another process holds the game (exit status 5: try again later).
class BusyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Refuses to work on a directory of games, or a game, that belongs to another user: files this
/// user wrote there (the lock, kept mail, a season) could not be written by the owner any more,
/// and the mail server's deliveries, which run as the owner, would fail. `what` names it.
void refuse_other_owner(const std::filesystem::path& dir, const std::string& what);

/// How a command holds a game: readers share it, a writer has it alone.
enum class LockMode { shared, exclusive };

/// The lock of one game directory (`DIR/.lock`, flock): every command that writes holds it
/// exclusively, every reader holds it shared, so no reader sees a half-written season and no
/// two writers overlap. Released when destroyed (or when the process dies: the kernel drops it).
class GameLock {
 public:
  /// Waits up to `wait` for the lock; then a BusyError naming the holder. `command` (the program
  /// and its command, "mygame resolve") is written into the lock file by an exclusive holder, so
  /// that a waiting process can say who holds it.
  static GameLock acquire(const std::filesystem::path& game_root, LockMode mode,
                          std::chrono::milliseconds wait, std::string_view command);

  GameLock(GameLock&& other) noexcept;
  GameLock& operator=(GameLock&& other) noexcept;
  GameLock(const GameLock&) = delete;
  GameLock& operator=(const GameLock&) = delete;
  ~GameLock();

  LockMode mode() const { return mode_; }
  /// Changes shared to exclusive or back, waiting as `acquire` does.
  void change(LockMode mode, std::chrono::milliseconds wait);

 private:
  GameLock(int fd, LockMode mode, std::filesystem::path path, std::string command)
      : fd_(fd), mode_(mode), path_(std::move(path)), command_(std::move(command)) {}
  void take(LockMode mode, std::chrono::milliseconds wait);
  int fd_ = -1;
  LockMode mode_ = LockMode::shared;
  std::filesystem::path path_;
  std::string command_;
};

}  // namespace pbem
