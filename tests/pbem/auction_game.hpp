#pragma once

// A second game behind pbem::Game, to prove the seam: a sealed-bid auction. Each round every
// player bids coins for one lot in secret (orders/<id>.yaml: `bid: N`); the highest bid wins it
// and is paid (a tie goes to the earlier seat); after the last round the most lots win. A missing
// bid is 0 under `pass` and 1 under `bot`. The host runs it exactly as it runs Wallenstein.
//
// A bid by mail is an order file of five keys, each on a line of its own, as the host's intake
// needs them: `game:` (the game's name, which routes it under a root and starts it in a mail's
// text), `bidder:` (the seat's id: the auction's word, not Wallenstein's `player:`), `round:` (the
// round's name, "round-2": a bid for a round already resolved is too late), `token:` (the
// player's secret, which proves them) and `bid:` (whole coins, 0 up to the coins the player
// holds). `bidder:` and `round:` are its header keys besides `game:` (order_header_keys): the
// intake tells a bid whose lines were joined by them. The receipt of a stored bid tells the
// coins held (`coins`). Each round's mail writes every bidder a letter (letters/<id>.txt in the
// round's directory), which the mail command `report` sends again.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "pbem/host/game.hpp"
#include "pbem/host/schedule.hpp"

namespace auction {

/// The auction's rules: how many rounds (lots) and the coins each player starts with.
struct Rules {
  int rounds = 3;
  int coins = 10;
};

/// What a player holds at the start of a round.
struct Holding {
  int coins = 0;
  int lots = 0;
};

/// A round's state: round index (1-based; rounds + 1 once the game is over) and every holding.
struct State {
  int round = 1;
  std::map<std::string, Holding> players;
};

class AuctionGame final : public pbem::Game {
 public:
  AuctionGame(std::filesystem::path root, pbem::HostConfig host, Rules rules);

  /// Lays out a new auction: its first round's state, every player with the rules' coins.
  static void create(const std::filesystem::path& root, const pbem::HostConfig& host,
                     const Rules& rules);

  std::string_view program() const override { return "auction"; }
  const std::filesystem::path& root() const override { return root_; }
  const pbem::HostConfig& host() const override { return host_; }
  std::vector<pbem::RoundDir> rounds() const override;
  int round_count() const override { return rules_.rounds; }
  std::vector<std::string> awaited(const pbem::RoundDir& round) const override;
  void add_notice_data(const pbem::RoundDir& round, pbem::Data& data) const override;
  pbem::RoundResolved resolve(pbem::NmrPolicy nmr, const pbem::Timetable& next,
                              std::ostream& said) override;
  std::string round_digest(const pbem::RoundDir& round) const override;
  pbem::RoundMail round_mail(const pbem::RoundDir& round,
                             const pbem::MailRequest& request) override;
  std::string_view timetable_comment() const override;
  pbem::RoundFiles program_files() const override;
  std::vector<std::string> order_header_keys() const override { return {"bidder", "round"}; }
  /// Reads a bid: the five keys above; an unknown key, a round that is not `round`'s, or a bid
  /// that is no whole number from 0 to the coins held is an error at its line.
  pbem::CheckedOrder check_order(const pbem::RoundDir& round, std::string_view text,
                                 std::string_view source, std::string_view language) const override;
  /// The bid form of the round, with the player's token: "bid-round-1-a.yaml".
  std::optional<pbem::mail::Part> order_template(const pbem::RoundDir& round,
                                                 const pbem::PlayerInfo& player) const override;
  /// The letter the round's mail told the bidder (kept in the round's letters/, not where
  /// Wallenstein keeps its reports).
  std::optional<std::string> player_report(const pbem::RoundDir& round,
                                           const pbem::PlayerInfo& player) const override;

  /// A round's state as stored.
  State state(const pbem::RoundDir& round) const;

 private:
  std::filesystem::path root_;
  pbem::HostConfig host_;
  Rules rules_;
};

/// A round's directory name: "01-round-1".
std::string round_directory(int round);
/// Stores a player's bid for the round open now at `at`, as `receive` would: the order file, and
/// the time in the round's timetable (the early resolve's hold-back counts from it).
void submit_bid(const AuctionGame& game, const std::string& player, int bid, pbem::Instant at);

}  // namespace auction
