#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace pbem {

/// One file of a published folder: its path relative to the folder ('/'-separated) and bytes.
struct SiteFile {
  std::string path;
  std::string bytes;
};

/// The file that marks a folder as one `replace_site_folder` made (and may replace again).
inline constexpr const char* kSiteMarker = ".published";

/// Replaces the folder `out` with exactly `files`, so that a reader (a web server) sees the old
/// site or the new one, never half of either: the files are written into a sibling folder, which
/// then swaps places with `out` in one rename (Linux's RENAME_EXCHANGE), and the old site is
/// removed. `out` may be missing or empty; a folder holding anything else and no marker is refused
/// (an InputError: publishing into a home directory must not wipe it). A path of `files` that is
/// absolute or climbs out (`..`) is a std::invalid_argument.
void replace_site_folder(const std::filesystem::path& out, const std::vector<SiteFile>& files,
                         const std::string& marker_text);

/// The marker's text in a folder made by replace_site_folder, or empty (no such folder).
std::string site_marker(const std::filesystem::path& out);

}  // namespace pbem
