// Every language the program ships is whole: each has every English template and message, with
// the same values, and words for every name the data gives in English. A translation that misses
// a file, a message, a value or a name fails here, instead of showing a player English (or
// nothing) in the middle of their own language.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>

#include "pbem/files/language.hpp"
#include "pbem/files/templates.hpp"
#include "pbem/host/schedule.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/files/language_names.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/map/style.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;

fs::path templates_root() { return testing::source_path("templates"); }

/// The languages shipped besides English: the folders of templates/ named by a language code.
std::vector<std::string> shipped_languages() {
  std::vector<std::string> codes;
  for (const auto& entry : fs::directory_iterator(templates_root())) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && pbem::is_language_code(name)) codes.push_back(name);
  }
  std::sort(codes.begin(), codes.end());
  return codes;
}

/// The English files a language must have, relative to templates/ (every template and catalogue
/// under the format folders).
std::set<std::string> english_files() {
  std::set<std::string> files;
  for (const char* folder : {"text", "html", "yaml", "shared"}) {
    for (const auto& entry : fs::directory_iterator(templates_root() / folder))
      files.insert(std::string(folder) + "/" + entry.path().filename().string());
  }
  return files;
}

std::set<std::string> files_of(const std::string& code) {
  std::set<std::string> files;
  for (const char* folder : {"text", "html", "yaml", "shared"}) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(templates_root() / code / folder, ec))
      files.insert(std::string(folder) + "/" + entry.path().filename().string());
  }
  return files;
}

/// The names a mustache text shows, by kind: values ({{x}}, {{{x}}}, {{&x}}), partials
/// ({{> x}}) and the sections that carry data ({{#x}} and {{^x}}, not those that only choose a
/// word: a plural's `_one`, `_zero`, `_many` and the `season_name` wording).
struct Tags {
  std::set<std::string> values;
  std::set<std::string> partials;
  std::set<std::string> sections;
};

bool chooses_a_word(const std::string& name) {
  for (const char* suffix : {"_one", "_zero", "_many"}) {
    const std::string s(suffix);
    if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0)
      return true;
  }
  return name == "season_name";
}

Tags tags_of(const std::string& text) {
  static const std::regex tag(R"(\{\{(\{?)\s*([#^/&>!]?)\s*([A-Za-z0-9_.]+)\s*\}?\}\})");
  Tags tags;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), tag); it != std::sregex_iterator();
       ++it) {
    const std::string kind = (*it)[2];
    const std::string name = (*it)[3];
    if (kind.empty() || kind == "&")
      tags.values.insert(name);
    else if (kind == ">")
      tags.partials.insert(name);
    else if ((kind == "#" || kind == "^") && !chooses_a_word(name))
      tags.sections.insert(name);
  }
  return tags;
}

void expect_same_tags(const std::string& english, const std::string& translated,
                      const std::string& where) {
  const Tags en = tags_of(english);
  const Tags other = tags_of(translated);
  EXPECT_EQ(other.values, en.values) << where << ": the values shown differ from English";
  EXPECT_EQ(other.partials, en.partials) << where << ": the partials differ from English";
  EXPECT_EQ(other.sections, en.sections) << where << ": the sections differ from English";
}

/// Every message of a YAML catalogue, "section.id" -> text.
std::map<std::string, std::string> messages_of(const fs::path& file) {
  std::map<std::string, std::string> out;
  const YAML::Node root = YAML::LoadFile(file.string());
  for (const auto& section : root) {
    if (!section.second.IsMap()) continue;
    for (const auto& message : section.second) {
      if (message.second.IsScalar())
        out[section.first.Scalar() + "." + message.first.Scalar()] = message.second.Scalar();
    }
  }
  return out;
}

std::set<std::string> keys_of(const std::map<std::string, std::string>& messages) {
  std::set<std::string> keys;
  for (const auto& [key, text] : messages) keys.insert(key);
  return keys;
}

/// The ids of a data table in every module: `file` (events.yaml...) under data/wallenstein and
/// each modules/<id>/, the list under `list_key`.
std::set<std::string> data_ids(const std::string& file, const std::string& list_key) {
  std::set<std::string> ids;
  std::vector<fs::path> files{testing::source_data_dir() / file};
  for (const auto& module : fs::directory_iterator(testing::source_data_dir() / "modules"))
    files.push_back(module.path() / file);
  for (const fs::path& path : files) {
    if (!fs::exists(path)) continue;
    const YAML::Node root = YAML::LoadFile(path.string());
    for (const auto& row : root[list_key]) ids.insert(row["id"].Scalar());
  }
  return ids;
}

std::set<std::string> section_keys(const YAML::Node& words, const std::string& section) {
  std::set<std::string> keys;
  for (const auto& entry : words[section]) keys.insert(entry.first.Scalar());
  return keys;
}

