// `wallenstein mail` against a real SMTP server (Debian's aiosmtpd) on 127.0.0.1, started and
// stopped by the tests, and against the default outbox. Messages are checked by parsing them
// with Python's email package (tests/mail/read_mail.py).

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "support/run_binary.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using testing::read_text;
using testing::SmtpServer;
using testing::TempDir;
using testing::write_text;

using testing::Outcome;
using testing::run_shell;
using testing::shell_quote;

Outcome shell(const std::string& command) { return run_shell(command); }
Outcome wallenstein(const std::vector<std::string>& args) { return testing::run_wallenstein(args); }

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

Json read_mail(const std::string& mode, const fs::path& dir) {
  const Outcome r = shell("/usr/bin/python3 " +
                          shell_quote(testing::source_path("tests/mail/read_mail.py").string()) +
                          " " + mode + " " + shell_quote(dir.string()));
  EXPECT_EQ(r.status, 0) << r.err;
  return Json::parse(r.out);
}

/// A game with `players` players (umlauts in names), its first season resolved.
fs::path resolved_game(const TempDir& tmp, int players, const std::string& smtp_yaml = "") {
  std::string def = "name: mailtest\nplayers:\n";
  const std::vector<std::string> rows = {
      "{id: red, name: \"Anna Weber\", email: \"anna@example.org\"}",
      "{id: blue, name: \"Jörg Krämer\", email: \"joerg@example.org\"}",
      "{id: yellow, name: \"Marie Dubois\", email: \"marie@example.org\"}",
      "{id: green, name: \"Åsa Öberg\", email: \"asa@example.org\"}",
      "{id: black, name: \"Łukasz Żak\", email: \"lukasz@example.org\"}"};
  for (int i = 0; i < players; ++i) def += "  - " + rows[static_cast<std::size_t>(i)] + "\n";
  def += "mail:\n  from: \"Spielleiter Müller <gm@example.org>\"\n" + smtp_yaml;
  write_text(tmp / "def.yaml", def);
  fs::path dir = tmp / "game";
  EXPECT_EQ(
      wallenstein({"new", dir.string(), "--from", (tmp / "def.yaml").string(), "--seed", "77"})
          .status,
      0);
  EXPECT_EQ(wallenstein({"resolve", dir.string(), "--force"}).status, 0);
  return dir;
}

const Json* part(const Json& message, const std::string& type, const std::string& disposition) {
  for (const auto& p : message["parts"]) {
    if (p["type"] == type &&
        (disposition.empty() || (p.contains("disposition") && p["disposition"] == disposition)))
      return &p;
  }
  return nullptr;
}

/// Checks a parsed message; `wire` when its bytes are as sent (a Maildir stores LF line ends).
void expect_complete_report(const Json& m, bool wire = false) {
  EXPECT_EQ(m["type"], "multipart/mixed");
  if (wire) {
    EXPECT_TRUE(m["crlf"].get<bool>()) << "every line ends with CRLF";
  }
  EXPECT_NE(m["subject"].get<std::string>().find("“mailtest”"), std::string::npos) << m["subject"];
  EXPECT_EQ(m["from"], "Spielleiter Müller <gm@example.org>");
  const Json* text = part(m, "text/plain", "");
  ASSERT_NE(text, nullptr);
  EXPECT_NE(text->at("text").get<std::string>().find("WHAT HAPPENED IN 1618-spring"),
            std::string::npos);
  const Json* html = part(m, "text/html", "");
  ASSERT_NE(html, nullptr);
  EXPECT_NE(html->at("text").get<std::string>().find("cid:map@wallenstein"), std::string::npos);
  const Json* inline_map = part(m, "image/png", "inline");
  ASSERT_NE(inline_map, nullptr);
  EXPECT_EQ(inline_map->at("content_id"), "<map@wallenstein>");
  EXPECT_TRUE(inline_map->at("png").get<bool>());
  EXPECT_EQ(inline_map->at("filename"), "map.png");
  EXPECT_EQ(part(m, "image/png", "attachment"), nullptr) << "the map is in the message once";
  EXPECT_NE(text->at("text").get<std::string>().find("comes with this report as map.png"),
            std::string::npos);
  EXPECT_LE(m["bytes"].get<std::size_t>(), 300u * 1024) << "a report mail stays under 300 KB";
  const Json* orders = part(m, "text/plain", "attachment");
  ASSERT_NE(orders, nullptr);
  EXPECT_EQ(orders->at("filename").get<std::string>().rfind("orders-1618-summer-", 0), 0u);
  EXPECT_NE(orders->at("text").get<std::string>().find("season: 1618-summer"), std::string::npos);
}

