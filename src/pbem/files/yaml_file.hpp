#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"

namespace pbem {

class YamlWords;

/// Limits on what a YAML input may be, so hostile files fail fast with a clear message.
struct YamlLimits {
  int max_depth = 32;
  int max_nodes = 200000;
};

/// A YAML document checked before use: valid UTF-8, one document, no aliases (no alias bombs),
/// bounded nesting and size, no duplicate keys (yaml-cpp accepts them silently).
// NOLINTNEXTLINE(bugprone-exception-escape): yaml-cpp's Node assignment is not noexcept.
class YamlFile {
 public:
  /// Parses the file or throws InputError with the file, line and column, in the words of
  /// `words` (a player's order file: the catalogue of `--templates`).
  static YamlFile parse(SourceFile file, const YamlWords& words, YamlLimits limits = {});
  /// The same in the shipped English words: for the files the program and the game master write.
  static YamlFile parse(SourceFile file, YamlLimits limits = {});

  const YAML::Node& root() const { return root_; }
  const SourceFile& source() const { return source_; }

  /// A diagnostic at a node (or mark), with the line's text for the excerpt.
  Diagnostic at(const YAML::Node& node, std::string message,
                Diagnostic::Severity severity = Diagnostic::Severity::error) const;
  Diagnostic at(const YAML::Mark& mark, std::string message,
                Diagnostic::Severity severity = Diagnostic::Severity::error) const;

 private:
  YamlFile(SourceFile source, const YAML::Node& root) : source_(std::move(source)), root_(root) {}
  /// `words` null: the shipped English words, read only when a problem is to be said.
  static YamlFile parse_in(SourceFile file, const YamlWords* words, YamlLimits limits);
  SourceFile source_;
  YAML::Node root_;
};

/// At most this many problems of one file are listed: a real file never has that many, and
/// listing every one of a hostile file's thousands (each with its line) would take long.
inline constexpr std::size_t kMaxDiagnostics = 100;

/// Reads typed values from a YamlFile, collecting every problem instead of stopping at the first.
/// Its messages are a catalogue's (YamlWords); `what` and `where` arguments name a value as the
/// file writes it (a key), or are the caller's words in the same language.
class YamlReader {
 public:
  /// A reader speaking `words` (a player's order file: the catalogue of `--templates`).
  YamlReader(const YamlFile& file, const YamlWords& words) : file_(file), words_(&words) {}
  /// A reader in the shipped English words: for the files the program and the game master write.
  explicit YamlReader(const YamlFile& file);

  void error(const YAML::Node& at, std::string message);
  void warning(const YAML::Node& at, std::string message);
  /// A problem at a position; past kMaxDiagnostics problems are counted, not kept.
  void report(const YAML::Mark& at, std::string message, Diagnostic::Severity severity);
  bool expect_map(const YAML::Node& node, std::string_view what);
  /// A map whose keys are all in `allowed` (the others reported as check_keys does, `what`
  /// naming it in both); false, and nothing checked, when it is no map.
  bool expect_map(const YAML::Node& node, std::string_view what,
                  std::span<const std::string_view> allowed);
  bool expect_sequence(const YAML::Node& node, std::string_view what);
  /// A scalar as text; null, maps and sequences are errors.
  std::optional<std::string> text(const YAML::Node& node, std::string_view what);
  std::optional<std::int64_t> integer(const YAML::Node& node, std::string_view what,
                                      std::int64_t min, std::int64_t max);
  std::optional<bool> boolean(const YAML::Node& node, std::string_view what);
  /// Reports keys not in `allowed`, suggesting the nearest allowed one.
  void check_keys(const YAML::Node& map, std::span<const std::string_view> allowed,
                  std::string_view where);
  /// Reports one key that is not allowed, suggesting the nearest allowed one.
  void unknown_key(const YAML::Node& key, std::span<const std::string_view> allowed,
                   std::string_view where);
  /// Reports a value that is not one of `allowed` (`what` names it), suggesting the nearest one.
  void unknown_value(const YAML::Node& node, std::string_view what,
                     std::span<const std::string_view> allowed);
  /// The value of a required key, or an error at the map naming the missing key.
  std::optional<YAML::Node> require(const YAML::Node& map, std::string_view key,
                                    std::string_view hint);

  bool ok() const;
  std::vector<Diagnostic>& diagnostics() { return diagnostics_; }
  /// How many problems were found, those past the limit included.
  std::size_t problem_count() const { return diagnostics_.size() + dropped_; }
  /// How many errors were found, those past the limit included.
  std::size_t error_count() const;
  /// The problems kept, then a line saying how many more there are, if any.
  std::vector<Diagnostic> listed() const;
  /// Throws InputError when any error was collected.
  void throw_if_errors() const;

  const YamlFile& file() const { return file_; }
  const YamlWords& words() const;

 private:
  /// Whether a problem must be dropped (and is counted) rather than kept.
  bool full(Diagnostic::Severity severity);

  const YamlFile& file_;
  const YamlWords* words_;  ///< null: the shipped English words
  std::vector<Diagnostic> diagnostics_;
  std::size_t dropped_ = 0;
  std::size_t dropped_errors_ = 0;
};

/// The scalar's text as written (tag-free), e.g. for messages; empty for anything else, the node
/// of a key a map lacks among them.
std::string scalar_text(const YAML::Node& node);

}  // namespace pbem
