#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "wallenstein/files/problem_texts.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/orders.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// The keys of a base game's order file (interfaces 3); a module adds sections of its own.
inline constexpr std::array<std::string_view, 8> kBaseOrderKeys = {
    "game", "player", "season", "actions", "bid", "turn_order", "winter_revolt_order", "token"};

/// The order-file sections of modules that this program reads. A module's reader joins the list
/// when it is written; until then a game cannot play that module (load_ruleset).
inline constexpr std::array<std::string_view, 5> kReadModuleSections{
    "landsknechte", "leader", "defend_with", "court", "favors"};

/// The largest order file accepted (a real one is about 1 KiB).
inline constexpr std::size_t kMaxOrderBytes = std::size_t{256} * 1024;

/// An order file checked against the season being planned.
struct CheckedOrderFile {
  std::optional<Orders> orders;         ///< set when there is no error
  std::string player_id;                ///< as written (empty if unreadable)
  std::string season;                   ///< as written (empty if unreadable)
  std::vector<Diagnostic> diagnostics;  ///< errors and warnings, in file order
  std::optional<std::string> token;     ///< `token:` as written (mailed orders carry one)
  std::optional<Diagnostic> token_at;   ///< where it is written
  std::size_t errors = 0;               ///< how many errors, also those too many to list
  bool ok() const { return orders.has_value(); }
};

/// Whether a written token is the player's (interfaces 5), compared in constant time.
bool token_matches(std::string_view written, std::string_view expected);

/// A token that is written but not the player's is an error at its position (check and submit
/// accept files without one; the mail intake requires it).
void check_token(CheckedOrderFile& checked, std::string_view expected,
                 const report::ProblemTexts& texts);

/// Reads and checks an order file (interfaces 3): the YAML structure here, the rules in the
/// core's check_orders, whose problems read as the catalogue `texts` words them. Every problem is
/// listed with its line and column.
CheckedOrderFile check_order_source(const SourceFile& source, const GameState& state,
                                    const Ruleset& rules, const report::ProblemTexts& texts);

/// Writes orders as an order file (interfaces 3), after an optional comment block; the action
/// spaces are the ruleset's.
std::string format_order_file(const WrittenOrders& orders, const Ruleset& rules,
                              const std::string& comment = {});

/// Reads a file from disk (size-capped) and checks it; an unreadable file becomes a diagnostic.
CheckedOrderFile check_order_file(const std::string& path, const GameState& state,
                                  const Ruleset& rules, const report::ProblemTexts& texts);

}  // namespace wallenstein
