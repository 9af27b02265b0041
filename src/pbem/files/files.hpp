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

/// A temporary file's name for a file `name` is being written as: `.NAME.tmp-` and 16 random hex
/// digits, a name nobody can plant in advance. No randomness is a std::system_error.
std::string temporary_name_of(std::string_view name);
/// Whether `name` is such a temporary file's name (one a killed process may leave).
bool is_temporary_name(std::string_view name);

/// Reads a whole file as bytes (for copies and comparisons).
std::string read_bytes(const std::filesystem::path& path);

}  // namespace pbem