TEST(Mail, EveryPlayerGetsACompleteMimeReportOverSmtp) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 3);
  SmtpServer server((tmp / "maildir").string());
  const Outcome r = wallenstein({"mail", game.string(), "--smtp", server.url()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(": 3 sent."), std::string::npos) << r.out;
  const Json messages = read_mail("--maildir", tmp / "maildir");
  ASSERT_EQ(messages.size(), 3u);
  std::set<std::string> to;
  std::set<std::string> ids;
  for (const auto& m : messages) {
    expect_complete_report(m);
    to.insert(m["to"].get<std::string>());
    ids.insert(m["message_id"].get<std::string>());
  }
  EXPECT_EQ(
      to, (std::set<std::string>{"Anna Weber <anna@example.org>", "Jörg Krämer <joerg@example.org>",
                                 "Marie Dubois <marie@example.org>"}));
  EXPECT_EQ(ids.size(), 3u);
}

TEST(Mail, TheGameYamlServerIsUsedWhenConfigured) {
  TempDir tmp;
  SmtpServer server((tmp / "maildir").string());
  const fs::path game =
      resolved_game(tmp, 3, "  smtp: {url: \"" + server.url() + "\", starttls: false}\n");
  const Outcome r = wallenstein({"mail", game.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_mail("--maildir", tmp / "maildir").size(), 3u);
}

TEST(Mail, AServerDyingHalfwayExitsThreeAndARerunSendsOnlyTheRest) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 5);
  {
    SmtpServer dying((tmp / "maildir").string(), {"--die-before", "2"});
    const Outcome r = wallenstein({"mail", game.string(), "--smtp", dying.url()});
    EXPECT_EQ(r.status, 3) << r.out << r.err;
    EXPECT_NE(r.err.find("SMTP " + dying.url()), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("Sent 2 of 5 before the failure"), std::string::npos) << r.out;
    EXPECT_EQ(dying.wait(), 0) << "the server left at the third DATA, as told";
  }
  EXPECT_EQ(read_mail("--maildir", tmp / "maildir").size(), 2u);
  SmtpServer again((tmp / "maildir").string());
  const Outcome r = wallenstein({"mail", game.string(), "--smtp", again.url()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("3 sent, 2 already sent before"), std::string::npos) << r.out;
  const Json messages = read_mail("--maildir", tmp / "maildir");
  ASSERT_EQ(messages.size(), 5u);
  std::set<std::string> ids;
  for (const auto& m : messages) {
    expect_complete_report(m);
    ids.insert(m["message_id"].get<std::string>());
  }
  EXPECT_EQ(ids.size(), 5u) << "no duplicates";
  const Outcome third = wallenstein({"mail", game.string(), "--smtp", again.url()});
  EXPECT_NE(third.out.find("0 sent, 5 already sent before"), std::string::npos) << third.out;
  EXPECT_EQ(read_mail("--maildir", tmp / "maildir").size(), 5u);
}

