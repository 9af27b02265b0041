// Orders by mail: `receive` on a corpus of real-world-shaped messages, answers, tokens, and
// `fetch` against a real Dovecot IMAP server on 127.0.0.1.

#include <gtest/gtest.h>

#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <vector>

#include "pbem/files/files.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/host/schedule.hpp"
#include "support/mail_games.hpp"
#include "support/run_binary.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::corpus;
using testing::last_intake_line;
using testing::mail_from_anna;
using testing::mail_game;
using testing::outbox;
using testing::Outcome;
using testing::read_text;
using testing::red_orders;
using testing::TempDir;
using testing::write_text;

using testing::contains;
using testing::run;

/// One expectation of corpus/expected.yaml, read as strictly as a player's order file.
struct Expected {
  std::string outcome;
  std::string player;
  std::map<std::string, std::vector<std::string>> answers;  ///< player or gm: what it says
  bool stored = false;
};

std::map<std::string, Expected> expectations() {
  const YamlFile file = YamlFile::parse(read_source(corpus("expected.yaml"), 1 << 20));
  YamlReader r(file);
  static constexpr std::array<std::string_view, 4> kKeys = {"outcome", "player", "answers",
                                                            "stored"};
  static constexpr std::array<std::string_view, 2> kRecipients = {"player", "gm"};
  std::map<std::string, Expected> out;
  for (const auto& entry : file.root()) {
    const YAML::Node& node = entry.second;
    if (!r.expect_map(node, "expectation")) continue;
    r.check_keys(node, kKeys, "expectation");
    Expected e;
    for (auto [key, target] : {std::pair{"outcome", &e.outcome}, std::pair{"player", &e.player}}) {
      if (auto v = r.require(node, key, "")) *target = r.text(*v, key).value_or("");
    }
    if (auto answers = r.require(node, "answers", "a map of recipients");
        answers && r.expect_map(*answers, "answers")) {
      r.check_keys(*answers, kRecipients, "answers");
      for (const auto& a : *answers) {
        std::vector<std::string>& says = e.answers[a.first.Scalar()];
        if (!r.expect_sequence(a.second, "says")) continue;
        for (const auto& text : a.second) says.push_back(r.text(text, "says").value_or(""));
      }
    }
    if (auto stored = r.require(node, "stored", "true or false"))
      e.stored = r.boolean(*stored, "stored").value_or(false);
    out[entry.first.Scalar()] = e;
  }
  r.throw_if_errors();
  return out;
}

class Corpus : public ::testing::TestWithParam<std::string> {};

