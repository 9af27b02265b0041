#include "wallenstein/files/kept_states.hpp"

#include <cereal/types/array.hpp>
#include <cereal/types/optional.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include "pbem/files/kept.hpp"
#include "wallenstein/files/cereal_body.hpp"
#include "wallenstein/files/kept_rulesets.hpp"

namespace fs = std::filesystem;

// The fields of every type a state holds, for cereal, found by argument-dependent lookup. A field
// left out here reads back as its default: the round-trip tests compare every field (the types
// compare all of theirs), of the states of played games and of one whose every field differs from
// its default (kept_states_test.cpp).
namespace wallenstein {

// A field added to one of these types, or taken away, changes its count: then list it below, set
// it in the test's state whose every field differs from its default, and write the new count
// here. The sizes check the same where a count cannot (GCC and Clang on x86-64, the only targets).
static_assert(field_count<CubeCounts> == 1 && field_count<PlayerState> == 9);
static_assert(field_count<ProvinceState> == 5 && field_count<Supply> == 3);
static_assert(field_count<TowerState> == 2 && field_count<DraftTable> == 2);
static_assert(field_count<CourtState> == 5 && field_count<GameState> == 18);
static_assert(sizeof(CubeCounts) == 24 && sizeof(PlayerState) == 64);
static_assert(sizeof(ProvinceState) == 36 && sizeof(Supply) == 20 && sizeof(TowerState) == 48);
static_assert(sizeof(DraftTable) == 32 && sizeof(CourtState) == 136 && sizeof(GameState) == 544);

template <class A>
void serialize(A& a, CubeCounts& c) {
  a(c.n);
}
template <class A>
void serialize(A& a, PlayerState& p) {
  a(p.id, p.thaler, p.grain, p.vp, p.reserve, p.landsknechte, p.leader, p.statues, p.trophies);
}
template <class A>
void serialize(A& a, ProvinceState& p) {
  a(p.owner, p.armies, p.buildings, p.revolt_markers, p.statues);
}
template <class A>
void serialize(A& a, Supply& s) {
  a(s.peasants, s.revolt_markers, s.buildings);
}
template <class A>
void serialize(A& a, TowerState& t) {
  a(t.inside, t.tray);
}
template <class A>
void serialize(A& a, DraftTable& d) {
  a(d.pile, d.face_up);
}
template <class A>
void serialize(A& a, CourtState& c) {
  a(c.officers_beside, c.officers_hall, c.marker_shield, c.deck, c.display);
}
template <class A>
void serialize(A& a, GameState& s) {
  a(s.game, s.edition, s.season_index, s.finished, s.players, s.provinces, s.supply, s.tower,
    s.year_events, s.events_left, s.event_deck, s.action_cards, s.bonus_tiles, s.turn_order, s.rng,
    s.winners, s.draft, s.court);
}

namespace {

/// Kept states: 2 KB each, so 4,096 (8 MB) hold the current season of every game of a host running
/// a thousand, with room for the past seasons `replay` and `publish` read: a command that goes
/// through more games than are kept would find none kept, and write one for each.
constexpr pbem::KeptKind kStates{"states", ".state", "wallenstein kept state 1\n", 4096, 1 << 20};

/// The key of the state read from `file` with `rules` and `origin`; none when the program has no
/// build id.
std::optional<std::string> state_key(const SourceFile& file, const Ruleset& rules,
                                     const StateOrigin* origin) {
  std::optional<pbem::KeyDigest> key = pbem::begin_key(kStates);
  if (!key) return std::nullopt;
  key->add_piece(file.text).add_piece(ruleset_body(rules));
  if (origin) {
    key->add_piece("origin").add_piece(origin->game);
    key->add_piece(std::to_string(origin->season_index));
    key->add_piece(origin->directory).add_piece(origin->season_name);
    key->add_piece(std::to_string(origin->player_ids.size()));
    for (const std::string& id : origin->player_ids) key->add_piece(id);
  }
  return key->hex();
}

}  // namespace

std::string kept_state_body(const GameState& state) { return cereal_body(state); }

std::optional<GameState> state_from_kept_body(const std::string& body) {
  return from_cereal_body<GameState>(body);
}

GameState read_state_kept(const SourceFile& file, const Ruleset& rules, const StateOrigin* origin,
                          const std::optional<fs::path>& cache) {
  const std::optional<std::string> key = cache ? state_key(file, rules, origin) : std::nullopt;
  if (key) {
    if (auto kept = read_kept_value<GameState>(*cache, kStates, *key)) return std::move(*kept);
  }
  GameState state = read_state(file, rules, origin);
  if (key) pbem::keep(*cache, kStates, *key, kept_state_body(state));
  return state;
}

}  // namespace wallenstein
