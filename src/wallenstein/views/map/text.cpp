#include "wallenstein/views/map/text.hpp"

#include <map>
#include <mutex>
#include <optional>
#include <tuple>

namespace wallenstein::map {
namespace {

/// The sizes measured in this process, by family, text, pixels and weight. The font options and
/// the resolution are every TextKit's own (fixed), so they need not be part of the key. Names and
/// labels come back map after map; numbers and dates do not, so the sizes kept are bounded.
class Measured {
 public:
  using Key = std::tuple<std::string, std::string, double, bool>;
  std::optional<TextKit::Size> find(const Key& key) const {
    const std::lock_guard<std::mutex> hold(lock_);
    const auto found = sizes_.find(key);
    return found == sizes_.end() ? std::nullopt : std::optional(found->second);
  }
  void add(Key key, TextKit::Size size) {
    constexpr std::size_t kMostKept = 20000;
    const std::lock_guard<std::mutex> hold(lock_);
    if (sizes_.size() < kMostKept) sizes_.emplace(std::move(key), size);
  }

 private:
  mutable std::mutex lock_;
  std::map<Key, TextKit::Size> sizes_;
};

Measured& measured() {
  static Measured sizes;
  return sizes;
}

}  // namespace

TextKit::TextKit(std::string family) : family_(std::move(family)) {
  scratch_surface_ = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4);
  scratch_ = cairo_create(scratch_surface_);
  options_ = cairo_font_options_create();
  cairo_font_options_set_antialias(options_, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style(options_, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options_, CAIRO_HINT_METRICS_OFF);
}

TextKit::~TextKit() {
  cairo_font_options_destroy(options_);
  cairo_destroy(scratch_);
  cairo_surface_destroy(scratch_surface_);
}

void TextKit::prepare(cairo_t* cr) const { cairo_set_font_options(cr, options_); }

PangoLayout* TextKit::layout_for(cairo_t* cr, const std::string& text, double px, bool bold) const {
  PangoLayout* layout = pango_cairo_create_layout(cr);
  PangoContext* context = pango_layout_get_context(layout);
  pango_cairo_context_set_font_options(context, options_);
  pango_cairo_context_set_resolution(context, 96);
  pango_layout_context_changed(layout);
  PangoFontDescription* font = pango_font_description_new();
  pango_font_description_set_family(font, family_.c_str());
  pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size(font, px * PANGO_SCALE);
  pango_layout_set_font_description(layout, font);
  pango_font_description_free(font);
  pango_layout_set_text(layout, text.c_str(), static_cast<int>(text.size()));
  return layout;
}

TextKit::Size TextKit::measure(const std::string& text, double px, bool bold) const {
  Measured::Key key{family_, text, px, bold};
  if (const auto known = measured().find(key)) return *known;
  PangoLayout* layout = layout_for(scratch_, text, px, bold);
  int w = 0;
  int h = 0;
  pango_layout_get_pixel_size(layout, &w, &h);
  g_object_unref(layout);
  const Size size{static_cast<double>(w), static_cast<double>(h)};
  measured().add(std::move(key), size);
  return size;
}

void TextKit::draw(cairo_t* cr, const std::string& text, double px, bool bold, double x,
                   double y) const {
  PangoLayout* layout = layout_for(cr, text, px, bold);
  cairo_move_to(cr, x, y);
  pango_cairo_show_layout(cr, layout);
  g_object_unref(layout);
}

}  // namespace wallenstein::map
