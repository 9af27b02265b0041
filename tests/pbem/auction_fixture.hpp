#pragma once

// What the auction's tests share: the clock, the first round's times and three bidders.

#include <chrono>
#include <string>

#include "pbem/host/host_config.hpp"
#include "pbem/host/schedule.hpp"

namespace auction::testing {

inline pbem::Instant at(const char* text) { return *pbem::parse_instant(text); }

// The game opens on Monday 2026-11-23 at noon; bids are due on Sunday 2026-11-29 at 20:00 UTC.
inline constexpr const char* kOpened = "2026-11-23T12:00:00Z";
inline constexpr const char* kDeadline = "2026-11-29T20:00:00Z";

/// Anna, Ben and Cleo with their tokens; bids due on Sundays at 20:00, an early resolve after 30
/// quiet minutes, no reminders, no gate.
inline pbem::HostConfig three_bidders() {
  using namespace std::chrono_literals;
  pbem::HostConfig host;
  host.name = "lots";
  host.players = {{"a", "Anna", "anna@example.org", "token-of-anna-0001"},
                  {"b", "Ben", "ben@example.org", "token-of-ben-00002"},
                  {"c", "Cleo", "cleo@example.org", "token-of-cleo-0003"}};
  host.mail.from = "Auctioneer <gm@auction.example>";
  pbem::Schedule s;
  std::string problem;
  s.deadline = *pbem::parse_deadline_rule("sun 20:00", problem);
  s.hold_back = 30min;
  s.max_missing = 3;
  host.schedule = s;
  return host;
}

}  // namespace auction::testing
