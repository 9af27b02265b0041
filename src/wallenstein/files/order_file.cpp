#include "wallenstein/files/order_file.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "pbem/files/yaml_file.hpp"
#include "pbem/files/yaml_writer.hpp"
#include "pbem/text/text.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

using pbem::Data;

/// The keys of an order file: the base game's and the sections of every module of the ruleset.
std::vector<std::string_view> order_keys(const Ruleset& rules) {
  std::vector<std::string_view> keys(kBaseOrderKeys.begin(), kBaseOrderKeys.end());
  for (const Module& module : rules.modules)
    keys.insert(keys.end(), module.order_sections.begin(), module.order_sections.end());
  return keys;
}

/// The keys of the bids (rules 4.5), which a 1st edition order file leaves out (rules 12).
constexpr std::array<std::string_view, 2> kBidKeys = {"bid", "turn_order"};

bool is_bid_key(std::string_view key) {
  return std::find(kBidKeys.begin(), kBidKeys.end(), key) != kBidKeys.end();
}

/// The keys an order file of this game takes: the base game's (without the bid and the tile list
/// in the 1st edition, rules 12) and the sections of the modules it plays.
std::vector<std::string_view> played_order_keys(const Ruleset& rules) {
  std::vector<std::string_view> keys;
  for (std::string_view key : kBaseOrderKeys) {
    if (rules.has_bids() || !is_bid_key(key)) keys.push_back(key);
  }
  for (const Module& module : rules.modules) {
    if (module.on)
      keys.insert(keys.end(), module.order_sections.begin(), module.order_sections.end());
  }
  return keys;
}

/// The keys of the draft season's order file (rules 2.2).
constexpr std::array<std::string_view, 6> kDraftOrderKeys = {"game",  "player", "season",
                                                             "draft", "token",  "refresh"};

/// Reads the structure of an order file into WrittenOrders, remembering each value's position.
/// `draft`: the file is for the draft season (rules 2.2), which takes a list of provinces only.
class OrderReader {
 public:
  OrderReader(const YamlFile& file, const Ruleset& rules, const report::ProblemTexts& texts,
              bool draft)
      : file_(file), rules_(rules), texts_(texts), r_(file, texts.yaml_words()), draft_(draft) {}

  std::optional<WrittenOrders> read() {
    const YAML::Node& root = file_.root();
    if (draft_) return read_draft_file(root);
    if (!root.IsMap()) {
      r_.error(root, say("not_an_order_file", Data("bids", rules_.has_bids())));
      return std::nullopt;
    }
    const std::vector<std::string_view> keys = played_order_keys(rules_);
    for (const auto& entry : root) {
      const std::string& key = entry.first.Scalar();
      const Module* owner = rules_.section_owner(key);
      if (owner && !owner->on) {
        Data data("key", key);
        data.set("module", owner->title());
        data.set("module_id", owner->id);
        r_.error(entry.first, say("module_not_played", data));
      } else if (key == "draft") {
        r_.error(entry.first, say("draft_is_over"));
      } else if (std::find(keys.begin(), keys.end(), key) == keys.end() && !is_bid_key(key)) {
        r_.unknown_key(entry.first, keys, say("in_the_order_file"));  // bids: refuse_bids
      }
    }

    WrittenOrders w;
    // A key in another case (`BID:`) was reported above as unknown, with the right spelling.
    const auto require = [&](std::string_view key,
                             std::string_view hint) -> std::optional<YAML::Node> {
      if (written_in_another_case(root, std::string(key))) return std::nullopt;
      return r_.require(root, key, hint);
    };
    w.game = scalar(root, "game", say("hint_game"));
    w.player = scalar(root, "player", say("hint_player"));
    w.season = scalar(root, "season", say("hint_season"));
    if (auto actions = require("actions", say("hint_actions"))) {
      w.actions_at = ref(*actions);
      read_actions(*actions, w);
    }
    if (rules_.has_bids()) {
      if (auto bid = require("bid", say("hint_bid"))) {
        if (auto text = r_.text(*bid, "bid")) w.bid = Written{*text, ref(*bid)};
      }
      w.turn_order = list(root, "turn_order");
    } else {
      refuse_bids(root);
    }
    w.winter_revolt_order = list(root, "winter_revolt_order");
    w.landsknechte = list(root, "landsknechte", say("landsknechte_shape"));
    for (const auto& entry : root) {
      if (entry.first.Scalar() == "leader") w.leader = read_leader(entry.first, entry.second);
      // A section of a module the game does not play is refused once, by its key.
      const bool court = rules_.plays(kCourtConversionPhase);
      if (court && entry.first.Scalar() == "court") w.court = read_court(entry.first, entry.second);
      if (court && entry.first.Scalar() == "favors") w.favours = read_favours(entry.second);
      if (entry.first.Scalar() == "defend_with") w.defend_with = read_defend_with(entry.second);
    }
    if (const YAML::Node token = root["token"]; token.IsDefined()) {
      if (auto text = r_.text(token, "token")) w.token = Written{*text, ref(token)};
    }
    return w;
  }