TEST_P(Corpus, EachMessageGetsWhatExpectedYamlSays) {
  const auto all = expectations();
  ASSERT_EQ(all.count(GetParam()), 1u) << GetParam() << " has no entry in expected.yaml";
  const Expected& e = all.at(GetParam());
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  const Outcome r = run({"receive", game.string(), corpus(GetParam()).string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string entry = last_intake_line(game);
  EXPECT_TRUE(contains(entry, "outcome: " + e.outcome)) << entry;
  if (!e.player.empty()) {
    EXPECT_TRUE(contains(entry, "player: " + e.player)) << entry;
  }
  const auto answers = outbox(game);
  const std::map<std::string, std::string> address = {
      {"red", "anna@example.org"}, {"blue", "joerg@example.org"}, {"yellow", "marie@example.org"}};
  EXPECT_EQ(answers.size(), e.answers.size()) << "one mail to each recipient named, no other";
  for (const auto& [recipient, says] : e.answers) {
    const std::string to = recipient == "gm" ? "spielleiter@example.org" : address.at(e.player);
    ASSERT_EQ(answers.count(to), 1u) << recipient << ": " << to;
    const std::string& text = answers.find(to)->second;
    for (const auto& s : says)
      EXPECT_TRUE(contains(text, s)) << "missing \"" << s << "\" in:\n" << text;
    if (recipient == "player") {
      EXPECT_TRUE(contains(text, "mailgame")) << "the game is in the subject";
      EXPECT_TRUE(contains(text, "auto-replied")) << text;
    }
  }
  const fs::path stored = game / "seasons/01-1618-spring/orders" / (e.player + ".yaml");
  EXPECT_EQ(fs::exists(stored), e.stored);
  if (e.stored) {
    // The receipt is the SHA-256 of the stored file, computed here independently.
    const Outcome sha = testing::run_shell("sha256sum " + testing::shell_quote(stored.string()));
    EXPECT_TRUE(contains(entry, "receipt: " + sha.out.substr(0, 64)) ||
                contains(entry, "receipt: \"" + sha.out.substr(0, 64)))
        << entry;
    EXPECT_TRUE(
        contains(answers.find(address.at(e.player))->second, "Receipt: " + sha.out.substr(0, 64)));
    EXPECT_EQ(run({"check", game.string(), stored.string()}).status, 0)
        << "the stored file is a valid order file";
  }
}

std::vector<std::string> corpus_files() {
  std::vector<std::string> out;
  for (const auto& entry : fs::directory_iterator(corpus())) {
    if (entry.path().extension() == ".eml") out.push_back(entry.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

INSTANTIATE_TEST_SUITE_P(Mail, Corpus, ::testing::ValuesIn(corpus_files()),
                         [](const auto& param_info) {
                           std::string name =
                               param_info.param.substr(0, param_info.param.size() - 4);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(Corpus, EveryExpectationHasItsMessage) {
  const auto files = corpus_files();
  for (const auto& [name, e] : expectations()) {
    EXPECT_TRUE(std::find(files.begin(), files.end(), name) != files.end())
        << name << " is expected but missing";
  }
}

TEST(Intake, TheSameMessageTwiceIsStoredAndAnsweredOnce) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  ASSERT_EQ(run({"receive", game.string(), corpus("thunderbird-attachment.eml").string()}).status,
            0);
  const auto once = testing::snapshot_tree(game);
  const Outcome again =
      run({"receive", game.string(), corpus("thunderbird-attachment.eml").string()});
  ASSERT_EQ(again.status, 0);
  EXPECT_TRUE(contains(again.out, "already handled (accepted")) << again.out;
  EXPECT_EQ(testing::snapshot_tree(game), once)
      << "nothing stored, nothing answered, nothing recorded twice";
}

TEST(Intake, AnAnswerTheServerCouldNotTakeStaysQueuedAndTheNextRunSendsIt) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  // No server on this port: the order is stored, the answer waits in mail/queue/.
  const Outcome first =
      run({"receive", game.string(), corpus("thunderbird-attachment.eml").string(), "--smtp",
           "smtp://127.0.0.1:9"});
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_TRUE(contains(first.err, "stays queued")) << first.err;
  EXPECT_TRUE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
  EXPECT_TRUE(contains(read_text(game / "mail/sent.yaml"), "queue_file:"));
  testing::SmtpServer server((tmp / "maildir").string());
  const Outcome second =
      run({"receive", game.string(), corpus("apple-mail-qp-umlauts.eml").string(), "--smtp",
           server.url()});
  ASSERT_EQ(second.status, 0) << second.err;
  std::set<std::string> to;
  for (const auto& entry : fs::directory_iterator(tmp / "maildir/new")) {
    std::smatch m;
    const std::string text = read_text(entry.path());
    std::regex_search(text, m, std::regex("X-RcptTo: ([^\r\n]+)"));
    to.insert(m[1]);
  }
  EXPECT_EQ(to, (std::set<std::string>{"anna@example.org", "marie@example.org"}))
      << "red's queued answer went too";
  EXPECT_FALSE(contains(read_text(game / "mail/sent.yaml"), "state: queued"));
  EXPECT_TRUE(fs::is_empty(game / "mail/queue"));
}

TEST(Intake, OrdersForASeasonAlreadyResolvedAreTooLate) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  ASSERT_EQ(run({"resolve", game.string(), "--force"}).status, 0);
  ASSERT_EQ(run({"receive", game.string(), corpus("thunderbird-attachment.eml").string()}).status,
            0);
  const auto answers = outbox(game);
  ASSERT_EQ(answers.size(), 2u) << "the player, and the game master who may let them count";
  const std::string& anna = answers.find("anna@example.org")->second;
  EXPECT_TRUE(contains(anna, "Too late: 1618-spring has already been resolved")) << anna;
  EXPECT_TRUE(contains(anna, "The season open now is 1618-summer"));
  EXPECT_TRUE(contains(anna, "passed on to the game master"));
  EXPECT_FALSE(contains(anna, "WARNINGS")) << "checked against 1618-spring, they were fine";
  const std::string& gm = answers.find("spielleiter@example.org")->second;
  EXPECT_TRUE(contains(gm, "not stored: too late")) << gm;
  EXPECT_TRUE(contains(gm, "`wallenstein accept ")) << gm;
  EXPECT_FALSE(fs::exists(game / "seasons/02-1618-summer/orders/red.yaml"));
}

/// `accept` refuses message `id` saying `why`, and nobody is mailed.
void expect_accept_refused(const fs::path& game, const std::string& id, const std::string& why) {
  const std::size_t mailed = outbox(game).size();
  const Outcome accept = run({"accept", game.string(), id});
  EXPECT_EQ(accept.status, 1);
  EXPECT_TRUE(contains(accept.err, why)) << accept.err;
  EXPECT_EQ(outbox(game).size(), mailed) << "nobody is mailed again";
}

// Orders for a season not open (one still to come) were answered "NOT stored" and forwarded,
// but `status` did not list them and `accept` could not store them when their season opened.
TEST(Intake, OrdersForASeasonNotOpenAreListedAndAcceptedOnceItOpens) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  std::string orders = red_orders();
  orders.replace(orders.find("season: 1618-spring"), 19, "season: 1618-summer");
  write_text(tmp / "summer.eml", mail_from_anna("summer", orders));
  const Outcome r = run({"receive", game.string(), (tmp / "summer.eml").string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "red: orders for 1618-summer not for the season open")) << r.out;
  EXPECT_TRUE(contains(last_intake_line(game), "outcome: other_season"));
  const auto answers = outbox(game);
  const std::string& gm = answers.find("spielleiter@example.org")->second;
  EXPECT_TRUE(contains(gm, "Once 1618-summer is open, `wallenstein accept ")) << gm;
  const std::string& anna = answers.find("anna@example.org")->second;
  EXPECT_TRUE(contains(anna, "can still store it once 1618-summer is open")) << anna;
  const std::string listed = run({"status", game.string()}).out;
  EXPECT_TRUE(contains(listed, "Orders not stored (other season): message ")) << listed;
  const std::string id = listed.substr(listed.find("): message ") + 11, 12);

  expect_accept_refused(game, id,
                        "holds orders for 1618-summer, and the season open is 1618-spring: accept "
                        "it once 1618-summer is open");
  EXPECT_FALSE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
  ASSERT_EQ(run({"resolve", game.string(), "--force"}).status, 0);
  const Outcome accepted = run({"accept", game.string(), id});
  ASSERT_EQ(accepted.status, 0) << accepted.out << accepted.err;
  EXPECT_TRUE(fs::exists(game / "seasons/02-1618-summer/orders/red.yaml"));
  EXPECT_FALSE(contains(run({"status", game.string()}).out, "Orders not stored"));
}

// Orders carrying the token of a seat's former holder were refused like a forgery: the former
// holder got no answer and the game master's notice did not say whose token it was.
TEST(Intake, TheFormerHoldersTokenIsNamedAsSuchAndOnlyTheirOwnAddressIsTold) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  const Outcome replaced = run({"player", game.string(), "replace", "red", "--name", "Lena Roth",
                                "--email", "lena@example.org"});
  ASSERT_EQ(replaced.status, 0) << replaced.err;
  write_text(tmp / "anna.eml", mail_from_anna("old-seat", red_orders()));
  const Outcome r = run({"receive", game.string(), (tmp / "anna.eml").string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out,
                       "its token is the one Anna Weber <anna@example.org> held before "
                       "red was handed to Lena Roth"))
      << r.out;
  EXPECT_TRUE(contains(last_intake_line(game), "outcome: bad_token"));
  const auto answers = outbox(game);
  const auto anna = answers.find("anna@example.org");
  ASSERT_NE(anna, answers.end());
  EXPECT_TRUE(contains(anna->second, "handed that seat to another player")) << anna->second;
  const auto gm = answers.find("spielleiter@example.org");
  ASSERT_NE(gm, answers.end());
  EXPECT_TRUE(contains(gm->second,
                       "They were told at the address they played from "
                       "(anna@example.org)"))
      << gm->second;
  EXPECT_FALSE(contains(anna->second, "palace: Koeln")) << "the orders are not echoed";
  EXPECT_FALSE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
  // The same token from another address: nobody but the game master hears of it.
  std::string forged = mail_from_anna("forged", red_orders());
  forged.replace(forged.find("anna@example.org"), 16, "x@elsewhere.example");
  write_text(tmp / "forged.eml", forged);
  ASSERT_EQ(run({"receive", game.string(), (tmp / "forged.eml").string()}).status, 0);
  for (const auto& [to, text] : outbox(game)) EXPECT_NE(to, "x@elsewhere.example");
  // Such a message is no orders kept for later: accept refuses it and mails nobody.
  const std::string kept = last_intake_line(game);
  const std::string sha = kept.substr(kept.find("sha256: ") + 8, 12);
  expect_accept_refused(game, sha,
                        "(its outcome: bad_token); `wallenstein accept` takes only those that "
                        "`wallenstein status` lists");
}

TEST(Intake, AtMostTwentyMessagesOfAPlayerAreAnsweredEachSeason) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  const std::string message = read_text(corpus("rejected-orders.eml"));
  for (int i = 1; i <= 22; ++i) {
    std::string copy = message;
    copy.replace(copy.find("<typo-20261123@example.org>"), 27,
                 "<typo-" + std::to_string(i) + "@example.org>");
    write_text(tmp / "m.eml", copy);
    // Eight a day, under the limit of a day: the season's limit is what stops them.
    const std::string now = "2026-11-2" + std::to_string(3 + (i - 1) / 8) + "T10:00:00Z";
    ASSERT_EQ(run({"receive", game.string(), (tmp / "m.eml").string(), "--now", now}).status, 0);
  }
  const auto answers = outbox(game);
  EXPECT_EQ(answers.count("anna@example.org"), 20u);
  EXPECT_EQ(answers.count("spielleiter@example.org"), 1u) << "the game master hears of it once";
  const std::string intake = read_text(game / "mail/intake.yaml");
  std::size_t limited = 0;
  for (auto at = intake.find("outcome: rate_limited"); at != std::string::npos;
       at = intake.find("outcome: rate_limited", at + 1))
    ++limited;
  EXPECT_EQ(limited, 2u);
}

TEST(Intake, HeadersOfTheMessageCannotAddHeadersToTheAnswer) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  // An encoded line break in References, decoded by GMime (found by fuzzing incoming_mail).
  std::string message = read_text(corpus("rejected-orders.eml"));
  message.replace(message.find("Message-ID:"), 0,
                  "References: =?UTF-8?Q?<report-1@example.org>=0D=0AX-Injected:_yes?=\n "
                  "<report-2@example.org>\n");
  write_text(tmp / "m.eml", message);
  ASSERT_EQ(run({"receive", game.string(), (tmp / "m.eml").string()}).status, 0);
  std::size_t answers = 0;
  for (const auto& entry : fs::directory_iterator(game / "outbox")) {
    ++answers;
    const std::string text = read_text(entry.path());
    EXPECT_FALSE(contains(text, "\nX-Injected")) << text;
    EXPECT_TRUE(contains(text,
                         "\r\nReferences: <report-1@example.org> <report-2@example.org> "
                         "<typo-20261123@example.org>\r\n"))
        << text;
  }
  EXPECT_EQ(answers, 1u);
}

