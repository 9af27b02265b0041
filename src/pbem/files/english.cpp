#include "pbem/files/english.hpp"

namespace pbem {

std::string join_names(const std::vector<std::string>& items, std::string_view last_sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out.append(i + 1 == items.size() ? last_sep : std::string_view(", "));
    out.append(items[i]);
  }
  return out;
}

}  // namespace pbem
