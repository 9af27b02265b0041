#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wallenstein::map {

/// 8-bit RGB pixels with a row stride, as cairo's RGB24 surfaces hold them (B, G, R, unused
/// in memory on little-endian machines).
struct PixelsBgrx {
  const unsigned char* data = nullptr;
  int width = 0;
  int height = 0;
  int stride = 0;
};

/// The most colours a PNG palette holds (its pixels are 8-bit indices).
inline constexpr int kMaxPngColours = 256;

/// How the map's PNG is squeezed (data/wallenstein/map_layout.yaml, `png:`).
struct PngOptions {
  int max_colours = kMaxPngColours;  ///< palette size
  int compression = 5;               ///< libdeflate level, 0 (none) to 12 (smallest)
};

/// The pixels as a palette PNG, compressed with libdeflate. The palette holds first each colour of
/// `keep` the picture shows (give or take one in a channel, as cairo rounds), then the most used
/// other colours, up to `max_colours`; every other colour (an anti-aliased edge of the flat map) is
/// written as the nearest of them. Same pixels and options, same bytes.
std::string encode_palette_png(const PixelsBgrx& pixels, const PngOptions& options,
                               const std::vector<std::uint32_t>& keep = {});

}  // namespace wallenstein::map
