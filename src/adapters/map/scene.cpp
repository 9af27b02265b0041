#include "adapters/map/scene.hpp"

#include "adapters/map/placement.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace wallenstein::map {
namespace {

constexpr double kPi = std::numbers::pi;

/// The point of the shape farthest from its border, on a grid (the "pole of inaccessibility").
Point pole_of(const Shape& shape, Point site, const ProvinceStyle& style) {
  double x0 = 1e18, y0 = 1e18, x1 = -1e18, y1 = -1e18;
  for (const auto& part : shape.parts) {
    for (const Point& p : part) x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
  }
  Point best = site;
  double best_score = contains(shape, site) ? border_distance(shape, site) : -1;
  const int steps = style.pole_grid;
  for (int i = 0; i <= steps; ++i) {
    for (int j = 0; j <= steps; ++j) {
      const Point p{x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * j / steps};
      if (!contains(shape, p)) continue;
      // Slight pull towards the printed position keeps the content where players expect it.
      const double score = border_distance(shape, p) - style.pole_pull * std::hypot(p.x - site.x, p.y - site.y);
      if (score > best_score) best_score = score, best = p;
    }
  }
  return best;
}

std::vector<Point> project(const MapRequest& req, const MapStyle& style) {
  std::vector<Point> raw;
  const double mid_lat = (style.lat_min + style.lat_max) / 2 * kPi / 180;
  for (const Province& p : req.season.rules->provinces) {
    if (req.layout == Layout::board) raw.push_back(p.board);
    else raw.push_back({(p.lon - style.lon_min) * std::cos(mid_lat), style.lat_max - p.lat});
  }
  return raw;
}

void fit(std::vector<Point>& pts, const Box& area) {
  double x0 = 1e18, y0 = 1e18, x1 = -1e18, y1 = -1e18;
  for (const Point& p : pts) x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
  const double k = std::min(area.w / (x1 - x0), area.h / (y1 - y0));
  const double ox = area.x + (area.w - (x1 - x0) * k) / 2;
  const double oy = area.y + (area.h - (y1 - y0) * k) / 2;
  for (Point& p : pts) p = Point{ox + (p.x - x0) * k, oy + (p.y - y0) * k};
}

const std::string& result_label(const Battle& b, const Labels& labels) {
  switch (b.result) {
    case BattleResult::attacker: return labels.battle_won;
    case BattleResult::defender: return labels.battle_lost;
    case BattleResult::tie: return labels.battle_tie;
  }
  return labels.battle_tie;
}

std::string result_tag(const Battle& b, const Labels& labels) {
  return fill(result_label(b, labels),
              {{"attackers", std::to_string(b.attacker_count)}, {"defenders", std::to_string(b.defender_count)}});
}

}  // namespace

bool contains(const Shape& shape, Point p) {
  return std::any_of(shape.parts.begin(), shape.parts.end(), [&](const auto& part) { return contains(part, p); });
}

IconKind icon_of(Building b) {
  switch (b) {
    case Building::palace: return IconKind::palace;
    case Building::church: return IconKind::church;
    case Building::trading_house: return IconKind::trading_house;
  }
  return IconKind::palace;
}

std::string upper(std::string text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      text[i] = static_cast<char>(std::toupper(c));
    } else if (c == 0xC3 && i + 1 < text.size()) {
      // German lowercase letters with diacritics: ä ö ü -> Ä Ö Ü (second byte minus 0x20).
      const auto d = static_cast<unsigned char>(text[i + 1]);
      if (d == 0xA4 || d == 0xB6 || d == 0xBC) text[i + 1] = static_cast<char>(d - 0x20);
      ++i;
    }
  }
  return text;
}

PlayerColours player_colours(const MapStyle& style, const GameState& state, PlayerIndex p) {
  const std::string& id = state.player(p).id;
  if (auto it = style.by_id.find(id); it != style.by_id.end()) return it->second;
  return style.palette[p.value % style.palette.size()];
}

std::vector<std::string> player_letters(const GameState& state) {
  std::vector<std::string> letters;
  for (const auto& p : state.players) {
    std::string letter(1, static_cast<char>(std::toupper(static_cast<unsigned char>(p.id[0]))));
    if (std::find(letters.begin(), letters.end(), letter) != letters.end() && p.id.size() > 1) letter += p.id[1];
    letters.push_back(letter);
  }
  return letters;
}