TEST(Intake, WithARootTheOrderNamesItsGame) {
  TempDir tmp;
  fs::create_directories(tmp / "games");
  const fs::path game = mail_game(tmp, "games/mailgame");
  ASSERT_EQ(testing::run_shell("cp -r " + testing::shell_quote(game.string()) + " " +
                               testing::shell_quote((tmp / "games/other").string()))
                .status,
            0);
  const Outcome r = run(
      {"receive", "--root", (tmp / "games").string(), corpus("gmail-quoted-reply.eml").string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "mailgame: red: orders for 1618-spring accepted")) << r.out;
  EXPECT_TRUE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
  EXPECT_FALSE(fs::exists(tmp / "games/other/seasons/01-1618-spring/orders/red.yaml"));
  const Outcome unknown =
      testing::run_shell("sed 's/game: mailgame/game: nosuchgame/' " +
                         testing::shell_quote(corpus("rejected-orders.eml").string()) + " | " +
                         testing::shell_quote(testing::wallenstein_binary()) + " receive --root " +
                         testing::shell_quote((tmp / "games").string()));
  EXPECT_EQ(unknown.status, 0) << "mail to no game is not answered, never bounced";
  EXPECT_TRUE(contains(unknown.out, "no game \"nosuchgame\"")) << unknown.out;
}

