#include "wallenstein/rules/game_state.hpp"

#include <algorithm>
#include <cstdio>

#include "pbem/text/text.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

int CubeCounts::total() const {
  int sum = 0;
  for (int c : n) sum += c;
  return sum;
}

CubeCounts& CubeCounts::operator+=(const CubeCounts& other) {
  for (std::size_t i = 0; i < n.size(); ++i) n[i] += other.n[i];
  return *this;
}

int ProvinceState::building_count() const {
  int count = 0;
  for (bool b : buildings) count += b ? 1 : 0;
  return count;
}

std::optional<PlayerIndex> GameState::find_player(std::string_view id) const {
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (players[i].id == id) return player_index(i);
  }
  return std::nullopt;
}

std::optional<PlayerIndex> GameState::find_player_any_case(std::string_view id) const {
  for (std::size_t i = 0; i < players.size(); ++i) {
    const std::string& own = players[i].id;
    if (own.size() == id.size() &&
        std::equal(own.begin(), own.end(), id.begin(),
                   [](char a, char b) { return ascii_lower(a) == ascii_lower(b); })) {
      return player_index(i);
    }
  }
  return std::nullopt;
}

namespace {

/// Whether a province is held by `p`. An empty optional compares unequal to any player.
bool held_by(const ProvinceState& province, PlayerIndex p) { return province.owner == p; }

}  // namespace

std::vector<ProvinceId> GameState::provinces_of(PlayerIndex p) const {
  // One allocation; every index is written and only the held ones are kept.
  std::vector<ProvinceId> out(provinces.size());
  std::size_t held = 0;
  for (std::size_t i = 0; i < provinces.size(); ++i) {
    out[held] = ProvinceId::at(i);
    held += held_by(provinces[i], p) ? 1U : 0U;
  }
  out.resize(held);
  return out;
}

int GameState::statues_standing(PlayerIndex p) const {
  int n = 0;
  for (const ProvinceState& province : provinces) n += province.statues[p.value];
  return n;
}

int GameState::province_count(PlayerIndex p) const {
  int count = 0;
  for (const auto& province : provinces) count += held_by(province, p) ? 1 : 0;
  return count;
}

std::string SeasonLabel::name() const {
  if (draft) return std::to_string(year) + "-draft";
  return std::to_string(year) + "-" +
         (season ? std::string(season_key(*season)) : std::string("end"));
}

std::string SeasonLabel::directory() const {
  char number[8];
  std::snprintf(number, sizeof number, "%02d", index);
  return std::string(number) + "-" + name();
}

SeasonLabel season_label(const Ruleset& rules, int season_index) {
  const int per_year = static_cast<int>(rules.seasons.size());
  SeasonLabel label;
  label.index = season_index;
  if (season_index == 0) {
    label.year = rules.years.front();
    label.draft = true;
    return label;
  }
  if (season_index > rules.season_count()) {
    label.year = rules.years.back();
    return label;
  }
  const int zero_based = season_index - 1;
  label.year = rules.years[static_cast<std::size_t>(zero_based / per_year)];
  label.season = rules.seasons[static_cast<std::size_t>(zero_based % per_year)];
  return label;
}

int seasons_before_in_year(const Ruleset& rules, int season_index) {
  const SeasonLabel label = season_label(rules, season_index);
  const std::optional<SeasonName> season = label.season;
  if (label.draft) return 0;
  if (!season) return static_cast<int>(rules.seasons.size());
  return static_cast<int>(std::find(rules.seasons.begin(), rules.seasons.end(), *season) -
                          rules.seasons.begin());
}

}  // namespace wallenstein
