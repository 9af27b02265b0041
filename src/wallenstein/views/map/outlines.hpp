#pragma once

// Internal to the map: the provinces' outlines, which no season changes.

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "wallenstein/views/map/geometry.hpp"
#include "wallenstein/views/map/scene.hpp"

namespace wallenstein::map {

/// All the provinces' outlines are made from: the points whose Voronoi cells make the provinces
/// (each province's centre first, then a site towards each of its neighbours), the frame the cells
/// are cut to, the coast, and the style's coast and pole settings.
struct OutlineKey {
  std::vector<Point> centres;
  std::vector<Point> points;
  std::vector<std::size_t> province;  ///< the province of each point
  Box frame;
  double radius = 0;  ///< how far a province reaches from its site: the coast
  int coast_segments = 0;
  int pole_grid = 0;
  double pole_pull = 0;

  bool operator==(const OutlineKey& other) const;
};

/// The edges where two provinces meet: contacts[a][b] for provinces a and b.
using Contacts = std::vector<std::vector<std::vector<std::pair<Point, Point>>>>;

/// The provinces' outlines: of each shape only its parts, border and pole are set; and the edges
/// where two provinces meet.
struct Outlines {
  OutlineKey key;
  std::vector<Shape> shapes;
  Contacts contacts;
};

/// The outlines made from `key`, and from nothing else.
std::shared_ptr<const Outlines> make_outlines(const OutlineKey& key);

/// The same, made once a process: a process that draws many maps of a board (a tick over many
/// games, the public pages of every season) asks again and again. The last four kinds asked for
/// are kept. With `cache`, they are kept there between processes too (pbem/files/kept.hpp), under
/// a digest of the map's build and of the key: 60 M instructions of a `resolve`'s first map.
std::shared_ptr<const Outlines> outlines_of(const OutlineKey& key,
                                            const std::optional<std::filesystem::path>& cache = {});

/// The body a cache entry holds for `outlines`, and the outlines read back from one (none when it
/// is not one whole); the tests' round trips use these.
std::string kept_outlines_body(const Outlines& outlines);
std::optional<Outlines> outlines_from_kept_body(const std::string& body);

}  // namespace wallenstein::map
