#include "wallenstein/views/map/scene.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>

#include "wallenstein/views/map/outlines.hpp"
#include "wallenstein/views/map/placement.hpp"
#include "wallenstein/views/map/text.hpp"

namespace wallenstein::map {
namespace {

constexpr double kPi = std::numbers::pi;

}  // namespace

Extent extent_of(const Shape& shape) {
  Extent e;
  for (const auto& part : shape.parts) {
    for (const Point& p : part) e.add(p);
  }
  return e;
}

namespace {

std::vector<Point> project(const MapRequest& req, const MapStyle& style) {
  std::vector<Point> raw;
  const double mid_lat = (style.lat_min + style.lat_max) / 2 * kPi / 180;
  for (const Province& p : req.season.rules->provinces) {
    if (req.layout == Layout::board)
      raw.push_back(p.board);
    else
      raw.push_back({(p.lon - style.lon_min) * std::cos(mid_lat), style.lat_max - p.lat});
  }
  return raw;
}

void fit(std::vector<Point>& pts, const Box& area) {
  Extent e;
  for (const Point& p : pts) e.add(p);
  const auto [x0, y0, x1, y1] = e;
  const double k = std::min(area.w / (x1 - x0), area.h / (y1 - y0));
  const double ox = area.x + (area.w - (x1 - x0) * k) / 2;
  const double oy = area.y + (area.h - (y1 - y0) * k) / 2;
  for (Point& p : pts) p = Point{ox + (p.x - x0) * k, oy + (p.y - y0) * k};
}

const std::string& result_label(const Battle& b, const Labels& labels) {
  switch (b.result) {
    case BattleResult::attacker:
      return labels.battle_won;
    case BattleResult::defender:
      return labels.battle_lost;
    case BattleResult::tie:
      return labels.battle_tie;
  }
  return labels.battle_tie;
}

std::string result_tag(const Battle& b, const Labels& labels) {
  return fill(result_label(b, labels), {{"attackers", std::to_string(b.attacker_count)},
                                        {"defenders", std::to_string(b.defender_count)}});
}

/// An arrow from one centre to another, cut short at both ends so it leaves the centres free.
std::pair<Point, Point> shorten(Point from, Point to, const ArrowStyle& style, double s) {
  const double d = std::max(1.0, std::hypot(to.x - from.x, to.y - from.y));
  const double cut_from = std::min(style.cut_from * s, d * style.cut_share);
  const double cut_to = std::min(style.cut_to * s, d * style.cut_share);
  return {Point{from.x + (to.x - from.x) * cut_from / d, from.y + (to.y - from.y) * cut_from / d},
          Point{to.x - (to.x - from.x) * cut_to / d, to.y - (to.y - from.y) * cut_to / d}};
}

/// Lays out one map: the provinces' shapes and borders, their content, what happened this
/// season, the labels, and the panel.
class SceneBuilder {
 public:
  SceneBuilder(const MapRequest& req, const MapStyle& style, const TextKit& text)
      : req_(req),
        style_(style),
        text_(text),
        state_(*req.season.after),
        rules_(*req.season.rules),
        letters_(player_letters(state_)) {
    const double width = req.width > 0 ? req.width : style.width;
    s_ = width / style.width;
    scene_.width = std::round(width);
    scene_.height = std::round(style.height * s_);
    scene_.map_area = Box{0, 0, std::round(style.map_width * s_), scene_.height};
    scene_.panel_area = Box{scene_.map_area.w, 0, scene_.width - scene_.map_area.w, scene_.height};
    const double margin = style.margin * s_;
    inner_ = Box{margin, margin, scene_.map_area.w - 2 * margin, scene_.map_area.h - 2 * margin};
    radius_ = style.land_radius * s_;
  }

