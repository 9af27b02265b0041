#include "wallenstein/views/map/png.hpp"

#include <libimagequant.h>
#include <spng.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <vector>

namespace wallenstein::map {
namespace {

template <class T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const {
    if (p) Free(p);
  }
};
using Attr = std::unique_ptr<liq_attr, Deleter<liq_attr, liq_attr_destroy>>;
using Image = std::unique_ptr<liq_image, Deleter<liq_image, liq_image_destroy>>;
using Result = std::unique_ptr<liq_result, Deleter<liq_result, liq_result_destroy>>;
using Encoder = std::unique_ptr<spng_ctx, Deleter<spng_ctx, spng_ctx_free>>;

void check_spng(int code, const char* what) {
  if (code != 0)
    throw std::runtime_error(std::string("libspng: ") + what + ": " + spng_strerror(code));
}

/// cairo's native-endian 0xXXRRGGBB words as R, G, B, A bytes for libimagequant.
std::vector<unsigned char> to_rgba(const PixelsBgrx& p) {
  std::vector<unsigned char> rgba(static_cast<std::size_t>(p.width) *
                                  static_cast<std::size_t>(p.height) * 4);
  unsigned char* out = rgba.data();
  for (int y = 0; y < p.height; ++y) {
    const auto* row =
        reinterpret_cast<const std::uint32_t*>(p.data + static_cast<std::ptrdiff_t>(y) * p.stride);
    for (int x = 0; x < p.width; ++x) {
      const std::uint32_t v = row[x];
      *out++ = static_cast<unsigned char>(v >> 16);
      *out++ = static_cast<unsigned char>(v >> 8);
      *out++ = static_cast<unsigned char>(v);
      *out++ = 255;
    }
  }
  return rgba;
}

}  // namespace

std::string encode_palette_png(const PixelsBgrx& pixels, const PngOptions& options) {
  const std::vector<unsigned char> rgba = to_rgba(pixels);
  const Attr attr(liq_attr_create());
  if (!attr) throw std::runtime_error("libimagequant: out of memory");
  liq_set_max_colors(attr.get(), options.max_colours);
  liq_set_speed(attr.get(), options.speed);
  const Image image(liq_image_create_rgba(attr.get(), rgba.data(), pixels.width, pixels.height, 0));
  liq_result* raw = nullptr;
  if (!image || liq_image_quantize(image.get(), attr.get(), &raw) != LIQ_OK) {
    throw std::runtime_error("libimagequant could not quantise the map");
  }
  const Result result(raw);
  liq_set_dithering_level(result.get(), static_cast<float>(options.dithering));
  std::vector<unsigned char> indexed(static_cast<std::size_t>(pixels.width) *
                                     static_cast<std::size_t>(pixels.height));
  if (liq_write_remapped_image(result.get(), image.get(), indexed.data(), indexed.size()) !=
      LIQ_OK) {
    throw std::runtime_error("libimagequant could not remap the map");
  }
  const liq_palette* palette = liq_get_palette(result.get());

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
  plte.n_entries = palette->count;
  for (unsigned i = 0; i < palette->count; ++i) {
    plte.entries[i].red = palette->entries[i].r;
    plte.entries[i].green = palette->entries[i].g;
    plte.entries[i].blue = palette->entries[i].b;
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
