// The side panel: title, scoreboard, events, action cards, bonus tiles, tray and legend.

#include <algorithm>

#include "adapters/map/scene.hpp"

namespace wallenstein::map {
namespace {

/// Writes the panel top to bottom, one line after another.
class Column {
 public:
  Column(MapScene& scene, const TextKit& text, const MapStyle& style, double s)
      : scene_(scene), text_(text), style_(style), s_(s) {
    x_ = scene.panel_area.x + style.panel.left * s;
    right_ = scene.panel_area.x + scene.panel_area.w - style.panel.right * s;
    y_ = style.panel.top * s;
  }

  double x() const { return x_; }
  double y() const { return y_; }
  double right() const { return right_; }
  void skip(double pixels) { y_ += pixels * s_; }

  /// Text at (x, y_) that never runs past `limit` (default: the right edge), cut at a word,
  /// with an ellipsis.
  Box put(std::string line, double x, TextRole role, double font, bool bold, Rgb colour, double limit = 0) {
    const double px = font * s_;
    const double edge = limit > 0 ? std::min(limit, right_) : right_;
    auto size = text_.measure(line, px, bold);
    while (x + size.w > edge && line.size() > 4) {
      const auto cut = line.find_last_of(' ', line.size() - 2);
      line = (cut == std::string::npos || cut < 4 ? line.substr(0, line.size() - 4) : line.substr(0, cut)) +
             style_.labels.ellipsis;
      size = text_.measure(line, px, bold);
    }
    const Box box{x, y_, size.w, size.h};
    scene_.texts.push_back({line, box, px, bold, colour, std::nullopt, role});
    return box;
  }

  void heading(const std::string& title) {
    skip(style_.panel.heading_space);
    scene_.rules.push_back({{x_, y_}, {right_, y_}, style_.panel.rule_width * s_, style_.colours.panel_rule, false});
    skip(style_.panel.heading_rule);
    const Box b = put(title, x_, TextRole::heading, style_.fonts.panel_heading, true, style_.colours.ink);
    y_ += b.h + style_.panel.heading_gap * s_;
  }

  /// Ends a line whose items are already placed; `height` is the tallest item.
  void next_line(double height) { y_ += height + style_.panel.line_gap * s_; }

  double line_height(double font) const { return text_.measure("Ag", font * s_, false).h; }

