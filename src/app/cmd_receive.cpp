// receive: one e-mail with orders, from a file or an MTA pipe, answered with a receipt.

#include <iostream>
#include <iterator>
#include <ostream>

#include "adapters/diagnostic.hpp"
#include "adapters/files.hpp"
#include "adapters/game_mailer.hpp"
#include "adapters/intake.hpp"
#include "adapters/mail/mime.hpp"
#include "adapters/printable.hpp"
#include "app/command.hpp"

namespace wallenstein::app {
namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

/// The message: FILE, or standard input (an MTA pipe), never more than kMaxMessageBytes.
std::string read_message(const std::string& path) {
  if (!path.empty() && path != "-") return read_source(path, kMaxMessageBytes).text;
  std::string raw;
  char block[16384];
  while (raw.size() <= kMaxMessageBytes && std::cin.read(block, sizeof block).gcount() > 0) {
    raw.append(block, static_cast<std::size_t>(std::cin.gcount()));
  }
  if (raw.size() > kMaxMessageBytes) throw InputError("standard input", "the message is larger than 16 MiB");
  return raw;
}

Exit run(const Invocation& in) {
  const auto args = in.has("args") ? in.get<std::vector<std::string>>("args") : std::vector<std::string>{};
  IntakeTarget target;
  std::string file;
  if (in.has("root")) {
    if (args.size() > 1) throw UsageError("with --root, give at most the message FILE");
    target.root = in.get<std::string>("root");
    if (!args.empty()) file = args[0];
  } else {
    if (args.empty() || args.size() > 2) throw UsageError("give the game directory (or --root ROOT) and at most one FILE");
    target.game_dir = args[0];
    if (args.size() == 2) file = args[1];
  }
  const std::string raw = read_message(file);
  IntakeSetup setup;
  setup.data_dir = in.data_dir();
  setup.templates_dir = in.templates_dir();
  setup.wait = in.wait();
  setup.now = mail::rfc5322_now();
  setup.notes = &in.err;
  const std::optional<std::string> smtp = in.has("smtp") ? std::optional(in.get<std::string>("smtp")) : std::nullopt;
  setup.mailer = [&](const GameDirectory& game) { return game_mailer(game, smtp); };
  const Received r = receive_message(raw, target, setup);
  in.out << (r.game.empty() ? std::string("(no game)") : r.game) << ": " << printable(r.summary) << "\n";
  if (!r.mail_failure.empty()) {
    in.err << "wallenstein receive: the answer could not be sent yet and stays queued (the next receive, fetch or "
              "tick sends it): "
           << r.mail_failure << "\n";
  }
  return Exit::ok;
}

}  // namespace

Command receive_command() {
  return {"receive", "(DIR | --root ROOT) [FILE]",
          "Take one e-mail with orders (FILE, or standard input from a mail server), check and store them, "
          "and answer with a receipt.",
          [](po::options_description& o, po::positional_options_description& p) {
            o.add_options()("args", po::value<std::vector<std::string>>(), "DIR and FILE")(
                "root", po::value<std::string>()->value_name("ROOT"),
                "a directory of games: the message goes to the game its orders name")(
                "smtp", po::value<std::string>()->value_name("URL"), "answer through this SMTP server")(
                "templates", po::value<std::string>()->value_name("DIR"), "the templates directory");
            p.add("args", -1);
          },
          run};
}

}  // namespace wallenstein::app
