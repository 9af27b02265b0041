#include "pbem/files/yaml_file.hpp"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "pbem/files/printable.hpp"
#include "pbem/files/wording.hpp"
#include "pbem/text/text.hpp"

namespace pbem {
namespace {

/// Line and column (1-based) of a byte offset.
std::pair<int, int> position_of(std::string_view text, std::size_t offset) {
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return {line, static_cast<int>(offset - line_start) + 1};
}

/// Whether the scalar at `mark` opens with a quote that is never closed.
bool quote_never_closed(std::string_view text, const YAML::Mark& mark) {
  const auto at = static_cast<std::size_t>(mark.pos);
  if (mark.pos < 0 || at >= text.size() || (text[at] != '\'' && text[at] != '"')) return false;
  const char quote = text[at];
  for (std::size_t i = at + 1; i < text.size(); ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;  // an escaped character, a quote among them
    } else if (text[i] == quote) {
      if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
        ++i;  // '' is a quote inside a single-quoted text
      } else {
        return false;
      }
    }
  }
  return true;
}

struct Rejected {
  YAML::Mark mark;
  std::string message;
};

/// Walks the parser's events before the tree is built: refuses aliases, deep nesting, huge
/// documents and duplicate keys, each at its position.
class Screen final : public YAML::EventHandler {
 public:
  Screen(YamlLimits limits, const YamlWords& words, std::string_view text)
      : limits_(limits), words_(words), text_(text) {}

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { node(mark, true, "~"); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    throw Rejected{mark, words_.say("alias")};
  }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string& value) override {
    unclosed_quote(mark);
    node(mark, true, value);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    open(mark, false);
  }
  void OnSequenceEnd() override { frames_.pop_back(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    open(mark, true);
  }
  void OnMapEnd() override { frames_.pop_back(); }

 private:
  struct Frame {
    bool is_map = false;
    bool want_key = true;
    std::set<std::string> keys;
  };

  /// A list or map begins: one node more, one level deeper.
  void open(const YAML::Mark& mark, bool is_map) {
    if (static_cast<int>(frames_.size()) >= limits_.max_depth) {
      throw Rejected{mark, words_.say("too_deep", number_data("limit", limits_.max_depth))};
    }
    node(mark, false, {});
    frames_.push_back(Frame{is_map, true, {}});
  }

  void node(const YAML::Mark& mark, bool scalar, const std::string& value) {
    if (++nodes_ > limits_.max_nodes) {
      throw Rejected{mark, words_.say("too_large", number_data("limit", limits_.max_nodes))};
    }
    if (frames_.empty() || !frames_.back().is_map) return;
    Frame& frame = frames_.back();
    if (!frame.want_key) {
      frame.want_key = true;  // This node is the value; the next one is a key again.
      return;
    }
    // yaml-cpp also reports an unclosed flow as a complex key; the parse error that follows
    // says more, so this one waits until the document has parsed.
    if (!scalar && !pending_) pending_ = Rejected{mark, words_.say("key_not_plain")};
    if (!frame.keys.insert(value).second) {
      throw Rejected{mark, words_.say("duplicate_key", Data("key", value))};
    }
    frame.want_key = false;
  }

  /// yaml-cpp takes a quote that is never closed to run to the end of the file, swallowing every
  /// line after it into one text: refused at the quote instead.
  void unclosed_quote(const YAML::Mark& mark) const {
    if (quote_never_closed(text_, mark)) {
      const std::string quote(1, text_[static_cast<std::size_t>(mark.pos)]);
      throw Rejected{mark, words_.say("quote_never_closed", Data("quote", quote))};
    }
  }

  YamlLimits limits_;
  const YamlWords& words_;
  std::string_view text_;
  std::vector<Frame> frames_;
  int nodes_ = 0;

 public:
  std::optional<Rejected> pending_;
};

/// Walks a tree yaml-cpp built, looking for anything Screen refuses (too deep, too large, a
/// duplicate key, a quote never closed, a key that is no plain text, a null key), and noting
/// where each node starts.
class TreeScreen {
 public:
  TreeScreen(std::string_view text, const YamlLimits& limits) : text_(text), limits_(limits) {}

  /// Whether the tree holds nothing Screen refuses: then the file need not be parsed a second
  /// time for Screen. Any doubt answers false, and the screened parse finds and words the problem.
  bool passes(const YAML::Node& root) {
    if (!walk(root, 0)) return false;
    // An alias is the node it names, met a second time: a node starting where another of its kind
    // starts. (A map starts where its first key does, but that is a scalar.)
    std::sort(starts_.begin(), starts_.end());
    return std::adjacent_find(starts_.begin(), starts_.end()) == starts_.end();
  }