  SourceRef ref(const YAML::Node& node) {
    marks_.push_back(node.Mark());
    return SourceRef{static_cast<int>(marks_.size()) - 1};
  }
  const YAML::Mark& mark(SourceRef at) const { return marks_[static_cast<std::size_t>(at.index)]; }
  YamlReader& reader() { return r_; }

 private:
  Written scalar(const YAML::Node& map, std::string_view key, std::string_view hint) {
    if (written_in_another_case(map, std::string(key))) return {};
    auto node = r_.require(map, key, hint);
    if (!node) return {};
    auto text = r_.text(*node, key);
    if (!text) return {};  // said; no position, so the rules' check does not repeat it
    return Written{std::move(*text), ref(*node)};
  }

  /// A list of names; with `shape` (what is said when it is no list), left blank (`key:`) it is
  /// an empty list.
  std::vector<Written> list(const YAML::Node& root, std::string_view key,
                            const std::string& shape = {}) {
    std::vector<Written> out;
    const YAML::Node node = root[std::string(key)];
    if (!node.IsDefined() || (node.IsSequence() && node.size() == 0)) return out;
    if (!shape.empty() && node.IsNull()) return out;  // `landsknechte:` left blank: no wishes
    if (!shape.empty() && !node.IsSequence()) {
      r_.error(node, shape);
      return out;
    }
    if (!r_.expect_sequence(node, key)) return out;
    const std::string entry = say("entry_what", Data("key", std::string(key)));
    for (const auto& item : node) {
      if (auto text = r_.text(item, entry)) out.push_back(Written{*text, ref(item)});
    }
    return out;
  }

  void read_actions(const YAML::Node& actions, WrittenOrders& w) {
    if (!r_.expect_map(actions, "actions", rules_.action_ids())) return;
    for (Action a : rules_.action_spaces()) {
      const std::string& key = rules_.action(a).id;
      const YAML::Node node = actions[key];
      if (!node.IsDefined()) {
        // `battle_B` already got "did you mean battle_b?"; saying battle_b is missing adds nothing.
        if (!written_in_another_case(actions, key)) {
          r_.error(actions, say("missing_action", Data("key", key)));
        }
        continue;
      }
      w.actions[index_of(a)] = read_action(a, node);
    }
  }

  /// Whether `map` spells `key` in another case (and not as it is).
  static bool written_in_another_case(const YAML::Node& map, const std::string& key) {
    if (map[key].IsDefined()) return false;
    for (const auto& entry : map) {
      const std::string k = entry.first.Scalar();
      if (k != key && k.size() == key.size() &&
          std::equal(k.begin(), k.end(), key.begin(), [](char a, char b) {
            return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
          })) {
        return true;
      }
    }
    return false;
  }

