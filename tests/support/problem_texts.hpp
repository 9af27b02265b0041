#pragma once

#include "support/temp_dir.hpp"
#include "wallenstein/files/problem_texts.hpp"

namespace wallenstein::testing {

/// The problems catalogue of the source tree's templates (what `--templates` gives the program
/// in the tests), read once.
inline const report::ProblemTexts& problem_texts() {
  static const report::ProblemTexts texts =
      report::ProblemTexts::load_directory(source_path("templates"));
  return texts;
}

}  // namespace wallenstein::testing
