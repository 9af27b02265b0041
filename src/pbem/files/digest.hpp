#pragma once

#include <string>
#include <string_view>

namespace pbem {

/// The SHA-256 of some bytes, as 64 lowercase hex digits (OpenSSL's libcrypto).
std::string sha256_hex(std::string_view bytes);

}  // namespace pbem
