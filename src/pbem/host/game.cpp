#include "pbem/host/game.hpp"

#include "pbem/files/diagnostic.hpp"

namespace pbem {

RoundDir current_round(const Game& game) {
  const auto rounds = game.rounds();
  if (rounds.empty())
    throw InputError((game.root() / "seasons").string(),
                     "no round found: the game directory is incomplete");
  return rounds.back();
}

std::optional<RoundDir> round_after(const Game& game, const RoundDir& round) {
  for (const RoundDir& r : game.rounds()) {
    if (r.index == round.index + 1) return r;
  }
  return std::nullopt;
}

bool game_over(const Game& game) { return current_round(game).index > game.round_count(); }

void write_timetable(Journal& journal, const Game& game, const RoundDir& round,
                     const Timetable& timetable) {
  write_timetable(journal, game.root(), round, timetable, game.timetable_comment());
}

std::string mail_kind(const Game& game, const RoundDir& round) {
  return round_after(game, round) ? "report" : "opening";
}

}  // namespace pbem
