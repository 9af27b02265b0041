#include "pbem/files/language.hpp"

#include <algorithm>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/language_words_english.hpp"

namespace pbem {
namespace {

constexpr std::array<std::string_view, 6> kOwnKeys = {"language", "zero_is_singular", "dates",
                                                      "season",   "seasons",          "percent"};
constexpr std::array<std::string_view, 9> kDateKeys = {
    "weekdays", "months", "first_day", "instant", "day", "hour", "minute", "units", "no_time"};
// "end": the folder of a finished game's last state (1619-end).
constexpr std::array<std::string_view, 6> kSeasonKeys = {"draft",  "spring", "summer",
                                                         "autumn", "winter", "end"};
constexpr std::array<std::string_view, 3> kPercentKeys = {"value", "under", "over"};
constexpr std::array<std::string_view, 2> kUnitKeys = {"one", "many"};

/// Reads one file's keys, each from the file or, when it lacks it, from the underlay.
class Reader {
 public:
  Reader(YamlReader& r, const LanguageWords* underlay) : r_(r), underlay_(underlay) {}

  /// The node at `path` (keys from the root), or none when the file lacks it and the underlay
  /// has it; a missing key without underlay is an error.
  std::optional<YAML::Node> node(std::initializer_list<std::string_view> path) {
    // yaml-cpp: assigning a Node writes into the node it refers to; reset() rebinds it.
    YAML::Node at;
    at.reset(r_.file().root());
    std::string where;
    for (std::string_view key : path) {
      const YAML::Node next =
          at.IsMap() ? static_cast<const YAML::Node&>(at)[std::string(key)] : YAML::Node();
      if (!next.IsDefined()) {
        if (underlay_ == nullptr)
          r_.error(at, (where.empty() ? std::string("words.yaml") : where) + " needs " +
                           std::string(key));
        return std::nullopt;
      }
      where += (where.empty() ? "" : ".") + std::string(key);
      at.reset(next);
    }
    return at;
  }

  /// A text whose `{name}`s are all in `names`.
  void text(std::initializer_list<std::string_view> path, std::string& out,
            std::initializer_list<std::string_view> names = {}) {
    const auto found = node(path);
    if (!found) return;
    std::string what;
    for (std::string_view key : path) what += (what.empty() ? "" : ".") + std::string(key);
    const auto value = r_.text(*found, what);
    if (!value) return;
    out = *value;
    for (auto at = out.find('{'); at != std::string::npos; at = out.find('{', at + 1)) {
      const auto end = out.find('}', at);
      if (end == std::string::npos) break;
      const std::string name = out.substr(at + 1, end - at - 1);
      if (std::find(names.begin(), names.end(), name) != names.end()) continue;
      std::string known;
      for (std::string_view n : names)
        known += (known.empty() ? "" : ", ") + ("{" + std::string(n) + "}");
      r_.error(*found, what + " has no {" + name + "}; " +
                           (known.empty() ? "it takes no value" : "it can use " + known));
    }
  }

  /// A list of exactly `N` texts.
  template <std::size_t N>
  void texts(std::initializer_list<std::string_view> path, std::array<std::string, N>& out) {
    const auto found = node(path);
    if (!found || !r_.expect_sequence(*found, path.end()[-1])) return;
    if (found->size() != N) {
      r_.error(*found, std::string(path.end()[-1]) + " must list " + std::to_string(N) +
                           " words, not " + std::to_string(found->size()));
      return;
    }
    for (std::size_t i = 0; i < N; ++i) out[i] = r_.text((*found)[i], path.end()[-1]).value_or("");
  }

  void keys(std::initializer_list<std::string_view> path,
            std::span<const std::string_view> allowed) {
    YAML::Node at;
    at.reset(r_.file().root());
    for (std::string_view key : path) {
      const YAML::Node next =
          at.IsMap() ? static_cast<const YAML::Node&>(at)[std::string(key)] : YAML::Node();
      // A missing key is node()'s to say; yaml-cpp throws when asked a missing node's type.
      if (!next.IsDefined()) return;
      at.reset(next);
    }
    if (at.IsDefined() && r_.expect_map(at, path.end()[-1]))
      r_.check_keys(at, allowed, path.end()[-1]);
  }

  YamlReader& reader() { return r_; }

 private:
  YamlReader& r_;
  const LanguageWords* underlay_;
};

}  // namespace

bool is_language_code(std::string_view code) {
  return code.size() == 2 &&
         std::all_of(code.begin(), code.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

std::string fill_braces(std::string_view text,
                        std::initializer_list<std::pair<std::string_view, std::string>> values) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto open = text.find('{', at);
    const auto close = open == std::string_view::npos ? open : text.find('}', open);
    if (close == std::string_view::npos) break;
    out += text.substr(at, open - at);
    const std::string_view name = text.substr(open + 1, close - open - 1);
    const auto value =
        std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == name; });
    out += value != values.end() ? std::string_view(value->second)
                                 : text.substr(open, close - open + 1);
    at = close + 1;
  }
  out += text.substr(std::min(at, text.size()));
  return out;
}

const LanguageWords& LanguageWords::english() {
  static const LanguageWords words =
      read(SourceFile{"templates/words.yaml", std::string(kLanguageWordsEnglish)}, "en");
  return words;
}