TEST(Mail, ARefusingServerExitsThreeWithItsAnswerAndRecordsEveryRefusal) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 3);
  SmtpServer server((tmp / "maildir").string(), {"--reject"});
  const Outcome r = wallenstein({"mail", game.string(), "--smtp", server.url()});
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(
      r.out.find("red <anna@example.org>: refused by the server: 550 5.1.1 no such mailbox here"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("0 sent, 3 refused or deferred"), std::string::npos) << r.out;
  const std::string ledger = read_text(game / "mail" / "sent.yaml");
  EXPECT_EQ(count_of(ledger, "state: refused"), 3u) << ledger;
  EXPECT_EQ(count_of(ledger, "state: sent"), 0u) << ledger;
}

TEST(Mail, OneRefusedRecipientDoesNotStopTheOthersAndIsRetriedOnlyWhenAsked) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 4);
  SmtpServer server((tmp / "maildir").string(), {"--refuse", "joerg@example.org"});
  const Outcome first = wallenstein({"mail", game.string(), "--smtp", server.url()});
  EXPECT_EQ(first.status, 3) << "a refusal is a transport failure worth the game master's eye";
  EXPECT_NE(first.out.find("blue <joerg@example.org>: refused by the server: 550"),
            std::string::npos)
      << first.out;
  EXPECT_NE(first.out.find("3 sent, 1 refused or deferred"), std::string::npos) << first.out;
  EXPECT_EQ(read_mail("--maildir", tmp / "maildir").size(), 3u)
      << "the players after blue got theirs";

  const Outcome again = wallenstein({"mail", game.string(), "--smtp", server.url()});
  EXPECT_EQ(again.status, 0) << again.out << again.err;
  EXPECT_NE(again.out.find("blue <joerg@example.org>: refused earlier; correct the address "
                           "(`wallenstein player DIR address ID"),
            std::string::npos)
      << again.out;
  EXPECT_NE(again.out.find("0 sent, 3 already sent before"), std::string::npos) << again.out;

  testing::replace_in_file(game / "game.yaml", "joerg@example.org", "joerg.k@example.org");
  const Outcome retry =
      wallenstein({"mail", game.string(), "--smtp", server.url(), "--retry-failed"});
  ASSERT_EQ(retry.status, 0) << retry.out << retry.err;
  EXPECT_NE(retry.out.find("1 sent, 3 already sent before"), std::string::npos) << retry.out;
  const Json messages = read_mail("--maildir", tmp / "maildir");
  ASSERT_EQ(messages.size(), 4u);
  std::set<std::string> ids;
  for (const auto& m : messages) ids.insert(m["message_id"].get<std::string>());
  EXPECT_EQ(ids.size(), 4u);
  std::set<std::string> to;
  for (const auto& m : messages) to.insert(m["to"].get<std::string>());
  EXPECT_EQ(to.count("Jörg Krämer <joerg.k@example.org>"), 1u)
      << "the retry went to the fixed address";
}

