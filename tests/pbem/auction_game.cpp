#include "pbem/auction_game.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <sstream>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/digest.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/journal.hpp"
#include "pbem/host/game_mail.hpp"
#include "pbem/host/timetable.hpp"
#include "pbem/host/transaction.hpp"
#include "pbem/mail/mime.hpp"

namespace auction {
namespace fs = std::filesystem;

namespace {

std::string state_text(const State& s) {
  std::ostringstream out;
  out << "round: " << s.round << "\nplayers:\n";
  for (const auto& [id, h] : s.players)
    out << "  " << id << ": {coins: " << h.coins << ", lots: " << h.lots << "}\n";
  return out.str();
}

std::string read_file(const fs::path& path) { return pbem::read_bytes(path); }

}  // namespace

std::string round_directory(int round) {
  std::string n = std::to_string(round);
  if (n.size() < 2) n = "0" + n;
  return n + "-round-" + std::to_string(round);
}

AuctionGame::AuctionGame(fs::path root, pbem::HostConfig host, Rules rules)
    : root_(std::move(root)), host_(std::move(host)), rules_(rules) {}

void AuctionGame::create(const fs::path& root, const pbem::HostConfig& host, const Rules& rules) {
  State s;
  for (const auto& p : host.players) s.players[p.id] = Holding{rules.coins, 0};
  fs::create_directories(root / "seasons");
  pbem::Journal journal(root);
  // The host finds a game directory by its game.yaml (under a root, by the order's `game:`); the
  // auction's settings are the test's, so it holds only the name.
  journal.write("game.yaml", "name: " + host.name + "\n");
  journal.write(fs::path("seasons") / round_directory(1) / "state.yaml", state_text(s));
  journal.commit();
}

std::vector<pbem::RoundDir> AuctionGame::rounds() const { return pbem::list_rounds(root_); }

State AuctionGame::state(const pbem::RoundDir& round) const {
  try {
    const YAML::Node node = YAML::Load(read_file(round.state_file()));
    State s;
    s.round = node["round"].as<int>();
    for (const auto& entry : node["players"]) {
      s.players[entry.first.as<std::string>()] =
          Holding{entry.second["coins"].as<int>(), entry.second["lots"].as<int>()};
    }
    return s;
  } catch (const YAML::Exception& e) {
    throw pbem::InputError(round.state_file().string(),
                           std::string("not an auction state: ") + e.what());
  }
}

std::vector<std::string> AuctionGame::awaited(const pbem::RoundDir& round) const {
  std::vector<std::string> out;
  for (const auto& p : host_.players) {
    if (!fs::exists(round.orders_file(p.id))) out.push_back(p.id);
  }
  return out;
}

void AuctionGame::add_notice_data(const pbem::RoundDir& round, pbem::Data& data) const {
  data["lot"] = std::to_string(round.index);
}

pbem::RoundResolved AuctionGame::resolve(pbem::NmrPolicy nmr, const pbem::Timetable& next,
                                         std::ostream& said) {
  const pbem::RoundDir round = pbem::current_round(*this);
  State s = state(round);
  const std::vector<std::string> missing = awaited(round);
  std::string winner;
  int best = -1;
  std::ostringstream log;
  log << "round: " << s.round << "\nbids:\n";
  for (const auto& p : host_.players) {
    int bid = 0;
    if (fs::exists(round.orders_file(p.id))) {
      bid = YAML::Load(read_file(round.orders_file(p.id)))["bid"].as<int>();
    } else if (nmr == pbem::NmrPolicy::bot) {
      bid = 1;
    }
    bid = std::clamp(bid, 0, s.players[p.id].coins);
    log << "  " << p.id << ": " << bid << "\n";
    if (bid > best) {  // a tie goes to the earlier seat
      best = bid;
      winner = p.id;
    }
  }
  log << "winner: " << winner << "\nprice: " << best << "\n";
  s.players[winner].coins -= best;
  s.players[winner].lots += 1;
  s.round += 1;
  const bool finished = s.round > rules_.rounds;
  pbem::ResolveTransaction transaction(root_, round,
                                       fs::path("seasons") / round_directory(s.round));
  transaction.write("log.yaml", log.str());
  transaction.write_next("state.yaml", state_text(s));
  if (!finished)
    transaction.write_next(pbem::kTimetableFile, pbem::timetable_text(next, timetable_comment()));
  transaction.commit();
  said << "lot " << round.index << " to " << winner << " for " << best << "\n";
  return pbem::RoundResolved{round.name, finished ? "" : "round-" + std::to_string(s.round),
                             finished, missing};
}

std::string AuctionGame::round_digest(const pbem::RoundDir& round) const {
  std::string bytes = read_file(round.state_file());
  if (const auto next = pbem::round_after(*this, round))
    bytes += read_file(round.log_file()) + read_file(next->state_file());
  return pbem::sha256_hex(bytes);
}

pbem::RoundMail AuctionGame::round_mail(const pbem::RoundDir& round,
                                        const pbem::MailRequest& request) {
  const auto next = pbem::round_after(*this, round);
  const std::string kind = pbem::mail_kind(*this, round);
  const std::string digest = round_digest(round);
  const State after = state(next ? *next : round);
  std::string outcome;
  if (next) {
    const YAML::Node log = YAML::Load(read_file(round.log_file()));
    outcome = "Lot " + std::to_string(round.index) + " went to " + log["winner"].as<std::string>() +
              " for " + std::to_string(log["price"].as<int>()) + " coins.\n";
  }
  pbem::RoundMail mail;
  pbem::Journal journal(root_);
  for (const auto& p : host_.players) {
    if (request.player && *request.player != p.id) continue;
    const Holding& h = after.players.at(p.id);
    pbem::mail::Message m;
    m.from = pbem::game_sender(host_.mail);
    m.to = pbem::mail::Mailbox{p.name, p.email};
    m.subject = "Auction " + host_.name + ": " + round.name;
    m.date = pbem::mail::rfc5322_date(request.now);
    const std::string key = pbem::round_mail_key(round, kind, p.id);
    m.message_id = pbem::notice_message_id(*this, key);
    m.text = outcome + "You hold " + std::to_string(h.coins) + " coins and " +
             std::to_string(h.lots) + " lots.\n";
    journal.write(fs::relative(round.path, root_) / "letters" / (p.id + ".txt"), m.text);
    mail.messages.push_back({key, p.id, std::move(m), digest});
  }
  if (!request.dry_run) journal.commit();
  return mail;
}

std::string_view AuctionGame::timetable_comment() const {
  return "This round's timetable, kept by the host's tick.";
}

pbem::RoundFiles AuctionGame::program_files() const {
  return pbem::RoundFiles{{"state.yaml", "log.yaml", pbem::kTimetableFile}, {"letters"}};
}

pbem::CheckedOrder AuctionGame::check_order(const pbem::RoundDir& round, std::string_view text,
                                            std::string_view source,
                                            std::string_view /*language: English only*/) const {
  pbem::CheckedOrder out;
  std::map<std::string, std::pair<std::string, int>> keys;  // key -> value, line
  const auto error = [&](int line, const std::string& message) {
    out.diagnostics.push_back(pbem::Diagnostic{std::string(source), line, 1, message,
                                               pbem::Diagnostic::Severity::error, ""});
  };
  std::istringstream in{std::string(text)};
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) {
      error(n, "a line of a bid is `key: value`");
      continue;
    }
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    value.erase(value.find_last_not_of(' ') + 1);
    const std::string key = line.substr(0, colon);
    if (key != "game" && key != "bidder" && key != "round" && key != "token" && key != "bid")
      error(n, "unknown key \"" + key + "\": a bid has game, bidder, round, token and bid");
    else
      keys[key] = {value, n};
  }
  const auto value = [&](const std::string& key) {
    const auto it = keys.find(key);
    return it == keys.end() ? std::string() : it->second.first;
  };
  out.player = value("bidder");
  out.round = value("round");
  if (keys.count("token")) out.token = value("token");
  if (out.round != round.name)
    error(keys.count("round") ? keys["round"].second : 0,
          "this bid is for \"" + out.round + "\", not for " + round.name);
  const State s = state(round);
  const auto holding = s.players.find(out.player);
  if (holding == s.players.end()) error(0, "no bidder \"" + out.player + "\"");
  int bid = -1;
  try {
    std::size_t used = 0;
    bid = std::stoi(value("bid"), &used);
    if (used != value("bid").size()) bid = -1;
  } catch (const std::exception&) {
    bid = -1;
  }
  const int coins = holding == s.players.end() ? 0 : holding->second.coins;
  if (bid < 0 || bid > coins)
    error(keys.count("bid") ? keys["bid"].second : 0,
          "a bid is a whole number of coins from 0 to the " + std::to_string(coins) + " you hold");
  out.ok = out.diagnostics.empty();
  out.receipt.emplace_back("coins", pbem::Data(std::to_string(coins)));
  return out;
}

