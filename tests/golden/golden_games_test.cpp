// Golden games: 3, 4 and 5 players, all six action seasons and both winters, from a fixed seed
// with fixed orders. The expected text (orders and log of every season) lives in
// tests/golden/game-Np.txt for the current rules version, in game-Np-rules1.txt for version 1,
// which games started under it keep, and in game-Np-<module>.txt for a game with expansions;
// tools/regen-golden rewrites them, and the diff is reviewed like code.

#include <gtest/gtest.h>

#include <cstdlib>

#include "support/temp_dir.hpp"
#include "wallenstein/bot/random_orders.hpp"
#include "wallenstein/files/log_yaml.hpp"
#include "wallenstein/files/ruleset_files.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/season_phases.hpp"

namespace wallenstein {
namespace {

/// The 1st edition's `defend_with` of an orders line (rules 12).
std::string defend_with_text(const Orders& o, const Ruleset& rules) {
  std::string text = " defend_with=[";
  for (std::size_t i = 0; i < o.defend_with.size(); ++i) {
    text += (i ? "," : "") + rules.province(o.defend_with[i].first).id + ":" +
            std::to_string(o.defend_with[i].second);
  }
  return text + "]";
}

/// The draft's list of an orders line (rules 2.2): provinces most wanted first, a group after ':'.
std::string draft_text(const Orders& o, const Ruleset& rules) {
  std::string text = " draft=[";
  for (std::size_t i = 0; i < o.draft.wishes.size(); ++i) {
    const DraftWish& wish = o.draft.wishes[i];
    text += (i ? "," : "") + rules.province(wish.province).id +
            (wish.group ? ":" + std::to_string(*wish.group) : "") + (wish.leader ? "(leader)" : "");
  }
  return text + "]" + (o.draft.refresh ? " refresh" : "");  // D-48, D-49
}

/// One line per player: what they ordered, as a reviewer wants to read it.
std::string orders_line(const Orders& o, const GameState& state, const Ruleset& rules) {
  std::string line = "  " + state.player(o.player).id + ":";
  if (state.draft) return line + draft_text(o, rules) + "\n";
  for (Action a : rules.action_spaces()) {
    const auto& order = o[a];
    if (!order) continue;
    line += " " + rules.action(a).id + "=" + rules.province(order->province).id;
    if (order->target) line += ">" + rules.province(*order->target).id;
    if (!order->armies.all) line += "(" + std::to_string(order->armies.count) + ")";
    if (!order->place) line += "(move only)";
  }
  if (!rules.has_bids()) return line + defend_with_text(o, rules) + "\n";  // Rules 12
  line += " bid=";
  switch (o.bid.kind) {
    case BidKind::coin:
      line += std::to_string(o.bid.coin);
      break;
    case BidKind::province:
      line += rules.province(o.bid.province).id;
      break;
    case BidKind::none:
      line += "none";
      break;
  }
  line += " tiles=[";
  for (std::size_t i = 0; i < o.tile_preferences.size(); ++i)
    line += (i ? "," : "") + rules.tile(o.tile_preferences[i]).id;
  line += "]";
  if (!o.landsknecht_wishes.empty()) {
    line += " landsknechte=[";
    for (std::size_t i = 0; i < o.landsknecht_wishes.size(); ++i)
      line += (i ? "," : "") + std::string(landsknecht_bonus_key(o.landsknecht_wishes[i]));
    line += "]";
  }
  if (rules.plays(kCourtConversionPhase)) {  // rules 13.1: the side board, then the wishes
    line += " court=[";
    for (std::size_t i = 0; i < o.court.conversions.size(); ++i) {
      const ConversionOrder& c = o.court.conversions[i];
      line += (i ? "," : "") + std::string(c.source == ConversionSource::tower ? "tower"
                                           : c.source == ConversionSource::none
                                               ? "-"
                                               : rules.province(c.province).id);
    }
    line += "] favors=[";
    for (std::size_t i = 0; i < o.court.favours.size(); ++i) {
      const FavourWish& f = o.court.favours[i];
      line += (i ? "," : "") + std::to_string(f.card) +
              (f.province ? "@" + rules.province(*f.province).id : std::string());
      if (f.cancel) {  // D-50: the events card #1 cancels
        line += "(cancel";
        for (EventId e : *f.cancel) line += " " + rules.event(e).id;
        line += ")";
      }
    }
    line += "]";
  }
  if (rules.plays(kLeadersPlacePhase)) {
    const LeaderOrder& l = o.leader;
    const std::string place = l.stay_beside ? "none" : "-";
    line += " leader=" + (l.place ? rules.province(*l.place).id : place) + ">" +
            (l.move_to ? rules.province(*l.move_to).id : std::string("-")) +
            (l.statue ? "(statue)" : "");
  }
  return line + "\n";
}

std::string play_golden_game(int players, int version, int edition,
                             const std::vector<std::string>& expansions, bool draft) {
  const Ruleset rules =
      load_edition_ruleset(testing::source_data_dir(), version, edition, expansions);
  const std::vector<std::string> ids = {"red", "blue", "yellow", "green", "black"};
  NewGame spec{"golden",
               {ids.begin(), ids.begin() + players},
               static_cast<std::uint64_t>(1618 + players),
               draft};
  GameState state = new_game(spec, rules);
  Rng order_rng(static_cast<std::uint64_t>(players));
  std::string text = "# Golden game: " + std::to_string(players) + " players, seed " +
                     std::to_string(spec.seed) +
                     ". Regenerate with tools/regen-golden; review every change.\n";
  while (!state.finished) {
    std::vector<Orders> orders;
    text += "\n######## " + season_label(rules, state.season_index).name() + "\norders:\n";
    for (int p = 0; p < players; ++p) {
      orders.push_back(
          random_orders(state, rules, state.player_index(static_cast<std::size_t>(p)), order_rng));
      text += orders_line(orders.back(), state, rules);
    }
    const SeasonResult result = resolve_season(state, orders, {}, rules);
    std::string log = write_log(result.log, state, rules, LogHeader{});
    log.erase(0, log.find("\ngame: ") + 1);  // The header comment is the same every season.
    text += log;
    state = result.next;
  }
  text += "\n######## final\n";
  for (const auto& p : state.players) {
    text += "  " + p.id + ": " + std::to_string(p.vp) + " VP, " + std::to_string(p.thaler) +
            " thaler, " + std::to_string(state.province_count(*state.find_player(p.id))) +
            " provinces\n";
  }
  text += "winners:";
  for (PlayerIndex w : state.winners) text += " " + state.player(w).id;
  return text + "\n";
}

/// The rules version the golden games without a version in their file name were reviewed under:
/// they stay byte for byte what they were when a newer version comes.
constexpr int kGoldenRulesVersion = 2;

/// A golden game: the player count, the rules version and the expansions.
struct Golden {
  int players = 3;
  int version = kGoldenRulesVersion;
  std::vector<std::string> expansions = {};
  int edition = 2;
  bool draft = false;  ///< the game starts with the draft (rules 2.2)
  std::string file() const {
    std::string name = "tests/golden/game-" + std::to_string(players) + "p";
    if (draft) name += "-draft";
    if (edition != 2) name += "-edition" + std::to_string(edition);
    if (version != kGoldenRulesVersion) name += "-rules" + std::to_string(version);
    for (const std::string& e : expansions) name += "-" + e;
    return name + ".txt";
  }
};

void PrintTo(const Golden& g, std::ostream* os) { *os << g.file(); }

class GoldenGame : public ::testing::TestWithParam<Golden> {};

TEST_P(GoldenGame, PlaysExactlyAsReviewed) {
  const auto path = testing::source_path(GetParam().file());
  const std::string actual =
      play_golden_game(GetParam().players, GetParam().version, GetParam().edition,
                       GetParam().expansions, GetParam().draft);
  if (std::getenv("WALLENSTEIN_REGENERATE_GOLDEN")) {
    testing::write_text(path, actual);
    GTEST_SKIP() << "regenerated " << path;
  }
  const std::string expected = testing::read_text(path);
  EXPECT_EQ(actual, expected) << "the game differs from " << path
                              << "; if the change is intended, run tools/regen-golden";
}

INSTANTIATE_TEST_SUITE_P(Players, GoldenGame,
                         ::testing::Values(Golden{3, kGoldenRulesVersion},
                                           Golden{4, kGoldenRulesVersion},
                                           Golden{5, kGoldenRulesVersion}, Golden{3, 1},
                                           Golden{4, 1}, Golden{5, 1},
                                           Golden{4, kGoldenRulesVersion, {"landsknechte"}},
                                           Golden{3, kGoldenRulesVersion, {"leaders"}},
                                           Golden{4, kGoldenRulesVersion, {"court"}},
                                           Golden{4, kGoldenRulesVersion, {}, 1},
                                           Golden{3, kGoldenRulesVersion, {}, 2, true},
                                           Golden{3, 3, {"leaders"}}, Golden{4, 3, {"court"}},
                                           Golden{4, 3, {}, 1}, Golden{3, 3, {"leaders"}, 2, true}),
                         [](const ::testing::TestParamInfo<Golden>& param) {
                           std::string name = std::to_string(param.param.players) + "p_rules" +
                                              std::to_string(param.param.version);
                           if (param.param.edition != 2)
                             name += "_edition" + std::to_string(param.param.edition);
                           for (const std::string& e : param.param.expansions) name += "_" + e;
                           if (param.param.draft) name += "_draft";
                           return name;
                         });

}  // namespace
}  // namespace wallenstein
