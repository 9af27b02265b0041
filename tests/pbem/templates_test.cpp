// The host's mustache templates: a game master's own directory over the installed one.
#include "pbem/files/templates.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "support/temp_dir.hpp"

namespace pbem {
namespace {

using wallenstein::testing::TempDir;
using wallenstein::testing::write_text;

TEST(Templates, AnUnderlayFillsInWhatTheDirectoryLacksAndTheDirectoryWinsWhereBothHaveOne) {
  TempDir tmp;
  write_text(tmp / "installed/text/subject.mustache", "Installed {{game}}\n");
  write_text(tmp / "installed/text/greeting.mustache", "Hello from the installed {{game}}\n");
  write_text(tmp / "own/text/greeting.mustache", "Hello from my own {{game}}\n");
  const Templates t = Templates::load(tmp / "own", tmp / "installed");
  Data d;
  d["game"] = std::string("lots");
  EXPECT_EQ(t.render(Format::text, "greeting", d), "Hello from my own lots\n");
  EXPECT_EQ(t.render(Format::text, "subject", d), "Installed lots\n");
  const Templates alone = Templates::load(tmp / "own");
  EXPECT_THROW(alone.render(Format::text, "subject", d), InputError);
}

TEST(Templates, MarkLastMarksEveryItemSoThatOnlyTheLastHasNoSeparatorWhateverEnclosesTheList) {
  TempDir tmp;
  write_text(tmp / "text/list.mustache", "{{#items}}{{name}}{{^last}}, {{/last}}{{/items}}\n");
  kainjow::mustache::list items;
  for (const char* name : {"Anna", "Ben", "Cleo"}) {
    Data item;
    item["name"] = std::string(name);
    items.push_back(item);
  }
  mark_last(items);
  Data d;
  d["items"] = items;
  d["last"] = true;  // the enclosing data's own `last` does not show through an item
  EXPECT_EQ(Templates::load(tmp.path()).render(Format::text, "list", d), "Anna, Ben, Cleo\n");
  kainjow::mustache::list none;
  mark_last(none);
  EXPECT_TRUE(none.empty());
}

/// What kainjow-mustache itself renders of `main` with `partials` given to it as partials (each
/// parsed again wherever its tag is met): what Templates::render must give, apart from its
/// tidying of blank lines (none here) and its final newline.
std::string as_kainjow_renders(const std::string& main,
                               const std::vector<std::pair<std::string, std::string>>& partials,
                               Data data, bool html) {
  for (const auto& [name, text] : partials)
    data[name] = kainjow::mustache::partial([text = text] { return text; });
  kainjow::mustache::mustache tmpl{main};
  if (!html) tmpl.set_custom_escape([](const std::string& s) { return s; });
  return tmpl.render(data) + "\n";
}

Data tree() {
  kainjow::mustache::list leaves;
  for (const char* name : {"<b>", "c & d"}) {
    Data leaf;
    leaf["name"] = std::string(name);
    leaf["children"] = kainjow::mustache::list{};  // not the branch's, found further out
    leaves.push_back(leaf);
  }
  Data branch;
  branch["name"] = std::string("a");
  branch["children"] = leaves;
  kainjow::mustache::list top{branch};
  Data d;
  d["children"] = top;
  d["title"] = std::string("Tree");
  return d;
}

TEST(Templates,
     PartialsInLoopsInsideOtherPartialsAndInsideThemselvesRenderAsTheLibraryRendersThem) {
  TempDir tmp;
  const std::string main =
      "{{title}}\n{{#children}}\n{{> _node}}\n{{/children}}\n  {{>_line}}  \nend";
  const std::vector<std::pair<std::string, std::string>> partials = {
      {"_node", "{{name}}{{#children}}[{{> _node}}]{{/children}}{{> _line}}"},
      {"_line", "{{#title}}-{{title}}-{{/title}}"},
  };
  write_text(tmp / "html/page.mustache", main + "\n");
  write_text(tmp / "text/page.mustache", main + "\n");
  for (const auto& [name, text] : partials)
    write_text(tmp / ("shared/" + name + ".mustache"), text);
  const Templates t = Templates::load(tmp.path());
  const std::string html = t.render(Format::html, "page", tree());
  EXPECT_EQ(html, as_kainjow_renders(main, partials, tree(), true));
  EXPECT_NE(html.find("a[&lt;b&gt;-Tree-][c &amp; d-Tree-]-Tree-"), std::string::npos) << html;
  EXPECT_EQ(t.render(Format::text, "page", tree()),
            as_kainjow_renders(main, partials, tree(), false));
  // A second render of the same template (parsed once) gives the same again.
  EXPECT_EQ(t.render(Format::html, "page", tree()), html);
}

TEST(Templates, PartialsThatSetDelimitersOrRunIntoTheTextAroundThemRenderAsTheLibraryRendersThem) {
  struct Case {
    std::string main;
    std::vector<std::pair<std::string, std::string>> partials;
  };
  const std::vector<Case> cases = {
      // Delimiters set in a partial stay in it; set with spaces in the template, they count.
      {"X1 {{> _delim}} Y1 {{title}} Z1", {{"_delim", "{{=<% %>=}}<% title %>"}}},
      {"A2 {{ =<% %>= }}{{> _p}} B2 <% title %><%={{ }}=%> {{title}}", {{"_p", "PLAIN"}}},
      // A brace at an edge would start a tag with the brace beside it.
      {"A3 {{> _brace}}{title}} B3 {{title}}", {{"_brace", "{"}}},
      {"A4 {{> _brace}}{{> _open}}title}} B4", {{"_brace", "{"}, {"_open", "{"}}},
      {"A5 {{> _empty}}{title}} B5", {{"_empty", ""}}},
      // A \r at an edge would make one line break with a \n beside it.
      {"A6\n{{> _cr}}\nNEXT6", {{"_cr", "{{#title}}{{/title}}\r"}}},
      {"A7\r{{> _lf}}NEXT7", {{"_lf", "\n{{#title}}{{/title}}\n"}}},
  };
  for (const Case& c : cases) {
    TempDir tmp;
    write_text(tmp / "html/page.mustache", c.main + "\n");
    for (const auto& [name, text] : c.partials)
      write_text(tmp / ("html/" + name + ".mustache"), text + "\n");
    EXPECT_EQ(Templates::load(tmp.path()).render(Format::html, "page", tree()),
              as_kainjow_renders(c.main, c.partials, tree(), true))
        << c.main;
  }
}

TEST(Templates, ATemplateWhosePartialsWouldGrowWithoutEndIsRenderedAsTheLibraryRendersIt) {
  // Each partial twice in the next, under a section that never shows: written in, 2^40 copies.
  TempDir tmp;
  std::vector<std::pair<std::string, std::string>> partials;
  for (int i = 0; i < 40; ++i) {
    const std::string next = "{{> _b" + std::to_string(i + 1) + "}}";
    partials.emplace_back("_b" + std::to_string(i), "{{#nowhere}}[" + next + "|" + next +
                                                        "]{{/nowhere}}" + std::to_string(i));
  }
  for (const auto& [name, text] : partials)
    write_text(tmp / ("html/" + name + ".mustache"), text + "\n");
  write_text(tmp / "html/page.mustache", "start {{> _b0}} end\n");
  EXPECT_EQ(Templates::load(tmp.path()).render(Format::html, "page", tree()),
            as_kainjow_renders("start {{> _b0}} end", partials, tree(), true));
}

TEST(Templates, APartialThatSetsDelimitersCannotHideABrokenTemplate) {
  TempDir tmp;
  write_text(tmp / "text/page.mustache", "A12 {{> _d}}{{/x}} B12\n");
  write_text(tmp / "text/_d.mustache", "{{=<% %>=}}\n");
  EXPECT_THROW(Templates::load(tmp.path()).render(Format::text, "page", tree()), InputError);
}

TEST(Templates, APartialBrokenOnItsOwnMakesTheTemplateBrokenWithTheLibrarysOwnWords) {
  TempDir tmp;
  write_text(tmp / "text/page.mustache", "start {{> _open}} end {{x}}\n");
  write_text(tmp / "text/_open.mustache", "{{#x}}opened");
  const Templates t = Templates::load(tmp.path());
  Data d;
  d["x"] = true;
  try {
    t.render(Format::text, "page", d);
    FAIL() << "a partial that opens a section it does not close was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(e.diagnostics().front().message.find("broken template: Unclosed section \"x\""),
              std::string::npos)
        << e.diagnostics().front().message;
    EXPECT_NE(e.diagnostics().front().path.find("page.mustache"), std::string::npos);
  }
}

