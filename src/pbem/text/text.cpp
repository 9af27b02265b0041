#include "pbem/text/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace pbem {
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

/// Whether `rest` starts with a combining mark (U+0300..U+036F).
bool combining_mark(std::string_view rest) {
  if (rest.size() < 2) return false;
  const auto a = static_cast<unsigned char>(rest[0]);
  const auto b = static_cast<unsigned char>(rest[1]);
  return (a == 0xCC && b >= 0x80 && b <= 0xBF) || (a == 0xCD && b >= 0x80 && b <= 0xAF);
}

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
        const char lower = ascii_lower(static_cast<char>(c));
        put(std::string_view(&lower, 1));
        // A letter and its accent written apart (Unicode NFD, as macOS text often is): "o"
        // then U+0308 is "ö". Combining marks are U+0300..U+036F, CC 80..CD AF in UTF-8.
        while (combining_mark(name.substr(i + 1))) {
          if (german && name.substr(i + 1, 2) == "\xCC\x88" &&
              std::string_view("aou").find(lower) != std::string_view::npos)
            out.push_back('e');
          i += 2;
        }
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

int suggestion_distance(std::size_t length) {
  return std::clamp(static_cast<int>(std::min<std::size_t>(length, 64)) / 3, 2, 4);
}

std::vector<Nearness> rank_nearest(std::string_view word,
                                   std::span<const std::string_view> candidates) {
  const std::string key = ascii_lower(word);
  const int threshold = suggestion_distance(key.size());
  std::vector<Nearness> ranked;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    // Lengths further apart than the threshold cannot be close: skip the quadratic distance,
    // which a hostile file with long words would otherwise pay for every candidate.
    const std::size_t size = candidates[i].size();
    const std::size_t gap = key.size() > size ? key.size() - size : size - key.size();
    if (gap > static_cast<std::size_t>(threshold)) continue;
    const int d = edit_distance(key, ascii_lower(candidates[i]));
    if (d <= threshold) ranked.push_back({i, d});
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const Nearness& a, const Nearness& b) { return a.distance < b.distance; });
  return ranked;
}

std::string nearest_name(std::string_view word, std::span<const std::string_view> candidates) {
  const std::vector<Nearness> ranked = rank_nearest(word, candidates);
  return ranked.empty() ? std::string() : std::string(candidates[ranked.front().index]);
}

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

void drop_byte_order_marks(std::string& text) {
  constexpr std::string_view kMark = "\xEF\xBB\xBF";
  std::size_t marks = 0;
  while (std::string_view(text).substr(marks * kMark.size()).starts_with(kMark)) ++marks;
  text.erase(0, marks * kMark.size());
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

}  // namespace pbem
