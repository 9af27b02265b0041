#pragma once

#include <string>
#include <vector>

#include "pbem/files/site_folder.hpp"
#include "pbem/files/templates.hpp"
#include "wallenstein/host/game_directory.hpp"
#include "wallenstein/pbem.hpp"
#include "wallenstein/views/map/style.hpp"

namespace wallenstein {

/// What the published pages are made with besides the game.
struct SiteSetup {
  const Templates& templates;
  const map::MapStyle& style;
  std::string program;   ///< "wallenstein 0.3.0", in the pages' footer
  bool in_root = false;  ///< the game's folder sits in a site of every game (a link up to it)
};

/// The public pages of a game (interfaces 8), relative to its folder, in the game's language:
/// index.html (the game: players, the season open now, who has sent orders, standings, the map,
/// charts), seasons/<dir>.html and .png for each resolved season, charts/*.svg, style.css and
/// keys.js, and once the game is over <name>.tar.gz, what `verify` needs. Only what every player
/// may see goes in.
std::vector<pbem::SiteFile> public_site(const GameDirectory& game, const Ruleset& rules,
                                        const SiteSetup& setup);

/// The pages' style.css and keys.js (templates/site/), the same in every language unless a language
/// folder holds its own.
std::vector<pbem::SiteFile> site_assets(const Templates& templates);

/// The files of a finished game that `verify` needs, under the folder `<name>/`, and nothing
/// private: game.yaml without addresses, tokens and mail settings (an address reads
/// `<id>@players.invalid`), each season's state.yaml and log.yaml, the orders of the resolved
/// seasons without their tokens, and the first season's public report (which announced the
/// seed's commitment).
std::vector<pbem::SiteFile> verify_archive_files(const GameDirectory& game);

/// A game's line on the index of every game.
struct SiteEntry {
  std::string name;    ///< the game's name (game.yaml)
  std::string folder;  ///< its folder under the root, where its pages go

  bool finished = false;
  std::string season;   ///< the season open now (an id)
  std::string winners;  ///< finished: their names
  std::string leader;   ///< running: the name of the player with most VP
  int players = 0;
};
SiteEntry site_entry(const GameDirectory& game, const Ruleset& rules);

/// The index of every game under a root (`publish --root`), in the language of `templates`.
pbem::SiteFile root_index(const std::vector<SiteEntry>& games, const Templates& templates,
                          const std::string& program);

/// A fingerprint of what a game's site is made from (seasons, orders received, game.yaml, the
/// program): `tick` republishes when it changes.
std::string site_inputs(const GameDirectory& game, const std::string& program);

}  // namespace wallenstein
