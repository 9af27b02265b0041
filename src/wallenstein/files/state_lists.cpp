#include "wallenstein/files/state_lists.hpp"

#include <algorithm>
#include <string>

namespace wallenstein {
namespace {

template <class Id>
bool contains(const std::vector<std::pair<Id, YAML::Node>>& found, Id id) {
  return std::any_of(found.begin(), found.end(), [&](const auto& f) { return f.first == id; });
}

template <class Id>
std::vector<Id> ids(const std::vector<std::pair<Id, YAML::Node>>& found) {
  std::vector<Id> out;
  out.reserve(found.size());
  for (const auto& f : found) out.push_back(f.first);
  return out;
}

}  // namespace

void StateLists::read(const YAML::Node& root) {
  read_turn_order(root);
  read_winners(root);
  read_events(root);
  read_action_cards(root);
  read_bonus_tiles(root);
  read_rng(root);
}

StateLists::Found<PlayerIndex> StateLists::players(const YAML::Node& root, std::string_view key) {
  Found<PlayerIndex> out;
  auto node = r_.require(root, key, "a list of player ids");
  if (!node || !r_.expect_sequence(*node, key)) return out;
  for (const auto& item : *node) {
    const std::string id = r_.text(item, std::string(key) + " entry").value_or("");
    if (auto p = s_.find_player(id); !p) {
      r_.error(item, "unknown player \"" + id + "\" in " + std::string(key));
    } else if (contains(out, *p)) {
      r_.error(item, "player \"" + id + "\" is listed twice in " + std::string(key));
    } else {
      out.emplace_back(*p, item);
    }
  }
  return out;
}

void StateLists::read_turn_order(const YAML::Node& root) {
  const auto found = players(root, "turn_order");
  s_.turn_order = ids(found);
  // A key that is missing gives an invalid node, which throws when asked its type.
  if (const YAML::Node node = root["turn_order"]; node.IsDefined() && node.IsSequence() &&
                                                  node.size() == found.size() &&
                                                  found.size() != s_.players.size()) {
    r_.error(node, "turn_order must list each of the " + std::to_string(s_.players.size()) +
                       " players once");
  }
}

void StateLists::read_winners(const YAML::Node& root) {
  s_.winners = ids(players(root, "winners"));
  const YAML::Node node = root["winners"];
  if (!node.IsDefined() || !node.IsSequence()) return;
  if (s_.finished && node.size() == 0) r_.error(node, "a finished game has winners; list them");
  if (!s_.finished && node.size() != 0)
    r_.error(node, "winners are set only when the game is over (finished: true)");
}

StateLists::Found<EventId> StateLists::events(const YAML::Node& map, std::string_view key) {
  Found<EventId> out;
  auto node = r_.require(map, key, "a list of event ids");
  if (!node || !r_.expect_sequence(*node, key)) return out;
  for (const auto& item : *node) {
    const std::string id = r_.text(item, "event").value_or("");
    if (auto e = rules_.find_event(id); !e) {
      r_.error(item, "unknown event \"" + id + "\"");
    } else if (contains(out, *e)) {
      r_.error(item, "event \"" + id + "\" is listed twice in events." + std::string(key));
    } else {
      out.emplace_back(*e, item);
    }
  }
  return out;
}

void StateLists::read_events(const YAML::Node& root) {
  auto node = r_.require(root, "events", "");
  if (!node || !r_.expect_map(*node, "events")) return;
  static constexpr std::string_view kKeys[] = {"year", "left", "deck"};
  r_.check_keys(*node, kKeys, "events");
  const std::size_t problems = r_.problem_count();
  const auto year = events(*node, "year");
  const auto left = events(*node, "left");
  const auto deck = events(*node, "deck");
  s_.year_events = ids(year);
  s_.events_left = ids(left);
  s_.event_deck = ids(deck);
  if (r_.problem_count() != problems) return;
  if (s_.season_index == 0) {  // Rules 2.2, 2.4: the events are shuffled after the draft.
    if (!year.empty() || !left.empty() || !deck.empty())
      r_.error(*node,
               "before the draft is played the events are not shuffled yet: "
               "events: {year: [], left: [], deck: []}");
    return;
  }
  // Rules 3 and 4.4: the year's cards are revealed, one is drawn per season, the last one left
  // gives the winter loss; the deck holds the cards of the years to come.
  const auto per_year = static_cast<std::size_t>(rules_.events_per_year);
  if (year.size() != per_year) {
    r_.error((*node)["year"], "events.year must hold the year's " + std::to_string(per_year) +
                                  " events, not " + std::to_string(year.size()));
  }
  for (const auto& [e, at] : left) {
    if (!contains(year, e)) {
      r_.error(at, "event \"" + rules_.event(e).id + "\" in events.left is not one of the year's");
    }
  }
  for (const auto& [e, at] : deck) {
    if (contains(year, e)) {
      r_.error(at,
               "event \"" + rules_.event(e).id + "\" is in the deck and among the year's events");
    }
  }
  if (s_.finished) return;
  const auto seasons = rules_.seasons.size();
  const auto played = static_cast<std::size_t>(s_.season_index - 1);
  const std::size_t want_left = per_year - played % seasons;
  if (left.size() != want_left) {
    r_.error((*node)["left"], "events.left must hold the " + std::to_string(want_left) +
                                  " events of the year not drawn yet in " +
                                  season_label(rules_, s_.season_index).name() + ", not " +
                                  std::to_string(left.size()));
  }
  const std::size_t years_to_come = rules_.years.size() - 1 - played / seasons;
  if (deck.size() < per_year * years_to_come) {
    r_.error((*node)["deck"],
             "events.deck must hold at least " + std::to_string(per_year * years_to_come) +
                 " events for the years to come, not " + std::to_string(deck.size()));
  }
}

void StateLists::read_action_cards(const YAML::Node& root) {
  const int spaces = rules_.action_count();
  auto cards =
      r_.require(root, "action_cards", "the " + std::to_string(spaces) + " actions in slot order");
  if (!cards || !r_.expect_sequence(*cards, "action_cards")) return;
  const std::vector<std::string_view> ids = rules_.action_ids();
  s_.action_cards.clear();
  for (const auto& item : *cards) {
    const std::string id = r_.text(item, "action").value_or("");
    const auto a = rules_.find_action(id);
    if (!a) {
      r_.unknown_value(item, "action", ids);
    } else if (std::find(s_.action_cards.begin(), s_.action_cards.end(), *a) !=
               s_.action_cards.end()) {
      r_.error(item, "action \"" + id + "\" is on two slots; each of the " +
                         std::to_string(spaces) + " actions is on one");
    } else {
      s_.action_cards.push_back(*a);
    }
  }
  if (s_.season_index == 0) {  // Rules 2.2: the action cards are dealt after the draft.
    if (cards->size() != 0)
      r_.error(*cards, "before the draft is played no action card is dealt: action_cards: []");
    return;
  }
  if (cards->size() != static_cast<std::size_t>(spaces)) {
    r_.error(*cards, "action_cards must list all " + std::to_string(spaces) + " slots, not " +
                         std::to_string(cards->size()));
  }
}

void StateLists::read_bonus_tiles(const YAML::Node& root) {
  auto tiles = r_.require(root, "bonus_tiles", "the tiles on positions 1-5");
  if (!tiles || !r_.expect_sequence(*tiles, "bonus_tiles")) return;
  for (const auto& item : *tiles) {
    const std::string id = r_.text(item, "bonus tile").value_or("");
    if (auto t = rules_.find_tile(id); !t) {
      r_.error(item, "unknown bonus tile \"" + id + "\"");
    } else if (std::find(s_.bonus_tiles.begin(), s_.bonus_tiles.end(), *t) !=
               s_.bonus_tiles.end()) {
      r_.error(item, "bonus tile \"" + id + "\" is on two positions; each tile is on one");
    } else {
      s_.bonus_tiles.push_back(*t);
    }
  }
  if (s_.season_index == 0) {  // Rules 2.2: the tiles are laid out after the draft.
    if (tiles->size() != 0)
      r_.error(*tiles, "before the draft is played no bonus tile is laid out: bonus_tiles: []");
  } else if (!rules_.has_bids() && tiles->size() != 0) {
    r_.error(*tiles, "this game has no bonus tiles (the 1st edition): bonus_tiles: []");
  } else if (rules_.has_bids() && tiles->size() != rules_.tiles.size()) {
    r_.error(*tiles,
             "every bonus tile must be on a position: " + std::to_string(rules_.tiles.size()) +
                 " expected, not " + std::to_string(tiles->size()));
  }
}

void StateLists::read_rng(const YAML::Node& root) {
  auto rng = r_.require(root, "rng", "four 64-bit words in hex");
  if (!rng || !r_.expect_sequence(*rng, "rng")) return;
  if (rng->size() != 4) {
    r_.error(*rng, "rng must hold four words, not " + std::to_string(rng->size()));
    return;
  }
  bool words = true;
  for (std::size_t i = 0; i < 4; ++i) {
    const std::string word = scalar_text((*rng)[i]);
    if (word.size() != 16 || word.find_first_not_of("0123456789abcdef") != std::string::npos) {
      r_.error((*rng)[i], "rng words are 16 lowercase hex digits");
      words = false;
      continue;
    }
    s_.rng[i] = std::stoull(word, nullptr, 16);
  }
  // xoshiro256** never leaves the all-zero state: every draw would be 0 and a bounded draw
  // would retry forever.
  if (words && std::all_of(s_.rng.begin(), s_.rng.end(), [](std::uint64_t w) { return w == 0; })) {
    r_.error(
        *rng,
        "rng is all zeros, a state the generator never leaves; at least one word must not be 0");
  }
}

}  // namespace wallenstein
