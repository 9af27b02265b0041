#include "core/text.hpp"

#include <gtest/gtest.h>

namespace wallenstein {
namespace {

TEST(NameKeys, FoldUmlautsBothWays) {
  EXPECT_EQ(name_keys("Lüneburg"), (std::vector<std::string>{"lueneburg", "luneburg"}));
  EXPECT_EQ(name_keys("Lueneburg"), (std::vector<std::string>{"lueneburg"}));
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

}  // namespace
}  // namespace wallenstein
