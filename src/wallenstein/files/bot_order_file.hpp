#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "wallenstein/bot/bot.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// The first line of an order file the bot wrote for a missing player (`resolve --nmr bot`).
inline constexpr std::string_view kBotOrdersMark = "# wallenstein: orders made by the bot";

/// How a bot order file is written.
struct BotFileOptions {
  std::string header;  ///< comment lines at the top (without "# ")
  bool nmr = false;    ///< starts with kBotOrdersMark: stored for a player who sent nothing
  /// The player's secret for mailed orders (interfaces 5), written after `season:`.
  std::optional<std::string> token;
};

/// A bot reason in words, as an order file comment ("3:1 odds to win ...").
std::string describe(const BotReason& reason, const Ruleset& rules);

/// Odds to win as a ratio: "3:1", "3:2", "better than 10:1", "1:2".
std::string odds_ratio(double win);

/// The plan as an order file (interfaces 3) with province names and a comment on each action,
/// the bid and the tile list saying why.
std::string bot_order_file(const BotPlan& plan, const GameState& state, const Ruleset& rules,
                           const BotFileOptions& options);

/// Whether an order file's text was stored by `resolve --nmr bot`.
bool made_by_bot(std::string_view text);

}  // namespace wallenstein
