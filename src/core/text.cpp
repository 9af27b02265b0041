#include "core/text.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace wallenstein {
namespace {

struct Fold {
  std::string_view utf8;
  std::string_view german;
  std::string_view plain;
};

// Rules 11 / interfaces 3: players write "Lüneburg", "Lueneburg" or "Luneburg".
constexpr std::array<Fold, 30> kFolds = {{
    {"ä", "ae", "a"}, {"Ä", "ae", "a"},  {"ö", "oe", "o"}, {"Ö", "oe", "o"}, {"ü", "ue", "u"},
    {"Ü", "ue", "u"}, {"ß", "ss", "ss"}, {"é", "e", "e"},  {"É", "e", "e"},  {"è", "e", "e"},
    {"È", "e", "e"},  {"ê", "e", "e"},   {"ë", "e", "e"},  {"à", "a", "a"},  {"â", "a", "a"},
    {"á", "a", "a"},  {"ç", "c", "c"},   {"î", "i", "i"},  {"ï", "i", "i"},  {"í", "i", "i"},
    {"ô", "o", "o"},  {"ó", "o", "o"},   {"û", "u", "u"},  {"ù", "u", "u"},  {"ú", "u", "u"},
    {"ñ", "n", "n"},  {"å", "a", "a"},   {"ø", "o", "o"},  {"č", "c", "c"},  {"š", "s", "s"},
}};

std::string fold(std::string_view name, bool german) {
  std::string out;
  out.reserve(name.size());
  bool pending_space = false;
  auto put = [&](std::string_view piece) {
    if (pending_space && !out.empty()) out.push_back(' ');
    pending_space = false;
    out.append(piece);
  };
  for (std::size_t i = 0; i < name.size();) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c < 0x80) {
      if (c == ' ' || c == '\t' || c == '.' || c == '-' || c == '_' || c == '\'') {
        pending_space = true;
      } else {
        const char lower =
            (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : static_cast<char>(c);
        put(std::string_view(&lower, 1));
      }
      ++i;
      continue;
    }
    bool matched = false;
    for (const auto& f : kFolds) {
      if (name.substr(i, f.utf8.size()) == f.utf8) {
        put(german ? f.german : f.plain);
        i += f.utf8.size();
        matched = true;
        break;
      }
    }
    if (!matched) {
      put(name.substr(i, 1));  // Keep unknown bytes: they simply never match a province.
      ++i;
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> name_keys(std::string_view name) {
  std::vector<std::string> keys{fold(name, true)};
  std::string plain = fold(name, false);
  if (plain != keys.front()) keys.push_back(std::move(plain));
  return keys;
}

int edit_distance(std::string_view a, std::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const int above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out.append(sep);
    out.append(items[i]);
  }
  return out;
}

}  // namespace wallenstein
