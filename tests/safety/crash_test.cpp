// kill -9 at every write a command makes (strace injects SIGKILL at the Nth call of a syscall),
// and at random moments: after the next command's recovery the game is exactly the old one or
// exactly the new one, and mail is neither lost nor sent twice.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <thread>
#include <tuple>

#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;
using testing::Outcome;
using testing::read_text;
using testing::shell_quote;
using testing::snapshot_tree;
using testing::TempDir;
using Tree = std::map<std::string, std::string>;

using testing::run;

/// Every Nth kill point (1 = all): the sanitizer build, many times slower, samples them.
int stride() {
  const char* s = std::getenv("WALLENSTEIN_CRASH_STRIDE");
  return s ? std::max(1, std::atoi(s)) : 1;
}

/// The syscalls that change files, and a few that order them on disk.
constexpr const char* kWriteCalls =
    "write,pwrite64,rename,renameat,renameat2,unlink,unlinkat,mkdir,mkdirat,rmdir,fsync,fdatasync,"
    "ftruncate";

/// One point to kill at: the `invocation`-th call of `syscall` in the main process.
struct KillPoint {
  std::string syscall;
  int invocation = 0;
};

std::string command_line(const std::vector<std::string>& args) {
  std::string line = shell_quote(testing::wallenstein_binary());
  for (const auto& a : args) line += " " + shell_quote(a);
  return line;
}

/// strace, with LeakSanitizer off in the traced program: it cannot run under ptrace and would fail
/// every sanitizer build's run on machines that allow ptrace only to strace.
const std::string kStrace =
    R"(env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -f -qq )";

/// Runs the command once under strace and lists every call that changes a file.
std::vector<KillPoint> kill_points(const std::vector<std::string>& args, const fs::path& trace) {
  const Outcome r = testing::run_shell(kStrace + "-o " + shell_quote(trace.string()) +
                                       " -e trace=" + kWriteCalls + " " + command_line(args));
  EXPECT_EQ(r.status, 0) << r.err;
  std::ifstream in(trace);
  const std::regex call(R"(^(\d+)\s+(\w+)\((\d*))");
  std::string line;
  std::string main_pid;
  std::map<std::string, int> seen;
  std::vector<KillPoint> points;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, call)) continue;  // "<... resumed>" and signals
    if (main_pid.empty()) main_pid = m[1];
    if (m[1] != main_pid) continue;  // a font-cache thread reads, never writes the game
    const std::string name = m[2];
    const int n = ++seen[name];
    if (name == "write" && (m[3] == "1" || m[3] == "2")) continue;  // the terminal
    points.push_back({name, n});
  }
  return points;
}

/// Runs the command and kills it at one point; returns whether the kill happened.
bool run_killed_at(const std::vector<std::string>& args, const KillPoint& point) {
  const Outcome r = testing::run_shell(
      kStrace + "-o /dev/null -e trace=" + point.syscall + " -e inject=" + point.syscall +
      ":signal=KILL:when=" + std::to_string(point.invocation) + " " + command_line(args));
  return r.status != 0;
}

/// A command to crash: how to make the game it runs on, and its arguments ({} = the game).
struct Crashable {
  std::string name;
  std::function<void(const fs::path& game, const fs::path& work)> prepare;
  std::vector<std::string> args;
};

/// gtest names the parameter in ctest's list: the command, not its bytes.
void PrintTo(const Crashable& c, std::ostream* os) { *os << c.name; }

std::vector<std::string> with_game(const std::vector<std::string>& args, const fs::path& game) {
  std::vector<std::string> out;
  out.reserve(args.size());
  for (const auto& a : args) out.push_back(a == "{}" ? game.string() : a);
  return out;
}

void all_orders(const fs::path& game, const fs::path& work) {
  ASSERT_EQ(testing::new_game(game, 3).status, 0);
  testing::submit_random_orders(game, work / "o1", 1);
}

void resolved_with_extras(const fs::path& game, const fs::path& work) {
  all_orders(game, work);
  ASSERT_EQ(run({"resolve", game.string()}).status, 0);
  ASSERT_EQ(run({"render", game.string()}).status, 0);
  testing::submit_random_orders(game, work / "o2", 2);
}

std::vector<Crashable> crashables() {
  return {
      {"resolve", all_orders, {"resolve", "{}"}},
      {"rollback", resolved_with_extras, {"rollback", "{}", "--force"}},
      {"submit",
       [](const fs::path& game, const fs::path& work) {
         all_orders(game, work);
         testing::write_random_orders(game, work / "again", 9);
       },
       {"submit", "{}", "WORK/again/red.yaml"}},
  };
}

