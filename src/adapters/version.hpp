#pragma once

#include <string_view>

namespace wallenstein {

/// This program's version, as recorded in game.yaml and in every season's log.
std::string_view program_version();

}  // namespace wallenstein
