#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "pbem/files/journal.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {

/// The files one `resolve` writes, committed all or nothing through the journal, together with
/// a rollback bundle `.rollback/<NN>/` (what existed before, and a copy of every file replaced)
/// so that `rollback` can later restore the directory byte for byte.
class ResolveTransaction {
 public:
  /// `resolved` is the season being resolved; `next_directory` the new season's directory.
  ResolveTransaction(const GameDirectory& game, SeasonDir resolved,
                     std::filesystem::path next_directory);

  /// A file of the resolved season (log, reports, map), relative to its directory.
  void write(const std::filesystem::path& relative, std::string content);
  /// A file of the new season, relative to its directory.
  void write_next(const std::filesystem::path& relative, std::string content);
  /// Applies everything (the caller holds the game's exclusive lock).
  void commit();

 private:
  const GameDirectory& game_;
  SeasonDir resolved_;
  std::filesystem::path next_;
  std::vector<std::pair<std::filesystem::path, std::string>> writes_;
  std::vector<std::pair<std::filesystem::path, std::string>> next_files_;
};

/// What `rollback` does or would do.
struct RollbackOutcome {
  std::vector<std::string> changes;      ///< "removed ...", "restored ...", "kept ... in attic/..."
  std::string season;                    ///< the season being planned again
  std::vector<std::string> kept_orders;  ///< next-season orders moved to attic/ (with --force)
};

/// Undoes the last resolve from its bundle, in one journal commit (or only says what it would
/// do, with `dry_run`). Orders already submitted for the next season make it refuse (InputError)
/// unless `force`, which keeps them under `attic/`. The caller holds the exclusive lock.
/// `also` adds the caller's steps to the same commit (the reopened season's timetable, mail to
/// the players whose orders were set aside).
RollbackOutcome rollback_last_resolve(
    const GameDirectory& game, bool force, bool dry_run,
    const std::function<void(Journal&, const RollbackOutcome&)>& also = {});

}  // namespace wallenstein
