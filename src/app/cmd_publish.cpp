// publish: a game's public web pages (interfaces 8), and verify of the archive they offer.

#include "app/cmd_publish.hpp"

#include <stdlib.h>  // mkdtemp

#include <algorithm>
#include <ostream>

#include "app/command.hpp"
#include "app/game_roots.hpp"
#include "app/operations.hpp"
#include "app/season_context.hpp"
#include "pbem/files/digest.hpp"
#include "pbem/files/files.hpp"
#include "pbem/files/printable.hpp"
#include "pbem/files/site_folder.hpp"
#include "pbem/files/tar_gz.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/files/version.hpp"
#include "wallenstein/host/held_game.hpp"
#include "wallenstein/host/public_site.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/map/style.hpp"

namespace wallenstein::app {
namespace fs = std::filesystem;
namespace {

std::string program_name() { return std::string(kGameName) + " " + std::string(program_version()); }

/// The marker of a published folder: which program made it, from which inputs.
std::string marker_text(const std::string& inputs) {
  return "Made by `" + program_name() +
         " publish`, which replaces this whole folder.\ninputs: " + inputs + "\n";
}

/// One game's site, its files and what they were made from; the game is held (shared) meanwhile.
struct GameSite {
  std::vector<pbem::SiteFile> files;
  SiteEntry entry;
  std::string inputs;
};

GameSite build_site(const Invocation& in, const fs::path& dir, const Templates& templates,
                    const map::MapStyle& style, bool in_root) {
  const HeldGame held = wallenstein::hold_game(dir, LockMode::shared, in.wait(), "publish", in.err);
  const Ruleset rules = game_rules(in, held.game);
  GameSite site;
  site.files = public_site(held.game, rules, SiteSetup{templates, style, program_name(), in_root});
  site.entry = site_entry(held.game, rules);
  site.inputs = site_inputs(held.game, program_name());
  return site;
}

std::string said(const GameSite& site) {
  std::size_t pages = 0, charts = 0;
  bool archive = false;
  for (const auto& f : site.files) {
    pages += f.path.ends_with(".html");
    charts += f.path.ends_with(".svg");
    archive = archive || f.path.ends_with(".tar.gz");
  }
  return std::to_string(pages) + (pages == 1 ? " page, " : " pages, ") + std::to_string(charts) +
         (charts == 1 ? " chart" : " charts") + (archive ? ", the archive for verify" : "");
}

}  // namespace

Exit run_publish(const Invocation& in) {
  auto args =
      in.has("args") ? in.get<std::vector<std::string>>("args") : std::vector<std::string>();
  const bool root = in.has("root");
  if (args.size() != (root ? 1u : 2u))
    throw UsageError(
        root ? "give the folder to publish into: publish --root ROOT OUT"
             : "give the game directory and the folder to publish into: publish DIR OUT");
  if (!root && in.has("language"))
    throw UsageError(
        "--language is the language of --root's index of games; a game's own pages are in the "
        "game's language (game.yaml `language:`)");
  const fs::path out = args.back();
  const Templates templates = load_templates(in.templates_dir());
  const map::MapStyle style = map::load_map_style(in.data_dir());
  if (!root) {
    const fs::path dir = args.front();
    const GameSite site = build_site(in, dir, templates, style, false);
    replace_site_folder(out, site.files, marker_text(site.inputs));
    in.out << "Published " << printable(site.entry.name) << " into " << printable(out.string())
           << ": " << said(site) << ".\n";
    return Exit::ok;
  }
  // Every game under ROOT, each in its folder, with the index of them all.
  // The index's language first: a wrong one is said before any game is built.
  const std::string code = in.has("language") ? in.get<std::string>("language") : "en";
  const Templates index_templates = templates.in(code);
  std::vector<pbem::SiteFile> files;
  std::vector<SiteEntry> entries;
  std::string inputs;
  std::string lines;
  for (const fs::path& dir : game_dirs(in)) {
    GameSite site = build_site(in, dir, templates, style, true);
    site.entry.folder = dir.filename().string();
    for (auto& f : site.files)
      files.push_back({site.entry.folder + "/" + f.path, std::move(f.bytes)});
    entries.push_back(site.entry);
    inputs += site.inputs;
    lines += "  " + printable(site.entry.folder) + ": " + said(site) + "\n";
  }
  files.push_back(root_index(entries, index_templates, program_name()));
  for (auto& asset : site_assets(index_templates))
    if (asset.path == "style.css") files.push_back(std::move(asset));
  replace_site_folder(out, files, marker_text(sha256_hex(inputs)));
  in.out << lines << "Published " << entries.size() << (entries.size() == 1 ? " game" : " games")
         << " into " << printable(out.string()) << ".\n";
  return Exit::ok;
}

namespace {

/// game.yaml's `publish.dir` of a game, relative to the game's directory; empty when not asked.
fs::path publish_dir_of(const GameDirectory& game, const fs::path& dir) {
  fs::path out = game.config().publish_dir;
  if (!out.empty() && out.is_relative()) out = dir / out;
  return out;
}

}  // namespace

bool pages_stale(const fs::path& dir) {
  const GameDirectory game = GameDirectory::open(dir);
  const fs::path out = publish_dir_of(game, dir);
  return !out.empty() && site_marker(out) != marker_text(site_inputs(game, program_name()));
}

std::string republish_if_asked(const Invocation& in, const fs::path& dir) {
  const GameDirectory game = GameDirectory::open(dir);
  const fs::path out = publish_dir_of(game, dir);
  if (out.empty()) return {};
  if (site_marker(out) == marker_text(site_inputs(game, program_name()))) return {};
  const Templates templates = load_templates(in.templates_dir());
  const map::MapStyle style = map::load_map_style(in.data_dir());
  const GameSite site = build_site(in, dir, templates, style, false);
  replace_site_folder(out, site.files, marker_text(site.inputs));
  return "pages republished in " + printable(out.string());
}

UnpackedArchive::UnpackedArchive(const fs::path& archive) {
  // The archive may come from anywhere: read_tar_gz refuses links, climbing paths and bombs.
  const SourceFile bytes = read_source(archive, std::size_t{256} << 20);
  const auto files = pbem::read_tar_gz(archive.string(), bytes.text);
  std::string top;
  for (const auto& f : files) {
    const std::string first = f.path.substr(0, f.path.find('/'));
    if (f.path.find('/') == std::string::npos || (!top.empty() && first != top))
      throw InputError(archive.string(),
                       "is not a published game: every file must be in one folder (the game's), "
                       "but \"" +
                           printable(f.path) + "\" is not");
    top = first;
  }
  if (top.empty() || std::none_of(files.begin(), files.end(),
                                  [&](const auto& f) { return f.path == top + "/game.yaml"; }))
    throw InputError(archive.string(), "is not a published game: it holds no <game>/game.yaml");
  std::string pattern = (fs::temp_directory_path() / "wallenstein-verify-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr)
    throw std::runtime_error("cannot make a temporary folder in " +
                             fs::temp_directory_path().string());
  folder_ = pattern;
  for (const auto& f : files) {
    const fs::path target = folder_ / f.path;
    fs::create_directories(target.parent_path());
    write_atomic(target, f.bytes);
  }
  game_ = folder_ / top;
}

UnpackedArchive::~UnpackedArchive() {
  std::error_code ec;
  fs::remove_all(folder_, ec);
}

}  // namespace wallenstein::app