/// Kill points are tried in shards that ctest runs side by side; together they try every point
/// the stride samples.
constexpr std::size_t kShards = 3;

class CrashAtEveryWrite : public ::testing::TestWithParam<std::tuple<Crashable, std::size_t>> {};

TEST_P(CrashAtEveryWrite, LeavesExactlyTheOldOrTheNewGame) {
  const Crashable& c = std::get<0>(GetParam());
  const std::size_t shard = std::get<1>(GetParam());
  TempDir tmp;
  const fs::path original = tmp / "original";
  c.prepare(original, tmp.path());
  auto args_for = [&](const fs::path& game) {
    auto args = with_game(c.args, game);
    for (auto& a : args) {
      if (a.rfind("WORK/", 0) == 0) a = (tmp / a.substr(5)).string();
    }
    return args;
  };
  // The game's files: the mail a command sends after its commit (rollback tells the players whose
  // orders it set aside) is the mail test's, which kills `mail` at every write; here its ledger
  // must only hold the messages, queued or sent.
  auto game_files = [](const fs::path& game) {
    Tree tree = snapshot_tree(game);
    std::erase_if(tree, [](const auto& entry) {
      return entry.first.rfind("mail", 0) == 0 || entry.first.rfind("outbox", 0) == 0;
    });
    return tree;
  };
  const Tree old_tree = game_files(original);
  const fs::path finished = tmp / "finished";
  fs::copy(original, finished, fs::copy_options::recursive);
  const auto points = kill_points(args_for(finished), tmp / "trace");
  const Tree new_tree = game_files(finished);
  ASSERT_NE(old_tree, new_tree);
  ASSERT_GT(points.size(), 3u);

  int tried = 0, as_old = 0, as_new = 0;
  const auto step = static_cast<std::size_t>(stride());
  for (std::size_t i = shard * step; i < points.size(); i += kShards * step) {
    const fs::path game = tmp / ("kill" + std::to_string(i));
    fs::copy(original, game, fs::copy_options::recursive);
    EXPECT_TRUE(run_killed_at(args_for(game), points[i]))
        << points[i].syscall << " #" << points[i].invocation;
    const Outcome recovered = run({"status", game.string()});  // a reader: it recovers first
    ASSERT_EQ(recovered.status, 0) << recovered.err;
    const Tree tree = game_files(game);
    if (tree == new_tree && c.name == "rollback") {
      const std::string ledger = read_text(game / "mail/sent.yaml");
      EXPECT_NE(ledger.find("set-aside"), std::string::npos) << "the notices are never lost";
    }
    ++tried;
    if (tree == old_tree)
      ++as_old;
    else if (tree == new_tree)
      ++as_new;
    else
      ADD_FAILURE() << c.name << " killed at " << points[i].syscall << " #" << points[i].invocation
                    << " left a mix of the old and the new game";
    fs::remove_all(game);
  }
  EXPECT_GT(tried, 0);
  std::cout << c.name << " shard " << shard << ": killed at " << tried << " of " << points.size()
            << " writes; " << as_old << " old, " << as_new << " new, " << tried - as_old - as_new
            << " broken\n";
}

INSTANTIATE_TEST_SUITE_P(Commands, CrashAtEveryWrite,
                         ::testing::Combine(::testing::ValuesIn(crashables()),
                                            ::testing::Range<std::size_t>(0, kShards)),
                         [](const auto& param_info) {
                           return std::get<0>(param_info.param).name + "_shard" +
                                  std::to_string(std::get<1>(param_info.param));
                         });

TEST(Crash, KilledAtRandomMomentsAResolveLeavesTheOldOrTheNewGame) {
  TempDir tmp;
  const fs::path original = tmp / "original";
  all_orders(original, tmp.path());
  const Tree old_tree = snapshot_tree(original);
  fs::copy(original, tmp / "finished", fs::copy_options::recursive);
  const auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(run({"resolve", (tmp / "finished").string()}).status, 0);
  const auto took = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::steady_clock::now() - start);
  const Tree new_tree = snapshot_tree(tmp / "finished");
  // Seeded, so a failure can be repeated; the delays only choose where the kill lands, and every
  // landing must give the old or the new game.
  std::uint64_t x = 0x9E3779B97F4A7C15ull;
  const int kills = 20 / stride() + 2;
  int as_old = 0, as_new = 0;
  for (int i = 0; i < kills; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    const fs::path game = tmp / ("kill" + std::to_string(i));
    fs::copy(original, game, fs::copy_options::recursive);
    auto proc = testing::start_wallenstein({"resolve", game.string()});
    std::this_thread::sleep_for(std::chrono::microseconds(
        static_cast<long long>(x % static_cast<std::uint64_t>(took.count() + 1))));
    ::kill(proc->pid(), SIGKILL);
    proc->wait();
    ASSERT_EQ(run({"status", game.string()}).status, 0);
    const Tree tree = snapshot_tree(game);
    if (tree == old_tree)
      ++as_old;
    else if (tree == new_tree)
      ++as_new;
    else
      ADD_FAILURE() << "kill " << i << " left a mix of the old and the new game";
    fs::remove_all(game);
  }
  std::cout << "resolve killed at random moments: " << kills << " kills, " << as_old << " old, "
            << as_new << " new\n";
}

