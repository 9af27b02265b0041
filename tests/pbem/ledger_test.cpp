// The mail ledger (mail/sent.yaml): what is read is what the file says at that moment.

#include "pbem/mail/ledger.hpp"

#include <gtest/gtest.h>

#include "pbem/files/diagnostic.hpp"
#include "support/temp_dir.hpp"

namespace pbem::mail {
namespace {

namespace fs = std::filesystem;
using wallenstein::testing::TempDir;
using wallenstein::testing::write_text;

LedgerEntry sent(const std::string& key, const std::string& to) {
  LedgerEntry e;
  e.key = key;
  e.message_id = "<" + key + "@example.org>";
  e.to = to;
  e.state = Delivery::sent;
  e.at = "2026-11-29T20:00:00Z";
  return e;
}

TEST(Ledger, ALedgerReadAgainAfterItsFileChangedIsWhatTheFileSaysNow) {
  TempDir tmp;
  const fs::path root = tmp / "game";
  Ledger first;
  first.record(sent("01-1618-spring/report/red", "red@example.org"));
  write_text(root / Ledger::relative_path(), first.text());
  ASSERT_EQ(Ledger::load(root).entries().size(), 1U);
  EXPECT_EQ(Ledger::load(root).entries().size(), 1U) << "the same bytes, read twice";

  Ledger second = first;
  second.record(sent("01-1618-spring/report/blue", "blue@example.org"));
  write_text(root / Ledger::relative_path(), second.text());
  const Ledger now = Ledger::load(root);
  ASSERT_EQ(now.entries().size(), 2U);
  EXPECT_EQ(now.entries()[1].to, "blue@example.org");

  // A ledger broken since it was last read is refused, not answered from memory.
  write_text(root / Ledger::relative_path(), second.text() + "  - {oops\n");
  EXPECT_THROW(Ledger::load(root), InputError);
  write_text(root / Ledger::relative_path(), second.text());
  EXPECT_EQ(Ledger::load(root).entries().size(), 2U);
}

}  // namespace
}  // namespace pbem::mail