  std::optional<WrittenAction> read_action(Action action, const YAML::Node& node) {
    const std::string& key = rules_.action(action).id;
    const bool battle = rules_.action(action).kind == ActionKind::battle;
    const bool mover = rules_.action(action).move;
    WrittenAction out;
    if (node.IsScalar()) {
      out.province = Written{node.Scalar(), ref(node)};
      return out;
    }
    if (node.IsNull()) {
      r_.text(node, key);  // "palace is empty; write a value", on the key's line
      return std::nullopt;
    }
    if (!node.IsMap()) {
      r_.error(node, say("action_shape", Data("key", key)));
      return std::nullopt;
    }
    std::vector<std::string_view> allowed = {"province"};
    if (battle) allowed = {"province", "target", "armies", "min_armies"};
    if (mover) allowed = {"province", "move_to", "armies", "min_armies", "place"};
    // A battle's `move_to` (or army1's `target`) is reported once and then read as meant,
    // so the player does not also hear that the target is missing.
    std::string target_key = battle ? "target" : "move_to";
    for (const auto& entry : node) {
      const std::string k = entry.first.Scalar();
      if (std::find(allowed.begin(), allowed.end(), k) != allowed.end()) continue;
      if (battle && k == "move_to") {
        r_.error(entry.first, say("battle_uses_target", Data("key", key)));
        if (!node["target"].IsDefined()) target_key = k;
      } else if (mover && k == "target") {
        r_.error(entry.first, say("army1_uses_move_to"));
        if (!node["move_to"].IsDefined()) target_key = k;
      } else if (k == "place") {
        r_.error(entry.first, say("place_is_army1s", Data("key", key)));
      } else {
        r_.unknown_key(entry.first, allowed, key);
      }
    }
    auto province = r_.require(node, "province", say("hint_province"));
    if (!province) return std::nullopt;
    auto text = r_.text(*province, key + " province");
    if (!text) return std::nullopt;
    out.province = Written{*text, ref(*province)};
    const YAML::Node target = node[target_key];
    if ((battle || mover) && target.IsDefined()) {
      if (auto t = r_.text(target, key + (battle ? " target" : " move_to")))
        out.target = Written{*t, ref(target)};
    }
    if (const YAML::Node armies = node["armies"]; (battle || mover) && armies.IsDefined()) {
      out.armies_at = ref(armies);
      if (auto t = r_.text(armies, "armies")) {
        if (*t == "all") {
          out.armies = ArmyCount{true, 0};
        } else if (auto n = r_.integer(armies, say("armies_what"), 1, 9999)) {
          out.armies = ArmyCount{false, static_cast<int>(*n)};
        }
      }
    }
    if (const YAML::Node min = node["min_armies"]; (battle || mover) && min.IsDefined()) {
      out.min_armies_at = ref(min);
      if (auto n = r_.integer(min, "min_armies", 1, 9999)) out.min_armies = static_cast<int>(*n);
    }
    if (const YAML::Node place = node["place"]; mover && place.IsDefined()) {
      out.place_at = ref(place);
      out.place = r_.boolean(place, "place");
    }
    return out;
  }

  /// Rules 13.3: `leader: {place: X, move_to: Y, statue: true}`, every key optional; left blank
  /// (`leader:`) it is empty.
  WrittenLeader read_leader(const YAML::Node& written_key, const YAML::Node& node) {
    WrittenLeader out;
    out.at = ref(written_key);
    if (node.IsNull()) return out;
    const std::size_t errors = r_.error_count();
    if (!node.IsMap()) {
      r_.error(node, say("leader_shape"));
      out.readable = false;
      return out;
    }
    r_.check_keys(node, kLeaderKeys, "leader");
    for (const std::string_view key : {"place", "move_to"}) {
      const YAML::Node value = node[std::string(key)];
      if (!value.IsDefined()) continue;
      if (auto text = r_.text(value, "leader " + std::string(key)))
        (key == "place" ? out.place : out.move_to) = Written{*text, ref(value)};
    }
    if (const YAML::Node statue = node["statue"]; statue.IsDefined()) {
      out.statue_at = ref(statue);
      out.statue = r_.boolean(statue, "statue");
    }
    out.readable = r_.error_count() == errors;
    return out;
  }

  static constexpr std::array<std::string_view, 3> kLeaderKeys = {"place", "move_to", "statue"};

