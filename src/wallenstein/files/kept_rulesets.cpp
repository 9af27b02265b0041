#include "wallenstein/files/kept_rulesets.hpp"

#include <elf.h>
#include <link.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cereal/archives/binary.hpp>
#include <cereal/types/array.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/optional.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/utility.hpp>
#include <cereal/types/vector.hpp>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <sstream>
#include <string_view>

// xxHash compiled into this file (no library to load at start-up): a 128-bit digest of 60 KB in
// a few microseconds, where OpenSSL's SHA-256 first reads its configuration (5 M instructions).
// A key only has to tell contents apart that differ by accident, not by design: whoever can
// write the data or the cache can change the rules anyway.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "pbem/files/files.hpp"

namespace fs = std::filesystem;

// The fields of every type a ruleset holds, for cereal. They are found by argument-dependent
// lookup, so they live in the types' own namespace; only this file uses them. A field left out
// here reads back as its default: the round-trip tests compare every field (the types compare
// all of theirs), of the shipped data and of a ruleset whose every field differs from its default.
namespace wallenstein {

// A type's size changes when a field is added to it or taken away (a small one may hide in
// padding): then list it in the type's `serialize` below and set it in the test's ruleset whose
// every field differs from its default (kept_rulesets_test.cpp), and write the new size here.
// The sizes are those of GCC and Clang on x86-64, the only targets built.
static_assert(sizeof(Point) == 16 && sizeof(Region) == 64 && sizeof(Province) == 168);
static_assert(sizeof(EventCard) == 136 && sizeof(BonusTile) == 112 && sizeof(ActionDef) == 128);
static_assert(sizeof(SupplyRow) == 20 && sizeof(TowerParams) == 24 && sizeof(Pieces) == 24);
static_assert(sizeof(ScoringRules) == 48 && sizeof(StandardSetup) == 24);
static_assert(sizeof(LandsknechtCard) == 16 && sizeof(LandsknechtRules) == 40);
static_assert(sizeof(LeaderBonus) == 12 && sizeof(LeaderRules) == 204 && sizeof(Module) == 208);
static_assert(sizeof(FavourCard) == 40 && sizeof(CourtRules) == 88 && sizeof(Ruleset) == 936);

template <class A, class Tag>
void serialize(A& a, Index<Tag>& i) {
  a(i.value);
}
template <class A>
void serialize(A& a, Fraction& f) {
  a(f.num, f.den);
}
template <class A>
void serialize(A& a, Point& p) {
  a(p.x, p.y);
}
template <class A>
void serialize(A& a, Region& r) {
  a(r.id, r.name);
}
template <class A>
void serialize(A& a, Province& p) {
  a(p.id, p.name, p.aliases, p.region, p.grain, p.tax, p.sites, p.excluded_3p, p.lat, p.lon,
    p.board, p.neighbours);
}
template <class A>
void serialize(A& a, EventCard& e) {
  a(e.id, e.name, e.text, e.effect, e.value, e.place_limits, e.winter_loss);
}
template <class A>
void serialize(A& a, BonusTile& t) {
  a(t.id, t.name, t.effect, t.value, t.space, t.short_name);
}
template <class A>
void serialize(A& a, ActionDef& d) {
  a(d.action, d.id, d.name, d.short_name, d.kind, d.cost, d.builds, d.collects, d.armies, d.move);
}
template <class A>
void serialize(A& a, SupplyRow& r) {
  a(r.unsupplied_min, r.unsupplied_max, r.revolt_count, r.extra_peasants);
}
template <class A>
void serialize(A& a, TowerParams& t) {
  a(t.p_through, t.p_release, t.fill_cubes_per_player, t.fill_peasants);
}
template <class A>
void serialize(A& a, Pieces& p) {
  a(p.cubes_per_player, p.peasants, p.revolt_markers, p.buildings);
}
template <class A>
void serialize(A& a, ScoringRules& s) {
  a(s.vp_per_province, s.vp_per_building, s.majority, s.tie_penalty, s.tie_breaks);
}
template <class A>
void serialize(A& a, StandardSetup& s) {
  a(s.seats);
}
template <class A>
void serialize(A& a, LandsknechtCard& c) {
  a(c.amount);
}
template <class A>
void serialize(A& a, LandsknechtRules& l) {
  a(l.min_regions, l.cards, l.fallback);
}
template <class A>
void serialize(A& a, LeaderBonus& b) {
  a(b.cost, b.amount, b.armies);
}
template <class A>
void serialize(A& a, LeaderRules& l) {
  a(l.statues, l.vp_per_statue, l.vp_per_trophy, l.bonuses);
}
template <class A>
void serialize(A& a, Module& m) {
  a(m.id, m.name, m.kind, m.phases, m.replaces, m.order_sections, m.on, m.title_words);
}
template <class A>
void serialize(A& a, FavourCard& c) {
  a(c.number, c.effect, c.amount, c.building, c.shields);
}
template <class A>
void serialize(A& a, CourtRules& c) {
  a(c.officers, c.tower_cards, c.setup_officers_max, c.conversions, c.display, c.cards);
}
template <class A>
void serialize(A& a, Ruleset& r) {
  a(r.version, r.edition, r.regions, r.provinces, r.events, r.tiles, r.actions, r.supply_table,
    r.tower, r.pieces, r.coin_cards, r.years, r.seasons, r.season_phases, r.starting_thaler,
    r.events_per_year, r.face_up_slots, r.provinces_per_region, r.min_source_armies,
    r.neutral_peasants, r.peasants_defend_up_to_markers, r.peasants_alone_tie,
    r.neutral_conquest_markers, r.winter_marker_before_revolt, r.scoring, r.army_groups,
    r.standard_setups, r.modules, r.landsknechte, r.leaders, r.court);
}

namespace {

/// An entry's first line; the number changes when the entry's layout does.
constexpr std::string_view kMagic = "wallenstein kept ruleset 2\n";
constexpr std::size_t kDigestChars = 32;  // 128 bits, hex
/// Entries kept: more than the 48 rulesets of the shipped data (3 rules versions, 2 editions, 8
/// sets of expansions), so a tick over games of every kind finds them all.
constexpr std::size_t kEntriesKept = 64;
/// A data directory holding a file larger than any data file the loader reads (kMaxDataBytes),
/// more bytes or more entries than this is not digested: its ruleset is parsed every time.
constexpr std::size_t kMaxFileBytes = 4 << 20;
constexpr std::size_t kMaxTreeBytes = 16 << 20;
constexpr std::size_t kMaxTreeEntries = 4096;
/// A temporary entry a killed process left is removed after this.
constexpr auto kStaleTemporary = std::chrono::hours(1);

constexpr char kHex[] = "0123456789abcdef";

std::string hex_of(const unsigned char* bytes, std::size_t size) {
  std::string out;
  for (std::size_t k = 0; k < size; ++k) {
    out += kHex[bytes[k] >> 4U];
    out += kHex[bytes[k] & 0xFU];
  }
  return out;
}

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
        return hex_of(value, note->n_descsz);
      at = value + ((note->n_descsz + 3U) & ~3U);
    }
  }
  return {};
}