  MapScene build() {
    add_shapes();
    const std::shared_ptr<const Outlines> outlines = outlines_of(outline_key(), req_.cache);
    for (std::size_t i = 0; i < scene_.shapes.size(); ++i) {
      const Shape& outline = outlines->shapes[i];
      scene_.shapes[i].parts = outline.parts;
      scene_.shapes[i].border = outline.border;
      scene_.shapes[i].pole = outline.pole;
    }
    add_borders(outlines->contacts);
    Occupancy taken(inner_);
    const std::vector<double> name_y = add_contents(taken);
    const std::vector<Tag> tags = add_season();
    place_names(req_, style_, text_, s_, name_y, taken, scene_);
    place_tags(style_, text_, s_, tags, taken, scene_);
    place_region_names(req_, style_, text_, s_, taken, scene_);
    place_anchors(style_, s_, taken, scene_);
    build_panel(req_, style_, text_, s_, scene_);
    return std::move(scene_);
  }

 private:
  /// Provinces are Voronoi cells of their positions, with a rounded coast. Each province also
  /// gets a site part of the way towards each neighbour, so neighbours' shapes meet as on the
  /// board.
  OutlineKey outline_key() const {
    const ProvinceStyle& style = style_.provinces;
    OutlineKey key;
    key.centres = project(req_, style_);
    const double inset = radius_ * style.inset;
    fit(key.centres,
        Box{inner_.x + inset, inner_.y + inset, inner_.w - 2 * inset, inner_.h - 2 * inset});
    key.points = key.centres;
    key.province.resize(key.centres.size());
    for (std::size_t i = 0; i < key.centres.size(); ++i) key.province[i] = i;
    for (std::size_t i = 0; i < key.centres.size(); ++i) {
      for (ProvinceId n : rules_.provinces[i].neighbours) {
        const Point a = key.centres[i];
        const Point b = key.centres[n.value];
        key.points.push_back(
            {a.x + (b.x - a.x) * style.neighbour_site, a.y + (b.y - a.y) * style.neighbour_site});
        key.province.push_back(i);
      }
    }
    key.frame = inner_;
    key.radius = radius_;
    key.coast_segments = style.coast_segments;
    key.pole_grid = style.pole_grid;
    key.pole_pull = style.pole_pull;
    return key;
  }

  /// Each province's shape, still without parts: its fill.
  void add_shapes() {
    const int players = state_.player_count();
    for (std::size_t i = 0; i < rules_.provinces.size(); ++i) {
      const ProvinceId id = ProvinceId::at(i);
      const ProvinceState& ps = state_.at(id);
      Shape shape;
      shape.id = id;
      shape.out_of_play = !rules_.in_play(id, players);
      // Rules 2.2: the face-up cards of a draft being planned (the state is the draft's own).
      if (state_.draft) {
        const auto& up = state_.draft->face_up;
        shape.face_up = std::find(up.begin(), up.end(), id) != up.end();
      }
      const auto region = style_.regions.find(rules_.regions[rules_.province(id).region.value].id);
      shape.fill = shape.out_of_play                ? style_.colours.out_of_play
                   : ps.owner                       ? player_colours(style_, state_, *ps.owner).fill
                   : region != style_.regions.end() ? region->second.first
                                                    : style_.colours.panel;
      scene_.shapes.push_back(std::move(shape));
    }
  }

  /// Borders: regions thick; a shared edge without a game border is a wall; a game border
  /// without a shared edge is a dashed link.
  void add_borders(const Contacts& contacts) {
    const double min_edge = style_.provinces.min_contact * s_;
    for (std::size_t i = 0; i < contacts.size(); ++i) {
      for (std::size_t j = i + 1; j < contacts.size(); ++j) {
        const ProvinceId a = ProvinceId::at(i);
        const ProvinceId b = ProvinceId::at(j);
        const bool in_play = !scene_.shapes[i].out_of_play && !scene_.shapes[j].out_of_play;
        const bool neighbours = rules_.adjacent(a, b);
        double length = 0;
        for (const auto& [p, q] : contacts[i][j]) length += std::hypot(q.x - p.x, q.y - p.y);
        const bool other_region = rules_.province(a).region != rules_.province(b).region;
        for (const auto& [p, q] : contacts[i][j]) {
          if (other_region) {
            scene_.lines.push_back(
                {p, q, style_.widths.region_border * s_, style_.colours.region_border, false});
          }
          if (!neighbours && in_play && length >= min_edge) {
            scene_.lines.push_back({p, q, style_.widths.wall * s_, style_.colours.wall, false});
          }
        }
        if (neighbours && in_play && length < min_edge) {
          const Point from = scene_.shapes[i].pole;
          const Point to = scene_.shapes[j].pole;
          scene_.lines.push_back({from, to, style_.widths.link * s_, style_.colours.link, true});
        }
      }
    }
  }