TEST(Templates, AFormatsOwnPartialWinsOverSharedInTextAndYamlAndSharedWinsInHtml) {
  TempDir tmp;
  for (const char* format : {"text", "html", "yaml"}) {
    write_text(tmp / (std::string(format) + "/page.mustache"), "{{> _who}}\n");
    write_text(tmp / (std::string(format) + "/_who.mustache"), format);
  }
  write_text(tmp / "shared/_who.mustache", "shared");
  const Templates t = Templates::load(tmp.path());
  EXPECT_EQ(t.render(Format::text, "page", Data()), "text\n");
  EXPECT_EQ(t.render(Format::yaml, "page", Data()), "yaml\n");
  EXPECT_EQ(t.render(Format::html, "page", Data()), "shared\n");
}

TEST(Templates, OneTemplateRenderedFromManyThreadsAtOnceGivesEachItsOwnText) {
  TempDir tmp;
  write_text(tmp / "text/page.mustache", "{{#children}}{{> _node}}{{/children}}{{missing}}\n");
  write_text(tmp / "text/_node.mustache", "{{name}}{{#children}}({{> _node}}){{/children}}");
  const Templates t = Templates::load(tmp.path());
  std::vector<std::string> out(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < out.size(); ++i)
    threads.emplace_back([&, i] { out[i] = t.render(Format::text, "page", tree()); });
  for (auto& thread : threads) thread.join();
  for (const std::string& text : out) EXPECT_EQ(text, "a(<b>)(c & d)\n");
}

}  // namespace
}  // namespace pbem
