// libFuzzer target: an order file checked against a real game (interfaces 3): the example's
// 3-player game, whose sample orders are the seed corpus, or a 4-player game with every expansion
// (the court's, Landsknechte's and leader's sections read too); the input's length picks one, so
// that each run parses once and both games are explored.

#include "pbem/files/yaml_file.hpp"
#include "support.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/order_file.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/engine.hpp"

namespace wallenstein {
namespace {

const Ruleset& rules_of(int players) {
  return players == 3 ? fuzz::rules() : fuzz::rules_with_every_expansion();
}

const GameState& game(int players) {
  static const GameState three =
      new_game(NewGame{"example", {"red", "blue", "yellow"}, 20181618}, rules_of(3));
  static const GameState four =
      new_game(NewGame{"example", {"red", "blue", "yellow", "green"}, 20181618}, rules_of(4));
  return players == 3 ? three : four;
}

void check(const SourceFile& file, const GameState& state) {
  const Ruleset& rules = rules_of(state.player_count());
  const CheckedOrderFile checked = check_order_source(file, state, rules, fuzz::problem_texts());
  fuzz::require_printable(checked.diagnostics);
  // At most kMaxDiagnostics problems, then two notes: the count of those not listed, and that the
  // text before `game:` was taken for prose.
  fuzz::require(checked.diagnostics.size() <= kMaxDiagnostics + 2,
                "at most kMaxDiagnostics problems are listed");
  if (!checked.ok()) return;
  // Accepted orders written back as a file must be accepted again as the same orders.
  const std::string again = format_order_file(to_written(*checked.orders, state, rules), rules);
  const CheckedOrderFile rechecked =
      check_order_source(SourceFile{"again.yaml", again}, state, rules, fuzz::problem_texts());
  fuzz::require(rechecked.ok(), "accepted orders written back are accepted");
  fuzz::require(format_order_file(to_written(*rechecked.orders, state, rules), rules) == again,
                "accepted orders read back as they were");
}

}  // namespace
}  // namespace wallenstein

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wallenstein;
  const SourceFile file = fuzz::source(data, size, "orders.yaml");
  fuzz::require_printable(file.text);
  check(file, game(size % 2 == 0 ? 3 : 4));
  return 0;
}
