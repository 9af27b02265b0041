#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "pbem/files/journal.hpp"
#include "pbem/host/rounds.hpp"

namespace pbem {

class Game;

/// The files one resolve of a round writes, committed all or nothing through the journal, together
/// with a rollback bundle `.rollback/<NN>/` (what existed before, and a copy of every file
/// replaced) so that `rollback` can later restore the directory byte for byte.
class ResolveTransaction {
 public:
  /// `resolved` is the round being resolved; `next_directory` the new round's directory,
  /// relative to the game's `root`.
  ResolveTransaction(std::filesystem::path root, RoundDir resolved,
                     std::filesystem::path next_directory);

  /// A file of the resolved round (log, reports, map), relative to its directory.
  void write(const std::filesystem::path& relative, std::string content);
  /// A file of the new round, relative to its directory.
  void write_next(const std::filesystem::path& relative, std::string content);
  /// Applies everything (the caller holds the game's exclusive lock).
  void commit();

 private:
  std::filesystem::path root_;
  RoundDir resolved_;
  std::filesystem::path next_;
  std::vector<std::pair<std::filesystem::path, std::string>> writes_;
  std::vector<std::pair<std::filesystem::path, std::string>> next_files_;
};

/// What `rollback` does or would do.
struct RollbackOutcome {
  std::vector<std::string> changes;      ///< "removed ...", "restored ...", "kept ... in attic/..."
  std::string season;                    ///< the round being planned again
  std::vector<std::string> kept_orders;  ///< next-season orders moved to attic/ (with --force)
};

/// Undoes the last resolve of the game at `root` from its bundle, in one journal commit (or only
/// says what it would do, with `dry_run`). Orders already submitted for the next round make it
/// refuse (InputError) unless `force`, which keeps them under `attic/`. Of the resolved round's
/// files it removes only those the game writes (`files`): anything else there is refused. The
/// caller holds the exclusive lock. `also` adds the caller's steps to the same commit (the
/// reopened round's timetable, mail to the players whose orders were set aside).
RollbackOutcome rollback_last_resolve(
    const std::filesystem::path& root, const RoundFiles& files, bool force, bool dry_run,
    const std::function<void(Journal&, const RollbackOutcome&)>& also = {});
/// `rollback` of a game: the same, removing of its rounds' files only those the game says it
/// writes (Game::program_files).
RollbackOutcome rollback_last_resolve(
    const Game& game, bool force, bool dry_run,
    const std::function<void(Journal&, const RollbackOutcome&)>& also = {});

}  // namespace pbem
