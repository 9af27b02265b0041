#include <algorithm>
#include <array>
#include <stdexcept>

#include "wallenstein/rules/court_play.hpp"
#include "wallenstein/rules/engine.hpp"
#include "wallenstein/rules/leaders.hpp"
#include "wallenstein/rules/resolution.hpp"

namespace wallenstein {
namespace detail {

const EventCard* Context::event_with(EventEffect effect) const {
  if (!event) return nullptr;
  const EventCard& card = rules.event(*event);
  return card.effect == effect ? &card : nullptr;
}

const BonusTile* Context::tile_with(PlayerIndex player, TileEffect effect) const {
  const auto& t = tile[player.value];
  if (!t) return nullptr;
  const BonusTile& bonus = rules.tile(*t);
  return bonus.effect == effect ? &bonus : nullptr;
}

const LeaderBonus* Context::leader_with(PlayerIndex player, ProvinceId where, Action action) const {
  return state.player(player).leader == where ? &rules.leaders.bonus(action) : nullptr;
}

int Context::cost_of(PlayerIndex player, ProvinceId where, Action action) const {
  return action_price(rules, action, where, state.player(player).leader);
}

void Context::hand_over(ProvinceId province, std::optional<PlayerIndex> holder) {
  std::optional<PlayerIndex>& owner = state.at(province).owner;
  if (owner && owner != holder) cards_lost.emplace_back(*owner, province);
  // Rules 13.3, E-13: a player who loses the leader's province takes the leader off the board.
  if (owner && owner != holder && state.player(*owner).leader == province) {
    state.player(*owner).leader.reset();
    log.leaders.push_back(
        {LeaderStepKind::taken_off, *owner, province, {}, false, {}, true, {}, false});
  }
  owner = holder;
}

bool Context::lost_earlier(PlayerIndex player, ProvinceId province) const {
  return std::find(cards_lost.begin(), cards_lost.end(), std::pair{player, province}) !=
         cards_lost.end();
}

void Context::step_done() const {
  if (options.after_step) options.after_step(state);
}

void publish_season(GameState& state, const Ruleset& rules, Rng& rng) {
  // Rules 4.1, 4.2: fresh shuffles of the action cards and the bonus tiles, from a fixed start.
  state.action_cards.clear();
  for (Action a : rules.action_spaces()) state.action_cards.push_back(a);
  rng.shuffle(state.action_cards.begin(), state.action_cards.end());
  if (rules.plays(kCourtFavorsPhase)) display_favours(state, rules);  // rules 13.1
  state.bonus_tiles.clear();
  if (!rules.has_bids()) return;  // Rules 12: the 1st edition has no bonus tiles.
  state.bonus_tiles.reserve(rules.tiles.size());
  for (std::size_t i = 0; i < rules.tiles.size(); ++i) state.bonus_tiles.push_back(TileId::at(i));
  rng.shuffle(state.bonus_tiles);
}

namespace {

/// Rules 4.5: coin bids 4..1, then province cards, then coin 0, then no card.
int bid_rank(const Bid& bid) {
  switch (bid.kind) {
    case BidKind::coin:
      return bid.coin > 0 ? 100 - bid.coin : 200;
    case BidKind::province:
      return 150;
    case BidKind::none:
      return 300;
  }
  return 300;
}

void reveal_bids(Context& ctx, const std::vector<Orders>& orders) {
  GameState& state = ctx.state;
  const std::size_t players = state.players.size();
  std::vector<PlayerIndex> ranking;
  ranking.reserve(players);
  ctx.log.bids.reserve(players);
  for (std::size_t i = 0; i < players; ++i) {
    const PlayerIndex p = state.player_index(i);
    const Bid& bid = orders[i].bid;
    const int paid = bid.kind == BidKind::coin ? std::min(bid.coin, state.player(p).thaler) : 0;
    state.player(p).thaler -= paid;
    ctx.log.bids.push_back({p, bid, paid});
    ranking.push_back(p);
  }
  // By bid, then by seat: the order a stable sort of the seat order gives, without its buffer.
  std::sort(ranking.begin(), ranking.end(), [&](PlayerIndex a, PlayerIndex b) {
    return std::pair(bid_rank(orders[a.value].bid), a) <
           std::pair(bid_rank(orders[b.value].bid), b);
  });
  // Ties are broken at random (the leaders drawn from the bag), group by group.
  for (std::size_t start = 0; start < ranking.size();) {
    std::size_t end = start + 1;
    const int rank = bid_rank(orders[ranking[start].value].bid);
    while (end < ranking.size() && bid_rank(orders[ranking[end].value].bid) == rank) ++end;
    if (end - start > 1) {
      ctx.rng.shuffle(ranking.begin() + static_cast<std::ptrdiff_t>(start),
                      ranking.begin() + static_cast<std::ptrdiff_t>(end));
    }
    start = end;
  }
  ctx.log.bid_ranking = ranking;

  // Each takes the free tile highest on their list, else the free one on the lowest position (D-2).
  std::vector<char> taken(state.bonus_tiles.size(),
                          0);  // bytes, not std::vector<bool>'s packed bits
  std::vector<std::pair<std::size_t, PlayerIndex>> by_position;
  by_position.reserve(players);
  ctx.log.turn_order.reserve(players);
  ctx.log.tiles.reserve(players);
  ctx.tile.assign(players, std::nullopt);
  for (PlayerIndex p : ranking) {
    std::optional<std::size_t> position;
    for (TileId wanted : orders[p.value].tile_preferences) {
      for (std::size_t pos = 0; pos < state.bonus_tiles.size() && !position; ++pos) {
        if (!taken[pos] && state.bonus_tiles[pos] == wanted) position = pos;
      }
      if (position) break;
    }
    if (!position) {
      for (std::size_t pos = 0; pos < taken.size() && !position; ++pos) {
        if (!taken[pos]) position = pos;
      }
    }
    taken[*position] = 1;
    ctx.tile[p.value] = state.bonus_tiles[*position];
    by_position.emplace_back(*position, p);
  }
  std::sort(by_position.begin(), by_position.end());
  for (const auto& [pos, p] : by_position) ctx.log.turn_order.push_back(p);
  for (std::size_t i = 0; i < state.players.size(); ++i) {
    ctx.log.tiles.emplace_back(state.player_index(i), *ctx.tile[i]);
  }
}

/// Rules 12: the 1st edition draws the turn order at random each season, without bids or tiles.
void draw_turn_order(Context& ctx, const std::vector<Orders>& /*orders*/) {
  std::vector<PlayerIndex> order;
  order.reserve(ctx.state.players.size());
  for (std::size_t i = 0; i < ctx.state.players.size(); ++i)
    order.push_back(ctx.state.player_index(i));
  ctx.rng.shuffle(order);
  ctx.log.turn_order = std::move(order);
  ctx.tile.assign(ctx.state.players.size(), std::nullopt);
}

/// Rules 4.4: one of the year's remaining face-up events, at random.
void draw_event(Context& ctx, const std::vector<Orders>& /*orders*/) {
  GameState& state = ctx.state;
  const std::size_t drawn = ctx.rng.below(static_cast<std::uint32_t>(state.events_left.size()));
  ctx.event = state.events_left[drawn];
  ctx.log.event = *ctx.event;
  state.events_left.erase(state.events_left.begin() + static_cast<std::ptrdiff_t>(drawn));
}

/// Rules 4.6: slot by slot, every player in turn order. The event lasts until the last action.
void play_actions(Context& ctx, const std::vector<Orders>& orders) {
  for (int slot = 1; slot <= static_cast<int>(ctx.state.action_cards.size()); ++slot) {
    const Action action = ctx.state.action_cards[static_cast<std::size_t>(slot - 1)];
    for (PlayerIndex p : ctx.log.turn_order) {
      if (const auto& order = orders[p.value][action]) perform_action(ctx, slot, action, p, *order);
    }
  }
  ctx.state.turn_order = ctx.log.turn_order;
  ctx.event.reset();
}

/// Rules 9, 10: winter follows the year's last season, and only it.
void winter_after_autumn(Context& ctx, const std::vector<Orders>& orders) {
  if (season_label(ctx.rules, ctx.log.season_index).season == ctx.rules.seasons.back())
    ctx.log.winter = play_winter(ctx, orders);
}

/// Rules 4.1, 4.2: the next season opens with fresh action cards and tiles, unless the game is
/// over.
void publish_next_season(Context& ctx, const std::vector<Orders>& /*orders*/) {
  ctx.state.season_index += 1;
  if (!ctx.state.finished) publish_season(ctx.state, ctx.rules, ctx.rng);
}

/// Rules 13.1, court step 1: cubes converted into officers, in turn order.
void convert_court(Context& ctx, const std::vector<Orders>& orders) {
  ctx.log.court_conversions = convert_at_court(ctx.state, orders, ctx.log.turn_order, ctx.rules);
  ctx.step_done();
}

/// Rules 13.1, court step 2: the favours, whose effects apply at once; card #1 takes the season's
/// event out of force.
void grant_court_favours(Context& ctx, const std::vector<Orders>& orders) {
  ctx.log.court_favours =
      grant_favours(ctx.state, orders, ctx.log.turn_order, ctx.rules, ctx.event, ctx.court);
  if (ctx.court.event_cancelled) ctx.event.reset();
  ctx.step_done();
}

/// Every phase the core can play, by name; rules.yaml's season_phases puts them in order.
constexpr std::array<Phase, 11> kPhases = {{
    {"event", draw_event},
    {kBidsPhase, reveal_bids},
    {kDrawTurnOrderPhase, draw_turn_order},
    {kLeadersPlacePhase, place_leaders},
    {kLandsknechtePhase, play_landsknechte},
    {kCourtConversionPhase, convert_court},
    {kCourtFavorsPhase, grant_court_favours},
    {"actions", play_actions},
    {kLeadersMovePhase, move_leaders},
    {"winter", winter_after_autumn},
    {"publish", publish_next_season},
}};

constexpr bool names_match() {
  if (kPhases.size() != kSeasonPhases.size()) return false;
  for (std::size_t i = 0; i < kPhases.size(); ++i) {
    if (kPhases[i].name != kSeasonPhases[i]) return false;
  }
  return true;
}
static_assert(names_match(), "every name of kSeasonPhases has its step, in the same order");

}  // namespace

const Phase* find_phase(std::string_view name) {
  const auto* it = std::find_if(kPhases.begin(), kPhases.end(),
                                [&](const Phase& phase) { return phase.name == name; });
  return it == kPhases.end() ? nullptr : it;
}

}  // namespace detail

SeasonResult resolve_season(GameState state, const std::vector<Orders>& orders,
                            const std::vector<PlayerIndex>& nmr, const Ruleset& rules,
                            const ResolveOptions& options) {
  if (state.draft) return resolve_draft(std::move(state), orders, nmr, rules, options);
  // read_state refuses such states with a position; this stops a caller's bug before it turns
  // into an out-of-range access (no events left, too few tiles) or an endless draw (rng at zero).
  const bool autumn = season_label(rules, state.season_index).season == rules.seasons.back();
  if (state.finished || state.events_left.size() < (autumn ? 2U : 1U) ||
      state.bonus_tiles.size() < (rules.has_bids() ? state.players.size() : 0U) ||
      orders.size() != state.players.size() || state.rng == Rng::State{}) {
    throw std::invalid_argument("resolve_season: this state cannot be played");
  }
  for (const std::string& name : rules.season_phases) {
    if (!detail::find_phase(name))
      throw std::invalid_argument("resolve_season: unknown season phase \"" + name + "\"");
  }
  SeasonResult result{std::move(state), SeasonLog{}};
  GameState& next = result.next;
  SeasonLog& log = result.log;
  log.season_index = next.season_index;
  log.entries.reserve(96);  // a busy season logs about this many steps
  log.nmr = nmr;
  log.action_cards = next.action_cards;

  Rng rng = Rng::from_state(next.rng);
  RandomTower random_tower(rules.tower);
  TowerModel& tower = options.tower ? *options.tower : random_tower;
  detail::Context ctx{next,   rules,        rng, tower, log, options, rules.changes(),
                      orders, std::nullopt, {},  {}};

  for (const std::string& name : rules.season_phases) detail::find_phase(name)->run(ctx, orders);
  next.rng = rng.state();
  return result;
}

}  // namespace wallenstein
