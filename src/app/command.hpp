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

/// Declares a subcommand's arguments and options, in the order its help lists them. The options
/// several subcommands share are declared by one function each, with their one wording.
class Options {
 public:
  Options(boost::program_options::options_description& options,
          boost::program_options::positional_options_description& positional)
      : options_(options), positional_(positional) {}

  /// Any other option.
  boost::program_options::options_description_easy_init add() { return options_.add_options(); }
  /// The game directory, the first argument (DIR).
  Options& dir(const char* help = "the game directory");
  /// A further required argument, after those declared before it.
  Options& argument(const char* name, const char* help);
  /// An option declared with `add()` that may also stand as the next argument.
  Options& positional(const char* name);
  /// The arguments that remain, a list its help labels `label`.
  Options& rest(const char* name, const char* label, const char* help, bool required = false);
  /// `DIR...` or `--root ROOT` (every game directory in it).
  Options& game_dirs();
  /// `--NAME VALUE`, a text.
  Options& text(const char* name, const char* value, const char* help);
  /// `--NAME`, a switch.
  Options& flag(const char* name, const char* help);
  /// `--season S`: which season.
  Options& season(const char* help);
  /// `--player ID`: which player.
  Options& player(const char* help);
  /// `--now TIME`: the time instead of the clock, and what it is used for when given.
  Options& now(const char* used_for = nullptr);
  /// `--smtp URL`.
  Options& smtp(const char* help = "SMTP server instead of game.yaml's");

 private:
  boost::program_options::options_description& options_;
  boost::program_options::positional_options_description& positional_;
};

/// One row of the subcommand table.
struct Command {
  const char* name;
  const char* synopsis;  ///< the usage line after "wallenstein NAME"
  const char* summary;
  std::function<void(Options&)> declare;
  std::function<Exit(const Invocation&)> run;
};

/// Every subcommand, in the order `--help` lists them.
const std::vector<Command>& commands();

/// What each subcommand does (src/app/cmd_*.cpp); command.cpp gives their arguments and options.
Exit run_new(const Invocation& in);
Exit run_check(const Invocation& in);
Exit run_submit(const Invocation& in);
Exit run_status(const Invocation& in);
Exit run_show(const Invocation& in);
Exit run_resolve(const Invocation& in);
Exit run_replay(const Invocation& in);
Exit run_rollback(const Invocation& in);
Exit run_render(const Invocation& in);
Exit run_report(const Invocation& in);
Exit run_mail(const Invocation& in);
Exit run_verify(const Invocation& in);
Exit run_publish(const Invocation& in);
Exit run_upgrade(const Invocation& in);
Exit run_player(const Invocation& in);
Exit run_receive(const Invocation& in);
Exit run_fetch(const Invocation& in);
Exit run_accept(const Invocation& in);
Exit run_simulate(const Invocation& in);
Exit run_suggest(const Invocation& in);
Exit run_odds(const Invocation& in);
Exit run_tick(const Invocation& in);
Exit run_deadline(const Invocation& in);

}  // namespace wallenstein::app
