#pragma once

#include <kainjow/mustache.hpp>
#include <optional>
#include <string>

#include "pbem/files/templates.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/season_view.hpp"

namespace wallenstein::report {

using Data = ::pbem::Data;

/// The data every template sees (a season being planned gets its opening report): only public
/// information (the tower's content, the event deck, the face-down action cards of the next season
/// and the seed are never put in). With `player`, also that player's holdings and order template.
Data report_data(const SeasonView& input, std::optional<PlayerIndex> player);

/// The season whose orders the report asks for, if the game goes on.
std::optional<SeasonLabel> next_season(const SeasonView& input);

}  // namespace wallenstein::report
