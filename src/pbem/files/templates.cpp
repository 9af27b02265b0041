#include "pbem/files/templates.hpp"

#include <cstdlib>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"

namespace pbem {
namespace fs = std::filesystem;
namespace {

const char* folder(Format format) {
  switch (format) {
    case Format::text:
      return "text";
    case Format::html:
      return "html";
    case Format::yaml:
      return "yaml";
  }
  return "text";
}

/// At most one blank line in a row, and none at the end: sections that render nothing leave
/// their line breaks behind (kainjow-mustache 4.1 keeps the newline of a standalone closing tag).
std::string tidy(const std::string& text) {
  std::string out;
  int newlines = 0;
  for (char c : text) {
    if (c == '\n') {
      if (++newlines > 2) continue;
    } else {
      newlines = 0;
    }
    out += c;
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  // No text opens with a blank line: a section left out at the top leaves none.
  out.erase(0, out.find_first_not_of('\n') == std::string::npos ? out.size()
                                                                : out.find_first_not_of('\n'));
  return out;
}

}  // namespace

namespace {

/// Every `*.mustache` of `dir`'s format folders into `files` ("text/report" -> text), replacing
/// what is there under the same name.
void read_templates(const fs::path& dir, std::map<std::string, std::string>& files) {
  for (const char* sub : {"shared", "text", "html", "yaml"}) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir / sub, ec)) {
      if (entry.path().extension() != ".mustache") continue;
      std::string text = read_source(entry.path(), 1 << 20).text;
      // One final newline belongs to the file, not to the text (partials sit inside lines).
      if (!text.empty() && text.back() == '\n') text.pop_back();
      files[std::string(sub) + "/" + entry.path().stem().string()] = std::move(text);
    }
  }
}

}  // namespace

void mark_last(kainjow::mustache::list& items) {
  for (std::size_t i = 0; i < items.size(); ++i) items[i]["last"] = i + 1 == items.size();
}

Templates Templates::load(const fs::path& dir, const fs::path& underlay) {
  if (!fs::is_directory(dir))
    throw InputError(dir.string(), "templates directory not found; pass --templates DIR");
  Templates t;
  t.dir_ = dir;
  std::error_code ec;
  if (!underlay.empty() && fs::is_directory(underlay) && !fs::equivalent(dir, underlay, ec))
    read_templates(underlay, t.files_);
  read_templates(dir, t.files_);
  return t;
}

std::string Templates::render(Format format, const std::string& name, const Data& data) const {
  const std::string key = std::string(folder(format)) + "/" + name;
  const auto main = files_.find(key);
  if (main == files_.end())
    throw InputError((dir_ / (key + ".mustache")).string(), "template not found");
  Data context = data;
  for (const auto& [file, text] : files_) {
    const auto slash = file.find('/');
    const std::string sub = file.substr(0, slash);
    const std::string partial = file.substr(slash + 1);
    if (partial.empty() || partial[0] != '_' || (sub != "shared" && sub != folder(format)))
      continue;
    std::string body = text;
    context[partial] = kainjow::mustache::partial([body] { return body; });
  }
  kainjow::mustache::mustache tmpl{main->second};
  if (format != Format::html) tmpl.set_custom_escape([](const std::string& s) { return s; });
  if (!tmpl.is_valid())
    throw InputError((dir_ / (key + ".mustache")).string(),
                     "broken template: " + tmpl.error_message());
  std::string out = tmpl.render(context);
  if (!tmpl.is_valid())
    throw InputError((dir_ / (key + ".mustache")).string(),
                     "broken template: " + tmpl.error_message());
  if (format != Format::html) out = tidy(out);
  return out + "\n";
}

}  // namespace pbem
