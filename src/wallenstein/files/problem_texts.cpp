#include "wallenstein/files/problem_texts.hpp"

#include <algorithm>
#include <cereal/types/map.hpp>
#include <cereal/types/string.hpp>
#include <span>
#include <string_view>
#include <variant>

#include "pbem/files/files.hpp"
#include "pbem/files/kept.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/text/text.hpp"
#include "wallenstein/files/cereal_body.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::report {
namespace fs = std::filesystem;
namespace {

using pbem::Data;

/// Every name a problem's message may show.
std::vector<std::string_view> value_names() {
  std::vector<std::string_view> names;
  names.reserve(static_cast<std::size_t>(kProblemArgCount));
  for (int i = 0; i < kProblemArgCount; ++i)
    names.push_back(problem_arg_key(static_cast<ProblemArg>(i)));
  return names;
}

constexpr std::array<std::string_view, 0> kNone = {};
constexpr std::array<std::string_view, 1> kKey = {"key"};
constexpr std::array<std::string_view, 1> kBids = {"bids"};
constexpr std::array<std::string_view, 1> kCubes = {"cubes"};
constexpr std::array<std::string_view, 1> kLeaders = {"leaders"};
constexpr std::array<std::string_view, 1> kLine = {"line"};
constexpr std::array<std::string_view, 1> kLimit = {"limit"};
constexpr std::array<std::string_view, 1> kPlayer = {"player"};
constexpr std::array<std::string_view, 3> kModule = {"key", "module", "module_id"};
constexpr std::array<std::string_view, 4> kDefence = {"province", "cubes", "written", "scalar"};

/// The messages of `shapes:` and the values each may show (templates/README.md lists them).
constexpr std::array<pbem::MessageSpec, 46> kShapes = {{
    {"not_an_order_file", kBids},
    {"module_not_played", kModule},
    {"draft_is_over", kNone},
    {"no_bids", kKey},
    {"in_the_order_file", kNone},
    {"hint_game", kNone},
    {"hint_player", kNone},
    {"hint_season", kNone},
    {"hint_actions", kNone},
    {"hint_bid", kNone},
    {"landsknechte_shape", kNone},
    {"entry_what", kKey},
    {"missing_action", kKey},
    {"action_shape", kKey},
    {"battle_uses_target", kKey},
    {"army1_uses_move_to", kNone},
    {"place_is_army1s", kKey},
    {"hint_province", kNone},
    {"armies_what", kNone},
    {"leader_shape", kNone},
    {"court_shape", kNone},
    {"favours_shape", kNone},
    {"in_a_favour", kNone},
    {"hint_card", kNone},
    {"card_what", kNone},
    {"favour_province_what", kNone},
    {"cancel_shape", kNone},
    {"cancel_entry_what", kNone},
    {"defend_with_shape", kCubes},
    {"defend_with_province_what", kNone},
    {"defend_with_value", kDefence},
    {"draft_file_shape", kNone},
    {"after_the_draft", kKey},
    {"in_the_draft_file", kNone},
    {"hint_draft_season", kNone},
    {"hint_draft", kNone},
    {"draft_shape", kLeaders},
    {"in_a_draft_entry", kNone},
    {"draft_leader_without_province", kNone},
    {"draft_province_what", kNone},
    {"army_group_what", kNone},
    {"mail_text_above", kLine},
    {"tab_indent", kNone},
    {"wrong_token", kPlayer},
    {"token_line", kNone},
    {"order_too_long", kLimit},
}};

/// A catalogue file, read whole (none is near 1 MB).
pbem::SourceFile read_catalogue(const fs::path& file) { return read_source(file, 1 << 20); }

/// The two files of one layer of catalogues, read once: a key digests them, and they are what is
/// parsed, so a file changed meanwhile cannot be kept under the other's key.
struct CatalogueFiles {
  pbem::SourceFile problems;
  pbem::SourceFile yaml_words;
};

CatalogueFiles read_catalogues(const fs::path& problems, const fs::path& yaml_words) {
  return {read_catalogue(problems), read_catalogue(yaml_words)};
}

// The catalogues' types are no aggregates (their fields are private): their sizes change when a
// field is added, which then goes into their `serialize` too (a bool after YamlWords' last one
// would hide in padding; the round-trip tests compare every field of the shipped catalogues).
static_assert(sizeof(pbem::ListWords) == 128 && sizeof(pbem::Wording) == 48);
static_assert(sizeof(pbem::YamlWords) == 184 && sizeof(ProblemTexts) == 408);

/// Kept catalogues: 2 KB each, in the languages of the games one host runs.
constexpr pbem::KeptKind kCatalogues{"catalogues", ".catalogue", "wallenstein kept catalogue 1\n",
                                     32, 1 << 20};

/// The key of the catalogues parsed from `layers`: the build ids (the program compiles the English
/// words in and says what a catalogue must hold), and each layer's bytes in order. None when the
/// program has no build id.
std::optional<std::string> catalogues_key(const std::vector<CatalogueFiles>& layers) {
  std::optional<pbem::KeyDigest> key = pbem::begin_key(kCatalogues);
  if (!key) return std::nullopt;
  key->add_piece(std::to_string(layers.size()));
  for (const CatalogueFiles& layer : layers)
    key->add_piece(layer.problems.text).add_piece(layer.yaml_words.text);
  return key->hex();
}

}  // namespace

