#include "wallenstein/rules/rules_version.hpp"

#include <gtest/gtest.h>

namespace wallenstein {
namespace {

TEST(RulesVersion, VersionOneHasNoneOfTheDecisionsD25ToD28) {
  const RuleChanges v1 = RuleChanges::for_version(1);
  EXPECT_FALSE(v1.bid_needs_a_spare_card);
  EXPECT_FALSE(v1.lost_card_leaves_its_actions);
  EXPECT_FALSE(v1.army1_may_only_move);
  EXPECT_FALSE(v1.armies_tile_is_a_right);
}

TEST(RulesVersion, VersionTwoHasEveryDecisionD25ToD28) {
  const RuleChanges v2 = RuleChanges::for_version(2);
  EXPECT_TRUE(v2.bid_needs_a_spare_card);
  EXPECT_TRUE(v2.lost_card_leaves_its_actions);
  EXPECT_TRUE(v2.army1_may_only_move);
  EXPECT_TRUE(v2.armies_tile_is_a_right);
}

TEST(RulesVersion, VersionTwoHasNoneOfTheDecisionsOfTheRulebooksAudit) {
  const RuleChanges v2 = RuleChanges::for_version(2);
  EXPECT_FALSE(v2.leader_moves_anywhere);
  EXPECT_FALSE(v2.leader_may_stay_beside);
  EXPECT_FALSE(v2.draft_places_leaders);
  EXPECT_FALSE(v2.draft_may_refresh);
  EXPECT_FALSE(v2.favour_one_is_a_choice);
  EXPECT_FALSE(v2.favour_for_its_own_sake);
  EXPECT_FALSE(v2.first_edition_peasants_hold);
}

TEST(RulesVersion, VersionThreeHasTheDecisionsOfTheRulebooksAudit) {
  const RuleChanges v3 = RuleChanges::for_version(3);
  EXPECT_TRUE(v3.armies_tile_is_a_right) << "and those of version 2";
  EXPECT_TRUE(v3.leader_moves_anywhere);
  EXPECT_TRUE(v3.leader_may_stay_beside);
  EXPECT_TRUE(v3.draft_places_leaders);
  EXPECT_TRUE(v3.draft_may_refresh);
  EXPECT_TRUE(v3.favour_one_is_a_choice);
  EXPECT_TRUE(v3.favour_for_its_own_sake);
  EXPECT_TRUE(v3.first_edition_peasants_hold);
}

TEST(RulesVersion, TheCurrentVersionIsThreeAndOnlyVersionsOneToThreeAreKnown) {
  EXPECT_EQ(kCurrentRulesVersion, 3);
  EXPECT_FALSE(known_rules_version(0));
  EXPECT_TRUE(known_rules_version(1));
  EXPECT_TRUE(known_rules_version(2));
  EXPECT_TRUE(known_rules_version(3));
  EXPECT_FALSE(known_rules_version(4));
}

TEST(RulesVersion, UpgradingFromTwoToThreeListsTheDecisionsOfTheRulebooksAudit) {
  const auto changes = rules_changes(2, 3);
  const std::vector<std::string_view> expected = {"D-45", "D-46", "D-48", "D-49",
                                                  "D-50", "D-51", "D-52"};
  ASSERT_EQ(changes.size(), expected.size());
  for (std::size_t i = 0; i < changes.size(); ++i) {
    EXPECT_EQ(changes[i].decision, expected[i]);
    EXPECT_EQ(changes[i].version, 3);
    EXPECT_FALSE(changes[i].summary.empty());
  }
  EXPECT_EQ(rules_changes(1, 3).size(), 4u + expected.size());
}

TEST(RulesVersion, UpgradingFromOneToTwoListsD25ToD28WithASummaryEach) {
  const auto changes = rules_changes(1, 2);
  ASSERT_EQ(changes.size(), 4u);
  const std::vector<std::string_view> expected = {"D-25", "D-26", "D-27", "D-28"};
  for (std::size_t i = 0; i < changes.size(); ++i) {
    EXPECT_EQ(changes[i].decision, expected[i]);
    EXPECT_EQ(changes[i].version, 2);
    EXPECT_FALSE(changes[i].summary.empty());
  }
  EXPECT_NE(changes[2].summary.find("place: false"), std::string_view::npos);
  EXPECT_TRUE(rules_changes(2, 2).empty());
  EXPECT_TRUE(rules_changes(1, 1).empty());
}

}  // namespace
}  // namespace wallenstein
