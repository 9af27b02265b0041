#include "wallenstein/files/kept_rulesets.hpp"

#include <elf.h>
#include <link.h>
#include <unistd.h>

#include <algorithm>
#include <cereal/archives/binary.hpp>
#include <cereal/types/array.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/optional.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/utility.hpp>
#include <cereal/types/vector.hpp>
#include <cstdint>
#include <fstream>
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
// here reads back as its default, which the round-trip test of every module sees (the types
// compare all their fields).
namespace wallenstein {

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
constexpr std::string_view kMagic = "wallenstein kept ruleset 1\n";
constexpr std::size_t kDigestChars = 32;  // 128 bits, hex
constexpr std::size_t kEntriesKept = 32;

constexpr char kHex[] = "0123456789abcdef";

std::string hex(const unsigned char* bytes, std::size_t size) {
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
      if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
          std::string_view(reinterpret_cast<const char*>(name), 3) == "GNU" &&
          value + note->n_descsz <= end)
        return hex(value, note->n_descsz);
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

/// The 128-bit xxHash (XXH3) of `bytes`, as 32 lowercase hex digits.
std::string digest(std::string_view bytes) {
  const XXH128_hash_t hash = XXH3_128bits(bytes.data(), bytes.size());
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, hash);
  return hex(canonical.digest, sizeof canonical.digest);
}

/// The bytes of a file; none when it is missing or cannot be read.
std::optional<std::string> bytes_of(const fs::path& path) {
  try {
    return pbem::read_bytes(path);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

fs::path entry_path(const fs::path& cache_dir, const std::string& key) {
  return cache_dir / "rulesets" / (key + ".ruleset");
}

/// Removes the oldest entries past the newest kEntriesKept (a program upgraded or data edited
/// leaves entries no process asks for again).
void prune(const fs::path& folder) {
  std::error_code ec;
  std::vector<std::pair<fs::file_time_type, fs::path>> entries;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() != ".ruleset") continue;
    entries.emplace_back(it->last_write_time(ec), it->path());
  }
  if (ec || entries.size() <= kEntriesKept) return;
  std::sort(entries.begin(), entries.end(), std::greater<>());
  for (std::size_t i = kEntriesKept; i < entries.size(); ++i) fs::remove(entries[i].second, ec);
}

}  // namespace

std::optional<std::string> ruleset_key(const fs::path& data_dir, int version,
                                       const std::vector<std::string>& modules) {
  const std::string program = build_id();
  if (program.empty()) return std::nullopt;
  std::string made_of = std::string(kMagic) + program + '\n' + std::to_string(version) + '\n';
  for (const std::string& m : modules) made_of += m + '\n';
  made_of += '\n';
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator
           it(data_dir, fs::directory_options::follow_directory_symlink, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec)) files.push_back(it->path());
  }
  if (ec) return std::nullopt;  // a link loop, a folder that cannot be listed
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    const std::optional<std::string> bytes = bytes_of(file);
    if (!bytes) return std::nullopt;
    const std::string name = file.lexically_relative(data_dir).generic_string();
    made_of += name + '\n' + std::to_string(bytes->size()) + '\n' + *bytes;
  }
  return digest(made_of);
}

std::string kept_ruleset_bytes(const Ruleset& rules) {
  std::ostringstream payload;
  {
    cereal::BinaryOutputArchive archive(payload);
    archive(rules);
  }
  const std::string body = payload.str();
  return std::string(kMagic) + digest(body) + body;
}

std::optional<Ruleset> ruleset_from_kept_bytes(const std::string& bytes) {
  const std::size_t head = kMagic.size() + kDigestChars;
  if (bytes.size() < head || std::string_view(bytes).substr(0, kMagic.size()) != kMagic)
    return std::nullopt;
  const std::string body = bytes.substr(head);
  if (bytes.compare(kMagic.size(), kDigestChars, digest(body)) != 0) return std::nullopt;
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
  const std::optional<std::string> bytes = bytes_of(entry_path(cache_dir, key));
  if (!bytes) return std::nullopt;
  return ruleset_from_kept_bytes(*bytes);
}

void keep_ruleset(const fs::path& cache_dir, const std::string& key, const Ruleset& rules) {
  const fs::path entry = entry_path(cache_dir, key);
  std::error_code ec;
  fs::create_directories(entry.parent_path(), ec);
  if (ec) return;
  const fs::path part = entry.string() + "." + std::to_string(::getpid()) + ".part";
  {
    std::ofstream out(part, std::ios::binary | std::ios::trunc);
    out << kept_ruleset_bytes(rules);
    out.close();
    if (!out) {
      fs::remove(part, ec);
      return;
    }
  }
  fs::rename(part, entry, ec);
  if (ec) {
    fs::remove(part, ec);
    return;
  }
  prune(entry.parent_path());
}

}  // namespace wallenstein