TEST(Intake, WithARootMailToNoGameIsKeptOnceForTheGameMaster) {
  TempDir tmp;
  fs::create_directories(tmp / "games");
  const fs::path game = mail_game(tmp, "games/mailgame");
  std::string message = read_text(corpus("rejected-orders.eml"));
  message.replace(message.find("game: mailgame"), 14, "game: mailgaem");
  write_text(tmp / "typo.eml", message);
  const auto receive = [&] {
    return run({"receive", "--root", (tmp / "games").string(), (tmp / "typo.eml").string()});
  };
  const Outcome first = receive();
  ASSERT_EQ(first.status, 0) << first.err;
  const fs::path kept_dir = tmp / "games/.unrouted";
  ASSERT_TRUE(fs::is_directory(kept_dir)) << first.out;
  EXPECT_EQ(fs::status(kept_dir).permissions(), fs::perms::owner_all) << "orders carry tokens";
  std::vector<fs::path> kept;
  for (const auto& entry : fs::directory_iterator(kept_dir)) kept.push_back(entry.path());
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(read_text(kept[0]), message) << "the message is kept byte for byte";
  EXPECT_TRUE(contains(first.out, "no game \"mailgaem\"")) << first.out;
  EXPECT_TRUE(contains(first.out, "kept as " + kept[0].string())) << first.out;
  EXPECT_FALSE(fs::exists(game / "outbox") && !fs::is_empty(game / "outbox"))
      << "nobody is answered";

  const Outcome again = receive();
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_TRUE(contains(again.out, "kept before as " + kept[0].string())) << again.out;
  EXPECT_EQ(std::distance(fs::directory_iterator(kept_dir), fs::directory_iterator()), 1);

  const Outcome status = run({"status", "--root", (tmp / "games").string()});
  EXPECT_EQ(status.status, 0) << status.err << "the kept mail is no game of the root";
  EXPECT_TRUE(contains(status.out, "\n1 message in " + kept_dir.string() +
                                       " named a game that is not here (a misspelt name?): read, "
                                       "then remove them.\n"))
      << status.out;
  const Outcome json = run({"status", "--root", (tmp / "games").string(), "--json"});
  EXPECT_TRUE(contains(json.out, "\"unrouted\": 1")) << json.out;

  // Mail that names no game at all (automatic mail, spam) is not worth keeping.
  write_text(tmp / "spam.eml",
             "From: x@spam.example\nTo: gm@example.org\nSubject: offer\n\nBuy now.\n");
  const Outcome spam =
      run({"receive", "--root", (tmp / "games").string(), (tmp / "spam.eml").string()});
  ASSERT_EQ(spam.status, 0) << spam.err;
  EXPECT_TRUE(contains(spam.out, "no game named in the message")) << spam.out;
  EXPECT_FALSE(contains(spam.out, "kept")) << spam.out;
  EXPECT_EQ(std::distance(fs::directory_iterator(kept_dir), fs::directory_iterator()), 1);
}

