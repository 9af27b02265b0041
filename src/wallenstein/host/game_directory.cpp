#include "wallenstein/host/game_directory.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <system_error>

#include "pbem/files/diagnostic.hpp"
#include "pbem/files/files.hpp"
#include "pbem/host/timetable.hpp"
#include "wallenstein/files/kept_states.hpp"
#include "wallenstein/files/state_yaml.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace fs = std::filesystem;
namespace {

constexpr std::size_t kMaxGameYamlBytes = std::size_t{256} * 1024;

void refuse_symlink(const fs::path& path) {
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(path, ec))) {
    throw InputError(path.string(),
                     "is a symbolic link; the directories of a game must be real directories, "
                     "so that nothing is written outside the game");
  }
}

/// The directories the program writes into, none of which may be a symbolic link: a link would
/// let a write (an order, a report, a rollback) land anywhere the game master may write.
void refuse_symlinked_directories(const fs::path& root, const GameConfig& config) {
  for (const char* dir : {"seasons", "mail", ".rollback"}) refuse_symlink(root / dir);
  fs::path outbox = root;
  for (const auto& part : fs::path(config.mail.outbox)) refuse_symlink(outbox /= part);
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root / "seasons", ec)) {
    if (!parse_round_dir(entry.path())) continue;
    refuse_symlink(entry.path());
    for (const char* dir : {"orders", "reports"}) refuse_symlink(entry.path() / dir);
  }
}

/// What kind of thing `path` is when it is not the plain, readable file a game needs there (a
/// directory, a link, a pipe, unreadable), or empty when it is one. A missing file is "missing".
std::string not_a_plain_file(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return errno == ENOENT ? "missing" : "unreadable";
  if (S_ISLNK(st.st_mode)) return "a symbolic link";
  if (S_ISDIR(st.st_mode)) return "a directory";
  if (!S_ISREG(st.st_mode)) return "not a regular file";
  if (::access(path.c_str(), R_OK) != 0) return "unreadable (its permissions)";
  if (st.st_size == 0) return "empty";
  return {};
}

/// Every season holds its state as a plain file, and every order file is one: a season directory
/// whose state is missing would make the game look as if it were back at an earlier season, and
/// a link or an unreadable file among the orders would be counted as orders submitted.
void check_season_files(const std::vector<SeasonDir>& seasons, const GameConfig& config) {
  for (std::size_t i = 0; i < seasons.size(); ++i) {
    const SeasonDir& season = seasons[i];
    if (const std::string what = not_a_plain_file(season.state_file()); !what.empty()) {
      std::string message = "is " + what + "; every season directory holds its state.yaml";
      if (i + 1 < seasons.size())
        message += ", and seasons up to " + seasons.back().path.filename().string() + " exist";
      throw InputError(season.state_file().string(),
                       message + ": the game is damaged; restore the file from a backup");
    }
    for (const auto& player : config.players) {
      const fs::path orders = season.orders_file(player.id);
      if (const std::string what = not_a_plain_file(orders); !what.empty() && what != "missing") {
        throw InputError(orders.string(),
                         "is " + what +
                             "; an order file must be a plain file that the program can read "
                             "(remove it, and submit the orders again)");
      }
    }
  }
}

/// The game has seasons, and the last one is open: a resolved season (its log written, its
/// rollback bundle kept) is always followed by the one it published, so a last season with a log
/// means a season directory was lost, and the game must not look younger than it is.
void check_last_season(const fs::path& root, const std::vector<SeasonDir>& seasons) {
  std::error_code ec;
  if (fs::exists(root / "seasons", ec) && !fs::is_directory(root / "seasons", ec)) {
    throw InputError((root / "seasons").string(),
                     "is not a directory: the game is damaged; restore it from a backup");
  }
  if (seasons.empty()) {
    throw InputError((root / "seasons").string(),
                     "holds no season: the game is damaged; restore it from a backup");
  }
  const SeasonDir& last = seasons.back();
  char bundle[8];
  std::snprintf(bundle, sizeof bundle, "%02d", last.index);
  const bool resolved = fs::exists(fs::symlink_status(last.log_file(), ec)) ||
                        fs::exists(root / ".rollback" / bundle, ec);
  if (resolved) {
    throw InputError(last.path.string(),
                     "was resolved (its log or rollback bundle is there), but the season it opened "
                     "is missing: the game is damaged; restore the season from a backup");
  }
}

}  // namespace

