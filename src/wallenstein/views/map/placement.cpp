#include "wallenstein/views/map/placement.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "wallenstein/views/map/text.hpp"

namespace wallenstein::map {

bool Occupancy::free(const Box& b, double gap) const {
  if (!b.inside(frame_)) return false;
  return std::none_of(boxes_.begin(), boxes_.end(),
                      [&](const Box& o) { return o.overlaps(b, gap); });
}

Box box_at(Point centre, double w, double h) {
  return Box{centre.x - w / 2, centre.y - h / 2, w, h};
}

std::vector<Point> spiral(double step, double reach) {
  constexpr double kPi = std::numbers::pi;
  std::vector<Point> out{{0, 0}};
  for (double r = step; r <= reach; r += step) {
    const int n = std::max(8, static_cast<int>(2 * kPi * r / step));
    for (int k = 0; k < n; ++k) {
      const double a = -kPi / 2 + 2 * kPi * k / n;  // start straight up
      out.push_back({r * std::cos(a), r * std::sin(a)});
    }
  }
  return out;
}

namespace {

/// From the point of segment a-b nearest to p, to p.
Point segment_offset(Point p, Point a, Point b) {
  const double dx = b.x - a.x;
  const double dy = b.y - a.y;
  const double len2 = dx * dx + dy * dy;
  const double t =
      len2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0, 1.0) : 0.0;
  return {p.x - (a.x + t * dx), p.y - (a.y + t * dy)};
}

}  // namespace

double segment_distance(Point p, Point a, Point b) {
  const Point d = segment_offset(p, a, b);
  return std::hypot(d.x, d.y);
}

double border_distance(const Shape& shape, Point p) {
  double best = 1e18;
  for (const auto& [a, b] : shape.border) {
    const Point d = segment_offset(p, a, b);
    // A hypotenuse is never shorter than either side: a segment whose offset is already as long
    // as the nearest so far in x or in y cannot be nearer, and costs no hypot.
    if (std::max(std::abs(d.x), std::abs(d.y)) >= best) continue;
    best = std::min(best, std::hypot(d.x, d.y));
  }
  return best;
}

void place_names(const MapRequest& req, const MapStyle& style, const TextKit& text, double s,
                 const std::vector<double>& name_y, Occupancy& taken, MapScene& scene) {
  const Ruleset& rules = *req.season.rules;
  const NamePlacement& place = style.placement.names;
  const double name_px = style.fonts.province * s;
  const double smallest = name_px * place.smallest;
  const auto offsets = spiral(place.step * s, place.reach * s);
  for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
    const Shape& shape = scene.shapes[i];
    const std::string& name = rules.province(shape.id).name;
    const Rgb ink = shape.out_of_play ? style.colours.muted : style.colours.ink;
    bool placed = false;
    for (double px = name_px; px >= smallest && !placed; px -= place.shrink_step * s) {
      const auto size = text.measure(name, px, false);
      for (const Point& off : offsets) {
        const Point c{shape.pole.x + off.x, name_y[i] + off.y};
        const Box box = box_at(c, size.w + place.pad * s, size.h);
        if (!contains(shape, c) || !taken.free(box, place.gap * s)) continue;
        scene.texts.push_back(
            {name, box, px, false, ink, style.colours.label_pill, TextRole::province});
        taken.take(box);
        placed = true;
        break;
      }
    }
    if (!placed) {
      // Last resort: anywhere near, even outside the cell; the overlap test still holds.
      const auto size = text.measure(name, smallest, false);
      for (const Point& off : spiral(place.fallback_step * s, place.fallback_reach * s)) {
        const Box box =
            box_at({shape.pole.x + off.x, name_y[i] + off.y}, size.w + place.pad * s, size.h);
        if (!taken.free(box, place.gap * s)) continue;
        scene.texts.push_back(
            {name, box, smallest, false, ink, style.colours.label_pill, TextRole::province});
        taken.take(box);
        break;
      }
    }
  }
}

void place_tags(const MapStyle& style, const TextKit& text, double s, const std::vector<Tag>& tags,
                Occupancy& taken, MapScene& scene) {
  const TagPlacement& place = style.placement.tags;
  const double tag_px = style.fonts.small * s;
  const auto offsets = spiral(place.step * s, place.reach * s);
  for (const auto& [label, at] : tags) {
    const auto size = text.measure(label, tag_px, true);
    for (const Point& off : offsets) {
      const Box box =
          box_at({at.x + off.x, at.y + off.y}, size.w + place.pad_x * s, size.h + place.pad_y * s);
      if (!taken.free(box, place.gap * s)) continue;
      scene.texts.push_back(
          {label, box, tag_px, true, style.colours.ink, style.colours.label_pill, TextRole::tag});
      taken.take(box);
      break;
    }
  }
}

