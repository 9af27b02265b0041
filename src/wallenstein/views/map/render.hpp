#pragma once

#include <string>

#include "wallenstein/views/map/scene.hpp"

namespace wallenstein::map {

/// A drawn map: the PNG bytes and the scene they were drawn from.
struct RenderedMap {
  std::string png;
  MapScene scene;
};

/// Lays out and draws a map. Same request, same style, same bytes.
RenderedMap render_map(const MapRequest& request, const MapStyle& style);

/// Draws a laid-out scene as PNG bytes.
std::string draw_png(const MapScene& scene, const MapStyle& style, const TextKit& text);

}  // namespace wallenstein::map
