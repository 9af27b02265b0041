#pragma once

#include <filesystem>
#include <map>
#include <string>
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

/// Every number and colour of the map (data/wallenstein/map_layout.yaml).
struct MapStyle {
  double width = 1600;
  double height = 1160;
  double map_width = 1160;
  double margin = 24;
  double land_radius = 118;
  std::string font = "DejaVu Sans";
  std::map<std::string, double> fonts;           ///< title, subtitle, province, badge, region, ...
  std::map<std::string, PlayerColours> by_id;    ///< player colours for ids that name a colour
  std::vector<PlayerColours> palette;            ///< the others, by seat
  std::map<std::string, std::pair<Rgb, Rgb>> regions;  ///< region id -> (tint, label)
  std::map<std::string, Rgb> colours;            ///< style colours by name
  std::map<std::string, double> widths;          ///< style line widths by name
  double lat_min = 45.6, lat_max = 55.2, lon_min = 4.9, lon_max = 19.2;
  PngOptions png;

  double font_px(const std::string& name) const;
  Rgb colour(const std::string& name) const;
  double line(const std::string& name) const;
};

/// Loads map_layout.yaml from the data directory; problems are InputErrors with positions.
MapStyle load_map_style(const std::filesystem::path& data_dir);

/// Parses "#rrggbb".
bool parse_rgb(const std::string& text, Rgb& out);

}  // namespace wallenstein::map
