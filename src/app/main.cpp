// The wallenstein command: parses the subcommand, runs it, and maps errors to exit statuses.

#include <cctype>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "app/command.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/game_lock.hpp"
#include "pbem/files/printable.hpp"
#include "wallenstein/pbem.hpp"

namespace po = boost::program_options;
using wallenstein::app::Exit;

namespace {

void print_usage(std::ostream& out) {
  out << "usage: wallenstein COMMAND [OPTIONS]\n\n"
         "A play-by-email turn processor for the board game Wallenstein (Queen Games).\n\n"
         "Commands:\n";
  for (const auto& c : wallenstein::app::commands()) {
    std::string name = c.name;
    name.resize(10, ' ');
    out << "  " << name << c.summary << "\n";
  }
  out << "\nRun `wallenstein COMMAND --help` for a command's options.\n"
         "Exit status: 0 ok, 1 invalid input, 2 usage error, 3 transport failure, 4 internal "
         "error,\n"
         "5 not now (orders missing before the deadline, or another run holds the game).\n";
}

/// A command's help: its usage line, what it does, its arguments (the positional options, by
/// the names the usage line gives them) and its options.
void print_help(std::ostream& out, const wallenstein::app::Command& command,
                const po::options_description& options,
                const po::positional_options_description& positional) {
  out << "usage: wallenstein " << command.name << " " << command.synopsis << "\n\n"
      << command.summary << "\n";
  // A trailing list (`add("files", -1)`) counts as unlimited and repeats its name for every
  // later position: the first few positions name every argument.
  std::set<std::string> positional_names;
  for (unsigned i = 0; i < positional.max_total_count() && i < 16; ++i)
    positional_names.insert(positional.name_for_position(i));
  po::options_description visible(std::string("Options of wallenstein ") + command.name);
  std::string arguments;
  for (const auto& option : options.options()) {
    const std::string& name = option->long_name();
    if (positional_names.count(name) == 0) {
      visible.add(option);
      continue;
    }
    // A positional argument is labelled by its value name, else its name in capitals.
    std::string label = option->semantic()->name();
    if (label == "arg") {
      label = name;
      for (char& c : label) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    arguments += "  " + label + std::string(label.size() < 12 ? 12 - label.size() : 1, ' ') +
                 option->description() + "\n";
  }
  if (!arguments.empty()) out << "\nArguments:\n" << arguments;
  out << "\n" << visible << "\n";
}

int run(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage(args.empty() ? std::cerr : std::cout);
    return static_cast<int>(args.empty() ? Exit::usage : Exit::ok);
  }
  if (args[0] == "--version") {
    std::cout << "wallenstein " << WALLENSTEIN_VERSION << "\n";
    return 0;
  }
  const wallenstein::app::Command* command = nullptr;
  for (const auto& c : wallenstein::app::commands()) {
    if (args[0] == c.name) command = &c;
  }
  if (!command) {
    std::cerr << "wallenstein: unknown command \"" << wallenstein::printable(args[0]) << "\"\n\n";
    print_usage(std::cerr);
    return static_cast<int>(Exit::usage);
  }
  po::options_description options(std::string("Options of wallenstein ") + command->name);
  options.add_options()("help,h", "show this help")(
      "data", po::value<std::string>()->value_name("DIR"),
      "the ruleset directory (default: $WALLENSTEIN_DATA, else share/wallenstein/data/wallenstein "
      "beside the program's bin/, else under the install prefix)")(
      "templates", po::value<std::string>()->value_name("DIR"),
      "the templates directory (default: $WALLENSTEIN_TEMPLATES, else share/wallenstein/templates "
      "beside the program's bin/, else under the install prefix)")(
      "wait", po::value<double>()->default_value(10)->value_name("SECONDS"),
      "how long to wait while another run holds the game, then exit 5");
  po::positional_options_description positional;
  wallenstein::app::Options declared(options, positional);
  command->declare(declared);
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  wallenstein::app::Invocation invocation{{}, std::cout, std::cerr, command->name};
  try {
    po::store(po::command_line_parser(rest).options(options).positional(positional).run(),
              invocation.options);
    if (invocation.options.count("help")) {
      print_help(std::cout, *command, options, positional);
      return 0;
    }
    po::notify(invocation.options);
  } catch (const po::required_option& e) {
    // Name it as the usage line does: an option (--games N) or a positional argument (DIR).
    std::string name = e.get_option_name();
    name.erase(0, name.find_first_not_of('-'));
    const std::string option = "--" + name;
    const std::string_view synopsis = command->synopsis;
    const std::size_t at = synopsis.find(option + " ");
    if (at == std::string_view::npos) {
      for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    } else {
      const std::size_t end = synopsis.find_first_of(" ]", at + option.size() + 1);
      name = std::string(synopsis.substr(at, end - at));  // "--seats KINDS"
    }
    std::cerr << "wallenstein " << command->name << ": missing " << name << "\nusage: wallenstein "
              << command->name << " " << command->synopsis << "\n";
    return static_cast<int>(Exit::usage);
  } catch (const po::error& e) {
    std::cerr << "wallenstein " << command->name << ": " << wallenstein::printable(e.what())
              << "\nusage: wallenstein " << command->name << " " << command->synopsis << "\n";
    return static_cast<int>(Exit::usage);
  }
  return static_cast<int>(command->run(invocation));
}

/// Routes std::cout and std::cerr through printable() while it lives.
///
/// A safety net behind the printable() calls where user text is printed: text that reaches the
/// terminal unescaped some other way (a path in a message, a future command) still cannot carry
/// control sequences. It changes nothing that is meant to be printed: no command writes binary
/// data to stdout (maps and reports go to files; a command that ever must, writes to the saved
/// original buffer), JSON from nlohmann escapes controls and is valid UTF-8, and printable()
/// leaves its own output as it is, so escaped text is not escaped twice.
class PrintableOutput {
 public:
  PrintableOutput() : out_(std::cout.rdbuf()), err_(std::cerr.rdbuf()) {
    std::cout.rdbuf(&out_);
    std::cerr.rdbuf(&err_);
  }
  PrintableOutput(const PrintableOutput&) = delete;
  PrintableOutput& operator=(const PrintableOutput&) = delete;
  ~PrintableOutput() {
    std::cout.flush();
    std::cerr.flush();
    std::cout.rdbuf(original_out_);
    std::cerr.rdbuf(original_err_);
  }

