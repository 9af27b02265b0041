#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "wallenstein/views/map/render.hpp"
#include "wallenstein/views/map/text.hpp"

namespace wallenstein::map {
namespace {

void set(cairo_t* cr, Rgb c, double alpha = 1) { cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha); }

void rounded(cairo_t* cr, const Box& b, double r) {
  r = std::min({r, b.w / 2, b.h / 2});
  cairo_new_sub_path(cr);
  cairo_arc(cr, b.x + b.w - r, b.y + r, r, -std::numbers::pi / 2, 0);
  cairo_arc(cr, b.x + b.w - r, b.y + b.h - r, r, 0, std::numbers::pi / 2);
  cairo_arc(cr, b.x + r, b.y + b.h - r, r, std::numbers::pi / 2, std::numbers::pi);
  cairo_arc(cr, b.x + r, b.y + r, r, std::numbers::pi, 3 * std::numbers::pi / 2);
  cairo_close_path(cr);
}

void line(cairo_t* cr, const Line& l, const Dash& dash_style, double scale) {
  cairo_new_path(cr);
  cairo_set_line_width(cr, l.width);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  if (l.dashed) {
    const double dash[] = {dash_style.on * scale, dash_style.off * scale};
    cairo_set_dash(cr, dash, 2, 0);
  }
  set(cr, l.colour);
  cairo_move_to(cr, l.a.x, l.a.y);
  cairo_line_to(cr, l.b.x, l.b.y);
  cairo_stroke(cr);
  cairo_set_dash(cr, nullptr, 0, 0);
}

void arrow(cairo_t* cr, const Arrow& a, const ArrowStyle& style, double scale) {
  const double dx = a.to.x - a.from.x;
  const double dy = a.to.y - a.from.y;
  const double len = std::max(1.0, std::hypot(dx, dy));
  const double ux = dx / len;
  const double uy = dy / len;
  const double head = std::max(style.head_length * scale, a.width * style.head_factor);
  const Point base{a.to.x - ux * head, a.to.y - uy * head};
  auto shaft = [&](double width, Rgb colour) {
    cairo_new_path(cr);
    cairo_set_line_width(cr, width);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    if (a.dashed) {
      const double dash[] = {style.dash.on * scale, style.dash.off * scale};
      cairo_set_dash(cr, dash, 2, 0);
    }
    set(cr, colour);
    cairo_move_to(cr, a.from.x, a.from.y);
    cairo_line_to(cr, base.x, base.y);
    cairo_stroke(cr);
    cairo_set_dash(cr, nullptr, 0, 0);
  };
  shaft(a.width + style.outline_width * scale, a.outline);
  shaft(a.width, a.colour);
  cairo_new_path(cr);
  cairo_move_to(cr, a.to.x, a.to.y);
  cairo_line_to(cr, base.x - uy * head * style.head_spread, base.y + ux * head * style.head_spread);
  cairo_line_to(cr, base.x + uy * head * style.head_spread, base.y - ux * head * style.head_spread);
  cairo_close_path(cr);
  set(cr, a.colour);
  cairo_fill_preserve(cr);
  set(cr, a.outline);
  cairo_set_line_width(cr, style.head_outline_width * scale);
  cairo_stroke(cr);
}

/// Fills the current path, then strokes it with the current line width.
void fill_and_outline(cairo_t* cr, Rgb fill, Rgb outline) {
  set(cr, fill);
  cairo_fill_preserve(cr);
  set(cr, outline);
  cairo_stroke(cr);
}

/// Built this season: on a disc with a dark ring, visible on every fill.
void fresh_disc(cairo_t* cr, const Box& b, const MapStyle& style, double scale) {
  cairo_new_path(cr);
  cairo_arc(cr, b.x + b.w / 2, b.y + b.h / 2, b.w * style.icons.fresh_radius, 0,
            2 * std::numbers::pi);
  cairo_set_line_width(cr, style.icons.fresh_ring_width * scale);
  fill_and_outline(cr, style.colours.fresh, style.colours.ink);
}

/// A castle: walls and merlons.
void palace(cairo_t* cr, const Box& b, const MapStyle& style) {
  const IconStyle& is = style.icons;
  const double m = b.w / is.merlons;
  cairo_move_to(cr, b.x, b.y + b.h);
  cairo_line_to(cr, b.x, b.y);
  for (int k = 0; k < is.merlons; ++k) {
    const double top = k % 2 == 0 ? b.y : b.y + b.h * is.merlon_depth;
    cairo_line_to(cr, b.x + k * m, top);
    cairo_line_to(cr, b.x + (k + 1) * m, top);
  }
  cairo_line_to(cr, b.x + b.w, b.y + b.h);
  cairo_close_path(cr);
  fill_and_outline(cr, style.colours.palace, style.colours.ink);
}

/// A pointed roof under a cross.
void church(cairo_t* cr, const Box& b, const MapStyle& style) {
  const IconStyle& is = style.icons;
  for (std::size_t k = 0; k < is.church.size(); ++k) {
    const Point p{b.x + b.w * is.church[k].x, b.y + b.h * is.church[k].y};
    if (k == 0)
      cairo_move_to(cr, p.x, p.y);
    else
      cairo_line_to(cr, p.x, p.y);
  }
  cairo_close_path(cr);
  fill_and_outline(cr, style.colours.church, style.colours.ink);
  for (std::size_t k = 0; k + 1 < is.cross.size(); k += 2) {
    cairo_move_to(cr, b.x + b.w * is.cross[k].x, b.y + b.h * is.cross[k].y);
    cairo_line_to(cr, b.x + b.w * is.cross[k + 1].x, b.y + b.h * is.cross[k + 1].y);
  }
  cairo_stroke(cr);
}

/// A coin with a ring.
void coin(cairo_t* cr, const Box& b, const MapStyle& style, double scale) {
  const IconStyle& is = style.icons;
  cairo_arc(cr, b.x + b.w / 2, b.y + b.h / 2, b.w * is.coin, 0, 2 * std::numbers::pi);
  fill_and_outline(cr, style.colours.trading_house, style.colours.ink);
  cairo_new_path(cr);
  cairo_arc(cr, b.x + b.w / 2, b.y + b.h / 2, b.w * is.coin_ring, 0, 2 * std::numbers::pi);
  set(cr, style.colours.coin_ring);
  cairo_set_line_width(cr, is.coin_ring_width * scale);
  cairo_stroke(cr);
}

/// A warning triangle with the number of markers.
void revolt_marker(cairo_t* cr, const Icon& i, const MapStyle& style, const TextKit& text) {
  const Box& b = i.box;
  cairo_move_to(cr, b.x + b.w / 2, b.y);
  cairo_line_to(cr, b.x + b.w, b.y + b.h);
  cairo_line_to(cr, b.x, b.y + b.h);
  cairo_close_path(cr);
  fill_and_outline(cr, style.colours.marker, style.colours.ink);
  const std::string n = std::to_string(i.count);
  const double px = b.h * style.icons.count_size;
  const auto size = text.measure(n, px, true);
  set(cr, style.colours.revolt_count);
  text.draw(cr, n, px, true, b.x + (b.w - size.w) / 2, b.y + b.h * style.icons.count_base - size.h);
}

/// A closed outline of points in shares of the box, as the current path.
void outline_path(cairo_t* cr, const Box& b, const std::vector<Point>& points) {
  for (std::size_t k = 0; k < points.size(); ++k) {
    const Point p{b.x + b.w * points[k].x, b.y + b.h * points[k].y};
    if (k == 0)
      cairo_move_to(cr, p.x, p.y);
    else
      cairo_line_to(cr, p.x, p.y);
  }
  cairo_close_path(cr);
}

/// The plate under a leader or a statue, so that a player's colour shows on their own province.
void plate(cairo_t* cr, const Box& b, const MapStyle& style, double scale) {
  const double pad = style.icons.plate_pad * scale;
  cairo_rectangle(cr, b.x - pad, b.y - pad, b.w + 2 * pad, b.h + 2 * pad);
  fill_and_outline(cr, style.colours.label_pill, style.colours.province_border);
  cairo_new_path(cr);
}

/// Rules 13.3: the military leader, a banner in its player's colour on a pole.
void leader_banner(cairo_t* cr, const Icon& i, const MapStyle& style) {
  const Box& b = i.box;
  const IconStyle& is = style.icons;
  for (std::size_t k = 0; k + 1 < is.banner_pole.size(); k += 2) {
    cairo_move_to(cr, b.x + b.w * is.banner_pole[k].x, b.y + b.h * is.banner_pole[k].y);
    cairo_line_to(cr, b.x + b.w * is.banner_pole[k + 1].x, b.y + b.h * is.banner_pole[k + 1].y);
  }
  set(cr, style.colours.ink);
  cairo_stroke(cr);
  outline_path(cr, b, is.banner);
  fill_and_outline(cr, i.colour, style.colours.ink);
}

/// Rules 13.3: a statue in its player's colour, with their number when more than one.
void statue(cairo_t* cr, const Icon& i, const MapStyle& style, const TextKit& text) {
  const Box& b = i.box;
  outline_path(cr, b, style.icons.statue);
  fill_and_outline(cr, i.colour, style.colours.ink);
  if (i.count < 2) return;
  const std::string n = std::to_string(i.count);
  const double px = b.h * style.icons.count_size;
  const auto size = text.measure(n, px, true);
  // In the empty upper right corner of the icon, so that it never runs into what follows.
  set(cr, style.colours.ink);
  text.draw(cr, n, px, true, b.x + b.w - size.w, b.y);
}

void icon(cairo_t* cr, const Icon& i, const MapStyle& style, const TextKit& text, double scale) {
  if (i.fresh) fresh_disc(cr, i.box, style, scale);
  cairo_new_path(cr);
  cairo_set_line_width(cr, style.icons.line_width * scale);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  switch (i.kind) {
    case IconKind::palace:
      palace(cr, i.box, style);
      break;
    case IconKind::church:
      church(cr, i.box, style);
      break;
    case IconKind::trading_house:
      coin(cr, i.box, style, scale);
      break;
    case IconKind::revolt:
      revolt_marker(cr, i, style, text);
      break;
    case IconKind::leader:
      plate(cr, i.box, style, scale);
      leader_banner(cr, i, style);
      break;
    case IconKind::statue:
      plate(cr, i.box, style, scale);
      statue(cr, i, style, text);
      break;
  }
}

/// The shape's parts as the current path.
void parts_path(cairo_t* cr, const Shape& shape) {
  cairo_new_path(cr);
  for (const auto& part : shape.parts) {
    for (std::size_t k = 0; k < part.size(); ++k) {
      if (k == 0)
        cairo_move_to(cr, part[k].x, part[k].y);
      else
        cairo_line_to(cr, part[k].x, part[k].y);
    }
    cairo_close_path(cr);
  }
}

/// The shape's border as the current path.
void border_path(cairo_t* cr, const Shape& shape) {
  cairo_new_path(cr);
  for (const auto& [a, b] : shape.border) {
    cairo_move_to(cr, a.x, a.y);
    cairo_line_to(cr, b.x, b.y);
  }
}

/// Out of play: diagonal hatching over the shape's bounding box only (x - y constant along a
/// line), clipped to the shape.
void hatch(cairo_t* cr, const Shape& shape, const MapStyle& style, double scale) {
  cairo_save(cr);
  parts_path(cr, shape);
  cairo_clip(cr);
  set(cr, style.colours.muted, style.provinces.hatch_alpha);
  cairo_set_line_width(cr, style.provinces.hatch_width * scale);
  const auto [x0, y0, x1, y1] = extent_of(shape);
  const double step = style.provinces.hatch_step * scale;
  for (double d = std::floor((x0 - y1) / step) * step; d < x1 - y0; d += step) {
    cairo_move_to(cr, d + y0, y0);
    cairo_line_to(cr, d + y1, y1);
  }
  cairo_stroke(cr);
  cairo_restore(cr);
}

/// Sea and panel.
void fill_areas(cairo_t* cr, const MapScene& scene, const MapStyle& style) {
  set(cr, style.colours.background);
  cairo_rectangle(cr, scene.map_area.x, scene.map_area.y, scene.map_area.w, scene.map_area.h);
  cairo_fill(cr);
  set(cr, style.colours.panel);
  cairo_rectangle(cr, scene.panel_area.x, scene.panel_area.y, scene.panel_area.w,
                  scene.panel_area.h);
  cairo_fill(cr);
}

/// Provinces: the parts filled (slightly grown so no hairline shows between them), then the
/// borders.
void draw_shapes(cairo_t* cr, const MapScene& scene, const MapStyle& style, double scale) {
  for (const Shape& shape : scene.shapes) {
    parts_path(cr, shape);
    set(cr, shape.fill);
    cairo_fill_preserve(cr);
    cairo_set_line_width(cr, style.provinces.seam_width);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
    if (shape.out_of_play) hatch(cr, shape, style, scale);
  }
  for (const Shape& shape : scene.shapes) {
    border_path(cr, shape);
    set(cr, style.colours.province_border);
    cairo_set_line_width(cr, style.widths.province_border * scale);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_stroke(cr);
  }
}

/// Conquered this season: a dashed dark band along the inside of the border.
/// A dashed band inside the province's border: `ink` for a conquest, `face_up` for a face-up card
/// of the draft.
void mark_band(cairo_t* cr, const Shape& shape, const MapStyle& style, double scale, Rgb colour) {
  const ProvinceStyle& ps = style.provinces;
  cairo_save(cr);
  parts_path(cr, shape);
  cairo_clip(cr);
  border_path(cr, shape);
  set(cr, colour);
  cairo_set_line_width(cr, ps.conquered_width * scale);
  const double dash[] = {ps.conquered_dash.on * scale, ps.conquered_dash.off * scale};
  cairo_set_dash(cr, dash, 2, 0);
  cairo_stroke(cr);
  cairo_restore(cr);
}

/// A text, on a pill where it sits on the map.
void draw_text(cairo_t* cr, const Text& t, const MapStyle& style, const TextKit& text,
               double scale) {
  double x = t.box.x;
  double y = t.box.y;
  if (t.pill) {
    const bool name = t.role == TextRole::province;  // the province shows through a name's pill
    rounded(cr, t.box, t.role == TextRole::badge ? t.box.h / 2 : style.texts.pill_radius * scale);
    set(cr, *t.pill, name ? style.texts.name_alpha : 1.0);
    cairo_fill_preserve(cr);
    set(cr, style.colours.province_border, name ? style.texts.name_border_alpha : 1.0);
    cairo_set_line_width(cr, style.texts.pill_border_width * scale);
    cairo_stroke(cr);
    const auto size = text.measure(t.text, t.px, t.bold);
    x = t.box.x + (t.box.w - size.w) / 2;
    y = t.box.y + (t.box.h - size.h) / 2;
  }
  set(cr, t.colour);
  text.draw(cr, t.text, t.px, t.bold, x, y);
}

void draw_swatch(cairo_t* cr, const Swatch& sw, const MapStyle& style, const TextKit& text,
                 double scale) {
  rounded(cr, sw.box, style.texts.swatch_radius * scale);
  cairo_set_line_width(cr, style.texts.swatch_border_width * scale);
  fill_and_outline(cr, sw.fill, sw.border);
  if (sw.letter.empty()) return;
  const double px = sw.box.h * style.texts.swatch_letter;
  const auto size = text.measure(sw.letter, px, true);
  set(cr, sw.letter_colour);
  text.draw(cr, sw.letter, px, true, sw.box.x + (sw.box.w - size.w) / 2,
            sw.box.y + (sw.box.h - size.h) / 2);
}

/// Draws the scene in the order that keeps each layer over the ones it covers.
void draw_scene(cairo_t* cr, const MapScene& scene, const MapStyle& style, const TextKit& text,
                double scale) {
  fill_areas(cr, scene, style);
  draw_shapes(cr, scene, style, scale);
  for (const Line& l : scene.lines) line(cr, l, style.provinces.link_dash, scale);
  for (const Shape& shape : scene.shapes) {
    if (shape.conquered_by) mark_band(cr, shape, style, scale, style.colours.ink);
    if (shape.face_up) mark_band(cr, shape, style, scale, style.colours.face_up);
  }
  for (const Arrow& a : scene.arrows) arrow(cr, a, style.arrows, scale);
  for (const Icon& i : scene.icons) icon(cr, i, style, text, scale);
  for (const Text& t : scene.texts) draw_text(cr, t, style, text, scale);
  for (const Swatch& sw : scene.swatches) draw_swatch(cr, sw, style, text, scale);
  for (const Line& l : scene.rules) line(cr, l, style.provinces.link_dash, scale);
}

}  // namespace

