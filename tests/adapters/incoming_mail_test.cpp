// Received mail as `receive` reads it (adapters/mail/incoming.hpp): what of the headers the
// answer may write into its own, and HTML turned into text.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pbem/host/intake.hpp"
#include "pbem/mail/incoming.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

/// Wallenstein's order header besides `game:` (WallensteinGame::order_header_keys).
const std::vector<std::string> kOrderKeys = {"player", "season"};

mail::FoundOrder found_order(const mail::IncomingMessage& m) {
  return mail::find_order(m, kOrderKeys);
}

std::string message(const std::string& headers) {
  return "From: Anna Weber <anna@example.org>\r\nTo: gm@example.org\r\nSubject: orders\r\n" +
         headers + "Content-Type: text/plain; charset=utf-8\r\n\r\ngame: mailgame\r\n";
}

// Found by fuzzing (incoming_mail): GMime decodes encoded-words in header values, and the
// answer's References header took the value as it came, line breaks and all.
TEST(IncomingMail, AnEncodedLineBreakInReferencesCannotStartAHeaderOfTheAnswer) {
  const mail::IncomingMessage m = mail::parse_message(
      message("Message-ID: <orders-1@example.org>\r\n"
              "References: =?UTF-8?Q?<report-1@example.org>=0D=0AX-Injected:_yes?=\r\n "
              "<report-2@example.org>\r\n"));
  EXPECT_EQ(m.references.find_first_of("\r\n"), std::string::npos) << m.references;
  EXPECT_EQ(m.references.find("X-Injected"), std::string::npos) << m.references;
  EXPECT_EQ(m.references.substr(m.references.size() - 45),
            "<report-2@example.org> <orders-1@example.org>")
      << m.references;
}

TEST(IncomingMail, AMessageIdUnfitForAHeaderIsDropped) {
  EXPECT_EQ(mail::parse_message(message("Message-ID: <plain-1@example.org>\r\n")).message_id,
            "<plain-1@example.org>");
  const mail::IncomingMessage m =
      mail::parse_message(message("Message-ID: =?UTF-8?Q?<a=0D=0AX-Injected:_yes@b>?=\r\n"));
  EXPECT_EQ(m.message_id.find_first_of("\r\n "), std::string::npos) << m.message_id;
  EXPECT_EQ(m.references, m.message_id);
}

TEST(IncomingMail, ALongThreadKeepsItsFirstAndLastReferencesOnOneShortLine) {
  std::string references = "References:";
  for (int i = 1; i <= 60; ++i)
    references += " <message-" + std::to_string(i) + "@lists.example.org>";
  const mail::IncomingMessage m =
      mail::parse_message(message("Message-ID: <orders-1@example.org>\r\n" + references + "\r\n"));
  EXPECT_LT(m.references.size() + std::string("References: ").size(), 998u);
  EXPECT_EQ(m.references.rfind("<message-1@lists.example.org> ", 0), 0u) << m.references;
  EXPECT_NE(m.references.find(" <message-60@lists.example.org> <orders-1@example.org>"),
            std::string::npos)
      << m.references;
  EXPECT_EQ(m.references.find("<message-2@lists.example.org>"), std::string::npos)
      << "the middle of the thread goes";
}

TEST(IncomingMail, HtmlEntitiesAreDecodedAndWhatIsNotOneStaysAsItIs) {
  EXPECT_EQ(mail::html_to_text("<p>a&amp;b&nbsp;&#252;&#xFC;&#x10FFFF;&#1114111;</p>"),
            "a&b \xC3\xBC\xC3\xBC\xF4\x8F\xBF\xBF\xF4\x8F\xBF\xBF\n");
  EXPECT_EQ(mail::html_to_text("&unknown; &#x110000; & ;&"), "&unknown; &#x110000; & ;&");
  EXPECT_EQ(
      mail::html_to_text("W&uuml;rzburg B&ouml;hmen &Auml;&szlig;&iexcl;&yuml; &ldquo;x&rdquo;"),
      "W\u00FCrzburg B\u00F6hmen \u00C4\u00DF\u00A1\u00FF \u201Cx\u201D");
  EXPECT_EQ(mail::html_to_text("a<STYLE>p {}</Style >b<script>x = '</b>';</SCRIPT>c"), "abc");
}

TEST(IncomingMail, APreformattedBlockKeepsItsLinesAndStartsOnALineOfItsOwn) {
  EXPECT_EQ(mail::html_to_text("Hi,<pre>game: g\n  palace: Koeln\r\n  church: Trier\r</pre>bye"),
            "Hi,\ngame: g\n  palace: Koeln\n  church: Trier\nbye");
  EXPECT_EQ(mail::html_to_text("<div>a\nb</div><textarea>c\nd</textarea>"), "a b\nc\nd\n");
  EXPECT_EQ(mail::html_to_text("</pre>x\ny"), "x y") << "a stray end tag changes nothing";
}

