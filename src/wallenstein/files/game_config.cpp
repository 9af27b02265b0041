#include "wallenstein/files/game_config.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include "pbem/files/language.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/files/yaml_writer.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/rules/ids.hpp"
#include "wallenstein/rules/rules_version.hpp"

namespace wallenstein {
namespace {

// The keys game.yaml may hold, one list per map (interfaces 2): adding a key is one line here.
// Anything else is an error, so that a typo (`dedlines:`) is never silently ignored.
constexpr std::string_view kGameKeys[] = {
    "name",     "edition",    "expansions", "setup", "rules_version",   "seed",
    "salt",     "commitment", "players",    "mail",  "program_version", "deadlines",
    "schedule", "language",   "publish"};
constexpr std::string_view kPublishKeys[] = {"dir"};
constexpr std::string_view kPlayerKeys[] = {"id",     "name",   "email",   "token",
                                            "paused", "former", "language"};
constexpr std::string_view kFormerKeys[] = {"name", "email", "until", "token"};
constexpr std::string_view kMailKeys[] = {"from",   "gm",          "smtp",      "imap",
                                          "outbox", "outbox_days", "spectators"};
constexpr std::string_view kScheduleKeys[] = {"timezone", "deadline",    "reminders",
                                              "early",    "hold_back",   "nmr",
                                              "grace",    "max_missing", "min_season"};
constexpr std::string_view kNmrPolicies[] = {"pass", "bot", "hold"};
constexpr std::string_view kSmtpKeys[] = {"url", "starttls", "user", "password_env"};
constexpr std::string_view kImapKeys[] = {"url", "starttls", "user", "password_env", "done"};

bool has_control(std::string_view s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

std::optional<std::chrono::minutes> duration(YamlReader& r, const YAML::Node& node,
                                             std::string_view what) {
  const auto text = r.text(node, what);
  if (!text) return std::nullopt;
  const auto d = parse_duration(*text);
  if (!d)
    r.error(node, std::string(what) + " \"" + *text +
                      "\" is not a duration; write it like 30m, 6h, 2d or 1d12h");
  return d;
}

std::string duration_text(std::chrono::minutes d) {
  const long m = d.count();
  if (m % (24L * 60) == 0 && m > 0) return std::to_string(m / (24L * 60)) + "d";
  if (m % 60 == 0 && m > 0) return std::to_string(m / 60) + "h";
  return std::to_string(m) + "m";
}

/// game.yaml `schedule:` (interfaces 6), every key checked.
Schedule read_schedule(YamlReader& r, const YAML::Node& node) {
  Schedule s;
  if (const YAML::Node tz = node["timezone"]; tz.IsDefined()) {
    s.timezone = r.text(tz, "timezone").value_or("UTC");
    if (!known_timezone(s.timezone)) {
      r.error(tz, "unknown time zone \"" + s.timezone +
                      "\"; use a name of the tz database, like Europe/Berlin or UTC");
    }
  }
  if (auto deadline = r.require(node, "deadline",
                                "like \"sun 20:00\", \"mon,thu 20:00\" or \"every 3d at 20:00\"")) {
    if (const auto text = r.text(*deadline, "deadline")) {
      std::string problem;
      if (auto rule = parse_deadline_rule(*text, problem))
        s.deadline = *rule;
      else
        r.error(*deadline, "deadline \"" + *text + "\": " + problem);
      s.deadline_text = *text;
    }
  }
  if (const YAML::Node early = node["early"]; early.IsDefined())
    s.early = r.boolean(early, "early").value_or(true);
  for (auto [key, target] : {std::pair{"hold_back", &s.hold_back}, std::pair{"grace", &s.grace},
                             std::pair{"min_season", &s.min_season}}) {
    if (const YAML::Node n = node[key]; n.IsDefined()) {
      if (auto d = duration(r, n, key)) *target = *d;
    }
  }
  if (const YAML::Node list = node["reminders"];
      list.IsDefined() && r.expect_sequence(list, "reminders")) {
    for (const auto& item : list) {
      const auto d = duration(r, item, "reminder");
      if (!d) continue;
      // A reminder at the deadline or before the season could open never reaches anyone.
      if (d->count() == 0)
        r.error(item, "a reminder 0m before the deadline comes too late; write one like 6h");
      else if (*d >= s.deadline.longest_gap() + s.min_season) {
        r.error(item, "a reminder " + duration_text(*d) +
                          " before the deadline comes before the season opens (" + s.deadline_text +
                          "); write a shorter one");
      } else if (std::find(s.reminders.begin(), s.reminders.end(), *d) != s.reminders.end()) {
        r.error(item, "the reminder " + duration_text(*d) + " is listed twice");
      } else {
        s.reminders.push_back(*d);
      }
    }
    std::sort(s.reminders.rbegin(), s.reminders.rend());
  }
  if (const YAML::Node nmr = node["nmr"]; nmr.IsDefined()) {
    const std::string text = r.text(nmr, "nmr").value_or("pass");
    const auto it = std::find(std::begin(kNmrPolicies), std::end(kNmrPolicies), text);
    if (it == std::end(kNmrPolicies))
      r.unknown_value(nmr, "nmr policy", kNmrPolicies);
    else
      s.nmr = static_cast<NmrPolicy>(it - std::begin(kNmrPolicies));
  }
  if (const YAML::Node grace = node["grace"]; s.nmr == NmrPolicy::hold && s.grace.count() == 0) {
    r.error(grace.IsDefined() ? grace : node,
            "nmr: hold extends the deadline by grace, which must be longer than 0m");
  }
  // A game has at most kMaxPlayers seats: max_missing kMaxPlayers (the default) never holds.
  if (const YAML::Node gate = node["max_missing"]; gate.IsDefined()) {
    s.max_missing =
        static_cast<int>(r.integer(gate, "max_missing", 0, kMaxPlayers).value_or(kMaxPlayers));
  }
  r.check_keys(node, kScheduleKeys, "schedule");  // last, so that problems are listed top to bottom
  return s;
}

}  // namespace

NewGame new_game_spec(const GameConfig& config) {
  NewGame spec{config.name, {}, config.seed.value_or(0), config.setup == "draft"};
  for (const PlayerInfo& p : config.players) spec.player_ids.push_back(p.id);
  return spec;
}

std::optional<std::string> edition_problem(std::int64_t edition) {
  if (edition == 1 || edition == 2) return std::nullopt;
  return "edition must be 2 (the 2nd edition) or 1 (the 1st edition), not " +
         std::to_string(edition);
}

std::optional<std::string> expansions_problem(const std::vector<std::string>& expansions) {
  for (std::size_t i = 0; i < expansions.size(); ++i) {
    const std::string& id = expansions[i];
    if (!is_data_id(id)) {
      std::string lower = id;
      for (char& c : lower) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
      return "expansion \"" + printable(id) +
             "\" must be a module's id: lowercase letters, digits or _, like " +
             (is_data_id(lower) ? lower : std::string("court"));
    }
    if (std::find(expansions.begin(), expansions.begin() + static_cast<std::ptrdiff_t>(i), id) !=
        expansions.begin() + static_cast<std::ptrdiff_t>(i))
      return "expansion " + id + " is listed twice";
  }
  return std::nullopt;
}

std::optional<std::string> outbox_problem(std::string_view outbox) {
  const std::string hint = "; write a directory inside the game directory, like outbox";
  if (outbox.empty()) return "mail outbox is empty" + hint;
  if (has_control(outbox)) return "mail outbox must not contain control characters" + hint;
  const std::filesystem::path path(outbox);
  if (path.is_absolute())
    return "mail outbox \"" + std::string(outbox) + "\" is an absolute path" + hint;
  for (const auto& part : path) {
    if (part == "..")
      return "mail outbox \"" + std::string(outbox) + "\" leads out of the game directory (..)" +
             hint;
  }
  if (path.lexically_normal() == ".") {
    return "mail outbox \"" + std::string(outbox) + "\" is the game directory itself" + hint;
  }
  // The game's own files and directories: mail written there would overwrite them.
  const std::filesystem::path normal = path.lexically_normal();
  for (const char* own :
       {"game.yaml", "seasons", "mail", "attic", ".rollback", ".lock", "mail/inbox", "mail/queue",
        "mail/sent.yaml", "mail/intake.yaml", "mail/health.yaml"}) {
    const auto rest = normal.lexically_relative(own);
    const bool inside = !rest.empty() && *rest.begin() != "..";
    const bool whole_only = std::string_view(own) == "mail";  // mail/out is fine
    if (inside && (!whole_only || rest == ".")) {
      return "mail outbox \"" + std::string(outbox) + "\" is the game's own " + own +
             "; write a directory of its own, like outbox";
    }
  }
  if (normal.begin()->string().starts_with(".journal"))
    return "mail outbox \"" + std::string(outbox) + "\" is the game's journal" + hint;
  return std::nullopt;
}

std::optional<std::string> email_problem(std::string_view email) {
  const auto at = email.find('@');
  if (at == std::string_view::npos || at == 0 || at + 1 >= email.size() ||
      email.find('@', at + 1) != std::string_view::npos) {
    return "\"" + std::string(email) + "\" is not an email address like name@example.org";
  }
  if (has_control(email) || email.find_first_of(" <>,;\"") != std::string_view::npos) {
    return "email address \"" + std::string(email) + "\" must not contain spaces, quotes or <>,;";
  }
  return std::nullopt;
}

std::optional<std::string> player_name_problem(std::string_view name) {
  if (name.empty() || name.size() > 100 || has_control(name))
    return "player name must be 1-100 printable characters";
  return std::nullopt;
}

GameConfig GameConfig::as_of(int season_index) const {
  GameConfig then = *this;
  for (auto& p : then.players) {
    // The first former holder whose time had not ended yet held the seat then.
    for (const auto& h : p.former) {
      if (season_index < h.until) {
        p.name = h.name;
        p.email = h.email;
        break;
      }
    }
  }
  return then;
}

std::string player_count_problem(std::size_t players) {
  return "Wallenstein is played by " + std::to_string(kMinPlayers) + " to " +
         std::to_string(kMaxPlayers) + " players, not " + std::to_string(players);
}

std::optional<std::string> player_id_problem(std::string_view id) {
  const bool shape =
      !id.empty() && id.size() <= 24 && id.front() >= 'a' && id.front() <= 'z' &&
      std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
      });
  if (!shape) {
    return "player id \"" + std::string(id) +
           "\" must be 1-24 lowercase letters, digits, - or _, starting with a letter (it names "
           "files)";
  }
  static constexpr std::array<std::string_view, 6> kReserved = {"peasants", "neutral", "public",
                                                                "none",     "all",     "gm"};
  if (std::find(kReserved.begin(), kReserved.end(), id) != kReserved.end()) {
    return "player id \"" + std::string(id) + "\" is reserved; choose another";
  }
  return std::nullopt;
}

