#include <cairo.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "support/problem_texts.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/views/map/outlines.hpp"
#include "wallenstein/views/map/png.hpp"
#include "wallenstein/views/map/render.hpp"
#include "wallenstein/views/map/text.hpp"

namespace wallenstein {
namespace {

using map::Layout;

/// A decoded PNG.
class Image {
 public:
  explicit Image(const std::string& png) : png_(png) {
    surface_ = cairo_image_surface_create_from_png_stream(read, this);
  }
  ~Image() { cairo_surface_destroy(surface_); }
  Image(const Image&) = delete;
  Image& operator=(const Image&) = delete;
  int width() const { return cairo_image_surface_get_width(surface_); }
  int height() const { return cairo_image_surface_get_height(surface_); }
  map::Rgb pixel(double x, double y) const {
    const unsigned char* data = cairo_image_surface_get_data(surface_);
    const int stride = cairo_image_surface_get_stride(surface_);
    std::uint32_t v = 0;
    std::memcpy(
        &v, data + static_cast<std::ptrdiff_t>(y) * stride + static_cast<std::ptrdiff_t>(x) * 4, 4);
    return map::Rgb{((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0};
  }

 private:
  static cairo_status_t read(void* closure, unsigned char* data, unsigned int length) {
    auto* self = static_cast<Image*>(closure);
    if (self->at_ + length > self->png_.size()) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, self->png_.data() + self->at_, length);
    self->at_ += length;
    return CAIRO_STATUS_SUCCESS;
  }
  std::string png_;
  std::size_t at_ = 0;
  cairo_surface_t* surface_ = nullptr;
};

bool close(map::Rgb a, map::Rgb b) {
  return std::abs(a.r - b.r) < 1.5 / 255 && std::abs(a.g - b.g) < 1.5 / 255 &&
         std::abs(a.b - b.b) < 1.5 / 255;
}

class Map : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    rules_ = new Ruleset(load_ruleset(testing::source_data_dir()));
    style_ = new map::MapStyle(map::load_map_style(testing::source_data_dir()));
  }
  static void TearDownTestSuite() {
    delete rules_;
    delete style_;
  }

  static GameConfig config(int players) {
    GameConfig c;
    c.name = "maptest";
    const std::vector<std::string> ids = {"red", "blue", "yellow", "green", "black"};
    for (int i = 0; i < players; ++i) {
      const auto& id = ids[static_cast<std::size_t>(i)];
      c.players.push_back({id, "Player " + id, id + "@example.org"});
    }
    return c;
  }

  /// A game after `seasons` seasons of random orders: the states before and after the last.
  struct Played {
    GameState start;
    SeasonResult last;
  };
  static Played play(int players, int seasons, std::uint64_t seed) {
    NewGame spec{"maptest", {}, seed};
    for (const auto& p : config(players).players) spec.player_ids.push_back(p.id);
    GameState state = new_game(spec, *rules_);
    Rng rng(seed);
    Played out{state, {}};
    for (int s = 0; s < seasons; ++s) {
      std::vector<Orders> orders;
      for (std::size_t p = 0; p < state.players.size(); ++p)
        orders.push_back(random_orders(state, *rules_, state.player_index(p), rng));
      out.start = state;
      out.last = resolve_season(state, orders, {}, *rules_);
      state = out.last.next;
    }
    return out;
  }

  static map::RenderedMap render(const GameConfig& cfg, const GameState& shown,
                                 const GameState* start, const SeasonLog* log,
                                 Layout layout = Layout::board, double width = 0) {
    const map::MapRequest r{SeasonView{&cfg, rules_, start ? start : &shown, &shown, log}, layout,
                            width};
    return map::render_map(r, *style_);
  }

  static void expect_no_overlap(const map::MapScene& scene) {
    for (std::size_t i = 0; i < scene.texts.size(); ++i) {
      for (std::size_t j = i + 1; j < scene.texts.size(); ++j) {
        EXPECT_FALSE(scene.texts[i].box.overlaps(scene.texts[j].box))
            << "\"" << scene.texts[i].text << "\" overlaps \"" << scene.texts[j].text << "\"";
      }
    }
  }