TEST(Intake, ARootThatIsNoDirectoryOfGamesIsRefusedBeforeAnyMessageIsRead) {
  TempDir tmp;
  const fs::path game = mail_game(tmp, "mailgame");
  const std::string message = corpus("rejected-orders.eml").string();
  const Outcome typo = run({"receive", "--root", (tmp / "gmaes").string(), message});
  EXPECT_EQ(typo.status, 2);
  EXPECT_TRUE(contains(typo.err, "--root " + (tmp / "gmaes").string() + " is not a directory"))
      << typo.err;
  EXPECT_FALSE(fs::exists(tmp / "gmaes")) << "a typo creates no directory";
  const Outcome inside = run({"receive", "--root", game.string(), message});
  EXPECT_EQ(inside.status, 2);
  EXPECT_TRUE(contains(inside.err, "is a game directory; give it without --root")) << inside.err;
  EXPECT_FALSE(fs::exists(game / ".unrouted"));
}

TEST(Tokens, OnlyAPlayersOwnOrderTemplateCarriesTheirToken) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  ASSERT_EQ(run({"report", game.string()}).status, 0);
  std::map<std::string, std::string> tokens;
  for (const char* id : {"red", "blue", "yellow"})
    tokens[id] = run({"player", game.string(), "token", id}).out.substr(0, 20);
  for (const auto& entry : fs::directory_iterator(game / "seasons/01-1618-spring/reports")) {
    const std::string name = entry.path().filename().string();
    const std::string text = read_text(entry.path());
    for (const auto& [id, token] : tokens) {
      const bool own = name == "orders-1618-spring-" + id + ".yaml";
      EXPECT_EQ(contains(text, token), own) << name << " and the token of " << id;
    }
  }
  const Outcome shown = run({"show", game.string(), "--json"});
  for (const auto& [id, token] : tokens) EXPECT_FALSE(contains(shown.out, token));
}

