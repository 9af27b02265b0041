// Catalogues of words (pbem/files/wording): what reading YAML says comes from a catalogue, so a
// player's order file is answered in the words of the game master's templates.

#include "pbem/files/wording.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/yaml_file.hpp"
#include "support/temp_dir.hpp"

namespace pbem {
namespace {

std::filesystem::path shipped_words() {
  return yaml_words_file(wallenstein::testing::source_path("templates"));
}

/// The shipped words with `from` replaced by `to` (each must be there), written to `dir`.
std::filesystem::path edited_words(const std::filesystem::path& dir,
                                   const std::vector<std::pair<std::string, std::string>>& edits) {
  std::string text = wallenstein::testing::read_text(shipped_words());
  for (const auto& [from, to] : edits) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
  }
  auto file = dir / "yaml.yaml";
  wallenstein::testing::write_text(file, text);
  return file;
}

/// The messages of the problems reading `text` in `words` gives: parse errors, or the reader's
/// for a map whose `name` must be a number and whose keys are `name` and `count`.
std::vector<std::string> messages(const std::string& text, const YamlWords& words) {
  std::vector<std::string> out;
  try {
    const YamlFile file = YamlFile::parse(SourceFile{"orders.yaml", text}, words);
    YamlReader r(file, words);
    constexpr std::array<std::string_view, 2> kKeys = {"name", "count"};
    if (r.expect_map(file.root(), "the file", kKeys)) {
      if (const auto count = r.require(file.root(), "count", "")) r.integer(*count, "count", 0, 9);
    }
    for (const Diagnostic& d : r.listed()) out.push_back(d.message);
  } catch (const InputError& e) {
    for (const Diagnostic& d : e.diagnostics()) out.push_back(d.message);
  }
  return out;
}

TEST(YamlWords, TheCompiledEnglishSaysWhatTheShippedCatalogueSays) {
  const YamlWords shipped = YamlWords::load(shipped_words());
  for (const std::string text :
       {"name: a\nname: b\n", "[1, 2", "{name: 1", "- a\n---\n- b\n", "nme: 1\ncount: x\n",
        "count: 12\n", "count: [1]\n", "count:\n", "a: &x 1\nb: *x\n", "name: 1\n"}) {
    EXPECT_EQ(messages(text, YamlWords::english()), messages(text, shipped)) << text;
    EXPECT_FALSE(messages(text, shipped).empty()) << text;
  }
}

TEST(YamlWords, TheShippedCatalogueReadWhenFirstSaidSaysWhatAnEditedCopyReadAtOnceSays) {
  // The shipped file, byte for byte, is read only when a word is asked for; a copy with a comment
  // more is another file, read and checked at once: both must say the same.
  wallenstein::testing::TempDir dir;
  const YamlWords edited = YamlWords::load(
      edited_words(dir.path(), {{"\nlists:\n", "\n# the game master's copy\nlists:\n"}}));
  const YamlWords shipped = YamlWords::load(shipped_words());
  for (const std::string text :
       {"name: a\nname: b\n", "[1, 2", "nme: 1\ncount: x\n", "count: 12\n"}) {
    EXPECT_EQ(messages(text, edited), messages(text, shipped)) << text;
    EXPECT_FALSE(messages(text, shipped).empty()) << text;
  }
  EXPECT_EQ(shipped.lists().join_or({"a", "b", "c"}), edited.lists().join_or({"a", "b", "c"}));
  EXPECT_EQ(shipped.lists().join_or({"a", "b", "c"}), "a, b or c");
}

TEST(YamlWords, AReaderAndTheParserSpeakTheWordsTheyAreGiven) {
  wallenstein::testing::TempDir dir;
  const YamlWords french = YamlWords::load(edited_words(
      dir.path(), {{"duplicate_key: 'duplicate key \"{{key}}\"; each key may appear once'",
                    "duplicate_key: 'la clé \"{{key}}\" est écrite deux fois'"},
                   {"not_a_number: '{{what}} must be a whole number, not \"{{written}}\"'",
                    "not_a_number: '{{what}} doit être un nombre entier, pas « {{written}} »'"},
                   {"or: '{{rest}} or {{last}}'", "or: '{{rest}} ou {{last}}'"},
                   {"{{^nearest}};\n    expected {{allowed_or}}",
                    "{{^nearest}};\n    attendu : {{allowed_or}}"}}));
  EXPECT_EQ(messages("name: a\nname: b\n", french),
            std::vector<std::string>{"la clé \"name\" est écrite deux fois"});
  EXPECT_EQ(messages("count: dix\n", french),
            std::vector<std::string>{"count doit être un nombre entier, pas « dix »"});
  EXPECT_EQ(
      messages("zzzzzzzz: 1\ncount: 1\n", french),
      std::vector<std::string>{"unknown key \"zzzzzzzz\" in the file; attendu : name ou count"});
}

TEST(YamlWords, AMisspeltValueInTheCatalogueIsRefusedAtItsLineNamingTheNearest) {
  wallenstein::testing::TempDir dir;
  const auto file = edited_words(dir.path(), {{"{{key}}\"; each key", "{{kye}}\"; each key"}});
  std::vector<std::string> errors;
  try {
    YamlWords::load(file);
  } catch (const InputError& e) {
    for (const Diagnostic& d : e.diagnostics()) errors.push_back(d.format());
  }
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("unknown value \"kye\" in duplicate_key; did you mean \"key\"?"),
            std::string::npos)
      << errors[0];
  EXPECT_NE(errors[0].find(file.string() + ":"), std::string::npos) << errors[0];
}

