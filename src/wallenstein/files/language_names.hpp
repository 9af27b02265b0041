#pragma once

#include "pbem/files/language.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

/// The sections of a language's words.yaml that name the game's things by id: `modules` (the
/// title of an edition or expansion), `actions` (`name`, and `short` where the data has one),
/// `events` (`name` and `text`), `tiles` (a name, or `{name, short}`: `short` on the map), `map`
/// (the map's labels, read by the map's style) and `colours` (the words of the players' usual ids,
/// red, blue..., as cubes are counted by them: a word, or `{name, plural}`).
inline constexpr std::string_view kNameSections[] = {"modules", "actions", "events",
                                                     "tiles",   "map",     "colours"};

/// `rules` with the names players read in `words`' language: English (no sections) leaves them as
/// the data has them. A section or an id that the data lacks, or a name this game needs that the
/// file lacks, is an InputError at its line and column.
Ruleset in_language(const Ruleset& rules, const pbem::LanguageWords& words);

/// A player's id as the language names its colour (`colours`: red → rouge, for the cubes thrown
/// and the map's panel); an id without a word, and every id in English, as it is.
std::string colour_name(const pbem::LanguageWords& words, const std::string& id);
/// The same word for more than one cube: an entry `{name: rouge, plural: rouges}` gives it, a
/// plain word (`orange`, invariable in French) is its own plural.
std::string colour_plural(const pbem::LanguageWords& words, const std::string& id);

}  // namespace wallenstein