namespace {

/// starttls, user and password_env: how SMTP and IMAP servers are logged in to alike.
void read_login(YamlReader& r, const YAML::Node& server, const char* user_what, bool& starttls,
                std::string& user, std::string& password_env) {
  if (const YAML::Node tls = server["starttls"]; tls.IsDefined())
    starttls = r.boolean(tls, "starttls").value_or(true);
  if (const YAML::Node name = server["user"]; name.IsDefined())
    user = r.text(name, user_what).value_or("");
  if (const YAML::Node env = server["password_env"]; env.IsDefined())
    password_env = r.text(env, "password_env").value_or("");
}

void read_smtp(YamlReader& r, const YAML::Node& mail, MailSettings& settings) {
  const YAML::Node smtp = mail["smtp"];
  if (!smtp.IsDefined() || smtp.IsNull() || !r.expect_map(smtp, "mail smtp")) return;
  r.check_keys(smtp, kSmtpKeys, "mail.smtp");
  SmtpSettings s;
  if (auto url = r.require(smtp, "url", "smtp://host:587"))
    s.url = r.text(*url, "smtp url").value_or("");
  read_login(r, smtp, "smtp user", s.starttls, s.user, s.password_env);
  settings.smtp = s;
}

void read_imap(YamlReader& r, const YAML::Node& mail, MailSettings& settings) {
  const YAML::Node imap = mail["imap"];
  if (!imap.IsDefined() || imap.IsNull() || !r.expect_map(imap, "mail imap")) return;
  r.check_keys(imap, kImapKeys, "mail.imap");
  ImapSettings s;
  s.done = kDefaultImapDone;
  if (auto url = r.require(imap, "url", "imaps://host/INBOX")) {
    s.url = r.text(*url, "imap url").value_or("");
    if (!s.url.starts_with("imap://") && !s.url.starts_with("imaps://")) {
      r.error(*url,
              "the IMAP url must start with imap:// or imaps://, like "
              "imaps://mail.example.org/INBOX");
    }
  }
  read_login(r, imap, "imap user", s.starttls, s.user, s.password_env);
  if (const YAML::Node done = imap["done"]; done.IsDefined()) {
    s.done = r.text(done, "imap done").value_or("");
    const bool ok = !s.done.empty() && s.done.size() <= 64 &&
                    std::all_of(s.done.begin(), s.done.end(), [](char c) {
                      return std::isalnum(static_cast<unsigned char>(c)) || c == '$' || c == '_' ||
                             c == '-' || c == '.' || c == '/';
                    });
    if (!ok)
      r.error(done,
              "done is a keyword like $WallensteinDone or a folder name (letters, digits, $ _ "
              "- . /)");
  }
  settings.imap = s;
}

/// The people who held a seat before its player (player replace).
void read_former(YamlReader& r, const YAML::Node& node, PlayerInfo& p) {
  const YAML::Node former = node["former"];
  if (!former.IsDefined() || !r.expect_sequence(former, "former")) return;
  for (const auto& f : former) {
    if (!r.expect_map(f, "former holder", kFormerKeys)) continue;
    FormerHolder h;
    if (auto name = r.require(f, "name", "who held the seat"))
      h.name = r.text(*name, "name").value_or("");
    if (auto email = r.require(f, "email", "their address"))
      h.email = r.text(*email, "email").value_or("");
    if (auto until = r.require(f, "until", "the season index from which the next person plays")) {
      // 0: the seat was handed over during the draft (season 0, rules 2.2).
      h.until = static_cast<int>(r.integer(*until, "until", 0, 99).value_or(1));
    }
    if (const YAML::Node token = f["token"]; token.IsDefined())
      h.token = r.text(token, "token").value_or("");
    p.former.push_back(std::move(h));
  }
}

/// name, edition, expansions, rules_version, program_version.
void read_identity(YamlReader& r, const YAML::Node& root, bool seed_required, GameConfig& config) {
  if (auto name = r.require(root, "name", "the game's name")) {
    config.name = r.text(*name, "name").value_or("");
    if (auto problem = game_name_problem(config.name); problem && !config.name.empty())
      r.error(*name, *problem);
  }
  if (const YAML::Node edition = root["edition"]; edition.IsDefined()) {
    if (auto number = r.integer(edition, "edition", -999, 999)) {
      if (auto problem = edition_problem(*number)) r.error(edition, *problem);
      config.edition = static_cast<int>(*number);
    }
  }
  if (const YAML::Node setup = root["setup"]; setup.IsDefined()) {
    config.setup = r.text(setup, "setup").value_or("standard");
    if (config.setup != "standard" && config.setup != "draft")
      r.error(setup,
              "setup must be standard (the printed starting provinces) or draft (the "
              "players draft them), not \"" +
                  config.setup + "\"");
  }
  if (const YAML::Node exp = root["expansions"];
      exp.IsDefined() && r.expect_sequence(exp, "expansions")) {
    for (const auto& e : exp) {  // each problem at its item; the earlier items are sound
      const auto id = r.text(e, "expansion");
      if (!id) continue;
      config.expansions.push_back(*id);
      if (auto problem = expansions_problem(config.expansions)) {
        r.error(e, *problem);
        config.expansions.pop_back();
      }
    }
  }
  // A game.yaml without rules_version was written by an older program: its game plays version 1.
  // A file for `new --from` without one starts a game under the current rules.
  config.rules_version = seed_required ? kFirstRulesVersion : kCurrentRulesVersion;
  if (const YAML::Node version = root["rules_version"]; version.IsDefined()) {
    if (auto number = r.integer(version, "rules_version", -999, 999)) {
      if (!known_rules_version(static_cast<int>(*number))) {
        r.error(version, "rules_version " + std::to_string(*number) +
                             " is unknown to this program, which plays " +
                             std::to_string(kFirstRulesVersion) + " to " +
                             std::to_string(kCurrentRulesVersion) +
                             "; use the program the game was started with, or a newer one");
      } else {
        config.rules_version = static_cast<int>(*number);
      }
    }
  }
  if (const YAML::Node version = root["program_version"]; version.IsDefined()) {
    config.program_version = r.text(version, "program_version").value_or("");
  }
}

/// The secret seed, its salt and public commitment: only in a game's own game.yaml.
void read_secrets(YamlReader& r, const YAML::Node& root, bool seed_required, GameConfig& config) {
  const YAML::Node seed = root["seed"];
  if (seed.IsDefined()) {
    if (!seed_required) {
      r.error(
          seed,
          "this file must not carry a seed: `new` draws one (or takes --seed) and keeps it secret");
    } else {
      const std::string s = scalar_text(seed);
      const bool digits =
          !s.empty() && s.size() <= 19 &&
          std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (!digits)
        r.error(seed, "seed must be a whole number of at most 19 digits");
      else
        config.seed = std::stoull(s);
    }
  } else if (seed_required) {
    r.error(root, "missing key \"seed\" (every game keeps its random seed here)");
  }
  for (auto [key, target] :
       {std::pair{"salt", &config.salt}, std::pair{"commitment", &config.commitment}}) {
    const YAML::Node node = root[key];
    if (!node.IsDefined()) continue;
    if (!seed_required) {
      r.error(node,
              std::string("this file must not carry a ") + key + ": `new` makes one with the seed");
      continue;
    }
    *target = r.text(node, key).value_or("");
    const bool hex = target->size() >= 16 && target->size() <= 64 &&
                     std::all_of(target->begin(), target->end(), [](char c) {
                       return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
                     });
    if (!hex) r.error(node, std::string(key) + " must be 16 to 64 lowercase hex digits");
  }
  if (config.salt.empty() != config.commitment.empty()) {
    r.error(root,
            "salt and commitment come together (the seed's public commitment and its secret salt)");
  }
}

/// A language code (`language:`), checked for its form; whether the program has templates in it
/// is checked where they are loaded (check_languages).
std::string read_language(YamlReader& r, const YAML::Node& node) {
  std::string code = r.text(node, "language").value_or("");
  if (!pbem::is_language_code(code)) {
    r.error(node, "language is a language's code: fr, de or en (the templates' folders), not \"" +
                      code + "\"");
    return "en";
  }
  return code;
}

void read_players(YamlReader& r, const YAML::Node& root, bool seed_required, GameConfig& config) {
  std::set<std::string> ids;
  std::map<std::string, std::string> tokens;  // token -> the first player who has it
  if (auto players = r.require(root, "players", "a list of {id, name, email}");
      players && r.expect_sequence(*players, "players")) {
    for (const auto& node : *players) {
      if (!r.expect_map(node, "player", kPlayerKeys)) continue;
      PlayerInfo p;
      if (auto id = r.require(node, "id", "lowercase, e.g. red")) {
        p.id = r.text(*id, "player id").value_or("");
        if (auto problem = player_id_problem(p.id))
          r.error(*id, *problem);
        else if (!ids.insert(p.id).second)
          r.error(*id, "player id \"" + p.id + "\" is used twice");
      }
      if (auto name = r.require(node, "name", "the player's name")) {
        p.name = r.text(*name, "player name").value_or("");
        if (auto problem = player_name_problem(p.name)) r.error(*name, *problem);
      }
      if (auto email = r.require(node, "email", "name@example.org")) {
        p.email = r.text(*email, "email").value_or("");
        if (auto problem = email_problem(p.email)) r.error(*email, *problem);
      }
      if (const YAML::Node token = node["token"]; token.IsDefined()) {
        if (!seed_required)
          r.error(token, "this file must not carry tokens: `new` makes one per player");
        p.token = r.text(token, "token").value_or("");
        const bool shape = p.token.size() >= 12 && p.token.size() <= 64 &&
                           std::all_of(p.token.begin(), p.token.end(), [](char c) {
                             return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
                           });
        if (!shape) r.error(token, "a token is 12 to 64 lowercase letters and digits");
        // A token proves one player: two with the same one could send each other's orders.
        if (const auto [first, fresh] = tokens.emplace(p.token, p.id); shape && !fresh) {
          r.error(token, "this is the token of " + first->second +
                             " too; each player has their own (`wallenstein player DIR token " +
                             p.id + " --new` makes a new one)");
        }
      }
      if (const YAML::Node paused = node["paused"]; paused.IsDefined())
        p.paused = r.boolean(paused, "paused").value_or(false);
      if (const YAML::Node language = node["language"]; language.IsDefined())
        p.language = read_language(r, language);
      read_former(r, node, p);
      config.players.push_back(std::move(p));
    }
    if (!valid_player_count(config.players.size()))
      r.error(*players, player_count_problem(config.players.size()));
  }
}

void read_mail(YamlReader& r, const YAML::Node& root, GameConfig& config) {
  const YAML::Node mail = root["mail"];
  if (!mail.IsDefined() || !r.expect_map(mail, "mail")) return;
  r.check_keys(mail, kMailKeys, "mail");
  if (const YAML::Node from = mail["from"]; from.IsDefined()) {
    config.mail.from = r.text(from, "mail from").value_or("");
    if (has_control(config.mail.from)) r.error(from, "mail from must be one line");
  }
  if (const YAML::Node outbox = mail["outbox"]; outbox.IsDefined()) {
    config.mail.outbox = r.text(outbox, "mail outbox").value_or("outbox");
    if (auto problem = outbox_problem(config.mail.outbox); problem && outbox.IsScalar())
      r.error(outbox, *problem);
  }
  if (const YAML::Node days = mail["outbox_days"]; days.IsDefined()) {
    if (auto n = r.integer(days, "mail outbox_days", 0, 3650))
      config.mail.outbox_days = static_cast<int>(*n);
  }
  read_smtp(r, mail, config.mail);
  if (const YAML::Node list = mail["spectators"];
      list.IsDefined() && r.expect_sequence(list, "mail spectators")) {
    for (const auto& item : list) {
      const std::string address = r.text(item, "spectator").value_or("");
      if (auto problem = email_problem(address))
        r.error(item, *problem);
      else
        config.mail.spectators.push_back(address);
    }
  }
  if (const YAML::Node gm = mail["gm"]; gm.IsDefined()) {
    config.mail.gm = r.text(gm, "mail gm").value_or("");
    if (has_control(config.mail.gm)) r.error(gm, "mail gm must be one line");
  }
  read_imap(r, mail, config.mail);
}

}  // namespace

