#pragma once

#include <filesystem>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pbem/files/language.hpp"
#include "wallenstein/rules/court.hpp"
#include "wallenstein/rules/game_state.hpp"
#include "wallenstein/rules/ruleset.hpp"
#include "wallenstein/views/map/png.hpp"

namespace wallenstein::map {

/// A colour with components in [0, 1].
struct Rgb {
  double r = 0;
  double g = 0;
  double b = 0;
  bool operator==(const Rgb&) const = default;
};

/// A player's colours: the fill and the text drawn on it.
struct PlayerColours {
  Rgb fill;
  Rgb text;
};

/// Text sizes in pixels (`fonts:`).
struct FontSizes {
  double title = 0;
  double subtitle = 0;
  double province = 0;
  double badge = 0;
  double region = 0;
  double panel_heading = 0;
  double panel = 0;
  double small = 0;
};

/// The colours of `style:`.
struct Colours {
  Rgb background;
  Rgb panel;
  Rgb panel_rule;
  Rgb ink;
  Rgb muted;
  Rgb province_border;
  Rgb region_border;
  Rgb out_of_play;
  Rgb label_pill;
  Rgb wall;
  Rgb link;
  Rgb marker;
  Rgb palace;
  Rgb church;
  Rgb trading_house;
  Rgb fresh;         ///< the disc under a building built this season
  Rgb coin_ring;     ///< the ring on the trading house's coin
  Rgb revolt_count;  ///< the number on the revolt marker
  Rgb peasants;      ///< the peasants' cubes in the tower tray
  Rgb face_up;       ///< the band around a face-up card's province in the draft (rules 2.2)
};

/// The line widths of `style:` (the keys ending in `_width`), in pixels.
struct LineWidths {
  double province_border = 0;
  double region_border = 0;
  double wall = 0;
  double link = 0;
};

/// A dash pattern in pixels: drawn, then left out.
struct Dash {
  double on = 0;
  double off = 0;
};

/// The provinces' shapes and how they are drawn (`provinces:`).
struct ProvinceStyle {
  double inset = 0;           ///< of land_radius: how far the centres keep from the margin
  double neighbour_site = 0;  ///< where the sites towards the neighbours sit, as a share of the way
  int coast_segments = 0;
  int pole_grid = 0;
  double pole_pull = 0;
  double min_contact = 0;
  double seam_width = 0;  ///< unscaled
  Dash link_dash;
  double hatch_step = 0;
  double hatch_width = 0;
  double hatch_alpha = 0;
  double conquered_width = 0;
  Dash conquered_dash;
};

/// A province's content: its name, badge and icons (`content:`).
struct ContentStyle {
  double gap = 0;
  double icon = 0;
  double badge_pad_x = 0;
  double badge_pad_y = 0;
};

/// Moves and battles (`arrows:`).
struct ArrowStyle {
  double move_width = 0;
  double battle_width = 0;
  double outline_width = 0;
  double head_length = 0;
  double head_factor = 0;
  double head_spread = 0;
  double head_outline_width = 0;
  double cut_from = 0;
  double cut_to = 0;
  double cut_share = 0;
  Dash dash;
};

/// The drawing of buildings and revolt markers, as shares of the icon's box (`icons:`).
struct IconStyle {
  double line_width = 0;
  double fresh_radius = 0;
  double fresh_ring_width = 0;
  int merlons = 0;
  double merlon_depth = 0;
  std::vector<Point> church;  ///< the outline
  std::vector<Point> cross;   ///< strokes, two points each
  double coin = 0;
  double coin_ring = 0;
  double coin_ring_width = 0;
  double count_size = 0;
  double count_base = 0;
  std::vector<Point> banner;       ///< the military leader's banner (rules 13.3)
  std::vector<Point> banner_pole;  ///< strokes, two points each
  std::vector<Point> statue;       ///< a statue's outline
  double plate_pad = 0;            ///< the plate under leaders and statues, in pixels
};

/// The pills under texts on the map and the panel's swatches (`texts:`).
struct TextStyle {
  double pill_radius = 0;
  double pill_border_width = 0;
  double name_alpha = 0;
  double name_border_alpha = 0;
  double swatch_radius = 0;
  double swatch_border_width = 0;
  double swatch_letter = 0;
};

/// Where labels go: the nearest free place on a spiral of `step` up to `reach` (`placement:`).
struct NamePlacement {
  double step = 0;
  double reach = 0;
  double pad = 0;
  double gap = 0;
  double smallest = 0;
  double shrink_step = 0;
  double fallback_step = 0;
  double fallback_reach = 0;
};

struct TagPlacement {
  double step = 0;
  double reach = 0;
  double pad_x = 0;
  double pad_y = 0;
  double gap = 0;
};

struct RegionPlacement {
  double step = 0;
  double reach = 0;
  double gap = 0;
};

struct AnchorPlacement {
  double step = 0;
  double reach = 0;
  double near = 0;
  double border = 0;
  double box = 0;
  double arrow = 0;
  double enough = 0;
};

struct Placement {
  NamePlacement names;
  TagPlacement tags;
  RegionPlacement regions;
  AnchorPlacement anchors;
};

/// The scoreboard's columns, from the panel's left edge.
struct PanelColumns {
  double thaler = 0;
  double grain = 0;
  double vp = 0;
  double reserve = 0;
  double provinces = 0;
  double turn = 0;
};

/// The side panel's spacing (`panel:`).
struct PanelStyle {
  double left = 0;
  double right = 0;
  double top = 0;
  double line_gap = 0;
  double title_gap = 0;
  double heading_space = 0;
  double heading_rule = 0;
  double heading_gap = 0;
  double rule_width = 0;
  double row_pad = 0;
  double name_gap = 0;
  double name_room = 0;
  PanelColumns columns;
  double event_indent = 0;
  int event_texts = 0;
  double tray_gap = 0;
  double tray_spacing = 0;
};

/// The legend at the panel's foot (`legend:`).
struct LegendStyle {
  double label_gap = 0;
  double icon_drop = 0;
  double church_at = 0;
  double trading_house_at = 0;
  double row_gap = 0;
  double line_drop = 0;
  double line_length = 0;
  double line_label = 0;
  double conquered_width = 0;
  double fresh_inset = 0;
  int revolts = 0;
  int armies = 0;
};

/// The map's words (`labels:`); a `{name}` in one is filled in by `fill`.
struct Labels {
  std::string badge;
  std::string battle_won;
  std::string battle_lost;
  std::string battle_tie;
  std::string revolt_put_down;
  std::string revolt_lost;
  std::string winter_revolt_put_down;
  std::string winter_revolt_lost;
  std::string title;
  std::string game_over;
  std::string after;
  std::string after_winter;
  std::string planned;
  std::string winner;
  std::string shared_win;
  std::string winner_entry;
  std::string separator;
  std::string deadline;
  std::string no_deadline;
  std::string event;
  std::string players;
  std::string thaler;
  std::string grain;
  std::string vp;
  std::string reserve;
  std::string provinces;
  std::string turn;
  std::string turn_after;
  std::string turn_drawn;  ///< turn_after in the 1st edition, which has no bonus tiles
  std::string turn_before;
  std::string landsknechte;
  std::string landsknechte_entry;
  std::string events;
  std::string events_winter;
  std::string event_line;
  std::string event_current;
  std::string event_left;
  std::string event_past;
  std::string events_to_come;
  std::string action_cards;
  std::string action_cards_revealed;
  std::string slot;
  std::string face_down;
  std::string bonus_tiles;
  std::string bonus_tile;
  std::string tile_taken;
  std::string tower_tray;
  std::string tray_count;
  std::string tray_peasants;
  std::string tray_empty;
  std::string draft_planned;  ///< the subtitle of the draft being planned (rules 2.2)
  std::string draft_after;    ///< ...of the draft played
  std::string draft_picks;    ///< the detail line of the draft played
  std::string draft;          ///< the draft's heading
  std::string draft_face_up;
  std::string draft_pile;
  std::string draft_groups;
  std::string turn_seats;    ///< the turn column's note in the draft
  std::string face_up_band;  ///< the legend of a face-up card's band in the draft
  // The Imperial Court (rules 13.1).
  std::string court;
  std::string court_display_empty;
  std::string court_card;
  std::string court_officers;
  std::string court_officers_entry;
  std::array<std::string, kAllFavourEffects.size()> favours;  ///< by effect (shield: below)
  std::string favour_shield;
  std::string legend;
  std::string palace;
  std::string church;
  std::string trading_house;
  std::string revolt_markers;
  std::string leader;
  std::string statue;
  std::string legend_badge;
  std::string link;
  std::string wall;
  std::string battle;
  std::string move;
  std::string out_of_play;
  std::string fresh;
  std::string conquered;
  std::string ellipsis;
};

/// Every number, colour and word of the map (data/wallenstein/map_layout.yaml).
struct MapStyle {
  double width = 1600;
  double height = 1160;
  double map_width = 1160;
  double margin = 24;
  double land_radius = 118;
  std::string font = "DejaVu Sans";
  FontSizes fonts;
  std::map<std::string, PlayerColours> by_id;          ///< colours of ids that name a colour
  std::vector<PlayerColours> palette;                  ///< the others, by seat: kMaxPlayers
  std::map<std::string, std::pair<Rgb, Rgb>> regions;  ///< region id -> (tint, label)
  Colours colours;
  LineWidths widths;
  ProvinceStyle provinces;
  ContentStyle content;
  ArrowStyle arrows;
  IconStyle icons;
  TextStyle texts;
  Placement placement;
  PanelStyle panel;
  LegendStyle legend;
  Labels labels;
  double lat_min = 45.6, lat_max = 55.2, lon_min = 4.9, lon_max = 19.2;
  PngOptions png;

  /// A colour of `style:` by its key; throws std::logic_error for a key that is not one.
  Rgb colour(std::string_view name) const;
};

/// Loads map_layout.yaml from the data directory; problems (a missing key, an unknown one with
/// the nearest known, a bad value) are InputErrors with positions.
MapStyle load_map_style(const std::filesystem::path& data_dir);

/// The map's words in a language: `style`'s own (map_layout.yaml's, English) for English, else
/// the `map` section of the language's words.yaml, checked as map_layout.yaml's labels are (every
/// label there, each with only its own values); a problem is an InputError at its line.
Labels labels_in(const MapStyle& style, const pbem::LanguageWords& words);

/// A label with each `{name}` replaced by its value.
std::string fill(std::string_view label,
                 std::initializer_list<std::pair<std::string_view, std::string>> values);

/// Parses "#rrggbb".
bool parse_rgb(const std::string& text, Rgb& out);

/// A player's colours on the map.
PlayerColours player_colours(const MapStyle& style, const GameState& state, PlayerIndex p);

}  // namespace wallenstein::map
