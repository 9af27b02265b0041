#include "adapters/map/style.hpp"

#include <array>
#include <stdexcept>

#include "adapters/yaml_file.hpp"

namespace wallenstein::map {

double MapStyle::font_px(const std::string& name) const {
  auto it = fonts.find(name);
  if (it == fonts.end()) throw std::logic_error("map_layout.yaml has no font size \"" + name + "\"");
  return it->second;
}

Rgb MapStyle::colour(const std::string& name) const {
  auto it = colours.find(name);
  if (it == colours.end()) throw std::logic_error("map_layout.yaml has no colour \"" + name + "\"");
  return it->second;
}

double MapStyle::line(const std::string& name) const {
  auto it = widths.find(name);
  if (it == widths.end()) throw std::logic_error("map_layout.yaml has no width \"" + name + "\"");
  return it->second;
}

bool parse_rgb(const std::string& text, Rgb& out) {
  if (text.size() != 7 || text[0] != '#' || text.find_first_not_of("0123456789abcdefABCDEF", 1) != std::string::npos) {
    return false;
  }
  auto component = [&](std::size_t at) { return std::stoi(text.substr(at, 2), nullptr, 16) / 255.0; };
  out = Rgb{component(1), component(3), component(5)};
  return true;
}

namespace {

Rgb rgb(YamlReader& r, const YAML::Node& node, const std::string& what) {
  Rgb c;
  const auto text = r.text(node, what);
  if (text && !parse_rgb(*text, c)) r.error(node, what + " must be a colour like \"#d55e00\"");
  return c;
}

PlayerColours player_colours(YamlReader& r, const YAML::Node& node, const std::string& what) {
  PlayerColours c;
  if (!r.expect_map(node, what)) return c;
  if (auto fill = r.require(node, "fill", "#rrggbb")) c.fill = rgb(r, *fill, what + " fill");
  if (auto text = r.require(node, "text", "#rrggbb")) c.text = rgb(r, *text, what + " text");
  return c;
}

double number(YamlReader& r, const YAML::Node& node, const std::string& what) {
  try {
    const double v = node.as<double>();
    if (v >= 0 && v < 100000) return v;
  } catch (const YAML::Exception&) {
  }
  r.error(node, what + " must be a positive number");
  return 0;
}

}  // namespace

MapStyle load_map_style(const std::filesystem::path& data_dir) {
  const YamlFile file = YamlFile::parse(read_source(data_dir / "map_layout.yaml", 1 << 20));
  YamlReader r(file);
  MapStyle s;
  const YAML::Node& root = file.root();
  if (!r.expect_map(root, "map_layout.yaml")) r.throw_if_errors();
  if (auto m = r.require(root, "map", ""); m && r.expect_map(*m, "map")) {
    for (auto [key, target] : {std::pair{"width", &s.width}, std::pair{"height", &s.height},
                               std::pair{"map_width", &s.map_width}, std::pair{"margin", &s.margin},
                               std::pair{"land_radius", &s.land_radius}}) {
      if (auto v = r.require(*m, key, "pixels")) *target = number(r, *v, std::string("map ") + key);
    }
    if (auto font = r.require(*m, "font", "a font family")) s.font = r.text(*font, "font").value_or(s.font);
  }
  if (auto fonts = r.require(root, "fonts", ""); fonts && r.expect_map(*fonts, "fonts")) {
    for (const auto& e : *fonts) s.fonts[e.first.Scalar()] = number(r, e.second, "font " + e.first.Scalar());
  }
  if (auto players = r.require(root, "players", ""); players && r.expect_map(*players, "players")) {
    if (auto by_id = r.require(*players, "by_id", ""); by_id && r.expect_map(*by_id, "by_id")) {
      for (const auto& e : *by_id) s.by_id[e.first.Scalar()] = player_colours(r, e.second, "player " + e.first.Scalar());
    }
    if (auto palette = r.require(*players, "palette", ""); palette && r.expect_sequence(*palette, "palette")) {
      for (const auto& e : *palette) s.palette.push_back(player_colours(r, e, "palette entry"));
      if (s.palette.size() < 5) r.error(*palette, "the palette needs 5 colours, one per seat");
    }
  }
  if (auto regions = r.require(root, "regions", ""); regions && r.expect_map(*regions, "regions")) {
    for (const auto& e : *regions) {
      const std::string id = e.first.Scalar();
      Rgb tint;
      Rgb label;
      if (auto t = r.require(e.second, "tint", "#rrggbb")) tint = rgb(r, *t, id + " tint");
      if (auto l = r.require(e.second, "label", "#rrggbb")) label = rgb(r, *l, id + " label");
      s.regions[id] = {tint, label};
    }
  }
  if (auto style = r.require(root, "style", ""); style && r.expect_map(*style, "style")) {
    for (const auto& e : *style) {
      const std::string key = e.first.Scalar();
      if (key.size() > 6 && key.substr(key.size() - 6) == "_width") {
        s.widths[key.substr(0, key.size() - 6)] = number(r, e.second, key);
      } else {
        s.colours[key] = rgb(r, e.second, key);
      }
    }
  }
  if (auto geo = r.require(root, "geo", ""); geo && r.expect_map(*geo, "geo")) {
    for (auto [key, target] : {std::pair{"lat_min", &s.lat_min}, std::pair{"lat_max", &s.lat_max},
                               std::pair{"lon_min", &s.lon_min}, std::pair{"lon_max", &s.lon_max}}) {
      if (auto v = r.require(*geo, key, "degrees")) *target = number(r, *v, key);
    }
  }
  if (auto png = r.require(root, "png", ""); png && r.expect_map(*png, "png")) {
    static constexpr std::array<std::string_view, 4> kKeys = {"colours", "speed", "dithering", "compression"};
    r.check_keys(*png, kKeys, "png");
    if (auto v = r.require(*png, "colours", "2 to 256")) {
      s.png.max_colours = static_cast<int>(r.integer(*v, "png colours", 2, 256).value_or(256));
    }
    if (auto v = r.require(*png, "speed", "1 to 10")) s.png.speed = static_cast<int>(r.integer(*v, "png speed", 1, 10).value_or(4));
    if (auto v = r.require(*png, "dithering", "0 to 1")) {
      s.png.dithering = number(r, *v, "png dithering");
      if (s.png.dithering > 1) r.error(*v, "png dithering must be between 0 and 1");
    }
    if (auto v = r.require(*png, "compression", "0 to 9")) {
      s.png.compression = static_cast<int>(r.integer(*v, "png compression", 0, 9).value_or(9));
    }
  }
  r.throw_if_errors();
  return s;
}

}  // namespace wallenstein::map
