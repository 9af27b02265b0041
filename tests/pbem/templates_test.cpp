// The host's mustache templates: a game master's own directory over the installed one.
#include "pbem/files/templates.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace pbem
