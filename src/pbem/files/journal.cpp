#include "pbem/files/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <set>
#include <sstream>
#include <system_error>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"

namespace pbem {
namespace fs = std::filesystem;
namespace {

constexpr const char* kPrepared = ".journal.new";  // being written: not committed
constexpr const char* kCommitted = ".journal";     // committed: to be applied
constexpr const char* kDone = ".journal.done";     // applied: being removed
/// The first line of the steps file. A journal left by an older program names that program
/// ("<name>-journal 1"): the format is the same, so any such name is read.
constexpr std::string_view kHeader = "pbem-journal 1";

bool journal_header(std::string_view line) {
  constexpr std::string_view kSuffix = "-journal 1";
  if (line.size() <= kSuffix.size() || !line.ends_with(kSuffix)) return false;
  const std::string_view name = line.substr(0, line.size() - kSuffix.size());
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}
constexpr std::size_t kMaxStepsBytes = 4 << 20;

[[noreturn]] void fail(const std::string& what) {
  throw std::system_error(errno, std::generic_category(), what);
}

void sync_directory(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) fail("cannot open directory " + dir.string());
  ::fsync(fd);  // Some file systems refuse to sync a directory; the rename is still atomic.
  ::close(fd);
}

/// Writes a new file that must not exist yet (O_EXCL|O_NOFOLLOW), and syncs it.
void write_new_file(const fs::path& path, std::string_view content) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) fail("cannot create " + path.string());
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      errno = err;
      fail("cannot write " + path.string());
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const int err = errno;
    ::close(fd);
    errno = err;
    fail("cannot sync " + path.string());
  }
  ::close(fd);
}

