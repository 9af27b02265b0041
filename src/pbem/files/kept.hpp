#pragma once

// What a process parsed, kept for the next ones. yaml-cpp reads about 2,000 instructions a byte,
// so a command that reads the same unchanged files as the one before it (a game's rules, its
// message catalogues) spends most of its time parsing them again. A game keeps what it parsed
// under a key that digests everything the result was made of, in a cache folder of the user's
// own; the next process with the same key reads the entry back instead. A cache is never
// needed: an entry missing, damaged or of another key is parsed again and written anew.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace pbem {

/// A key: XXH3-128 over pieces, as 32 lowercase hex digits. A key only has to tell apart
/// contents that differ by accident, not by design: whoever can write the files or the cache can
/// change the result anyway.
class KeyDigest {
 public:
  KeyDigest();
  KeyDigest(KeyDigest&&) noexcept;
  KeyDigest& operator=(KeyDigest&&) noexcept;
  KeyDigest(const KeyDigest&) = delete;
  KeyDigest& operator=(const KeyDigest&) = delete;
  ~KeyDigest();

  /// Bytes as they are.
  KeyDigest& add(std::string_view bytes);
  /// A piece that cannot run into the next one: its length, then its bytes.
  KeyDigest& add_piece(std::string_view bytes);
  /// The digest of all that was added.
  std::string hex() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// The GNU build ids of what parses: this program (or a test's), the YAML parser, the C++ and
/// the C library. A rebuild, or a library upgraded under the same name, changes them; empty when
/// one has none (such a process keeps nothing). Read once a process: they cannot change in it.
const std::string& program_build_ids();

/// One kind of kept thing: the folder of the cache its entries are in, the end of their names,
/// the first line of each (to change when the entries' layout does), how many are kept, and the
/// largest an entry may be.
struct KeptKind {
  std::string_view folder;
  std::string_view suffix;
  std::string_view magic;
  std::size_t entries_kept = 64;
  std::size_t max_bytes = 16 << 20;
};

/// A key of `kind` begun with its first line and the build ids, for the caller to add what the
/// thing is made of; none when the program has no build ids (then nothing is kept).
std::optional<KeyDigest> begin_key(const KeptKind& kind);

/// The bytes of an entry: the kind's first line, the key, a digest of the body, the body.
std::string kept_entry(const KeptKind& kind, std::string_view key, std::string_view body);
/// The body of an entry's bytes; none when they are not a whole entry of this kind and key.
std::optional<std::string> kept_body(const KeptKind& kind, std::string_view key,
                                     std::string_view bytes);

/// The body kept in `cache_dir` under `key`; none when there is none, it does not read back whole
/// under that key, or the cache's folder is not this user's alone (PrivateFolder). An entry read
/// is made the newest.
std::optional<std::string> read_kept(const std::filesystem::path& cache_dir, const KeptKind& kind,
                                     const std::string& key);

/// Keeps `body` in `cache_dir` under `key`: written whole or not at all, in a folder only this
/// user may write (made with mode 0700, at most three levels: `~/.cache/NAME/FOLDER` makes
/// `.cache` if need be). Once the kind has more than `entries_kept` entries, the least recently
/// used go, down to 7/8 of that; temporary entries a killed process left an hour ago go too. A
/// cache that cannot be written is no error.
void keep(const std::filesystem::path& cache_dir, const KeptKind& kind, const std::string& key,
          std::string_view body);

}  // namespace pbem
