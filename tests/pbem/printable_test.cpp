#include "pbem/files/printable.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "pbem/files/diagnostic.hpp"

namespace pbem {
namespace {

TEST(Printable, EscapesEscapeAsBackslashE) { EXPECT_EQ(printable("\x1b[2J"), "\\e[2J"); }

TEST(Printable, EscapesOtherControlsAndDeleteAsHex) {
  EXPECT_EQ(printable(std::string("a\007b\177c\000d", 7)), "a\\x07b\\x7fc\\x00d");
  EXPECT_EQ(printable("\r"), "\\x0d");
}

TEST(Printable, EscapesNewlinesAndTabsOnOneLineAndKeepsThemInLines) {
  EXPECT_EQ(printable("a\nb\tc"), "a\\x0ab\\x09c");
  EXPECT_EQ(printable("a\nb\tc", Lines::keep), "a\nb\tc");
}

TEST(Printable, EscapesEveryByteThatIsNotValidUtf8) {
  EXPECT_EQ(printable("\xff"), "\\xff");
  EXPECT_EQ(printable("g\xc3\x28"), "g\\xc3(");
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");           // overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a UTF-16 surrogate
  EXPECT_EQ(printable("\xe2\x82"), "\\xe2\\x82");           // cut short
}

TEST(Printable, EscapesTheC1ControlsEncodedAsUtf8) {
  EXPECT_EQ(printable("\xc2\x9b[31m"), "\\xc2\\x9b[31m");
}

TEST(Printable, LeavesValidUtf8AsItIs) {
  EXPECT_EQ(printable("Jörg Krämer, Straßburg, 三十年戦争, \xf0\x9f\x8f\xb0"),
            "Jörg Krämer, Straßburg, 三十年戦争, \xf0\x9f\x8f\xb0");
  EXPECT_EQ(printable("\xc2\xa0"), "\xc2\xa0");  // U+00A0, the first after the C1 controls
}

TEST(PrintableStreambuf, FiltersWhatPassesThroughAndJoinsSplitCharacters) {
  std::ostringstream target;
  {
    PrintableStreambuf filter(target.rdbuf());
    std::ostream out(&filter);
    out << "\x1b[31mJ\xc3" << std::flush << "\xb6rg\n\xff";
  }
  EXPECT_EQ(target.str(), "\\e[31mJörg\n\\xff");
}

TEST(Diagnostic, EscapesThePathTheMessageAndTheLineAndPutsTheCaretUnderTheEscapedText) {
  const Diagnostic d{"o\x1b.yaml",
                     1,
                     13,
                     "unknown province \"\x1b[2J\x07\"",
                     Diagnostic::Severity::error,
                     "palace: \x1b\x07\xff X"};
  EXPECT_EQ(d.format(),
            "o\\e.yaml:1:13: error: unknown province \"\\e[2J\\x07\"\n"
            "    palace: \\e\\x07\\xff X\n"
            "                       ^");
}

TEST(Diagnostic, KeepsTabsInTheExcerptSoTheCaretLinesUp) {
  const Diagnostic d{"f.yaml", 1, 3, "bad", Diagnostic::Severity::error, "\tx\ty"};
  EXPECT_EQ(d.format(), "f.yaml:1:3: error: bad\n    \tx\ty\n    \t ^");
}

}  // namespace
}  // namespace pbem
