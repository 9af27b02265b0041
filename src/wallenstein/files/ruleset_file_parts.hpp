#pragma once

// Internal to load_ruleset: the readers of each data file and the helpers they share.

#include <array>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/yaml_file.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein::loading {

/// Which layer a data file belongs to: the base game's holds every table whole; a module's
/// (modules/<id>/) lays its tables over it: rules.yaml keys replace the base's, events and tiles
/// are added or replace the base's of the same id, actions replace by id, supply_table.yaml and
/// tower.yaml replace the base's table whole.
enum class Layer : std::uint8_t { base, module };

YamlFile open_data(const std::filesystem::path& dir, const char* name);
/// The root of a data file that is a map of these keys; a file that is no map is refused at once.
const YAML::Node& root_map(YamlReader& r, std::string_view file_name,
                           std::span<const std::string_view> keys);
/// A required integer field in [min, max]; 0 (and an error) when missing or wrong.
int as_int(YamlReader& r, const YAML::Node& map, std::string_view key, std::int64_t min,
           std::int64_t max, std::string_view where);
/// A required text field; empty (and an error) when missing or wrong.
std::string as_text(YamlReader& r, const YAML::Node& map, std::string_view key,
                    std::string_view where);

void load_provinces(const std::filesystem::path& dir, Ruleset& rules);
void load_setups(const std::filesystem::path& dir, Ruleset& rules);
void load_events(const std::filesystem::path& dir, Ruleset& rules);
void load_supply_table(const std::filesystem::path& dir, Ruleset& rules);
void load_tower(const std::filesystem::path& dir, Ruleset& rules);
void load_tiles(const std::filesystem::path& dir, Ruleset& rules);
void load_actions(const std::filesystem::path& dir, Ruleset& rules, Layer layer);
void load_rules(const std::filesystem::path& dir, Ruleset& rules, Layer layer);
void load_landsknechte(const std::filesystem::path& dir, Ruleset& rules);
/// modules/leaders/leaders.yaml: the military leaders' statues, end points and action bonuses.
void load_leaders(const std::filesystem::path& dir, Ruleset& rules);
/// modules/court/court.yaml: the Imperial Court's officers, side board, display and favour cards.
void load_court(const std::filesystem::path& dir, Ruleset& rules);

/// The tables a module may lay over the base game's (besides rules.yaml and actions.yaml, which are
/// laid before every table: the pieces and the board bound them), in the order they are read in
/// every layer.
struct LayerFile {
  std::string_view name;
  void (*load)(const std::filesystem::path& dir, Ruleset& rules, Layer layer);
};
inline constexpr std::array<LayerFile, 4> kLayerTables = {{
    {"events.yaml",
     [](const std::filesystem::path& dir, Ruleset& rules, Layer) { load_events(dir, rules); }},
    {"bonus_tiles.yaml",
     [](const std::filesystem::path& dir, Ruleset& rules, Layer) { load_tiles(dir, rules); }},
    {"supply_table.yaml", [](const std::filesystem::path& dir, Ruleset& rules,
                             Layer) { load_supply_table(dir, rules); }},
    {"tower.yaml",
     [](const std::filesystem::path& dir, Ruleset& rules, Layer) { load_tower(dir, rules); }},
}};

/// The tables of a module's own pieces, which the base game lacks: each is read from the folder of
/// the module that adds its phase, after the layered tables (in another module it is an error).
struct OwnTable {
  std::string_view name;
  std::string_view phase;
  void (*load)(const std::filesystem::path& dir, Ruleset& rules);
};
inline constexpr std::array<OwnTable, 3> kModuleTables = {{
    {"landsknechte.yaml", kLandsknechtePhase, load_landsknechte},
    {"leaders.yaml", kLeadersPlacePhase, load_leaders},
    {"court.yaml", kCourtConversionPhase, load_court},
}};

/// Every modules/<id>/module.yaml of the ruleset `dir`, sorted by id, into rules.modules; the ones
/// named in `on` are marked on. Returns why the game cannot play them (a name with no folder, a
/// module this program cannot play yet), for load_ruleset to throw once every file is checked,
/// so that a problem of the data is never hidden behind the game's choice. Read before rules.yaml,
/// which places the modules' phases.
std::vector<Diagnostic> load_modules(const std::filesystem::path& dir,
                                     const std::vector<std::string>& on, Ruleset& rules);
/// Lays a module's rules.yaml over the base game's (before any table: the pieces bound them).
void load_module_rules(const std::filesystem::path& dir, const Module& module, Ruleset& rules);
/// A module's actions.yaml, if it has one. Every layer's action spaces are laid before any other
/// table, since events, tiles and the modules' own tables name spaces of the finished board.
void load_module_actions(const std::filesystem::path& dir, const Module& module, Ruleset& rules);
/// Lays a module's tables (events, tiles, actions, supply table, tower) over the base game's and
/// reads its own (kModuleTables).
void load_module_tables(const std::filesystem::path& dir, const Module& module, Ruleset& rules);

}  // namespace wallenstein::loading