 private:
  MapScene& scene_;
  const TextKit& text_;
  const MapStyle& style_;
  double s_;
  double x_;
  double right_;
  double y_;
};

std::string action_name(const Ruleset& rules, Action a) { return rules.action(a).name; }

}  // namespace

void build_panel(const MapRequest& req, const MapStyle& style, const TextKit& text, double s, MapScene& scene) {
  const GameState& state = *req.season.after;
  const GameState& start = req.season.start ? *req.season.start : state;
  const Ruleset& rules = *req.season.rules;
  const SeasonLog* log = req.season.log;
  const Rgb ink = style.colours.ink;
  const Rgb muted = style.colours.muted;
  Column col(scene, text, style, s);
  const auto letters = player_letters(state);

  // Title and what this map is.
  const Labels& words = style.labels;
  const Box title = col.put(fill(words.title, {{"game", req.season.config->name}}), col.x(), TextRole::title, style.fonts.title, true, ink);
  col.skip(title.h / s + style.panel.title_gap);
  const SeasonLabel label = season_label(rules, start.season_index);
  std::string subtitle;
  if (state.finished && !log) {
    subtitle = words.game_over;
  } else {
    const std::string& pattern = !log ? words.planned : log->winter ? words.after_winter : words.after;
    subtitle = fill(pattern, {{"season", label.name()},
                              {"number", std::to_string(label.index)},
                              {"seasons", std::to_string(rules.season_count())}});
  }
  const Box sub = col.put(subtitle, col.x(), TextRole::subtitle, style.fonts.subtitle, true, ink);
  col.skip(sub.h / s + style.panel.title_gap);
  std::string detail;
  if (!state.winners.empty()) {
    std::string winners;
    for (std::size_t i = 0; i < state.winners.size(); ++i) {
      const PlayerState& w = state.player(state.winners[i]);
      winners += (i ? words.separator : "") + fill(words.winner_entry, {{"name", req.season.config->players[state.winners[i].value].name},
                                                                         {"vp", std::to_string(w.vp)}});
    }
    detail = fill(state.winners.size() == 1 ? words.winner : words.shared_win, {{"players", winners}});
  } else if (!log) {
    const auto deadline = req.season.config->deadlines.find(label.name());
    detail = deadline == req.season.config->deadlines.end() ? words.no_deadline
                                                            : fill(words.deadline, {{"deadline", deadline->second}});
  } else {
    detail = fill(words.event, {{"event", rules.event(log->event).name}});
  }
  const Box d = col.put(detail, col.x(), TextRole::panel, style.fonts.panel, false, ink);
  col.skip(d.h / s);

  // Scoreboard.
  col.heading(words.players);
  const PanelStyle& ps = style.panel;
  const double row_h = col.line_height(style.fonts.panel) + ps.row_pad * s;
  // Columns: name, thaler, grain, VP, reserve, provinces, and the turn (position and tile).
  const std::vector<std::pair<std::string, double>> columns = {
      {words.thaler, ps.columns.thaler}, {words.grain, ps.columns.grain},         {words.vp, ps.columns.vp},
      {words.reserve, ps.columns.reserve}, {words.provinces, ps.columns.provinces}, {words.turn, ps.columns.turn}};
  for (const auto& [name, offset] : columns) col.put(name, col.x() + offset * s, TextRole::panel, style.fonts.small, false, muted);
  col.next_line(col.line_height(style.fonts.small));
  const auto& order = log ? log->turn_order : state.turn_order;
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    const PlayerIndex p = state.player_index(i);
    const PlayerState& player = state.players[i];
    const PlayerColours colours = player_colours(style, state, p);
    const double swatch = row_h - ps.row_pad * s;
    scene.swatches.push_back({Box{col.x(), col.y(), swatch, swatch}, colours.fill, ink, letters[i], colours.text});
    col.put(req.season.config->players[i].name, col.x() + row_h + ps.name_gap * s, TextRole::panel, style.fonts.panel, true, ink,
            col.x() + (columns[0].second - ps.name_room) * s);
    const std::vector<int> values = {player.thaler, player.grain, player.vp, player.reserve, state.province_count(p)};
    for (std::size_t k = 0; k < values.size(); ++k) {
      col.put(std::to_string(values[k]), col.x() + columns[k].second * s, TextRole::panel, style.fonts.panel, false, ink);
    }
    std::string turn;
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (order[k] == p) turn = std::to_string(k + 1);
    }
    if (log) {
      for (const auto& [who, tile] : log->tiles) {
        if (who == p) turn += " " + rules.tile(tile).id;
      }
    }
    col.put(turn, col.x() + columns.back().second * s, TextRole::panel, style.fonts.small, false, ink);
    col.next_line(row_h - ps.line_gap * s);
  }
  {
    const Box b = col.put(log ? words.turn_after : words.turn_before,
                          col.x(), TextRole::panel, style.fonts.small, false, muted);
    col.next_line(b.h);
  }

  // Events of the year.
  if (log && log->winter) {
    col.heading(fill(words.events_winter, {{"year", std::to_string(label.year)},
                                           {"event", rules.event(log->winter->last_event).name}}));
  } else {
    col.heading(fill(words.events, {{"year", std::to_string(label.year)}}));
  }
  for (EventId e : start.year_events) {
    const EventCard& card = rules.event(e);
    const bool current = log && log->event == e;
    const bool left = std::find(start.events_left.begin(), start.events_left.end(), e) != start.events_left.end();
    const std::string& mark = current ? words.event_current : left ? words.event_left : words.event_past;
    const std::string line =
        fill(words.event_line, {{"mark", mark}, {"event", card.name}, {"loss", std::to_string(card.winter_loss)}});
    const Box b = col.put(line, col.x(),
                          TextRole::panel, style.fonts.panel, current, left || current ? ink : muted);
    col.next_line(b.h);
    if (current || (!log && left && start.events_left.size() <= static_cast<std::size_t>(ps.event_texts))) {
      const Box t = col.put(card.text, col.x() + ps.event_indent * s, TextRole::panel, style.fonts.small, false, muted);
      col.next_line(t.h);
    }
  }
  if (!log && !state.finished) {
    const Box b = col.put(words.events_to_come,
                          col.x(), TextRole::panel, style.fonts.small, false, muted);
    col.next_line(b.h);
  }

  // Action cards and bonus tiles.
  if (!state.finished || log) {
    col.heading(log ? words.action_cards_revealed : words.action_cards);
    const double half = (col.right() - col.x()) / 2;
    constexpr int kRows = (kActionCount + 1) / 2;  // two columns of slots
    for (int row = 0; row < kRows; ++row) {
      double h = 0;
      for (int c = 0; c < 2; ++c) {
        const int slot = row + 1 + c * kRows;
        const bool hidden = !rules.slot_visible(slot, log != nullptr);
        const std::string name = hidden ? words.face_down : action_name(rules, start.action_cards[static_cast<std::size_t>(slot - 1)]);
        const Box b = col.put(fill(words.slot, {{"slot", std::to_string(slot)}, {"action", name}}), col.x() + c * half, TextRole::panel, style.fonts.panel, false,
                              hidden ? muted : ink);
        h = std::max(h, b.h);
      }
      col.next_line(h);
    }
    col.heading(words.bonus_tiles);
    for (std::size_t pos = 0; pos < start.bonus_tiles.size(); ++pos) {
      std::string line = fill(words.bonus_tile, {{"position", std::to_string(pos + 1)}, {"tile", rules.tile(start.bonus_tiles[pos]).name}});
      if (log) {
        for (const auto& [who, tile] : log->tiles) {
          if (tile == start.bonus_tiles[pos]) line += fill(words.tile_taken, {{"player", state.player(who).id}});
        }
      }
      const Box b = col.put(line, col.x(), TextRole::panel, style.fonts.panel, false, ink);
      col.next_line(b.h);
    }
  }

  // The tray of the combat tower is public (its inside is not).
  col.heading(words.tower_tray);
  {
    double x = col.x();
    const double box = col.line_height(style.fonts.panel);
    bool any = false;
    for (std::size_t i = 0; i < state.players.size(); ++i) {
      const int n = state.tower.tray.n[i];
      if (n == 0) continue;
      const PlayerColours c = player_colours(style, state, state.player_index(i));
      scene.swatches.push_back({Box{x, col.y(), box, box}, c.fill, ink, letters[i], c.text});
      const Box b = col.put(fill(words.tray_count, {{"count", std::to_string(n)}}), x + box + ps.tray_gap * s, TextRole::panel, style.fonts.panel, false, ink);
      x = b.x + b.w + ps.tray_spacing * s;
      any = true;
    }
    if (state.tower.tray.peasants() > 0) {
      scene.swatches.push_back({Box{x, col.y(), box, box}, style.colours.peasants, ink, "", ink});
      col.put(fill(words.tray_peasants, {{"count", std::to_string(state.tower.tray.peasants())}}), x + box + ps.tray_gap * s, TextRole::panel, style.fonts.panel, false, ink);
      any = true;
    }
    if (!any) col.put(words.tray_empty, col.x(), TextRole::panel, style.fonts.panel, false, muted);
    col.next_line(box);
  }

  // Legend.
  col.heading(words.legend);
  const LegendStyle& l = style.legend;
  const double icon = style.content.icon * s;
  const double half = (col.right() - col.x()) / 2;
  auto legend_icon = [&](IconKind kind, const std::string& what, double x, int count) {
    scene.icons.push_back({kind, Box{x, col.y() + l.icon_drop * s, icon, icon}, false, count});
    return col.put(what, x + icon + l.label_gap * s, TextRole::panel, style.fonts.small, false, ink);
  };
  legend_icon(IconKind::palace, words.palace, col.x(), 0);
  legend_icon(IconKind::church, words.church, col.x() + half * l.church_at, 0);
  legend_icon(IconKind::trading_house, words.trading_house, col.x() + half * l.trading_house_at, 0);
  col.next_line(icon + l.row_gap * s);
  legend_icon(IconKind::revolt, fill(words.revolt_markers, {{"count", std::to_string(l.revolts)}}), col.x(), l.revolts);
  {
    const PlayerColours c = player_colours(style, state, PlayerIndex{0});
    const std::string sample = fill(words.badge, {{"letter", letters[0]}, {"armies", std::to_string(l.armies)}});
    const auto size = text.measure(sample, style.fonts.badge * s, true);
    const Box b{col.x() + half, col.y(), size.w + style.content.badge_pad_x * s, size.h + style.content.badge_pad_y * s};
    scene.texts.push_back({sample, b, style.fonts.badge * s, true, c.text, c.fill, TextRole::badge});
    col.put(fill(words.legend_badge, {{"player", state.players[0].id}, {"armies", std::to_string(l.armies)}}), b.x + b.w + l.label_gap * s, TextRole::panel, style.fonts.small, false, ink);
    col.next_line(std::max(icon, b.h));
  }
  {
    const double y = col.y() + l.line_drop * s;
    scene.lines.push_back({{col.x(), y}, {col.x() + l.line_length * s, y}, style.widths.link * s, style.colours.link, true});
    col.put(words.link, col.x() + l.line_label * s, TextRole::panel, style.fonts.small, false, ink);
    scene.lines.push_back({{col.x() + half, y}, {col.x() + half + l.line_length * s, y}, style.widths.wall * s, style.colours.wall, false});
    col.put(words.wall, col.x() + half + l.line_label * s, TextRole::panel, style.fonts.small, false, ink);
    col.next_line(icon);
  }
  {
    const double y = col.y() + l.line_drop * s;
    const Rgb attacker = player_colours(style, state, PlayerIndex{0}).fill;
    scene.arrows.push_back({{col.x(), y}, {col.x() + l.line_length * s, y}, style.arrows.battle_width * s, attacker, ink, false});
    col.put(words.battle, col.x() + l.line_label * s, TextRole::panel, style.fonts.small, false, ink);
    scene.arrows.push_back({{col.x() + half, y}, {col.x() + half + l.line_length * s, y}, style.arrows.move_width * s, attacker, ink, true});
    col.put(words.move, col.x() + half + l.line_label * s, TextRole::panel, style.fonts.small, false, ink);
    col.next_line(icon);
  }
  {
    scene.swatches.push_back({Box{col.x(), col.y(), icon, icon}, style.colours.out_of_play, muted, "", ink});
    col.put(words.out_of_play, col.x() + icon + l.label_gap * s, TextRole::panel, style.fonts.small, false, ink);
    const double inset = l.fresh_inset * s;
    scene.icons.push_back({IconKind::church, Box{col.x() + half + inset, col.y() + l.icon_drop * s, icon - inset, icon - inset}, true, 0});
    col.put(words.fresh, col.x() + half + icon + l.label_gap * s, TextRole::panel, style.fonts.small, false, ink);
    col.next_line(icon + l.row_gap * s);
  }
  {
    const double y = col.y() + icon / 2;
    scene.lines.push_back({{col.x(), y}, {col.x() + icon, y}, l.conquered_width * s, ink, true});
    col.put(words.conquered, col.x() + icon + l.label_gap * s, TextRole::panel, style.fonts.small, false, ink);
    col.next_line(icon);
  }
}

}  // namespace wallenstein::map
