#include "wallenstein/rules/rng.hpp"

#include <cassert>

namespace wallenstein {
std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

Rng::Rng(std::uint64_t seed) {
  for (auto& word : state_) word = splitmix64(seed);
}

Rng Rng::from_state(const State& state) {
  Rng rng;
  rng.state_ = state;
  return rng;
}

std::uint32_t Rng::below_rejecting(std::uint32_t bound, std::uint64_t product) {
  assert(bound >= 1);
  const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
  while (static_cast<std::uint32_t>(product) < threshold) product = std::uint64_t{draw32()} * bound;
  return static_cast<std::uint32_t>(product >> 32);
}

}  // namespace wallenstein