TEST(Mail, AReportChangedByRollbackAndANewResolveGoesOutAsACorrection) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 3);
  SmtpServer server((tmp / "maildir").string());
  ASSERT_EQ(wallenstein({"mail", game.string(), "--smtp", server.url()}).status, 0);
  const Outcome rollback = wallenstein({"rollback", game.string()});
  ASSERT_EQ(rollback.status, 0) << rollback.err;
  EXPECT_NE(rollback.out.find("Already mailed the undone report of 1618-spring: Anna Weber (red), "
                              "Jörg Krämer (blue), Marie Dubois (yellow)"),
            std::string::npos)
      << rollback.out;
  // A late order from red changes what happened.
  write_text(
      tmp / "red.yaml",
      "game: mailtest\nplayer: red\nseason: 1618-spring\nactions:\n  palace: Koeln\n  church: "
      "Trier\n"
      "  trading_house: Gft. Mark\n  grain: Passau\n  taxes: Osnabrueck\n  armies5: Vogtland\n"
      "  armies3: Niederoesterreich\n  army1: Oberoesterreich\n  battle_a: none\n  battle_b: none\n"
      "bid: saechs_lande\nturn_order: [attack]\n");
  ASSERT_EQ(wallenstein({"submit", game.string(), (tmp / "red.yaml").string()}).status, 0);
  // Yellow reads French from now on: their correction is French, subject and all.
  ASSERT_EQ(wallenstein({"player", game.string(), "yellow", "--language", "fr"}).status, 0);
  ASSERT_EQ(wallenstein({"resolve", game.string(), "--force"}).status, 0);
  const Outcome r = wallenstein({"mail", game.string(), "--smtp", server.url()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("0 sent, 3 corrections"), std::string::npos) << r.out;
  const Json messages = read_mail("--maildir", tmp / "maildir");
  ASSERT_EQ(messages.size(), 6u);
  std::map<std::string, std::string> first_ids;
  for (const auto& m : messages) {
    if (m["references"] == "")
      first_ids[m["to"].get<std::string>()] = m["message_id"].get<std::string>();
  }
  ASSERT_EQ(first_ids.size(), 3u);
  int corrections = 0;
  for (const auto& m : messages) {
    if (m["references"] == "") continue;
    ++corrections;
    const std::string to = m["to"].get<std::string>();
    EXPECT_EQ(m["references"], first_ids[to]) << "a correction references the first message";
    EXPECT_EQ(m["in_reply_to"], first_ids[to]);
    EXPECT_NE(m["message_id"], first_ids[to]) << "a correction has a Message-ID of its own";
    const std::string text = part(m, "text/plain", "")->at("text").get<std::string>();
    if (to.find("marie@") != std::string::npos) {
      EXPECT_EQ(m["subject"].get<std::string>().rfind("Rectificatif", 0), 0u) << m["subject"];
      EXPECT_EQ(text.rfind("CE COMPTE RENDU CORRIGE", 0), 0u) << text.substr(0, 300);
      EXPECT_EQ(text.substr(0, text.find('\n')).find("+0000"), std::string::npos)
          << "the date it was first sent is worded: " << text.substr(0, 300);
    } else {
      EXPECT_EQ(m["subject"].get<std::string>().rfind("Corrected: ", 0), 0u) << m["subject"];
      // It opens with what changed since the report the player got, sent on a day it names.
      EXPECT_EQ(text.rfind("THIS REPORT CORRECTS THE ONE YOU GOT ON ", 0), 0u) << text;
      EXPECT_NE(text.substr(0, text.find('\n')).find(" UTC"), std::string::npos) << text;
    }
    if (to.find("anna@") != std::string::npos) {
      EXPECT_NE(text.find("\n  + "), std::string::npos) << "red's late orders changed her report";
      EXPECT_NE(text.find("\n  - "), std::string::npos) << text.substr(0, 2000);
    }
    EXPECT_NE(part(m, "text/html", "")->at("text").get<std::string>().find("class=\"correction\""),
              std::string::npos);
  }
  EXPECT_EQ(corrections, 3);
  const Outcome again = wallenstein({"mail", game.string(), "--smtp", server.url()});
  EXPECT_NE(again.out.find("0 sent, 3 already sent before"), std::string::npos) << again.out;
}

TEST(Mail, ResendAndPlayerLetTheGameMasterSendOneCopyAgain) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 3);
  SmtpServer server((tmp / "maildir").string());
  ASSERT_EQ(wallenstein({"mail", game.string(), "--smtp", server.url()}).status, 0);
  const Outcome r =
      wallenstein({"mail", game.string(), "--smtp", server.url(), "--player", "blue", "--resend"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("0 sent, 1 copy"), std::string::npos) << r.out;
  const Json messages = read_mail("--maildir", tmp / "maildir");
  ASSERT_EQ(messages.size(), 4u);
  // A Maildir has no order: find the copy by its References.
  std::vector<Json> copies;
  for (const auto& m : messages) {
    if (m["references"] != "") copies.push_back(m);
  }
  ASSERT_EQ(copies.size(), 1u);
  EXPECT_EQ(copies.front()["to"], "Jörg Krämer <joerg@example.org>");
  EXPECT_EQ(wallenstein({"mail", game.string(), "--player", "nobody"}).status, 2);
}

