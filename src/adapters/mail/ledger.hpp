#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "adapters/files.hpp"

namespace wallenstein::mail {

/// One message the transport accepted.
struct SentEntry {
  std::string key;         ///< season directory / kind / player: what must never go twice
  std::string message_id;
  std::string to;
  std::string via;
  std::string at;          ///< date it was accepted
};

/// Parses mail/sent.yaml; every problem is an InputError at its line.
std::vector<SentEntry> read_ledger(const SourceFile& source);

/// The game's record of sent mail (mail/sent.yaml): a rerun skips what is in it, so a failure
/// halfway resumes without duplicates. Each accepted message is recorded at once, atomically.
class Ledger {
 public:
  explicit Ledger(std::filesystem::path file);
  bool sent(const std::string& key) const;
  void record(SentEntry entry);
  const std::vector<SentEntry>& entries() const { return entries_; }

 private:
  void save() const;
  std::filesystem::path file_;
  std::vector<SentEntry> entries_;
};

}  // namespace wallenstein::mail
