#include "wallenstein/views/map/geometry.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace wallenstein::map {
namespace {

/// Keeps the part of the cell where dot(p - origin, normal) <= 0; the new edge gets `tag`.
/// `scratch` holds the vertices being built (kept between calls, so that clipping a cell a
/// thousand times allocates only while its buffers grow).
void clip(Cell& cell, Point origin, Point normal, int tag, Cell& scratch) {
  const std::size_t n = cell.points.size();
  if (n == 0) return;
  auto side = [&](Point p) { return (p.x - origin.x) * normal.x + (p.y - origin.y) * normal.y; };
  // Built as vertices with the tag of the edge that ends at them, then rotated to edge tags.
  std::vector<Point>& points = scratch.points;
  std::vector<int>& incoming = scratch.tags;
  points.clear();
  incoming.clear();
  for (std::size_t k = 0; k < n; ++k) {
    const Point p = cell.points[k];
    const Point q = cell.points[(k + 1) % n];
    const int edge = cell.tags[k];
    const double sp = side(p);
    const double sq = side(q);
    auto cross = [&] {
      const double t = sp / (sp - sq);
      return Point{p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)};
    };
    if (sp <= 0 && sq <= 0) {
      points.push_back(q), incoming.push_back(edge);
    } else if (sp <= 0 && sq > 0) {
      points.push_back(cross()), incoming.push_back(edge);
    } else if (sp > 0 && sq <= 0) {
      points.push_back(cross()), incoming.push_back(tag);
      points.push_back(q), incoming.push_back(edge);
    }
  }
  const std::size_t m = points.size();
  cell.points.swap(points);
  cell.tags.resize(m);
  for (std::size_t k = 0; k < m; ++k) cell.tags[k] = incoming[(k + 1) % m];
}

}  // namespace

std::vector<Cell> voronoi_cells(const std::vector<Point>& sites, const Box& frame, double radius,
                                int segments) {
  std::vector<Cell> cells;
  cells.reserve(sites.size());
  Cell scratch;
  for (std::size_t i = 0; i < sites.size(); ++i) {
    const Point s = sites[i];
    // Start from the coast: the disc's circumscribed polygon, then the frame, then only the
    // bisectors of sites close enough to cut the disc.
    Cell cell;
    const double corner = radius / std::cos(std::numbers::pi / segments);
    for (int k = 0; k < segments; ++k) {
      const double a = 2 * std::numbers::pi * k / segments;
      cell.points.push_back({s.x + corner * std::cos(a), s.y + corner * std::sin(a)});
      cell.tags.push_back(kCoast);
    }
    clip(cell, {frame.x, frame.y}, {-1, 0}, kFrame, scratch);
    clip(cell, {frame.x + frame.w, frame.y}, {1, 0}, kFrame, scratch);
    clip(cell, {frame.x, frame.y}, {0, -1}, kFrame, scratch);
    clip(cell, {frame.x, frame.y + frame.h}, {0, 1}, kFrame, scratch);
    for (std::size_t j = 0; j < sites.size(); ++j) {
      if (j == i) continue;
      const Point o = sites[j];
      // The hypotenuse is never shorter than either side: most sites are ruled out without it.
      const double reach = 2 * corner;
      if (std::abs(o.x - s.x) > reach || std::abs(o.y - s.y) > reach) continue;
      if (std::hypot(o.x - s.x, o.y - s.y) > reach) continue;
      const Point mid{(s.x + o.x) / 2, (s.y + o.y) / 2};
      clip(cell, mid, Point{o.x - s.x, o.y - s.y}, static_cast<int>(j), scratch);
    }
    cells.push_back(std::move(cell));
  }
  return cells;
}

double area(const std::vector<Point>& polygon) {
  double sum = 0;
  for (std::size_t k = 0; k < polygon.size(); ++k) {
    const Point& p = polygon[k];
    const Point& q = polygon[(k + 1) % polygon.size()];
    sum += p.x * q.y - q.x * p.y;
  }
  return sum / 2;
}

Point centroid(const std::vector<Point>& polygon) {
  const double a = area(polygon);
  if (std::abs(a) < 1e-9) return polygon.empty() ? Point{} : polygon.front();
  double cx = 0;
  double cy = 0;
  for (std::size_t k = 0; k < polygon.size(); ++k) {
    const Point& p = polygon[k];
    const Point& q = polygon[(k + 1) % polygon.size()];
    const double f = p.x * q.y - q.x * p.y;
    cx += (p.x + q.x) * f;
    cy += (p.y + q.y) * f;
  }
  return {cx / (6 * a), cy / (6 * a)};
}

bool contains(const std::vector<Point>& polygon, Point p) {
  bool in = false;
  for (std::size_t k = 0, j = polygon.size() - 1; k < polygon.size(); j = k++) {
    const Point& a = polygon[k];
    const Point& b = polygon[j];
    if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) in = !in;
  }
  return in;
}

double distance_to_edge(const std::vector<Point>& polygon, Point p) {
  double best = 1e18;
  for (std::size_t k = 0; k < polygon.size(); ++k) {
    const Point a = polygon[k];
    const Point b = polygon[(k + 1) % polygon.size()];
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double len2 = dx * dx + dy * dy;
    const double t =
        len2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0, 1.0) : 0.0;
    best = std::min(best, std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)));
  }
  return best;
}

std::optional<std::pair<Point, Point>> shared_edge(const Cell& a, int b, double min_length) {
  for (std::size_t k = 0; k < a.points.size(); ++k) {
    if (a.tags[k] != b) continue;
    const Point p = a.points[k];
    const Point q = a.points[(k + 1) % a.points.size()];
    if (std::hypot(q.x - p.x, q.y - p.y) >= min_length) return std::pair{p, q};
  }
  return std::nullopt;
}

}  // namespace wallenstein::map