  /// Each province's badge (owner letter and armies), buildings and revolt markers, centred on
  /// its pole under its name; returns where each name is centred.
  std::vector<double> add_contents(Occupancy& taken) {
    std::vector<double> name_y(scene_.shapes.size());
    const double name_px = style_.fonts.province * s_;
    const double badge_px = style_.fonts.badge * s_;
    const double gap = style_.content.gap * s_;
    for (std::size_t i = 0; i < scene_.shapes.size(); ++i) {
      const Shape& shape = scene_.shapes[i];
      const ProvinceState& ps = state_.at(shape.id);
      const auto name_size = text_.measure(rules_.province(shape.id).name, name_px, false);
      std::string badge;
      if (ps.owner) {
        badge = fill(style_.labels.badge, {{"letter", letters_[ps.owner->value]},
                                           {"armies", std::to_string(ps.armies)}});
      }
      const auto badge_size = text_.measure(badge.empty() ? "0" : badge, badge_px, true);
      const int icon_count = ps.building_count() + (ps.revolt_markers > 0 ? 1 : 0) +
                             (leader_in(shape.id) ? 1 : 0) + statue_colours(ps);
      const double badge_h = badge.empty() ? 0 : badge_size.h + style_.content.badge_pad_y * s_;
      const double icons_h = icon_count > 0 ? icon() : 0;
      const double total =
          name_size.h + (badge_h > 0 ? gap + badge_h : 0) + (icons_h > 0 ? gap + icons_h : 0);
      double y = shape.pole.y - total / 2;
      name_y[i] = y + name_size.h / 2;
      y += name_size.h;
      if (badge_h > 0) {
        y += gap;
        const Box box = box_at({shape.pole.x, y + badge_h / 2},
                               badge_size.w + style_.content.badge_pad_x * s_, badge_h);
        const PlayerColours colours = player_colours(style_, state_, *ps.owner);
        scene_.texts.push_back(
            {badge, box, badge_px, true, colours.text, colours.fill, TextRole::badge});
        taken.take(box);
        y += badge_h;
      }
      if (icons_h > 0) add_icons(shape, icon_count, y + gap, taken);
    }
    return name_y;
  }

  /// Rules 13.3: the player whose military leader stands in the province, if any.
  std::optional<PlayerIndex> leader_in(ProvinceId id) const {
    for (std::size_t p = 0; p < state_.players.size(); ++p) {
      if (state_.players[p].leader == id) return state_.player_index(p);
    }
    return std::nullopt;
  }

  /// Rules 13.3: how many players have statues standing in the province (one icon each).
  static int statue_colours(const ProvinceState& ps) {
    return static_cast<int>(
        std::count_if(ps.statues.begin(), ps.statues.end(), [](int n) { return n > 0; }));
  }

  /// A province's buildings, then its revolt markers, its leader and its statues, in a row
  /// centred on its pole.
  void add_icons(const Shape& shape, int count, double y, Occupancy& taken) {
    const ProvinceState& ps = state_.at(shape.id);
    const double size = icon();
    const double gap = style_.content.gap * s_;
    double x = shape.pole.x - (count * size + (count - 1) * gap) / 2;
    for (Building b : kAllBuildings) {
      if (!ps.has(b)) continue;
      const bool fresh = req_.season.start && !req_.season.start->at(shape.id).has(b);
      scene_.icons.push_back({icon_of(b), Box{x, y, size, size}, fresh && req_.season.log, 0});
      taken.take(scene_.icons.back().box);
      x += size + gap;
    }
    if (ps.revolt_markers > 0) {
      scene_.icons.push_back({IconKind::revolt, Box{x, y, size, size}, false, ps.revolt_markers});
      taken.take(scene_.icons.back().box);
      x += size + gap;
    }
    if (const auto leader = leader_in(shape.id)) {
      scene_.icons.push_back({IconKind::leader, Box{x, y, size, size}, false, 0,
                              player_colours(style_, state_, *leader).fill});
      taken.take(scene_.icons.back().box);
      x += size + gap;
    }
    for (std::size_t p = 0; p < state_.players.size(); ++p) {
      if (ps.statues[p] == 0) continue;
      scene_.icons.push_back({IconKind::statue, Box{x, y, size, size}, false, ps.statues[p],
                              player_colours(style_, state_, state_.player_index(p)).fill});
      taken.take(scene_.icons.back().box);
      x += size + gap;
    }
  }