bool lstat_is_link(const fs::path& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

/// Refuses to go through a symbolic link on the way to `relative` (its directories, and the file
/// itself when `last` is set): a planted link must never redirect a write out of the game.
void refuse_links(const fs::path& root, const fs::path& relative, bool last) {
  fs::path at = root;
  const auto end = std::distance(relative.begin(), relative.end());
  std::ptrdiff_t i = 0;
  for (const auto& part : relative) {
    at /= part;
    if ((++i < end || last) && lstat_is_link(at)) {
      throw InputError(at.string(),
                       "is a symbolic link; the game's files and directories must be plain ones");
    }
  }
}

char kind_char(Journal::Step::Kind kind) { return static_cast<char>(kind); }

/// Reads the steps of a committed journal; a damaged one is an InputError with its line.
std::vector<Journal::Step> read_steps(const fs::path& dir) {
  const SourceFile file = read_source(dir / "steps", kMaxStepsBytes);
  std::istringstream in(file.text);
  std::string line;
  std::vector<Journal::Step> steps;
  int number = 0;
  auto bad = [&](const std::string& what) {
    throw InputError({Diagnostic{
        file.path, number, 1, what + "; the journal is damaged (remove it by hand)", {}, line}});
  };
  while (std::getline(in, line)) {
    ++number;
    if (number == 1) {
      if (!journal_header(line)) bad("expected \"" + std::string(kHeader) + "\"");
      continue;
    }
    if (line.size() < 3 || line[1] != ' ') bad("expected a step like \"W 0 path\"");
    Journal::Step step;
    std::string rest = line.substr(2);
    switch (line[0]) {
      case 'W': {
        const auto space = rest.find(' ');
        if (space == std::string::npos || space == 0 ||
            !std::all_of(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(space),
                         ::isdigit)) {
          bad("expected \"W <blob number> <path>\"");
        }
        step.content = rest.substr(0, space);  // the blob's number, while reading
        rest = rest.substr(space + 1);
        step.kind = Journal::Step::Kind::write;
        break;
      }
      case 'D':
        step.kind = Journal::Step::Kind::remove;
        break;
      case 'M':
        step.kind = Journal::Step::Kind::make_directory;
        break;
      case 'R':
        step.kind = Journal::Step::Kind::remove_directory;
        break;
      default:
        bad("unknown step \"" + line.substr(0, 1) + "\"");
    }
    step.path = confined_path(rest, file.path);
    steps.push_back(std::move(step));
  }
  if (number == 0) bad("the journal is empty");
  return steps;
}

/// What `path` is on disk, without following a link: nothing, a directory, or something else.
enum class OnDisk { nothing, directory, other };
OnDisk on_disk(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return OnDisk::nothing;
  return S_ISDIR(st.st_mode) ? OnDisk::directory : OnDisk::other;
}

/// Refuses, before the commit point, steps that could not be applied: a write or removal of a
/// file where a directory stands, a directory to remove that is not one or that would still hold
/// something once the earlier steps are done, a path through a link. A journal is committed only
/// when applying it can finish, so that no change is ever left half done by what it found.
void check_applicable(const fs::path& root, const std::vector<Journal::Step>& steps) {
  std::set<fs::path> gone;   // removed by an earlier step
  std::set<fs::path> added;  // written or made by an earlier step, with their parent directories
  auto in_the_way = [&](const fs::path& at, const std::string& why) {
    throw InputError((root / at).string(), why + "; nothing was changed");
  };
  for (const auto& step : steps) {
    const bool whole = step.kind != Journal::Step::Kind::make_directory;
    refuse_links(root, step.path, whole);
    // Every directory on the way must be one (or be made by the change), and the one the change
    // writes into must be writable by this user: a file or a foreign directory in the way
    // refuses the change here, not half way through.
    fs::path writable_dir = root;
    fs::path at;
    for (auto part = step.path.begin(); std::next(part) != step.path.end(); ++part) {
      at /= *part;
      if (added.count(at) || gone.count(at)) break;
      const OnDisk kind = on_disk(root / at);
      if (kind == OnDisk::other) in_the_way(at, "is a file where the change needs a directory");
      if (kind == OnDisk::nothing) break;
      writable_dir = root / at;
    }
    if (::access(writable_dir.c_str(), W_OK | X_OK) != 0) {
      throw InputError(writable_dir.string(),
                       "cannot be written by this user (uid " + std::to_string(::getuid()) +
                           "): run the command as the owner of the game directory; nothing was "
                           "changed");
    }
    const OnDisk there = gone.count(step.path) ? OnDisk::nothing : on_disk(root / step.path);
    switch (step.kind) {
      case Journal::Step::Kind::write:
      case Journal::Step::Kind::remove:
        if (there == OnDisk::directory && !added.count(step.path))
          in_the_way(step.path, "is a directory where the change needs a file");
        break;
      case Journal::Step::Kind::make_directory:
        if (there == OnDisk::other)
          in_the_way(step.path, "is a file where the change needs a directory");
        break;
      case Journal::Step::Kind::remove_directory: {
        if (there == OnDisk::other)
          in_the_way(step.path, "is not a directory, but the change removes it as one");
        std::error_code ec;
        for (fs::directory_iterator it(root / step.path, ec), end; !ec && it != end;
             it.increment(ec)) {
          const fs::path child = step.path / it->path().filename();
          if (!gone.count(child))
            in_the_way(child, "is in the way: the change removes " + step.path.generic_string() +
                                  "/, which would still hold it");
        }
        for (const auto& path : added) {
          if (path.parent_path() == step.path && !gone.count(path))
            in_the_way(path, "would be left in " + step.path.generic_string() +
                                 "/, which the change removes");
        }
        break;
      }
    }
    if (step.kind == Journal::Step::Kind::remove ||
        step.kind == Journal::Step::Kind::remove_directory) {
      gone.insert(step.path);
      added.erase(step.path);
    } else {
      gone.erase(step.path);
      for (fs::path p = step.path; !p.empty(); p = p.parent_path()) {
        added.insert(p);
        gone.erase(p);
      }
    }
  }
}

/// Applies committed steps; each can be repeated after a crash with the same result.
void apply(const fs::path& root, const fs::path& journal, const std::vector<Journal::Step>& steps) {
  std::set<fs::path> touched;
  for (const auto& step : steps) {
    const fs::path target = root / step.path;
    const bool whole = step.kind != Journal::Step::Kind::make_directory;
    refuse_links(root, step.path, whole);
    switch (step.kind) {
      case Journal::Step::Kind::write: {
        const fs::path blob = journal / "blobs" / step.content;
        if (!fs::exists(fs::symlink_status(blob))) break;  // moved into place before a crash
        fs::create_directories(target.parent_path());
        if (::rename(blob.c_str(), target.c_str()) != 0)
          fail("cannot move " + blob.string() + " to " + target.string());
        break;
      }
      case Journal::Step::Kind::remove:
        if (::unlink(target.c_str()) != 0 && errno != ENOENT)
          fail("cannot remove " + target.string());
        break;
      case Journal::Step::Kind::make_directory:
        fs::create_directories(target);
        break;
      case Journal::Step::Kind::remove_directory:
        if (::rmdir(target.c_str()) != 0 && errno != ENOENT)
          fail("cannot remove directory " + target.string());
        break;
    }
    touched.insert(target.parent_path());
  }
  for (const auto& dir : touched) {
    if (fs::is_directory(dir)) sync_directory(dir);
  }
}

/// Removes an applied journal: first renamed, so a crash while deleting leaves only
/// `.journal.done`.
void discard(const fs::path& root, const char* name) {
  const fs::path dir = root / name;
  if (!fs::exists(fs::symlink_status(dir))) return;
  if (name != std::string(kDone)) {
    fs::remove_all(root / kDone);
    fs::rename(dir, root / kDone);
    sync_directory(root);
  }
  fs::remove_all(root / kDone);
}

/// Applies the committed journal and removes it. When a step cannot be done (something changed
/// the game by hand since), the journal stays, and the error says what is in the way and how
/// the game master gets out: every command finishes the change once the obstacle is gone.
void apply_committed(const fs::path& root, const std::vector<Journal::Step>& steps) {
  try {
    apply(root, root / kCommitted, steps);
  } catch (const std::exception& e) {
    const std::string what = [&]() -> std::string {
      if (const auto* input = dynamic_cast<const InputError*>(&e);
          input && !input->diagnostics().empty()) {
        const Diagnostic& d = input->diagnostics().front();
        return d.path + " " + d.message;
      }
      return e.what();
    }();
    throw InputError(
        (root / kCommitted).string(),
        "a committed change to this game could not be finished (" + what +
            "). The game is between its old and its new state, and every command refuses it "
            "until the change is finished: put right what is named (remove or move the file in "
            "the way), then run any command on the game (status will do), which finishes the "
            "change. "
            "If the journal itself was edited by hand, restore the game from a backup");
  }
  discard(root, kCommitted);
}

}  // namespace