TEST(Tokens, ANewTokenReplacesALeakedOne) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  const Outcome renewed = run({"player", game.string(), "token", "red", "--new"});
  ASSERT_EQ(renewed.status, 0) << renewed.err;
  ASSERT_EQ(run({"receive", game.string(), corpus("thunderbird-attachment.eml").string()}).status,
            0);
  EXPECT_TRUE(contains(last_intake_line(game), "outcome: bad_token"));
  EXPECT_FALSE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
}

TEST(Tokens, SubmitRefusesAFileWithAnotherPlayersToken) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  const std::string blue_token = run({"player", game.string(), "token", "blue"}).out.substr(0, 20);
  std::string orders = read_text(corpus("rejected-orders.eml"));
  orders = orders.substr(orders.find("game: mailgame"));
  orders.replace(orders.find("Kolen"), 5, "Koeln");
  orders.replace(orders.find("nvhmtsaugw6cazmrxu2n"), 20, blue_token);
  write_text(tmp / "red.yaml", orders);
  const Outcome r = run({"submit", game.string(), (tmp / "red.yaml").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "red.yaml:4:8: error: this is not the token of red")) << r.err;
  EXPECT_FALSE(contains(r.err, blue_token)) << "a token is never echoed";
}

TEST(Fetch, HandlesEachNewMessageOnceAndMarksIt) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  testing::ImapServer imap((tmp / "dovecot").string(), "gm", "imap-secret");
  testing::SmtpServer smtp((tmp / "replies").string());
  for (const char* m : {"thunderbird-attachment.eml", "outlook-html-only.eml", "bounce.eml"})
    imap.deliver(corpus(m).string());
  const std::vector<std::string> fetch = {"fetch",
                                          game.string(),
                                          "--imap",
                                          imap.url(),
                                          "--imap-user",
                                          "gm",
                                          "--imap-password-env",
                                          "TEST_IMAP_PASSWORD",
                                          "--smtp",
                                          smtp.url()};
  std::string line =
      "TEST_IMAP_PASSWORD=imap-secret " + testing::shell_quote(testing::wallenstein_binary());
  for (const auto& a : fetch) line += " " + testing::shell_quote(a);
  const Outcome first = testing::run_shell(line);
  ASSERT_EQ(first.status, 0) << first.out << first.err;
  EXPECT_TRUE(contains(first.out, "Fetched 3 messages")) << first.out;
  EXPECT_TRUE(contains(first.out, "3 handled and marked $WallensteinDone")) << first.out;
  EXPECT_FALSE(contains(first.out + first.err, "imap-secret"));
  EXPECT_TRUE(fs::exists(game / "seasons/01-1618-spring/orders/red.yaml"));
  EXPECT_TRUE(fs::exists(game / "seasons/01-1618-spring/orders/blue.yaml"));
  std::size_t replies = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(tmp / "replies/new")) ++replies;
  EXPECT_EQ(replies, 2u) << "two answers; the bounce got none";
  const Outcome second = testing::run_shell(line);
  EXPECT_TRUE(contains(second.out, "Fetched 0 messages")) << second.out;
  EXPECT_EQ(imap.count(), 3u) << "handled mail stays in the mailbox, marked";
}

