#include "wallenstein/views/map/style.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "pbem/files/english.hpp"
#include "pbem/files/yaml_file.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::map {
namespace {

constexpr std::pair<std::string_view, Rgb Colours::*> kColours[] = {
    {"background", &Colours::background},
    {"panel", &Colours::panel},
    {"panel_rule", &Colours::panel_rule},
    {"ink", &Colours::ink},
    {"muted", &Colours::muted},
    {"province_border", &Colours::province_border},
    {"region_border", &Colours::region_border},
    {"out_of_play", &Colours::out_of_play},
    {"label_pill", &Colours::label_pill},
    {"wall", &Colours::wall},
    {"link", &Colours::link},
    {"marker", &Colours::marker},
    {"palace", &Colours::palace},
    {"church", &Colours::church},
    {"trading_house", &Colours::trading_house},
    {"fresh", &Colours::fresh},
    {"coin_ring", &Colours::coin_ring},
    {"revolt_count", &Colours::revolt_count},
    {"peasants", &Colours::peasants},
    {"face_up", &Colours::face_up},
};

/// One map of map_layout.yaml, read key by key. `done` reports the keys that were not read as
/// unknown, with the nearest known one, then the known keys that are missing.
class Section {
 public:
  /// A map found by its caller: the file's root, or an entry of a list.
  static Section of(YamlReader& r, const YAML::Node& node, std::string name) {
    Section s(r, std::move(name));
    if (r.expect_map(node, s.name_)) s.node_ = node;
    return s;
  }

  /// The map under `key`.
  Section child(std::string_view key) {
    Section s(r_, root_ ? std::string(key) : name_ + " " + std::string(key));
    if (auto v = value(key, ""); v && r_.expect_map(*v, s.name_)) s.node_ = *v;
    return s;
  }

  /// The value under `key`, for a caller that reads its shape; nothing when it is missing.
  std::optional<YAML::Node> value(std::string_view key, std::string_view hint) {
    keys_.push_back(key);
    if (!node_) return std::nullopt;
    const YAML::Node v = (*node_)[std::string(key)];
    if (v.IsDefined()) return v;
    missing_.emplace_back(key, hint);
    return std::nullopt;
  }

  void number(std::string_view key, double& out, std::string_view hint = "a number") {
    if (auto v = value(key, hint)) out = number(*v, what(key));
  }

  /// A size the map cannot do without: a number of pixels, one at least, and at most `most`
  /// (`most_what` naming it) when there is one.
  void size(std::string_view key, double& out, std::optional<double> most = std::nullopt,
            std::string_view most_what = "") {
    const auto v = value(key, "pixels, one at least");
    if (!v) return;
    const std::size_t before = r_.problem_count();
    out = number(*v, what(key));
    if (r_.problem_count() != before) return;
    if (out < 1) {
      r_.error(*v, what(key) + " must be one pixel at least, not " + pbem::scalar_text(*v));
    } else if (most && out > *most) {
      r_.error(*v, what(key) + " must be at most " + std::string(most_what) + ", not " +
                       pbem::scalar_text(*v));
    }
  }

  void whole(std::string_view key, int& out, int min, int max) {
    if (auto v = value(key, std::to_string(min) + " to " + std::to_string(max))) {
      if (auto n = r_.integer(*v, what(key), min, max)) out = static_cast<int>(*n);
    }
  }

  void colour(std::string_view key, Rgb& out) {
    if (auto v = value(key, "#rrggbb")) out = colour(*v, what(key));
  }

  void text(std::string_view key, std::string& out, std::string_view hint = "") {
    if (auto v = value(key, hint)) out = r_.text(*v, what(key)).value_or(out);
  }

  /// Two numbers, [on, off].
  void dash(std::string_view key, Dash& out) {
    auto v = value(key, "[on, off]");
    if (!v) return;
    const YAML::Node& n = *v;
    if (!n.IsSequence() || n.size() != 2) {
      r_.error(n, what(key) + " must be two numbers, like [4, 4]");
      return;
    }
    out = Dash{number(n[0], what(key)), number(n[1], what(key))};
  }

