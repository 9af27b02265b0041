#include "wallenstein/files/version.hpp"

namespace wallenstein {

std::string_view program_version() { return WALLENSTEIN_VERSION; }

}  // namespace wallenstein