void place_region_names(const MapRequest& req, const MapStyle& style, const TextKit& text, double s,
                        Occupancy& taken, MapScene& scene) {
  const Ruleset& rules = *req.season.rules;
  const RegionPlacement& place = style.placement.regions;
  const double region_px = style.fonts.region * s;
  const auto offsets = spiral(place.step * s, place.reach * s);
  for (std::size_t r = 0; r < rules.regions.size(); ++r) {
    Point c{0, 0};
    int n = 0;
    for (const Shape& shape : scene.shapes) {
      if (rules.province(shape.id).region.value != r) continue;
      c.x += shape.pole.x;
      c.y += shape.pole.y;
      ++n;
    }
    c = Point{c.x / n, c.y / n};
    const std::string label = upper(rules.regions[r].name);
    const auto size = text.measure(label, region_px, true);
    const auto region_colour = style.regions.count(rules.regions[r].id)
                                   ? style.regions.at(rules.regions[r].id).second
                                   : style.colours.ink;
    for (const Point& off : offsets) {
      const Box box = box_at({c.x + off.x, c.y + off.y}, size.w, size.h);
      bool in_region = false;
      for (const Shape& shape : scene.shapes) {
        if (rules.province(shape.id).region.value == r && contains(shape, box.centre())) {
          in_region = true;
        }
      }
      if (!in_region || !taken.free(box, place.gap * s)) continue;
      scene.texts.push_back(
          {label, box, region_px, true, region_colour, std::nullopt, TextRole::region});
      taken.take(box);
      break;
    }
  }
}

void place_anchors(const MapStyle& style, double s, const Occupancy& taken, MapScene& scene) {
  // Only what lies near the province can matter, so that is gathered first.
  const AnchorPlacement& place = style.placement.anchors;
  const auto anchor_offsets = spiral(place.step * s, place.reach * s);
  for (Shape& shape : scene.shapes) {
    const auto [x0, y0, x1, y1] = extent_of(shape);
    const double margin = place.near * s;
    const Box near{x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin};
    auto touches = [&](Point a, Point b) {
      return Box{std::min(a.x, b.x), std::min(a.y, b.y), std::abs(a.x - b.x), std::abs(a.y - b.y)}
          .overlaps(near);
    };
    std::vector<Box> boxes;
    for (const Box& b : taken.boxes()) {
      if (b.overlaps(near)) boxes.push_back(b);
    }
    std::vector<std::pair<Point, Point>> segments;
    std::vector<double> widths;
    for (const Line& l : scene.lines) {
      if (touches(l.a, l.b)) segments.emplace_back(l.a, l.b), widths.push_back(l.width);
    }
    for (const Arrow& a : scene.arrows) {
      if (touches(a.from, a.to)) {
        segments.emplace_back(a.from, a.to), widths.push_back(place.arrow * a.width);
      }
    }
    double best = -1;
    shape.anchor = shape.pole;
    for (const Point& off : anchor_offsets) {
      const Point p{shape.pole.x + off.x, shape.pole.y + off.y};
      if (!contains(shape, p)) continue;
      // How clear the point is: the least of its distances. Each can only lower it, so a point
      // no clearer than the best one so far is left as soon as that is known; the border, the
      // dearest distance, comes last.
      double clear = std::numeric_limits<double>::infinity();
      for (const Box& b : boxes) {
        const double dx = std::max({b.x - p.x, 0.0, p.x - (b.x + b.w)});
        const double dy = std::max({b.y - p.y, 0.0, p.y - (b.y + b.h)});
        clear = std::min(clear, std::hypot(dx, dy) - place.box * s);
      }
      if (clear <= best) continue;
      for (std::size_t k = 0; k < segments.size() && clear > best; ++k) {
        clear =
            std::min(clear, segment_distance(p, segments[k].first, segments[k].second) - widths[k]);
      }
      if (clear <= best) continue;
      clear = std::min(clear, border_distance(shape, p) - place.border * s);
      if (clear > best) {
        best = clear;
        shape.anchor = p;
      }
      if (best > place.enough * s) break;
    }
  }
}

}  // namespace wallenstein::map
