#include "pbem/files/files.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <system_error>
#include <utility>

#include "pbem/files/diagnostic.hpp"

namespace pbem {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kTemporaryMark = ".tmp-";

void sync_path(const fs::path& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0) return;  // Best effort: some file systems refuse to open directories.
  ::fsync(fd);
  ::close(fd);
}

/// Closes a descriptor when it goes out of scope.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  /// Closes now, reporting the error that a deferred write may only show here.
  int close() {
    const int fd = std::exchange(fd_, -1);
    return fd >= 0 ? ::close(fd) : 0;
  }

 private:
  int fd_;
};

/// What a file that is not a regular file is, for the message.
std::string kind_of(mode_t mode) {
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a plain file";
}

/// Opens a file for reading, refusing anything but a regular file. O_NONBLOCK keeps the open
/// itself from waiting for a writer when the path is a FIFO; it means nothing for regular files.
int open_regular(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    struct stat st {};
    if (err == ENOENT) throw InputError(path.string(), "no such file");
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
      throw InputError(path.string(), "is " + kind_of(st.st_mode) + ", not a regular file");
    }
    throw InputError(path.string(), std::string("cannot read: ") + std::strerror(err));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const std::string kind = kind_of(st.st_mode);
    ::close(fd);
    throw InputError(path.string(), "is " + kind + ", not a regular file");
  }
  return fd;
}

/// Reads a descriptor to its end, or one byte past `max_bytes`.
std::string read_all(int fd, const fs::path& path, std::size_t max_bytes) {
  std::string text;
  // Read in blocks and stop one byte past the limit, so a huge file is never loaded whole,
  // and a small one costs no more than its size.
  char block[16384];
  while (text.size() <= max_bytes) {
    const ssize_t n = ::read(fd, block, sizeof block);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw InputError(path.string(), std::string("cannot read: ") + std::strerror(errno));
    if (n == 0) break;
    text.append(block, static_cast<std::size_t>(n));
  }
  return text;
}

fs::path temporary_name(const fs::path& path) {
  return path.parent_path() / temporary_name_of(path.filename().string());
}

/// Creates a new temporary file next to `path`: O_EXCL and O_NOFOLLOW so that a planted symlink
/// or a stale file is never followed or reused; a name already taken is retried with another.
std::pair<int, fs::path> create_temporary(const fs::path& path) {
  for (int attempt = 0;; ++attempt) {
    fs::path tmp = temporary_name(path);
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0) return {fd, std::move(tmp)};
    if (errno != EEXIST || attempt >= 16) {
      throw std::system_error(errno, std::generic_category(), "cannot write " + tmp.string());
    }
  }
}

void write_fully(int fd, std::string_view content, const fs::path& tmp) {
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0)
      throw std::system_error(errno, std::generic_category(), "cannot write " + tmp.string());
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

SourceFile read_source(const fs::path& path, std::size_t max_bytes) {
  Descriptor fd(open_regular(path));
  SourceFile file{path.string(), read_all(fd.get(), path, max_bytes)};
  if (file.text.size() > max_bytes) {
    throw InputError(path.string(), "file is larger than " + std::to_string(max_bytes) +
                                        " bytes; this kind of file is never that large");
  }
  return file;
}

void write_atomic(const fs::path& path, std::string_view content) {
  // The rename would replace whatever stands at `path`: a device (run as root, `-o /dev/null`
  // would put a file in its place), a FIFO, a socket or a symbolic link (`/dev/stdout`) is left
  // as it is.
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    throw InputError(path.string(),
                     "is " + kind_of(st.st_mode) + ", not a regular file; it is left as it is");
  }
  auto [raw_fd, tmp] = create_temporary(path);
  try {
    Descriptor fd(raw_fd);
    write_fully(fd.get(), content, tmp);
    if (::fsync(fd.get()) != 0 || fd.close() != 0) {
      throw std::system_error(errno, std::generic_category(), "cannot write " + tmp.string());
    }
    fs::rename(tmp, path);
  } catch (...) {
    ::unlink(tmp.c_str());
    throw;
  }
  sync_path(path.parent_path().empty() ? fs::path(".") : path.parent_path(),
            O_RDONLY | O_DIRECTORY);
}

void rename_durable(const fs::path& from, const fs::path& to) {
  fs::rename(from, to);
  sync_path(to.parent_path().empty() ? fs::path(".") : to.parent_path(), O_RDONLY | O_DIRECTORY);
}

std::string temporary_name_of(std::string_view name) {
  std::uint64_t random = 0;
  if (::getrandom(&random, sizeof random, 0) != static_cast<ssize_t>(sizeof random)) {
    throw std::system_error(errno, std::generic_category(), "no random name for a temporary file");
  }
  char suffix[17];
  std::snprintf(suffix, sizeof suffix, "%016llx", static_cast<unsigned long long>(random));
  return "." + std::string(name) + std::string(kTemporaryMark) + suffix;
}

bool is_temporary_name(std::string_view name) {
  return name.starts_with('.') && name.find(kTemporaryMark) != std::string_view::npos;
}

std::string read_bytes(const fs::path& path) {
  Descriptor fd(open_regular(path));
  return read_all(fd.get(), path, std::numeric_limits<std::size_t>::max() - 1);
}

}  // namespace pbem
