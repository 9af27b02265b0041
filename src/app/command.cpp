#include "app/command.hpp"

#include "adapters/resources.hpp"
#include "pbem/diagnostic.hpp"

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

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      new_command(),      check_command(),    submit_command(),   status_command(),
      resolve_command(),  replay_command(),   rollback_command(), show_command(),
      render_command(),   report_command(),   mail_command(),     verify_command(),
      upgrade_command(),  player_command(),   receive_command(),  fetch_command(),
      tick_command(),     deadline_command(), suggest_command(),  odds_command(),
      simulate_command(),
  };
  return table;
}

}  // namespace wallenstein::app
