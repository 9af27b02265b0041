#include "pbem/files/text_diff.hpp"

#include <sstream>

namespace pbem {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") != std::string::npos) out.push_back(line);
  }
  return out;
}

}  // namespace

std::vector<ChangedLine> changed_lines(const std::string& before, const std::string& after) {
  const auto a = lines_of(before);
  const auto b = lines_of(after);
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..] (reports are a few hundred
  // lines: the table stays small).
  std::vector<std::vector<unsigned>> lcs(a.size() + 1, std::vector<unsigned>(b.size() + 1, 0));
  for (std::size_t i = a.size(); i-- > 0;) {
    for (std::size_t j = b.size(); j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::vector<ChangedLine> out;
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) {
      ++i;
      ++j;
    } else if (j < b.size() && (i == a.size() || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out.push_back({true, b[j++]});
    } else {
      out.push_back({false, a[i++]});
    }
  }
  return out;
}

}  // namespace pbem
