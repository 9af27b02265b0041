// The generic YAML reading (pbem_files) on its own: this test links yaml-cpp and nothing of the
// game, no cairo, no curl.

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/files/yaml_writer.hpp"

namespace pbem {
namespace {

YamlFile parse(std::string text) {
  return YamlFile::parse(SourceFile{"orders.yaml", std::move(text)});
}

/// The diagnostics an InputError carries, or none when `f` throws nothing.
template <typename F>
std::vector<Diagnostic> diagnostics_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.diagnostics();
  }
  return {};
}

TEST(YamlFile, ADuplicateKeyIsRefusedAtTheSecondOne) {
  const auto d = diagnostics_of([] { parse("bid: 1\nbid: 2\n"); });
  ASSERT_EQ(d.size(), 1U);
  EXPECT_EQ(d[0].path, "orders.yaml");
  EXPECT_EQ(d[0].line, 2);
  EXPECT_EQ(d[0].column, 1);
  EXPECT_NE(d[0].message.find("bid"), std::string::npos) << d[0].message;
}

TEST(YamlFile, AQuoteNeverClosedIsRefusedAtTheQuoteInsteadOfSwallowingTheRestOfTheFile) {
  for (const std::string quote : {"'", "\""}) {
    const auto d = diagnostics_of([&] { parse("palace: " + quote + "Gft. Mark\nchurch: none\n"); });
    ASSERT_EQ(d.size(), 1U) << quote;
    EXPECT_EQ(d[0].line, 1);
    EXPECT_EQ(d[0].column, 9);
    EXPECT_EQ(d[0].message, "this " + quote + " is never closed; end the text with " + quote +
                                " on the same line");
  }
  // Closed, with a quote inside, or across lines as YAML allows: read as written.
  EXPECT_EQ(parse("a: 'it''s'\nb: \"say \\\"hi\\\"\"\nc: 'one\n  two'\n").root()["a"].Scalar(),
            "it's");
  EXPECT_EQ(parse("b: \"say \\\"hi\\\"\"\n").root()["b"].Scalar(), "say \"hi\"");
  EXPECT_EQ(parse("c: 'one\n  two'\n").root()["c"].Scalar(), "one two");
}

TEST(YamlFile, AnAliasIsRefusedSoThatNoAliasBombCanGrow) {
  const auto d = diagnostics_of([] { parse("a: &x [1, 2]\nb: *x\n"); });
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].line, 2);
}

TEST(YamlFile, NestingDeeperThanTheLimitIsRefused) {
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += "[";
  for (int i = 0; i < 40; ++i) deep += "]";
  EXPECT_FALSE(diagnostics_of([&] { parse("a: " + deep + "\n"); }).empty());
  EXPECT_TRUE(diagnostics_of([] { parse("a: [[1]]\n"); }).empty());
}

TEST(YamlFile, EveryRefusalIsFoundInAFileParsedOnceAndSaidWhereTheScreenedParseSaysIt) {
  // A file is parsed once and its tree screened; only a file with something to refuse is parsed
  // again, event by event, for the words and the place: the one problem, where it is.
  struct Refused {
    std::string text;
    int line = 0;
    std::string word;  ///< in the message
  };
  const std::vector<Refused> refused = {
      {"a: 1\nb: {c: 1, d: [x, {e: 1, 'e': 2}]}\n", 2,
       "duplicate key \"e\""},                              // a duplicate key, deep, quoted
      {"a: 1\n? [x]\n: 2\n", 2, "plain word"},              // a key that is no plain text
      {"a: 1\n~: 2\nnull: 3\n", 3, "duplicate key \"~\""},  // two null keys
      {"a: 1\n---\nb: 2\n", 0, "several YAML documents"},   // two documents
      {"a: 'open\nb: 2\n", 1, "never closed"},              // a quote never closed
      {"a: &x 1\nb: *x\n", 2, "aliases"},                   // an alias of a scalar
      {"a: &x {b: 1}\nc: [*x]\n", 2, "aliases"},            // an alias of a map, in a list
  };
  for (const Refused& r : refused) {
    const auto d = diagnostics_of([&] { parse(r.text); });
    ASSERT_EQ(d.size(), 1U) << r.text;
    EXPECT_EQ(d[0].line, r.line) << r.text << d[0].message;
    EXPECT_NE(d[0].message.find(r.word), std::string::npos) << r.text << d[0].message;
  }
  // A star, an ampersand or a key's text twice in other places is no problem.
  const YamlFile good = parse("# *x &y\na: '*x'\nb: [a, a]\nc: {a: &z 1}\n");
  EXPECT_EQ(good.root()["a"].Scalar(), "*x");
  EXPECT_EQ(good.root()["b"].size(), 2U);
}

