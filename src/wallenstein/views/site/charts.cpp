#include "wallenstein/views/site/charts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <kainjow/mustache.hpp>
#include <sstream>

namespace wallenstein::site {
namespace {

constexpr int kWidth = 720;
constexpr int kHeight = 300;
constexpr int kLeft = 44;
constexpr int kRight = 150;  // room for the labels at the lines' ends
constexpr int kTop = 16;
constexpr int kBottom = 40;
constexpr const char* kInk = "#2b2620";
constexpr const char* kGrid = "#d9d0bd";

/// Text inside the SVG's markup, escaped as the pages' templates escape the same names.
std::string escaped(const std::string& text) { return kainjow::mustache::html_escape(text); }

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  std::string s = buffer;
  if (s.ends_with(".0")) s.resize(s.size() - 2);
  return s;
}

/// A step of the y axis that gives about five lines: 1, 2, 5, 10, 20, 50...
int nice_step(int top) {
  int step = 1;
  for (int scale = 1;; scale *= 10) {
    for (int m : {1, 2, 5}) {
      step = m * scale;
      if (top / step <= 5) return step;
    }
  }
}

void open_svg(std::ostringstream& out, const std::string& title, const std::string& description) {
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << kWidth << " " << kHeight
      << "\" role=\"img\" aria-labelledby=\"t d\" font-family=\"DejaVu Sans, Verdana, sans-serif\" "
         "font-size=\"12\">\n"
      << "<title id=\"t\">" << escaped(title) << "</title>\n<desc id=\"d\">" << escaped(description)
      << "</desc>\n<rect width=\"" << kWidth << "\" height=\"" << kHeight
      << "\" fill=\"#fffaf0\"/>\n";
}

/// The horizontal grid and its numbers, from 0 to `top`; returns the y of a value.
double grid(std::ostringstream& out, int top, int plot_right) {
  const int step = nice_step(std::max(top, 1));
  const int max = std::max(step, (top + step - 1) / step * step);
  const double height = kHeight - kTop - kBottom;
  for (int v = 0; v <= max; v += step) {
    const double y = kTop + height - height * v / max;
    out << "<line x1=\"" << kLeft << "\" x2=\"" << plot_right << "\" y1=\"" << number(y)
        << "\" y2=\"" << number(y) << "\" stroke=\"" << kGrid << "\"/>\n"
        << "<text x=\"" << kLeft - 6 << "\" y=\"" << number(y + 4)
        << "\" text-anchor=\"end\" fill=\"" << kInk << "\">" << v << "</text>\n";
  }
  return max;
}

}  // namespace

std::string line_chart_svg(const LineChart& chart) {
  std::ostringstream out;
  open_svg(out, chart.title, chart.description);
  int top = 1;
  for (const auto& line : chart.lines)
    for (int v : line.values) top = std::max(top, v);
  const int right = kWidth - kRight;
  const double max = grid(out, top, right);
  const double height = kHeight - kTop - kBottom;
  const std::size_t points = std::max<std::size_t>(chart.x_labels.size(), 2);
  const auto x_of = [&](std::size_t i) {
    return kLeft + 8 +
           (right - kLeft - 16) * static_cast<double>(i) / static_cast<double>(points - 1);
  };
  const auto y_of = [&](int v) { return kTop + height - height * v / max; };
  // Every label of a short game, every other one of a long game (they must not overlap).
  const std::size_t every = chart.x_labels.size() > 10 ? 2 : 1;
  for (std::size_t i = 0; i < chart.x_labels.size(); i += every) {
    out << "<text x=\"" << number(x_of(i)) << "\" y=\"" << kHeight - kBottom + 16
        << "\" text-anchor=\"middle\" font-size=\"10\" fill=\"" << kInk << "\">"
        << escaped(chart.x_labels[i]) << "</text>\n";
  }
  // The labels at the lines' ends, moved apart where values are close.
  std::vector<std::pair<double, std::size_t>> ends;
  for (std::size_t l = 0; l < chart.lines.size(); ++l) {
    const auto& line = chart.lines[l];
    if (line.values.empty()) continue;
    out << "<polyline fill=\"none\" stroke=\"" << line.colour << "\" stroke-width=\"2.5\""
        << (line.dashed ? " stroke-dasharray=\"7 4\"" : "") << " points=\"";
    for (std::size_t i = 0; i < line.values.size(); ++i)
      out << (i ? " " : "") << number(x_of(i)) << "," << number(y_of(line.values[i]));
    out << "\"><title>" << escaped(line.label) << "</title></polyline>\n";
    for (std::size_t i = 0; i < line.values.size(); ++i)
      out << "<circle cx=\"" << number(x_of(i)) << "\" cy=\"" << number(y_of(line.values[i]))
          << "\" r=\"3\" fill=\"" << line.colour << "\" stroke=\"" << kInk
          << "\" stroke-width=\"0.6\"/>\n";
    ends.emplace_back(y_of(line.values.back()), l);
  }
  std::sort(ends.begin(), ends.end());
  // 14 pixels apart, pushed down and then, from the axis up, back into the plot: labels below
  // it would leave the picture or cover the seasons' names.
  double last = -100;
  for (auto& end : ends) last = end.first = std::max(end.first, last + 14);
  double lowest = kHeight - kBottom;
  for (auto end = ends.rbegin(); end != ends.rend(); ++end) {
    end->first = std::min(end->first, lowest);
    lowest = end->first - 14;
  }
  for (const auto& [y, l] : ends) {
    const auto& line = chart.lines[l];
    out << "<text x=\"" << right + 6 << "\" y=\"" << number(y + 4) << "\" fill=\"" << kInk << "\">"
        << escaped(line.label) << " " << line.values.back() << "</text>\n";
  }
  out << "</svg>\n";
  return out.str();
}

