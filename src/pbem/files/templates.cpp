#include "pbem/files/templates.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/text/text.hpp"

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

namespace {

/// The codes of the language subdirectories of `dir`: those named by a code and holding a
/// words.yaml (any other folder a game master keeps there is no language).
void find_languages(const fs::path& dir, std::vector<std::string>& codes) {
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string code = entry.path().filename().string();
    if (!entry.is_directory(ec) || !is_language_code(code) || code == "en" ||
        !fs::is_regular_file(entry.path() / "words.yaml", ec))
      continue;
    if (std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
  }
}

/// A language's words: `file`'s over `underlay_file`'s over `base` (each when it exists).
LanguageWords language_words(const fs::path& file, const fs::path& underlay_file,
                             const std::string& code, const LanguageWords* base) {
  std::error_code ec;
  std::optional<LanguageWords> below;
  if (!underlay_file.empty() && fs::is_regular_file(underlay_file, ec) &&
      !fs::equivalent(file, underlay_file, ec))
    below = LanguageWords::load(underlay_file, code, base);
  const LanguageWords* under = below ? &*below : base;
  if (fs::is_regular_file(file, ec)) return LanguageWords::load(file, code, under);
  if (below) return *below;
  if (base == nullptr)
    throw InputError(file.string(), "the words of language " + code + " are missing");
  LanguageWords words = *base;
  return words;
}

}  // namespace

Templates Templates::load(const fs::path& dir, const fs::path& underlay) {
  if (!fs::is_directory(dir))
    throw InputError(dir.string(), "templates directory not found; pass --templates DIR");
  std::error_code ec;
  const bool layered =
      !underlay.empty() && fs::is_directory(underlay, ec) && !fs::equivalent(dir, underlay, ec);
  const fs::path below = layered ? underlay : fs::path();
  auto shared = std::make_shared<Shared>();

  Language& english = shared->english;
  english = Language{"en", dir, below, {}, LanguageWords::english()};
  if (layered) read_templates(underlay, english.files);
  read_templates(dir, english.files);
  english.words = language_words(dir / "words.yaml", layered ? underlay / "words.yaml" : fs::path(),
                                 "en", &LanguageWords::english());

  std::vector<std::string> codes;
  find_languages(dir, codes);
  find_languages(below, codes);
  for (const std::string& code : codes) {
    auto slot = std::make_unique<Slot>();
    slot->code = code;
    slot->dir = dir / code;
    slot->underlay_dir = layered ? underlay / code : fs::path();
    shared->others.emplace(code, std::move(slot));
  }
  Templates t;
  t.current_ = &shared->english;
  t.shared_ = std::move(shared);
  return t;
}

Templates Templates::in(std::string_view code) const {
  Templates t = *this;
  if (code == "en") {
    t.current_ = &shared_->english;
    return t;
  }
  const auto found = shared_->others.find(code);
  if (found == shared_->others.end()) {
    std::string known;
    for (const std::string& c : languages()) known += (known.empty() ? "" : ", ") + c;
    throw InputError(current_->dir.string(),
                     "no templates in language \"" + std::string(code) + "\"; there are: " + known);
  }
  Slot& slot = *found->second;
  // A language that fails to read (a broken words.yaml) throws here, and again on the next ask.
  std::call_once(slot.once, [&] {
    const Language& english = shared_->english;
    Language lang{slot.code, slot.dir, slot.underlay_dir, english.files, {}};
    if (!slot.underlay_dir.empty()) read_templates(slot.underlay_dir, lang.files);
    read_templates(slot.dir, lang.files);
    lang.words =
        language_words(slot.dir / "words.yaml",
                       slot.underlay_dir.empty() ? fs::path() : slot.underlay_dir / "words.yaml",
                       slot.code, nullptr);
    slot.loaded = std::move(lang);
  });
  t.current_ = &*slot.loaded;
  return t;
}

const std::string& Templates::language() const { return current_->code; }

std::vector<std::string> Templates::languages() const {
  std::vector<std::string> out;
  for (const auto& [code, slot] : shared_->others) out.push_back(code);
  out.insert(std::lower_bound(out.begin(), out.end(), std::string("en")), "en");
  return out;
}

