#pragma once

// The operations of src/wallenstein/host as the commands call them: with the command line's
// directories, clock and mailbox.

#include <filesystem>
#include <string>

#include "pbem/host/schedule.hpp"
#include "wallenstein/host/game.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::app {

struct Invocation;

/// The data and templates directories of a command (`--templates`, or the installed ones).
Resources resources(const Invocation& in);

/// The time now: `--now TIME` where the command takes it (tests, catching up), else the clock.
/// Only the adapters read it; the rules core never sees a clock.
Instant clock_now(const Invocation& in);

/// Polls a game's IMAP mailbox (game.yaml mail.imap) and receives each new message, as `fetch`
/// does; returns a summary ("fetched 2 messages from ..., 2 handled").
std::string fetch_orders(const Invocation& in, const std::filesystem::path& game_dir);

}  // namespace wallenstein::app
