#pragma once

#include <array>
#include <string_view>

namespace wallenstein {

/// The phases a season is made of, by the names rules.yaml's `season_phases` lists, in the base
/// game's order: the event is drawn (rules 4.4), bids are revealed and turn order fixed (4.5),
/// the ten action slots are played (4.6), winter follows autumn (9, 10), and the next season is
/// published (4.1, 4.2). `resolve_season` plays the ruleset's list; season.cpp maps each name to
/// its step. A module (an expansion) claims none of these: every game plays them.
inline constexpr std::array<std::string_view, 5> kBaseGamePhases = {"event", "bids", "actions",
                                                                    "winter", "publish"};

/// The Landsknechte expansion's phase (rules 13.2); what a game plays it in asks for it by name.
inline constexpr std::string_view kLandsknechtePhase = "landsknechte";

/// The military leaders expansion's phases (rules 13.3): leaders off the board are placed after the
/// turn order, and every leader moves after the ten actions.
inline constexpr std::string_view kLeadersPlacePhase = "leaders_place";
inline constexpr std::string_view kLeadersMovePhase = "leaders_move";

/// The Imperial Court's phases (rules 13.1): cubes converted into court officers, then the favour
/// cards taken, before the ten actions.
inline constexpr std::string_view kCourtConversionPhase = "court_conversion";
inline constexpr std::string_view kCourtFavorsPhase = "court_favors";

/// The base game's phase of bids, bonus tiles and turn order (rules 4.5).
inline constexpr std::string_view kBidsPhase = "bids";

/// The 1st edition's phase (rules 12): no bids and no bonus tiles, the turn order is drawn at
/// random each season. It replaces the base game's `bids`.
inline constexpr std::string_view kDrawTurnOrderPhase = "draw_turn_order";

/// Every phase the core plays, in order: the base game's and the modules' written so far (a
/// module's phase joins this list and season.cpp's table together).
inline constexpr std::array<std::string_view, 11> kSeasonPhases = {"event",
                                                                   kBidsPhase,
                                                                   kDrawTurnOrderPhase,
                                                                   kLeadersPlacePhase,
                                                                   kLandsknechtePhase,
                                                                   kCourtConversionPhase,
                                                                   kCourtFavorsPhase,
                                                                   "actions",
                                                                   kLeadersMovePhase,
                                                                   "winter",
                                                                   "publish"};

}  // namespace wallenstein
