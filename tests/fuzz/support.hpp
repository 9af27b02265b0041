#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein::fuzz {

/// The real ruleset of the source tree, loaded once.
const Ruleset& rules();
/// The same with the Imperial Court, the Landsknechte and the military leaders.
const Ruleset& rules_with_every_expansion();

/// The problems catalogue of the source tree's templates, loaded once.
const report::ProblemTexts& problem_texts();

/// The fuzzer's bytes as a file with a name for diagnostics.
SourceFile source(const std::uint8_t* data, std::size_t size, const char* path);

/// Stops the run (a crash libFuzzer records) when a property does not hold.
void require(bool property, const char* what);

/// Every diagnostic, formatted, must be safe for a terminal: valid UTF-8 and no control
/// character but newline and tab; and printable() must leave its own output as it is.
void require_printable(const std::vector<Diagnostic>& diagnostics);
/// The same for printable() applied to any text.
void require_printable(const std::string& text);

}  // namespace wallenstein::fuzz