MapScene build_scene(const MapRequest& req, const MapStyle& style, const TextKit& text) {
  const GameState& state = *req.season.after;
  const Ruleset& rules = *req.season.rules;
  const double width = req.width > 0 ? req.width : style.width;
  const double s = width / style.width;
  MapScene scene;
  scene.width = std::round(width);
  scene.height = std::round(style.height * s);
  scene.map_area = Box{0, 0, std::round(style.map_width * s), scene.height};
  scene.panel_area = Box{scene.map_area.w, 0, scene.width - scene.map_area.w, scene.height};
  const double margin = style.margin * s;
  const Box inner{margin, margin, scene.map_area.w - 2 * margin, scene.map_area.h - 2 * margin};
  const double radius = style.land_radius * s;

  // Provinces: Voronoi cells of their positions, with a rounded coast. Each province also gets a
  // site a third of the way towards each neighbour, so neighbours' shapes meet as on the board.
  std::vector<Point> centres = project(req, style);
  const double inset = radius * style.provinces.inset;
  fit(centres, Box{inner.x + inset, inner.y + inset, inner.w - 2 * inset, inner.h - 2 * inset});
  std::vector<Point> sites = centres;
  std::vector<std::size_t> site_province(centres.size());
  for (std::size_t i = 0; i < centres.size(); ++i) site_province[i] = i;
  for (std::size_t i = 0; i < centres.size(); ++i) {
    for (ProvinceId n : rules.provinces[i].neighbours) {
      const Point a = centres[i];
      const Point b = centres[n.value];
      const double share = style.provinces.neighbour_site;
      sites.push_back({a.x + (b.x - a.x) * share, a.y + (b.y - a.y) * share});
      site_province.push_back(i);
    }
  }
  const std::vector<Cell> cells = voronoi_cells(sites, inner, radius, style.provinces.coast_segments);
  const auto letters = player_letters(state);
  const int players = state.player_count();
  const std::size_t province_count = centres.size();
  // contacts[a][b]: the edges where province a meets province b.
  std::vector<std::vector<std::vector<std::pair<Point, Point>>>> contacts(
      province_count, std::vector<std::vector<std::pair<Point, Point>>>(province_count));
  for (std::size_t i = 0; i < province_count; ++i) {
    const ProvinceId id{static_cast<std::uint8_t>(i)};
    const ProvinceState& ps = state.at(id);
    Shape shape;
    shape.id = id;
    shape.out_of_play = !rules.in_play(id, players);
    const auto region = style.regions.find(rules.regions[rules.province(id).region.value].id);
    shape.fill = shape.out_of_play ? style.colours.out_of_play
                 : ps.owner        ? player_colours(style, state, *ps.owner).fill
                 : region != style.regions.end() ? region->second.first
                                                 : style.colours.panel;
    scene.shapes.push_back(std::move(shape));
  }
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const std::size_t owner = site_province[c];
    Shape& shape = scene.shapes[owner];
    if (cells[c].points.size() < 3) continue;
    shape.parts.push_back(cells[c].points);
    for (std::size_t k = 0; k < cells[c].points.size(); ++k) {
      const int tag = cells[c].tags[k];
      const std::pair<Point, Point> edge{cells[c].points[k], cells[c].points[(k + 1) % cells[c].points.size()]};
      if (tag >= 0 && site_province[static_cast<std::size_t>(tag)] == owner) continue;  // an inner seam
      shape.border.push_back(edge);
      if (tag >= 0) contacts[owner][site_province[static_cast<std::size_t>(tag)]].push_back(edge);
    }
  }
  for (std::size_t i = 0; i < province_count; ++i) scene.shapes[i].pole = pole_of(scene.shapes[i], centres[i], style.provinces);

  // Borders: regions thick; a shared edge without a game border is a wall; a game border
  // without a shared edge is a dashed link.
  const double min_edge = style.provinces.min_contact * s;
  for (std::size_t i = 0; i < province_count; ++i) {
    for (std::size_t j = i + 1; j < province_count; ++j) {
      const ProvinceId a{static_cast<std::uint8_t>(i)};
      const ProvinceId b{static_cast<std::uint8_t>(j)};
      const bool in_play = !scene.shapes[i].out_of_play && !scene.shapes[j].out_of_play;
      const bool neighbours = rules.adjacent(a, b);
      double length = 0;
      for (const auto& [p, q] : contacts[i][j]) length += std::hypot(q.x - p.x, q.y - p.y);
      const bool other_region = rules.province(a).region != rules.province(b).region;
      for (const auto& [p, q] : contacts[i][j]) {
        if (other_region) scene.lines.push_back({p, q, style.widths.region_border * s, style.colours.region_border, false});
        if (!neighbours && in_play && length >= min_edge) {
          scene.lines.push_back({p, q, style.widths.wall * s, style.colours.wall, false});
        }
      }
      if (neighbours && in_play && length < min_edge) {
        scene.lines.push_back({scene.shapes[i].pole, scene.shapes[j].pole, style.widths.link * s, style.colours.link, true});
      }
    }
  }

  Occupancy taken(inner);
  const double name_px = style.fonts.province * s;
  const double badge_px = style.fonts.badge * s;
  const double icon = style.content.icon * s;
  const double gap = style.content.gap * s;

  // Content of each province: badge (owner letter and armies), buildings and revolt markers.
  std::vector<double> name_y(province_count);  // the centre of each name, above its badge
  for (std::size_t i = 0; i < province_count; ++i) {
    const Shape& shape = scene.shapes[i];
    const ProvinceState& ps = state.at(shape.id);
    const auto name_size = text.measure(rules.province(shape.id).name, name_px, false);
    std::string badge_text;
    if (ps.owner) {
      badge_text = fill(style.labels.badge, {{"letter", letters[ps.owner->value]}, {"armies", std::to_string(ps.armies)}});
    }
    const auto badge_size = text.measure(badge_text.empty() ? "0" : badge_text, badge_px, true);
    const int icon_count = ps.building_count() + (ps.revolts > 0 ? 1 : 0);
    const double badge_h = badge_text.empty() ? 0 : badge_size.h + style.content.badge_pad_y * s;
    const double icons_h = icon_count > 0 ? icon : 0;
    const double total = name_size.h + (badge_h > 0 ? gap + badge_h : 0) + (icons_h > 0 ? gap + icons_h : 0);
    double y = shape.pole.y - total / 2;
    name_y[i] = y + name_size.h / 2;
    y += name_size.h;
    if (badge_h > 0) {
      y += gap;
      const Box box = box_at({shape.pole.x, y + badge_h / 2}, badge_size.w + style.content.badge_pad_x * s, badge_h);
      const PlayerColours colours = player_colours(style, state, *ps.owner);
      scene.texts.push_back({badge_text, box, badge_px, true, colours.text, colours.fill, TextRole::badge});
      taken.take(box);
      y += badge_h;
    }
    if (icons_h > 0) {
      y += gap;
      double x = shape.pole.x - (icon_count * icon + (icon_count - 1) * gap) / 2;
      for (Building b : kAllBuildings) {
        if (!ps.has(b)) continue;
        const bool fresh = req.season.start && !req.season.start->at(shape.id).has(b);
        scene.icons.push_back({icon_of(b), Box{x, y, icon, icon}, fresh && req.season.log, 0});
        taken.take(scene.icons.back().box);
        x += icon + gap;
      }
      if (ps.revolts > 0) {
        scene.icons.push_back({IconKind::revolt, Box{x, y, icon, icon}, false, ps.revolts});
        taken.take(scene.icons.back().box);
      }
    }
  }

  // What happened this season, drawn over the map.
  std::vector<Tag> tags;
  if (req.season.log) {
    const SeasonLog& log = *req.season.log;
    auto pole = [&](ProvinceId p) { return scene.shapes[p.value].pole; };
    auto shorten = [&](Point from, Point to) {
      const double d = std::max(1.0, std::hypot(to.x - from.x, to.y - from.y));
      const double cut_from = std::min(style.arrows.cut_from * s, d * style.arrows.cut_share);
      const double cut_to = std::min(style.arrows.cut_to * s, d * style.arrows.cut_share);
      return std::pair{Point{from.x + (to.x - from.x) * cut_from / d, from.y + (to.y - from.y) * cut_from / d},
                       Point{to.x - (to.x - from.x) * cut_to / d, to.y - (to.y - from.y) * cut_to / d}};
    };
    for (const LogEntry& entry : log.entries) {
      if (const auto* m = std::get_if<Moved>(&entry)) {
        const auto [a, b] = shorten(pole(m->from), pole(m->to));
        scene.arrows.push_back({a, b, style.arrows.move_width * s, player_colours(style, state, m->player).fill, style.colours.ink, true});
      } else if (const auto* battle = std::get_if<Battle>(&entry)) {
        const auto [a, b] = shorten(pole(battle->from), pole(battle->target));
        scene.arrows.push_back({a, b, style.arrows.battle_width * s, player_colours(style, state, battle->attacker).fill, style.colours.ink, false});
        tags.emplace_back(result_tag(*battle, style.labels), Point{(a.x + b.x) / 2, (a.y + b.y) / 2});
        if (battle->result == BattleResult::attacker) {
          scene.shapes[battle->target.value].conquered_by = player_colours(style, state, battle->attacker).fill;
        }
      } else if (const auto* revolt = std::get_if<Revolt>(&entry)) {
        tags.emplace_back(revolt->player_won ? style.labels.revolt_put_down : style.labels.revolt_lost, pole(revolt->province));
      }
    }
    if (log.winter) {
      for (const Revolt& revolt : log.winter->revolts) {
        tags.emplace_back(revolt.player_won ? style.labels.winter_revolt_put_down : style.labels.winter_revolt_lost,
                          pole(revolt.province));
      }
    }
  }

  place_names(req, style, text, s, name_y, taken, scene);
  place_tags(style, text, s, tags, taken, scene);
  place_region_names(req, style, text, s, taken, scene);
  place_anchors(style, s, taken, scene);
  build_panel(req, style, text, s, scene);
  return scene;
}

}  // namespace wallenstein::map
