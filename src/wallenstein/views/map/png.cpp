#include "wallenstein/views/map/png.hpp"

#include <spng.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

namespace wallenstein::map {
namespace {

template <class T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const {
    if (p) Free(p);
  }
};
using Encoder = std::unique_ptr<spng_ctx, Deleter<spng_ctx, spng_ctx_free>>;

void check_spng(int code, const char* what) {
  if (code != 0)
    throw std::runtime_error(std::string("libspng: ") + what + ": " + spng_strerror(code));
}

/// One pixel's colour, 0xRRGGBB (cairo's native-endian 0xXXRRGGBB word without its unused byte).
std::uint32_t colour_at(const std::uint32_t* row, int x) { return row[x] & 0xFFFFFFU; }

const std::uint32_t* row_of(const PixelsBgrx& p, int y) {
  return reinterpret_cast<const std::uint32_t*>(p.data + static_cast<std::ptrdiff_t>(y) * p.stride);
}

/// Squared distance of two 0xRRGGBB colours, each channel weighted as the eye sees it (red 2,
/// green 4, blue 3, the common weights of a fast colour distance).
std::uint32_t distance(std::uint32_t a, std::uint32_t b) {
  auto channel = [&](int shift, std::uint32_t weight) {
    const int d = static_cast<int>((a >> shift) & 0xFFU) - static_cast<int>((b >> shift) & 0xFFU);
    return weight * static_cast<std::uint32_t>(d * d);
  };
  return channel(16, 2) + channel(8, 4) + channel(0, 3);
}

/// The PNG's palette, and the index every colour of the picture is written with.
struct Palette {
  std::vector<std::uint32_t> colours;                      ///< 0xRRGGBB, the most used first
  std::unordered_map<std::uint32_t, unsigned char> index;  ///< of every colour in the picture

  std::vector<unsigned char> indices(const PixelsBgrx& p) const {
    std::vector<unsigned char> out(static_cast<std::size_t>(p.width) *
                                   static_cast<std::size_t>(p.height));
    unsigned char* at = out.data();
    for (int y = 0; y < p.height; ++y) {
      const std::uint32_t* row = row_of(p, y);
      std::uint32_t last = ~0U;  // no colour: the map is flat, so most pixels repeat the last
      unsigned char last_index = 0;
      for (int x = 0; x < p.width; ++x) {
        const std::uint32_t c = colour_at(row, x);
        if (c != last) {
          last = c;
          last_index = index.at(c);
        }
        *at++ = last_index;
      }
    }
    return out;
  }
};

/// The map is flat colour: the style's fills, lines and text, and their anti-aliased edges. Its
/// `max_colours` most used colours are kept exactly (all of them when it has no more: then the
/// PNG is lossless), ties by colour value so that the same pixels give the same palette; every
/// other colour, a shade of an edge, is written as the nearest kept one.
Palette popular_palette(const PixelsBgrx& p, int max_colours) {
  std::unordered_map<std::uint32_t, std::uint32_t> counts;
  counts.reserve(4096);
  for (int y = 0; y < p.height; ++y) {
    const std::uint32_t* row = row_of(p, y);
    std::uint32_t last = ~0U;
    std::uint32_t* count = nullptr;  // a node's value stays where it is when the table grows
    for (int x = 0; x < p.width; ++x) {
      const std::uint32_t c = colour_at(row, x);
      if (c != last) {
        last = c;
        count = &counts[c];
      }
      ++*count;
    }
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> by_use(counts.begin(), counts.end());
  std::sort(by_use.begin(), by_use.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  Palette palette;
  const std::size_t kept = std::min(by_use.size(), static_cast<std::size_t>(max_colours));
  palette.index.reserve(by_use.size());
  for (std::size_t i = 0; i < by_use.size(); ++i) {
    const std::uint32_t c = by_use[i].first;
    if (i < kept) {
      palette.colours.push_back(c);
      palette.index.emplace(c, static_cast<unsigned char>(i));
      continue;
    }
    std::size_t nearest = 0;
    std::uint32_t best = ~0U;
    for (std::size_t k = 0; k < kept; ++k) {
      if (const std::uint32_t d = distance(c, palette.colours[k]); d < best) {
        best = d;
        nearest = k;
      }
    }
    palette.index.emplace(c, static_cast<unsigned char>(nearest));
  }
  return palette;
}

}  // namespace

std::string encode_palette_png(const PixelsBgrx& pixels, const PngOptions& options) {
  const Palette palette = popular_palette(pixels, options.max_colours);
  const std::vector<unsigned char> indexed = palette.indices(pixels);

  const Encoder ctx(spng_ctx_new(SPNG_CTX_ENCODER));
  if (!ctx) throw std::runtime_error("libspng: out of memory");
  check_spng(spng_set_option(ctx.get(), SPNG_ENCODE_TO_BUFFER, 1), "buffer");
  check_spng(spng_set_option(ctx.get(), SPNG_IMG_COMPRESSION_LEVEL, options.compression),
             "compression");
  // Palette images compress best unfiltered (PNG specification, 12.8).
  check_spng(spng_set_option(ctx.get(), SPNG_FILTER_CHOICE, SPNG_DISABLE_FILTERING), "filter");
  spng_ihdr ihdr{};
  ihdr.width = static_cast<std::uint32_t>(pixels.width);
  ihdr.height = static_cast<std::uint32_t>(pixels.height);
  ihdr.bit_depth = 8;
  ihdr.color_type = SPNG_COLOR_TYPE_INDEXED;
  check_spng(spng_set_ihdr(ctx.get(), &ihdr), "header");
  spng_plte plte{};
  plte.n_entries = static_cast<std::uint32_t>(palette.colours.size());
  for (std::size_t i = 0; i < palette.colours.size(); ++i) {
    plte.entries[i].red = static_cast<std::uint8_t>(palette.colours[i] >> 16);
    plte.entries[i].green = static_cast<std::uint8_t>(palette.colours[i] >> 8);
    plte.entries[i].blue = static_cast<std::uint8_t>(palette.colours[i]);
  }
  check_spng(spng_set_plte(ctx.get(), &plte), "palette");
  check_spng(spng_encode_image(ctx.get(), indexed.data(), indexed.size(), SPNG_FMT_PNG,
                               SPNG_ENCODE_FINALIZE),
             "encode");
  std::size_t size = 0;
  int error = 0;
  void* buffer = spng_get_png_buffer(ctx.get(), &size, &error);
  check_spng(error, "buffer");
  std::string png(static_cast<const char*>(buffer), size);
  std::free(buffer);
  return png;
}

}  // namespace wallenstein::map
