#pragma once

#include <string>
#include <vector>

namespace wallenstein::site {

/// One line of a chart: a player's value at each point of the x axis.
struct ChartLine {
  std::string label;   ///< the player's name, beside the line's end and in the key
  std::string colour;  ///< "#rrggbb"
  std::vector<int> values;
  bool dashed = false;  ///< told apart without colour: every other line is dashed
};

/// A chart of values over the seasons.
struct LineChart {
  std::string title;                  ///< the SVG's <title>, what a screen reader says first
  std::string description;            ///< its <desc>
  std::vector<std::string> x_labels;  ///< one per point ("1618 spring")
  std::vector<ChartLine> lines;
};

/// The chart as a small SVG document: text stays text (readable, searchable, in the page's
/// font), each line ends with its label, the same bytes for the same chart.
std::string line_chart_svg(const LineChart& chart);

/// One group of bars: what one colour threw into the tower, what came out, and what fair dice
/// would have let out.
struct TowerBar {
  std::string label;
  std::string colour;
  int thrown = 0;
  int out = 0;
  double fair = 0;
};

/// Bars per colour of the tower's throws against what fair dice would give, as SVG.
std::string tower_chart_svg(const std::string& title, const std::string& description,
                            const std::vector<TowerBar>& bars, const std::string& thrown_word,
                            const std::string& out_word, const std::string& fair_word);

}  // namespace wallenstein::site
