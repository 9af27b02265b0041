// The program's side of the map's module: render_map loads wallenstein-map.so the first time it
// is called (pbem/files/module.hpp), so that a command that draws no map never loads cairo, pango
// and their dependencies. Tests link wallenstein_map instead, which defines render_map directly.
#include "pbem/files/module.hpp"
#include "wallenstein/views/map/render.hpp"

namespace wallenstein::map {

RenderedMap render_map(const MapRequest& request, const MapStyle& style) {
  static const auto& module = *static_cast<const MapModule*>(pbem::module_symbol(
      "wallenstein-map.so", "wallenstein_map_module", "cairo and pango, to draw the map"));
  return module.render_map(request, style);
}

}  // namespace wallenstein::map