 private:
  bool walk(const YAML::Node& node, int level) {
    if (static_cast<int>(starts_.size()) >= limits_.max_nodes) return false;
    starts_.emplace_back(node.Mark().pos, static_cast<int>(node.Type()));
    switch (node.Type()) {
      case YAML::NodeType::Scalar:
        return !quote_never_closed(text_, node.Mark());
      case YAML::NodeType::Sequence:
        if (level >= limits_.max_depth) return false;
        for (const YAML::Node& item : node) {
          if (!walk(item, level + 1)) return false;
        }
        return true;
      case YAML::NodeType::Map: {
        if (level >= limits_.max_depth) return false;
        std::vector<std::string_view> keys;
        keys.reserve(node.size());
        for (const auto& pair : node) {
          if (!pair.first.IsScalar() || !walk(pair.first, level + 1) ||
              !walk(pair.second, level + 1))
            return false;
          keys.emplace_back(pair.first.Scalar());
        }
        std::sort(keys.begin(), keys.end());
        return std::adjacent_find(keys.begin(), keys.end()) == keys.end();
      }
      default:
        return true;
    }
  }

  std::string_view text_;
  const YamlLimits& limits_;
  std::vector<std::pair<int, int>> starts_;  ///< (byte offset, node type) of each node met
};

/// Whether the document yaml-cpp read first is surely the whole file: a block map whose first key
/// stands at column 0, in a text with no line that starts with `---`, `...` or `%`. yaml-cpp ends
/// a block collection only at a line indented less than it, at a document marker or directive (a
/// line starting so), or where the file ends; a map at column 0 has no lesser indent. Anything
/// else (a list, a flow or an indented map at the top, an anchor or tag before it) may be followed
/// by more documents: on some of those, a stray `,` or `]` after an indented map, yaml-cpp's
/// LoadAll starts an empty document again and again without end, so it is not called.
bool surely_one_document(std::string_view text, const YAML::Node& root) {
  const YAML::Mark mark = root.Mark();
  if (!root.IsMap() || mark.column != 0 || mark.pos < 0 ||
      static_cast<std::size_t>(mark.pos) >= text.size() ||
      std::string_view("{&!").find(text[static_cast<std::size_t>(mark.pos)]) !=
          std::string_view::npos)
    return false;
  for (std::size_t start = 0; start < text.size();) {
    const std::string_view line = text.substr(start);
    if (line.starts_with("---") || line.starts_with("...") || line.starts_with('%')) return false;
    const std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return true;
}

/// The file's one document, parsed once, when nothing in it needs Screen's words; nullopt when
/// it may. A text longer than twice the node limit may hold more nodes than the limit (a node can
/// take one byte, `[,,,]`): its events are screened first, so that a hostile file is refused at
/// the limit instead of built whole.
std::optional<YAML::Node> parse_plain(const std::string& text, const YamlLimits& limits) {
  if (text.size() / 2 > static_cast<std::size_t>(std::max(limits.max_nodes, 0)))
    return std::nullopt;
  YAML::Node root;
  try {
    root = YAML::Load(text);  // the first document only
  } catch (const YAML::Exception&) {
    return std::nullopt;
  }
  if (!surely_one_document(text, root)) return std::nullopt;
  if (!TreeScreen(text, limits).passes(root)) return std::nullopt;
  return root;
}

/// The byte offset of the first `{` or `[` that is never closed, skipping quoted text and
/// comments: yaml-cpp reports an unclosed flow collection where the file ends, far from it.
std::optional<std::size_t> unclosed_flow(std::string_view text) {
  std::vector<std::size_t> open;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == '\\' && quote == '"')
        ++i;
      else if (c == quote || (c == '\n' && open.empty()))
        quote = 0;
      continue;
    }
    if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n')) {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if ((c == '"' || c == '\'') &&
               (i == 0 ||
                std::string_view(" \t\n[{,:").find(text[i - 1]) != std::string_view::npos)) {
      quote = c;
    } else if (c == '{' || c == '[') {
      open.push_back(i);
    } else if ((c == '}' || c == ']') && !open.empty()) {
      open.pop_back();
    }
  }
  if (open.empty()) return std::nullopt;
  return open.front();
}

/// `byte_column` counts bytes (as yaml-cpp does); diagnostics count characters, as editors do.
Diagnostic make(const SourceFile& file, int line, int byte_column, std::string message,
                Diagnostic::Severity severity = Diagnostic::Severity::error) {
  Diagnostic d{file.path, line, byte_column, std::move(message), severity, {}};
  if (line > 0) {
    std::size_t start = 0;
    for (int l = 1; l < line && start != std::string::npos; ++l) {
      start = file.text.find('\n', start);
      if (start != std::string::npos) ++start;
    }
    if (start != std::string::npos && start <= file.text.size()) {
      const std::size_t end = file.text.find('\n', start);
      d.source_line =
          file.text.substr(start, end == std::string::npos ? std::string::npos : end - start);
      if (!d.source_line.empty() && d.source_line.back() == '\r') d.source_line.pop_back();
      int characters = 0;
      for (int i = 0; i < byte_column - 1 && static_cast<std::size_t>(i) < d.source_line.size();
           ++i) {
        if ((static_cast<unsigned char>(d.source_line[static_cast<std::size_t>(i)]) & 0xC0) != 0x80)
          ++characters;
      }
      if (byte_column > 0) d.column = characters + 1;
    }
  }
  return d;
}

}  // namespace

