#include "pbem/files/kept.hpp"

#include <elf.h>
#include <link.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <span>
#include <vector>

// xxHash compiled into this file (no library to load at start-up): a 128-bit digest of 60 KB in
// a few microseconds, where OpenSSL's SHA-256 first reads its configuration (5 M instructions).
#define XXH_INLINE_ALL
#include <xxhash.h>
#include <yaml-cpp/yaml.h>

#include "pbem/files/digest.hpp"
#include "pbem/files/private_folder.hpp"

namespace pbem {
namespace fs = std::filesystem;
namespace {

constexpr std::size_t kDigestChars = 32;  // 128 bits, hex
/// A temporary entry a killed process left is removed after this.
constexpr auto kStaleTemporary = std::chrono::hours(1);

/// The bytes of a loaded object's segment: the loader gives their places as numbers.
const unsigned char* segment(const dl_phdr_info& object, const ElfW(Phdr) & header) {
  // NOLINTNEXTLINE(performance-no-int-to-ptr): an address the dynamic loader gives as a number
  return reinterpret_cast<const unsigned char*>(object.dlpi_addr + header.p_vaddr);
}

/// The GNU build id among a loaded object's notes, as hex; empty when it has none.
std::string build_id_note(const dl_phdr_info& object) {
  for (int i = 0; i < object.dlpi_phnum; ++i) {
    const ElfW(Phdr)& header = object.dlpi_phdr[i];
    if (header.p_type != PT_NOTE) continue;
    const unsigned char* at = segment(object, header);
    const unsigned char* const end = at + header.p_memsz;
    while (at + sizeof(ElfW(Nhdr)) <= end) {  // each note: header, name and value, 4-aligned
      const auto* note = reinterpret_cast<const ElfW(Nhdr)*>(at);
      const unsigned char* name = at + sizeof(ElfW(Nhdr));
      const unsigned char* value = name + ((note->n_namesz + 3U) & ~3U);
      if (value + note->n_descsz > end) break;
      if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
          std::string_view(reinterpret_cast<const char*>(name), 3) == "GNU")
        return pbem::hex_of(std::span(value, note->n_descsz));
      at = value + ((note->n_descsz + 3U) & ~3U);
    }
  }
  return {};
}

/// The GNU build id of the loaded object that holds `code`, as hex; empty when it has none.
std::string build_id_of(const unsigned char* code) {
  struct Search {
    const unsigned char* code;
    std::string id;
  } search{code, {}};
  dl_iterate_phdr(
      [](dl_phdr_info* object, std::size_t, void* data) -> int {
        auto& s = *static_cast<Search*>(data);
        for (int i = 0; i < object->dlpi_phnum; ++i) {
          const ElfW(Phdr)& header = object->dlpi_phdr[i];
          const unsigned char* start = segment(*object, header);
          if (header.p_type == PT_LOAD && s.code >= start && s.code < start + header.p_memsz) {
            s.id = build_id_note(*object);
            return 1;
          }
        }
        return 0;
      },
      &search);
  return search.id;
}

std::string digest(std::string_view bytes) { return KeyDigest().add(bytes).hex(); }

std::string entry_name(const KeptKind& kind, const std::string& key) {
  return key + std::string(kind.suffix);
}

/// Once the kind has more than `entries_kept` entries, removes the oldest (a program upgraded or
/// files edited leave entries no process asks for again; an entry read is made new again) down to
/// 7/8 of them, so that the files' times are read once every so many writes, not at each; and
/// temporary entries a killed process left.
void prune(const PrivateFolder& folder, const KeptKind& kind) {
  const std::vector<std::string> names = folder.names();
  const bool temporaries = std::any_of(names.begin(), names.end(), PrivateFolder::is_temporary);
  const auto count = std::count_if(names.begin(), names.end(),
                                   [&](const std::string& n) { return n.ends_with(kind.suffix); });
  if (!temporaries && static_cast<std::size_t>(count) <= kind.entries_kept) return;
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  std::vector<PrivateFolder::Entry> entries;
  for (PrivateFolder::Entry& file : folder.files()) {
    if (PrivateFolder::is_temporary(file.name)) {
      if (now - file.modified > kStaleTemporary) folder.remove(file.name);
    } else if (file.name.ends_with(kind.suffix)) {
      entries.push_back(std::move(file));
    }
  }
  if (entries.size() <= kind.entries_kept) return;
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    return a.modified != b.modified ? a.modified > b.modified : a.name < b.name;
  });
  for (std::size_t i = kind.entries_kept - kind.entries_kept / 8; i < entries.size(); ++i)
    folder.remove(entries[i].name);
}

}  // namespace