  /// Points [x, y] in a box whose sides are 1: an outline, or strokes of two points each.
  void points(std::string_view key, std::vector<Point>& out, bool strokes) {
    auto v = value(key, "a list of [x, y]");
    if (!v || !r_.expect_sequence(*v, what(key))) return;
    for (const auto& p : *v) {
      if (!p.IsSequence() || p.size() != 2) {
        r_.error(p, what(key) + " must be a list of points [x, y]");
        continue;
      }
      out.push_back(Point{number(p[0], what(key)), number(p[1], what(key))});
      if (out.back().x > 1 || out.back().y > 1) {
        r_.error(p, what(key) + " must keep to the box: 0 to 1");
      }
    }
    if (strokes && out.size() % 2 != 0) {
      r_.error(*v, what(key) + " must be strokes of two points each");
    }
    if (!strokes && out.size() < 3) {
      r_.error(*v, what(key) + " must be an outline of 3 points or more");
    }
  }

  /// A text in which `{name}` stands for a value: only the given names may be used.
  void label(std::string_view key, std::string& out,
             std::initializer_list<std::string_view> names = {}) {
    auto v = value(key, "a text");
    if (!v) return;
    out = r_.text(*v, what(key)).value_or("");
    for (auto at = out.find('{'); at != std::string::npos; at = out.find('{', at + 1)) {
      const auto end = out.find('}', at);
      if (end == std::string::npos) break;
      const std::string name = out.substr(at + 1, end - at - 1);
      if (std::find(names.begin(), names.end(), name) != names.end()) continue;
      std::vector<std::string> known;
      for (auto n : names) known.push_back("{" + std::string(n) + "}");
      r_.error(*v, what(key) + " has no {" + name + "}; " +
                       (known.empty() ? "it takes no value" : "it can use " + join_names(known)));
    }
  }

  /// The entries of a map whose keys are names (player ids, region ids): any key is allowed.
  std::vector<std::pair<std::string, Section>> named() {
    names_ = true;
    std::vector<std::pair<std::string, Section>> out;
    if (!node_) return out;
    for (const auto& e : *node_) {
      out.emplace_back(e.first.Scalar(), of(r_, e.second, what(e.first.Scalar())));
    }
    return out;
  }

  /// Reports the keys that were not read, then the ones that are missing.
  void done() {
    if (!node_) return;
    if (!names_) r_.check_keys(*node_, keys_, name_);
    for (const auto& [key, hint] : missing_) r_.require(*node_, key, hint);
  }

  YamlReader& reader() { return r_; }
  std::string what(std::string_view key) const { return name_ + " " + std::string(key); }

  Rgb colour(const YAML::Node& node, const std::string& what) {
    Rgb c;
    const auto text = r_.text(node, what);
    if (text && !parse_rgb(*text, c)) r_.error(node, what + " must be a colour like \"#d55e00\"");
    return c;
  }

  double number(const YAML::Node& node, const std::string& what) {
    try {
      const double v = node.as<double>();
      if (v >= 0 && v < 100000) return v;
    } catch (const YAML::Exception&) {
    }
    r_.error(node, what + " must be a positive number");
    return 0;
  }

 private:
  Section(YamlReader& r, std::string name) : r_(r), name_(std::move(name)), root_(name_ == kRoot) {}