TEST(Languages, FrenchGermanAndEnglishAreShipped) {
  EXPECT_EQ(shipped_languages(), (std::vector<std::string>{"de", "fr"}));
  const Templates all = Templates::load(templates_root());
  EXPECT_EQ(all.languages(), (std::vector<std::string>{"de", "en", "fr"}));
  EXPECT_EQ(all.in("fr").words().name(), "Français");
  EXPECT_EQ(all.in("de").words().name(), "Deutsch");
}

TEST(Languages, EveryLanguageHasEveryEnglishTemplateAndCatalogueAndNoOther) {
  for (const std::string& code : shipped_languages())
    EXPECT_EQ(files_of(code), english_files()) << code;
}

TEST(Languages, EveryTemplateShowsTheSameValuesPartialsAndSectionsAsItsEnglish) {
  for (const std::string& code : shipped_languages()) {
    for (const std::string& file : english_files()) {
      if (fs::path(file).extension() != ".mustache") continue;
      const fs::path translated = templates_root() / code / file;
      if (!fs::exists(translated)) continue;  // the test above names it
      expect_same_tags(testing::read_text(templates_root() / file), testing::read_text(translated),
                       code + "/" + file);
    }
  }
}

TEST(Languages, EveryCatalogueHasEveryMessageWithTheSameValuesAsItsEnglish) {
  for (const std::string& code : shipped_languages()) {
    for (const char* catalogue : {"text/problems.yaml", "text/yaml.yaml"}) {
      const auto english = messages_of(templates_root() / catalogue);
      const auto translated = messages_of(templates_root() / code / catalogue);
      EXPECT_EQ(keys_of(translated), keys_of(english)) << code << "/" << catalogue;
      for (const auto& [key, text] : english) {
        const auto found = translated.find(key);
        if (found == translated.end()) continue;
        expect_same_tags(text, found->second, code + "/" + catalogue + ": " + key);
      }
    }
  }
}

TEST(Languages, EveryCatalogueLoadsWithoutTheEnglishUnderIt) {
  // No underlay: a message the language lacks is an error, not English.
  for (const std::string& code : shipped_languages()) {
    EXPECT_NO_THROW(report::ProblemTexts::load_directory(templates_root() / code)) << code;
    EXPECT_NO_THROW(pbem::LanguageWords::load(templates_root() / code / "words.yaml", code))
        << code;
  }
}

TEST(Languages, EveryLanguageNamesEveryActionEventTileExpansionAndMapLabelOfTheData) {
  const YAML::Node layout =
      YAML::LoadFile((testing::source_data_dir() / "map_layout.yaml").string());
  std::set<std::string> labels;
  for (const auto& entry : layout["labels"]) labels.insert(entry.first.Scalar());
  std::set<std::string> modules;
  for (const auto& entry : fs::directory_iterator(testing::source_data_dir() / "modules"))
    modules.insert(entry.path().filename().string());
  for (const std::string& code : shipped_languages()) {
    const YAML::Node words = YAML::LoadFile((templates_root() / code / "words.yaml").string());
    EXPECT_EQ(section_keys(words, "actions"), data_ids("actions.yaml", "actions")) << code;
    EXPECT_EQ(section_keys(words, "events"), data_ids("events.yaml", "events")) << code;
    EXPECT_EQ(section_keys(words, "tiles"), data_ids("bonus_tiles.yaml", "tiles")) << code;
    EXPECT_EQ(section_keys(words, "modules"), modules) << code;
    EXPECT_EQ(section_keys(words, "map"), labels) << code;
    for (const char* colour : {"red", "blue", "yellow", "green", "black"})
      EXPECT_EQ(section_keys(words, "colours").count(colour), 1u) << code << " " << colour;
  }
}

TEST(Languages, EveryLanguageNamesTheRulesOfEveryEditionAndExpansion) {
  const Templates all = Templates::load(templates_root());
  const map::MapStyle style = map::load_map_style(testing::source_data_dir());
  for (const std::string& code : shipped_languages()) {
    const pbem::LanguageWords& words = all.in(code).words();
    for (const auto& [edition, expansions] : std::vector<std::pair<int, std::vector<std::string>>>{
             {2, {"court", "landsknechte", "leaders"}}, {1, {"court", "leaders"}}}) {
      const Ruleset rules = load_edition_ruleset(testing::source_data_dir(), kCurrentRulesVersion,
                                                 edition, expansions);
      const Ruleset named = in_language(rules, words);
      for (std::size_t i = 0; i < rules.actions.size(); ++i)
        EXPECT_NE(named.actions[i].name, rules.actions[i].name)
            << code << " " << rules.actions[i].id;
      for (std::size_t i = 0; i < rules.events.size(); ++i) {
        EXPECT_NE(named.events[i].name, rules.events[i].name) << code << " " << rules.events[i].id;
        EXPECT_NE(named.events[i].text, rules.events[i].text) << code << " " << rules.events[i].id;
      }
      for (const Module& m : named.modules) {
        if (m.on) {
          EXPECT_FALSE(m.title_words.empty()) << code << " " << m.id;
        }
      }
    }
    EXPECT_NO_THROW(map::labels_in(style, words)) << code;
  }
}

