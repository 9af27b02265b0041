#pragma once

// Internal to the map: placing labels so that none overlaps another.

#include <string>
#include <utility>
#include <vector>

#include "wallenstein/views/map/scene.hpp"

namespace wallenstein::map {

/// Boxes already taken on the map, so no two labels or icons overlap.
class Occupancy {
 public:
  explicit Occupancy(Box frame) : frame_(frame) {}
  bool free(const Box& b, double gap) const;
  void take(const Box& b) { boxes_.push_back(b); }
  const std::vector<Box>& boxes() const { return boxes_; }

 private:
  Box frame_;
  std::vector<Box> boxes_;
};

/// A short text placed near a point (a battle's result, a revolt).
using Tag = std::pair<std::string, Point>;

/// A box of a size centred on a point.
Box box_at(Point centre, double w, double h);
/// Spiral offsets around a point, nearest first (deterministic).
std::vector<Point> spiral(double step, double reach);
double segment_distance(Point p, Point a, Point b);
/// Distance from a point to a shape's border.
double border_distance(const Shape& shape, Point p);

/// Province names: centred at `name_y` above the badge when free, else the nearest free place
/// inside the province, smaller if need be.
void place_names(const MapRequest& req, const MapStyle& style, const TextKit& text, double scale,
                 const std::vector<double>& name_y, Occupancy& taken, MapScene& scene);
/// The result tags of battles and revolts, near where they happened.
void place_tags(const MapStyle& style, const TextKit& text, double scale,
                const std::vector<Tag>& tags, Occupancy& taken, MapScene& scene);
/// Region names, in capitals, in a free spot inside their region.
void place_region_names(const MapRequest& req, const MapStyle& style, const TextKit& text,
                        double scale, Occupancy& taken, MapScene& scene);
/// Each province's anchor: a point of plain fill, clear of texts, icons, lines and arrows.
void place_anchors(const MapStyle& style, double scale, const Occupancy& taken, MapScene& scene);

}  // namespace wallenstein::map