  static Ruleset* rules_;
  static map::MapStyle* style_;
};
Ruleset* Map::rules_ = nullptr;
map::MapStyle* Map::style_ = nullptr;

/// Pixels as cairo holds them (0xXXRRGGBB words), one row.
std::vector<std::uint32_t> row_of(const std::vector<std::pair<std::uint32_t, int>>& runs) {
  std::vector<std::uint32_t> row;
  for (const auto& [colour, count] : runs)
    row.insert(row.end(), static_cast<std::size_t>(count), colour);
  return row;
}

/// The 4 bytes at `at`, most significant first, as PNG writes numbers.
std::uint32_t big_endian_u32(const std::string& bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

/// A chunk of a PNG file and whether its CRC is right, checked with zlib's own CRC-32.
struct Chunk {
  std::string type;
  std::string data;
  bool crc_ok = false;
};

/// The chunks after a PNG's signature; bytes after the last whole chunk come as one of type "?".
std::vector<Chunk> chunks_of(const std::string& png) {
  auto u32 = [&](std::size_t at) { return big_endian_u32(png, at); };
  std::vector<Chunk> out;
  std::size_t at = 8;
  while (at + 12 <= png.size() && at + 12 + u32(at) <= png.size()) {
    const std::uint32_t length = u32(at);
    const std::string typed = png.substr(at + 4, 4 + length);
    const auto crc =
        crc32(0, reinterpret_cast<const Bytef*>(typed.data()), static_cast<uInt>(typed.size()));
    out.push_back({typed.substr(0, 4), typed.substr(4), u32(at + 8 + length) == crc});
    at += 12 + length;
  }
  if (at < png.size()) out.push_back({"?", png.substr(at), false});
  return out;
}

/// `size` bytes inflated from zlib data, or "broken" when they are not exactly that.
std::string inflated(const std::string& data, std::size_t size) {
  std::string out(size, '\0');
  uLongf got = out.size();
  const int status = uncompress(reinterpret_cast<Bytef*>(out.data()), &got,
                                reinterpret_cast<const Bytef*>(data.data()), data.size());
  return status == Z_OK && got == size ? out : "broken";
}

map::Rgb rgb(std::uint32_t c) {
  return {((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0};
}

std::string palette_png(const std::vector<std::uint32_t>& row, int max_colours,
                        const std::vector<std::uint32_t>& keep = {}) {
  map::PngOptions options;
  options.max_colours = max_colours;
  return map::encode_palette_png(
      {reinterpret_cast<const unsigned char*>(row.data()), static_cast<int>(row.size()), 1,
       static_cast<int>(row.size() * 4)},
      options, keep);
}

TEST(MapPng, APictureWithNoMoreColoursThanThePaletteIsWrittenExactly) {
  std::vector<std::pair<std::uint32_t, int>> runs;
  for (std::uint32_t i = 0; i < 256; ++i)
    runs.push_back({0xFF000000U | (i * 0x010203U), 1 + static_cast<int>(i % 7)});
  const auto row = row_of(runs);
  const Image image(palette_png(row, 256));
  ASSERT_EQ(image.width(), static_cast<int>(row.size()));
  for (std::size_t x = 0; x < row.size(); ++x) {
    ASSERT_TRUE(close(image.pixel(static_cast<double>(x), 0), rgb(row[x]))) << "pixel " << x;
  }
}

TEST(MapPng, TheMostUsedColoursAreKeptAndARarerShadeBecomesTheNearestOfThem) {
  // A flat map's fills (many pixels each) and the grey of an anti-aliased edge (one pixel),
  // with room for three colours only.
  const std::uint32_t red = 0xC04020;
  const std::uint32_t blue = 0x2050C0;
  const std::uint32_t white = 0xF0F0F0;
  const std::uint32_t pinkish = 0xC8503A;  // nearest to red
  const std::uint32_t pale = 0xE0E4F0;     // nearest to white
  const auto row = row_of({{red, 40}, {blue, 30}, {pinkish, 1}, {white, 20}, {pale, 2}});
  const Image image(palette_png(row, 3));
  EXPECT_TRUE(close(image.pixel(0, 0), rgb(red)));
  EXPECT_TRUE(close(image.pixel(40, 0), rgb(blue)));
  EXPECT_TRUE(close(image.pixel(70, 0), rgb(red)));  // the shade, written as red
  EXPECT_TRUE(close(image.pixel(71, 0), rgb(white)));
  EXPECT_TRUE(close(image.pixel(92, 0), rgb(white)));  // the pale shade, as white
  // Same pixels, same bytes.
  EXPECT_EQ(palette_png(row, 3), palette_png(row, 3));
}

TEST(MapPng, AColourTheStyleNamesIsKeptThoughFewerPixelsShowItThanTheShadesOfEdges) {
  // The legend's revolt marker on a map without revolts: a few pixels of the marker's red among
  // many shades of grey, each more used than it; the style gives the red as one it draws with,
  // rounded one off in green as cairo may round it.
  std::vector<std::pair<std::uint32_t, int>> runs;
  for (std::uint32_t i = 0; i < 300; ++i) runs.push_back({i * 0x000101U, 10});
  const std::uint32_t marker = 0xC8102E;
  runs.push_back({marker, 3});
  const auto row = row_of(runs);
  const Image without(palette_png(row, 256));
  const Image with(palette_png(row, 256, {0xC8112E}));
  EXPECT_FALSE(close(without.pixel(3000, 0), rgb(marker)));
  EXPECT_TRUE(close(with.pixel(3000, 0), rgb(marker)));
  EXPECT_TRUE(close(with.pixel(0, 0), rgb(0)));
}

TEST(MapPng, TheFileIsAHeaderAPaletteOneUnfilteredDataChunkAndTheEndEachWithItsCrc) {
  // Two rows of three pixels: the chunks PNG asks for (specification, 5.3 and 11.2), checked with
  // zlib rather than with the encoder's own CRC and deflate.
  const std::vector<std::uint32_t> pixels{0x102030, 0x102030, 0xA0B0C0,
                                          0xA0B0C0, 0x102030, 0x102030};
  const std::string png = map::encode_palette_png(
      {reinterpret_cast<const unsigned char*>(pixels.data()), 3, 2, 12}, map::PngOptions{});
  ASSERT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const std::vector<Chunk> chunks = chunks_of(png);
  ASSERT_EQ(chunks.size(), 4U) << "nothing more, nothing after the end";
  for (const Chunk& c : chunks) EXPECT_TRUE(c.crc_ok) << c.type;
  EXPECT_EQ(chunks[0].type, "IHDR");
  EXPECT_EQ(chunks[0].data, std::string("\0\0\0\x03\0\0\0\x02\x08\x03\0\0\0", 13));
  EXPECT_EQ(chunks[1].type, "PLTE");
  EXPECT_EQ(chunks[1].data, "\x10\x20\x30\xA0\xB0\xC0") << "the most used colour first";
  EXPECT_EQ(chunks[2].type, "IDAT");
  EXPECT_EQ(chunks[3].type, "IEND");
  EXPECT_EQ(chunks[3].data, "");
  EXPECT_EQ(inflated(chunks[2].data, 8), std::string("\0\0\0\x01\0\x01\0\0", 8))
      << "each row: filter type 0, then its indices";
}

TEST(MapPng, APictureWithoutAPixelEachWayIsRefusedNotWrittenAsAnInvalidFile) {
  const std::vector<std::uint32_t> pixel{0x102030};
  const auto* data = reinterpret_cast<const unsigned char*>(pixel.data());
  EXPECT_THROW(map::encode_palette_png({data, 0, 1, 4}, map::PngOptions{}), std::runtime_error);
  EXPECT_THROW(map::encode_palette_png({data, 1, 0, 4}, map::PngOptions{}), std::runtime_error);
  EXPECT_NO_THROW(map::encode_palette_png({data, 1, 1, 4}, map::PngOptions{}));
}

TEST(MapPng, CairosUnusedByteIsNotPartOfAColour) {
  // RGB24 leaves the top byte of each pixel's word unused: whatever it holds, one colour.
  const std::vector<std::uint32_t> row{0xFF102030, 0x00102030, 0x00102030, 0x7F102030, 0xFFA0B0C0};
  const Image image(palette_png(row, 256));
  for (int x = 0; x < 4; ++x) EXPECT_TRUE(close(image.pixel(x, 0), rgb(0x102030))) << x;
  EXPECT_TRUE(close(image.pixel(4, 0), rgb(0xA0B0C0)));
  EXPECT_EQ(palette_png(row, 2), palette_png(row, 256)) << "two colours in all";
}

TEST_F(Map, ImageHasTheDefaultSizeAndScalesWithWidth) {
  const auto cfg = config(3);
  const GameState state = play(3, 0, 1).start;
  const auto rendered = render(cfg, state, nullptr, nullptr);
  Image image(rendered.png);
  EXPECT_EQ(image.width(), 1600);
  EXPECT_EQ(image.height(), 1160);
  Image wide(render(cfg, state, nullptr, nullptr, Layout::board, 2400).png);
  EXPECT_EQ(wide.width(), 2400);
  EXPECT_EQ(wide.height(), 1740);
}

TEST_F(Map, PixelAtEveryProvinceAnchorHasItsOwnersColour) {
  for (int players : {3, 4, 5}) {
    for (Layout layout : {Layout::board, Layout::geo}) {
      const auto cfg = config(players);
      const Played game = play(players, 4, static_cast<std::uint64_t>(players));
      const auto rendered = render(cfg, game.last.next, &game.start, &game.last.log, layout);
      Image image(rendered.png);
      for (const auto& shape : rendered.scene.shapes) {
        if (shape.out_of_play) continue;
        const auto& owner = game.last.next.at(shape.id).owner;
        const map::Rgb want =
            owner ? map::player_colours(*style_, game.last.next, *owner).fill
                  : style_->regions.at(rules_->regions[rules_->province(shape.id).region.value].id)
                        .first;
        EXPECT_TRUE(close(image.pixel(shape.anchor.x, shape.anchor.y), want))
            << rules_->province(shape.id).id << " with " << players << " players";
      }
    }
  }
}

TEST_F(Map, LabelsNeverOverlap) {
  for (int players : {3, 4, 5}) {
    for (int seasons : {0, 3, 6}) {
      const auto cfg = config(players);
      const Played game = play(players, seasons, 40 + static_cast<std::uint64_t>(seasons));
      const GameState& shown = seasons ? game.last.next : game.start;
      for (const auto& scene :
           {render(cfg, shown, &game.start, seasons ? &game.last.log : nullptr).scene,
            render(cfg, shown, &game.start, nullptr, Layout::geo).scene}) {
        expect_no_overlap(scene);
        std::size_t names = 0;
        for (const auto& t : scene.texts) names += t.role == map::TextRole::province ? 1 : 0;
        EXPECT_EQ(names, rules_->provinces.size()) << "every province keeps its name";
      }
    }
  }
}

TEST_F(Map, EveryProvinceIsNamedOnTheMap) {
  const auto cfg = config(4);
  const auto scene = render(cfg, play(4, 0, 3).start, nullptr, nullptr).scene;
  for (const auto& p : rules_->provinces) {
    const bool named = std::any_of(scene.texts.begin(), scene.texts.end(), [&](const map::Text& t) {
      return t.role == map::TextRole::province && t.text == p.name;
    });
    EXPECT_TRUE(named) << p.name;
  }
}

TEST_F(Map, SameStateGivesIdenticalBytes) {
  const auto cfg = config(5);
  const Played game = play(5, 2, 9);
  EXPECT_EQ(render(cfg, game.last.next, &game.start, &game.last.log).png,
            render(cfg, game.last.next, &game.start, &game.last.log).png);
}

TEST_F(Map, AMapDrawnAgainAfterMapsOfOtherLayoutsSizesAndStylesIsByteForByteTheSame) {
  // A process keeps the provinces' outlines and the texts' sizes for its next maps: what it kept
  // for one kind of map must never show on another, nor change a kind when it comes back. The
  // width is this test's own, so the first map's outlines are made here.
  const auto cfg = config(4);
  const Played game = play(4, 2, 12);
  const auto draw = [&](Layout layout, double width, const map::MapStyle& style) {
    const map::MapRequest r{SeasonView{&cfg, rules_, &game.start, &game.last.next, &game.last.log},
                            layout, width};
    return map::render_map(r, style);
  };
  map::MapStyle other_poles = *style_;
  other_poles.provinces.pole_grid += 3;
  map::MapStyle other_pull = *style_;
  other_pull.provinces.pole_pull *= 4;
  map::MapStyle other_coast = *style_;
  other_coast.provinces.coast_segments += 4;
  const map::RenderedMap first = draw(Layout::board, 1234, *style_);
  const map::RenderedMap poles = draw(Layout::board, 1234, other_poles);
  const map::RenderedMap coast = draw(Layout::board, 1234, other_coast);
  // Both found among the kinds kept, behind others.
  EXPECT_EQ(draw(Layout::board, 1234, *style_).png, first.png);
  EXPECT_EQ(draw(Layout::board, 1234, other_poles).png, poles.png);
  const auto pull = draw(Layout::board, 1234, other_pull).scene.shapes;
  const auto geo = draw(Layout::geo, 1234, *style_).scene.shapes;
  const auto wide = draw(Layout::board, 1600, *style_).scene.shapes;
  const auto differ = [&](const std::vector<map::Shape>& shapes, auto field) {
    for (std::size_t i = 0; i < shapes.size(); ++i)
      if (field(shapes[i]) != field(first.scene.shapes[i])) return true;
    return false;
  };
  const auto pole = [](const map::Shape& s) { return std::pair(s.pole.x, s.pole.y); };
  const auto points = [](const map::Shape& s) {
    std::vector<std::pair<double, double>> out;
    for (const auto& part : s.parts)
      for (const Point& p : part) out.emplace_back(p.x, p.y);
    return out;
  };
  EXPECT_TRUE(differ(poles.scene.shapes, pole)) << "another pole grid, other poles";
  EXPECT_TRUE(differ(pull, pole)) << "another pull towards the printed place, other poles";
  EXPECT_TRUE(differ(coast.scene.shapes, points)) << "another number of coast segments";
  EXPECT_TRUE(differ(geo, points)) << "the geographic layout, other outlines";
  EXPECT_TRUE(differ(wide, points)) << "another width, other outlines";
  // Five kinds since: the first is made again, the same.
  EXPECT_EQ(draw(Layout::board, 1234, *style_).png, first.png);
}

/// A small key: four sites in a square frame, two to each of two provinces.
map::OutlineKey small_key() {
  map::OutlineKey key;
  key.centres = {{30, 30}, {70, 70}};
  key.points = {{30, 30}, {70, 70}, {45, 45}, {55, 55}};
  key.province = {0, 1, 0, 1};
  key.frame = map::Box{0, 0, 100, 100};
  key.radius = 60;
  key.coast_segments = 24;
  key.pole_grid = 10;
  key.pole_pull = 0.05;
  return key;
}

TEST(MapOutlines, AKeyDiffersWhenAnythingTheOutlinesAreMadeOfDiffers) {
  const map::OutlineKey key = small_key();
  EXPECT_TRUE(key == small_key());
  std::vector<std::pair<std::string, map::OutlineKey>> changed(8, {"", key});
  changed[0].first = "a centre";
  changed[0].second.centres[1].y += 1;
  changed[1].first = "a site";
  changed[1].second.points[3].x += 1;
  changed[2].first = "the province of a site";
  changed[2].second.province[2] = 1;
  changed[3].first = "the frame";
  changed[3].second.frame.h += 1;
  changed[4].first = "the coast's radius";
  changed[4].second.radius += 1;
  changed[5].first = "the coast's segments";
  changed[5].second.coast_segments += 1;
  changed[6].first = "the pole grid";
  changed[6].second.pole_grid += 1;
  changed[7].first = "the pull towards the printed place";
  changed[7].second.pole_pull += 0.01;
  for (const auto& [what, other] : changed) EXPECT_FALSE(other == key) << what;
}

TEST(MapOutlines, OutlinesAreMadeOnceAndKeptWhileFourOtherKindsAreAskedFor) {
  map::OutlineKey key = small_key();
  key.frame.w = 101;  // this test's own kind
  const auto first = map::outlines_of(key);
  const auto other = [&](int n) {
    map::OutlineKey k = key;
    k.pole_grid = 20 + n;
    return map::outlines_of(k);
  };
  for (int n = 0; n < 3; ++n) other(n);
  EXPECT_EQ(map::outlines_of(key).get(), first.get()) << "three other kinds since: still kept";
  for (int n = 0; n < 4; ++n) other(n);
  const auto again = map::outlines_of(key);
  EXPECT_NE(again.get(), first.get()) << "four other kinds since: made again";
  ASSERT_EQ(again->shapes.size(), 2U);
  for (std::size_t i = 0; i < again->shapes.size(); ++i) {
    EXPECT_EQ(again->shapes[i].parts.size(), first->shapes[i].parts.size());
    EXPECT_EQ(again->shapes[i].border.size(), first->shapes[i].border.size());
    EXPECT_EQ(again->shapes[i].pole.x, first->shapes[i].pole.x);
    EXPECT_EQ(again->shapes[i].pole.y, first->shapes[i].pole.y);
  }
  EXPECT_EQ(again->contacts[0][1].size(), first->contacts[0][1].size());
  EXPECT_FALSE(again->contacts[0][1].empty()) << "the two provinces meet";
}

TEST(MapText, ASizeMeasuredOnceIsNeverTheSizeOfAnotherFontPixelSizeOrWeight) {
  const map::TextKit sans("DejaVu Sans");
  const map::TextKit mono("DejaVu Sans Mono");
  const auto measured = sans.measure("Mecklenburg", 14, false);
  EXPECT_EQ(sans.measure("Mecklenburg", 14, false).w, measured.w);
  EXPECT_NE(mono.measure("Mecklenburg", 14, false).w, measured.w) << "another family";
  EXPECT_NE(sans.measure("Mecklenburg", 21, false).w, measured.w) << "another size";
  EXPECT_NE(sans.measure("Mecklenburg", 14, true).w, measured.w) << "bold";
  EXPECT_NE(sans.measure("Mecklenburg!", 14, false).w, measured.w) << "another text";
}

TEST_F(Map, OutOfPlayProvincesAreGreyWithThreePlayers) {
  const auto cfg = config(3);
  const GameState state = play(3, 0, 2).start;
  const auto rendered = render(cfg, state, nullptr, nullptr);
  int grey = 0;
  for (const auto& shape : rendered.scene.shapes) {
    if (shape.out_of_play) {
      ++grey;
      EXPECT_EQ(shape.fill, style_->colour("out_of_play"));
    }
  }
  EXPECT_EQ(grey, 8);
  EXPECT_NE(std::find_if(
                rendered.scene.texts.begin(), rendered.scene.texts.end(),
                [](const map::Text& t) { return t.text.find("out of play") != std::string::npos; }),
            rendered.scene.texts.end());
}

TEST_F(Map, TheLegendShowsOutOfPlayOnlyInAGameThatHasProvincesOutOfPlay) {
  const auto cfg = config(4);
  const auto scene = render(cfg, play(4, 0, 2).start, nullptr, nullptr).scene;
  EXPECT_FALSE(std::any_of(scene.shapes.begin(), scene.shapes.end(),
                           [](const auto& shape) { return shape.out_of_play; }));
  EXPECT_FALSE(std::any_of(scene.texts.begin(), scene.texts.end(), [](const map::Text& t) {
    return t.text.find("out of play") != std::string::npos;
  }));
  EXPECT_TRUE(std::any_of(scene.texts.begin(), scene.texts.end(), [](const map::Text& t) {
    return t.text.find("built this season") != std::string::npos;
  })) << "the row's other mark stays";
}

TEST_F(Map, ThePlannedSeasonShowsOnlyThePublishedCards) {
  const auto cfg = config(4);
  const GameState state = play(4, 1, 5).last.next;
  const auto scene = render(cfg, state, nullptr, nullptr).scene;
  for (int slot = 6; slot <= 10; ++slot) {
    const std::string hidden = std::to_string(slot) + "  face down";
    EXPECT_TRUE(std::any_of(scene.texts.begin(), scene.texts.end(),
                            [&](const map::Text& t) { return t.text == hidden; }));
    const std::string revealed =
        std::to_string(slot) + "  " +
        rules_->action(state.action_cards[static_cast<std::size_t>(slot - 1)]).name;
    EXPECT_FALSE(std::any_of(scene.texts.begin(), scene.texts.end(),
                             [&](const map::Text& t) { return t.text == revealed; }));
  }
  // The deck's cards never appear (the year's cards may share a title, so compare ids' titles
  // that are not among the year's).
  for (EventId e : state.event_deck) {
    const std::string& name = rules_->event(e).name;
    const bool in_year = std::any_of(state.year_events.begin(), state.year_events.end(),
                                     [&](EventId y) { return rules_->event(y).name == name; });
    if (in_year) continue;
    for (const auto& t : scene.texts) EXPECT_EQ(t.text.find(name), std::string::npos) << t.text;
  }
}

TEST_F(Map, TheDraftShowsItsFaceUpCardsAndNotThePile_Rules2) {
  const auto cfg = config(4);
  NewGame spec{"maptest", {}, 9, true};
  for (const auto& p : cfg.players) spec.player_ids.push_back(p.id);
  const GameState draft = new_game(spec, *rules_);
  const auto scene = render(cfg, draft, nullptr, nullptr).scene;
  for (const map::Shape& shape : scene.shapes) {
    const auto& up = draft.draft->face_up;
    EXPECT_EQ(shape.face_up, std::find(up.begin(), up.end(), shape.id) != up.end())
        << rules_->province(shape.id).id;
  }
  const auto has = [&](const std::string& text) {
    return std::any_of(scene.texts.begin(), scene.texts.end(),
                       [&](const map::Text& t) { return t.text == text; });
  };
  EXPECT_TRUE(has("face up in the draft (golden band)"));
  EXPECT_TRUE(has("Pile: " + std::to_string(draft.draft->pile.size()) + " cards face down"));
  EXPECT_FALSE(std::any_of(scene.texts.begin(), scene.texts.end(), [](const map::Text& t) {
    return t.text.find("Action cards") != std::string::npos;
  })) << "no action card is dealt before the draft is played";
  const auto after = render(cfg, play(4, 1, 5).last.next, nullptr, nullptr).scene;
  EXPECT_FALSE(std::any_of(after.shapes.begin(), after.shapes.end(),
                           [](const map::Shape& shape) { return shape.face_up; }));
}

TEST_F(Map, AResolvedSeasonShowsItsBattlesAsArrows) {
  const auto cfg = config(4);
  const Played game = play(4, 1, 12);
  int battles = 0;
  int moves = 0;
  for (const auto& e : game.last.log.entries) {
    battles += std::holds_alternative<Battle>(e) ? 1 : 0;
    moves += std::holds_alternative<Moved>(e) ? 1 : 0;
  }
  const auto scene = render(cfg, game.last.next, &game.start, &game.last.log).scene;
  int map_arrows = 0;
  for (const auto& a : scene.arrows) map_arrows += a.from.x < scene.map_area.w ? 1 : 0;
  EXPECT_EQ(map_arrows, battles + moves);
  EXPECT_GT(battles, 0);
}

/// What a palette PNG shows, whatever compressed it: its header, its palette and its scanlines
/// inflated (another version of the compressor may write other bytes for the same picture).
std::string picture_of(const std::string& png) {
  std::string header;
  std::string palette;
  std::string compressed;
  for (const Chunk& c : chunks_of(png)) {
    if (c.type == "IHDR") header = c.data;
    if (c.type == "PLTE") palette = c.data;
    if (c.type == "IDAT") compressed += c.data;
  }
  if (header.size() != 13) return "not a PNG";
  auto u32 = [&](std::size_t at) { return big_endian_u32(header, at); };
  return header + palette + inflated(compressed, (std::size_t{u32(0)} + 1) * u32(4));
}

/// FNV-1a: a stable fingerprint of a picture.
std::string fingerprint(const std::string& bytes) {
  std::uint64_t h = 1469598103934665603ULL;
  for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

TEST_F(Map, ExampleMapMatchesTheReviewedFingerprint) {
  // The example game (games/example, seed of tools/run-example) after its first season, played
  // with its sample orders: the map README and docs/ show.
  const GameConfig cfg = read_game_config(
      read_source(testing::source_path("games/example/game.yaml"), 1 << 16), false);
  NewGame spec{"example", {"red", "blue", "yellow"}, 20181618};
  const GameState start = new_game(spec, *rules_);
  std::vector<Orders> orders;
  for (const char* id : {"red", "blue", "yellow"}) {
    const auto file = testing::source_path(std::string("games/example/orders/") + id + ".yaml");
    const auto checked = check_order_file(file.string(), start, *rules_, testing::problem_texts());
    ASSERT_TRUE(checked.ok()) << file;
    orders.push_back(*checked.orders);
  }
  const SeasonResult result = resolve_season(start, orders, {}, *rules_);
  const auto png = render(cfg, result.next, &start, &result.log).png;
  const auto path = testing::source_path("tests/golden/example-map.fingerprint");
  if (std::getenv("WALLENSTEIN_REGENERATE_GOLDEN")) {
    testing::write_text(path, fingerprint(picture_of(png)) + "\n");
    testing::write_text(testing::source_path("docs/example-map.png"), png);
    GTEST_SKIP() << "regenerated " << path;
  }
  EXPECT_EQ(fingerprint(picture_of(png)) + "\n", testing::read_text(path))
      << "the map changed; tools/regen-golden rewrites docs/example-map.png: look at it, then "
         "commit both";
}

/// The problems of the shipped map_layout.yaml with `from` replaced by `to` (a copy in `dir`).
std::vector<Diagnostic> style_errors(const testing::TempDir& dir, const std::string& from,
                                     const std::string& to) {
  std::filesystem::copy_file(testing::source_data_dir() / "map_layout.yaml",
                             dir / "map_layout.yaml");
  testing::replace_in_file(dir / "map_layout.yaml", from, to);
  try {
    map::load_map_style(dir.path());
  } catch (const InputError& e) {
    return e.diagnostics();
  }
  ADD_FAILURE() << "map_layout.yaml with \"" << to << "\" was accepted";
  return {};
}

/// "path:line:column" of the first `needle` in a file (1-based); a newline and indentation that
/// start the needle anchor it at the start of a line and are not counted.
std::string position_of(const std::filesystem::path& file, const std::string& needle) {
  const std::string text = testing::read_text(file);
  const auto at = text.find_first_not_of("\n ", text.find(needle));
  const auto line_start = text.rfind('\n', at) + 1;
  const auto before = text.substr(0, at);
  const auto line = std::count(before.begin(), before.end(), '\n') + 1;
  return file.string() + ":" + std::to_string(line) + ":" + std::to_string(at - line_start + 1);
}

std::string position_of(const Diagnostic& d) {
  return d.path + ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
}

TEST(MapStyle, MisspeltKeyIsAnErrorAtItsPosition) {
  const testing::TempDir dir;
  const auto errors = style_errors(dir, "\n  muted:", "\n  mutted:");
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(position_of(errors[0]), position_of(dir / "map_layout.yaml", "mutted"));
  EXPECT_EQ(errors[0].message, "unknown key \"mutted\" in style; did you mean \"muted\"?");
}

TEST(MapStyle, MisspeltSectionIsAnErrorAtItsPosition) {
  const testing::TempDir dir;
  const auto errors = style_errors(dir, "\nfonts:", "\nfont:");
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(position_of(errors[0]), position_of(dir / "map_layout.yaml", "\nfont:"));
  EXPECT_EQ(errors[0].message, "unknown key \"font\" in map_layout.yaml; did you mean \"fonts\"?");
}

TEST(MapStyle, MissingKeyIsAnError) {
  const testing::TempDir dir;
  const auto errors = style_errors(dir, "\n  wall_width: 4.0", "");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_EQ(errors[0].message, "missing key \"wall_width\" (pixels)");
  EXPECT_EQ(position_of(errors[0]), position_of(dir / "map_layout.yaml", "\n  background:"))
      << "at the map that lacks it";
}

TEST(MapStyle, ACompressionLevelLibdeflateHasNotIsAnErrorAtItsPosition) {
  const testing::TempDir dir;
  const auto errors = style_errors(dir, "\n  compression: 5", "\n  compression: 13");
  ASSERT_EQ(errors.size(), 1U);
  const std::string key_at = position_of(dir / "map_layout.yaml", "\n  compression: 13");
  EXPECT_EQ(position_of(errors[0]), key_at.substr(0, key_at.rfind(':')) + ":16") << "its value";
  EXPECT_EQ(errors[0].message, "png compression must be between 0 and 12, not 13");
}

TEST(MapStyle, AMapWithoutAPixelEachWayOrWiderThanThePictureIsAnErrorAtItsSize) {
  struct Case {
    std::string from, to, message;
  };
  for (const Case& c :
       {Case{"\n  width: 1600", "\n  width: 0", "map width must be one pixel at least, not 0"},
        Case{"\n  height: 1160", "\n  height: 0.4",
             "map height must be one pixel at least, not 0.4"},
        Case{"\n  map_width: 1160", "\n  map_width: 0",
             "map map_width must be one pixel at least, not 0"},
        Case{"\n  map_width: 1160", "\n  map_width: 1700",
             "map map_width must be at most the width, not 1700"}}) {
    const testing::TempDir dir;
    const auto errors = style_errors(dir, c.from, c.to);
    ASSERT_EQ(errors.size(), 1U) << c.to;
    const std::string key_at = position_of(dir / "map_layout.yaml", c.to);
    const std::size_t key_length = c.to.find(':') - 3;
    EXPECT_EQ(position_of(errors[0]),
              key_at.substr(0, key_at.rfind(':')) + ":" + std::to_string(key_length + 5))
        << "its value";
    EXPECT_EQ(errors[0].message, c.message);
  }
}

TEST(MapStyle, AnUnknownPlaceholderInALabelIsAnError) {
  const testing::TempDir dir;
  const auto errors = style_errors(dir, "\"{season}: orders", "\"{sesaon}: orders");
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_EQ(position_of(errors[0]), position_of(dir / "map_layout.yaml", "\"{sesaon}"));
  EXPECT_EQ(errors[0].message,
            "labels planned has no {sesaon}; it can use {season}, {number} or {seasons}");
}

TEST_F(Map, ThePanelsWordsComeFromTheLayoutFile) {
  const testing::TempDir dir;
  const auto file = dir / "map_layout.yaml";
  std::filesystem::copy_file(testing::source_data_dir() / "map_layout.yaml", file);
  testing::replace_in_file(file, "face_down: \"face down\"", "face_down: \"verdeckt\"");
  testing::replace_in_file(file, "slot: \"{slot}  {action}\"", "slot: \"{action} ({slot})\"");
  const map::MapStyle german = map::load_map_style(dir.path());
  const auto cfg = config(4);
  const GameState state = play(4, 1, 5).last.next;
  const map::MapRequest request{SeasonView{&cfg, rules_, &state, &state, nullptr}, Layout::board};
  const auto scene = map::render_map(request, german).scene;
  EXPECT_TRUE(std::any_of(scene.texts.begin(), scene.texts.end(),
                          [](const map::Text& t) { return t.text == "verdeckt (6)"; }));
}

TEST_F(Map, ASeasonOpenForOrdersShowsTheDeadlineOfItsSchedule) {
  const auto cfg = config(3);
  const GameState state = play(3, 1, 5).last.next;
  SeasonView view{&cfg, rules_, &state, &state, nullptr};
  view.due = std::chrono::sys_days{std::chrono::year{2026} / 12 / 6} + std::chrono::hours{19};
  view.due_timezone = "Europe/Berlin";
  const auto scene = map::render_map(map::MapRequest{view, Layout::board}, *style_).scene;
  EXPECT_TRUE(std::any_of(scene.texts.begin(), scene.texts.end(), [](const map::Text& t) {
    return t.text == "Orders due: Sunday 6 December 2026, 20:00 CET";
  }));
  EXPECT_FALSE(std::any_of(scene.texts.begin(), scene.texts.end(),
                           [](const map::Text& t) { return t.text == "No deadline set"; }));
}

TEST_F(Map, TheLandsknechteTurnedThisYearAreOnThePanelOfAGameWithThem) {
  const Ruleset rules =
      load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"landsknechte"});
  const auto cfg = config(3);
  GameState state = new_game(NewGame{"maptest", {"red", "blue", "yellow"}, 5}, rules);
  state.players[0].landsknechte = 2;
  state.players[2].landsknechte = 1;
  const auto texts = [&](const Ruleset& r) {
    const map::MapRequest request{SeasonView{&cfg, &r, &state, &state, nullptr}, Layout::board};
    const auto scene = map::render_map(request, *style_).scene;
    expect_no_overlap(scene);
    return scene.texts;
  };
  const auto with = texts(rules);
  EXPECT_TRUE(std::any_of(with.begin(), with.end(), [](const map::Text& t) {
    return t.text == "Landsknechte turned this year: R 2/3, B 0/3, Y 1/3";
  }));
  state.players[0].landsknechte = 0;
  state.players[2].landsknechte = 0;
  const auto base = texts(*rules_);
  EXPECT_FALSE(std::any_of(base.begin(), base.end(), [](const map::Text& t) {
    return t.text.starts_with("Landsknechte");
  })) << "a base game has no Landsknechte";
}

/// Whether `text` is well-formed UTF-8 (no character cut in two).
bool valid_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t length = c < 0x80U            ? 1
                               : (c >> 5U) == 0x6U  ? 2
                               : (c >> 4U) == 0xEU  ? 3
                               : (c >> 3U) == 0x1EU ? 4
                                                    : 0;
    if (length == 0 || i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0U) != 0x80U) return false;
    }
    i += length;
  }
  return true;
}