fs::path confined_path(const std::string& relative, const std::string& what) {
  fs::path p = fs::path(relative).lexically_normal();
  const bool bad_text = relative.empty() || relative.find('\n') != std::string::npos ||
                        relative.find('\0') != std::string::npos;
  bool escapes = bad_text || p.is_absolute() || p.empty() || p == ".";
  for (const auto& part : p) {
    if (part == ".." || part.string().starts_with(".journal") || part == ".lock") escapes = true;
  }
  if (escapes)
    throw InputError(what, "path \"" + relative + "\" does not stay inside the game directory");
  return p;
}

Journal::Journal(fs::path game_root) : root_(std::move(game_root)) {}

void Journal::add(Step step) {
  step.path = confined_path(step.path.generic_string(), "journal");
  // One file step per path: a later write or removal replaces an earlier one, so applying the
  // steps again after a crash can never remove a file this journal wrote.
  const bool file_step = step.kind == Step::Kind::write || step.kind == Step::Kind::remove;
  if (file_step) {
    std::erase_if(steps_, [&](const Step& s) {
      return (s.kind == Step::Kind::write || s.kind == Step::Kind::remove) && s.path == step.path;
    });
  }
  steps_.push_back(std::move(step));
}

void Journal::write(const fs::path& relative, std::string content) {
  add(Step{Step::Kind::write, relative, std::move(content)});
}
void Journal::remove(const fs::path& relative) { add(Step{Step::Kind::remove, relative, {}}); }
void Journal::make_directory(const fs::path& relative) {
  add(Step{Step::Kind::make_directory, relative, {}});
}
void Journal::remove_directory(const fs::path& relative) {
  add(Step{Step::Kind::remove_directory, relative, {}});
}

void Journal::commit() {
  if (steps_.empty()) return;
  check_applicable(root_, steps_);
  const fs::path prepared = root_ / kPrepared;
  fs::remove_all(prepared);
  fs::create_directories(prepared / "blobs");
  std::string list = std::string(kHeader) + "\n";
  std::vector<Step> recorded;
  int blob = 0;
  for (const auto& step : steps_) {
    std::string line(1, kind_char(step.kind));
    if (step.kind == Step::Kind::write) {
      write_new_file(prepared / "blobs" / std::to_string(blob), step.content);
      line += " " + std::to_string(blob++);
    }
    list += line + " " + step.path.generic_string() + "\n";
    recorded.push_back(
        Step{step.kind, step.path, step.kind == Step::Kind::write ? std::to_string(blob - 1) : ""});
  }
  write_new_file(prepared / "steps", list);
  sync_directory(prepared / "blobs");
  sync_directory(prepared);
  // The commit point.
  if (::rename(prepared.c_str(), (root_ / kCommitted).c_str()) != 0)
    fail("cannot commit the journal in " + root_.string());
  sync_directory(root_);
  apply_committed(root_, recorded);
  steps_.clear();
}

bool journal_pending(const fs::path& root) {
  for (const char* name : {kPrepared, kCommitted, kDone}) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(root / name, ec))) return true;
  }
  return false;
}

bool recover_journal(const fs::path& root) {
  if (!journal_pending(root)) return false;
  for (const char* name : {kPrepared, kCommitted, kDone}) {
    if (lstat_is_link(root / name))
      throw InputError((root / name).string(), "is a symbolic link; remove it by hand");
  }
  fs::remove_all(root / kPrepared);  // Never committed: the game was not touched.
  fs::remove_all(root / kDone);      // Applied: only the removal was interrupted.
  if (fs::exists(root / kCommitted)) apply_committed(root, read_steps(root / kCommitted));
  sync_directory(root);
  return true;
}

}  // namespace pbem
