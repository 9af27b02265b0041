#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string_view>

#include "pbem/files/game_lock.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

/// A game directory held under its lock (shared by readers, exclusive by writers), opened after
/// an interrupted write was finished or undone (interfaces 7).
struct HeldGame {
  GameLock lock;
  GameDirectory game;
};

/// Takes the lock of a game for `command`, recovers an interrupted write (saying so on `notes`),
/// then opens the game (with `cache`, as GameDirectory::open keeps what it reads).
HeldGame hold_game(const std::filesystem::path& root, LockMode mode, std::chrono::milliseconds wait,
                   std::string_view command, std::ostream& notes,
                   const std::optional<std::filesystem::path>& cache = {});

}  // namespace wallenstein