std::string tower_chart_svg(const std::string& title, const std::string& description,
                            const std::vector<TowerBar>& bars, const std::string& thrown_word,
                            const std::string& out_word, const std::string& fair_word) {
  std::ostringstream out;
  open_svg(out, title, description);
  int top = 1;
  for (const auto& b : bars)
    top = std::max({top, b.thrown, b.out, static_cast<int>(std::ceil(b.fair))});
  const int right = kWidth - kRight;
  const double max = grid(out, top, right);
  const double height = kHeight - kTop - kBottom;
  const auto y_of = [&](double v) { return kTop + height - height * v / max; };
  const double group = static_cast<double>(right - kLeft) /
                       static_cast<double>(std::max<std::size_t>(bars.size(), 1));
  const double bar = std::min(28.0, group / 3);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const auto& b = bars[i];
    const double x = kLeft + group * static_cast<double>(i) + (group - 2 * bar) / 2;
    // Thrown: pale, out: the colour; the fair count is a black tick across the "out" bar.
    out << "<rect x=\"" << number(x) << "\" y=\"" << number(y_of(b.thrown)) << "\" width=\""
        << number(bar) << "\" height=\"" << number(y_of(0) - y_of(b.thrown)) << "\" fill=\""
        << b.colour << "\" fill-opacity=\"0.35\" stroke=\"" << kInk
        << "\" stroke-width=\"0.6\"><title>"
        << escaped(b.label + ": " + thrown_word + " " + std::to_string(b.thrown))
        << "</title></rect>\n";
    out << "<rect x=\"" << number(x + bar) << "\" y=\"" << number(y_of(b.out)) << "\" width=\""
        << number(bar) << "\" height=\"" << number(y_of(0) - y_of(b.out)) << "\" fill=\""
        << b.colour << "\" stroke=\"" << kInk << "\" stroke-width=\"0.6\"><title>"
        << escaped(b.label + ": " + out_word + " " + std::to_string(b.out) + ", " + fair_word +
                   " " + number(b.fair))
        << "</title></rect>\n";
    out << "<line x1=\"" << number(x + bar - 4) << "\" x2=\"" << number(x + 2 * bar + 4)
        << "\" y1=\"" << number(y_of(b.fair)) << "\" y2=\"" << number(y_of(b.fair))
        << "\" stroke=\"" << kInk << "\" stroke-width=\"2.5\"/>\n";
    out << "<text x=\"" << number(x + bar) << "\" y=\"" << kHeight - kBottom + 16
        << "\" text-anchor=\"middle\" fill=\"" << kInk << "\">" << escaped(b.label) << "</text>\n";
  }
  // The key.
  const int kx = right + 10;
  out << "<rect x=\"" << kx
      << "\" y=\"24\" width=\"14\" height=\"12\" fill=\"#7a7264\" "
         "fill-opacity=\"0.35\" stroke=\""
      << kInk << "\" stroke-width=\"0.6\"/><text x=\"" << kx + 20 << "\" y=\"34\" fill=\"" << kInk
      << "\">" << escaped(thrown_word) << "</text>\n"
      << "<rect x=\"" << kx << "\" y=\"44\" width=\"14\" height=\"12\" fill=\"#7a7264\" stroke=\""
      << kInk << "\" stroke-width=\"0.6\"/><text x=\"" << kx + 20 << "\" y=\"54\" fill=\"" << kInk
      << "\">" << escaped(out_word) << "</text>\n"
      << "<line x1=\"" << kx - 2 << "\" x2=\"" << kx + 16 << "\" y1=\"70\" y2=\"70\" stroke=\""
      << kInk << "\" stroke-width=\"2.5\"/><text x=\"" << kx + 20 << "\" y=\"74\" fill=\"" << kInk
      << "\">" << escaped(fair_word) << "</text>\n";
  out << "</svg>\n";
  return out.str();
}

}  // namespace wallenstein::site
