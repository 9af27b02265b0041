#include "support/mail_games.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "support/run_binary.hpp"

namespace wallenstein::testing {
namespace fs = std::filesystem;

fs::path corpus(const std::string& name) { return source_path("tests/mail/corpus/" + name); }

fs::path mail_game(const TempDir& tmp, const std::string& dir) {
  write_text(tmp / "def.yaml", R"(name: mailgame
players:
  - {id: red, name: "Anna Weber", email: "anna@example.org"}
  - {id: blue, name: "Jörg Krämer", email: "joerg@example.org"}
  - {id: yellow, name: "Marie Dubois", email: "marie@example.org"}
mail:
  from: "Wallenstein GM <gm@example.org>"
  gm: "Spielleiter <spielleiter@example.org>"
)");
  fs::path game = tmp / dir;
  const Outcome r = run_wallenstein(
      {"new", game.string(), "--from", (tmp / "def.yaml").string(), "--seed", "123456789012"});
  EXPECT_EQ(r.status, 0) << r.err;
  return game;
}

std::string mail_from_anna(const std::string& id, const std::string& body,
                           const std::string& content_type) {
  return "From: Anna Weber <anna@example.org>\nTo: gm@example.org\nSubject: orders\n"
         "Message-ID: <" +
         id + "@example.org>\nDate: Mon, 23 Nov 2026 15:30:00 +0100\nMIME-Version: 1.0\n" +
         "Content-Type: " + content_type + "\nContent-Transfer-Encoding: 8bit\n\n" + body;
}

std::string red_orders(const std::string& palace) {
  return "game: mailgame\nplayer: red\nseason: 1618-spring\ntoken: " + std::string(kRedToken) +
         "\nactions:\n  palace: " + palace +
         "\n  church: Trier\n  trading_house: Gft. Mark\n  grain: Passau\n  taxes: Osnabrueck\n"
         "  armies5: Vogtland\n  armies3: Niederoesterreich\n  army1: Oberoesterreich\n"
         "  battle_a: none\n  battle_b: none\nbid: saechs_lande\nturn_order: [attack, defense]\n";
}

std::multimap<std::string, std::string> outbox(const fs::path& game) {
  std::multimap<std::string, std::string> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(game / "outbox", ec)) {
    const std::string text = read_text(entry.path());
    std::smatch to;
    std::regex_search(text, to, std::regex("\nTo: [^\r\n]*<([^>]+)>"));
    // The body is quoted-printable: decode it with Python's email package for the checks.
    const Outcome decoded = run_shell(
        "/usr/bin/python3 -c 'import email,sys; from email import policy; "
        "m=email.message_from_bytes(open(sys.argv[1],\"rb\").read(),policy=policy.default); "
        "print(m[\"Subject\"]); print(m[\"In-Reply-To\"]); print(m[\"Auto-Submitted\"]); "
        "print(m.get_body((\"plain\",)).get_content()); "
        "[print(\"attached:\", a.get_filename()) for a in m.iter_attachments()]' " +
        shell_quote(entry.path().string()));
    out.emplace(to[1], decoded.out);
  }
  return out;
}

std::vector<std::string> decoded_messages(const fs::path& dir, bool maildir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return {};
  const Outcome r =
      run_shell("/usr/bin/python3 " + shell_quote(source_path("tests/mail/read_mail.py").string()) +
                (maildir ? " --maildir " : " --eml ") + shell_quote(dir.string()));
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::string> out;
  for (const auto& m : nlohmann::json::parse(r.out)) {
    std::string text = "To: " + m["to"].get<std::string>() +
                       "\nSubject: " + m["subject"].get<std::string>() + "\n\n";
    for (const auto& part : m["parts"]) {
      if (part.contains("text")) text += part["text"].get<std::string>() + "\n";
    }
    out.push_back(std::move(text));
  }
  return out;
}

std::string last_intake_line(const fs::path& game) {
  const std::string text = read_text(game / "mail/intake.yaml");
  return text.substr(text.rfind("  - {"));
}

}  // namespace wallenstein::testing
