// The site's SVG charts: what a reader of the public pages sees of them.

#include "wallenstein/views/site/charts.hpp"

#include <gtest/gtest.h>

#include <regex>

namespace wallenstein::site {
namespace {

/// The y of each label at the lines' ends (the texts right of the plot), top to bottom.
std::vector<double> end_label_ys(const std::string& svg) {
  static const std::regex label(R"re(<text x="576" y="([0-9.]+)")re");
  std::vector<double> out;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), label); it != std::sregex_iterator();
       ++it)
    out.push_back(std::stod((*it)[1]));
  return out;
}

LineChart chart_of(const std::vector<int>& last_values) {
  LineChart chart{
      "Victory points", "per player", {"1618-spring", "1618-summer", "1618-autumn"}, {}};
  const std::vector<std::string> names{"Anna", "Bob", "Carla", "Dieter", "Eve", "Franz"};
  for (std::size_t i = 0; i < last_values.size(); ++i)
    chart.lines.push_back({names[i], "#000000", {0, 0, last_values[i]}, i % 2 == 1});
  return chart;
}

TEST(Charts, TiedPlayersLabelsStayInsideThePlotAboveTheSeasonsNames) {
  // Everyone at 0 VP, the first year of every game: the labels meet at the axis.
  const std::string svg = line_chart_svg(chart_of({0, 0, 0, 0, 0, 0}));
  const std::vector<double> ys = end_label_ys(svg);
  ASSERT_EQ(ys.size(), 6u) << svg;
  for (std::size_t i = 0; i < ys.size(); ++i) {
    EXPECT_LE(ys[i], 300 - 40 + 4) << "label " << i << " lies on the seasons' names";
    EXPECT_GE(ys[i], 12) << "label " << i << " leaves the picture";
    if (i > 0) {
      EXPECT_GE(ys[i] - ys[i - 1], 14) << "labels " << i - 1 << " and " << i << " overlap";
    }
  }
}

TEST(Charts, AnEndLabelSitsBesideItsLinesLastPointWhenNothingCrowdsIt) {
  const std::string svg = line_chart_svg(chart_of({10, 50}));
  const std::vector<double> ys = end_label_ys(svg);
  ASSERT_EQ(ys.size(), 2u) << svg;
  // Far apart, each label stays at its own value: 50 above 10, by most of the plot's height.
  EXPECT_GT(ys[1] - ys[0], 100) << svg;
}

}  // namespace
}  // namespace wallenstein::site
