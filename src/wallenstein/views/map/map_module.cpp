// The module wallenstein-map.so: the map drawn with cairo and pango (render.hpp's render_map) for
// the program, which loads it the first time it draws a map (map_loader.cpp).
#include "pbem/files/module.hpp"
#include "wallenstein/views/map/render.hpp"

PBEM_MODULE_EXPORT const char* const pbem_module_build = pbem::module_build();
PBEM_MODULE_EXPORT const wallenstein::map::MapModule wallenstein_map_module{
    &wallenstein::map::render_map};