namespace {

GameConfig read_game_config_unmasked(const SourceFile& source, bool seed_required);

}  // namespace

GameConfig read_game_config(const SourceFile& source, bool seed_required) {
  try {
    return read_game_config_unmasked(source, seed_required);
  } catch (const InputError& e) {
    std::vector<Diagnostic> masked = e.diagnostics();
    // An unknown key's value may be anything (a misspelt password, say), on whichever error
    // quotes its line.
    std::vector<std::string> unknown;
    for (const auto& d : masked) {
      if (d.message.starts_with("unknown key \""))
        unknown.push_back(d.message.substr(13, d.message.find('"', 13) - 13));
    }
    for (auto& d : masked) {
      d.source_line = hide_secret_values(d.source_line, unknown);
      d.message = hide_secret_values(d.message);
    }
    throw InputError(std::move(masked));
  }
}

namespace {

GameConfig read_game_config_unmasked(const SourceFile& source, bool seed_required) {
  const YamlFile file = YamlFile::parse(source);
  YamlReader r(file);
  const YAML::Node& root = file.root();
  GameConfig config;
  if (!r.expect_map(root, "game.yaml", kGameKeys)) r.throw_if_errors();
  read_identity(r, root, seed_required, config);
  read_secrets(r, root, seed_required, config);
  if (const YAML::Node language = root["language"]; language.IsDefined())
    config.language = read_language(r, language);
  read_players(r, root, seed_required, config);
  read_mail(r, root, config);
  if (const YAML::Node deadlines = root["deadlines"];
      deadlines.IsDefined() && r.expect_map(deadlines, "deadlines")) {
    for (const auto& entry : deadlines)
      config.deadlines[entry.first.Scalar()] = r.text(entry.second, "deadline").value_or("");
  }
  if (const YAML::Node schedule = root["schedule"];
      schedule.IsDefined() && r.expect_map(schedule, "schedule")) {
    config.schedule = read_schedule(r, schedule);
  }
  // Interfaces 8: where `tick` republishes the game's pages after each resolve.
  if (const YAML::Node publish = root["publish"];
      publish.IsDefined() && r.expect_map(publish, "publish")) {
    if (auto dir = r.require(publish, "dir", "a folder for the web pages, like /var/www/games/x")) {
      config.publish_dir = r.text(*dir, "publish.dir").value_or("");
      if (config.publish_dir.empty())
        r.error(*dir, "publish.dir must name a folder for the game's web pages");
    }
    r.check_keys(publish, kPublishKeys, "publish");
  }
  r.throw_if_errors();
  return config;
}

/// A mail server's url and login, written alike for SMTP and IMAP.
YamlOut server_yaml(const std::string& url, bool starttls, const std::string& user,
                    const std::string& password_env) {
  YamlOut server = YamlOut::map();
  server.add("url", url).add("starttls", starttls);
  if (!user.empty()) server.add("user", user);
  if (!password_env.empty()) server.add("password_env", password_env);
  return server;
}

YamlOut players_yaml(const GameConfig& config) {
  YamlOut players = YamlOut::list();
  for (const auto& p : config.players) {
    YamlOut row = YamlOut::map().add("id", p.id).add("name", p.name).add("email", p.email);
    if (!p.token.empty()) row.add("token", p.token);
    if (p.paused) row.add("paused", true);
    if (!p.language.empty()) row.add("language", p.language);
    if (!p.former.empty()) {
      YamlOut former = YamlOut::list();
      for (const auto& h : p.former) {
        YamlOut holder =
            YamlOut::map().add("name", h.name).add("email", h.email).add("until", h.until);
        if (!h.token.empty()) holder.add("token", h.token);
        former.push(holder.flow());
      }
      row.add("former", std::move(former));
      players.push(std::move(row));
      continue;
    }
    players.push(row.flow());
  }
  return players;
}

YamlOut mail_yaml(const GameConfig& config) {
  YamlOut mail = YamlOut::map();
  mail.add("from", config.mail.from);
  if (config.mail.smtp) {
    const SmtpSettings& s = *config.mail.smtp;
    mail.add("smtp", server_yaml(s.url, s.starttls, s.user, s.password_env));
  }
  if (!config.mail.gm.empty()) mail.add("gm", config.mail.gm);
  if (config.mail.imap) {
    const ImapSettings& s = *config.mail.imap;
    YamlOut imap = server_yaml(s.url, s.starttls, s.user, s.password_env);
    imap.add("done", s.done);
    mail.add("imap", std::move(imap));
  }
  mail.add("outbox", config.mail.outbox);
  if (config.mail.outbox_days != MailSettings{}.outbox_days)
    mail.add("outbox_days", config.mail.outbox_days);
  if (!config.mail.spectators.empty())
    mail.add("spectators", YamlOut::flow_list(config.mail.spectators));
  return mail;
}

YamlOut schedule_yaml(const Schedule& s) {
  YamlOut out = YamlOut::map();
  std::vector<std::string> reminders;
  for (const auto r : s.reminders) reminders.push_back(duration_text(r));
  out.add("timezone", s.timezone)
      .add("deadline", s.deadline_text)
      .add("reminders", YamlOut::flow_list(reminders))
      .add("early", s.early)
      .add("hold_back", duration_text(s.hold_back))
      .add("nmr", std::string(nmr_policy_name(s.nmr)))
      .add("grace", duration_text(s.grace))
      .add("max_missing", s.max_missing.value_or(kMaxPlayers))
      .add("min_season", duration_text(s.min_season));
  return out;
}

}  // namespace