  static constexpr std::string_view kRoot = "map_layout.yaml";
  YamlReader& r_;
  std::string name_;
  bool root_ = false;
  bool names_ = false;
  std::optional<YAML::Node> node_;  ///< none when missing or not a map (already reported)
  std::vector<std::string_view> keys_;
  std::vector<std::pair<std::string_view, std::string>> missing_;
};

PlayerColours player_colours(Section in) {
  PlayerColours c;
  in.colour("fill", c.fill);
  in.colour("text", c.text);
  in.done();
  return c;
}

void read_map(Section in, MapStyle& s) {
  // A picture has at least one pixel each way (PNG specification, 11.2.2); the map takes one of
  // its columns at least, and the side panel what the map leaves.
  in.size("width", s.width);
  in.size("height", s.height);
  in.size("map_width", s.map_width, s.width >= 1 ? std::optional(s.width) : std::nullopt,
          "the width");
  in.number("margin", s.margin, "pixels");
  in.number("land_radius", s.land_radius, "pixels");
  in.text("font", s.font, "a font family");
  in.done();
}

void read_fonts(Section in, FontSizes& f) {
  in.number("title", f.title, "pixels");
  in.number("subtitle", f.subtitle, "pixels");
  in.number("province", f.province, "pixels");
  in.number("badge", f.badge, "pixels");
  in.number("region", f.region, "pixels");
  in.number("panel_heading", f.panel_heading, "pixels");
  in.number("panel", f.panel, "pixels");
  in.number("small", f.small, "pixels");
  in.done();
}

void read_players(Section in, MapStyle& s) {
  for (auto& [id, player] : in.child("by_id").named()) s.by_id[id] = player_colours(player);
  YamlReader& r = in.reader();
  auto palette = in.value("palette", "a list of {fill, text}");
  if (palette && r.expect_sequence(*palette, "palette")) {
    for (const auto& e : *palette) {
      s.palette.push_back(player_colours(Section::of(r, e, "palette entry")));
    }
    if (s.palette.size() < static_cast<std::size_t>(kMaxPlayers))
      r.error(*palette,
              "the palette needs " + std::to_string(kMaxPlayers) + " colours, one per seat");
  }
  in.done();
}

void read_regions(Section in, MapStyle& s) {
  for (auto& [id, region] : in.named()) {
    Rgb tint;
    Rgb label;
    region.colour("tint", tint);
    region.colour("label", label);
    region.done();
    s.regions[id] = {tint, label};
  }
  in.done();
}

void read_style(Section in, MapStyle& s) {
  for (const auto& [key, field] : kColours) in.colour(key, s.colours.*field);
  in.number("province_border_width", s.widths.province_border, "pixels");
  in.number("region_border_width", s.widths.region_border, "pixels");
  in.number("wall_width", s.widths.wall, "pixels");
  in.number("link_width", s.widths.link, "pixels");
  in.done();
}

void read_provinces(Section in, ProvinceStyle& p) {
  in.number("inset", p.inset);
  in.number("neighbour_site", p.neighbour_site);
  in.whole("coast_segments", p.coast_segments, 8, 360);
  in.whole("pole_grid", p.pole_grid, 2, 200);
  in.number("pole_pull", p.pole_pull);
  in.number("min_contact", p.min_contact, "pixels");
  in.number("seam_width", p.seam_width, "pixels");
  in.dash("link_dash", p.link_dash);
  in.number("hatch_step", p.hatch_step, "pixels");
  in.number("hatch_width", p.hatch_width, "pixels");
  in.number("hatch_alpha", p.hatch_alpha, "0 to 1");
  in.number("conquered_width", p.conquered_width, "pixels");
  in.dash("conquered_dash", p.conquered_dash);
  in.done();
}

void read_content(Section in, ContentStyle& c) {
  in.number("gap", c.gap, "pixels");
  in.number("icon", c.icon, "pixels");
  in.number("badge_pad_x", c.badge_pad_x, "pixels");
  in.number("badge_pad_y", c.badge_pad_y, "pixels");
  in.done();
}

void read_arrows(Section in, ArrowStyle& a) {
  in.number("move_width", a.move_width, "pixels");
  in.number("battle_width", a.battle_width, "pixels");
  in.number("outline_width", a.outline_width, "pixels");
  in.number("head_length", a.head_length, "pixels");
  in.number("head_factor", a.head_factor);
  in.number("head_spread", a.head_spread);
  in.number("head_outline_width", a.head_outline_width, "pixels");
  in.number("cut_from", a.cut_from, "pixels");
  in.number("cut_to", a.cut_to, "pixels");
  in.number("cut_share", a.cut_share);
  in.dash("dash", a.dash);
  in.done();
}

void read_icons(Section in, IconStyle& i) {
  in.number("line_width", i.line_width, "pixels");
  in.number("fresh_radius", i.fresh_radius);
  in.number("fresh_ring_width", i.fresh_ring_width, "pixels");
  in.whole("merlons", i.merlons, 1, 20);
  in.number("merlon_depth", i.merlon_depth);
  in.points("church", i.church, false);
  in.points("cross", i.cross, true);
  in.number("coin", i.coin);
  in.number("coin_ring", i.coin_ring);
  in.number("coin_ring_width", i.coin_ring_width, "pixels");
  in.number("count_size", i.count_size);
  in.number("count_base", i.count_base);
  in.points("banner", i.banner, false);
  in.points("banner_pole", i.banner_pole, true);
  in.points("statue", i.statue, false);
  in.number("plate_pad", i.plate_pad, "pixels");
  in.done();
}

void read_texts(Section in, TextStyle& t) {
  in.number("pill_radius", t.pill_radius, "pixels");
  in.number("pill_border_width", t.pill_border_width, "pixels");
  in.number("name_alpha", t.name_alpha, "0 to 1");
  in.number("name_border_alpha", t.name_border_alpha, "0 to 1");
  in.number("swatch_radius", t.swatch_radius, "pixels");
  in.number("swatch_border_width", t.swatch_border_width, "pixels");
  in.number("swatch_letter", t.swatch_letter);
  in.done();
}

void read_placement(Section in, Placement& p) {
  Section names = in.child("names");
  names.number("step", p.names.step, "pixels");
  names.number("reach", p.names.reach, "pixels");
  names.number("pad", p.names.pad, "pixels");
  names.number("gap", p.names.gap, "pixels");
  names.number("smallest", p.names.smallest);
  names.number("shrink_step", p.names.shrink_step, "pixels");
  names.number("fallback_step", p.names.fallback_step, "pixels");
  names.number("fallback_reach", p.names.fallback_reach, "pixels");
  names.done();
  Section tags = in.child("tags");
  tags.number("step", p.tags.step, "pixels");
  tags.number("reach", p.tags.reach, "pixels");
  tags.number("pad_x", p.tags.pad_x, "pixels");
  tags.number("pad_y", p.tags.pad_y, "pixels");
  tags.number("gap", p.tags.gap, "pixels");
  tags.done();
  Section regions = in.child("regions");
  regions.number("step", p.regions.step, "pixels");
  regions.number("reach", p.regions.reach, "pixels");
  regions.number("gap", p.regions.gap, "pixels");
  regions.done();
  Section anchors = in.child("anchors");
  anchors.number("step", p.anchors.step, "pixels");
  anchors.number("reach", p.anchors.reach, "pixels");
  anchors.number("near", p.anchors.near, "pixels");
  anchors.number("border", p.anchors.border, "pixels");
  anchors.number("box", p.anchors.box, "pixels");
  anchors.number("arrow", p.anchors.arrow);
  anchors.number("enough", p.anchors.enough, "pixels");
  anchors.done();
  in.done();
}

void read_panel(Section in, PanelStyle& p) {
  in.number("left", p.left, "pixels");
  in.number("right", p.right, "pixels");
  in.number("top", p.top, "pixels");
  in.number("line_gap", p.line_gap, "pixels");
  in.number("title_gap", p.title_gap, "pixels");
  in.number("heading_space", p.heading_space, "pixels");
  in.number("heading_rule", p.heading_rule, "pixels");
  in.number("heading_gap", p.heading_gap, "pixels");
  in.number("rule_width", p.rule_width, "pixels");
  in.number("row_pad", p.row_pad, "pixels");
  in.number("name_gap", p.name_gap, "pixels");
  in.number("name_room", p.name_room, "pixels");
  Section columns = in.child("columns");
  columns.number("thaler", p.columns.thaler, "pixels");
  columns.number("grain", p.columns.grain, "pixels");
  columns.number("vp", p.columns.vp, "pixels");
  columns.number("reserve", p.columns.reserve, "pixels");
  columns.number("provinces", p.columns.provinces, "pixels");
  columns.number("turn", p.columns.turn, "pixels");
  columns.done();
  in.number("event_indent", p.event_indent, "pixels");
  in.whole("event_texts", p.event_texts, 0, 4);
  in.number("tray_gap", p.tray_gap, "pixels");
  in.number("tray_spacing", p.tray_spacing, "pixels");
  in.done();
}

void read_legend(Section in, LegendStyle& l) {
  in.number("label_gap", l.label_gap, "pixels");
  in.number("icon_drop", l.icon_drop, "pixels");
  in.number("church_at", l.church_at);
  in.number("trading_house_at", l.trading_house_at);
  in.number("row_gap", l.row_gap, "pixels");
  in.number("line_drop", l.line_drop, "pixels");
  in.number("line_length", l.line_length, "pixels");
  in.number("line_label", l.line_label, "pixels");
  in.number("conquered_width", l.conquered_width, "pixels");
  in.number("fresh_inset", l.fresh_inset, "pixels");
  in.whole("revolts", l.revolts, 1, 9);
  in.whole("armies", l.armies, 1, 99);
  in.done();
}

void read_map_labels(Section& in, Labels& l) {
  in.label("badge", l.badge, {"letter", "armies"});
  in.label("battle_won", l.battle_won, {"attackers", "defenders"});
  in.label("battle_lost", l.battle_lost, {"attackers", "defenders"});
  in.label("battle_tie", l.battle_tie, {"attackers", "defenders"});
  in.label("revolt_put_down", l.revolt_put_down);
  in.label("revolt_lost", l.revolt_lost);
  in.label("winter_revolt_put_down", l.winter_revolt_put_down);
  in.label("winter_revolt_lost", l.winter_revolt_lost);
}

void read_panel_labels(Section& in, Labels& l) {
  in.label("title", l.title, {"game"});
  in.label("game_over", l.game_over);
  in.label("after", l.after, {"season", "number", "seasons"});
  in.label("after_winter", l.after_winter, {"season", "number", "seasons"});
  in.label("planned", l.planned, {"season", "number", "seasons"});
  in.label("winner", l.winner, {"players"});
  in.label("shared_win", l.shared_win, {"players"});
  in.label("winner_entry", l.winner_entry, {"name", "vp"});
  in.label("separator", l.separator);
  in.label("deadline", l.deadline, {"deadline"});
  in.label("no_deadline", l.no_deadline);
  in.label("event", l.event, {"event"});
  in.label("players", l.players);
  in.label("thaler", l.thaler);
  in.label("grain", l.grain);
  in.label("vp", l.vp);
  in.label("reserve", l.reserve);
  in.label("provinces", l.provinces);
  in.label("turn", l.turn);
  in.label("turn_after", l.turn_after);
  in.label("turn_drawn", l.turn_drawn);
  in.label("turn_before", l.turn_before);
  in.label("landsknechte", l.landsknechte, {"players"});
  in.label("landsknechte_entry", l.landsknechte_entry, {"player", "turned", "pile"});
  in.label("events", l.events, {"year"});
  in.label("events_winter", l.events_winter, {"year", "event"});
  in.label("event_line", l.event_line, {"mark", "event", "loss"});
  in.label("event_current", l.event_current);
  in.label("event_left", l.event_left);
  in.label("event_past", l.event_past);
  in.label("events_to_come", l.events_to_come);
  in.label("action_cards", l.action_cards);
  in.label("action_cards_revealed", l.action_cards_revealed);
  in.label("slot", l.slot, {"slot", "action"});
  in.label("face_down", l.face_down);
  in.label("bonus_tiles", l.bonus_tiles);
  in.label("bonus_tile", l.bonus_tile, {"position", "tile"});
  in.label("tile_taken", l.tile_taken, {"player"});
  in.label("tower_tray", l.tower_tray);
  in.label("tray_count", l.tray_count, {"count"});
  in.label("tray_peasants", l.tray_peasants, {"count"});
  in.label("tray_empty", l.tray_empty);
  in.label("draft_planned", l.draft_planned, {"season", "seasons"});
  in.label("draft_after", l.draft_after, {"season"});
  in.label("draft_picks", l.draft_picks, {"picks", "blind"});
  in.label("draft", l.draft);
  in.label("draft_face_up", l.draft_face_up, {"cards"});
  in.label("draft_pile", l.draft_pile, {"count"});
  in.label("draft_groups", l.draft_groups, {"groups"});
  in.label("turn_seats", l.turn_seats);
  in.label("face_up_band", l.face_up_band);
  in.label("ellipsis", l.ellipsis);
}

/// Rules 13.1: the Imperial Court's words; a favour card's by its effect's key in court.yaml.
void read_court_labels(Section& in, Labels& l) {
  in.label("court", l.court);
  in.label("court_display_empty", l.court_display_empty);
  in.label("court_card", l.court_card, {"number", "cost", "effect"});
  in.label("court_officers", l.court_officers, {"players"});
  in.label("court_officers_entry", l.court_officers_entry, {"player", "hall"});
  // The section keeps the keys it was asked for until done(): they live as long as the program.
  static const auto kKeys = [] {
    std::array<std::string, kAllFavourEffects.size()> keys;
    for (FavourEffect e : kAllFavourEffects)
      keys[index_of(e)] = "favour_" + std::string(favour_effect_key(e));
    return keys;
  }();
  for (FavourEffect e : kAllFavourEffects) {
    if (e != FavourEffect::shield)  // a shield's words depend on its battles (below)
      in.label(kKeys[index_of(e)], l.favours[index_of(e)], {"amount", "building"});
  }
  in.label("favour_shield", l.favour_shield, {"battles"});
}

void read_legend_labels(Section& in, Labels& l) {
  in.label("legend", l.legend);
  in.label("palace", l.palace);
  in.label("church", l.church);
  in.label("trading_house", l.trading_house);
  in.label("revolt_markers", l.revolt_markers, {"count"});
  in.label("leader", l.leader);
  in.label("statue", l.statue);
  in.label("legend_badge", l.legend_badge, {"player", "armies"});
  in.label("link", l.link);
  in.label("wall", l.wall);
  in.label("battle", l.battle);
  in.label("move", l.move);
  in.label("out_of_play", l.out_of_play);
  in.label("fresh", l.fresh);
  in.label("conquered", l.conquered);
}

void read_labels(Section in, Labels& l) {
  read_map_labels(in, l);
  read_panel_labels(in, l);
  read_court_labels(in, l);
  read_legend_labels(in, l);
  in.done();
}

void read_geo(Section in, MapStyle& s) {
  in.number("lat_min", s.lat_min, "degrees");
  in.number("lat_max", s.lat_max, "degrees");
  in.number("lon_min", s.lon_min, "degrees");
  in.number("lon_max", s.lon_max, "degrees");
  in.done();
}

void read_png(Section in, PngOptions& png) {
  in.whole("colours", png.max_colours, 2, kMaxPngColours);
  in.whole("compression", png.compression, 0, 12);
  in.done();
}

}  // namespace