TEST(Languages, APlayerIdThatIsNoColourIsNamedAsItIsInEveryLanguage) {
  // Player ids are the game master's choice (`a`, `anna`); only the standard colours have words.
  const Templates all = Templates::load(templates_root());
  for (const std::string& code : shipped_languages()) {
    const pbem::LanguageWords& words = all.in(code).words();
    EXPECT_EQ(colour_name(words, "b"), "b") << code;
    EXPECT_EQ(colour_name(words, "anna"), "anna") << code;
  }
  EXPECT_EQ(colour_name(all.in("fr").words(), "red"), "rouge");
  EXPECT_EQ(colour_name(all.in("de").words(), "red"), "Rot");
}

TEST(Languages, CubesOfOneColourTakeThePluralTheLanguageGivesAndAnIdWithoutAWordStaysAsItIs) {
  const Templates all = Templates::load(templates_root());
  const pbem::LanguageWords& french = all.in("fr").words();
  EXPECT_EQ(colour_plural(french, "blue"), "bleus");
  EXPECT_EQ(colour_plural(french, "orange"), "orange");  // invariable: a plain word
  EXPECT_EQ(colour_name(french, "orange"), "orange");
  EXPECT_EQ(colour_plural(french, "b"), "b");  // once "bs"
  EXPECT_EQ(colour_plural(all.in("de").words(), "red"), "Rot");
  EXPECT_EQ(colour_plural(all.in("en").words(), "red"), "red");
}

TEST(Languages, AColourWithAMisspeltFieldIsRefusedAtItsLine) {
  testing::TempDir dir;
  fs::copy(templates_root(), dir.path(), fs::copy_options::recursive);
  testing::replace_in_file(dir.path() / "fr" / "words.yaml", "plural: bleus", "plurl: bleus");
  const Templates all = Templates::load(dir.path());
  const Ruleset rules = load_ruleset(testing::source_data_dir());
  try {
    (void)in_language(rules, all.in("fr").words());
    FAIL() << "plurl was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("words.yaml:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("plurl"), std::string::npos) << e.what();
    const auto& said = e.diagnostics();
    EXPECT_EQ(std::count_if(
                  said.begin(), said.end(),
                  [](const Diagnostic& d) { return d.message.find("plurl") != std::string::npos; }),
              1)
        << "said once, not once per field: " << e.what();
  }
}

TEST(Languages, AMissingLanguageIsRefusedNamingThoseThereAre) {
  const Templates all = Templates::load(templates_root());
  try {
    (void)all.in("it");
    FAIL() << "Italian has no templates";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no templates in language \"it\"; there are: de, en, fr"),
              std::string::npos)
        << e.what();
  }
}

TEST(Languages, AWordsFileMissingAKeyOrShowingAnUnknownValueIsRefusedAtItsLine) {
  testing::TempDir dir;
  const fs::path file = dir.path() / "words.yaml";
  std::string text = testing::read_text(templates_root() / "fr" / "words.yaml");
  text = std::regex_replace(text, std::regex("\\{n\\} jours"), "{nombre} jours");
  testing::write_text(file, text);
  try {
    (void)pbem::LanguageWords::load(file, "fr");
    FAIL() << "an unknown value must be refused";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("has no {nombre}; it can use {n}"), std::string::npos)
        << e.what();
  }
}

TEST(Languages, AWordsFileWithoutItsDatesSeasonsOrPercentIsRefusedOrTakesThemFromBelow) {
  const std::string french = testing::read_text(templates_root() / "fr" / "words.yaml");
  const pbem::LanguageWords below =
      pbem::LanguageWords::load(templates_root() / "fr" / "words.yaml", "fr");
  for (const std::string key : {"dates", "seasons", "percent"}) {
    std::string text;
    bool dropping = false;
    for (std::size_t at = 0; at < french.size();) {
      const std::size_t end = french.find('\n', at) + 1;
      const std::string line = french.substr(at, end - at);
      if (!line.starts_with(' ')) dropping = line.starts_with(key + ":");
      if (!dropping) text += line;
      at = end;
    }
    ASSERT_EQ(text.find("\n" + key + ":"), std::string::npos) << key;
    try {
      (void)pbem::LanguageWords::read(SourceFile{"words.yaml", text}, "fr");
      ADD_FAILURE() << "a words file without " << key << " was read";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("words.yaml needs " + key), std::string::npos)
          << e.what();
    }
    EXPECT_NO_THROW((void)pbem::LanguageWords::read(SourceFile{"words.yaml", text}, "fr", &below))
        << key;
  }
}

}  // namespace
}  // namespace wallenstein

