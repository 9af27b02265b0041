#pragma once

#include <array>
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
  std::uint64_t next();
  /// A uniform integer in [0, bound); bound must be at least 1.
  std::uint32_t below(std::uint32_t bound);
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
  State state_{};
};

}  // namespace wallenstein
