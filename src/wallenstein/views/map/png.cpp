#include "wallenstein/views/map/png.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wallenstein::map {
namespace {

struct FreeCompressor {
  void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};
using Compressor = std::unique_ptr<libdeflate_compressor, FreeCompressor>;

/// Row `y`: cairo's native-endian 0xXXRRGGBB words, one a pixel (the top byte is unused).
const std::uint32_t* row_of(const PixelsBgrx& p, int y) {
  return reinterpret_cast<const std::uint32_t*>(p.data + static_cast<std::ptrdiff_t>(y) * p.stride);
}

/// `value` as PNG writes numbers: 4 bytes, the most significant first.
void put_u32(std::string& out, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((value >> shift) & 0xFFU);
}

/// A PNG chunk: its length, type, data and the CRC-32 of type and data (PNG specification, 5.3).
void put_chunk(std::string& out, const char (&type)[5], std::string_view data) {
  constexpr std::size_t kMaxChunk = 0x7FFFFFFF;  // a chunk's length is below 2^31 (5.3)
  if (data.size() > kMaxChunk)
    throw std::runtime_error(std::string("PNG: the ") + type + " chunk would be too long");
  put_u32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t typed = out.size();
  out.append(type, 4);
  out += data;
  put_u32(out, libdeflate_crc32(0, out.data() + typed, out.size() - typed));
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

/// A value for each colour of a picture: an open-addressing table, since a map has thousands of
/// colours and its pixels are looked up millions of times (a colour is 24 bits, so the 32-bit
/// key 0xFFFFFFFF marks a free slot).
class ColourTable {
 public:
  ColourTable() : keys_(kFirstSize, kFree), values_(kFirstSize, 0) {}

  /// The value of `colour`, 0 when it was not there before.
  std::uint32_t& operator[](std::uint32_t colour) {
    std::size_t slot = find(colour);
    if (keys_[slot] == kFree) {
      if (2 * (size_ + 1) > keys_.size()) {
        grow();
        slot = find(colour);
      }
      keys_[slot] = colour;
      ++size_;
    }
    return values_[slot];
  }
  std::uint32_t at(std::uint32_t colour) const { return values_[find(colour)]; }

  /// Every (colour, value).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> entries() const {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
    out.reserve(size_);
    for (std::size_t i = 0; i < keys_.size(); ++i)
      if (keys_[i] != kFree) out.emplace_back(keys_[i], values_[i]);
    return out;
  }

 private:
  static constexpr std::uint32_t kFree = 0xFFFFFFFFU;
  static constexpr std::size_t kFirstSize = std::size_t{1} << 14;  // the shift_ below

  std::size_t find(std::uint32_t colour) const {
    const std::size_t mask = keys_.size() - 1;
    // Fibonacci hashing: the product's top bits depend on every bit of the colour.
    std::size_t slot = static_cast<std::size_t>((colour * 0x9E3779B1U) >> shift_);
    while (keys_[slot] != colour && keys_[slot] != kFree) slot = (slot + 1) & mask;
    return slot;
  }
  void grow() {
    std::vector<std::uint32_t> keys(keys_.size() * 2, kFree);
    std::vector<std::uint32_t> values(keys_.size() * 2, 0);
    --shift_;
    keys.swap(keys_);
    values.swap(values_);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (keys[i] != kFree) {
        const std::size_t slot = find(keys[i]);
        keys_[slot] = keys[i];
        values_[slot] = values[i];
      }
    }
  }

  std::vector<std::uint32_t> keys_;
  std::vector<std::uint32_t> values_;
  std::size_t size_ = 0;
  unsigned shift_ = 32 - 14;  ///< 32 - log2 of the table's size
};

/// The kept colours, searched for the nearest: sorted by green, the channel weighted most, so
/// that a search walks out from the colour's own green and stops on each side where green alone
/// is farther than the best found. The same answer as comparing with every kept colour, the
/// first kept among equally near ones.
class NearestColour {
 public:
  explicit NearestColour(const std::vector<std::uint32_t>& kept) {
    for (std::size_t k = 0; k < kept.size(); ++k) by_green_.push_back({green(kept[k]), k, kept[k]});
    std::sort(by_green_.begin(), by_green_.end(),
              [](const Entry& a, const Entry& b) { return a.green < b.green; });
  }

