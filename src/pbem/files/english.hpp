#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pbem {

/// Joins items with ", " and the last with " or " / " and ": `a, b or c`. For the game master's
/// English messages (the program's own files, the command line); players' messages join lists with
/// the words of a catalogue (pbem/files/wording.hpp).
std::string join_names(const std::vector<std::string>& items, std::string_view last_sep = " or ");

}  // namespace pbem