TEST_F(Map, APanelLineTooLongIsCutBetweenCharactersWithAnEllipsis) {
  auto cfg = config(3);
  cfg.name = "Großes Überraschungsturnier der Württembergischen Ölmühlenbesitzergesellschaft";
  for (auto& p : cfg.players) {
    p.name.clear();  // one long word of three-byte letters: cut inside the word
    for (int i = 0; i < 12; ++i) p.name += "渡辺さくら";
  }
  const GameState state = new_game(NewGame{"maptest", {"red", "blue", "yellow"}, 5}, *rules_);
  const map::MapRequest request{SeasonView{&cfg, rules_, &state, &state, nullptr}, Layout::board};
  const auto scene = map::render_map(request, *style_).scene;
  int cut = 0;
  for (const map::Text& t : scene.texts) {
    EXPECT_TRUE(valid_utf8(t.text)) << t.text;
    if (t.text.find(style_->labels.ellipsis) != std::string::npos) {
      ++cut;
      EXPECT_TRUE(t.text.ends_with(style_->labels.ellipsis)) << t.text;
    }
  }
  EXPECT_GT(cut, 0) << "the long names are cut to fit";
}

TEST_F(Map, TheFavourCardsOfTheSeasonAndWhoTookThemAreOnThePanelOfACourtGame_Rules13) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"court"});
  const auto cfg = config(3);
  GameState start = new_game(NewGame{"maptest", {"red", "blue", "yellow"}, 5}, rules);
  start.court.display = {21, 10, 2};
  start.court.officers_hall = {4, 0, 2};
  start.court.officers_beside = {3, 7, 5};
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < 3; ++p)
    orders.push_back(pass_orders(start.player_index(p), start, rules));
  const ProvinceId home = start.provinces_of(start.player_index(0)).front();
  orders[0].court.favours = {{21, home, {}}};
  orders[2].court.favours = {{2, std::nullopt, {}}};
  const SeasonResult result = resolve_season(start, orders, {}, rules);
  const auto texts = [&](const GameState* before, const GameState& shown, const SeasonLog* log) {
    const map::MapRequest request{SeasonView{&cfg, &rules, before, &shown, log}, Layout::board};
    const auto scene = map::render_map(request, *style_).scene;
    expect_no_overlap(scene);
    std::vector<std::string> out;
    for (const map::Text& t : scene.texts) out.push_back(t.text);
    return out;
  };
  const auto has = [](const std::vector<std::string>& all, const std::string& text) {
    return std::find(all.begin(), all.end(), text) != all.end();
  };
  const auto planned = texts(&start, start, nullptr);
  EXPECT_TRUE(has(planned, "Imperial Court: favour cards shown"));
  EXPECT_TRUE(has(planned, "#21  free palace  (4 officers)"));
  EXPECT_TRUE(has(planned, "#10  safe from battle A  (3 officers)"));
  EXPECT_TRUE(has(planned, "#2  3 thaler  (2 officers)"));
  EXPECT_TRUE(has(planned, "Officers in the reception hall: R 4, B 0, Y 2"));
  const auto after = texts(&start, result.next, &result.log);
  EXPECT_TRUE(has(after, "#21  free palace  (4 officers)")) << "the season's cards, not the next";
  EXPECT_TRUE(has(after, "  ← red"));
  EXPECT_TRUE(has(after, "  ← yellow"));
  EXPECT_TRUE(has(after, "Officers in the reception hall: R 0, B 0, Y 0"));
  const GameState base = new_game(NewGame{"maptest", {"red", "blue", "yellow"}, 5}, *rules_);
  const map::MapRequest request{SeasonView{&cfg, rules_, &base, &base, nullptr}, Layout::board};
  const auto scene = map::render_map(request, *style_).scene;
  EXPECT_FALSE(std::any_of(scene.texts.begin(), scene.texts.end(), [](const map::Text& t) {
    return t.text.starts_with("Imperial Court");
  })) << "a base game has no court";
}

