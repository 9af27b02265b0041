#include "pbem/mail/health.hpp"

#include <array>

#include "pbem/files/files.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/files/yaml_writer.hpp"

namespace pbem::mail {
namespace {

constexpr std::size_t kMaxHealthBytes = 64 << 10;

ChannelHealth read_channel(YamlReader& r, const YAML::Node& root, const char* key) {
  ChannelHealth out;
  const YAML::Node node = root[key];
  if (!node.IsDefined() || !r.expect_map(node, key)) return out;
  static constexpr std::array<std::string_view, 2> kKeys = {"since", "error"};
  r.check_keys(node, kKeys, key);
  if (const YAML::Node since = node["since"]; since.IsDefined())
    out.since = r.text(since, "since").value_or("");
  if (const YAML::Node error = node["error"]; error.IsDefined())
    out.error = r.text(error, "error").value_or("");
  return out;
}

YamlOut channel_yaml(const ChannelHealth& c) {
  YamlOut out = YamlOut::map();
  out.add("since", c.since).add("error", c.error);
  return std::move(out.flow());
}

}  // namespace

MailHealth MailHealth::load(const std::filesystem::path& game_root) {
  MailHealth health;
  const auto path = game_root / relative_path();
  if (!std::filesystem::exists(path)) return health;
  const YamlFile yaml = YamlFile::parse(read_source(path, kMaxHealthBytes));
  YamlReader r(yaml);
  if (!r.expect_map(yaml.root(), "mail health")) r.throw_if_errors();
  static constexpr std::array<std::string_view, 2> kKeys = {"intake", "outgoing"};
  r.check_keys(yaml.root(), kKeys, "mail health");
  health.intake = read_channel(r, yaml.root(), "intake");
  health.outgoing = read_channel(r, yaml.root(), "outgoing");
  r.throw_if_errors();
  return health;
}

std::string MailHealth::text() const {
  YamlOut root = YamlOut::map();
  if (intake.failing()) root.add("intake", channel_yaml(intake));
  if (outgoing.failing()) root.add("outgoing", channel_yaml(outgoing));
  return root.dump(
      "The game's mail when a way of it fails: intake (the IMAP mailbox `fetch` polls) and\n"
      "outgoing (the SMTP server). Since when it fails, and the last error; `status` shows it,\n"
      "and the game master is told when a failure starts and when it ends.");
}

HealthChange record(ChannelHealth& channel, const std::string& error, const std::string& now) {
  HealthChange change;
  if (error.empty()) {
    if (channel.failing()) {
      change.ended = true;
      change.ended_since = channel.since;
    }
    channel = ChannelHealth{};
    return change;
  }
  change.started = !channel.failing();
  if (change.started) channel.since = now;
  channel.error = error;
  return change;
}

}  // namespace pbem::mail
