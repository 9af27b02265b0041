#include "app/command.hpp"

#include "pbem/files/diagnostic.hpp"
#include "wallenstein/files/game_config.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::app {

std::filesystem::path Invocation::data_dir() const {
  return resource_dir(Installed::data,
                      options.count("data")
                          ? std::filesystem::path(options["data"].as<std::string>())
                          : std::filesystem::path());
}

bool Invocation::has(const char* name) const {
  if (options.count(name) == 0) return false;
  const auto& value = options[name].value();
  if (const bool* flag = boost::any_cast<bool>(&value)) return *flag;
  return !options[name].defaulted();
}

std::filesystem::path Invocation::templates_dir() const {
  return resource_dir(Installed::templates,
                      options.count("templates")
                          ? std::filesystem::path(options["templates"].as<std::string>())
                          : std::filesystem::path());
}

std::chrono::milliseconds Invocation::wait() const {
  const double seconds = options.count("wait") ? options["wait"].as<double>() : 10.0;
  if (!(seconds >= 0 && seconds <= 86400))
    throw UsageError("--wait must be between 0 and 86400 seconds");
  return std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
}

std::filesystem::path Invocation::game_dir() const { return options["dir"].as<std::string>(); }

namespace {

/// "court, leaders" as its items, spaces around them dropped; a blank text is no item.
std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> items;
  if (text.find_first_not_of(' ') == std::string_view::npos) return items;
  for (std::size_t start = 0;;) {
    const std::size_t comma = text.find(',', start);
    std::string_view item =
        text.substr(start, comma == std::string_view::npos ? comma : comma - start);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    items.emplace_back(item);
    if (comma == std::string_view::npos) return items;
    start = comma + 1;
  }
}

}  // namespace

std::vector<std::string> Invocation::expansions() const {
  if (!has("expansions")) return {};
  std::vector<std::string> ids = split_list(get<std::string>("expansions"));
  if (auto problem = expansions_problem(ids)) throw UsageError("--expansions: " + *problem);
  return ids;
}

std::optional<std::string> Invocation::setup() const {
  if (!has("setup")) return std::nullopt;
  std::string setup = get<std::string>("setup");
  if (setup != "standard" && setup != "draft")
    throw UsageError("--setup must be standard or draft, not \"" + setup + "\"");
  return setup;
}

std::string refusal_reasons(const InputError& refused) {
  std::string why;
  for (const Diagnostic& d : refused.diagnostics()) why += (why.empty() ? "" : "; ") + d.message;
  return why;
}

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      new_command(),     check_command(),    submit_command(),   status_command(),
      resolve_command(), replay_command(),   rollback_command(), show_command(),
      render_command(),  report_command(),   mail_command(),     verify_command(),
      upgrade_command(), player_command(),   receive_command(),  fetch_command(),
      accept_command(),  tick_command(),     deadline_command(), suggest_command(),
      odds_command(),    simulate_command(),
  };
  return table;
}

}  // namespace wallenstein::app