GameDirectory GameDirectory::open(const fs::path& root, std::optional<fs::path> cache) {
  if (!fs::is_directory(root))
    throw InputError(root.string(), "not a game directory (no such directory)");
  const fs::path game = root / "game.yaml";
  if (!fs::exists(game))
    throw InputError(root.string(), "not a game directory: game.yaml is missing");
  GameConfig config = read_game_config(read_source(game, kMaxGameYamlBytes), true);
  refuse_symlinked_directories(root, config);
  GameDirectory opened(root, std::move(config), std::move(cache));
  // The last season is the one being planned and each one's next is found by number, so a gap
  // or a number used twice would make commands pick the wrong season.
  // A draft game starts with the draft, season 00 (rules 2.2).
  const auto all = opened.seasons();
  const std::size_t first = opened.config().setup == "draft" ? 0 : 1;
  if (!all.empty() && (all.front().index == 0) != (first == 0)) {
    // The seasons tell how the game started; a game keeps its setup (rules 2.2).
    throw InputError((root / "game.yaml").string(),
                     all.front().index == 0
                         ? "the game started with the draft (" +
                               all.front().path.filename().string() +
                               ") but game.yaml does not say setup: draft; a game keeps the setup "
                               "it was started with: put setup: draft back in game.yaml"
                         : "game.yaml says setup: draft but the game started with the standard "
                           "setup (" +
                               all.front().path.filename().string() +
                               "); a game keeps the setup it was started with: take setup: draft "
                               "out of game.yaml");
  }
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i].index == static_cast<int>(i + first)) continue;
    std::string expected = std::to_string(i + first);
    if (expected.size() < 2) expected.insert(0, "0");
    throw InputError(all[i].path.string(),
                     i > 0 && all[i].index == all[i - 1].index
                         ? "another season directory has the same number; each is used once"
                         : "season directory " + expected + " is missing; seasons are numbered " +
                               (first == 0 ? "00 (the draft), 01" : std::string("01")) +
                               ", 02, ... without gaps");
  }
  check_season_files(all, opened.config());
  check_last_season(root, all);
  return opened;
}

std::vector<SeasonDir> GameDirectory::seasons() const { return list_rounds(root_); }

SeasonDir GameDirectory::current() const {
  auto all = seasons();
  if (all.empty())
    throw InputError((root_ / "seasons").string(),
                     "no season found: the game directory is incomplete");
  return all.back();
}

SeasonDir GameDirectory::find(std::string_view which) const {
  auto all = seasons();
  for (const auto& s : all) {
    if (s.name == which || s.path.filename().string() == which) return s;
  }
  std::string list;
  for (const auto& s : all) list.append(list.empty() ? "" : ", ").append(s.name);
  throw InputError(root_.string(),
                   "no season \"" + std::string(which) + "\"; this game has " + list);
}

std::optional<SeasonDir> GameDirectory::next(const SeasonDir& season) const {
  for (const auto& s : seasons()) {
    if (s.index == season.index + 1) return s;
  }
  return std::nullopt;
}

GameState GameDirectory::load_state(const SeasonDir& season, const Ruleset& rules) const {
  StateOrigin origin{config_.name, {}, season.index, season.path.filename().string(), season.name};
  for (const auto& p : config_.players) origin.player_ids.push_back(p.id);
  return read_state_kept(read_source(season.state_file(), kMaxStateBytes), rules, &origin, cache_);
}

std::vector<std::string> GameDirectory::submitted(const SeasonDir& season) const {
  std::vector<std::string> out;
  for (const auto& p : config_.players) {
    if (fs::exists(season.orders_file(p.id))) out.push_back(p.id);
  }
  return out;
}

void create_game_directory(const fs::path& root, const GameConfig& config, const GameState& state,
                           const Ruleset& rules) {
  if (fs::exists(root) && (!fs::is_directory(root) || !fs::is_empty(root))) {
    throw InputError(root.string(),
                     "already exists and is not empty; a new game never overwrites anything");
  }
  const fs::path parent = fs::absolute(root).parent_path();
  fs::create_directories(parent);
  const fs::path staging =
      parent / ("." + root.filename().string() + ".new-" + std::to_string(::getpid()));
  fs::remove_all(staging);
  try {
    // Private to the game master: game.yaml holds the seed and the salt of the players' tokens,
    // state.yaml the hidden cards, orders/ what other players must not read.
    if (::mkdir(staging.c_str(), 0700) != 0)  // a planted link or folder is refused, not followed
      throw std::system_error(errno, std::generic_category(), "cannot create " + staging.string());
    const SeasonLabel label = season_label(rules, state.season_index);
    const fs::path season = staging / "seasons" / label.directory();
    fs::create_directories(season / "orders");
    write_atomic(staging / "game.yaml", write_game_config(config));
    write_atomic(season / "state.yaml", write_state(state, rules));
    rename_durable(staging, root);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(staging, ec);
    throw;
  }
}

}  // namespace wallenstein