YamlFile YamlFile::parse(SourceFile file, YamlLimits limits) {
  return parse_in(std::move(file), nullptr, limits);
}

YamlFile YamlFile::parse(SourceFile file, const YamlWords& words, YamlLimits limits) {
  return parse_in(std::move(file), &words, limits);
}

YamlFile YamlFile::parse_in(SourceFile file, const YamlWords* words_or_english, YamlLimits limits) {
  // The English words are read only when something is to be said: a good file never needs them.
  const auto words_now = [words_or_english]() -> const YamlWords& {
    return words_or_english != nullptr ? *words_or_english : YamlWords::english();
  };
  drop_byte_order_marks(file.text);
  if (auto bad = first_invalid_utf8(file.text)) {
    const auto [line, column] = position_of(file.text, *bad);
    throw InputError({make(file, line, column, words_now().say("invalid_utf8"))});
  }
  if (file.text.find('\0') != std::string::npos) {
    const auto [line, column] = position_of(file.text, file.text.find('\0'));
    throw InputError({make(file, line, column, words_now().say("nul_byte"))});
  }
  if (auto root = parse_plain(file.text, limits)) return YamlFile(std::move(file), *root);
  const YamlWords& words = words_now();
  try {
    std::istringstream stream(file.text);
    YAML::Parser parser(stream);
    Screen screen(limits, words, file.text);
    parser.HandleNextDocument(screen);
    if (screen.pending_) throw *screen.pending_;
    if (parser.HandleNextDocument(screen)) {
      throw InputError({make(file, 0, 0, words.say("several_documents"))});
    }
  } catch (const Rejected& r) {
    throw InputError({make(file, r.mark.line + 1, r.mark.column + 1, r.message)});
  } catch (const YAML::Exception& e) {
    if (e.msg.find("flow not found") != std::string::npos) {
      if (const auto at = unclosed_flow(file.text)) {
        const auto [line, column] = position_of(file.text, *at);
        const bool map = file.text[*at] == '{';
        Data data("map", map);
        data.set("bracket", std::string(map ? "{" : "["));
        data.set("closing", std::string(map ? "}" : "]"));
        throw InputError({make(file, line, column, words.say("never_closed", data))});
      }
    }
    throw InputError({make(file, e.mark.line + 1, e.mark.column + 1,
                           words.say("not_valid_yaml", Data("detail", e.msg)))});
  }
  YAML::Node root;
  try {
    root = YAML::Load(file.text);
  } catch (const YAML::Exception& e) {
    throw InputError({make(file, e.mark.line + 1, e.mark.column + 1,
                           words.say("not_valid_yaml", Data("detail", e.msg)))});
  }
  return YamlFile(std::move(file), root);
}

Diagnostic YamlFile::at(const YAML::Mark& mark, std::string message,
                        Diagnostic::Severity severity) const {
  if (mark.is_null()) return make(source_, 0, 0, std::move(message), severity);
  return make(source_, mark.line + 1, mark.column + 1, std::move(message), severity);
}

Diagnostic YamlFile::at(const YAML::Node& node, std::string message,
                        Diagnostic::Severity severity) const {
  if (!node.IsDefined()) return at(YAML::Mark::null_mark(), std::move(message), severity);
  YAML::Mark mark = node.Mark();
  const std::string_view text = source_.text;
  const auto pos = static_cast<std::size_t>(std::max(mark.pos, 0));
  if (node.IsNull() && mark.line > 0 && pos <= text.size()) {
    const std::size_t newline = pos == 0 ? std::string_view::npos : text.rfind('\n', pos - 1);
    const std::size_t line_start = newline == std::string_view::npos ? 0 : newline + 1;
    const bool first_on_its_line =
        text.substr(line_start, pos - line_start).find_first_not_of(" \t") ==
        std::string_view::npos;
    const bool written =
        pos < text.size() && (text[pos] == '~' || text.substr(pos, 4) == "null" ||
                              text.substr(pos, 4) == "Null" || text.substr(pos, 4) == "NULL");
    if (first_on_its_line && !written) {
      // A value left blank (`bid:` at the end of its line): yaml-cpp marks it where the next
      // line's text starts; it is said after the key instead, on the key's line.
      std::size_t end = pos;
      while (end > 0 && std::string_view(" \t\r\n").find(text[end - 1]) != std::string_view::npos)
        --end;
      const auto [line, column] = position_of(text, end);
      mark.line = line - 1;
      mark.column = column - 1;
    }
  }
  return at(mark, std::move(message), severity);
}

std::string scalar_text(const YAML::Node& node) {
  return node.IsDefined() && node.IsScalar() ? node.Scalar() : std::string();
}

}  // namespace pbem