namespace wallenstein {
namespace {

TEST(Languages, DatesLengthsOfTimeSeasonsAndPercentagesAreWordedInEachLanguage) {
  const Templates all = Templates::load(templates_root());
  const Instant sunday_evening =
      std::chrono::sys_days{std::chrono::year{2026} / 12 / 6} + std::chrono::hours{19};
  const auto in = [&](const std::string& code) -> const pbem::LanguageWords& {
    return all.in(code).words();
  };
  EXPECT_EQ(describe_instant(sunday_evening, "Europe/Berlin", in("en")),
            "Sunday 6 December 2026, 20:00 CET");
  EXPECT_EQ(describe_instant(sunday_evening, "Europe/Berlin", in("fr"))
                .rfind("dimanche 6 décembre 2026, 20\u00a0h\u00a000", 0),
            0u)
      << describe_instant(sunday_evening, "Europe/Berlin", in("fr"));
  EXPECT_EQ(describe_instant(sunday_evening, "Europe/Berlin", in("de"))
                .rfind("Sonntag, 6. Dezember 2026, 20:00 Uhr", 0),
            0u)
      << describe_instant(sunday_evening, "Europe/Berlin", in("de"));
  const auto span = std::chrono::minutes(2 * 24 * 60 + 3 * 60);
  EXPECT_EQ(describe_duration(span, in("en")), "2 days 3 hours");
  EXPECT_NE(describe_duration(span, in("fr")).find("2 jours"), std::string::npos);
  EXPECT_NE(describe_duration(span, in("de")).find("2 Tage"), std::string::npos);
  EXPECT_EQ(describe_duration(std::chrono::minutes(60), in("fr")), "1 heure");
  const Instant first =
      std::chrono::sys_days{std::chrono::year{2026} / 12 / 1} + std::chrono::hours{19};
  EXPECT_NE(describe_instant(first, "Europe/Berlin", in("fr")).find("mardi 1er décembre"),
            std::string::npos);
  EXPECT_EQ(describe_instant(first, "Europe/Berlin", in("en")),
            "Tuesday 1 December 2026, 20:00 CET");
  EXPECT_EQ(in("en").season("1618-spring"), "1618-spring");
  EXPECT_EQ(in("fr").season("1618-spring"), "printemps 1618");
  EXPECT_NE(in("de").season("1619-autumn").find("1619"), std::string::npos);
  EXPECT_EQ(in("fr").season("not-a-season"), "not-a-season") << "other text stays as it is";
  EXPECT_EQ(in("en").percent(93), "93%");
  EXPECT_NE(in("fr").percent(93), "93%") << "French puts a space before %";
}

TEST(Languages, TheSeasonNameSectionWordsTheSeasonItHolds) {
  testing::TempDir dir;
  for (const char* folder : {"text", "fr/text"})
    std::filesystem::create_directories(dir.path() / folder);
  testing::write_text(dir.path() / "text" / "line.mustache",
                      "{{#season_name}}{{season}}{{/season_name}} / {{season}}\n");
  testing::write_text(dir.path() / "fr" / "text" / "line.mustache",
                      "{{#season_name}}{{season}}{{/season_name}} / {{season}}\n");
  std::filesystem::copy_file(templates_root() / "fr" / "words.yaml",
                             dir.path() / "fr" / "words.yaml");
  const Templates t = Templates::load(dir.path());
  Data d;
  d["season"] = std::string("1619-summer");
  EXPECT_EQ(t.render(Format::text, "line", d), "1619-summer / 1619-summer\n");
  EXPECT_EQ(t.in("fr").render(Format::text, "line", d), "été 1619 / 1619-summer\n");
}

}  // namespace
}  // namespace wallenstein

namespace wallenstein {
namespace {

TEST(Languages, AFolderNotNamedByATwoLetterCodeIsNoLanguageEvenWithWordsInIt) {
  testing::TempDir dir;
  std::filesystem::copy(templates_root(), dir.path() / "t",
                        std::filesystem::copy_options::recursive);
  std::filesystem::copy(dir.path() / "t" / "fr", dir.path() / "t" / "bak",
                        std::filesystem::copy_options::recursive);
  const Templates all = Templates::load(dir.path() / "t");
  EXPECT_EQ(all.languages(), (std::vector<std::string>{"de", "en", "fr"}));
  EXPECT_FALSE(pbem::is_language_code("bak"));
  EXPECT_FALSE(pbem::is_language_code("FR"));
  EXPECT_TRUE(pbem::is_language_code("it"));
}

}  // namespace
}  // namespace wallenstein
