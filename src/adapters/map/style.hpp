#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "adapters/map/png.hpp"

namespace wallenstein::map {

/// A colour with components in [0, 1].
struct Rgb {
  double r = 0;
  double g = 0;
  double b = 0;
  bool operator==(const Rgb&) const = default;
};

/// A player's colours: the fill and the text drawn on it.
struct PlayerColours {
  Rgb fill;
  Rgb text;
};

/// Text sizes in pixels (`fonts:`).
struct FontSizes {
  double title = 0;
  double subtitle = 0;
  double province = 0;
  double badge = 0;
  double region = 0;
  double panel_heading = 0;
  double panel = 0;
  double small = 0;
};

/// The colours of `style:`.
struct Colours {
  Rgb background;
  Rgb panel;
  Rgb panel_rule;
  Rgb ink;
  Rgb muted;
  Rgb province_border;
  Rgb region_border;
  Rgb out_of_play;
  Rgb label_pill;
  Rgb wall;
  Rgb link;
  Rgb marker;
  Rgb palace;
  Rgb church;
  Rgb trading_house;
};

/// The line widths of `style:` (the keys ending in `_width`), in pixels.
struct LineWidths {
  double province_border = 0;
  double region_border = 0;
  double wall = 0;
};

/// Every number, colour and word of the map (data/wallenstein/map_layout.yaml).
struct MapStyle {
  double width = 1600;
  double height = 1160;
  double map_width = 1160;
  double margin = 24;
  double land_radius = 118;
  std::string font = "DejaVu Sans";
  FontSizes fonts;
  std::map<std::string, PlayerColours> by_id;          ///< colours of ids that name a colour
  std::vector<PlayerColours> palette;                  ///< the others, by seat
  std::map<std::string, std::pair<Rgb, Rgb>> regions;  ///< region id -> (tint, label)
  Colours colours;
  LineWidths widths;
  double lat_min = 45.6, lat_max = 55.2, lon_min = 4.9, lon_max = 19.2;
  PngOptions png;

  /// A colour of `style:` by its key; throws std::logic_error for a key that is not one.
  Rgb colour(std::string_view name) const;
};

/// Loads map_layout.yaml from the data directory; problems (a missing key, an unknown one with
/// the nearest known, a bad value) are InputErrors with positions.
MapStyle load_map_style(const std::filesystem::path& data_dir);

/// Parses "#rrggbb".
bool parse_rgb(const std::string& text, Rgb& out);

}  // namespace wallenstein::map