struct KeyDigest::State {
  XXH3_state_t xxh{};
};

KeyDigest::KeyDigest() : state_(std::make_unique<State>()) { XXH3_128bits_reset(&state_->xxh); }
KeyDigest::KeyDigest(KeyDigest&&) noexcept = default;
KeyDigest& KeyDigest::operator=(KeyDigest&&) noexcept = default;
KeyDigest::~KeyDigest() = default;

KeyDigest& KeyDigest::add(std::string_view bytes) {
  XXH3_128bits_update(&state_->xxh, bytes.data(), bytes.size());
  return *this;
}

KeyDigest& KeyDigest::add_piece(std::string_view bytes) {
  const std::string length = std::to_string(bytes.size()) + ':';
  return add(length).add(bytes);
}

std::string KeyDigest::hex() const {
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(&state_->xxh));
  return hex_of(canonical.digest);
}

// Each found by a function of its own.
const std::string& program_build_ids() {
  static const std::string ids = [] {
    using Load = YAML::Node (*)(const std::string&);
    using Status = fs::file_status (*)(const fs::path&);
    using Getpid = pid_t (*)();
    const std::vector<const unsigned char*> code = {
        reinterpret_cast<const unsigned char*>(&program_build_ids),
        reinterpret_cast<const unsigned char*>(static_cast<Load>(&YAML::Load)),
        reinterpret_cast<const unsigned char*>(static_cast<Status>(&fs::status)),
        reinterpret_cast<const unsigned char*>(static_cast<Getpid>(&::getpid))};
    std::string all;
    for (const unsigned char* c : code) {
      const std::string id = build_id_of(c);
      if (id.empty()) return std::string();
      all += id + ' ';
    }
    return all;
  }();
  return ids;
}

std::optional<KeyDigest> begin_key(const KeptKind& kind) {
  const std::string& program = program_build_ids();
  if (program.empty()) return std::nullopt;
  KeyDigest key;
  key.add_piece(kind.magic).add_piece(program);
  return key;
}

std::string kept_entry(const KeptKind& kind, std::string_view key, std::string_view body) {
  std::string out;
  out.reserve(kind.magic.size() + key.size() + 1 + kDigestChars + body.size());
  out.append(kind.magic).append(key).append(1, '\n').append(digest(body)).append(body);
  return out;
}

std::optional<std::string> kept_body(const KeptKind& kind, std::string_view key,
                                     std::string_view bytes) {
  const std::size_t head = kind.magic.size() + key.size() + 1;
  if (bytes.size() < head + kDigestChars || !bytes.starts_with(kind.magic) ||
      bytes.substr(kind.magic.size(), key.size()) != key || bytes[head - 1] != '\n')
    return std::nullopt;
  const std::string_view body = bytes.substr(head + kDigestChars);
  if (bytes.substr(head, kDigestChars) != digest(body)) return std::nullopt;
  return std::string(body);
}

std::optional<std::string> read_kept(const fs::path& cache_dir, const KeptKind& kind,
                                     const std::string& key) {
  const std::optional<PrivateFolder> folder = PrivateFolder::open(cache_dir / kind.folder);
  if (!folder) return std::nullopt;
  const std::optional<std::string> bytes = folder->read(entry_name(kind, key), kind.max_bytes);
  if (!bytes) return std::nullopt;
  std::optional<std::string> body = kept_body(kind, key, *bytes);
  if (body) folder->touch(entry_name(kind, key));  // used: the newest
  return body;
}

void keep(const fs::path& cache_dir, const KeptKind& kind, const std::string& key,
          std::string_view body) {
  // The folder, the cache and the folder holding it (`.cache` below a home) are made if need be.
  const std::optional<PrivateFolder> folder = PrivateFolder::open(cache_dir / kind.folder, 3);
  if (folder && folder->write(entry_name(kind, key), kept_entry(kind, key, body)))
    prune(*folder, kind);
}

}  // namespace pbem