std::string write_game_config(const GameConfig& config) {
  YamlOut root = YamlOut::map();
  root.add("name", config.name);
  root.add("edition", config.edition);
  root.add("expansions", YamlOut::flow_list(config.expansions));
  if (config.setup != "standard") root.add("setup", config.setup);  // games before it: standard
  root.add("rules_version", config.rules_version);
  if (config.language != "en") root.add("language", config.language);
  if (!config.program_version.empty()) root.add("program_version", config.program_version);
  root.add("seed", YamlOut::number(static_cast<std::int64_t>(config.seed.value_or(0))));
  if (!config.commitment.empty())
    root.add("salt", config.salt).add("commitment", config.commitment);
  root.add("players", players_yaml(config));
  root.add("mail", mail_yaml(config));
  if (!config.deadlines.empty()) {
    YamlOut deadlines = YamlOut::map();
    for (const auto& [season, when] : config.deadlines) deadlines.add(season, when);
    root.add("deadlines", std::move(deadlines));
  }
  if (config.schedule) root.add("schedule", schedule_yaml(*config.schedule));
  if (!config.publish_dir.empty())
    root.add("publish", YamlOut::map().add("dir", config.publish_dir));
  return root.dump(
      "Wallenstein game definition (interfaces 2). The seed and salt are secret: never show them "
      "to\n"
      "players before the game ends. The commitment (SHA-256 of seed and salt) is in their "
      "reports.\n"
      "rules_version: the rules this game plays; it keeps them until `wallenstein upgrade`.\n"
      "players[].token: each player's secret for orders sent by mail, printed only in their own\n"
      "order templates (`wallenstein player DIR token ID --new` replaces a leaked one).\n"
      "Players are in seat order: A, B, C... of the standard setup.\n"
      "language: the game's (public report, spectators, game master); players[].language: what\n"
      "is mailed to that player (fr, de or en; absent: the game's).\n"
      "mail.smtp (absent: messages go to the outbox directory): url, starttls, user, and\n"
      "password_env, the name of the environment variable that holds the password.\n"
      "deadlines: optional, season name -> free text shown in status and reports.\n"
      "schedule: optional; `wallenstein tick` (from cron) keeps the deadlines it sets.");
}

}  // namespace wallenstein