namespace {

/// Every colour the style names, as the PNG's palette keeps them first: a symbol drawn in one
/// (the legend's revolt marker on a map without revolts) may cover fewer pixels than the shades
/// of the edges, and must keep its colour all the same.
std::vector<std::uint32_t> style_colours(const MapStyle& style) {
  std::vector<std::uint32_t> out;
  auto add = [&](const Rgb& c) {
    auto byte = [](double v) {
      return static_cast<std::uint32_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255));
    };
    out.push_back(byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b));
  };
  const Colours& c = style.colours;
  for (const Rgb* colour : {&c.background,    &c.panel,       &c.panel_rule,
                            &c.ink,           &c.muted,       &c.province_border,
                            &c.region_border, &c.out_of_play, &c.label_pill,
                            &c.wall,          &c.link,        &c.marker,
                            &c.palace,        &c.church,      &c.trading_house,
                            &c.fresh,         &c.coin_ring,   &c.revolt_count,
                            &c.peasants,      &c.face_up}) {
    add(*colour);
  }
  for (const auto& [id, colours] : style.by_id) {
    add(colours.fill);
    add(colours.text);
  }
  for (const PlayerColours& colours : style.palette) {
    add(colours.fill);
    add(colours.text);
  }
  for (const auto& [id, colours] : style.regions) {
    add(colours.first);
    add(colours.second);
  }
  return out;
}

}  // namespace

std::string draw_png(const MapScene& scene, const MapStyle& style, const TextKit& text) {
  cairo_surface_t* surface = cairo_image_surface_create(
      CAIRO_FORMAT_RGB24, static_cast<int>(scene.width), static_cast<int>(scene.height));
  cairo_t* cr = cairo_create(surface);
  text.prepare(cr);
  draw_scene(cr, scene, style, text, scene.width / style.width);
  cairo_surface_flush(surface);
  const cairo_status_t status = cairo_surface_status(surface);
  std::string png;
  if (status == CAIRO_STATUS_SUCCESS) {
    png = encode_palette_png(
        PixelsBgrx{cairo_image_surface_get_data(surface), cairo_image_surface_get_width(surface),
                   cairo_image_surface_get_height(surface),
                   cairo_image_surface_get_stride(surface)},
        style.png, style_colours(style));
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error(std::string("cairo: ") + cairo_status_to_string(status));
  }
  return png;
}

RenderedMap render_map(const MapRequest& request, const MapStyle& style) {
  const TextKit text(style.font);
  RenderedMap out;
  out.scene = build_scene(request, style, text);
  out.png = draw_png(out.scene, style, text);
  return out;
}

}  // namespace wallenstein::map
