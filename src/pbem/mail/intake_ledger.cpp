#include "pbem/mail/intake_ledger.hpp"

#include <algorithm>
#include <array>

#include "pbem/files/files.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/files/yaml_writer.hpp"

namespace pbem::mail {
namespace {

constexpr std::size_t kMaxIntakeBytes = 32 << 20;
/// The ledger keeps at most this many messages: past it, the oldest of those that stored
/// nothing a player sent (automatic mail, forgeries, messages without orders) go first, so that
/// a flood of forged mail can never make the ledger too large to read.
constexpr std::size_t kMaxEntries = 10000;
/// A field longer than this (a forged sender of 100 KB) is cut: no real address or id is longer.
constexpr std::size_t kMaxFieldBytes = 320;

struct Field {
  std::string_view key;
  std::string IntakeEntry::*member;
};

constexpr std::array<Field, 10> kFields = {{{"message_id", &IntakeEntry::message_id},
                                            {"sha256", &IntakeEntry::sha256},
                                            {"from", &IntakeEntry::from},
                                            {"player", &IntakeEntry::player},
                                            {"season", &IntakeEntry::season},
                                            {"outcome", &IntakeEntry::outcome},
                                            {"receipt", &IntakeEntry::receipt},
                                            {"reply", &IntakeEntry::reply},
                                            {"at", &IntakeEntry::at},
                                            {"notice", &IntakeEntry::notice}}};

}  // namespace

IntakeLedger IntakeLedger::load(const std::filesystem::path& game_root) {
  IntakeLedger ledger;
  const auto path = game_root / relative_path();
  if (!std::filesystem::exists(path)) return ledger;
  const YamlFile yaml =
      YamlFile::parse(read_source(path, kMaxIntakeBytes), YamlLimits{16, 1000000});
  YamlReader r(yaml);
  const YAML::Node& root = yaml.root();
  if (!r.expect_map(root, "intake ledger")) r.throw_if_errors();
  static constexpr std::array<std::string_view, 2> kTop = {"format", "messages"};
  r.check_keys(root, kTop, "intake ledger");
  if (auto format = r.require(root, "format", "1")) r.integer(*format, "format", 1, 1);
  std::array<std::string_view, kFields.size()> keys;
  std::transform(kFields.begin(), kFields.end(), keys.begin(),
                 [](const Field& f) { return f.key; });
  if (auto list = r.require(root, "messages", "a list");
      list && r.expect_sequence(*list, "messages")) {
    for (const auto& node : *list) {
      if (!r.expect_map(node, "message")) continue;
      r.check_keys(node, keys, "intake entry");
      IntakeEntry e;
      for (const Field& f : kFields) {
        if (const YAML::Node v = node[std::string(f.key)]; v.IsDefined())
          e.*f.member = r.text(v, f.key).value_or("");
      }
      if (e.sha256.empty() || e.outcome.empty())
        r.error(node, "an intake entry needs sha256 and outcome");
      ledger.entries_.push_back(std::move(e));
    }
  }
  r.throw_if_errors();
  return ledger;
}

const IntakeEntry* IntakeLedger::find(const std::string& message_id,
                                      const std::string& sha256) const {
  for (const auto& e : entries_) {
    if (e.sha256 == sha256 || (!message_id.empty() && e.message_id == message_id)) return &e;
  }
  return nullptr;
}

int IntakeLedger::answered(const std::string& player, const std::string& season) const {
  return static_cast<int>(
      std::count_if(entries_.begin(), entries_.end(), [&](const IntakeEntry& e) {
        return e.player == player && e.season == season && !e.reply.empty();
      }));
}

int IntakeLedger::count(const std::string& player, const std::string& season,
                        const std::string& outcome) const {
  return static_cast<int>(
      std::count_if(entries_.begin(), entries_.end(), [&](const IntakeEntry& e) {
        return e.player == player && e.season == season && e.outcome == outcome;
      }));
}

std::string day_of(const std::string& rfc5322) {
  const auto comma = rfc5322.find(", ");
  const std::size_t from = comma == std::string::npos ? 0 : comma + 2;
  return rfc5322.substr(from, 11);
}

int IntakeLedger::answered_on(const std::string& player, const std::string& at) const {
  const std::string day = day_of(at);
  return static_cast<int>(
      std::count_if(entries_.begin(), entries_.end(), [&](const IntakeEntry& e) {
        return e.player == player && !e.reply.empty() && day_of(e.at) == day;
      }));
}

int IntakeLedger::noticed_on(const std::string& from, const std::string& at) const {
  const std::string day = day_of(at);
  return static_cast<int>(
      std::count_if(entries_.begin(), entries_.end(), [&](const IntakeEntry& e) {
        return (from.empty() || e.from == from) && !e.notice.empty() && day_of(e.at) == day;
      }));
}

std::vector<const IntakeEntry*> IntakeLedger::accepted_with(const std::string& player,
                                                            const std::string& season,
                                                            const std::string& receipt) const {
  std::vector<const IntakeEntry*> out;
  for (const auto& e : entries_) {
    if (e.player == player && e.season == season && e.outcome == "accepted" && e.receipt == receipt)
      out.push_back(&e);
  }
  return out;
}

void IntakeLedger::record(IntakeEntry entry) {
  for (const Field& f : kFields) {
    std::string& value = entry.*f.member;
    if (value.size() > kMaxFieldBytes) value.resize(kMaxFieldBytes);
  }
  entries_.push_back(std::move(entry));
  if (entries_.size() <= kMaxEntries) return;
  auto keep = [](const IntakeEntry& e) {
    return e.outcome == "accepted" || e.outcome == "replayed" || e.outcome == "rejected" ||
           e.outcome == "too_late" || e.outcome == "other_season";
  };
  std::size_t excess = entries_.size() - kMaxEntries;
  std::erase_if(entries_, [&](const IntakeEntry& e) {
    if (excess == 0 || keep(e)) return false;
    --excess;
    return true;
  });
}

std::string IntakeLedger::text() const {
  YamlOut list = YamlOut::list();
  for (const IntakeEntry& e : entries_) {
    YamlOut item = YamlOut::map();
    for (const Field& f : kFields) {
      if (!(e.*f.member).empty()) item.add(std::string(f.key), e.*f.member);
    }
    list.push(std::move(item.flow()));
  }
  return YamlOut::map()
      .add("format", 1)
      .add("messages", std::move(list))
      .dump(
          "Every message `receive` or `fetch` handled: a message seen again (same Message-ID or "
          "same\n"
          "bytes) is neither stored nor answered twice. The raw messages are kept in mail/inbox/.");
}

}  // namespace pbem::mail
