#pragma once

#include <string>
#include <vector>

namespace pbem {

/// One line of a difference between two texts.
struct ChangedLine {
  bool added = false;  ///< a line of the new text (else one of the old text that went)
  std::string text;
};

/// The lines that differ between two texts, in the order of the texts (a longest common
/// subsequence of lines stays out); blank lines and lines of white space never count.
std::vector<ChangedLine> changed_lines(const std::string& before, const std::string& after);

}  // namespace pbem
