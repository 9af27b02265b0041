// A whole game by mail with a French, a German and an English player (interfaces 8): orders
// come in as mail (`receive`, as from a mail server's pipe), the answers and every season's
// report go out over SMTP to Debian's aiosmtpd on 127.0.0.1, and each message a player gets is
// read for English words: a French or German player reads none outside the province names, the
// order file's keys and the game's own names.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "support/run_binary.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using testing::Outcome;
using testing::read_text;
using testing::SmtpServer;
using testing::TempDir;
using testing::write_text;

Json read_maildir(const fs::path& dir) {
  const Outcome r = testing::run_shell(
      "/usr/bin/python3 " +
      testing::shell_quote(testing::source_path("tests/mail/read_mail.py").string()) +
      " --maildir " + testing::shell_quote(dir.string()));
  EXPECT_EQ(r.status, 0) << r.err;
  return Json::parse(r.out);
}

/// Words of English prose that are no words of French or German: one of them in a French or
/// German player's mail is English left untranslated. The order file's keys (`game`, `player`,
/// `season`, `bid`...), which every language shows as they are written, are not among them.
const std::set<std::string>& english_words() {
  static const std::set<std::string> words = {
      "the",       "your",     "you",      "orders", "and",      "with",     "from",     "seasons",
      "this",      "that",     "have",     "has",    "of",       "to",       "for",      "not",
      "were",      "which",    "when",     "what",   "who",      "each",     "every",    "army",
      "armies",    "players",  "games",    "bids",   "deadline", "reminder", "stored",   "sent",
      "been",      "yet",      "next",     "here",   "there",    "please",   "must",     "only",
      "more",      "than",     "happened", "won",    "lost",     "peasant",  "peasants", "revolts",
      "buildings", "provinces"};
  return words;
}

/// A text without what stays the same in every language: order-file keys and values (a line's
/// `key:` and what follows it, outside comments), the season ids (1618-spring), file names,
/// addresses and links.
std::string prose_of(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  static const std::regex yaml_line(R"(^\s*-?\s*[a-z_0-9]+:.*$)");
  // An order file quoted line by line in a receipt: "  5 | palace: Atlantis".
  static const std::regex quoted_line(R"(^\s*\d+\s*\|.*$)");
  static const std::regex ids(R"(\b16\d\d-[a-z]+\b|[A-Za-z0-9_.+-]+@[A-Za-z0-9.-]+|)"
                              R"([a-z0-9_-]+\.(yaml|png|txt|html|eml)\b|https?://\S+|`[^`]*`)");
  for (std::string line; std::getline(in, line);) {
    // An order file's key line keeps its comment, which is prose.
    if (std::regex_match(line, quoted_line)) continue;
    if (std::regex_match(line, yaml_line)) {
      const auto hash = line.find(" #");
      line = hash == std::string::npos ? std::string() : line.substr(hash);
    }
    out += std::regex_replace(line, ids, " ") + "\n";
  }
  return out;
}

/// The English words of `text`, each once, with the line it is on.
std::map<std::string, std::string> english_in(const std::string& text) {
  std::map<std::string, std::string> found;
  const std::string prose = prose_of(text);
  std::istringstream in(prose);
  for (std::string line; std::getline(in, line);) {
    std::string word;
    for (std::size_t i = 0; i <= line.size(); ++i) {
      const unsigned char c = i < line.size() ? static_cast<unsigned char>(line[i]) : ' ';
      if (std::isalpha(c) || c >= 0x80) {
        word += static_cast<char>(c);
        continue;
      }
      std::string lower;
      for (char ch : word) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      if (english_words().count(lower) != 0 && !found.count(lower)) found[lower] = line;
      word.clear();
    }
  }
  return found;
}

/// A plain-text mail from `from` with `body`.
std::string mail_from(const std::string& from, const std::string& id, const std::string& subject,
                      const std::string& body) {
  return "From: " + from + "\nTo: gm@example.org\nSubject: " + subject + "\nMessage-ID: <" + id +
         "@example.org>\nDate: Fri, 27 Nov 2026 10:00:00 +0000\n"
         "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
         "Content-Transfer-Encoding: 8bit\n\n" +
         body;
}

struct Player {
  std::string id;
  std::string address;
  std::string language;
};

const std::vector<Player> kPlayers = {{"red", "Anna Weber <anna@example.org>", "en"},
                                      {"blue", "Jörg Krämer <joerg@example.org>", "de"},
                                      {"yellow", "Marie Dubois <marie@example.org>", "fr"}};

