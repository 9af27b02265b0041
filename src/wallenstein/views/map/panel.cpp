// The side panel: title, scoreboard, events, action cards, bonus tiles, tray and legend.

#include <algorithm>

#include "wallenstein/files/language_names.hpp"
#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/season_phases.hpp"
#include "wallenstein/views/map/scene.hpp"
#include "wallenstein/views/map/text.hpp"

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
  Box put(std::string line, double x, TextRole role, double font, bool bold, Rgb colour,
          double limit = 0) {
    const double px = font * s_;
    const double edge = limit > 0 ? std::min(limit, right_) : right_;
    auto size = text_.measure(line, px, bold);
    const std::string& ellipsis = style_.labels.ellipsis;
    while (x + size.w > edge && line.size() > 4) {
      if (line.ends_with(ellipsis)) line.resize(line.size() - ellipsis.size());
      const auto cut = line.find_last_of(' ', line.size() - 2);
      std::size_t keep = cut == std::string::npos || cut < 4 ? line.size() - 1 : cut;
      // Never inside a UTF-8 character: back off over its continuation bytes.
      while (keep > 0 && (static_cast<unsigned char>(line[keep]) & 0xC0U) == 0x80U) --keep;
      line = line.substr(0, keep) + ellipsis;
      size = text_.measure(line, px, bold);
    }
    const Box box{x, y_, size.w, size.h};
    scene_.texts.push_back({line, box, px, bold, colour, std::nullopt, role});
    return box;
  }

  /// A line of the panel's body text.
  Box write(std::string line, double x, double font, Rgb colour, bool bold = false,
            double limit = 0) {
    return put(std::move(line), x, TextRole::panel, font, bold, colour, limit);
  }

  void heading(const std::string& title) {
    skip(style_.panel.heading_space);
    scene_.rules.push_back(
        {{x_, y_}, {right_, y_}, style_.panel.rule_width * s_, style_.colours.panel_rule, false});
    skip(style_.panel.heading_rule);
    const Box b =
        put(title, x_, TextRole::heading, style_.fonts.panel_heading, true, style_.colours.ink);
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

/// The scoreboard's columns after the name: their heading and where they start.
using Columns = std::vector<std::pair<std::string, double>>;

/// The panel of one map, written part by part from the top.
class Panel {
 public:
  Panel(const MapRequest& req, const MapStyle& style, const TextKit& text, double s,
        MapScene& scene)
      : req_(req),
        style_(style),
        words_(style.labels),
        text_(text),
        s_(s),
        scene_(scene),
        col_(scene, text, style, s),
        state_(*req.season.after),
        start_(req.season.start ? *req.season.start : state_),
        rules_(*req.season.rules),
        log_(req.season.log),
        letters_(player_letters(state_)),
        label_(season_label(rules_, start_.season_index)),
        ink_(style.colours.ink),
        muted_(style.colours.muted) {}

  /// The game, the season and its deadline, event or winners.
  void title() {
    const std::string game = fill(words_.title, {{"game", req_.season.config->name}});
    const Box title = col_.put(game, col_.x(), TextRole::title, style_.fonts.title, true, ink_);
    col_.skip(title.h / s_ + style_.panel.title_gap);
    const Box sub =
        col_.put(subtitle(), col_.x(), TextRole::subtitle, style_.fonts.subtitle, true, ink_);
    col_.skip(sub.h / s_ + style_.panel.title_gap);
    const Box d = col_.write(detail(), col_.x(), style_.fonts.panel, ink_);
    col_.skip(d.h / s_);
  }

  void scoreboard() {
    col_.heading(words_.players);
    const PanelColumns& c = style_.panel.columns;
    const Columns columns = {
        {words_.thaler, c.thaler},   {words_.grain, c.grain},         {words_.vp, c.vp},
        {words_.reserve, c.reserve}, {words_.provinces, c.provinces}, {words_.turn, c.turn}};
    const double row_h = col_.line_height(style_.fonts.panel) + style_.panel.row_pad * s_;
    for (const auto& [name, offset] : columns) {
      col_.write(name, col_.x() + offset * s_, style_.fonts.small, muted_);
    }
    col_.next_line(col_.line_height(style_.fonts.small));
    for (std::size_t i = 0; i < state_.players.size(); ++i) player_row(i, columns, row_h);
    const std::string& after = rules_.has_bids() ? words_.turn_after : words_.turn_drawn;
    const std::string& note = start_.draft ? words_.turn_seats : log_ ? after : words_.turn_before;
    const Box b = col_.write(note, col_.x(), style_.fonts.small, muted_);
    col_.next_line(b.h);
    if (rules_.plays(kLandsknechtePhase)) landsknechte();
  }

  /// Rules 13.2: the Landsknechte cards each player has turned this year.
  void landsknechte() {
    std::string names;
    for (std::size_t i = 0; i < state_.players.size(); ++i) {
      names += (i ? words_.separator : "") +
               fill(words_.landsknechte_entry,
                    {{"player", letters_[i]},
                     {"turned", std::to_string(state_.players[i].landsknechte)},
                     {"pile", std::to_string(rules_.landsknechte.cards.size())}});
    }
    const Box b = col_.write(fill(words_.landsknechte, {{"players", names}}), col_.x(),
                             style_.fonts.small, ink_);
    col_.next_line(b.h);
  }

  /// The year's events: this season's, those still to come and those past.
  void events() {
    if (start_.draft) return;  // Rules 2.2: the events are shuffled after the draft.
    const std::string year = std::to_string(label_.year);
    if (log_ && log_->winter) {
      col_.heading(fill(words_.events_winter,
                        {{"year", year}, {"event", rules_.event(log_->winter->last_event).name}}));
    } else {
      col_.heading(fill(words_.events, {{"year", year}}));
    }
    for (EventId e : start_.year_events) event(e);
    if (!log_ && !state_.finished) {
      const Box b = col_.write(words_.events_to_come, col_.x(), style_.fonts.small, muted_);
      col_.next_line(b.h);
    }
  }

  /// Action cards and bonus tiles, while there is a season to play or one was played.
  void cards() {
    if (state_.finished && !log_) return;
    if (start_.draft) {
      draft();
      return;
    }
    action_cards();
    if (rules_.has_bids()) bonus_tiles();  // Rules 12: none in the 1st edition
  }

  /// Rules 13.1: the favour cards shown in the season (after it, with who took each) and the
  /// officers in the reception hall.
  void court() {
    const GameState& season = log_ ? start_ : state_;
    // After the last winter no card is shown any more: there is no court to hold.
    if (!court_dealt(season, rules_) || season.court.display.empty() || (!log_ && state_.finished))
      return;
    col_.heading(words_.court);
    bool shown = false;
    for (std::size_t space = 0; space < season.court.display.size(); ++space) {
      const int number = season.court.display[space];
      if (number == 0) continue;
      favour_line(number, rules_.court.display[space]);
      shown = true;
    }
    if (!shown) {
      col_.next_line(
          col_.write(words_.court_display_empty, col_.x(), style_.fonts.panel, muted_).h);
    }
    std::string officers;
    for (std::size_t i = 0; i < state_.players.size(); ++i) {
      officers +=
          (i ? words_.separator : "") +
          fill(words_.court_officers_entry,
               {{"player", letters_[i]}, {"hall", std::to_string(state_.court.officers_hall[i])}});
    }
    col_.next_line(col_.write(fill(words_.court_officers, {{"players", officers}}), col_.x(),
                              style_.fonts.small, ink_)
                       .h);
  }

  /// One card shown: what it does, its cost, and after the season who took it.
  void favour_line(int number, int cost) {
    const FavourCard& card = *rules_.court.card(number);
    const std::string line = fill(words_.court_card, {{"number", std::to_string(number)},
                                                      {"cost", std::to_string(cost)},
                                                      {"effect", favour_words(card)}});
    const Box b = col_.write(line, col_.x(), style_.fonts.panel, ink_);
    for (const FavourTurn& t : log_ ? log_->court_favours : std::vector<FavourTurn>{}) {
      if (t.card == number) {
        col_.write(fill(words_.tile_taken, {{"player", colour_word(state_.player(t.player).id)}}),
                   b.x + b.w, style_.fonts.panel, muted_);
      }
    }
    col_.next_line(b.h);
  }

  /// What a favour card does, in the map's words.
  std::string favour_words(const FavourCard& card) const {
    if (card.effect == FavourEffect::shield) {
      std::string battles;  // the battle spaces' short names, as actions.yaml gives them
      for (Action battle : card.shields)
        battles += (battles.empty() ? "" : words_.separator) + rules_.action(battle).short_name;
      return fill(words_.favour_shield, {{"battles", battles}});
    }
    std::string building;
    if (card.building) {
      building = *card.building == Building::palace   ? words_.palace
                 : *card.building == Building::church ? words_.church
                                                      : words_.trading_house;
    }
    return fill(words_.favours[index_of(card.effect)],
                {{"amount", std::to_string(card.amount)}, {"building", building}});
  }

  /// The tray of the combat tower is public (its inside is not).
  void tray() {
    col_.heading(words_.tower_tray);
    const PanelStyle& ps = style_.panel;
    const double box = col_.line_height(style_.fonts.panel);
    double x = col_.x();
    bool any = false;
    for (std::size_t i = 0; i < state_.players.size(); ++i) {
      const int n = state_.tower.tray.n[i];
      if (n == 0) continue;
      const PlayerColours c = player_colours(style_, state_, state_.player_index(i));
      scene_.swatches.push_back({Box{x, col_.y(), box, box}, c.fill, ink_, letters_[i], c.text});
      const std::string count = fill(words_.tray_count, {{"count", std::to_string(n)}});
      const Box b = col_.write(count, x + box + ps.tray_gap * s_, style_.fonts.panel, ink_);
      x = b.x + b.w + ps.tray_spacing * s_;
      any = true;
    }
    if (state_.tower.tray.peasants() > 0) {
      scene_.swatches.push_back(
          {Box{x, col_.y(), box, box}, style_.colours.peasants, ink_, "", ink_});
      const std::string count =
          fill(words_.tray_peasants, {{"count", std::to_string(state_.tower.tray.peasants())}});
      col_.write(count, x + box + ps.tray_gap * s_, style_.fonts.panel, ink_);
      any = true;
    }
    if (!any) col_.write(words_.tray_empty, col_.x(), style_.fonts.panel, muted_);
    col_.next_line(box);
  }

  void legend() {
    col_.heading(words_.legend);
    legend_icons();
    legend_badge();
    if (rules_.plays(kLeadersPlacePhase)) legend_leaders();
    legend_lines();
    legend_arrows();
    legend_marks();
    legend_conquered();
    if (state_.draft) legend_face_up();
  }

 private:
  std::string subtitle() const {
    if (state_.finished && !log_) return words_.game_over;
    if (start_.draft)  // Rules 2.2: the draft before the first season
      return fill(log_ ? words_.draft_after : words_.draft_planned,
                  {{"season", season_words()}, {"seasons", std::to_string(rules_.season_count())}});
    const std::string& pattern = !log_          ? words_.planned
                                 : log_->winter ? words_.after_winter
                                                : words_.after;
    return fill(pattern, {{"season", season_words()},
                          {"number", std::to_string(label_.index)},
                          {"seasons", std::to_string(rules_.season_count())}});
  }

  /// The words of the map's language (English without).
  const pbem::LanguageWords& language() const {
    return req_.season.words ? *req_.season.words : pbem::LanguageWords::english();
  }
  /// A player's id ("red") as the map's language names the colour ("rouge": words.yaml's
  /// `colours`); an id it has no word for as it is.
  std::string colour_word(const std::string& id) const { return colour_name(language(), id); }
  /// The season as the map's language says it.
  std::string season_words() const { return language().season(label_.name()); }

  /// The winners once there are any, else a resolved season's event or a planned one's deadline.
  std::string detail() const {
    if (!state_.winners.empty()) return winners();
    if (log_ && start_.draft) {
      const auto blind = std::count_if(log_->draft.begin(), log_->draft.end(),
                                       [](const DraftPick& p) { return p.blind; });
      return fill(words_.draft_picks, {{"picks", std::to_string(log_->draft.size())},
                                       {"blind", std::to_string(blind)}});
    }
    if (log_) return fill(words_.event, {{"event", rules_.event(log_->event).name}});
    // The schedule's deadline (the one the reports give), else game.yaml's words for it.
    if (req_.season.due)
      return fill(words_.deadline,
                  {{"deadline", pbem::describe_instant(*req_.season.due, req_.season.due_timezone,
                                                       language())}});
    const auto& deadlines = req_.season.config->deadlines;
    const auto deadline = deadlines.find(label_.name());
    return deadline == deadlines.end() ? words_.no_deadline
                                       : fill(words_.deadline, {{"deadline", deadline->second}});
  }

  std::string winners() const {
    std::string names;
    for (std::size_t i = 0; i < state_.winners.size(); ++i) {
      const PlayerIndex w = state_.winners[i];
      names += (i ? words_.separator : "") +
               fill(words_.winner_entry, {{"name", req_.season.config->players[w.value].name},
                                          {"vp", std::to_string(state_.player(w).vp)}});
    }
    return fill(state_.winners.size() == 1 ? words_.winner : words_.shared_win,
                {{"players", names}});
  }

  /// A player's swatch, name, holdings and turn.
  void player_row(std::size_t i, const Columns& columns, double row_h) {
    const PanelStyle& ps = style_.panel;
    const PlayerIndex p = state_.player_index(i);
    const PlayerState& player = state_.players[i];
    const PlayerColours colours = player_colours(style_, state_, p);
    const double swatch = row_h - ps.row_pad * s_;
    scene_.swatches.push_back(
        {Box{col_.x(), col_.y(), swatch, swatch}, colours.fill, ink_, letters_[i], colours.text});
    col_.write(req_.season.config->players[i].name, col_.x() + row_h + ps.name_gap * s_,
               style_.fonts.panel, ink_, true, col_.x() + (columns[0].second - ps.name_room) * s_);
    const std::vector<int> values = {player.thaler, player.grain, player.vp, player.reserve,
                                     state_.province_count(p)};
    for (std::size_t k = 0; k < values.size(); ++k) {
      col_.write(std::to_string(values[k]), col_.x() + columns[k].second * s_, style_.fonts.panel,
                 ink_);
    }
    col_.write(turn(p), col_.x() + columns.back().second * s_, style_.fonts.small, ink_);
    col_.next_line(row_h - ps.line_gap * s_);
  }

  /// A player's place in the turn order, then the bonus tile taken this season.
  std::string turn(PlayerIndex p) const {
    const auto& order = log_ ? log_->turn_order : state_.turn_order;
    std::string turn;
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (order[k] == p) turn = std::to_string(k + 1);
    }
    if (log_) {
      for (const auto& [who, tile] : log_->tiles) {
        const BonusTile& taken = rules_.tile(tile);
        if (who == p) turn += " " + (taken.short_name.empty() ? taken.id : taken.short_name);
      }
    }
    return turn;
  }

  /// An event's line; its text too for this season's event, and for a season being planned
  /// when few are left.
  void event(EventId e) {
    const EventCard& card = rules_.event(e);
    const auto& left_events = start_.events_left;
    const bool current = log_ && log_->event == e;
    const bool left = std::find(left_events.begin(), left_events.end(), e) != left_events.end();
    const std::string& mark = current ? words_.event_current
                              : left  ? words_.event_left
                                      : words_.event_past;
    const std::string line =
        fill(words_.event_line,
             {{"mark", mark}, {"event", card.name}, {"loss", std::to_string(card.winter_loss)}});
    const Box b =
        col_.write(line, col_.x(), style_.fonts.panel, left || current ? ink_ : muted_, current);
    col_.next_line(b.h);
    if (current || (!log_ && left &&
                    left_events.size() <= static_cast<std::size_t>(style_.panel.event_texts))) {
      const Box t = col_.write(card.text, col_.x() + style_.panel.event_indent * s_,
                               style_.fonts.small, muted_);
      col_.next_line(t.h);
    }
  }

  /// Rules 2.2: the draft's face-up cards, its pile and the army groups each player places.
  void draft() {
    col_.heading(words_.draft);
    std::vector<std::string> lines;
    if (!log_) {
      std::string cards;
      for (const auto& card : start_.draft->face_up) {
        if (card) cards += (cards.empty() ? "" : words_.separator) + rules_.province(*card).name;
      }
      lines.push_back(fill(words_.draft_face_up, {{"cards", cards}}));
      lines.push_back(
          fill(words_.draft_pile, {{"count", std::to_string(start_.draft->pile.size())}}));
    }
    std::string groups;
    for (int g : rules_.army_groups_of(start_.player_count()))
      groups += (groups.empty() ? "" : words_.separator) + std::to_string(g);
    lines.push_back(fill(words_.draft_groups, {{"groups", groups}}));
    for (const std::string& line : lines) {
      const Box b = col_.write(line, col_.x(), style_.fonts.panel, ink_);
      col_.next_line(b.h);
    }
  }

  void action_cards() {
    col_.heading(log_ ? words_.action_cards_revealed : words_.action_cards);
    const int slots = static_cast<int>(start_.action_cards.size());
    const int rows = (slots + 1) / 2;  // two columns of slots
    for (int row = 0; row < rows; ++row) {
      double h = 0;
      for (int c = 0; c < 2; ++c) {
        const int slot = row + 1 + c * rows;
        if (slot > slots) break;
        const bool hidden = !rules_.slot_visible(slot, log_ != nullptr);
        const std::string name =
            hidden ? words_.face_down
                   : rules_.action(start_.action_cards[static_cast<std::size_t>(slot - 1)]).name;
        const std::string line =
            fill(words_.slot, {{"slot", std::to_string(slot)}, {"action", name}});
        // The first column's line stops short of the second's (a long name is cut).
        const double limit = c == 0 ? col_.x() + half() : 0;
        h = std::max(h, col_.write(line, col_.x() + c * half(), style_.fonts.panel,
                                   hidden ? muted_ : ink_, false, limit)
                            .h);
      }
      col_.next_line(h);
    }
  }

  void bonus_tiles() {
    col_.heading(words_.bonus_tiles);
    for (std::size_t pos = 0; pos < start_.bonus_tiles.size(); ++pos) {
      const TileId id = start_.bonus_tiles[pos];
      std::string line = fill(words_.bonus_tile, {{"position", std::to_string(pos + 1)},
                                                  {"tile", rules_.tile(id).name}});
      if (log_) {
        for (const auto& [who, tile] : log_->tiles) {
          if (tile == id)
            line += fill(words_.tile_taken, {{"player", colour_word(state_.player(who).id)}});
        }
      }
      const Box b = col_.write(line, col_.x(), style_.fonts.panel, ink_);
      col_.next_line(b.h);
    }
  }

  /// The buildings on one line; the revolt markers start the next, which legend_badge ends.
  void legend_icons() {
    const LegendStyle& l = style_.legend;
    legend_icon(IconKind::palace, words_.palace, col_.x(), 0);
    legend_icon(IconKind::church, words_.church, col_.x() + half() * l.church_at, 0);
    legend_icon(IconKind::trading_house, words_.trading_house,
                col_.x() + half() * l.trading_house_at, 0);
    col_.next_line(icon() + l.row_gap * s_);
    legend_icon(IconKind::revolt,
                fill(words_.revolt_markers, {{"count", std::to_string(l.revolts)}}), col_.x(),
                l.revolts);
  }

  /// Rules 13.3: a leader and a statue, in the first player's colour, on a line of their own
  /// after the badge's.
  void legend_leaders() {
    const LegendStyle& l = style_.legend;
    const Rgb colour = player_colours(style_, state_, PlayerIndex{0}).fill;
    legend_icon(IconKind::leader, words_.leader, col_.x(), 0, colour);
    legend_icon(IconKind::statue, words_.statue, col_.x() + half(), 2, colour);
    col_.next_line(icon() + l.row_gap * s_);
  }

  void legend_icon(IconKind kind, const std::string& what, double x, int count, Rgb colour = {}) {
    const LegendStyle& l = style_.legend;
    scene_.icons.push_back(
        {kind, Box{x, col_.y() + l.icon_drop * s_, icon(), icon()}, false, count, colour});
    col_.write(what, x + icon() + l.label_gap * s_, style_.fonts.small, ink_);
  }

  /// The first player's badge with a sample number of armies.
  void legend_badge() {
    const LegendStyle& l = style_.legend;
    const std::string armies = std::to_string(l.armies);
    const PlayerColours c = player_colours(style_, state_, PlayerIndex{0});
    const std::string sample = fill(words_.badge, {{"letter", letters_[0]}, {"armies", armies}});
    const double px = style_.fonts.badge * s_;
    const auto size = text_.measure(sample, px, true);
    const ContentStyle& content = style_.content;
    const Box b{col_.x() + half(), col_.y(), size.w + content.badge_pad_x * s_,
                size.h + content.badge_pad_y * s_};
    scene_.texts.push_back({sample, b, px, true, c.text, c.fill, TextRole::badge});
    const std::string what = fill(
        words_.legend_badge, {{"player", colour_word(state_.players[0].id)}, {"armies", armies}});
    col_.write(what, b.x + b.w + l.label_gap * s_, style_.fonts.small, ink_);
    col_.next_line(std::max(icon(), b.h));
  }

  /// A row of two samples along a short line, the first at the column's start and the second
  /// at its middle, each followed by its word; `sample(from, to, second)` draws one.
  template <class Sample>
  void legend_pair(const std::string& first, const std::string& second, const Sample& sample) {
    const LegendStyle& l = style_.legend;
    const double y = col_.y() + l.line_drop * s_;
    for (const bool is_second : {false, true}) {
      const double x = is_second ? col_.x() + half() : col_.x();
      sample(Point{x, y}, Point{x + l.line_length * s_, y}, is_second);
      col_.write(is_second ? second : first, x + l.line_label * s_, style_.fonts.small, ink_);
    }
    col_.next_line(icon());
  }

  /// A link and a wall.
  void legend_lines() {
    legend_pair(words_.link, words_.wall, [&](Point from, Point to, bool wall) {
      scene_.lines.push_back({from, to, (wall ? style_.widths.wall : style_.widths.link) * s_,
                              wall ? style_.colours.wall : style_.colours.link, !wall});
    });
  }

  /// A battle and a move, in the first player's colour.
  void legend_arrows() {
    const Rgb attacker = player_colours(style_, state_, PlayerIndex{0}).fill;
    legend_pair(words_.battle, words_.move, [&](Point from, Point to, bool move) {
      scene_.arrows.push_back({from, to,
                               (move ? style_.arrows.move_width : style_.arrows.battle_width) * s_,
                               attacker, ink_, move});
    });
  }

  /// A province out of play (in a game that has some) and a building built this season.
  void legend_marks() {
    const LegendStyle& l = style_.legend;
    const double x = col_.x();
    const double mid = col_.x() + half();
    bool some_out_of_play = false;
    for (std::size_t i = 0; i < rules_.provinces.size(); ++i)
      some_out_of_play =
          some_out_of_play || !rules_.in_play(ProvinceId::at(i), state_.player_count());
    if (some_out_of_play) {
      scene_.swatches.push_back(
          {Box{x, col_.y(), icon(), icon()}, style_.colours.out_of_play, muted_, "", ink_});
      col_.write(words_.out_of_play, x + icon() + l.label_gap * s_, style_.fonts.small, ink_);
    }
    const double inset = l.fresh_inset * s_;
    const Box church{mid + inset, col_.y() + l.icon_drop * s_, icon() - inset, icon() - inset};
    scene_.icons.push_back({IconKind::church, church, true, 0});
    col_.write(words_.fresh, mid + icon() + l.label_gap * s_, style_.fonts.small, ink_);
    col_.next_line(icon() + l.row_gap * s_);
  }

  void legend_conquered() {
    const LegendStyle& l = style_.legend;
    const double x = col_.x();
    const double y = col_.y() + icon() / 2;
    scene_.lines.push_back({{x, y}, {x + icon(), y}, l.conquered_width * s_, ink_, true});
    col_.write(words_.conquered, x + icon() + l.label_gap * s_, style_.fonts.small, ink_);
    col_.next_line(icon());
  }

  /// Rules 2.2: the band of a face-up card, while the draft is planned.
  void legend_face_up() {
    const LegendStyle& l = style_.legend;
    const double x = col_.x();
    const double y = col_.y() + icon() / 2;
    scene_.lines.push_back(
        {{x, y}, {x + icon(), y}, l.conquered_width * s_, style_.colours.face_up, true});
    col_.write(words_.face_up_band, x + icon() + l.label_gap * s_, style_.fonts.small, ink_);
    col_.next_line(icon());
  }

  double icon() const { return style_.content.icon * s_; }
  /// Half the column: where the second of two items on a line starts.
  double half() const { return (col_.right() - col_.x()) / 2; }

  const MapRequest& req_;
  const MapStyle& style_;
  const Labels& words_;
  const TextKit& text_;
  double s_;
  MapScene& scene_;
  Column col_;
  const GameState& state_;
  const GameState& start_;
  const Ruleset& rules_;
  const SeasonLog* log_;
  std::vector<std::string> letters_;
  SeasonLabel label_;
  Rgb ink_;
  Rgb muted_;
};

}  // namespace

void build_panel(const MapRequest& req, const MapStyle& style, const TextKit& text, double s,
                 MapScene& scene) {
  Panel panel(req, style, text, s, scene);
  panel.title();
  panel.scoreboard();
  panel.events();
  panel.cards();
  panel.court();
  panel.tray();
  panel.legend();
}

}  // namespace wallenstein::map
