#include "adapters/mail/ledger.hpp"

#include <algorithm>

#include "adapters/files.hpp"
#include "adapters/yaml_file.hpp"
#include "adapters/yaml_writer.hpp"

namespace wallenstein::mail {

std::vector<SentEntry> read_ledger(const SourceFile& source) {
  static constexpr std::string_view kRootKeys[] = {"sent"};
  static constexpr std::string_view kEntryKeys[] = {"key", "message_id", "to", "via", "at"};
  const YamlFile yaml = YamlFile::parse(source, YamlLimits{16, 1000000});
  YamlReader r(yaml);
  std::vector<SentEntry> entries;
  if (!r.expect_map(yaml.root(), "the sent ledger")) r.throw_if_errors();
  r.check_keys(yaml.root(), kRootKeys, "the sent ledger");
  if (auto sent = r.require(yaml.root(), "sent", "a list of sent messages"); sent && r.expect_sequence(*sent, "sent")) {
    for (const auto& node : *sent) {
      if (!r.expect_map(node, "sent message")) continue;
      r.check_keys(node, kEntryKeys, "sent message");
      SentEntry e;
      for (auto [key, target] : {std::pair{"key", &e.key}, std::pair{"message_id", &e.message_id},
                                 std::pair{"to", &e.to}, std::pair{"via", &e.via}, std::pair{"at", &e.at}}) {
        if (auto v = r.require(node, key, "")) *target = r.text(*v, key).value_or("");
      }
      if (const YAML::Node key = node["key"]; key.IsDefined() && key.IsScalar() && e.key.empty()) {
        r.error(key, "key is empty; it names the message, like 01-1618-spring/report/red");
      }
      entries.push_back(std::move(e));
    }
  }
  r.throw_if_errors();
  return entries;
}

Ledger::Ledger(std::filesystem::path file) : file_(std::move(file)) {
  if (std::filesystem::exists(file_)) entries_ = read_ledger(read_source(file_, 16 << 20));
}

bool Ledger::sent(const std::string& key) const {
  return std::any_of(entries_.begin(), entries_.end(), [&](const SentEntry& e) { return e.key == key; });
}

void Ledger::record(SentEntry entry) {
  entries_.push_back(std::move(entry));
  save();
}

void Ledger::save() const {
  YamlOut list = YamlOut::list();
  for (const SentEntry& e : entries_) {
    list.push(YamlOut::map()
                  .add("key", e.key)
                  .add("message_id", e.message_id)
                  .add("to", e.to)
                  .add("via", e.via)
                  .add("at", e.at)
                  .flow());
  }
  std::filesystem::create_directories(file_.parent_path());
  write_atomic(file_, YamlOut::map().add("sent", std::move(list)).dump(
                          "Messages a mail server (or the outbox) accepted. `wallenstein mail` never sends a\n"
                          "key listed here again; delete a line to send that message once more."));
}

}  // namespace wallenstein::mail
