#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pbem {

/// The forms under which a name is matched: lowercase ASCII, punctuation as single spaces, and
/// diacritics folded twice: German style (ü -> ue) and stripped (ü -> u). Returns one or two keys.
std::vector<std::string> name_keys(std::string_view name);

/// The text without the spaces, tabs and line breaks at its ends.
std::string_view trimmed(std::string_view text);

/// Removes every UTF-8 byte order mark at the front of `text` (Windows Notepad saves one; a file
/// passed through two editors can hold more). yaml-cpp drops one itself and counts its positions
/// from after it, so a file it reads must hold none, or each position is three bytes off.
void drop_byte_order_marks(std::string& text);

/// The text with ASCII letters lowercased (other bytes as they are): the one lowercase of names,
/// ids and addresses.
std::string ascii_lower(std::string_view text);
/// One byte lowercased the same way.
constexpr char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Levenshtein distance, counted in bytes (names are compared after folding to ASCII).
int edit_distance(std::string_view a, std::string_view b);

/// The one rule for every "did you mean": a candidate is suggested when it is at most a third
/// of the word's length in edits away (at least 2, at most 4), case ignored.
int suggestion_distance(std::size_t length);

/// A candidate close to a word: its index among the candidates and its distance.
struct Nearness {
  std::size_t index = 0;
  int distance = 0;
};

/// Every candidate within suggestion_distance of `word` (case ignored), closest first, ties in
/// the candidates' order.
std::vector<Nearness> rank_nearest(std::string_view word,
                                   std::span<const std::string_view> candidates);

/// The closest candidate (rank_nearest's first), or empty when none is close.
std::string nearest_name(std::string_view word, std::span<const std::string_view> candidates);

}  // namespace pbem
