#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace pbem {

/// A text file read whole, with the path used in diagnostics.
struct SourceFile {
  std::string path;
  std::string text;
};

/// Reads a file of at most `max_bytes`; a larger, missing or unreadable file is an InputError.
SourceFile read_source(const std::filesystem::path& path, std::size_t max_bytes);

/// Writes a file atomically: a temporary file in the same directory, fsync, then rename.
void write_atomic(const std::filesystem::path& path, std::string_view content);

/// Renames a directory into place and syncs its parent, so a crash leaves it absent or complete.
void rename_durable(const std::filesystem::path& from, const std::filesystem::path& to);

/// Reads a whole file as bytes (for copies and comparisons).
std::string read_bytes(const std::filesystem::path& path);

}  // namespace pbem