  /// Rules 13.1: `court: {convert3: Vogtland, convert2: tower, convert1: none}`; a space left
  /// out holds nothing.
  WrittenCourt read_court(const YAML::Node& written_key, const YAML::Node& node) {
    WrittenCourt out;
    out.at = ref(written_key);
    std::vector<std::string> keys;
    keys.reserve(rules_.court.conversions.size());
    for (int cubes : rules_.court.conversions) keys.push_back("convert" + std::to_string(cubes));
    out.spaces.resize(keys.size());
    out.keys = keys;
    if (node.IsNull()) return out;
    if (!node.IsMap()) {
      r_.error(node, say("court_shape"));
      return out;
    }
    r_.check_keys(node, std::vector<std::string_view>(keys.begin(), keys.end()), "court");
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const YAML::Node value = node[keys[i]];
      if (!value.IsDefined()) continue;
      if (auto text = r_.text(value, "court " + keys[i]))
        out.spaces[i] = Written{*text, ref(value)};
    }
    return out;
  }

  /// Rules 13.1: `favors: [{card: 21, province: Kursachsen}, {card: 9}]`, most wanted first.
  std::vector<WrittenFavour> read_favours(const YAML::Node& node) {
    std::vector<WrittenFavour> out;
    if (node.IsNull()) return out;
    const std::string shape = say("favours_shape");
    if (!node.IsSequence()) {
      r_.error(node, shape);
      return out;
    }
    static constexpr std::array<std::string_view, 3> kKeys = {"card", "province", "cancel"};
    for (const auto& item : node) {
      if (!item.IsMap()) {
        r_.error(item, shape);
        continue;
      }
      r_.check_keys(item, kKeys, say("in_a_favour"));
      WrittenFavour wish;
      auto card = r_.require(item, "card", say("hint_card"));
      if (!card) continue;
      wish.card_at = ref(*card);
      const auto number = r_.integer(*card, say("card_what"), 1, 999);
      if (!number) continue;
      wish.card = static_cast<int>(*number);
      if (const YAML::Node where = item["province"]; where.IsDefined()) {
        if (auto text = r_.text(where, say("favour_province_what")))
          wish.province = Written{*text, ref(where)};
      }
      if (const YAML::Node cancel = item["cancel"]; cancel.IsDefined()) read_cancel(cancel, wish);
      out.push_back(std::move(wish));
    }
    return out;
  }

  /// Rules 2.2: the draft season's file, with game, player, season and the list under `draft:`.
  std::optional<WrittenOrders> read_draft_file(const YAML::Node& root) {
    if (!root.IsMap()) {
      r_.error(root, say("draft_file_shape"));
      return std::nullopt;
    }
    const std::vector<std::string_view> keys(kDraftOrderKeys.begin(), kDraftOrderKeys.end());
    for (const auto& entry : root) {
      const std::string& key = entry.first.Scalar();
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
      const auto seasons = played_order_keys(rules_);
      if (std::find(seasons.begin(), seasons.end(), key) != seasons.end() || is_bid_key(key)) {
        r_.error(entry.first, say("after_the_draft", Data("key", key)));
      } else {
        r_.unknown_key(entry.first, keys, say("in_the_draft_file"));
      }
    }
    WrittenOrders w;
    w.game = scalar(root, "game", say("hint_game"));
    w.player = scalar(root, "player", say("hint_player"));
    w.season = scalar(root, "season", say("hint_draft_season"));
    if (!written_in_another_case(root, "draft")) {
      if (auto node = r_.require(root, "draft", say("hint_draft"))) {
        w.draft_at = ref(*node);
        read_draft(*node, w.draft, w.draft_entries);
      }
    }
    if (const YAML::Node refresh = root["refresh"]; refresh.IsDefined()) {  // D-49
      w.draft_refresh_at = ref(refresh);
      w.draft_refresh = r_.boolean(refresh, "refresh");
    }
    if (const YAML::Node token = root["token"]; token.IsDefined()) {
      if (auto text = r_.text(token, "token")) w.token = Written{*text, ref(token)};
    }
    return w;
  }

  /// `draft: [Kursachsen: 5, Böhmen, ...]`: each entry a province, or a province with the army
  /// group wanted there; left blank (`draft:`) it is empty (every pick drawn blind).
  void read_draft(const YAML::Node& node, std::vector<WrittenDraftWish>& out,
                  std::size_t& entries) {
    if (node.IsNull()) return;
    if (!node.IsSequence()) {
      entries = 1;  // written, though not as a list: not an empty list
      r_.error(node, draft_shape());
      return;
    }
    entries = node.size();
    for (const auto& item : node) {
      WrittenDraftWish wish;
      if (item.IsScalar()) {
        wish.province = Written{item.Scalar(), ref(item)};
      } else if (!item.IsMap() || !read_draft_entry(item, wish)) {
        if (!item.IsMap()) r_.error(item, draft_shape());
        continue;
      }
      out.push_back(std::move(wish));
    }
  }

  /// What a draft's list looks like; with the draft's leaders (D-48), an entry with its leader.
  std::string draft_shape() const {
    return say("draft_shape", Data("leaders", draft_rules(rules_).leaders));
  }

  /// One entry written as a map: `Kursachsen: 5`, or with `leader: true` beside it (D-48), the
  /// group then optional (`{Böhmen, leader: true}`). False when it could not be read.
  bool read_draft_entry(const YAML::Node& item, WrittenDraftWish& wish) {
    std::optional<YAML::Node> key;
    std::optional<YAML::Node> value;
    for (const auto& entry : item) {
      if (entry.first.IsScalar() && entry.first.Scalar() == "leader") {
        wish.leader_at = ref(entry.second);
        wish.leader = r_.boolean(entry.second, "leader");
      } else if (key) {
        // Two names: one that is no province is most likely a misspelt `leader`.
        const YAML::Node& odd = entry.first.IsScalar() && rules_.find_province(entry.first.Scalar())
                                    ? *key
                                    : entry.first;
        if (odd.IsScalar() && !rules_.find_province(odd.Scalar())) {
          static constexpr std::array<std::string_view, 1> kEntryKeys = {"leader"};
          r_.unknown_key(odd, kEntryKeys, say("in_a_draft_entry"));
        } else {
          r_.error(item, draft_shape());
        }
        return false;
      } else {
        key = entry.first;
        value = entry.second;
      }
    }
    if (!key) {
      r_.error(item,
               wish.leader_at.index >= 0 ? say("draft_leader_without_province") : draft_shape());
      return false;
    }
    auto province = r_.text(*key, say("draft_province_what"));
    if (!province) return false;
    wish.province = Written{*province, ref(*key)};
    if (value->IsNull() && wish.leader_at.index >= 0) return true;  // `{Böhmen, leader: true}`
    wish.group_at = ref(*value);
    const auto group =
        r_.integer(*value, say("army_group_what"), 1, rules_.pieces.cubes_per_player);
    if (!group) return false;
    wish.group = static_cast<int>(*group);
    return true;
  }

  /// D-50: `cancel: [tax_max_5, angry_peasants]`, the events card #1 cancels; `all` is as if it
  /// were not written, `none` (or `[]`) cancels none.
  void read_cancel(const YAML::Node& node, WrittenFavour& wish) {
    wish.cancel_at = ref(node);
    if (node.IsScalar() && (node.Scalar() == "all" || node.Scalar() == "none")) {
      if (node.Scalar() == "none") wish.cancel.emplace();
      return;
    }
    if (!node.IsSequence()) {
      r_.error(node, say("cancel_shape"));
      return;
    }
    wish.cancel.emplace();
    const std::string entry = say("cancel_entry_what");
    for (const auto& item : node) {
      if (auto text = r_.text(item, entry)) wish.cancel->push_back(Written{*text, ref(item)});
    }
  }

  /// Rules 12: the 1st edition has no bids and no bonus tiles.
  void refuse_bids(const YAML::Node& root) {
    for (std::string_view key : kBidKeys) {
      if (const YAML::Node node = root[std::string(key)]; node.IsDefined()) {
        r_.error(node, say("no_bids", Data("key", std::string(key))));
      }
    }
  }

  /// Rules 12: `defend_with: {Province: N or all}`, the most cubes thrown when defending there;
  /// left blank (`defend_with:`) it is empty, and `all` is as if the province were not listed.
  std::vector<WrittenDefence> read_defend_with(const YAML::Node& node) {
    std::vector<WrittenDefence> out;
    if (node.IsNull()) return out;
    const int cubes = rules_.pieces.cubes_per_player;
    if (!node.IsMap()) {
      r_.error(node, say("defend_with_shape", Data("cubes", std::to_string(cubes))));
      return out;
    }
    const std::string what = say("defend_with_province_what");
    for (const auto& entry : node) {
      auto province = r_.text(entry.first, what);
      if (!province) continue;
      const YAML::Node& value = entry.second;
      const std::string text = value.IsScalar() ? value.Scalar() : std::string();
      if (ascii_lower(text) == "all") continue;
      const bool digits = !text.empty() && text.size() <= 9 &&
                          text.find_first_not_of("0123456789") == std::string::npos;
      const int n = digits ? std::stoi(text) : 0;
      if (n < 1 || n > cubes) {
        Data data("province", *province);
        data.set("cubes", std::to_string(cubes));
        data.set("scalar", value.IsScalar());
        data.set("written", text);
        r_.error(value, say("defend_with_value", data));
        continue;
      }
      out.push_back({Written{*province, ref(entry.first)}, n});
    }
    return out;
  }

  std::string say(std::string_view id, const Data& data = Data()) const {
    return texts_.shape(id, data);
  }

  const YamlFile& file_;
  const Ruleset& rules_;
  const report::ProblemTexts& texts_;
  YamlReader r_;
  bool draft_ = false;
  std::vector<YAML::Mark> marks_;
};