 private:
  std::streambuf* original_out_ = std::cout.rdbuf();
  std::streambuf* original_err_ = std::cerr.rdbuf();
  wallenstein::PrintableStreambuf out_;
  wallenstein::PrintableStreambuf err_;
};

}  // namespace

int main(int argc, char** argv) {
  const PrintableOutput printable_output;
  try {
    return run(argc, argv);
  } catch (const wallenstein::InputError& e) {
    std::cerr << wallenstein::format_all(e.diagnostics());
    return static_cast<int>(Exit::invalid_input);
  } catch (const wallenstein::UsageError& e) {
    std::cerr << "wallenstein: " << wallenstein::printable(e.what()) << "\n";
    return static_cast<int>(Exit::usage);
  } catch (const wallenstein::BusyError& e) {
    std::cerr << "wallenstein: " << e.what() << "\n";
    return static_cast<int>(Exit::not_now);
  } catch (const wallenstein::TransportError& e) {
    std::cerr << "wallenstein: " << wallenstein::printable(e.what()) << "\n";
    return static_cast<int>(Exit::transport);
  } catch (const std::system_error& e) {
    if (const auto problem = wallenstein::setup_problem(e)) {
      std::cerr << "wallenstein: error: " << wallenstein::printable(*problem) << "\n";
      return static_cast<int>(Exit::invalid_input);
    }
    std::cerr << "wallenstein: internal error: " << wallenstein::printable(e.what()) << "\n";
    return static_cast<int>(Exit::internal);
  } catch (const std::exception& e) {
    std::cerr << "wallenstein: internal error: " << wallenstein::printable(e.what()) << "\n";
    return static_cast<int>(Exit::internal);
  }
}
