#pragma once

#include <algorithm>
#include <optional>
#include <vector>

#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein::map {

/// The smallest axis-aligned rectangle around some points, by its corners.
struct Extent {
  double x0 = 1e18;
  double y0 = 1e18;
  double x1 = -1e18;
  double y1 = -1e18;

  void add(const Point& p) {
    x0 = std::min(x0, p.x);
    y0 = std::min(y0, p.y);
    x1 = std::max(x1, p.x);
    y1 = std::max(y1, p.y);
  }
};

/// An axis-aligned box (x, y at the top left).
struct Box {
  double x = 0;
  double y = 0;
  double w = 0;
  double h = 0;

  bool overlaps(const Box& o, double gap = 0) const {
    return x < o.x + o.w + gap && o.x < x + w + gap && y < o.y + o.h + gap && o.y < y + h + gap;
  }
  bool inside(const Box& outer) const {
    return x >= outer.x && y >= outer.y && x + w <= outer.x + outer.w && y + h <= outer.y + outer.h;
  }
  Point centre() const { return {x + w / 2, y + h / 2}; }
};

/// What bounds an edge of a cell: another site's bisector (its index), the frame or the coast.
inline constexpr int kFrame = -1;
inline constexpr int kCoast = -2;

/// A convex polygon whose edges remember what made them: edge k runs from points[k] to
/// points[k + 1] and was cut by `tags[k]` (a site index, kFrame or kCoast).
struct Cell {
  std::vector<Point> points;
  std::vector<int> tags;
};

/// Voronoi cells of the sites inside `frame`, each also cut to a disc of `radius` around its site
/// (approximated by `segments` edges), so outer provinces get a rounded coast.
std::vector<Cell> voronoi_cells(const std::vector<Point>& sites, const Box& frame, double radius,
                                int segments);

double area(const std::vector<Point>& polygon);
Point centroid(const std::vector<Point>& polygon);
bool contains(const std::vector<Point>& polygon, Point p);
/// Distance from a point to the polygon's boundary.
double distance_to_edge(const std::vector<Point>& polygon, Point p);
/// The edge of cell `a` made by site `b`'s bisector, when it is longer than `min_length`.
std::optional<std::pair<Point, Point>> shared_edge(const Cell& a, int b, double min_length);

}  // namespace wallenstein::map