/// Text pasted from a mail before the order (interfaces 5): the first line before a `game:` line
/// that is neither blank, a comment nor a key of an order file. Such lines are blanked in
/// `source` (keeping line numbers) so the order below is still checked.
std::optional<Diagnostic> prose_before_game(SourceFile& source, const Ruleset& rules,
                                            const report::ProblemTexts& texts) {
  std::vector<std::pair<std::size_t, std::size_t>> lines;  // start, length
  for (std::size_t start = 0; start <= source.text.size();) {
    const std::size_t end = source.text.find('\n', start);
    lines.emplace_back(start, (end == std::string::npos ? source.text.size() : end) - start);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  std::optional<std::size_t> game;
  for (std::size_t i = 0; i < lines.size() && !game; ++i) {
    if (std::string_view(source.text).substr(lines[i].first, 5) == "game:") game = i;
  }
  if (!game || *game == 0) return std::nullopt;
  std::optional<std::size_t> first;
  for (std::size_t i = 0; i < *game && !first; ++i) {
    const std::string_view line =
        std::string_view(source.text).substr(lines[i].first, lines[i].second);
    const auto text = line.find_first_not_of(" \t\r");
    if (text == std::string_view::npos || line[text] == '#' || line.substr(text) == "---") continue;
    first = i;
  }
  if (!first) return std::nullopt;
  const std::string_view line =
      std::string_view(source.text).substr(lines[*first].first, lines[*first].second);
  const std::string_view key = line.substr(0, line.find(':'));
  const auto keys = order_keys(rules);
  const bool order_key = line.find(':') != std::string_view::npos &&
                         std::find(keys.begin(), keys.end(), key) != keys.end();
  if (order_key) return std::nullopt;
  Diagnostic d{source.path,
               static_cast<int>(*first) + 1,
               1,
               texts.shape("mail_text_above", Data("line", std::to_string(*game + 1))),
               Diagnostic::Severity::error,
               std::string(line)};
  if (!d.source_line.empty() && d.source_line.back() == '\r') d.source_line.pop_back();
  for (std::size_t i = 0; i < *game; ++i) {
    for (std::size_t c = 0; c < lines[i].second; ++c) {
      if (source.text[lines[i].first + c] != '\r') source.text[lines[i].first + c] = ' ';
    }
  }
  return d;
}

void sort_by_position(std::vector<Diagnostic>& diagnostics) {
  std::stable_sort(diagnostics.begin(), diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return std::pair(a.line, a.column) < std::pair(b.line, b.column);
                   });
}

