#include "support.hpp"

#include <cstdio>
#include <cstdlib>

#include "pbem/files/printable.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::fuzz {

const Ruleset& rules() {
  static const Ruleset loaded =
      load_ruleset(std::string(WALLENSTEIN_SOURCE_DIR) + "/data/wallenstein");
  return loaded;
}

const report::ProblemTexts& problem_texts() {
  static const report::ProblemTexts texts = report::ProblemTexts::load_directory(
      std::filesystem::path(WALLENSTEIN_SOURCE_DIR) / "templates");
  return texts;
}

const Ruleset& rules_with_every_expansion() {
  static const Ruleset loaded =
      load_ruleset(std::string(WALLENSTEIN_SOURCE_DIR) + "/data/wallenstein", kCurrentRulesVersion,
                   {"court", "landsknechte", "leaders"});
  return loaded;
}

SourceFile source(const std::uint8_t* data, std::size_t size, const char* path) {
  return SourceFile{path, std::string(reinterpret_cast<const char*>(data), size)};
}

void require(bool property, const char* what) {
  if (property) return;
  std::fprintf(stderr, "property broken: %s\n", what);
  std::abort();
}

namespace {

void require_terminal_safe(const std::string& shown) {
  for (std::size_t i = 0; i < shown.size();) {
    const std::size_t length = utf8_length(shown, i);
    require(length > 0, "printed text is valid UTF-8");
    const auto byte = static_cast<unsigned char>(shown[i]);
    require(length > 1 || byte >= 0x20 || byte == '\n' || byte == '\t',
            "no control character is printed");
    require(byte != 0x7f && !(byte == 0xc2 && static_cast<unsigned char>(shown[i + 1]) < 0xa0),
            "no DEL or C1 control is printed");
    i += length;
  }
  require(printable(shown, Lines::keep) == shown, "printable() leaves its own output as it is");
}

}  // namespace

void require_printable(const std::vector<Diagnostic>& diagnostics) {
  require_terminal_safe(format_all(diagnostics));
}

void require_printable(const std::string& text) {
  require_terminal_safe(printable(text, Lines::keep));
}

}  // namespace wallenstein::fuzz