Rgb MapStyle::colour(std::string_view name) const {
  for (const auto& [key, field] : kColours) {
    if (key == name) return colours.*field;
  }
  throw std::logic_error("map_layout.yaml has no colour \"" + std::string(name) + "\"");
}

std::string fill(std::string_view label,
                 std::initializer_list<std::pair<std::string_view, std::string>> values) {
  return pbem::fill_braces(label, values);
}

bool parse_rgb(const std::string& text, Rgb& out) {
  if (text.size() != 7 || text[0] != '#' ||
      text.find_first_not_of("0123456789abcdefABCDEF", 1) != std::string::npos) {
    return false;
  }
  auto component = [&](std::size_t at) {
    return std::stoi(text.substr(at, 2), nullptr, 16) / 255.0;
  };
  out = Rgb{component(1), component(3), component(5)};
  return true;
}

Labels labels_in(const MapStyle& style, const pbem::LanguageWords& words) {
  const YAML::Node node = words.section("map");
  const YamlFile* file = words.file_of("map");
  if (!node.IsDefined() || file == nullptr) {
    if (words.code() == "en") return style.labels;
    throw InputError("templates/" + words.code() + "/words.yaml",
                     "the words of " + words.code() + " have no map section (the map's labels)");
  }
  YamlReader r(*file);
  Labels labels;
  read_labels(Section::of(r, node, "map"), labels);
  r.throw_if_errors();
  return labels;
}

