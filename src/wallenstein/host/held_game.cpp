#include "wallenstein/host/held_game.hpp"

#include "pbem/host/tick.hpp"
#include "wallenstein/files/version.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

HeldGame hold_game(const std::filesystem::path& root, LockMode mode, std::chrono::milliseconds wait,
                   std::string_view command, std::ostream& notes,
                   const std::optional<std::filesystem::path>& cache) {
  // The host's lock refuses another user's directory and one that is no game.
  GameLock lock = lock_game(root, mode, wait, kGameName, command, notes);
  GameDirectory game = GameDirectory::open(root, cache);
  return HeldGame{std::move(lock), std::move(game)};
}

}  // namespace wallenstein