const LanguageWords& Templates::words() const { return current_->words; }

fs::path Templates::language_dir() const { return current_->dir; }

fs::path Templates::underlay_language_dir() const { return current_->underlay_dir; }

namespace {

/// A partial's text, and whether it parses on its own.
using PartialText = std::pair<const std::string*, bool>;

/// The partials a template of `format` sees, by name: those of shared/ and of its format folder,
/// where both have one the later in the order of `files` (as a render has always taken them),
/// each with whether it parses on its own.
std::map<std::string, PartialText> partials_of(const std::map<std::string, std::string>& files,
                                               Format format) {
  std::map<std::string, PartialText> out;
  for (const auto& [file, text] : files) {
    const auto slash = file.find('/');
    const std::string_view sub = std::string_view(file).substr(0, slash);
    const std::string partial = file.substr(slash + 1);
    if (partial.empty() || partial[0] != '_' || (sub != "shared" && sub != folder(format)))
      continue;
    out[partial].first = &text;
  }
  for (auto& [name, partial] : out)
    partial.second = kainjow::mustache::mustache(*partial.first).is_valid();
  return out;
}

/// A template with each partial tag (`{{> name}}`) replaced by the partial's text, at every depth.
/// kainjow-mustache renders a partial by parsing its text on its own each time the tag is met (in
/// a loop, once per item) and rendering it into the same line, context and escape: the text
/// written in place renders the same, parsed once, unless the pieces run into each other. So a
/// partial stays a tag (rendered as before) where it does not parse on its own, where it is inside
/// itself, or where its edges would join the text around it into something else: `{` and `{`
/// (a tag's start), `\r` and `\n` (one line break). A template that sets other delimiters, or
/// whose partials do, and one that would grow past kMaxWritten, is not written at all.
class PartialsWrittenIn {
 public:
  static constexpr std::size_t kMaxWritten = std::size_t{256} * 1024;

  explicit PartialsWrittenIn(const std::map<std::string, PartialText>& partials)
      : partials_(partials) {}

  /// The template's text with its partials written in, or nullopt where it must be parsed as it
  /// stands.
  std::optional<std::string> operator()(const std::string& text) {
    out_.clear();
    within_.clear();  // a write given up leaves the partials it was inside
    if (!write(text, '\0')) return std::nullopt;
    return std::move(out_);
  }

 private:
  /// Appends `text`, followed in the whole by the character `after_text`; false where nothing may
  /// be written in.
  bool write(const std::string& text, char after_text) {
    std::size_t at = 0;
    while (true) {
      const std::size_t open = text.find("{{", at);
      if (open == std::string::npos) break;
      const bool triple = text.compare(open, 3, "{{{") == 0;
      const std::size_t close = text.find(triple ? "}}}" : "}}", open + (triple ? 3 : 2));
      if (close == std::string::npos) break;  // the parse says where
      const std::size_t end = close + (triple ? 3 : 2);
      const std::string_view tag =
          trimmed(std::string_view(text).substr(open + 2, close - open - 2));
      if (!triple && tag.starts_with('=')) return false;
      out_.append(text, at, open - at);
      at = end;
      if (!triple && tag.starts_with('>')) {
        const std::string name(trimmed(tag.substr(1)));
        const auto found = partials_.find(name);
        const char before = out_.empty() ? '\0' : out_.back();
        const char after = end < text.size() ? text[end] : after_text;
        if (found != partials_.end() && found->second.second &&
            std::find(within_.begin(), within_.end(), name) == within_.end() &&
            fits(before, *found->second.first, after)) {
          within_.push_back(name);
          if (!write(*found->second.first, after)) return false;
          within_.pop_back();
          continue;
        }
      }
      out_.append(text, open, end - open);
      if (out_.size() > kMaxWritten) return false;
    }
    out_.append(text, at);
    return out_.size() <= kMaxWritten;
  }