TEST(Fetch, MovesHandledMailToAFolderWhenDoneNamesOne) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  testing::ImapServer imap((tmp / "dovecot").string(), "gm", "pw");
  imap.deliver(corpus("apple-mail-qp-umlauts.eml").string());
  std::string line = "PW=pw " + testing::shell_quote(testing::wallenstein_binary()) + " fetch " +
                     testing::shell_quote(game.string()) + " --imap " + imap.url() +
                     " --imap-user gm --imap-password-env PW --done Handled";
  const Outcome r = testing::run_shell(line);
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(imap.count(), 0u);
  EXPECT_EQ(imap.count("Handled"), 1u);
  EXPECT_TRUE(contains(testing::run_shell(line).out, "Fetched 0 messages"));
}

/// The messages the SMTP server took for `to` that say `what`, decoded, one after another.
std::string delivered_to(const fs::path& maildir, const std::string& to, const std::string& what) {
  std::string out;
  for (const std::string& m : testing::decoded_messages(maildir, true))
    if (contains(m, "To: ") && contains(m, to) && contains(m, what)) out += m;
  return out;
}

// Orders that reached the mailbox before the deadline while it could not be read were told
// "too late" once it could: the player and the game master now learn that they came in time, and
// how the game master can still play them.
TEST(TickWithImap, OrdersThatReachedAnUnreadableMailboxBeforeTheDeadlineAreToldSoAfterTheResolve) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  testing::SmtpServer smtp((tmp / "replies").string());
  std::string config = read_text(game / "game.yaml");
  config.replace(config.find("mail:\n"), 6,
                 "mail:\n  imap: {url: \"imap://127.0.0.1:1/INBOX\", starttls: false, user: gm, "
                 "password_env: TEST_IMAP_PASSWORD}\n");
  write_text(game / "game.yaml",
             config + "schedule: {timezone: UTC, deadline: \"sun 20:00\", reminders: [48h]}\n");
  auto tick = [&](const std::string& now) {
    return testing::run_shell(
        "TEST_IMAP_PASSWORD=imap-secret " + testing::shell_quote(testing::wallenstein_binary()) +
        " tick " + testing::shell_quote(game.string()) + " --smtp " + smtp.url() + " --now " + now);
  };
  ASSERT_EQ(tick("2026-11-23T09:00:00Z").status, 0);
  // Anna's orders reach the server on Friday; the mailbox cannot be read until after Sunday's
  // deadline, and the season is resolved without them.
  testing::ImapServer imap((tmp / "dovecot").string(), "gm", "imap-secret");
  write_text(tmp / "anna.eml", mail_from_anna("friday", red_orders()));
  imap.deliver((tmp / "anna.eml").string(), parse_instant("2026-11-27T10:00:00Z").value());
  const Outcome resolved = tick("2026-11-29T20:01:00Z");
  ASSERT_TRUE(contains(resolved.out, "resolved 1618-spring at the deadline")) << resolved.out;
  testing::replace_in_file(game / "game.yaml", "imap://127.0.0.1:1/INBOX", imap.url());
  const Outcome back = tick("2026-11-29T21:00:00Z");
  ASSERT_EQ(back.status, 0) << back.out << back.err;
  EXPECT_TRUE(contains(last_intake_line(game), "outcome: too_late"));
  const std::string anna = delivered_to(tmp / "replies", "anna@example.org", "too late for");
  EXPECT_TRUE(contains(anna, "reached the game's mailbox on Friday 27 November 2026, 10:00 UTC"))
      << anna;
  const std::string gm = delivered_to(tmp / "replies", "spielleiter@", "not stored: too late");
  EXPECT_TRUE(contains(gm, "before the deadline (Sunday 29 November 2026, 20:00 UTC)")) << gm;
  EXPECT_TRUE(contains(gm, "wallenstein accept")) << gm;

  // Orders that reached it after the deadline are only too late.
  write_text(tmp / "late.eml", mail_from_anna("monday", red_orders("Trier")));
  imap.deliver((tmp / "late.eml").string(), parse_instant("2026-11-30T08:00:00Z").value());
  ASSERT_EQ(tick("2026-11-30T09:00:00Z").status, 0);
  const std::string both = delivered_to(tmp / "replies", "anna@example.org", "too late for");
  EXPECT_TRUE(contains(both, "Too late: 1618-spring has already been resolved")) << both;
  EXPECT_EQ(both.find("reached the game's mailbox"), both.rfind("reached the game's mailbox"))
      << "only the first of the two answers says so";
}