  /// What happened this season, drawn over the map: arrows, conquests, and the tags to place.
  std::vector<Tag> add_season() {
    std::vector<Tag> tags;
    if (!req_.season.log) return tags;
    const SeasonLog& log = *req_.season.log;
    const Labels& words = style_.labels;
    for (const LogEntry& entry : log.entries) {
      if (const auto* m = std::get_if<Moved>(&entry)) {
        const auto [a, b] = shorten(pole(m->from), pole(m->to), style_.arrows, s_);
        const Rgb colour = player_colours(style_, state_, m->player).fill;
        scene_.arrows.push_back(
            {a, b, style_.arrows.move_width * s_, colour, style_.colours.ink, true});
      } else if (const auto* battle = std::get_if<Battle>(&entry)) {
        const auto [a, b] = shorten(pole(battle->from), pole(battle->target), style_.arrows, s_);
        const Rgb colour = player_colours(style_, state_, battle->attacker).fill;
        scene_.arrows.push_back(
            {a, b, style_.arrows.battle_width * s_, colour, style_.colours.ink, false});
        tags.emplace_back(result_tag(*battle, words), Point{(a.x + b.x) / 2, (a.y + b.y) / 2});
        if (battle->result == BattleResult::attacker) {
          scene_.shapes[battle->target.value].conquered_by = colour;
        }
      } else if (const auto* revolt = std::get_if<Revolt>(&entry)) {
        tags.emplace_back(revolt->player_won ? words.revolt_put_down : words.revolt_lost,
                          pole(revolt->province));
      }
    }
    if (log.winter) {
      for (const Revolt& revolt : log.winter->revolts) {
        const std::string& tag =
            revolt.player_won ? words.winter_revolt_put_down : words.winter_revolt_lost;
        tags.emplace_back(tag, pole(revolt.province));
      }
    }
    return tags;
  }

  Point pole(ProvinceId p) const { return scene_.shapes[p.value].pole; }
  double icon() const { return style_.content.icon * s_; }

  const MapRequest& req_;
  const MapStyle& style_;
  const TextKit& text_;
  const GameState& state_;
  const Ruleset& rules_;
  std::vector<std::string> letters_;
  double s_ = 1;
  MapScene scene_;
  Box inner_;
  double radius_ = 0;
};

}  // namespace

bool contains(const Shape& shape, Point p) {
  return std::any_of(shape.parts.begin(), shape.parts.end(),
                     [&](const auto& part) { return contains(part, p); });
}

IconKind icon_of(Building b) {
  switch (b) {
    case Building::palace:
      return IconKind::palace;
    case Building::church:
      return IconKind::church;
    case Building::trading_house:
      return IconKind::trading_house;
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

std::vector<std::string> player_letters(const GameState& state) {
  std::vector<std::string> letters;
  for (const auto& p : state.players) {
    std::string letter(1, static_cast<char>(std::toupper(static_cast<unsigned char>(p.id[0]))));
    if (std::find(letters.begin(), letters.end(), letter) != letters.end() && p.id.size() > 1) {
      letter += p.id[1];
    }
    letters.push_back(letter);
  }
  return letters;
}

MapScene build_scene(const MapRequest& req, const MapStyle& style, const TextKit& text) {
  return SceneBuilder(req, style, text).build();
}

}  // namespace wallenstein::map