MapStyle load_map_style(const std::filesystem::path& data_dir) {
  const YamlFile file = YamlFile::parse(read_source(data_dir / "map_layout.yaml", 1 << 20));
  YamlReader r(file);
  MapStyle s;
  Section root = Section::of(r, file.root(), "map_layout.yaml");
  r.throw_if_errors();
  read_map(root.child("map"), s);
  read_fonts(root.child("fonts"), s.fonts);
  read_players(root.child("players"), s);
  read_regions(root.child("regions"), s);
  read_style(root.child("style"), s);
  read_provinces(root.child("provinces"), s.provinces);
  read_content(root.child("content"), s.content);
  read_arrows(root.child("arrows"), s.arrows);
  read_icons(root.child("icons"), s.icons);
  read_texts(root.child("texts"), s.texts);
  read_placement(root.child("placement"), s.placement);
  read_panel(root.child("panel"), s.panel);
  read_legend(root.child("legend"), s.legend);
  read_labels(root.child("labels"), s.labels);
  read_geo(root.child("geo"), s);
  read_png(root.child("png"), s.png);
  root.done();
  r.throw_if_errors();
  return s;
}

PlayerColours player_colours(const MapStyle& style, const GameState& state, PlayerIndex p) {
  const std::string& id = state.player(p).id;
  if (auto it = style.by_id.find(id); it != style.by_id.end()) return it->second;
  return style.palette[p.value % style.palette.size()];
}

}  // namespace wallenstein::map
