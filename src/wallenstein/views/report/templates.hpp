#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "wallenstein/views/report/model.hpp"

namespace wallenstein::report {

/// How a rendered text is escaped: HTML escapes, text and YAML are taken as they are.
enum class Format { text, html, yaml };

/// The report templates of a directory (templates/), with their partials.
class Templates {
 public:
  /// Reads every `*.mustache` under templates/{shared,text,html,yaml}/; a file whose name starts
  /// with `_` is a partial of its format (those in templates/shared of every format).
  static Templates load(const std::filesystem::path& dir);

  /// Renders `name` (e.g. "report") of a format; a broken template is an InputError naming it.
  std::string render(Format format, const std::string& name, const Data& data) const;

 private:
  std::filesystem::path dir_;
  std::map<std::string, std::string> files_;  ///< "text/report" -> text
};

}  // namespace wallenstein::report
