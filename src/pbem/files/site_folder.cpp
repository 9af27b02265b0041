#include "pbem/files/site_folder.hpp"

#include <fcntl.h>
#include <stdio.h>  // renameat2 (glibc 2.28)
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>
#include <stdexcept>
#include <system_error>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"

namespace pbem {
namespace fs = std::filesystem;
namespace {

void check_relative(const std::string& path) {
  const fs::path p(path);
  bool bad = path.empty() || p.is_absolute();
  for (const auto& part : p) bad = bad || part == ".." || part == ".";
  if (bad) throw std::invalid_argument("a published file's path must stay inside: " + path);
}

/// A sibling of `out` no one else uses: `.<name>.<what>-<random>`.
fs::path sibling(const fs::path& out, const char* what) {
  std::random_device random;
  const fs::path parent = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  for (;;) {
    fs::path candidate = parent / ("." + out.filename().string() + "." + what + "-" +
                                   std::to_string(random() % 1000000000u));
    std::error_code ec;
    if (!fs::exists(candidate, ec)) return candidate;
  }
}

bool empty_folder(const fs::path& dir) {
  std::error_code ec;
  return fs::is_empty(dir, ec) && !ec;
}

}  // namespace

std::string site_marker(const fs::path& out) {
  std::error_code ec;
  if (!fs::is_regular_file(out / kSiteMarker, ec)) return {};
  return read_bytes(out / kSiteMarker);
}

void replace_site_folder(const fs::path& out_given, const std::vector<SiteFile>& files,
                         const std::string& marker_text) {
  for (const SiteFile& f : files) check_relative(f.path);
  // A trailing slash ("site/") names the same folder; its file name must not be empty.
  const fs::path out = out_given.has_filename() ? out_given : out_given.parent_path();
  std::error_code ec;
  const auto kind = fs::symlink_status(out, ec).type();
  const bool exists = kind != fs::file_type::not_found && kind != fs::file_type::none;
  if (exists && kind != fs::file_type::directory)
    throw InputError(out.string(), "is not a folder; publish writes a folder of web pages there");
  if (exists && !empty_folder(out) && !fs::is_regular_file(out / kSiteMarker, ec))
    throw InputError(out.string(),
                     "holds files that publish did not write (no " + std::string(kSiteMarker) +
                         " file); give an empty or new folder, publish replaces all of it");
  if (!out.parent_path().empty()) fs::create_directories(out.parent_path());
  const fs::path staging = sibling(out, "new");
  try {
    fs::create_directory(staging);
    for (const SiteFile& f : files) {
      const fs::path target = staging / f.path;
      fs::create_directories(target.parent_path());
      write_atomic(target, f.bytes);
    }
    write_atomic(staging / kSiteMarker, marker_text);
    // Readable by a web server running as another user.
    fs::permissions(staging, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                 fs::perms::others_read | fs::perms::others_exec);
    if (!exists) {
      rename_durable(staging, out);
      return;
    }
    if (renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, out.c_str(), RENAME_EXCHANGE) != 0) {
      // A file system without the exchange: two renames, a moment without the folder.
      const fs::path old = sibling(out, "old");
      fs::rename(out, old);
      fs::rename(staging, out);
      fs::remove_all(old, ec);
      return;
    }
    fs::remove_all(staging, ec);  // the old site, now under the staging name
  } catch (...) {
    fs::remove_all(staging, ec);
    throw;
  }
}

}  // namespace pbem
