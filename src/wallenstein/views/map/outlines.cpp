#include "wallenstein/views/map/outlines.hpp"

#include <algorithm>
#include <cereal/types/utility.hpp>
#include <cereal/types/vector.hpp>
#include <cmath>
#include <mutex>

#include "pbem/files/kept.hpp"
#include "wallenstein/files/cereal_body.hpp"
#include "wallenstein/views/map/placement.hpp"

namespace wallenstein::map {

// The fields kept of the outlines, for cereal (found by argument-dependent lookup). A field added
// to a type goes here too: its size below changes, and fails to compile until it is written here.
static_assert(sizeof(Box) == 32 && sizeof(OutlineKey) == 128 && sizeof(Outlines) == 176);
static_assert(field_count<Box> == 4 && field_count<OutlineKey> == 8 && field_count<Outlines> == 3);
template <class A>
void serialize(A& a, Box& b) {
  a(b.x, b.y, b.w, b.h);
}
template <class A>
void serialize(A& a, OutlineKey& k) {
  a(k.centres, k.points, k.province, k.frame, k.radius, k.coast_segments, k.pole_grid, k.pole_pull);
}
/// Of a shape, the outlines set only its parts, border and pole.
template <class A>
void serialize(A& a, Shape& s) {
  a(s.parts, s.border, s.pole);
}
template <class A>
void serialize(A& a, Outlines& o) {
  a(o.key, o.shapes, o.contacts);
}

namespace {

/// Kept outlines: one for each layout, width and board (module) a host draws.
constexpr pbem::KeptKind kOutlines{"outlines", ".outlines", "wallenstein kept outlines 1\n", 16,
                                   16 << 20};

/// The key of the outlines made from `key`: the build ids (this code makes them), and every field.
std::optional<std::string> outlines_key(const OutlineKey& key) {
  std::optional<pbem::KeyDigest> digest = pbem::begin_key(kOutlines);
  if (!digest) return std::nullopt;
  return digest->add_piece(cereal_body(key)).hex();
}

/// The outlines made from `key`, read from `cache` when they were kept there, else made and kept.
std::shared_ptr<const Outlines> made_or_kept(const OutlineKey& key,
                                             const std::optional<std::filesystem::path>& cache) {
  const std::optional<std::string> digest = cache ? outlines_key(key) : std::nullopt;
  if (digest) {
    // An entry of this digest made from another key would be a digest collision: not used.
    if (auto kept = read_kept_value<Outlines>(*cache, kOutlines, *digest); kept && kept->key == key)
      return std::make_shared<const Outlines>(std::move(*kept));
  }
  std::shared_ptr<const Outlines> made = make_outlines(key);
  if (digest) pbem::keep(*cache, kOutlines, *digest, kept_outlines_body(*made));
  return made;
}

bool same_points(const std::vector<Point>& a, const std::vector<Point>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](Point p, Point q) { return p.x == q.x && p.y == q.y; });
}

/// The point of the shape farthest from its border, on a grid `grid` steps wide (the "pole of
/// inaccessibility"), pulled towards `site` by `pull` per pixel away from it.
Point pole_of(const Shape& shape, Point site, int grid, double pull) {
  const auto [x0, y0, x1, y1] = extent_of(shape);
  Point best = site;
  double best_score = contains(shape, site) ? border_distance(shape, site) : -1;
  for (int i = 0; i <= grid; ++i) {
    for (int j = 0; j <= grid; ++j) {
      const Point p{x0 + (x1 - x0) * i / grid, y0 + (y1 - y0) * j / grid};
      if (!contains(shape, p)) continue;
      // Slight pull towards the printed position keeps the content where players expect it.
      const double score =
          border_distance(shape, p) - pull * std::hypot(p.x - site.x, p.y - site.y);
      if (score > best_score) {
        best_score = score;
        best = p;
      }
    }
  }
  return best;
}

}  // namespace

bool OutlineKey::operator==(const OutlineKey& other) const {
  const Box& f = other.frame;
  return same_points(centres, other.centres) && same_points(points, other.points) &&
         province == other.province && frame.x == f.x && frame.y == f.y && frame.w == f.w &&
         frame.h == f.h && radius == other.radius && coast_segments == other.coast_segments &&
         pole_grid == other.pole_grid && pole_pull == other.pole_pull;
}

std::shared_ptr<const Outlines> make_outlines(const OutlineKey& key) {
  auto out = std::make_shared<Outlines>();
  out->key = key;
  const std::size_t count = key.centres.size();
  out->shapes.resize(count);
  out->contacts.assign(count, std::vector<std::vector<std::pair<Point, Point>>>(count));
  // The cells become the shapes' parts; their edges the borders, except the seams between cells
  // of one province.
  const auto cells = voronoi_cells(key.points, key.frame, key.radius, key.coast_segments);
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const std::size_t owner = key.province[c];
    const std::vector<Point>& points = cells[c].points;
    Shape& shape = out->shapes[owner];
    if (points.size() < 3) continue;
    shape.parts.push_back(points);
    for (std::size_t k = 0; k < points.size(); ++k) {
      const int tag = cells[c].tags[k];
      const std::pair<Point, Point> edge{points[k], points[(k + 1) % points.size()]};
      if (tag >= 0 && key.province[static_cast<std::size_t>(tag)] == owner) {
        continue;  // an inner seam
      }
      shape.border.push_back(edge);
      if (tag >= 0) {
        out->contacts[owner][key.province[static_cast<std::size_t>(tag)]].push_back(edge);
      }
    }
  }
  for (std::size_t i = 0; i < count; ++i) {
    out->shapes[i].pole = pole_of(out->shapes[i], key.centres[i], key.pole_grid, key.pole_pull);
  }
  return out;
}

std::string kept_outlines_body(const Outlines& outlines) { return cereal_body(outlines); }

std::optional<Outlines> outlines_from_kept_body(const std::string& body) {
  return from_cereal_body<Outlines>(body);
}

std::shared_ptr<const Outlines> outlines_of(const OutlineKey& key,
                                            const std::optional<std::filesystem::path>& cache) {
  constexpr std::size_t kKept = 4;
  static std::mutex lock;
  static std::vector<std::shared_ptr<const Outlines>> kept;  // the latest asked for first
  // Under the lock: the kept ones made of `key`, moved to the front.
  const auto find = [&]() -> std::shared_ptr<const Outlines> {
    const auto found =
        std::find_if(kept.begin(), kept.end(), [&](const auto& o) { return o->key == key; });
    if (found == kept.end()) return nullptr;
    std::rotate(kept.begin(), found, found + 1);
    return kept.front();
  };
  {
    const std::lock_guard<std::mutex> hold(lock);
    if (auto known = find()) return known;
  }
  std::shared_ptr<const Outlines> made = made_or_kept(key, cache);  // not under the lock
  const std::lock_guard<std::mutex> hold(lock);
  if (auto known = find()) return known;  // another thread made the same meanwhile
  kept.insert(kept.begin(), made);
  if (kept.size() > kKept) kept.pop_back();
  return made;
}

}  // namespace wallenstein::map
