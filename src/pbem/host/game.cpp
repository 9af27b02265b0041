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

std::string round_mail_key(const RoundDir& round, std::string_view kind, std::string_view player) {
  return round.path.filename().string() + "/" + std::string(kind) + "/" + std::string(player);
}

std::string spectator_mail_key(const RoundDir& round, std::string_view kind,
                               std::string_view address) {
  return round_mail_key(round, kind, "spectator:" + std::string(address));
}

}  // namespace pbem
