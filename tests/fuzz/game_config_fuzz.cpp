// libFuzzer target: game.yaml, as a game directory holds it (with a seed) and as `new --from`
// takes it (without). What is accepted is written back and read again to the same text.

#include "support.hpp"
#include "wallenstein/files/game_config.hpp"

namespace {

void check(const wallenstein::SourceFile& file, bool seed_required) {
  using namespace wallenstein;
  try {
    GameConfig config = read_game_config(file, seed_required);
    if (!config.seed) config.seed = 1;
    const std::string text = write_game_config(config);
    fuzz::require(write_game_config(read_game_config(SourceFile{"again.yaml", text}, true)) == text,
                  "an accepted game.yaml reads back as written");
  } catch (const InputError& e) {
    fuzz::require_printable(e.diagnostics());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const wallenstein::SourceFile file = wallenstein::fuzz::source(data, size, "game.yaml");
  check(file, true);
  check(file, false);
  return 0;
}
