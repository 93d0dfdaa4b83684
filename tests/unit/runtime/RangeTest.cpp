//===- RangeTest.cpp - l2c::range over pointers, C arrays and rows ---------===//
#include "loop2cuda_range.h"

#include <gtest/gtest.h>

namespace {

struct WithArray {
  double v[136];
};

/// An object that stands for rows behind row pointers (l2c::rowsOf).
struct Rows {
  double **R;
};

TEST(Range, PointersAndCArraysGiveTheirBytes) {
  static double A[136];
  static WithArray D;
  double M[4][8];
  const double *P = A;
  EXPECT_EQ(l2c::range(P, 136, true).Bytes, 136 * sizeof(double));
  EXPECT_EQ(l2c::range(P, 136, true).Lo, reinterpret_cast<const char *>(A));
  // A C array is not an object without a range (session 34's fuzzer find).
  EXPECT_EQ(l2c::range(A, 136, true).Bytes, 136 * sizeof(double));
  EXPECT_EQ(l2c::range(D.v, 136, false).Bytes, 136 * sizeof(double));
  EXPECT_EQ(l2c::range(D.v, 136, false).Lo,
            reinterpret_cast<const char *>(D.v));
  EXPECT_EQ(l2c::range(M, 4, true).Bytes, 4 * 8 * sizeof(double));
  EXPECT_EQ(l2c::range(P, 0, true).Bytes, 0u);
}

TEST(Range, RowObjectsGiveNone) {
  Rows R{nullptr};
  EXPECT_EQ(l2c::range(R, 4, true).Lo, nullptr);
  EXPECT_EQ(l2c::range(R, 4, true).Bytes, 0u);
}

} // namespace
