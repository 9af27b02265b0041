#include "pbem/files/private_folder.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <utility>

#include "pbem/files/files.hpp"

namespace fs = std::filesystem;

namespace pbem {
namespace {

/// Makes `path` and its missing parents with mode 0700, at most `levels` folders from `path` up
/// (a folder above those must exist already), each only inside a folder of this user's: root
/// run with another user's home makes no folder there that the user could not write.
void make_folders(const fs::path& path, int levels) {
  struct stat st {};
  if (levels <= 0 || ::lstat(path.c_str(), &st) == 0 || errno != ENOENT) return;
  const fs::path parent = path.parent_path();
  make_folders(parent, levels - 1);
  if (::lstat(parent.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid())
    ::mkdir(path.c_str(), 0700);
}

/// Whether a file of `size` bytes may be written: past the file-size limit (ulimit -f), the
/// kernel would end the process with SIGXFSZ.
bool within_file_size_limit(std::size_t size) {
  rlimit limit{};
  return ::getrlimit(RLIMIT_FSIZE, &limit) == 0 &&
         (limit.rlim_cur == RLIM_INFINITY || size < limit.rlim_cur);
}

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace

std::optional<PrivateFolder> PrivateFolder::open(const fs::path& path, int make_levels) {
  make_folders(path, make_levels);
  const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  PrivateFolder folder(fd);
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid() ||
      (st.st_mode & (S_IWGRP | S_IWOTH)) != 0)
    return std::nullopt;
  return folder;
}

PrivateFolder::PrivateFolder(PrivateFolder&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

PrivateFolder& PrivateFolder::operator=(PrivateFolder&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

PrivateFolder::~PrivateFolder() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string> PrivateFolder::read(const std::string& name,
                                               std::size_t max_bytes) const {
  const int fd = ::openat(fd_, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  std::optional<std::string> bytes;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
      static_cast<std::size_t>(st.st_size) <= max_bytes) {
    std::string text(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    if (done == text.size()) bytes = std::move(text);
  }
  ::close(fd);
  return bytes;
}

bool PrivateFolder::write(const std::string& name, std::string_view bytes) const {
  if (!within_file_size_limit(bytes.size())) return false;
  std::string temporary;
  try {
    temporary = temporary_name_of(name);
  } catch (const std::system_error&) {  // no randomness
    return false;
  }
  const int fd =
      ::openat(fd_, temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  const bool written = write_all(fd, bytes);
  if (::close(fd) != 0 || !written || ::renameat(fd_, temporary.c_str(), fd_, name.c_str()) != 0) {
    ::unlinkat(fd_, temporary.c_str(), 0);
    return false;
  }
  return true;
}

void PrivateFolder::touch(const std::string& name) const {
  ::utimensat(fd_, name.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
}

void PrivateFolder::remove(const std::string& name) const { ::unlinkat(fd_, name.c_str(), 0); }

namespace {

/// Calls `each` with every name in the folder `fd` and its type from the listing (DT_UNKNOWN when
/// the file system does not say).
template <class Each>
void list(int fd, Each each) {
  const int listing = ::openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (listing < 0) return;
  DIR* dir = ::fdopendir(listing);
  if (dir == nullptr) {
    ::close(listing);
    return;
  }
  while (const dirent* e = ::readdir(dir)) each(e->d_name, e->d_type);
  ::closedir(dir);
}

}  // namespace

std::vector<PrivateFolder::Entry> PrivateFolder::files() const {
  std::vector<Entry> found;
  list(fd_, [&](const char* name, unsigned char) {
    struct stat st {};
    if (::fstatat(fd_, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) return;
    found.push_back(Entry{name, std::chrono::sys_seconds(std::chrono::seconds(st.st_mtim.tv_sec))});
  });
  return found;
}

std::vector<std::string> PrivateFolder::names() const {
  std::vector<std::string> found;
  list(fd_, [&](const char* name, unsigned char type) {
    struct stat st {};
    const bool regular = type == DT_REG || (type == DT_UNKNOWN &&
                                            ::fstatat(fd_, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
                                            S_ISREG(st.st_mode));
    if (regular) found.emplace_back(name);
  });
  return found;
}

bool PrivateFolder::is_temporary(std::string_view name) { return is_temporary_name(name); }

}  // namespace pbem