  std::size_t operator()(std::uint32_t colour) const {
    const int g = green(colour);
    const auto start = std::lower_bound(by_green_.begin(), by_green_.end(), g,
                                        [](const Entry& e, int value) { return e.green < value; });
    std::uint32_t best = ~0U;
    std::size_t nearest = 0;
    auto consider = [&](const Entry& e) {
      const int dg = e.green - g;
      if (4U * static_cast<std::uint32_t>(dg * dg) > best) return false;  // and all beyond it
      const std::uint32_t d = distance(colour, e.colour);
      if (d < best || (d == best && e.index < nearest)) {
        best = d;
        nearest = e.index;
      }
      return true;
    };
    for (auto it = start; it != by_green_.end() && consider(*it); ++it) {
    }
    for (auto it = start; it != by_green_.begin() && consider(*(it - 1)); --it) {
    }
    return nearest;
  }

 private:
  struct Entry {
    int green;
    std::size_t index;
    std::uint32_t colour;
  };
  static int green(std::uint32_t c) { return static_cast<int>((c >> 8) & 0xFFU); }
  std::vector<Entry> by_green_;
};

/// A run of pixels of one colour along a row (runs never go past the end of a row).
struct Run {
  std::uint32_t colour;  ///< 0xRRGGBB
  std::uint32_t length;
};

/// The picture as runs of one colour, row after row, and how many pixels show each colour: the
/// map is flat colour, so a run is some nine pixels long and each pixel is compared once.
struct Runs {
  std::vector<Run> runs;
  ColourTable counts;
};

Runs runs_of(const PixelsBgrx& p) {
  Runs out;
  out.runs.reserve(static_cast<std::size_t>(p.width) * static_cast<std::size_t>(p.height) / 8);
  for (int y = 0; y < p.height; ++y) {
    const std::uint32_t* px = row_of(p, y);
    const std::uint32_t* const end = px + p.width;
    while (px < end) {
      // Whole words are compared, their unused byte too: should cairo leave it different in two
      // pixels of one colour, the run is cut in two, each counted as that colour.
      const std::uint32_t word = *px;
      const std::uint64_t pair = (std::uint64_t{word} << 32) | word;
      const std::uint32_t* const start = px++;
      while (end - px >= 2) {  // two pixels at a time
        std::uint64_t next = 0;
        std::memcpy(&next, px, sizeof next);
        if (next != pair) break;
        px += 2;
      }
      if (px < end && *px == word) ++px;
      const auto length = static_cast<std::uint32_t>(px - start);
      const std::uint32_t colour = word & 0xFFFFFFU;
      out.counts[colour] += length;
      out.runs.push_back({colour, length});
    }
  }
  return out;
}

/// The PNG's palette, and the index every colour of the picture is written with.
struct Palette {
  std::vector<std::uint32_t> colours;  ///< 0xRRGGBB, the most used first
  ColourTable index;                   ///< of every colour in the picture

  /// The PNG's scanlines before compression: each row its filter type, 0 (none: palette images
  /// compress best unfiltered, PNG specification 12.8), then its pixels' indices.
  std::vector<unsigned char> scanlines(const PixelsBgrx& p, const std::vector<Run>& runs) const {
    std::vector<unsigned char> out((static_cast<std::size_t>(p.width) + 1) *
                                   static_cast<std::size_t>(p.height));
    unsigned char* at = out.data();
    auto run = runs.begin();
    for (int y = 0; y < p.height; ++y) {
      *at++ = 0;
      for (const unsigned char* const row_end = at + p.width; at < row_end; ++run) {
        std::memset(at, static_cast<int>(index.at(run->colour)), run->length);
        at += run->length;
      }
    }
    return out;
  }
};

/// Whether two colours differ by at most one in each channel.
bool within_one(std::uint32_t a, std::uint32_t b) {
  for (int shift : {16, 8, 0}) {
    const int d = static_cast<int>((a >> shift) & 0xFFU) - static_cast<int>((b >> shift) & 0xFFU);
    if (d < -1 || d > 1) return false;
  }
  return true;
}