TEST(Mail, APasswordInTheUrlIsNeitherPrintedNorStored) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 3);
  SmtpServer server((tmp / "maildir").string());
  const std::string url = "smtp://gm:S3cretPass@127.0.0.1:" + std::to_string(server.port());
  const Outcome r = wallenstein({"mail", game.string(), "--smtp", url});
  EXPECT_EQ(r.out.find("S3cretPass"), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find("S3cretPass"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("smtp://gm@127.0.0.1:"), std::string::npos) << r.out << r.err;
  for (const auto& [path, content] : testing::snapshot_tree(game)) {
    EXPECT_EQ(content.find("S3cretPass"), std::string::npos) << path;
  }
  // Port 1 is never listened on here; the stopped server's port could be another test's by now.
  const Outcome down = wallenstein(
      {"mail", game.string(), "--smtp", "smtp://gm:S3cretPass@127.0.0.1:1", "--resend"});
  EXPECT_EQ(down.status, 3);
  EXPECT_EQ(down.err.find("S3cretPass"), std::string::npos) << down.err;
  EXPECT_NE(down.err.find("smtp://gm@127.0.0.1:"), std::string::npos) << down.err;
}

TEST(Mail, WithoutAServerTheMessagesGoToTheOutbox) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 4);
  const Outcome r = wallenstein({"mail", game.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("via outbox"), std::string::npos);
  const Json messages = read_mail("--eml", game / "outbox");
  ASSERT_EQ(messages.size(), 4u);
  std::set<std::string> to;
  for (const auto& m : messages) {
    expect_complete_report(m, true);
    to.insert(m["to"].get<std::string>());
  }
  EXPECT_EQ(to.count("Åsa Öberg <asa@example.org>"), 1u);
}

TEST(Mail, TheOutboxKeepsAMessageTwoWeeksSoAGameWithoutSmtpNeverFillsTheDisk) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 3);
  auto files = [&] {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator(game / "outbox")) out.insert(e.path().filename());
    return out;
  };
  ASSERT_EQ(wallenstein({"mail", game.string(), "--now", "2026-11-01T10:00:00Z"}).status, 0);
  const auto first = files();
  ASSERT_EQ(first.size(), 3u);
  ASSERT_EQ(wallenstein({"resolve", game.string(), "--force"}).status, 0);
  ASSERT_EQ(wallenstein({"mail", game.string(), "--now", "2026-11-10T10:00:00Z"}).status, 0);
  EXPECT_EQ(files().size(), 6u) << "nine days: both seasons' mail is there";
  ASSERT_EQ(wallenstein({"resolve", game.string(), "--force"}).status, 0);
  ASSERT_EQ(wallenstein({"mail", game.string(), "--now", "2026-11-16T10:00:00Z"}).status, 0);
  const auto now = files();
  EXPECT_EQ(now.size(), 6u) << "the first season's mail, fifteen days old, is gone";
  for (const auto& f : first) EXPECT_EQ(now.count(f), 0u) << f;
  const std::string ledger = read_text(game / "mail" / "sent.yaml");
  EXPECT_EQ(count_of(ledger, "state: sent"), 9u) << "the ledger still records every message";
  ASSERT_EQ(wallenstein({"mail", game.string(), "--now", "2026-11-17T10:00:00Z"}).status, 0);
  EXPECT_EQ(files().size(), 6u) << "nothing is sent twice because its file went";

  testing::replace_in_file(game / "game.yaml", "  outbox: outbox\n",
                           "  outbox: outbox\n  outbox_days: 0\n");
  ASSERT_EQ(wallenstein({"mail", game.string(), "--now", "2027-06-01T10:00:00Z"}).status, 0);
  EXPECT_EQ(files().size(), 6u) << "outbox_days: 0 keeps everything";
}

