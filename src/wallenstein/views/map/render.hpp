#pragma once

#include <string>

#include "wallenstein/views/map/scene.hpp"

namespace wallenstein::map {

/// A drawn map: the PNG bytes and the scene they were drawn from.
struct RenderedMap {
  std::string png;
  MapScene scene;
};

/// Lays out and draws a map. Same request, same style, same bytes. Defined twice: by draw.cpp
/// (the library wallenstein_map, which tests link and the module is made of), and by
/// map_loader.cpp, which loads the module wallenstein-map.so the first time it is called.
RenderedMap render_map(const MapRequest& request, const MapStyle& style);

/// The module's entry, exported as `wallenstein_map_module`.
struct MapModule {
  RenderedMap (*render_map)(const MapRequest& request, const MapStyle& style);
};

/// Draws a laid-out scene as PNG bytes (wallenstein_map only).
std::string draw_png(const MapScene& scene, const MapStyle& style, const TextKit& text);

}  // namespace wallenstein::map
