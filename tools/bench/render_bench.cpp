// Render time of the example's map against cairo writing a blank PNG of the same size, in the
// same run (target: under 3x). Usage: render_bench GAME_DIR [RUNS]

#include <cairo.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/views/map/render.hpp"

using namespace wallenstein;
using Clock = std::chrono::steady_clock;

namespace {

cairo_status_t sink(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

std::string blank_png(int w, int h) {
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
  cairo_t* cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  std::string png;
  cairo_surface_write_to_png_stream(surface, sink, &png);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return png;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: render_bench GAME_DIR [RUNS]\n");
    return 2;
  }
  const int runs = argc > 2 ? std::atoi(argv[2]) : 20;
  const auto data = resource_dir(Installed::data);
  const Ruleset rules = load_ruleset(data);
  const map::MapStyle style = map::load_map_style(data);
  const GameDirectory game = GameDirectory::open(argv[1]);
  const GameState state = game.load_state(game.current(), rules);
  const map::MapRequest request{SeasonView{&game.config(), &rules, &state, &state, nullptr},
                                map::Layout::board, 0};

  // Warm-up: fontconfig and the font cache load once a process, and the provinces' outlines and
  // the texts' sizes are made once; every map timed is drawn as a process's maps after its first
  // are. The first costs about a quarter more (callgrind, the example).
  map::render_map(request, style);
  std::vector<double> map_ms;
  std::vector<double> blank_ms;
  std::size_t bytes = 0;
  for (int i = 0; i < runs; ++i) {
    auto t0 = Clock::now();
    bytes = map::render_map(request, style).png.size();
    auto t1 = Clock::now();
    blank_png(static_cast<int>(style.width), static_cast<int>(style.height));
    auto t2 = Clock::now();
    map_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    blank_ms.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
  }
  const double m = median(map_ms);
  const double b = median(blank_ms);
  std::printf(
      "render %dx%d: map %.1f ms (%zu bytes), blank PNG %.1f ms, ratio %.2fx (median of %d; goal: "
      "1.0x, at most 150 KB)\n",
      static_cast<int>(style.width), static_cast<int>(style.height), m, bytes, b, m / b, runs);
  return 0;
}