TEST(Mail, DryRunSendsAndWritesNothing) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 3);
  const Outcome r = wallenstein({"mail", game.string(), "--dry-run"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("would send to Jörg Krämer <joerg@example.org>"), std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(game / "outbox"));
  EXPECT_FALSE(fs::exists(game / "mail"));
}

TEST(Mail, ThePasswordComesOnlyFromTheEnvironment) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 3,
                                      "  smtp: {url: \"smtp://127.0.0.1:1\", starttls: false, "
                                      "user: gm, password_env: WALLENSTEIN_NO_SUCH_VAR}\n");
  const Outcome r = wallenstein({"mail", game.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("$WALLENSTEIN_NO_SUCH_VAR, which is not set"), std::string::npos) << r.err;
  std::string def = read_text(game / "game.yaml");
  EXPECT_EQ(def.find("password:"), std::string::npos);
}

TEST(SmtpFailures, AWrongPasswordBlamesNoRecipientAndTheNextRunSendsEverything) {
  TempDir tmp;
  SmtpServer server((tmp / "maildir").string(), {"--login", "gm:right-password"});
  const fs::path game = resolved_game(
      tmp, 3,
      "  smtp: {url: \"" + server.url() + "\", starttls: false, user: gm, password_env: PW}\n");
  const auto mail = [&](const std::string& password) {
    return shell("PW=" + password + " " + shell_quote(testing::wallenstein_binary()) + " mail " +
                 shell_quote(game.string()));
  };
  const Outcome wrong = mail("mistyped");
  EXPECT_EQ(wrong.status, 3) << wrong.out << wrong.err;
  EXPECT_NE(wrong.err.find("the server refused the login"), std::string::npos) << wrong.err;
  EXPECT_EQ(wrong.err.find("mistyped"), std::string::npos) << "the password is never printed";
  const std::string ledger = read_text(game / "mail" / "sent.yaml");
  EXPECT_EQ(count_of(ledger, "state: refused"), 0u) << "no address is blamed: " << ledger;
  const Outcome status = wallenstein({"status", game.string()});
  EXPECT_EQ(status.out.find("correct the address"), std::string::npos) << status.out;

  const Outcome fixed = mail("right-password");
  ASSERT_EQ(fixed.status, 0) << fixed.out << fixed.err;
  EXPECT_NE(fixed.out.find("3 sent"), std::string::npos) << fixed.out;
  EXPECT_EQ(read_mail("--maildir", tmp / "maildir").size(), 3u);
}

TEST(SmtpFailures, AMessageRefusedAfterDataIsNotBlamedOnTheAddressAndTheNextOneGoesThrough) {
  TempDir tmp;
  const fs::path game = resolved_game(tmp, 3);
  SmtpServer server((tmp / "maildir").string(), {"--too-large", "joerg@example.org"});
  const Outcome r = wallenstein({"mail", game.string(), "--smtp", server.url()});
  EXPECT_EQ(r.status, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("blue <joerg@example.org>: refused by the server: 552 5.3.4 message too "
                       "big for this recipient; the server took the address but refused the "
                       "message itself"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("2 sent, 1 refused"), std::string::npos)
      << "the message after the refused one is sent on a clean connection: " << r.out;
  EXPECT_NE(read_text(game / "mail" / "sent.yaml").find("refusal: message"), std::string::npos);
  const Outcome status = wallenstein({"status", game.string()});
  EXPECT_EQ(status.out.find("correct the address"), std::string::npos) << status.out;
  EXPECT_NE(status.out.find("refused the message itself"), std::string::npos) << status.out;
}

}  // namespace
}  // namespace wallenstein
