#include "pbem/mail/ledger.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <optional>
#include <utility>

#include "pbem/files/files.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/files/yaml_writer.hpp"
#include "pbem/mail/mime.hpp"

namespace pbem::mail {
namespace {

constexpr int kFormat = 2;
constexpr std::size_t kMaxLedgerBytes = 16 << 20;

/// One field of an entry: its key in the file and where it goes.
struct LedgerField {
  std::string_view key;
  std::string LedgerEntry::*member;
  bool required;
};

constexpr std::array<LedgerField, 12> kLedgerFields = {
    {{"key", &LedgerEntry::key, true},
     {"message_id", &LedgerEntry::message_id, true},
     {"to", &LedgerEntry::to, true},
     {"digest", &LedgerEntry::digest, false},
     {"subject", &LedgerEntry::subject, false},
     {"references", &LedgerEntry::references, false},
     {"answer", &LedgerEntry::answer, false},
     {"via", &LedgerEntry::via, false},
     {"at", &LedgerEntry::at, false},
     {"queue_file", &LedgerEntry::queue_file, false},
     {"refusal", &LedgerEntry::refusal, false},
     {"deferred_since", &LedgerEntry::deferred_since, false}}};

constexpr std::array<std::string_view, 6> kStates = {"pending", "sent",     "refused",
                                                     "queued",  "deferred", "superseded"};

LedgerEntry read_entry(YamlReader& r, const YAML::Node& node, bool old_format) {
  static constexpr std::array<std::string_view, 15> kKeys = {
      "key",        "message_id",     "to",  "state", "digest",     "subject",
      "references", "answer",         "via", "at",    "queue_file", "refusal",
      "attempts",   "deferred_since", "told"};
  r.check_keys(node, kKeys, "mail ledger entry");
  LedgerEntry e;
  for (const LedgerField& f : kLedgerFields) {
    const YAML::Node value = node[std::string(f.key)];
    if (!value.IsDefined()) {
      if (f.required) r.error(node, "missing key \"" + std::string(f.key) + "\"");
      continue;
    }
    e.*f.member = r.text(value, f.key).value_or("");
  }
  if (const YAML::Node attempts = node["attempts"]; attempts.IsDefined())
    e.attempts = static_cast<int>(r.integer(attempts, "attempts", 0, 1000000).value_or(0));
  if (const YAML::Node told = node["told"]; told.IsDefined())
    e.told = r.boolean(told, "told").value_or(false);
  if (!e.refusal.empty() && e.refusal != "address" && e.refusal != "message")
    r.error(node["refusal"], "refusal must be address or message, not \"" + e.refusal + "\"");
  e.state = Delivery::sent;  // The older ledger listed only messages a server accepted.
  if (const YAML::Node state = node["state"]; state.IsDefined()) {
    const std::string s = r.text(state, "state").value_or("");
    const auto it = std::find(kStates.begin(), kStates.end(), s);
    if (it == kStates.end())
      r.error(state,
              "state must be pending, sent, refused, queued, deferred or superseded, not \"" + s +
                  "\"");
    else
      e.state = static_cast<Delivery>(it - kStates.begin());
  } else if (!old_format) {
    r.error(node, "missing key \"state\" (pending, sent or refused)");
  }
  return e;
}

}  // namespace

std::string_view delivery_key(Delivery d) { return kStates[static_cast<std::size_t>(d)]; }

std::optional<std::chrono::sys_seconds> next_attempt(const LedgerEntry& deferred) {
  const auto at = parse_rfc5322_date(deferred.at);
  if (!at) return std::nullopt;
  using std::chrono::minutes;
  minutes pause{15};
  for (int i = 1; i < deferred.attempts && pause < minutes(240); ++i) pause *= 2;
  return *at + std::min(pause, minutes(240));
}

Ledger Ledger::load(const std::filesystem::path& game_root) {
  const auto path = game_root / relative_path();
  if (!std::filesystem::exists(path)) return Ledger();
  SourceFile source = read_source(path, kMaxLedgerBytes);
  // A tick asks for a game's ledger several times (what went out, what waits, what is pruned or
  // superseded), and a ledger grows all game long: the last one read is kept, so that the same
  // bytes are not parsed again (a ledger is its bytes: it holds nothing of where it was read).
  static std::mutex last_lock;
  static std::optional<std::pair<std::string, Ledger>> last;
  {
    const std::lock_guard<std::mutex> hold(last_lock);
    if (last && last->first == source.text) return last->second;
  }
  Ledger ledger = parse(source);
  const std::lock_guard<std::mutex> hold(last_lock);
  last.emplace(std::move(source.text), ledger);
  return ledger;
}

Ledger Ledger::parse(const SourceFile& source) {
  Ledger ledger;
  const YamlFile yaml = YamlFile::parse(source, YamlLimits{16, 1000000});
  YamlReader r(yaml);
  const YAML::Node& root = yaml.root();
  if (!r.expect_map(root, "mail ledger")) r.throw_if_errors();
  static constexpr std::array<std::string_view, 3> kTop = {"format", "messages", "sent"};
  r.check_keys(root, kTop, "mail ledger");
  // Format 1 (older programs): `sent:` only. Format 2: `format: 2` and `messages:`.
  const bool old_format = !root["format"].IsDefined();
  if (!old_format) r.integer(root["format"], "format", kFormat, kFormat);
  const char* list_key = old_format ? "sent" : "messages";
  if (auto list = r.require(root, list_key, "a list of messages");
      list && r.expect_sequence(*list, list_key)) {
    for (const auto& node : *list) {
      if (r.expect_map(node, "message")) ledger.entries_.push_back(read_entry(r, node, old_format));
    }
  }
  r.throw_if_errors();
  return ledger;
}

std::vector<const LedgerEntry*> Ledger::of(const std::string& key) const {
  std::vector<const LedgerEntry*> out;
  for (const auto& e : entries_) {
    if (e.key == key) out.push_back(&e);
  }
  return out;
}

void Ledger::record(LedgerEntry entry) {
  const auto same = std::find_if(entries_.begin(), entries_.end(), [&](const LedgerEntry& e) {
    return e.message_id == entry.message_id;
  });
  if (same != entries_.end())
    *same = std::move(entry);
  else
    entries_.push_back(std::move(entry));
}

std::string Ledger::text() const {
  YamlOut list = YamlOut::list();
  for (const LedgerEntry& e : entries_) {
    YamlOut item = YamlOut::map();
    item.add("key", e.key).add("message_id", e.message_id).add("to", e.to);
    item.add("state", std::string(delivery_key(e.state)));
    for (const LedgerField& f : kLedgerFields) {
      if (!f.required && !(e.*f.member).empty()) item.add(std::string(f.key), e.*f.member);
    }
    if (e.attempts > 0) item.add("attempts", e.attempts);
    if (e.told) item.add("told", true);
    list.push(std::move(item.flow()));
  }
  return YamlOut::map()
      .add("format", kFormat)
      .add("messages", std::move(list))
      .dump(
          "The game's mail: every message, pending (handed to the server, not yet confirmed),\n"
          "sent (accepted: the mail command never sends it again), refused (the server's "
          "answer\n"
          "is kept; `mail --retry-failed` tries again) or deferred (the server said \"try "
          "later\":\n"
          "tried again after a pause that doubles each time). A correction or copy references "
          "the first.");
}

}  // namespace pbem::mail
