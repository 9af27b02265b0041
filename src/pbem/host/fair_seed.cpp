#include "pbem/host/fair_seed.hpp"

#include <sys/random.h>

#include <stdexcept>
#include <vector>

#include "pbem/files/digest.hpp"

namespace pbem {
namespace {

void fill_random(void* buffer, std::size_t size) {
  auto* out = static_cast<unsigned char*>(buffer);
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::getrandom(out + done, size - done, 0);
    if (n <= 0) throw std::runtime_error("the operating system gave no random bytes");
    done += static_cast<std::size_t>(n);
  }
}

/// 32 characters without i, l, o and 1: a token read aloud or retyped survives.
constexpr char kTokenAlphabet[] = "abcdefghjkmnpqrstuvwxyz023456789";
constexpr std::size_t kTokenLength = 20;

std::string token_from_bytes(const unsigned char* bytes) {
  std::string token;
  for (std::size_t i = 0; i < kTokenLength; ++i) token += kTokenAlphabet[bytes[i] & 31];
  return token;
}

}  // namespace

std::string new_token() {
  unsigned char bytes[kTokenLength];
  fill_random(bytes, sizeof bytes);
  return token_from_bytes(bytes);
}

std::string derived_token(std::string_view domain, std::uint64_t seed, std::string_view salt,
                          std::string_view player_id) {
  const std::string hex = sha256_hex(std::string(domain) + "-token:" + std::to_string(seed) + ":" +
                                     std::string(salt) + ":" + std::string(player_id));
  unsigned char bytes[kTokenLength];
  for (std::size_t i = 0; i < kTokenLength; ++i)
    bytes[i] = static_cast<unsigned char>(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
  return token_from_bytes(bytes);
}

std::uint64_t os_random_u64() {
  std::uint64_t value = 0;
  fill_random(&value, sizeof value);
  return value;
}

std::string os_random_hex(std::size_t bytes) {
  std::vector<unsigned char> raw(bytes);
  fill_random(raw.data(), raw.size());
  return hex_of(raw);
}

std::uint64_t os_seed() { return os_random_u64() >> 1; }

std::string seed_commitment(std::string_view domain, std::uint64_t seed, std::string_view salt) {
  return sha256_hex(std::string(domain) + "-seed:" + std::to_string(seed) + ":" +
                    std::string(salt));
}

}  // namespace pbem
