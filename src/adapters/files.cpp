#include "adapters/files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include "adapters/diagnostic.hpp"

namespace wallenstein {
namespace fs = std::filesystem;
namespace {

void sync_path(const fs::path& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0) return;  // Best effort: some file systems refuse to open directories.
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

SourceFile read_source(const fs::path& path, std::size_t max_bytes) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) throw InputError(path.string(), "no such file");
  if (fs::is_directory(status)) throw InputError(path.string(), "is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string(), std::string("cannot read: ") + std::strerror(errno));
  SourceFile file{path.string(), {}};
  // Read in blocks and stop one byte past the limit, so a huge file (or /dev/zero) is never
  // loaded whole, and a small one costs no more than its size.
  char block[16384];
  while (file.text.size() <= max_bytes && in.read(block, sizeof block).gcount() > 0) {
    file.text.append(block, static_cast<std::size_t>(in.gcount()));
  }
  if (file.text.size() > max_bytes) {
    throw InputError(path.string(), "file is larger than " + std::to_string(max_bytes) +
                                        " bytes; this kind of file is never that large");
  }
  return file;
}

void write_atomic(const fs::path& path, std::string_view content) {
  const fs::path tmp = path.parent_path() / ("." + path.filename().string() + ".tmp");
  {
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw std::system_error(errno, std::generic_category(), "cannot write " + tmp.string());
    std::size_t done = 0;
    while (done < content.size()) {
      const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
      if (n < 0) {
        if (errno == EINTR) continue;
        const int err = errno;
        ::close(fd);
        throw std::system_error(err, std::generic_category(), "cannot write " + tmp.string());
      }
      done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
      throw std::system_error(errno, std::generic_category(), "cannot write " + tmp.string());
    }
  }
  fs::rename(tmp, path);
  sync_path(path.parent_path().empty() ? fs::path(".") : path.parent_path(), O_RDONLY | O_DIRECTORY);
}

void rename_durable(const fs::path& from, const fs::path& to) {
  fs::rename(from, to);
  sync_path(to.parent_path().empty() ? fs::path(".") : to.parent_path(), O_RDONLY | O_DIRECTORY);
}

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::system_error(errno, std::generic_category(), "cannot read " + path.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace wallenstein
