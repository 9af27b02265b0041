#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pbem/files/wording.hpp"
#include "wallenstein/rules/problem.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein::report {

/// The message catalogue of order files (templates/text/problems.yaml): a mustache text per
/// ProblemKind, the words that join lists, what is said of a file's shape (`shapes:`), and the
/// words of YAML reading (templates/text/yaml.yaml). The core only says which problem and with
/// what values; a catalogue in another language changes every word without touching the code.
class ProblemTexts {
 public:
  /// Reads and checks the catalogues: every message is there, and an unknown key or placeholder
  /// is an InputError at its line and column naming the nearest valid one, as is a broken text.
  /// With `underlay`, a message (or a section) the problems file lacks is taken from it.
  static ProblemTexts load(const std::filesystem::path& problems_file,
                           const std::filesystem::path& yaml_words_file,
                           const ProblemTexts* underlay = nullptr);
  /// The same, of the two files already read.
  static ProblemTexts parse(pbem::SourceFile problems_file, pbem::SourceFile yaml_words,
                            const ProblemTexts* underlay = nullptr);
  /// The catalogues of a templates directory. With `underlay_dir` (the installed templates), a
  /// game master's own directory made for an older program keeps working: a catalogue file it
  /// lacks, and a message its problems.yaml lacks, come from there. With `cache`, catalogues are
  /// kept there between processes (pbem/files/kept.hpp) under a digest of the program's build and
  /// of the files' bytes, read once for the digest and the parse alike; catalogues with a problem
  /// are never kept.
  static ProblemTexts load_directory(const std::filesystem::path& templates_dir,
                                     const std::filesystem::path& underlay_dir = {},
                                     const std::optional<std::filesystem::path>& cache = {});

  /// The problem's message: provinces by name, actions by key, lists joined with the catalogue's
  /// words.
  std::string render(const Problem& problem, const Ruleset& rules) const;
  /// What is said of an order file's shape (`shapes:` in problems.yaml).
  std::string shape(std::string_view id, const pbem::Data& data = pbem::Data()) const {
    return shapes_.say(id, data);
  }
  /// The words an order file's YAML is read with.
  const pbem::YamlWords& yaml_words() const { return yaml_words_; }

  bool operator==(const ProblemTexts&) const = default;

 private:
  friend class cereal::access;
  template <class Archive>
  void serialize(Archive& a) {
    a(problems_, lists_, shapes_, yaml_words_);
  }

  pbem::Wording problems_;
  pbem::ListWords lists_;
  pbem::Wording shapes_;
  pbem::YamlWords yaml_words_;
};

/// The catalogue's file in a templates directory.
std::filesystem::path problem_texts_file(const std::filesystem::path& templates_dir);

}  // namespace wallenstein::report
