#include "wallenstein/host/held_game.hpp"

#include "pbem/files/journal.hpp"
#include "pbem/host/tick.hpp"
#include "wallenstein/files/version.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

HeldGame hold_game(const std::filesystem::path& root, LockMode mode, std::chrono::milliseconds wait,
                   std::string_view command, std::ostream& notes) {
  // Not a game: say so before a lock file is created anywhere (a game whose committed change
  // was interrupted is one, even while its game.yaml is not in place: the change finishes).
  refuse_other_owner(root, "game directory");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(root / "game.yaml", ec) && !journal_pending(root))
    GameDirectory::open(root);
  GameLock lock = lock_game(root, mode, wait, kGameName, command, notes);
  GameDirectory game = GameDirectory::open(root);
  return HeldGame{std::move(lock), std::move(game)};
}

}  // namespace wallenstein