// Each '&' looked for its ';' up to the end of the text, and each <style> lowercased a copy of
// the rest: HTML of the largest message `receive` takes kept it, and the game's lock, for hours.
TEST(IncomingMail, HtmlOfTheLargestMessageSizeIsReadInOnePass) {
  const std::string ampersands(kMaxMessageBytes, '&');
  EXPECT_EQ(mail::html_to_text(ampersands), ampersands);
  std::string styles;
  std::string text;
  while (styles.size() < kMaxMessageBytes) {
    styles += "<style>p{}</style>x";
    text += 'x';
  }
  EXPECT_EQ(mail::html_to_text(styles), text);
}

// What find_order found is facts, not sentences: the receipt's templates word them.
TEST(FoundOrder, SeveralAttachedOrderFilesAreNamedAndNoneIsTaken) {
  const mail::FoundOrder found = found_order(mail::parse_message(
      "From: anna@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\n"
      "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n"
      "Content-Type: text/plain\r\n\r\nmy orders\r\n--b\r\n"
      "Content-Type: text/plain; name=a.yaml\r\nContent-Disposition: attachment; filename=a.yaml"
      "\r\n\r\ngame: g\r\n--b\r\n"
      "Content-Type: text/plain; name=b.yaml\r\nContent-Disposition: attachment; filename=b.yaml"
      "\r\n\r\ngame: g\r\n--b--\r\n"));
  EXPECT_EQ(found.problem, mail::NoOrder::several_files);
  EXPECT_EQ(found.attached, (std::vector<std::string>{"a.yaml", "b.yaml"}));
  EXPECT_TRUE(found.order_like());
  EXPECT_TRUE(found.text.empty());
  EXPECT_EQ(mail::describe(found, kOrderKeys), "2 order files attached (a.yaml, b.yaml)");
}

TEST(FoundOrder, AnOrderInAnHtmlOnlyMessageIsFlaggedAsReadFromHtml) {
  const mail::FoundOrder found = found_order(
      mail::parse_message("From: anna@example.org\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"
                          "<p>game: g</p><p>player: red</p>"));
  EXPECT_TRUE(found.found());
  EXPECT_TRUE(found.from_html);
  EXPECT_FALSE(found.read_as_latin1);
  EXPECT_FALSE(found.in_attachment) << "read from the message body";
  EXPECT_EQ(found.text, "game: g\nplayer: red\n");
  EXPECT_EQ(mail::describe(found, kOrderKeys), "");
}

TEST(FoundOrder, AnOrderInAnAttachmentWithoutANameIsReadFromTheAttachmentNotTheBody) {
  // A delivery report's own text part comes first; the order is the attached YAML part, which
  // names no file (found by the fuzzer: it was taken for the message body).
  const mail::FoundOrder found = found_order(mail::parse_message(
      "From: anna@example.org\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n"
      "--b\r\nContent-Type: text/plain\r\n\r\nsee the attachment\r\n"
      "--b\r\nContent-Type: application/yaml\r\nContent-Disposition: attachment\r\n\r\n"
      "game: g\r\nplayer: red\r\n--b--\r\n"));
  ASSERT_TRUE(found.found());
  EXPECT_TRUE(found.in_attachment);
  EXPECT_TRUE(found.attachment.empty());
  EXPECT_TRUE(found.text.starts_with("game: g")) << found.text;
}

TEST(FoundOrder, UndeclaredEightBitTextIsFlaggedAsReadAsLatin1) {
  const mail::FoundOrder found =
      found_order(mail::parse_message("From: anna@example.org\r\nContent-Type: text/plain\r\n\r\n"
                                      "game: g\r\npalace: W\xFCrzburg\r\n"));
  EXPECT_TRUE(found.found());
  EXPECT_TRUE(found.read_as_latin1);
  EXPECT_FALSE(found.from_html);
  EXPECT_NE(found.text.find("W\xC3\xBCrzburg"), std::string::npos) << found.text;
}

TEST(FoundOrder, JoinedOrderLinesAndAMessageWithoutOrdersAreToldApart) {
  const mail::FoundOrder joined =
      found_order(mail::parse_message("From: anna@example.org\r\nContent-Type: text/plain\r\n\r\n"
                                      "Hi, game: g player: red season: 1618-spring\r\n"));
  EXPECT_EQ(joined.problem, mail::NoOrder::joined_lines);
  EXPECT_TRUE(joined.order_like());
  EXPECT_EQ(mail::describe(joined, kOrderKeys),
            "game:, player: and season: on one line, as if the order's lines were joined");
  const mail::FoundOrder none = found_order(mail::parse_message(
      "From: anna@example.org\r\nContent-Type: text/plain\r\n\r\nstatus please\r\n"));
  EXPECT_EQ(none.problem, mail::NoOrder::missing);
  EXPECT_FALSE(none.order_like()) << "a message without orders may be a command";
}

}  // namespace
}  // namespace wallenstein
