#include "wallenstein/files/problem_texts.hpp"

#include <algorithm>
#include <span>
#include <string_view>
#include <variant>

#include "pbem/files/files.hpp"
#include "pbem/files/yaml_file.hpp"
#include "pbem/text/text.hpp"
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

/// The messages of `shapes:` and the values they may show.
constexpr std::array<std::string_view, 45> kShapes = {"not_an_order_file",
                                                      "module_not_played",
                                                      "draft_is_over",
                                                      "no_bids",
                                                      "in_the_order_file",
                                                      "hint_game",
                                                      "hint_player",
                                                      "hint_season",
                                                      "hint_actions",
                                                      "hint_bid",
                                                      "landsknechte_shape",
                                                      "entry_what",
                                                      "missing_action",
                                                      "action_shape",
                                                      "battle_uses_target",
                                                      "army1_uses_move_to",
                                                      "place_is_army1s",
                                                      "hint_province",
                                                      "armies_what",
                                                      "leader_shape",
                                                      "court_shape",
                                                      "favours_shape",
                                                      "in_a_favour",
                                                      "hint_card",
                                                      "card_what",
                                                      "favour_province_what",
                                                      "cancel_shape",
                                                      "cancel_entry_what",
                                                      "defend_with_shape",
                                                      "defend_with_province_what",
                                                      "defend_with_value",
                                                      "draft_file_shape",
                                                      "after_the_draft",
                                                      "in_the_draft_file",
                                                      "hint_draft_season",
                                                      "hint_draft",
                                                      "draft_shape",
                                                      "in_a_draft_entry",
                                                      "draft_leader_without_province",
                                                      "draft_province_what",
                                                      "army_group_what",
                                                      "mail_text_above",
                                                      "tab_indent",
                                                      "wrong_token",
                                                      "token_line"};
constexpr std::array<std::string_view, 11> kShapeValues = {
    "key",      "module",  "module_id", "bids", "leaders", "cubes",
    "province", "written", "scalar",    "line", "player"};

}  // namespace

ProblemTexts ProblemTexts::load(const fs::path& problems_file, const fs::path& yaml_words_file,
                                const ProblemTexts* underlay) {
  const YamlFile yaml = YamlFile::parse(read_source(problems_file, 1 << 20));
  YamlReader r(yaml);
  const YAML::Node& root = yaml.root();
  if (!r.expect_map(root, "the problem catalogue")) r.throw_if_errors();
  constexpr std::array<std::string_view, 3> kSections = {"lists", "problems", "shapes"};
  r.check_keys(root, kSections, "the problem catalogue");
  ProblemTexts texts;
  // A section is required, unless the underlay has it (a catalogue made for an older program).
  const auto section = [&](std::string_view key,
                           std::string_view hint) -> std::optional<YAML::Node> {
    if (underlay && !root[std::string(key)].IsDefined()) return YAML::Node(YAML::NodeType::Map);
    return r.require(root, key, hint);
  };
  if (const auto lists = r.require(root, "lists", "the words that join lists")) {
    texts.lists_ = pbem::ListWords::read(r, *lists);
  }
  if (const auto problems = section("problems", "one message per problem")) {
    std::vector<std::string_view> ids;
    ids.reserve(kAllProblemKinds.size());
    for (ProblemKind kind : kAllProblemKinds) ids.push_back(problem_key(kind));
    texts.problems_ = pbem::Wording::read(r, *problems, "problems", ids, value_names(),
                                          underlay ? &underlay->problems_ : nullptr);
  }
  if (const auto shapes = section("shapes", "what is said of an order file's shape")) {
    texts.shapes_ = pbem::Wording::read(r, *shapes, "shapes", kShapes, kShapeValues,
                                        underlay ? &underlay->shapes_ : nullptr);
  }
  r.throw_if_errors();
  texts.yaml_words_ = pbem::YamlWords::load(yaml_words_file);
  return texts;
}

ProblemTexts ProblemTexts::load_directory(const fs::path& templates_dir,
                                          const fs::path& underlay_dir) {
  if (underlay_dir.empty() || fs::equivalent(templates_dir, underlay_dir)) {
    return load(problem_texts_file(templates_dir), pbem::yaml_words_file(templates_dir));
  }
  const ProblemTexts installed = load_directory(underlay_dir);
  const auto own = [&](const fs::path& file, const fs::path& installed_file) {
    return fs::exists(file) ? file : installed_file;
  };
  return load(own(problem_texts_file(templates_dir), problem_texts_file(underlay_dir)),
              own(pbem::yaml_words_file(templates_dir), pbem::yaml_words_file(underlay_dir)),
              &installed);
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
