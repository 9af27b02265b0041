#include "pbem/text/text.hpp"

#include <gtest/gtest.h>

#include "wallenstein/pbem.hpp"

namespace wallenstein {
namespace {

TEST(NameKeys, FoldUmlautsBothWays) {
  EXPECT_EQ(name_keys("Lüneburg"), (std::vector<std::string>{"lueneburg", "luneburg"}));
  EXPECT_EQ(name_keys("Lueneburg"), (std::vector<std::string>{"lueneburg"}));
}

TEST(NameKeys, ALetterAndItsAccentWrittenApartAreTheAccentedLetter) {
  // Unicode NFD, as text copied on macOS often is: "o" + U+0308 for "ö", "e" + U+0301 for "é".
  EXPECT_EQ(name_keys("Obero\xCC\x88sterreich"), name_keys("Oberösterreich"));
  EXPECT_EQ(name_keys("Lu\xCC\x88neburg"), name_keys("Lüneburg"));
  EXPECT_EQ(name_keys("Lie\xCC\x81ge"), name_keys("Liége"));
  EXPECT_EQ(name_keys("o\xCC\x88"), (std::vector<std::string>{"oe", "o"}));
}

TEST(NameKeys, IgnoreCasePunctuationAndSpacing) {
  EXPECT_EQ(name_keys("Gft. Mark"), name_keys("gft_mark"));
  EXPECT_EQ(name_keys("  Hessen-Darmstadt "), name_keys("hessen darmstadt"));
  EXPECT_EQ(name_keys("STRAßBURG").back(), "strassburg");
}

TEST(EditDistance, CountsInsertionsDeletionsAndSubstitutions) {
  EXPECT_EQ(edit_distance("lunebrug", "luneburg"), 2);
  EXPECT_EQ(edit_distance("", "abc"), 3);
  EXPECT_EQ(edit_distance("same", "same"), 0);
}

TEST(Suggestions, AllowAThirdOfTheWordInEditsAtLeastTwoAndAtMostFour) {
  EXPECT_EQ(suggestion_distance(3), 2);
  EXPECT_EQ(suggestion_distance(9), 3);
  EXPECT_EQ(suggestion_distance(20), 4);
  EXPECT_EQ(suggestion_distance(5000), 4);
}

TEST(Suggestions, NameTheClosestCandidateIgnoringCaseAndNothingWhenNoneIsClose) {
  const std::vector<std::string_view> keys = {"battle_a", "battle_b", "grain", "taxes"};
  EXPECT_EQ(nearest_name("battle_B", keys), "battle_b");
  EXPECT_EQ(nearest_name("grian", keys), "grain");
  EXPECT_EQ(nearest_name("palace", keys), "");
  EXPECT_EQ(nearest_name("", keys), "");
}

TEST(Suggestions, RankEveryCloseCandidateClosestFirstTiesInTheirOrder) {
  const std::vector<std::string_view> words = {"taxis", "tax", "taxes", "wax"};
  const std::vector<Nearness> ranked = rank_nearest("taxe", words);
  std::vector<std::string_view> names;
  names.reserve(ranked.size());
  for (const Nearness& n : ranked) names.push_back(words[n.index]);
  EXPECT_EQ(names, (std::vector<std::string_view>{"tax", "taxes", "taxis", "wax"}));
  EXPECT_EQ(ranked.front().distance, 1);
}

}  // namespace
}  // namespace wallenstein
