//===- RangeTest.cpp - l2c::range over pointers, C arrays and rows
//---------===//
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

// GCC's std::is_pointer is false for a restrict pointer: such an array
// once took the overload for objects, an empty range (session 38).
TEST(Range, RestrictPointersGiveTheirBytes) {
  static double A[64];
  double *__restrict__ P = A;
  const float *__restrict__ Q = reinterpret_cast<const float *>(A);
  EXPECT_EQ(l2c::range(P, 64, true).Bytes, 64 * sizeof(double));
  EXPECT_EQ(l2c::range(P, 64, true).Lo, reinterpret_cast<const char *>(A));
  EXPECT_EQ(l2c::range(Q, 10, false).Bytes, 10 * sizeof(float));
  static_assert(l2c::isPointer<double *__restrict__>);
  static_assert(l2c::isPointer<const int *const __restrict__>);
  static_assert(l2c::isPointer<int[4]>);
  static_assert(!l2c::isPointer<Rows>);
}

// A const array matches both the pointer and the array overload exactly;
// the call must still compile and give the elements' bytes (found by a
// helper's hunt: a kernel reading a `static const int tab[4]`).
TEST(Range, ConstArraysGiveTheirElements) {
  static const int Tab[4] = {1, 2, 3, 4};
  static const double Kernel[3][3] = {};
  const int *P = Tab;
  EXPECT_EQ(l2c::range(Tab, 4, false).Bytes, 4 * sizeof(int));
  EXPECT_EQ(l2c::range(Tab, 4, false).Lo, reinterpret_cast<const char *>(Tab));
  EXPECT_EQ(l2c::range(Kernel, 3, false).Bytes, 9 * sizeof(double));
  EXPECT_EQ(l2c::range(P, 2, false).Bytes, 2 * sizeof(int));
}

TEST(Range, OtherObjectsGiveNone) {
  Rows R{nullptr};
  EXPECT_EQ(l2c::range(R, 4, true).Lo, nullptr);
  EXPECT_EQ(l2c::range(R, 4, true).Bytes, 0u);
}

/// Rows as l2c::rowsOf hands them over: a count, each row and its size.
struct TwoRows {
  double *R[2];
  size_t count() const { return 2; }
  size_t size(size_t I) const { return I ? 3 : 5; }
  const double *row(size_t I) const { return R[I]; }
};

// Rows behind row pointers give a range per row, which the check before a
// launch compares with the loop's other arrays (a helper's hunt: r0 =
// A[0] passed as a separate array was taken as apart from A's rows).
TEST(Range, RowsGiveARangePerRow) {
  static double A[5], B[3];
  TwoRows T{{A, B}};
  l2c::HostRange H = l2c::range(T, 2, true);
  EXPECT_EQ(H.Lo, nullptr);
  ASSERT_EQ(H.Rows.size(), 2u);
  EXPECT_EQ(H.Rows[0].Lo, reinterpret_cast<const char *>(A));
  EXPECT_EQ(H.Rows[0].Bytes, 5 * sizeof(double));
  EXPECT_EQ(H.Rows[1].Lo, reinterpret_cast<const char *>(B));
  EXPECT_EQ(H.Rows[1].Bytes, 3 * sizeof(double));
  EXPECT_TRUE(H.Rows[1].Written);
}

} // namespace
