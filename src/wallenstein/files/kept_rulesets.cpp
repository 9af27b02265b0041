#include "wallenstein/files/kept_rulesets.hpp"

#include <algorithm>
#include <cereal/types/array.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/optional.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/utility.hpp>
#include <cereal/types/vector.hpp>
#include <cstdint>
#include <string_view>

#include "pbem/files/files.hpp"
#include "pbem/files/kept.hpp"
#include "wallenstein/files/cereal_body.hpp"

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
// The number of fields of each aggregate (cereal_body.hpp), which a field hidden in padding
// changes too; Ruleset, which is no aggregate, has its size alone.
static_assert(field_count<Fraction> == 2 && field_count<Point> == 2 && field_count<Region> == 2);
static_assert(field_count<Province> == 12 && field_count<EventCard> == 7);
static_assert(field_count<BonusTile> == 6 && field_count<ActionDef> == 10);
static_assert(field_count<SupplyRow> == 4 && field_count<TowerParams> == 4);
static_assert(field_count<Pieces> == 4 && field_count<ScoringRules> == 5);
static_assert(field_count<StandardSetup> == 1 && field_count<LandsknechtCard> == 1);
static_assert(field_count<LandsknechtRules> == 3 && field_count<LeaderBonus> == 3);
static_assert(field_count<LeaderRules> == 4 && field_count<Module> == 8);
static_assert(field_count<FavourCard> == 5 && field_count<CourtRules> == 6);

template <class A>
void serialize(A& a, Fraction& f) {
  a(f.num, f.den);
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

/// The entries: their first line's number changes when their layout does. More are kept than the
/// 48 rulesets of the shipped data (3 rules versions, 2 editions, 8 sets of expansions), so a tick
/// over games of every kind finds them all. No entry is near 16 MB (the shipped data's are 10 KB).
constexpr pbem::KeptKind kRulesets{"rulesets", ".ruleset", "wallenstein kept ruleset 2\n", 64,
                                   16 << 20};
/// A data file larger than any the loader reads (kMaxDataBytes) is digested by its size alone:
/// the loader refuses it, so no entry was kept with it. A data directory with more bytes or more
/// entries than this is not digested: its ruleset is parsed every time.
constexpr std::size_t kMaxFileBytes = 4 << 20;
constexpr std::size_t kMaxTreeBytes = 16 << 20;
constexpr std::size_t kMaxTreeEntries = 4096;
/// What of a data directory a digest has taken in, against the limits.
struct TreeCount {
  std::size_t bytes = 0;
  std::size_t entries = 0;
};

/// Digests one entry of a data directory by `name`: a link's target, then what the entry is (or
/// leads to): a file's bytes (its size alone past kMaxFileBytes), or its kind. False when it
/// cannot be read, or the limits are passed.
bool add_entry(pbem::KeyDigest& digest, const fs::path& path, const std::string& name,
               TreeCount& count) {
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
bool add_folder(pbem::KeyDigest& digest, const fs::path& folder, int depth, TreeCount& count) {
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

}  // namespace

std::optional<std::string> ruleset_key(const fs::path& data_dir, int version,
                                       const std::vector<std::string>& modules) {
  std::optional<pbem::KeyDigest> key = pbem::begin_key(kRulesets);
  if (!key) return std::nullopt;
  key->add_piece(std::to_string(version)).add_piece(std::to_string(modules.size()));
  for (const std::string& m : modules) key->add_piece(m);
  TreeCount count;
  if (!add_folder(*key, data_dir, 2, count)) return std::nullopt;
  return key->hex();
}

namespace {

/// A ruleset read back, its names indexed as the loader indexes them.
std::optional<Ruleset> indexed(std::optional<Ruleset> rules) {
  if (rules) rules->index_names();
  return rules;
}

}  // namespace

std::string ruleset_body(const Ruleset& rules) { return cereal_body(rules); }

std::string kept_ruleset_bytes(const std::string& key, const Ruleset& rules) {
  return pbem::kept_entry(kRulesets, key, cereal_body(rules));
}

std::optional<Ruleset> ruleset_from_kept_bytes(const std::string& key, const std::string& bytes) {
  const std::optional<std::string> body = pbem::kept_body(kRulesets, key, bytes);
  return body ? indexed(from_cereal_body<Ruleset>(*body)) : std::nullopt;
}

std::optional<Ruleset> read_kept_ruleset(const fs::path& cache_dir, const std::string& key) {
  return indexed(read_kept_value<Ruleset>(cache_dir, kRulesets, key));
}

void keep_ruleset(const fs::path& cache_dir, const std::string& key, const Ruleset& rules) {
  pbem::keep(cache_dir, kRulesets, key, cereal_body(rules));
}

}  // namespace wallenstein
