#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pbem {

/// Joins items with ", " and the last with " or " / " and ": `a, b or c`. For the adapters' own
/// English messages (YAML structure, the command line); order problems join their lists with the
/// words of the message catalogue (templates/text/problems.yaml).
std::string join_names(const std::vector<std::string>& items, std::string_view last_sep = " or ");

}  // namespace pbem
