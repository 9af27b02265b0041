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
#include <chrono>
#include <cstdint>
#include <span>
#include <sstream>
#include <string_view>

// xxHash compiled into this file (no library to load at start-up): a 128-bit digest of 60 KB in
// a few microseconds, where OpenSSL's SHA-256 first reads its configuration (5 M instructions).
// A key only has to tell contents apart that differ by accident, not by design: whoever can
// write the data or the cache can change the rules anyway.
#define XXH_INLINE_ALL
#include <xxhash.h>
#include <yaml-cpp/yaml.h>

#include "pbem/files/digest.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/private_folder.hpp"

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
/// A data file larger than any the loader reads (kMaxDataBytes) is digested by its size alone:
/// the loader refuses it, so no entry was kept with it. A data directory with more bytes or more
/// entries than this is not digested: its ruleset is parsed every time.
constexpr std::size_t kMaxFileBytes = 4 << 20;
constexpr std::size_t kMaxTreeBytes = 16 << 20;
constexpr std::size_t kMaxTreeEntries = 4096;
/// No entry of a ruleset is near this large (the shipped data's are 10 KB).
constexpr std::size_t kMaxEntryBytes = 16 << 20;
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

/// The build ids of what makes a ruleset of the data: this program (or a test's), the YAML
/// parser, the C++ and the C library, each found by a function of its own. A rebuild, or a
/// library upgraded under the same name, changes them; empty when one has none.
std::string program_build_ids() {
  using Load = YAML::Node (*)(const std::string&);
  using Status = fs::file_status (*)(const fs::path&);
  using Getpid = pid_t (*)();
  const std::vector<const unsigned char*> code = {
      reinterpret_cast<const unsigned char*>(&program_build_ids),
      reinterpret_cast<const unsigned char*>(static_cast<Load>(&YAML::Load)),
      reinterpret_cast<const unsigned char*>(static_cast<Status>(&fs::status)),
      reinterpret_cast<const unsigned char*>(static_cast<Getpid>(&::getpid))};
  std::string ids;
  for (const unsigned char* c : code) {
    const std::string id = build_id_of(c);
    if (id.empty()) return {};
    ids += id + ' ';
  }
  return ids;
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
    return pbem::hex_of(canonical.digest);
  }

 private:
  XXH3_state_t state_{};
};

std::string digest(std::string_view bytes) { return Digest().add(bytes).hex(); }

/// What of a data directory a digest has taken in, against the limits.
struct TreeCount {
  std::size_t bytes = 0;
  std::size_t entries = 0;
};

/// Digests one entry of a data directory by `name`: a link's target, then what the entry is (or
/// leads to): a file's bytes (its size alone past kMaxFileBytes), or its kind. False when it
/// cannot be read, or the limits are passed.
bool add_entry(Digest& digest, const fs::path& path, const std::string& name, TreeCount& count) {
  if (++count.entries > kMaxTreeEntries) return false;
  digest.add_piece(name);
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(path, ec))) {
    digest.add_piece("link").add_piece(fs::read_symlink(path, ec).string());
  }
  if (ec) return false;
  const fs::file_status led_to = fs::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) return false;
  if (!fs::is_regular_file(led_to)) {
    digest.add_piece("kind").add_piece(std::to_string(static_cast<int>(led_to.type())));
    return true;
  }
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) return false;
  if (size > kMaxFileBytes) {
    digest.add_piece("large").add_piece(std::to_string(size));
    return true;
  }
  try {
    const std::string text = pbem::read_source(path, kMaxFileBytes).text;
    count.bytes += text.size();
    digest.add_piece("file").add_piece(text);
  } catch (const std::exception&) {  // unreadable, or grown past the limit since
    return false;
  }
  return count.bytes <= kMaxTreeBytes;
}

/// Digests what the loader sees of a data directory, in name order: the entries of `folder`
/// that are not hidden, and, `depth` levels down, those of its folders (at the top, `modules`
/// only: every other top-level folder is no part of a ruleset).
bool add_folder(Digest& digest, const fs::path& folder, int depth, TreeCount& count) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (!name.starts_with('.')) names.push_back(std::move(name));  // hidden: never read
  }
  if (ec) return false;
  std::sort(names.begin(), names.end());
  digest.add_piece("folder").add_piece(std::to_string(names.size()));
  for (const std::string& name : names) {
    const fs::path path = folder / name;
    if (!add_entry(digest, path, name, count)) return false;
    const bool descend = depth > 0 && (depth == 1 || name == "modules");
    if (descend && fs::is_directory(path, ec) && !add_folder(digest, path, depth - 1, count))
      return false;
  }
  return true;
}

const std::string kEntrySuffix = ".ruleset";

/// The entries' folder: this user's alone, opened once (private_folder.hpp).
fs::path entries_dir(const fs::path& cache_dir) { return cache_dir / "rulesets"; }

/// Removes the oldest entries past the newest kEntriesKept (a program upgraded or data edited
/// leaves entries no process asks for again; an entry read is made new again), and temporary
/// entries a killed process left.
void prune(const pbem::PrivateFolder& folder) {
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  std::vector<pbem::PrivateFolder::Entry> entries;
  for (pbem::PrivateFolder::Entry& file : folder.files()) {
    if (pbem::PrivateFolder::is_temporary(file.name)) {
      if (now - file.modified > kStaleTemporary) folder.remove(file.name);
    } else if (file.name.ends_with(kEntrySuffix)) {
      entries.push_back(std::move(file));
    }
  }
  if (entries.size() <= kEntriesKept) return;
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return a.modified > b.modified; });
  for (std::size_t i = kEntriesKept; i < entries.size(); ++i) folder.remove(entries[i].name);
}

}  // namespace

std::optional<std::string> ruleset_key(const fs::path& data_dir, int version,
                                       const std::vector<std::string>& modules) {
  const std::string program = program_build_ids();
  if (program.empty()) return std::nullopt;
  Digest key;
  key.add_piece(kMagic).add_piece(program).add_piece(std::to_string(version));
  key.add_piece(std::to_string(modules.size()));
  for (const std::string& m : modules) key.add_piece(m);
  TreeCount count;
  if (!add_folder(key, data_dir, 2, count)) return std::nullopt;
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
  const std::optional<pbem::PrivateFolder> folder =
      pbem::PrivateFolder::open(entries_dir(cache_dir));
  if (!folder) return std::nullopt;
  const std::optional<std::string> bytes = folder->read(key + kEntrySuffix, kMaxEntryBytes);
  if (!bytes) return std::nullopt;
  std::optional<Ruleset> rules = ruleset_from_kept_bytes(key, *bytes);
  if (rules) folder->touch(key + kEntrySuffix);  // used: the newest
  return rules;
}

void keep_ruleset(const fs::path& cache_dir, const std::string& key, const Ruleset& rules) {
  // The folder, the cache and the folder holding it (`.cache` below a home) are made if need be.
  const std::optional<pbem::PrivateFolder> folder =
      pbem::PrivateFolder::open(entries_dir(cache_dir), 3);
  if (folder && folder->write(key + kEntrySuffix, kept_ruleset_bytes(key, rules))) prune(*folder);
}

}  // namespace wallenstein