TEST(Wording, AnIdTheSectionLacksComesFromTheUnderlayAndOtherwiseIsMissing) {
  static constexpr std::array<std::string_view, 1> kName = {"name"};
  constexpr std::array<MessageSpec, 2> kIds = {{{"hello", kName}, {"bye", kName}}};
  const YamlFile full =
      YamlFile::parse(SourceFile{"full.yaml", "hello: 'hello {{name}}'\nbye: 'bye {{name}}'\n"});
  YamlReader r1(full);
  const Wording installed = Wording::read(r1, full.root(), "words", kIds);
  ASSERT_TRUE(r1.ok());

  const YamlFile older = YamlFile::parse(SourceFile{"older.yaml", "hello: 'salut {{name}}'\n"});
  YamlReader r2(older);
  const Wording over = Wording::read(r2, older.root(), "words", kIds, &installed);
  EXPECT_TRUE(r2.ok());
  EXPECT_EQ(over.say("hello", Data("name", std::string("Anna"))), "salut Anna");
  EXPECT_EQ(over.say("bye", Data("name", std::string("Anna"))), "bye Anna");

  YamlReader r3(older);
  Wording::read(r3, older.root(), "words", kIds);
  ASSERT_EQ(r3.diagnostics().size(), 1u);
  EXPECT_NE(r3.diagnostics()[0].message.find("missing key \"bye\""), std::string::npos);
}

TEST(YamlWords, AMessageMayShowOnlyItsOwnValuesAndANumberHasItsPluralSections) {
  wallenstein::testing::TempDir dir;
  // `not_a_map` has `what` and nothing else: `written` belongs to other messages.
  const auto wrong =
      edited_words(dir.path(), {{"not_a_map: '{{what}} must", "not_a_map: '{{written}} must"}});
  EXPECT_THROW(YamlWords::load(wrong), InputError);
  std::string text;
  for (int i = 0; i < 100; ++i) text += "k" + std::to_string(i) + ": x\n";
  // 100 unknown keys and a missing count: 100 listed, then the one more.
  const auto said = messages(text, YamlWords::english());
  ASSERT_FALSE(said.empty());
  EXPECT_EQ(said.back(), "1 more problem is not listed; fix these first");
}

TEST(YamlWords, ACatalogueMadeForAnOlderProgramTakesWhatItLacksFromTheCompiledEnglish) {
  wallenstein::testing::TempDir dir;
  const auto older = edited_words(
      dir.path(), {{"  invalid_utf8: 'invalid UTF-8; save the file as UTF-8 text'\n", ""},
                   {"duplicate_key: 'duplicate key \"{{key}}\"; each key may appear once'",
                    "duplicate_key: 'Schlüssel „{{key}}“ doppelt'"}});
  const YamlWords words = YamlWords::load(older);
  EXPECT_EQ(messages("name: a\nname: b\n", words),
            std::vector<std::string>{"Schlüssel „name“ doppelt"});
  EXPECT_EQ(messages("name: K\xF6ln\n", words),
            std::vector<std::string>{"invalid UTF-8; save the file as UTF-8 text"});
}

TEST(ListWords, AJoiningWordThatDropsItsItemsIsRefused) {
  wallenstein::testing::TempDir dir;
  EXPECT_THROW(
      YamlWords::load(edited_words(dir.path(), {{"or: '{{rest}} or {{last}}'", "or: 'oder'"}})),
      InputError);
}

TEST(ListWords, ListsAreJoinedAndQuotedWithTheCataloguesWords) {
  const ListWords& words = YamlWords::english().lists();
  EXPECT_EQ(words.join_and({"a", "b", "c"}), "a, b and c");
  EXPECT_EQ(words.join_or({"a", "b"}), "a or b");
  EXPECT_EQ(words.join_or({"a"}), "a");
  Data data;
  words.set_list(data, "x", {"a", "b"});
  EXPECT_EQ(fill("{{x_quoted_or}}", data), "\"a\" or \"b\"");
  Data empty;
  words.set_list(empty, "x", {});
  EXPECT_EQ(fill("{{#x}}shown{{/x}}{{^x}}hidden{{/x}}", empty), "hidden");
}

}  // namespace
}  // namespace pbem