LanguageWords LanguageWords::load(const std::filesystem::path& file, std::string code,
                                  const LanguageWords* underlay) {
  return read(read_source(file, 1 << 20), std::move(code), underlay);
}

LanguageWords LanguageWords::read(SourceFile source, std::string code,
                                  const LanguageWords* underlay) {
  auto file = std::make_shared<const YamlFile>(YamlFile::parse(std::move(source)));
  YamlReader r(*file);
  if (!r.expect_map(file->root(), "words.yaml")) r.throw_if_errors();
  LanguageWords w = underlay ? *underlay : LanguageWords();
  if (underlay) w.underlay_ = std::make_shared<const LanguageWords>(*underlay);
  w.code_ = std::move(code);
  w.file_ = file;
  Reader in(r, underlay);

  in.text({"language"}, w.name_);
  if (const auto z = in.node({"zero_is_singular"}))
    w.zero_is_singular_ = r.boolean(*z, "zero_is_singular").value_or(false);
  in.keys({"dates"}, kDateKeys);
  in.texts({"dates", "weekdays"}, w.weekdays_);
  in.texts({"dates", "months"}, w.months_);
  in.text({"dates", "first_day"}, w.first_day_);
  in.text({"dates", "instant"}, w.instant_,
          {"weekday", "day", "month", "year", "hour", "minute", "zone"});
  for (auto [key, unit] : {std::pair<std::string_view, Unit*>{"day", &w.day_},
                           {"hour", &w.hour_},
                           {"minute", &w.minute_}}) {
    in.keys({"dates", key}, kUnitKeys);
    in.text({"dates", key, "one"}, unit->one, {"n"});
    in.text({"dates", key, "many"}, unit->many, {"n"});
  }
  in.text({"dates", "units"}, w.units_, {"first", "second"});
  in.text({"dates", "no_time"}, w.no_time_);
  in.text({"season"}, w.season_, {"year", "season"});
  in.keys({"seasons"}, kSeasonKeys);
  for (std::string_view key : kSeasonKeys) in.text({"seasons", key}, w.seasons_[std::string(key)]);
  in.keys({"percent"}, kPercentKeys);
  in.text({"percent", "value"}, w.percent_value_, {"n"});
  in.text({"percent", "under"}, w.percent_under_);
  in.text({"percent", "over"}, w.percent_over_);
  r.throw_if_errors();
  return w;
}

std::string LanguageWords::instant(unsigned weekday, unsigned day, unsigned month, int year,
                                   int hour, int minute, std::string_view zone) const {
  const auto two = [](int n) { return (n < 10 ? "0" : "") + std::to_string(n); };
  return fill_braces(instant_, {{"weekday", weekdays_.at(weekday % 7)},
                                {"day", day == 1 ? first_day_ : std::to_string(day)},
                                {"month", months_.at((month + 11) % 12)},
                                {"year", std::to_string(year)},
                                {"hour", two(hour)},
                                {"minute", two(minute)},
                                {"zone", std::string(zone)}});
}

std::string LanguageWords::count(const Unit& unit, long n) const {
  const bool one = n == 1 || (n == 0 && zero_is_singular_);
  return fill_braces(one ? unit.one : unit.many, {{"n", std::to_string(n)}});
}

std::string LanguageWords::duration(std::chrono::minutes length) const {
  const long total = length.count();
  if (total <= 0) return no_time_;
  const long days = total / (24L * 60);
  const long hours = total % (24L * 60) / 60;
  const long minutes = total % 60;
  const auto both = [&](const std::string& first, const std::string& second) {
    return fill_braces(units_, {{"first", first}, {"second", second}});
  };
  if (days > 0) return hours > 0 ? both(count(day_, days), count(hour_, hours)) : count(day_, days);
  if (hours > 0)
    return minutes > 0 ? both(count(hour_, hours), count(minute_, minutes)) : count(hour_, hours);
  return count(minute_, minutes);
}

std::string LanguageWords::season(std::string_view id) const {
  const auto dash = id.find('-');
  if (dash == std::string_view::npos || dash == 0) return std::string(id);
  const std::string_view year = id.substr(0, dash);
  if (!std::all_of(year.begin(), year.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::string(id);
  const auto word = seasons_.find(id.substr(dash + 1));
  if (word == seasons_.end()) return std::string(id);
  return fill_braces(season_, {{"year", std::string(year)}, {"season", word->second}});
}

std::string LanguageWords::percent(int whole) const {
  return fill_braces(percent_value_, {{"n", std::to_string(whole)}});
}

YAML::Node LanguageWords::section(std::string_view key) const {
  if (file_) {
    const YAML::Node found = file_->root()[std::string(key)];
    if (found.IsDefined()) return found;
  }
  return underlay_ ? underlay_->section(key) : YAML::Node();
}

const YamlFile* LanguageWords::file_of(std::string_view key) const {
  if (file_ && file_->root()[std::string(key)].IsDefined()) return file_.get();
  return underlay_ ? underlay_->file_of(key) : nullptr;
}

std::vector<std::string> LanguageWords::game_sections() const {
  std::vector<std::string> out;
  if (!file_ || !file_->root().IsMap()) return out;
  for (const auto& entry : file_->root()) {
    const std::string key = entry.first.Scalar();
    if (std::find(kOwnKeys.begin(), kOwnKeys.end(), key) == kOwnKeys.end()) out.push_back(key);
  }
  return out;
}

}  // namespace pbem