TEST(LanguagesByMail, EachPlayerReadsAWholeGamesMailInTheirOwnLanguage) {
  TempDir tmp;
  SmtpServer server((tmp / "maildir").string());
  write_text(tmp / "def.yaml",
             "name: sprachen\nlanguage: en\nexpansions: [court, landsknechte, leaders]\n"
             "players:\n"
             "  - {id: red, name: \"Anna Weber\", email: \"anna@example.org\"}\n"
             "  - {id: blue, name: \"Jörg Krämer\", email: \"joerg@example.org\", language: de}\n"
             "  - {id: yellow, name: \"Marie Dubois\", email: \"marie@example.org\", "
             "language: fr}\n"
             "mail:\n  from: \"Spielleiter <gm@example.org>\"\n  smtp: {url: \"" +
                 server.url() + "\", starttls: false}\n");
  const fs::path game = tmp / "sprachen";
  const Outcome created = testing::run_wallenstein(
      {"new", game.string(), "--from", (tmp / "def.yaml").string(), "--seed", "4711"});
  ASSERT_EQ(created.status, 0) << created.err;
  const YAML::Node config = YAML::LoadFile((game / "game.yaml").string());
  std::map<std::string, std::string> tokens;
  for (const auto& p : config["players"]) tokens[p["id"].Scalar()] = p["token"].Scalar();
  ASSERT_EQ(testing::run_wallenstein({"mail", game.string()}).status, 0);  // the openings

  int mails = 0;
  const auto receive = [&](const std::string& raw) {
    const fs::path file = tmp / ("in" + std::to_string(++mails) + ".eml");
    write_text(file, raw);
    const Outcome r = testing::run_wallenstein({"receive", game.string(), file.string()});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
  };
  for (const Player& p : kPlayers) {  // a command, and orders full of mistakes
    receive(mail_from(p.address, "status-" + p.id, "status", "status\n"));
    receive(mail_from(p.address, "bad-" + p.id, "orders",
                      "game: sprachen\nplayer: " + p.id + "\nseason: 1618-spring\ntoken: " +
                          tokens[p.id] + "\npalace: Atlantis\nbid: 9\n"));
  }
  for (int season = 1; season <= 6; ++season) {
    for (const Player& player : kPlayers) {  // the bot's orders, as a player would send them
      const Outcome suggested =
          testing::run_wallenstein({"suggest", game.string(), "--player", player.id});
      ASSERT_EQ(suggested.status, 0) << suggested.err;
      ASSERT_NE(suggested.out.find("token: " + tokens[player.id]), std::string::npos);
      receive(mail_from(player.address, "orders-" + player.id + std::to_string(season), "orders",
                        suggested.out));
    }
    const Outcome resolved = testing::run_wallenstein({"resolve", game.string()});
    ASSERT_EQ(resolved.status, 0) << resolved.err;
    const Outcome mailed = testing::run_wallenstein({"mail", game.string()});
    ASSERT_EQ(mailed.status, 0) << mailed.err;
  }

  const Json messages = read_maildir(tmp / "maildir");
  std::map<std::string, int> received;
  for (const Json& m : messages) {
    const std::string to = m["to"].get<std::string>();
    const auto player = std::find_if(kPlayers.begin(), kPlayers.end(), [&](const Player& p) {
      return p.address.find(to.substr(to.find('<') + 1, to.find('>') - to.find('<') - 1)) !=
             std::string::npos;
    });
    if (player == kPlayers.end()) continue;  // the game master's
    ++received[player->id];
    std::string all = m["subject"].get<std::string>() + "\n";
    for (const Json& part : m["parts"]) {
      if (part.contains("text") && part["type"] == "text/plain")
        all += part["text"].get<std::string>() + "\n";
    }
    const auto english = english_in(all);
    if (player->language == "en") {
      EXPECT_FALSE(english.empty()) << "the English player reads English";
      continue;
    }
    for (const auto& [word, line] : english) {
      ADD_FAILURE() << player->id << " (" << player->language << ") reads the English \"" << word
                    << "\" in \"" << m["subject"].get<std::string>() << "\": " << line;
    }
  }
  // The opening, the command's answer, the refusal, seven reports (the last the final one) and
  // six receipts: every kind of message each player gets in a game without a schedule.
  for (const Player& p : kPlayers) EXPECT_GE(received[p.id], 15) << p.id;
}

}  // namespace
}  // namespace wallenstein
