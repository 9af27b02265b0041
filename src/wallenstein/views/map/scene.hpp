#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/rules/season_log.hpp"
#include "wallenstein/views/map/geometry.hpp"
#include "wallenstein/views/map/style.hpp"
#include "wallenstein/views/season_view.hpp"

namespace wallenstein::map {

class TextKit;  // text.hpp: pango, which only the drawing needs

/// Where provinces sit: as on the printed board, or by geography.
enum class Layout { board, geo };

/// What a map shows: the state after the season (for a season being planned, its start), with
/// what happened drawn over it.
struct MapRequest {
  SeasonView season;
  Layout layout = Layout::board;
  double width = 0;  ///< 0: the style's default
  /// Where what no season changes (the provinces' outlines) is kept between processes
  /// (kept_cache_dir()); none: made again by each process.
  std::optional<std::filesystem::path> cache{};
};

enum class TextRole { title, subtitle, heading, panel, province, badge, region, tag };

/// One piece of text and the box it occupies; `pill` draws a rounded background under it.
struct Text {
  std::string text;
  Box box;
  double px = 12;
  bool bold = false;
  Rgb colour;
  std::optional<Rgb> pill;
  TextRole role = TextRole::panel;
};

enum class IconKind { palace, church, trading_house, revolt, leader, statue };

struct Icon {
  IconKind kind = IconKind::palace;
  Box box;
  bool fresh = false;  ///< built this season
  int count = 0;       ///< revolt markers; statues (shown when more than one)
  Rgb colour{};        ///< a leader's or a statue's player
};

/// A province's shape and colours. The shape is the union of convex parts; `border` holds the
/// edges between it and other provinces or the sea (the inner seams are not drawn).
struct Shape {
  ProvinceId id;
  std::vector<std::vector<Point>> parts;
  std::vector<std::pair<Point, Point>> border;
  Rgb fill;
  bool out_of_play = false;
  std::optional<Rgb> conquered_by;  ///< a thick outline in the conqueror's colour
  bool face_up = false;             ///< a face-up card of the draft being planned (rules 2.2)
  Point pole;                       ///< the centre of the province's content
  Point anchor;                     ///< a point of plain fill, away from every text and icon
};

/// The extent of every part of a shape.
Extent extent_of(const Shape& shape);

struct Line {
  Point a;
  Point b;
  double width = 1;
  Rgb colour;
  bool dashed = false;
};

struct Arrow {
  Point from;
  Point to;
  double width = 2;
  Rgb colour;
  Rgb outline;
  bool dashed = false;
};

/// A filled square (legend and scoreboard swatches).
struct Swatch {
  Box box;
  Rgb fill;
  Rgb border;
  std::string letter;
  Rgb letter_colour;
};

/// Everything the map draws, laid out: tests read it (label boxes, anchors) without pixels.
struct MapScene {
  double width = 0;
  double height = 0;
  Box map_area;
  Box panel_area;
  std::vector<Shape> shapes;
  std::vector<Line> lines;
  std::vector<Arrow> arrows;
  std::vector<Icon> icons;
  std::vector<Text> texts;
  std::vector<Swatch> swatches;
  std::vector<Line> rules;  ///< panel separators
};

/// The icon of a building type.
IconKind icon_of(Building building);
/// Upper case, including the German letters with diacritics.
std::string upper(std::string text);

/// Whether a point lies in the shape.
bool contains(const Shape& shape, Point p);

/// The letters that mark a player on the map besides the colour (unique among the players).
std::vector<std::string> player_letters(const GameState& state);

/// Lays out the map and the panel.
MapScene build_scene(const MapRequest& request, const MapStyle& style, const TextKit& text);

/// Lays out the side panel (panel.cpp).
void build_panel(const MapRequest& request, const MapStyle& style, const TextKit& text,
                 double scale, MapScene& scene);

}  // namespace wallenstein::map
