#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "wallenstein/rules/problem.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein::report {

/// The message catalogue of order problems (templates/text/problems.yaml): a mustache text per
/// ProblemKind and the words that join lists. The core only says which problem and with what
/// values; a catalogue in another language changes every word without touching the code.
class ProblemTexts {
 public:
  /// Reads and checks a catalogue: every problem has a message, and an unknown key or placeholder
  /// is an InputError at its line and column naming the nearest valid one, as is a broken text.
  static ProblemTexts load(const std::filesystem::path& file);

  /// The problem's message: provinces by name, actions by key, lists joined with the catalogue's
  /// words.
  std::string render(const Problem& problem, const Ruleset& rules) const;

 private:
  /// `items` joined with the separator and, before the last, the `last` text ("and" or "or").
  std::string join(const std::vector<std::string>& items, const std::string& last) const;

  std::array<std::string, kProblemKindCount> messages_;
  std::string separator_;
  std::string and_;
  std::string or_;
  std::string quote_;
};

/// The catalogue's file in a templates directory.
std::filesystem::path problem_texts_file(const std::filesystem::path& templates_dir);

}  // namespace wallenstein::report
