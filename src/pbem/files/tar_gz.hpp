#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pbem {

/// One file of an archive: a relative path ('/'-separated) and its bytes.
struct ArchiveFile {
  std::string path;
  std::string bytes;
  bool operator==(const ArchiveFile&) const = default;
};

/// What a reader accepts at most (an archive from the web may be hostile).
struct ArchiveLimits {
  std::size_t max_files = 10000;
  std::size_t max_bytes = std::size_t{256} << 20;
};

/// A gzip-compressed ustar archive of `files` in the order given, the same bytes for the same
/// input: each file's parent directories get their own entry (mode 0755) before it, files mode
/// 0644, owner and group 0 with empty names, mtime `mtime` (seconds since 1970) on every entry,
/// gzip header without name and with mtime 0. A path that is absolute, empty, has an empty, "."
/// or ".." component, holds a NUL byte, is used twice or as a file and a directory, or does not
/// fit ustar's name+prefix (it or one of its directories), a file of 8 GiB or more, or an mtime
/// outside 0 to 8^11-1 is a std::invalid_argument (a bug of the caller).
std::string write_tar_gz(const std::vector<ArchiveFile>& files, std::int64_t mtime);

/// The regular files of a .tar.gz, in archive order. Accepts what GNU tar and bsdtar write for
/// plain files: ustar and GNU headers, directories (skipped), pax extended headers ('x' with a
/// `path` or `size` record; 'g' ignored) and GNU long names ('L'); "." and empty components are
/// dropped from a path ("./a//b" is "a/b"). Anything else (symbolic and hard links, devices, FIFOs,
/// sparse files), an absolute path, a ".." component, a name used twice (or as a file and a
/// directory), a bad header checksum, a truncated or corrupt gzip or tar stream, anything after
/// the end but zeros (at most 1 MiB of them), more than limits.max_files files (or directories),
/// or more than limits.max_bytes bytes of content in all (checked at each header, before its
/// content is inflated: a gzip bomb does not exhaust memory) is a pbem::InputError naming `name`
/// and, when known, the entry's path and what is wrong.
std::vector<ArchiveFile> read_tar_gz(const std::string& name, std::string_view bytes,
                                     ArchiveLimits limits = {});

}  // namespace pbem