/// An order file as its writer typed it, before a mail program dressed it up: non-breaking spaces
/// (indentation pasted from HTML mail) are spaces, curly and angled quotes are straight ones.
std::string as_typed(std::string text) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kDressed = {{
      {"\xC2\xA0", " "},      // no-break space
      {"\xE2\x80\xAF", " "},  // narrow no-break space
      {"\xE2\x80\x9C", "\""},
      {"\xE2\x80\x9D", "\""},
      {"\xE2\x80\x9E", "\""},  // “ ” „
      {"\xC2\xAB", "\""},
      {"\xC2\xBB", "\""},  // « »
      {"\xE2\x80\x98", "'"},
      {"\xE2\x80\x99", "'"},  // ‘ ’
  }};
  for (const auto& [from, to] : kDressed) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  }
  return text;
}

}  // namespace

CheckedOrderFile check_order_source(const SourceFile& original, const GameState& state,
                                    const Ruleset& rules, const report::ProblemTexts& texts) {
  CheckedOrderFile result;
  if (original.text.size() > kMaxOrderBytes) {
    // Orders by mail may come this long (a mail quoted whole); resolve would not read them.
    result.diagnostics.push_back(
        Diagnostic{original.path,
                   0,
                   0,
                   texts.shape("order_too_long", Data("limit", std::to_string(kMaxOrderBytes))),
                   Diagnostic::Severity::error,
                   {}});
    result.errors = 1;
    return result;
  }
  SourceFile source = original;
  // Byte order marks are no text: the YAML reader drops them too.
  drop_byte_order_marks(source.text);
  source.text = as_typed(std::move(source.text));
  const std::optional<Diagnostic> prose = prose_before_game(source, rules, texts);
  std::optional<YamlFile> file;
  try {
    file = YamlFile::parse(source, texts.yaml_words(), YamlLimits{16, 10000});
  } catch (const InputError& e) {
    if (prose) result.diagnostics.push_back(*prose);
    for (Diagnostic d : e.diagnostics()) {
      // A mail program's tab, where YAML takes spaces only: said in words a player reads.
      const auto indent = d.source_line.find_first_not_of(" \t");
      if (d.source_line.find('\t') < indent) {
        d.column = static_cast<int>(d.source_line.find('\t')) + 1;
        d.message = texts.shape("tab_indent");
      }
      result.diagnostics.push_back(d);
    }
    result.errors = result.diagnostics.size();
    return result;
  }
  OrderReader reader(*file, rules, texts, state.draft.has_value());
  const auto written = reader.read();
  YamlReader& r = reader.reader();
  if (written) {
    // The stored file is named after the id as the game spells it (`player: Red` is red's).
    const auto player = state.find_player_any_case(written->player.text);
    result.player_id = player ? state.player(*player).id : written->player.text;
    result.season = written->season.text;
    if (written->token) {
      result.token = written->token->text;
      result.token_at = file->at(reader.mark(written->token->at), "");
    }
    const OrderCheck check = check_orders(*written, state, rules);
    auto add = [&](const Problem& p, Diagnostic::Severity severity) {
      // A header value the reader could not read (missing, or a list) has no position: the
      // reader said so, and saying that "" is not the game would only repeat it.
      const bool header = p.kind == ProblemKind::wrong_game ||
                          p.kind == ProblemKind::unknown_player ||
                          p.kind == ProblemKind::wrong_season;
      if (header && p.at.index < 0) return;
      // Past the reader's limit a problem is only counted, so a hostile file's thousands are not
      // worded.
      const std::string message =
          r.problem_count() < kMaxDiagnostics ? texts.render(p, rules) : std::string();
      r.report(p.at.index >= 0 ? reader.mark(p.at) : file->root().Mark(), message, severity);
    };
    for (const auto& p : check.errors) add(p, Diagnostic::Severity::error);
    for (const auto& p : check.warnings) add(p, Diagnostic::Severity::warning);
    if (r.ok() && !prose) result.orders = check.orders;
  }
  sort_by_position(r.diagnostics());
  result.diagnostics = r.listed();
  result.errors = r.error_count();
  if (prose) {
    result.diagnostics.insert(result.diagnostics.begin(), *prose);
    ++result.errors;
  }
  return result;
}

