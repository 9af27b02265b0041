#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

namespace wallenstein {

/// An exact probability num/den, drawn with integers so results never depend on floating point.
struct Fraction {
  std::uint32_t num = 0;
  std::uint32_t den = 1;
  bool operator==(const Fraction&) const = default;
};

/// One step of splitmix64: advances `x` and returns 64 well-mixed bits (seeds, derived streams).
std::uint64_t splitmix64(std::uint64_t& x);

/// The game's random number generator: xoshiro256** seeded through splitmix64, with its own
/// bounded draw (Lemire) and shuffle so every platform and standard library gives the same game.
class Rng {
 public:
  using State = std::array<std::uint64_t, 4>;

  /// Expands a 64-bit seed into the generator state (splitmix64, as the xoshiro authors advise).
  explicit Rng(std::uint64_t seed);
  /// Resumes from a saved state.
  static Rng from_state(const State& state);

  /// The next 64 raw bits.
  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }
  /// A uniform integer in [0, bound); bound must be at least 1.
  std::uint32_t below(std::uint32_t bound) {
    assert(bound >= 1);
    // Lemire's multiply-shift with rejection: unbiased, and identical on every platform.
    std::uint64_t product = std::uint64_t{draw32()} * bound;
    if (static_cast<std::uint32_t>(product) < bound) return below_rejecting(bound, product);
    return static_cast<std::uint32_t>(product >> 32);
  }
  /// True with probability p.
  bool chance(Fraction p) { return below(p.den) < p.num; }

  /// Fisher-Yates shuffle, last element first.
  template <class It>
  void shuffle(It first, It last) {
    for (auto i = static_cast<std::size_t>(last - first); i > 1; --i) {
      const std::size_t j = below(static_cast<std::uint32_t>(i));
      std::swap(first[static_cast<std::ptrdiff_t>(i - 1)], first[static_cast<std::ptrdiff_t>(j)]);
    }
  }
  template <class T>
  void shuffle(std::vector<T>& items) {
    shuffle(items.begin(), items.end());
  }

  const State& state() const { return state_; }

 private:
  Rng() = default;
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint32_t draw32() { return static_cast<std::uint32_t>(next() >> 32); }
  /// The rare path of `below`: the low word fell under the bound, so it may have to draw again.
  std::uint32_t below_rejecting(std::uint32_t bound, std::uint64_t product);
  State state_{};
};

}  // namespace wallenstein
