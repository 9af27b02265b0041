#include "pbem/files/digest.hpp"

#include <openssl/evp.h>

#include <stdexcept>

namespace pbem {

std::string sha256_hex(std::string_view bytes) {
  unsigned char hash[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), hash, &size, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 failed");
  }
  return hex_of(std::span<const unsigned char>(hash, size));
}

std::string hex_of(std::span<const unsigned char> bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const unsigned char b : bytes) {
    out += kHex[b >> 4U];
    out += kHex[b & 0xFU];
  }
  return out;
}

}  // namespace pbem