namespace {

/// The sections of the modules a game plays, as an order file writes them (format_order_file).
void add_module_sections(YamlOut& root, const WrittenOrders& w) {
  if (!w.landsknechte.empty()) {
    std::vector<std::string> wishes;
    for (const auto& b : w.landsknechte) wishes.push_back(b.text);
    root.add("landsknechte", YamlOut::flow_list(wishes));
  }
  if (w.leader && (w.leader->place || w.leader->move_to || w.leader->statue)) {
    YamlOut leader = YamlOut::map();
    if (w.leader->place) leader.add("place", w.leader->place->text);
    if (w.leader->move_to) leader.add("move_to", w.leader->move_to->text);
    if (w.leader->statue) leader.add("statue", *w.leader->statue);
    root.add("leader", leader.flow());
  }
  if (w.court) {  // Rules 13.1: the side board, space by space
    YamlOut court = YamlOut::map();
    for (std::size_t i = 0; i < w.court->spaces.size(); ++i) {
      court.add(w.court->keys[i],
                w.court->spaces[i] ? w.court->spaces[i]->text : std::string("none"));
    }
    root.add("court", court.flow());
  }
  if (!w.favours.empty()) {
    YamlOut favours = YamlOut::list();
    for (const WrittenFavour& f : w.favours) {
      YamlOut wish = YamlOut::map().add("card", f.card);
      if (f.province) wish.add("province", f.province->text);
      if (f.cancel) {  // D-50
        std::vector<std::string> events;
        for (const Written& e : *f.cancel) events.push_back(e.text);
        wish.add("cancel", events.empty() ? YamlOut::text("none") : YamlOut::flow_list(events));
      }
      favours.push(std::move(wish.flow()));
    }
    root.add("favors", favours.flow());
  }
  if (!w.defend_with.empty()) {
    YamlOut defend = YamlOut::map();
    for (const WrittenDefence& d : w.defend_with) defend.add(d.province.text, d.at_most);
    root.add("defend_with", defend.flow());
  }
}

}  // namespace

