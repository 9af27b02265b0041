#include "adapters/map/style.hpp"

#include <optional>
#include <stdexcept>

#include "adapters/yaml_file.hpp"

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
  in.number("width", s.width, "pixels");
  in.number("height", s.height, "pixels");
  in.number("map_width", s.map_width, "pixels");
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
    if (s.palette.size() < 5) r.error(*palette, "the palette needs 5 colours, one per seat");
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
  in.whole("colours", png.max_colours, 2, 256);
  in.whole("speed", png.speed, 1, 10);
  if (auto v = in.value("dithering", "0 to 1")) {
    png.dithering = in.number(*v, "png dithering");
    if (png.dithering > 1) in.reader().error(*v, "png dithering must be between 0 and 1");
  }
  in.whole("compression", png.compression, 0, 9);
  in.done();
}

}  // namespace

Rgb MapStyle::colour(std::string_view name) const {
  for (const auto& [key, field] : kColours) {
    if (key == name) return colours.*field;
  }
  throw std::logic_error("map_layout.yaml has no colour \"" + std::string(name) + "\"");
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
  read_geo(root.child("geo"), s);
  read_png(root.child("png"), s.png);
  root.done();
  r.throw_if_errors();
  return s;
}

}  // namespace wallenstein::map