TEST(TickWithImap, FetchesMailedOrdersAnswersThemAndRemindsOnlyThoseStillMissing) {
  TempDir tmp;
  const fs::path game = mail_game(tmp);
  testing::ImapServer imap((tmp / "dovecot").string(), "gm", "imap-secret");
  testing::SmtpServer smtp((tmp / "replies").string());
  std::string config = read_text(game / "game.yaml");
  config.replace(config.find("mail:\n"), 6,
                 "mail:\n  imap: {url: \"" + imap.url() +
                     "\", starttls: false, user: gm, password_env: TEST_IMAP_PASSWORD}\n");
  write_text(game / "game.yaml",
             config + "schedule: {timezone: UTC, deadline: \"sun 20:00\", reminders: [48h]}\n");
  for (const char* m : {"thunderbird-attachment.eml", "outlook-html-only.eml"})
    imap.deliver(corpus(m).string());
  auto tick = [&](const std::string& now) {
    return testing::run_shell(
        "TEST_IMAP_PASSWORD=imap-secret " + testing::shell_quote(testing::wallenstein_binary()) +
        " tick " + testing::shell_quote(game.string()) + " --smtp " + smtp.url() + " --now " + now);
  };
  const Outcome first = tick("2026-11-23T09:00:00Z");
  ASSERT_EQ(first.status, 0) << first.out << first.err;
  EXPECT_TRUE(contains(first.out, "game: fetched 2 messages from ")) << first.out;
  EXPECT_TRUE(contains(
      first.out,
      "2 handled and marked $WallensteinDone, 2 answers sent; 1618-spring: waiting for Marie "
      "Dubois (yellow)"))
      << first.out;
  EXPECT_FALSE(contains(first.out + first.err, "imap-secret"));
  const Outcome later = tick("2026-11-27T21:00:00Z");
  EXPECT_TRUE(contains(later.out, "1 reminder sent")) << later.out;
  std::map<std::string, int> to;
  for (const auto& entry : fs::directory_iterator(tmp / "replies/new")) {
    const std::string text = read_text(entry.path());
    for (const char* who : {"anna@", "joerg@", "marie@"})
      to[who] += contains(text, std::string("<") + who) ? 1 : 0;
  }
  EXPECT_EQ(to["anna@"], 2) << "her opening report and her receipt";
  EXPECT_EQ(to["joerg@"], 2) << "his opening report and his receipt";
  EXPECT_EQ(to["marie@"], 2)
      << "her opening report and the reminder: hers are the only orders missing";
}

}  // namespace
}  // namespace wallenstein
