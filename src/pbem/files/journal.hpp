#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace pbem {

/// Changes to a game directory applied all or nothing, through a write-ahead journal.
///
/// `commit` writes every new file's bytes into `.journal.new/`, then renames that directory to
/// `.journal` (the commit point, one atomic rename), then moves each file into place (atomic
/// renames) and removes the journal. A process killed at any moment leaves either an uncommitted
/// `.journal.new` (the game untouched: `recover` deletes it) or a committed `.journal` (`recover`
/// applies it again; every step can be repeated). So after recovery the directory is exactly the
/// old one or exactly the new one, and no temporary file is ever left among the game's files.
/// The caller holds the game's exclusive lock.
class Journal {
 public:
  explicit Journal(std::filesystem::path game_root);

  /// Creates or replaces a file (parent directories are created).
  void write(const std::filesystem::path& relative, std::string content);
  /// Removes a file, if it exists.
  void remove(const std::filesystem::path& relative);
  /// Creates a directory (and its parents), empty unless files are written into it.
  void make_directory(const std::filesystem::path& relative);
  /// Removes a directory, which must be empty once the journal's earlier steps are done.
  void remove_directory(const std::filesystem::path& relative);

  bool empty() const { return steps_.empty(); }
  /// Applies everything, or nothing if it throws before the commit point.
  void commit();

  /// One change: what happens to which path (relative to the game root).
  struct Step {
    enum class Kind : char {
      write = 'W',
      remove = 'D',
      make_directory = 'M',
      remove_directory = 'R'
    };
    Kind kind = Kind::write;
    std::filesystem::path path;
    std::string content;  ///< write only
  };
  const std::vector<Step>& steps() const { return steps_; }

 private:
  void add(Step step);
  std::filesystem::path root_;
  std::vector<Step> steps_;
};

/// Finishes a committed journal or discards an uncommitted one (after a crash); returns whether
/// there was anything to do. The caller holds the game's exclusive lock.
bool recover_journal(const std::filesystem::path& game_root);

/// Whether a crash left journal files behind (readers check this before taking the lock
/// exclusively to recover).
bool journal_pending(const std::filesystem::path& game_root);

/// Checks that `relative` stays inside the game directory (no `..`, not absolute, not the
/// journal's own files); `what` names the file that holds the path, for the message.
std::filesystem::path confined_path(const std::string& relative, const std::string& what);

}  // namespace pbem