ProblemTexts ProblemTexts::load(const fs::path& problems_file, const fs::path& yaml_words_file,
                                const ProblemTexts* underlay) {
  return parse(read_catalogue(problems_file), read_catalogue(yaml_words_file), underlay);
}

ProblemTexts ProblemTexts::parse(pbem::SourceFile problems_file, pbem::SourceFile yaml_words,
                                 const ProblemTexts* underlay) {
  const YamlFile yaml = YamlFile::parse(std::move(problems_file));
  YamlReader r(yaml);
  const YAML::Node& root = yaml.root();
  if (!r.expect_map(root, "the problem catalogue")) r.throw_if_errors();
  constexpr std::array<std::string_view, 3> kSections = {"lists", "problems", "shapes"};
  r.check_keys(root, kSections, "the problem catalogue");
  ProblemTexts texts;
  // A section is required, unless the underlay has it (a catalogue made for an older program).
  const auto section = [&](std::string_view key, std::string_view hint) {
    return pbem::catalogue_section(r, root, key, hint, underlay != nullptr);
  };
  if (const auto lists = section("lists", "the words that join lists")) {
    texts.lists_ = pbem::ListWords::read(r, *lists, underlay ? &underlay->lists_ : nullptr);
  }
  if (const auto problems = section("problems", "one message per problem")) {
    // A problem's message may show any value (templates/README.md lists those each one has).
    const std::vector<std::string_view> values = value_names();
    std::vector<pbem::MessageSpec> messages;
    messages.reserve(kAllProblemKinds.size());
    for (ProblemKind kind : kAllProblemKinds) messages.push_back({problem_key(kind), values});
    texts.problems_ = pbem::Wording::read(r, *problems, "problems", messages,
                                          underlay ? &underlay->problems_ : nullptr);
  }
  if (const auto shapes = section("shapes", "what is said of an order file's shape")) {
    texts.shapes_ =
        pbem::Wording::read(r, *shapes, "shapes", kShapes, underlay ? &underlay->shapes_ : nullptr);
  }
  r.throw_if_errors();
  texts.yaml_words_ = pbem::YamlWords::from_source(std::move(yaml_words));
  return texts;
}

ProblemTexts ProblemTexts::load_directory(const fs::path& templates_dir,
                                          const fs::path& underlay_dir,
                                          const std::optional<fs::path>& cache) {
  std::vector<CatalogueFiles> layers;  // the underlay first
  if (underlay_dir.empty() || fs::equivalent(templates_dir, underlay_dir)) {
    layers.push_back(
        read_catalogues(problem_texts_file(templates_dir), pbem::yaml_words_file(templates_dir)));
  } else {
    const fs::path installed_problems = problem_texts_file(underlay_dir);
    const fs::path installed_words = pbem::yaml_words_file(underlay_dir);
    layers.push_back(read_catalogues(installed_problems, installed_words));
    const auto own = [&](const fs::path& file, const fs::path& installed_file) {
      return fs::exists(file) ? file : installed_file;
    };
    layers.push_back(read_catalogues(own(problem_texts_file(templates_dir), installed_problems),
                                     own(pbem::yaml_words_file(templates_dir), installed_words)));
  }
  const std::optional<std::string> key = cache ? catalogues_key(layers) : std::nullopt;
  if (key) {
    if (auto kept = read_kept_value<ProblemTexts>(*cache, kCatalogues, *key))
      return std::move(*kept);
  }
  std::optional<ProblemTexts> texts;  // each layer over the one before
  for (CatalogueFiles& layer : layers) {
    ProblemTexts read =
        parse(std::move(layer.problems), std::move(layer.yaml_words), texts ? &*texts : nullptr);
    texts = std::move(read);
  }
  if (key) pbem::keep(*cache, kCatalogues, *key, cereal_body(*texts));
  return std::move(*texts);
}

std::string ProblemTexts::render(const Problem& problem, const Ruleset& rules) const {
  Data data;
  for (const auto& [name, value] : problem.arguments) {
    const std::string key(problem_arg_key(name));
    if (const auto* text = std::get_if<std::string>(&value)) {
      data.set(key, *text);
    } else if (const auto* number = std::get_if<int>(&value)) {
      pbem::set_number(data, key, *number);
    } else if (const auto* flag = std::get_if<bool>(&value)) {
      data.set(key, *flag);
    } else if (const auto* province = std::get_if<ProvinceId>(&value)) {
      data.set(key, rules.province(*province).name);
    } else if (const auto* action = std::get_if<Action>(&value)) {
      data.set(key, rules.action(*action).id);
    } else if (const auto* texts = std::get_if<std::vector<std::string>>(&value)) {
      lists_.set_list(data, key, *texts);
    } else if (const auto* provinces = std::get_if<std::vector<ProvinceId>>(&value)) {
      std::vector<std::string> names;
      for (ProvinceId id : *provinces) names.push_back(rules.province(id).name);
      lists_.set_list(data, key, names);
    }
  }
  return problems_.say(problem_key(problem.kind), data);
}

fs::path problem_texts_file(const fs::path& templates_dir) {
  return templates_dir / "text" / "problems.yaml";
}

}  // namespace wallenstein::report
