//===- StaleSetTest.cpp - What the host lacks of a held array -------------===//

#include "loop2cuda_stale.h"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

using l2c::detail::StaleSet;

namespace {

using Copy = std::tuple<size_t, size_t, size_t>; // start, width, height

std::vector<Copy> take(StaleSet &S, size_t R0, size_t R1, size_t Lo,
                       size_t Hi) {
  std::vector<Copy> Out;
  S.take(R0, R1, Lo, Hi, [&](size_t Start, size_t Width, size_t Height) {
    Out.emplace_back(Start, Width, Height);
  });
  return Out;
}

// lu's host part on an 8x8 array of 8-byte elements (pitch 64): step i
// reads rows 0..i, columns 0..i-1, after the kernel of step i-1 wrote row
// i-1, columns i-1..7. Each step brings back only column i-1 of rows
// 0..i-1, in one copy.
TEST(StaleSet, LuBringsOneColumnAStep) {
  StaleSet S;
  for (size_t I = 1; I < 8; ++I) {
    ASSERT_TRUE(S.add(64, I - 1, I - 1, (I - 1) * 8, 64));
    auto C = take(S, 0, I, 0, I * 8);
    ASSERT_EQ(C.size(), 1u) << "step " << I;
    EXPECT_EQ(C[0], Copy((I - 1) * 8, 8, I)) << "step " << I;
  }
  // Left: columns 7.. of rows 0..6 (the last kernel wrote row 6, 6..7;
  // the last step took column 6).
  EXPECT_EQ(S.end(), 6 * 64 + 64u);
  auto C = take(S, 0, 7, 0, 64);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0], Copy(7 * 8, 8, 7));
  EXPECT_TRUE(S.empty());
}

TEST(StaleSet, RunsSplitWhereRangesDiffer) {
  StaleSet S;
  S.add(100, 0, 1, 10, 20);
  S.add(100, 2, 2, 30, 40);
  S.add(100, 4, 5, 10, 20);
  auto C = take(S, 0, 9, 0, 100);
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0], Copy(10, 10, 2));
  EXPECT_EQ(C[1], Copy(230, 10, 1));
  EXPECT_EQ(C[2], Copy(410, 10, 2));
  EXPECT_TRUE(S.empty());
}

// Taking a prefix or a suffix of a row's range leaves the rest; taking
// its middle keeps the whole range (more than the truth, never less).
TEST(StaleSet, TakesPrefixSuffixNotMiddle) {
  StaleSet S;
  S.add(100, 0, 0, 10, 50);
  EXPECT_EQ(take(S, 0, 0, 0, 20), std::vector<Copy>{Copy(10, 10, 1)});
  EXPECT_EQ(take(S, 0, 0, 40, 100), std::vector<Copy>{Copy(40, 10, 1)});
  EXPECT_EQ(take(S, 0, 0, 25, 30), std::vector<Copy>{Copy(25, 5, 1)});
  EXPECT_EQ(take(S, 0, 0, 0, 100), std::vector<Copy>{Copy(20, 20, 1)});
  EXPECT_TRUE(S.empty());
}

TEST(StaleSet, AddTakesTheHull) {
  StaleSet S;
  S.add(100, 3, 3, 10, 20);
  S.add(100, 3, 3, 50, 60);
  EXPECT_EQ(take(S, 3, 3, 0, 100), std::vector<Copy>{Copy(310, 50, 1)});
}

TEST(StaleSet, FlatArraysAreOneRow) {
  StaleSet S;
  ASSERT_TRUE(S.add(0, 0, 0, 800, 1600));
  EXPECT_EQ(S.end(), 1600u);
  EXPECT_EQ(take(S, 0, 0, 0, 1000), std::vector<Copy>{Copy(800, 200, 1)});
  EXPECT_EQ(S.end(), 1600u);
}

TEST(StaleSet, PitchesMustAgree) {
  StaleSet S, T;
  ASSERT_TRUE(S.add(64, 0, 0, 0, 8));
  EXPECT_FALSE(S.add(0, 0, 0, 0, 8));
  EXPECT_FALSE(S.fits(32));
  ASSERT_TRUE(T.add(32, 1, 1, 0, 8));
  EXPECT_FALSE(S.add(T));
  EXPECT_EQ(S.end(), 8u); // unchanged
  // A range past the row is cut at the pitch.
  ASSERT_TRUE(S.add(64, 1, 1, 56, 80));
  EXPECT_EQ(S.end(), 64 + 64u);
}

TEST(StaleSet, EmptyBoxesAddNothing) {
  StaleSet S;
  EXPECT_TRUE(S.add(64, 3, 2, 0, 8));
  EXPECT_TRUE(S.add(64, 0, 0, 8, 8));
  EXPECT_TRUE(S.empty());
  EXPECT_TRUE(S.fits(128)); // an empty set takes any pitch
}

} // namespace