TEST(YamlFile, AFileWhoseFirstDocumentEndsBeforeTheFileDoesIsRefusedAndReadToItsEndOnce) {
  // yaml-cpp ends a document without a marker where a line is indented less than the top map or
  // list; after a stray `,` it would start empty documents for ever if asked for them all (a file
  // found by the fuzzer, cut down).
  const std::vector<std::string> texts = {
      "  a: 1\n ,\n",       // an indented map, then a comma indented less
      "  a: 1\nb: 2\n",     // an indented map, then a key indented less
      "- a\nb: c\n",        // a list, then a map at its indent
      "a: 1\n...\nb: 2\n",  // a document's end marker
      "%YAML 1.2\n---\na: 1\n---\nb: 2\n",
  };
  for (const std::string& text : texts) {
    const auto d = diagnostics_of([&] { parse(text); });
    ASSERT_EQ(d.size(), 1U) << text;
    EXPECT_NE(d[0].message.find("several YAML documents"), std::string::npos)
        << text << d[0].message;
  }
  // One document however it starts: a marker, a directive, a list or a map indented.
  EXPECT_EQ(parse("%YAML 1.2\n---\na: 1\n").root()["a"].Scalar(), "1");
  EXPECT_EQ(parse("---\na: 1\n...\n").root()["a"].Scalar(), "1");
  EXPECT_EQ(parse("- a\n- b\n").root().size(), 2U);
  EXPECT_EQ(parse("  a: 1\n  b: 2\n").root()["b"].Scalar(), "2");
}

TEST(YamlFile, ByteOrderMarksInFrontAreDroppedAllSoPositionsAndDocumentsStayRight) {
  // yaml-cpp drops one mark itself and counts from after it: with two, every position was three
  // bytes off, and a second document after an indented map could pass as the first one's end.
  const std::string bom = "\xEF\xBB\xBF";
  const auto d = diagnostics_of([&] { parse(bom + bom + "&x\n  a: 1\nb: 2\n,\n"); });
  ASSERT_EQ(d.size(), 1U);
  EXPECT_EQ(parse(bom + bom + bom + "a: 1\n").root()["a"].Scalar(), "1");
}

TEST(YamlFile, TheDepthAndSizeLimitsHoldToTheNode) {
  const auto parse_within = [](const std::string& text, int depth, int nodes) {
    return diagnostics_of([&] {
      YamlFile::parse(SourceFile{"orders.yaml", text}, YamlLimits{depth, nodes});
    });
  };
  // `a: [[1]]` nests 3 collections (a map, two lists) and holds 5 nodes (the map, its key, two
  // lists, a number).
  EXPECT_TRUE(parse_within("a: [[1]]\n", 3, 5).empty());
  EXPECT_FALSE(parse_within("a: [[1]]\n", 2, 5).empty());
  EXPECT_FALSE(parse_within("a: [[1]]\n", 3, 4).empty());
}

TEST(YamlReader, AMisspeltKeyIsNamedWithItsPositionAndTheNearestAllowedKey) {
  const YamlFile file = parse("palace: Berlin\nchruch: Wien\n");
  YamlReader r(file);
  const std::vector<std::string_view> allowed = {"palace", "church", "grain"};
  r.check_keys(file.root(), allowed, "actions");
  ASSERT_EQ(r.diagnostics().size(), 1U);
  const Diagnostic& d = r.diagnostics()[0];
  EXPECT_EQ(d.line, 2);
  EXPECT_EQ(d.column, 1);
  EXPECT_EQ(d.message, "unknown key \"chruch\" in actions; did you mean \"church\"?");
}

TEST(YamlReader, AKeyFarFromEveryAllowedOneListsThemAll) {
  const YamlFile file = parse("xyzzy: 1\n");
  YamlReader r(file);
  const std::vector<std::string_view> allowed = {"palace", "church"};
  r.check_keys(file.root(), allowed, "actions");
  ASSERT_EQ(r.diagnostics().size(), 1U);
  EXPECT_NE(r.diagnostics()[0].message.find("expected "), std::string::npos)
      << r.diagnostics()[0].message;
}

TEST(YamlReader, AnIntegerOutsideItsRangeIsAnErrorAndNoValue) {
  const YamlFile file = parse("bid: 70\n");
  YamlReader r(file);
  EXPECT_FALSE(r.integer(file.root()["bid"], "bid", 0, 60).has_value());
  EXPECT_EQ(r.error_count(), 1U);
  EXPECT_FALSE(r.ok());
  EXPECT_THROW(r.throw_if_errors(), InputError);
}

TEST(YamlReader, PastTheLimitProblemsAreCountedAndOneLineSaysHowManyMore) {
  std::string text;
  for (std::size_t i = 0; i < kMaxDiagnostics + 5; ++i) text += "k" + std::to_string(i) + ": 1\n";
  const YamlFile file = parse(text);
  YamlReader r(file);
  const std::vector<std::string_view> allowed = {"palace"};
  r.check_keys(file.root(), allowed, "actions");
  EXPECT_EQ(r.problem_count(), kMaxDiagnostics + 5);
  const std::vector<Diagnostic> listed = r.listed();
  ASSERT_EQ(listed.size(), kMaxDiagnostics + 1);
  EXPECT_EQ(listed.back().message, "5 more problems are not listed; fix these first");
}

TEST(YamlWriter, AKeyOnlyStandsAloneInAFlowMapAndReadsBackAsNull) {
  YamlOut list = YamlOut::list();
  list.push(
      std::move(YamlOut::map().add("Böhmen", YamlOut::key_only()).add("leader", true).flow()));
  const std::string text = YamlOut::map().add("draft", std::move(list)).dump();
  EXPECT_EQ(text, "draft:\n  - {\"Böhmen\", leader: true}\n");
  const YamlFile file = parse(text);
  const YAML::Node entry = file.root()["draft"][0];
  EXPECT_TRUE(entry["Böhmen"].IsNull());
  EXPECT_EQ(entry["leader"].Scalar(), "true");
}

}  // namespace
}  // namespace pbem
