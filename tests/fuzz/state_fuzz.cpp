// libFuzzer target: state.yaml. What read_state accepts, the engine must play: it is written
// back identically, resolved with random legal orders, and the next state keeps every invariant
// and reads back too. This is the "no hand edit can crash, hang or mislead resolve" promise.
// A state with a `court:` section is read with every expansion (the court's, Landsknechte's and
// leaders' parts), any other with the base game.

#include "support.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/state_yaml.hpp"
#include "wallenstein/rules/engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wallenstein;
  const SourceFile file = fuzz::source(data, size, "state.yaml");
  const bool expansions = file.text.find("\ncourt:") != std::string::npos;
  const Ruleset& rules = expansions ? fuzz::rules_with_every_expansion() : fuzz::rules();
  GameState state;
  try {
    state = read_state(file, rules);
  } catch (const InputError& e) {
    fuzz::require_printable(e.diagnostics());
    return 0;
  }
  const std::string text = write_state(state, rules);
  fuzz::require(read_state(SourceFile{"again.yaml", text}, rules) == state,
                "an accepted state reads back as written");
  if (state.finished) return 0;
  Rng rng(size);
  std::vector<Orders> orders;
  for (std::size_t p = 0; p < state.players.size(); ++p) {
    orders.push_back(random_orders(state, rules, state.player_index(p), rng));
  }
  const SeasonResult result = resolve_season(state, orders, {}, rules);
  fuzz::require(invariant_violations(result.next, rules).empty(),
                "the next state keeps the rule invariants");
  fuzz::require(
      read_state(SourceFile{"next.yaml", write_state(result.next, rules)}, rules) == result.next,
      "the next state reads back as written");
  return 0;
}