  /// Whether `partial` between `before` and `after` parses as the three pieces do apart.
  static bool fits(char before, const std::string& partial, char after) {
    const char first = partial.empty() ? after : partial.front();
    const char last = partial.empty() ? before : partial.back();
    return !(before == '{' && first == '{') && !(last == '{' && after == '{') &&
           !(before == '\r' && first == '\n') && !(last == '\r' && after == '\n');
  }

  const std::map<std::string, PartialText>& partials_;
  std::vector<std::string> within_;
  std::string out_;
};

}  // namespace

std::pair<std::unique_ptr<kainjow::mustache::mustache>, const Data*> Templates::take(
    Format format, const std::string& key) const {
  using kainjow::mustache::mustache;
  Parsed& parsed = *current_->parsed;
  const std::lock_guard<std::mutex> hold(parsed.lock);
  const std::string sub = folder(format);
  auto partials = parsed.partials.find(sub);
  if (partials == parsed.partials.end()) {
    Parsed::Partials found{Data{Data::type::object}, partials_of(current_->files, format)};
    for (const auto& [name, partial] : found.texts) {
      std::string body = *partial.first;
      found.data[name] = kainjow::mustache::partial([body] { return body; });
    }
    partials = parsed.partials.emplace(sub, std::move(found)).first;
  }
  const auto parse = [format](const std::string& text) {
    auto tmpl = std::make_unique<mustache>(text);
    if (format != Format::html) tmpl->set_custom_escape([](const std::string& s) { return s; });
    return tmpl;
  };
  auto found = parsed.templates.find(key);
  if (found == parsed.templates.end()) {
    const std::string& text = current_->files.at(key);
    Parsed::Entry entry;
    if (auto written = PartialsWrittenIn(partials->second.texts)(text)) {
      entry.text = std::move(*written);
      entry.idle.push_back(parse(entry.text));
    }
    // A template that is broken, or was not written with its partials in, is parsed as it
    // stands: its error is said as before, of its own text.
    if (entry.idle.empty() || !entry.idle.back()->is_valid()) {
      entry.text = text;
      entry.idle.clear();
      entry.idle.push_back(parse(text));
    }
    found = parsed.templates.emplace(key, std::move(entry)).first;
  }
  Parsed::Entry& entry = found->second;
  const Data* data = &partials->second.data;
  if (entry.idle.empty()) return {parse(entry.text), data};
  std::unique_ptr<mustache> tmpl = std::move(entry.idle.back());
  entry.idle.pop_back();
  return {std::move(tmpl), data};
}

void Templates::give_back(const std::string& key,
                          std::unique_ptr<kainjow::mustache::mustache> tmpl) const {
  Parsed& parsed = *current_->parsed;
  const std::lock_guard<std::mutex> hold(parsed.lock);
  parsed.templates.at(key).idle.push_back(std::move(tmpl));
}

std::string Templates::render(Format format, const std::string& name, const Data& data) const {
  const std::string key = std::string(folder(format)) + "/" + name;
  const fs::path& dir = current_->dir;
  if (!current_->files.contains(key))
    throw InputError((dir / (key + ".mustache")).string(), "template not found");
  auto [tmpl, partials] = take(format, key);
  if (!tmpl->is_valid())
    throw InputError((dir / (key + ".mustache")).string(),
                     "broken template: " + tmpl->error_message());
  Data season{Data::type::object};
  const LanguageWords* words = &current_->words;
  season["season_name"] = kainjow::mustache::lambda2(
      [words](const std::string& text, const kainjow::mustache::renderer& render) {
        return words->season(render(text));
      });
  // Looked up first in `data`, then the season's words, then the partials.
  kainjow::mustache::context<std::string> context(partials);
  context.push(&season);
  context.push(&data);
  std::ostringstream stream;
  tmpl->render(context, stream);
  // A render that failed leaves its error in the template: that copy is not rendered again.
  if (!tmpl->is_valid())
    throw InputError((dir / (key + ".mustache")).string(),
                     "broken template: " + tmpl->error_message());
  give_back(key, std::move(tmpl));
  std::string out = stream.str();
  if (format != Format::html) out = tidy(out);
  return out + "\n";
}

}  // namespace pbem
