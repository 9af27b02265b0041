#pragma once

// The mail tests' game and corpus: one game whose tokens the corpus messages carry, and what the
// program answered.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/temp_dir.hpp"

namespace wallenstein::testing {

/// A message of tests/mail/corpus/ (or the folder itself).
std::filesystem::path corpus(const std::string& name = "");

/// The corpus's game "mailgame" in `tmp / dir`: 3 players (red Anna Weber, blue Jörg Krämer,
/// yellow Marie Dubois), seed 123456789012, so its tokens are the ones the corpus holds.
std::filesystem::path mail_game(const TempDir& tmp, const std::string& dir = "game");

/// red's token in the corpus's game.
inline constexpr const char* kRedToken = "nvhmtsaugw6cazmrxu2n";

/// A plain-text mail from Anna Weber (red) with `body`, its Message-ID `<id@example.org>`.
std::string mail_from_anna(const std::string& id, const std::string& body,
                           const std::string& content_type = "text/plain; charset=utf-8");

/// red's valid orders for 1618-spring in the corpus's game, with her token; `palace` varies them.
std::string red_orders(const std::string& palace = "Koeln");

/// The answers written to the game's outbox, by recipient address: subject, In-Reply-To,
/// Auto-Submitted and the decoded text, one per line.
std::multimap<std::string, std::string> outbox(const std::filesystem::path& game);

/// Every message of a Maildir (`maildir`) or every .eml file of a directory, decoded by Python's
/// email package: "To: ...", "Subject: ..." lines, then the text of each text part.
std::vector<std::string> decoded_messages(const std::filesystem::path& dir, bool maildir);

/// The last entry of mail/intake.yaml.
std::string last_intake_line(const std::filesystem::path& game);

}  // namespace wallenstein::testing