TEST_F(Map, LeadersAndStatuesStandInTheirProvincesOnTheMapOfAGameWithThem) {
  const Ruleset rules = load_ruleset(testing::source_data_dir(), kCurrentRulesVersion, {"leaders"});
  const auto cfg = config(3);
  GameState state = new_game(NewGame{"maptest", {"red", "blue", "yellow"}, 5}, rules);
  const ProvinceId red_home = state.provinces_of(PlayerIndex{0}).front();
  const ProvinceId blue_home = state.provinces_of(PlayerIndex{1}).front();
  state.players[0].leader = red_home;
  state.at(blue_home).statues[0] = 2;  // red's, left there before blue took it
  state.players[0].statues = 4;
  ASSERT_EQ(invariant_violations(state, rules), std::vector<std::string>{});
  const auto scene_of = [&](const Ruleset& r) {
    const map::MapRequest request{SeasonView{&cfg, &r, &state, &state, nullptr}, Layout::board};
    auto scene = map::render_map(request, *style_).scene;
    expect_no_overlap(scene);
    return scene;
  };
  const map::MapScene scene = scene_of(rules);
  const auto on_map = [&](map::IconKind kind, ProvinceId where) {
    return std::count_if(scene.icons.begin(), scene.icons.end(), [&](const map::Icon& i) {
      const Point centre{i.box.x + i.box.w / 2, i.box.y + i.box.h / 2};
      return i.kind == kind && map::contains(scene.shapes[where.value], centre);
    });
  };
  EXPECT_EQ(on_map(map::IconKind::leader, red_home), 1);
  EXPECT_EQ(on_map(map::IconKind::statue, blue_home), 1) << "one icon for red's two statues";
  const auto statue = std::find_if(scene.icons.begin(), scene.icons.end(), [&](const map::Icon& i) {
    return i.kind == map::IconKind::statue &&
           map::contains(scene.shapes[blue_home.value], {i.box.x + 1, i.box.y + 1});
  });
  ASSERT_NE(statue, scene.icons.end());
  EXPECT_EQ(statue->count, 2);
  EXPECT_EQ(statue->colour, map::player_colours(*style_, state, PlayerIndex{0}).fill);
  EXPECT_TRUE(std::any_of(scene.texts.begin(), scene.texts.end(), [](const map::Text& t) {
    return t.text == "military leader";
  })) << "the legend shows the pieces";

  state = new_game(NewGame{"maptest", {"red", "blue", "yellow"}, 5}, *rules_);
  const map::MapScene base = scene_of(*rules_);
  EXPECT_FALSE(std::any_of(base.icons.begin(), base.icons.end(), [](const map::Icon& i) {
    return i.kind == map::IconKind::leader || i.kind == map::IconKind::statue;
  })) << "a base game has no leaders";
  EXPECT_FALSE(std::any_of(base.texts.begin(), base.texts.end(),
                           [](const map::Text& t) { return t.text == "military leader"; }));
}

}  // namespace
}  // namespace wallenstein