std::string format_order_file(const WrittenOrders& w, const Ruleset& rules,
                              const std::string& comment) {
  YamlOut root = YamlOut::map();
  root.add("game", w.game.text).add("player", w.player.text).add("season", w.season.text);
  if (w.token) root.add("token", w.token->text);
  if (w.draft_at) {  // Rules 2.2: the draft's file has its list only.
    YamlOut list = YamlOut::list();
    for (const WrittenDraftWish& wish : w.draft) {
      if (!wish.group && !wish.leader) {
        list.push(YamlOut::text(wish.province.text));
        continue;
      }
      YamlOut entry = YamlOut::map().add(
          wish.province.text, wish.group ? YamlOut::number(*wish.group) : YamlOut::key_only());
      if (wish.leader) entry.add("leader", *wish.leader);  // D-48
      list.push(std::move(entry.flow()));
    }
    if (w.draft_refresh) root.add("refresh", *w.draft_refresh);  // D-49
    root.add("draft", std::move(list));
    return root.dump(comment);
  }
  YamlOut actions = YamlOut::map();
  for (Action a : rules.action_spaces()) {
    const auto& slot = w.actions[index_of(a)];
    const std::string& key = rules.action(a).id;
    if (!slot) {
      actions.add(key, "none");
      continue;
    }
    if (!slot->target && !slot->armies && !slot->min_armies && !slot->place) {
      actions.add(key, slot->province.text);
      continue;
    }
    YamlOut detail = YamlOut::map().add("province", slot->province.text);
    if (slot->target) detail.add(rules.action(a).move ? "move_to" : "target", slot->target->text);
    if (slot->armies)
      detail.add("armies",
                 slot->armies->all ? YamlOut::text("all") : YamlOut::number(slot->armies->count));
    if (slot->min_armies) detail.add("min_armies", *slot->min_armies);
    if (slot->place) detail.add("place", *slot->place);
    actions.add(key, detail.flow());
  }
  root.add("actions", std::move(actions));
  if (w.bid) {  // Rules 12: the 1st edition's orders have no bid and no tiles.
    const std::string& bid = w.bid->text;
    const bool coin = !bid.empty() && bid.find_first_not_of("0123456789") == std::string::npos;
    root.add("bid", coin ? YamlOut::number(std::stoll(bid)) : YamlOut::text(bid));
    std::vector<std::string> tiles;
    for (const auto& t : w.turn_order) tiles.push_back(t.text);
    root.add("turn_order", YamlOut::flow_list(tiles));
  }
  if (!w.winter_revolt_order.empty()) {
    std::vector<std::string> order;
    for (const auto& p : w.winter_revolt_order) order.push_back(p.text);
    root.add("winter_revolt_order", YamlOut::flow_list(order));
  }
  add_module_sections(root, w);
  return root.dump(comment);
}

bool token_matches(std::string_view written, std::string_view expected) {
  // Compared in constant time, so the time taken says nothing about how much was right.
  if (written.size() != expected.size() || expected.empty()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < expected.size(); ++i)
    diff |= static_cast<unsigned char>(written[i] ^ expected[i]);
  return diff == 0;
}

void check_token(CheckedOrderFile& checked, std::string_view expected,
                 const report::ProblemTexts& texts) {
  if (!checked.token || token_matches(*checked.token, expected)) return;
  Diagnostic d = *checked.token_at;
  d.message = texts.shape("wrong_token", Data("player", checked.player_id));
  d.source_line = texts.shape("token_line");
  checked.diagnostics.push_back(std::move(d));
  ++checked.errors;
  checked.orders.reset();
  sort_by_position(checked.diagnostics);
}

CheckedOrderFile check_order_file(const std::string& path, const GameState& state,
                                  const Ruleset& rules, const report::ProblemTexts& texts) {
  try {
    return check_order_source(read_source(path, kMaxOrderBytes), state, rules, texts);
  } catch (const InputError& e) {
    CheckedOrderFile result;
    result.diagnostics = e.diagnostics();
    result.errors = result.diagnostics.size();
    return result;
  }
}

}  // namespace wallenstein