/// Message-IDs per recipient in a Maildir (aiosmtpd writes X-RcptTo).
std::map<std::string, std::multiset<std::string>> delivered(const fs::path& maildir) {
  std::map<std::string, std::multiset<std::string>> out;
  if (!fs::exists(maildir / "new")) return out;
  for (const auto& entry : fs::directory_iterator(maildir / "new")) {
    const std::string text = read_text(entry.path());
    std::smatch to, id;
    std::regex_search(text, to, std::regex("X-RcptTo: ([^\r\n]+)"));
    std::regex_search(text, id, std::regex("Message-ID: ([^\r\n]+)"));
    out[to[1]].insert(id[1]);
  }
  return out;
}

/// The mail command's kill points are many (every message, every ledger line): more shards.
constexpr std::size_t kMailShards = 4;

class MailKilledAtEveryWrite : public ::testing::TestWithParam<std::size_t> {};

TEST_P(MailKilledAtEveryWrite, LosesNothingAndSendsNothingTwice) {
  const std::size_t shard = GetParam();
  TempDir tmp;
  const fs::path original = tmp / "original";
  ASSERT_EQ(testing::new_game(original, 3).status, 0);
  ASSERT_EQ(run({"resolve", original.string(), "--force"}).status, 0);
  testing::SmtpServer counting((tmp / "count-maildir").string());
  fs::copy(original, tmp / "traced", fs::copy_options::recursive);
  const auto points =
      kill_points({"mail", (tmp / "traced").string(), "--smtp", counting.url()}, tmp / "trace");
  ASSERT_GT(points.size(), 10u);
  // One server for every kill: each rerun has finished (every message answered) before its
  // deliveries are counted and cleared.
  const fs::path maildir = tmp / "maildir";
  testing::SmtpServer server(maildir.string());
  int tried = 0, copies = 0;
  const auto step = static_cast<std::size_t>(stride());
  for (std::size_t i = shard * step; i < points.size(); i += kMailShards * step) {
    const fs::path game = tmp / ("kill" + std::to_string(i));
    fs::copy(original, game, fs::copy_options::recursive);
    run_killed_at({"mail", game.string(), "--smtp", server.url()}, points[i]);
    const Outcome rerun = run({"mail", game.string(), "--smtp", server.url()});
    ASSERT_EQ(rerun.status, 0) << rerun.out << rerun.err;
    const auto got = delivered(maildir);
    for (const auto& entry : fs::directory_iterator(maildir / "new")) fs::remove(entry.path());
    ++tried;
    ASSERT_EQ(got.size(), 3u) << "every player got the report (kill at " << points[i].syscall
                              << " #" << points[i].invocation << ")";
    for (const auto& [to, ids] : got) {
      EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), 1u)
          << to << " got two different messages for one report";
      copies += static_cast<int>(ids.size()) - 1;
    }
    const std::string ledger = read_text(game / "mail/sent.yaml");
    EXPECT_EQ(ledger.find("state: pending"), std::string::npos) << ledger;
    fs::remove_all(game);
  }
  // A kill between the server's 250 and the ledger's "sent" resends the same Message-ID, which
  // mail readers drop (interfaces 7): the only copies there may be.
  EXPECT_GT(tried, 0);
  std::cout << "mail shard " << shard << ": killed at " << tried << " of " << points.size()
            << " writes; 0 lost, 0 different messages, " << copies
            << " resent with the same Message-ID\n";
}

INSTANTIATE_TEST_SUITE_P(Crash, MailKilledAtEveryWrite,
                         ::testing::Range<std::size_t>(0, kMailShards), [](const auto& param_info) {
                           return "shard" + std::to_string(param_info.param);
                         });

}  // namespace
}  // namespace wallenstein
