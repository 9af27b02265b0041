#pragma once

#include <span>
#include <string>
#include <string_view>

namespace pbem {

/// The SHA-256 of some bytes, as 64 lowercase hex digits (OpenSSL's libcrypto).
std::string sha256_hex(std::string_view bytes);

/// Bytes as lowercase hex, two digits a byte.
std::string hex_of(std::span<const unsigned char> bytes);

}  // namespace pbem