std::optional<pbem::mail::Part> AuctionGame::order_template(const pbem::RoundDir& round,
                                                            const pbem::PlayerInfo& player) const {
  return pbem::mail::Part{"bid-" + round.name + "-" + player.id + ".yaml",
                          "text/plain; charset=utf-8",
                          "game: " + host_.name + "\nbidder: " + player.id +
                              "\nround: " + round.name + "\ntoken: " + player.token + "\nbid: 0\n",
                          ""};
}

std::optional<std::string> AuctionGame::player_report(const pbem::RoundDir& round,
                                                      const pbem::PlayerInfo& player) const {
  const fs::path letter = round.path / "letters" / (player.id + ".txt");
  if (!fs::is_regular_file(letter)) return std::nullopt;
  return read_file(letter);
}

void submit_bid(const AuctionGame& game, const std::string& player, int bid, pbem::Instant at) {
  const pbem::RoundDir round = pbem::current_round(game);
  pbem::Journal journal(game.root());
  journal.write(fs::relative(round.orders_file(player), game.root()),
                "bid: " + std::to_string(bid) + "\n");
  if (auto t = pbem::read_timetable(round)) {
    t->last_order = at;
    pbem::write_timetable(journal, game, round, *t);
  }
  journal.commit();
}

}  // namespace auction
