#pragma once

#include <boost/program_options.hpp>
#include <chrono>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "wallenstein/pbem.hpp"

namespace pbem {
class InputError;
}

namespace wallenstein::app {

/// The exit statuses of interfaces 1.
enum class Exit : int {
  ok = 0,
  invalid_input = 1,
  usage = 2,
  transport = 3,
  internal = 4,
  not_now = 5
};

/// What a subcommand receives: its parsed options and the streams to write to.
struct Invocation {
  boost::program_options::variables_map options;
  std::ostream& out;
  std::ostream& err;
  std::string command;  ///< the subcommand's name

  /// How long to wait for the game's lock (`--wait SECONDS`).
  std::chrono::milliseconds wait() const;

  std::filesystem::path data_dir() const;
  std::filesystem::path templates_dir() const;
  std::filesystem::path game_dir() const;
  template <class T>
  T get(const char* name) const {
    return options[name].as<T>();
  }
  /// Whether an option was given (a switch: whether it is on).
  bool has(const char* name) const;
  /// `--expansions LIST` as its module ids, checked (a malformed list is a usage error); empty
  /// when not given.
  std::vector<std::string> expansions() const;
  /// `--setup standard|draft`, checked (anything else is a usage error); empty when not given.
  std::optional<std::string> setup() const;
};

/// Why modules were refused, in one sentence (each reason after a semicolon).
std::string refusal_reasons(const InputError& refused);

/// One row of the subcommand table.
struct Command {
  const char* name;
  const char* synopsis;  ///< the usage line after "wallenstein NAME"
  const char* summary;
  std::function<void(boost::program_options::options_description&,
                     boost::program_options::positional_options_description&)>
      declare;
  std::function<Exit(const Invocation&)> run;
};

/// Every subcommand, in the order `--help` lists them.
const std::vector<Command>& commands();

Command new_command();
Command check_command();
Command submit_command();
Command status_command();
Command show_command();
Command resolve_command();
Command replay_command();
Command rollback_command();
Command render_command();
Command report_command();
Command mail_command();
Command verify_command();
Command upgrade_command();
Command player_command();
Command receive_command();
Command fetch_command();
Command accept_command();
Command simulate_command();
Command suggest_command();
Command odds_command();
Command tick_command();
Command deadline_command();

}  // namespace wallenstein::app