/// The map is flat colour: the style's fills, lines and text, and their anti-aliased edges. The
/// colours of `keep` it shows come first, then its most used colours, up to `max_colours`, all
/// kept exactly (every colour when it has no more: then the PNG is lossless), ties by colour value
/// so that the same pixels give the same palette; every other colour, a shade of an edge, is
/// written as the nearest kept one.
Palette popular_palette(const ColourTable& counts, int max_colours,
                        const std::vector<std::uint32_t>& keep) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> by_use = counts.entries();
  std::sort(by_use.begin(), by_use.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  Palette palette;
  const std::size_t room = static_cast<std::size_t>(max_colours);
  std::vector<bool> taken(by_use.size(), false);
  auto take = [&](std::size_t i) {
    taken[i] = true;
    palette.index[by_use[i].first] = static_cast<std::uint32_t>(palette.colours.size());
    palette.colours.push_back(by_use[i].first);
  };
  for (const std::uint32_t wanted : keep) {  // its most used match, as cairo may round
    for (std::size_t i = 0; i < by_use.size() && palette.colours.size() < room; ++i) {
      if (within_one(by_use[i].first, wanted)) {
        if (!taken[i]) take(i);
        break;
      }
    }
  }
  for (std::size_t i = 0; i < by_use.size() && palette.colours.size() < room; ++i)
    if (!taken[i]) take(i);
  const NearestColour nearest(palette.colours);
  for (std::size_t i = 0; i < by_use.size(); ++i)
    if (!taken[i])
      palette.index[by_use[i].first] = static_cast<std::uint32_t>(nearest(by_use[i].first));
  return palette;
}

}  // namespace

std::string encode_palette_png(const PixelsBgrx& pixels, const PngOptions& options,
                               const std::vector<std::uint32_t>& keep) {
  if (pixels.width < 1 || pixels.height < 1) {  // PNG specification, 11.2.2
    throw std::runtime_error("PNG: a picture of " + std::to_string(pixels.width) + " by " +
                             std::to_string(pixels.height) +
                             " pixels cannot be written: at least one pixel each way");
  }
  const Runs runs = runs_of(pixels);
  const Palette palette = popular_palette(runs.counts, options.max_colours, keep);
  const std::vector<unsigned char> lines = palette.scanlines(pixels, runs.runs);
  const Compressor compressor(libdeflate_alloc_compressor(options.compression));
  if (!compressor)
    throw std::runtime_error("libdeflate: no compressor at level " +
                             std::to_string(options.compression));
  // Room for the worst case, not filled first: only the pages compressed into are ever touched.
  const std::size_t room = libdeflate_zlib_compress_bound(compressor.get(), lines.size());
  const auto buffer = std::make_unique_for_overwrite<char[]>(room);
  const std::string_view compressed(
      buffer.get(),
      libdeflate_zlib_compress(compressor.get(), lines.data(), lines.size(), buffer.get(), room));
  if (compressed.empty()) throw std::runtime_error("libdeflate: the map did not compress");

  std::string png("\x89PNG\r\n\x1a\n", 8);
  png.reserve(compressed.size() + 1024);  // the chunks around the data are under 1 KB
  std::string header;
  put_u32(header, static_cast<std::uint32_t>(pixels.width));
  put_u32(header, static_cast<std::uint32_t>(pixels.height));
  header += std::string("\x08\x03\x00\x00\x00", 5);  // 8-bit palette indices, not interlaced
  put_chunk(png, "IHDR", header);
  std::string colours;
  for (const std::uint32_t c : palette.colours) {
    colours += static_cast<char>((c >> 16) & 0xFFU);
    colours += static_cast<char>((c >> 8) & 0xFFU);
    colours += static_cast<char>(c & 0xFFU);
  }
  put_chunk(png, "PLTE", colours);
  put_chunk(png, "IDAT", compressed);
  put_chunk(png, "IEND", "");
  return png;
}

}  // namespace wallenstein::map
