#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pbem {

/// 64 random bits from the operating system's secure source (getrandom).
std::uint64_t os_random_u64();
/// `bytes` random bytes from the operating system, as lowercase hex.
std::string os_random_hex(std::size_t bytes);

/// A seed from the operating system: 63 bits, so it stays a plain positive number in every
/// YAML reader.
std::uint64_t os_seed();

/// The public commitment to a game's secret seed: the SHA-256, in hex, of
/// "<domain>-seed:<seed in decimal>:<salt>", where the domain is the game's name (so that two
/// games never share a commitment). Published from the start; the seed and salt are revealed at
/// the end, so any player can check that the seed was never changed.
std::string seed_commitment(std::string_view domain, std::uint64_t seed, std::string_view salt);

/// A player's secret token for mailed orders (interfaces 5): 20 characters (100 bits) from the
/// operating system's random source, letters and digits that cannot be mistaken for each other.
std::string new_token();
/// The token of a game made with `--seed` (examples, tests): it follows from the seed and salt,
/// like everything else in such a game ("<domain>-token:<seed>:<salt>:<player>" hashed).
std::string derived_token(std::string_view domain, std::uint64_t seed, std::string_view salt,
                          std::string_view player_id);

/// Seeds below this can be found by trying them all against the commitment.
inline constexpr std::uint64_t kGuessableSeedLimit = std::uint64_t{1} << 32;

}  // namespace pbem
