#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace pbem::mail {

/// One received message and what became of it (interfaces 5).
struct IntakeEntry {
  std::string message_id;  ///< as received (may be empty)
  std::string sha256;      ///< of the raw message
  std::string from;        ///< the sender's address as the message claims it
  std::string player;      ///< the player the order names (empty when none was found)
  std::string season;      ///< the season the order names
  std::string outcome;     ///< accepted, rejected, too_late, game_over, bad_token, automatic, ...
  std::string receipt;     ///< SHA-256 of the stored order file (accepted only)
  std::string reply;       ///< the reply's Message-ID (empty: no reply)
  std::string at;          ///< when it was handled (RFC 5322, in UTC)
  std::string notice;      ///< the game master's notice about it (empty: none)
};

/// The day of an RFC 5322 date as the program writes it ("Thu, 26 Nov 2026 10:00:00 +0000" gives
/// "26 Nov 2026"): the answers and notices of a day are counted by it.
std::string day_of(const std::string& rfc5322);

/// The game's record of received mail, `mail/intake.yaml`: a message seen again (same
/// Message-ID or same bytes) is neither stored nor answered twice.
class IntakeLedger {
 public:
  static IntakeLedger load(const std::filesystem::path& game_root);
  static std::filesystem::path relative_path() { return "mail/intake.yaml"; }

  /// The entry of a message already handled, by its Message-ID or its bytes.
  const IntakeEntry* find(const std::string& message_id, const std::string& sha256) const;
  /// How many messages of a player were answered this season (the limit is 20).
  int answered(const std::string& player, const std::string& season) const;
  /// How many messages of a player for a season had an outcome.
  int count(const std::string& player, const std::string& season, const std::string& outcome) const;
  /// How many answers went to a player on the day of `at`, whatever the messages were.
  int answered_on(const std::string& player, const std::string& at) const;
  /// How many notices the game master got on the day of `at` about messages from `from` (or
  /// from anyone, when `from` is empty).
  int noticed_on(const std::string& from, const std::string& at) const;
  /// The player's accepted messages for a season whose stored order had this receipt.
  std::vector<const IntakeEntry*> accepted_with(const std::string& player,
                                                const std::string& season,
                                                const std::string& receipt) const;
  void record(IntakeEntry entry);
  const std::vector<IntakeEntry>& entries() const { return entries_; }
  std::string text() const;

 private:
  std::vector<IntakeEntry> entries_;
};

}  // namespace pbem::mail