/// The GNU build id of the object this code is linked into (the program, or a test's), as hex;
/// empty when it has none. Any change to the program's code changes it.
std::string build_id() {
  struct Search {
    const unsigned char* code;
    std::string id;
  } search{reinterpret_cast<const unsigned char*>(&build_id), {}};
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

/// XXH3 over several pieces, as 32 lowercase hex digits at the end.
class Digest {
 public:
  Digest() { XXH3_128bits_reset(&state_); }
  Digest& add(std::string_view bytes) {
    XXH3_128bits_update(&state_, bytes.data(), bytes.size());
    return *this;
  }
  /// A piece that cannot run into the next one: its length, then its bytes.
  Digest& add_piece(std::string_view bytes) {
    const std::string length = std::to_string(bytes.size()) + ':';
    return add(length).add(bytes);
  }
  std::string hex() {
    XXH128_canonical_t canonical;
    XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(&state_));
    return hex_of(canonical.digest, sizeof canonical.digest);
  }

 private:
  XXH3_state_t state_{};
};

std::string digest(std::string_view bytes) { return Digest().add(bytes).hex(); }

/// Digests every entry under `dir`, in path order: a directory, a file's bytes, a link's target
/// and what it leads to, anything else by its kind. A folder or link the loader would refuse
/// changes the key as much as a file's bytes. False when the tree is too large to digest.
bool add_tree(Digest& digest, const fs::path& dir) {
  std::vector<fs::path> entries;
  std::error_code ec;
  for (fs::recursive_directory_iterator
           it(dir, fs::directory_options::follow_directory_symlink, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    entries.push_back(it->path());
    if (entries.size() > kMaxTreeEntries) return false;
  }
  if (ec) return false;  // a link loop, a folder that cannot be listed
  std::sort(entries.begin(), entries.end());
  std::size_t bytes = 0;
  for (const fs::path& entry : entries) {
    digest.add_piece(entry.lexically_relative(dir).generic_string());
    const fs::file_status own = fs::symlink_status(entry, ec);
    if (ec) return false;
    if (fs::is_symlink(own)) {
      digest.add_piece("link").add_piece(fs::read_symlink(entry, ec).string());
      if (ec) return false;
    }
    const fs::file_status led_to = fs::status(entry, ec);
    if (ec && ec != std::errc::no_such_file_or_directory) return false;
    if (fs::is_regular_file(led_to)) {
      try {
        const std::string text = pbem::read_source(entry, kMaxFileBytes).text;
        bytes += text.size();
        if (bytes > kMaxTreeBytes) return false;
        digest.add_piece("file").add_piece(text);
      } catch (const std::exception&) {  // larger than any data file, or unreadable
        return false;
      }
    } else {
      digest.add_piece("kind").add_piece(std::to_string(static_cast<int>(led_to.type())));
    }
    ec.clear();
  }
  return true;
}

fs::path entries_dir(const fs::path& cache_dir) { return cache_dir / "rulesets"; }

fs::path entry_path(const fs::path& cache_dir, const std::string& key) {
  return entries_dir(cache_dir) / (key + ".ruleset");
}

/// The entries' folder is ours to use: a folder (no link), of this user, that nobody else may
/// write. Made (mode 0700) when `make` and missing.
bool usable_entries_dir(const fs::path& cache_dir, bool make) {
  const fs::path dir = entries_dir(cache_dir);
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0) {
    if (!make) return false;
    std::error_code ec;
    fs::create_directories(cache_dir, ec);
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return false;
    if (::lstat(dir.c_str(), &st) != 0) return false;
  }
  return S_ISDIR(st.st_mode) && st.st_uid == ::geteuid() && (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

/// Removes the oldest entries past the newest kEntriesKept (a program upgraded or data edited
/// leaves entries no process asks for again; an entry read is made new again), and temporary
/// entries a killed process left.
void prune(const fs::path& folder) {
  std::error_code ec;
  const auto now = fs::file_time_type::clock::now();
  std::vector<std::pair<fs::file_time_type, fs::path>> entries;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const fs::file_time_type written = it->last_write_time(ec);
    if (ec) return;
    if (it->path().extension() == ".ruleset") {
      entries.emplace_back(written, it->path());
    } else if (name.starts_with('.') && name.find(".ruleset.tmp-") != std::string::npos &&
               now - written > kStaleTemporary) {
      fs::remove(it->path(), ec);
    }
  }
  if (ec || entries.size() <= kEntriesKept) return;
  std::sort(entries.begin(), entries.end(), std::greater<>());
  for (std::size_t i = kEntriesKept; i < entries.size(); ++i) fs::remove(entries[i].second, ec);
}

/// Whether a file of `size` bytes may be written: a smaller file-size limit (ulimit -f) would end
/// the process with SIGXFSZ for the sake of a cache.
bool may_write(std::size_t size) {
  rlimit limit{};
  return ::getrlimit(RLIMIT_FSIZE, &limit) == 0 &&
         (limit.rlim_cur == RLIM_INFINITY || size < limit.rlim_cur);
}

}  // namespace

