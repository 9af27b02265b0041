#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pbem {

/// A folder of this user's that no other user may write, opened once: every file is read,
/// written, listed and removed relative to the open folder, so a link another user swaps in for
/// the folder, or for any folder above it, is never followed. For caches: nothing here is ever
/// an error; what cannot be done is not done.
class PrivateFolder {
 public:
  /// The folder at `path`: none when it is missing, a link, not this user's, or writable by the
  /// group or others. At most `make_levels` missing folders are made first, from `path` up, each
  /// with mode 0700 and only inside a folder of this user's (with 3, `~/.cache/NAME/FOLDER`
  /// makes `.cache` if need be, never a missing home directory).
  static std::optional<PrivateFolder> open(const std::filesystem::path& path, int make_levels = 0);

  PrivateFolder(PrivateFolder&& other) noexcept;
  PrivateFolder& operator=(PrivateFolder&& other) noexcept;
  PrivateFolder(const PrivateFolder&) = delete;
  PrivateFolder& operator=(const PrivateFolder&) = delete;
  ~PrivateFolder();

  /// The bytes of the regular file `name` (no link followed); none when there is none, or it is
  /// larger than `max_bytes`.
  std::optional<std::string> read(const std::string& name, std::size_t max_bytes) const;
  /// Writes `name` whole or not at all: a temporary file of a random name beside it (O_EXCL),
  /// renamed into place. False when it could not be written.
  bool write(const std::string& name, std::string_view bytes) const;
  /// Makes `name` the newest by its modification time.
  void touch(const std::string& name) const;
  /// Removes `name` (a file; nothing when it is none).
  void remove(const std::string& name) const;

  struct Entry {
    std::string name;
    std::chrono::sys_seconds modified;  ///< to the second: nanoseconds since 1970 end in 2262
  };
  /// The regular files in the folder, by name, with their modification times.
  std::vector<Entry> files() const;
  /// The names of the regular files in the folder, from the listing alone: no file's time is
  /// read, so a folder of thousands is listed in a few calls.
  std::vector<std::string> names() const;
  /// Whether `name` is a temporary file `write` leaves behind when it is killed.
  static bool is_temporary(std::string_view name);

 private:
  explicit PrivateFolder(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace pbem
