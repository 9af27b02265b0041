#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wallenstein {

/// The forms under which a name is matched: lowercase ASCII, punctuation as single spaces, and
/// diacritics folded twice: German style (ü -> ue) and stripped (ü -> u). Returns one or two keys.
std::vector<std::string> name_keys(std::string_view name);

/// Levenshtein distance, counted in bytes (names are compared after folding to ASCII).
int edit_distance(std::string_view a, std::string_view b);

/// Joins items with a separator.
std::string join(const std::vector<std::string>& items, std::string_view sep);

}  // namespace wallenstein