std::optional<std::string> ruleset_key(const fs::path& data_dir, int version,
                                       const std::vector<std::string>& modules) {
  const std::string program = build_id();
  if (program.empty()) return std::nullopt;
  Digest key;
  key.add_piece(kMagic).add_piece(program).add_piece(std::to_string(version));
  key.add_piece(std::to_string(modules.size()));
  for (const std::string& m : modules) key.add_piece(m);
  if (!add_tree(key, data_dir)) return std::nullopt;
  return key.hex();
}

std::string kept_ruleset_bytes(const std::string& key, const Ruleset& rules) {
  std::ostringstream payload;
  {
    cereal::BinaryOutputArchive archive(payload);
    archive(rules);
  }
  const std::string body = payload.str();
  return std::string(kMagic) + key + '\n' + digest(body) + body;
}

std::optional<Ruleset> ruleset_from_kept_bytes(const std::string& key, const std::string& bytes) {
  const std::string head = std::string(kMagic) + key + '\n';
  if (bytes.size() < head.size() + kDigestChars || bytes.compare(0, head.size(), head) != 0)
    return std::nullopt;
  const std::string body = bytes.substr(head.size() + kDigestChars);
  if (bytes.compare(head.size(), kDigestChars, digest(body)) != 0) return std::nullopt;
  try {
    std::istringstream in(body);
    cereal::BinaryInputArchive archive(in);
    Ruleset rules;
    archive(rules);
    if (in.peek() != std::char_traits<char>::eof()) return std::nullopt;
    rules.index_names();
    return rules;
  } catch (const std::exception&) {  // cereal::Exception, or a length no ruleset has
    return std::nullopt;
  }
}

std::optional<Ruleset> read_kept_ruleset(const fs::path& cache_dir, const std::string& key) {
  if (!usable_entries_dir(cache_dir, false)) return std::nullopt;
  const fs::path entry = entry_path(cache_dir, key);
  std::optional<Ruleset> rules;
  try {
    rules = ruleset_from_kept_bytes(key, pbem::read_bytes(entry));
  } catch (const std::exception&) {  // none, or not a regular file
    return std::nullopt;
  }
  std::error_code ec;
  if (rules) fs::last_write_time(entry, fs::file_time_type::clock::now(), ec);  // used: newest
  return rules;
}

void keep_ruleset(const fs::path& cache_dir, const std::string& key, const Ruleset& rules) {
  if (!usable_entries_dir(cache_dir, true)) return;
  const std::string bytes = kept_ruleset_bytes(key, rules);
  if (!may_write(bytes.size())) return;
  try {
    // A temporary file of a name nobody can plant (O_EXCL, O_NOFOLLOW), renamed into place.
    pbem::write_atomic(entry_path(cache_dir, key), bytes);
  } catch (const std::exception&) {  // a full disk, an entry that is a folder...
    return;
  }
  prune(entries_dir(cache_dir));
}

}  // namespace wallenstein
