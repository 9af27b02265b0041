#pragma once

#include <string_view>

namespace wallenstein {

/// The game's name: the program's, and the domain of its seed commitments and derived tokens
/// (a game made by any version of the program checks against it).
inline constexpr std::string_view kGameName = "wallenstein";

/// This program's version, as recorded in game.yaml and in every season's log.
std::string_view program_version();

}  // namespace wallenstein
