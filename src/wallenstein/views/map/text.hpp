#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include <string>

namespace wallenstein::map {

/// Pango text with fixed font options (grey antialiasing, no hinting), so a text measures and
/// draws the same on every run.
class TextKit {
 public:
  explicit TextKit(std::string family);
  ~TextKit();
  TextKit(const TextKit&) = delete;
  TextKit& operator=(const TextKit&) = delete;

  struct Size {
    double w = 0;
    double h = 0;
  };

  /// The logical size of one line of text at `px` pixels. Measuring is costly and a process that
  /// draws many maps measures the same names again and again: each size is measured once a
  /// process, for every TextKit of the family.
  Size measure(const std::string& text, double px, bool bold) const;
  /// Draws text with its top left at (x, y) on `cr`.
  void draw(cairo_t* cr, const std::string& text, double px, bool bold, double x, double y) const;
  /// Applies the font options to a drawing context.
  void prepare(cairo_t* cr) const;

 private:
  PangoLayout* layout_for(cairo_t* cr, const std::string& text, double px, bool bold) const;
  std::string family_;
  cairo_surface_t* scratch_surface_ = nullptr;
  cairo_t* scratch_ = nullptr;
  cairo_font_options_t* options_ = nullptr;
};

}  // namespace wallenstein::map
