//===- DependenceTest.cpp - Tests of the isl dependence test --------------===//
//
// Small loop nests, each with the answer worked out by hand; every witness is
// checked by plugging its values back into the subscripts and bounds.
//
//===----------------------------------------------------------------------===//
#include "deps/Dependence.h"

#include <gtest/gtest.h>

using namespace l2c::deps;

namespace {

Loop loop(std::string Var, std::string Lower, std::string Upper, bool Parallel,
          int64_t Step = 1) {
  return {std::move(Var), std::move(Lower), std::move(Upper), Step, Parallel};
}

Access read(std::string Array, std::vector<std::string> Subs, unsigned Depth,
            std::string Text) {
  return {std::move(Array), std::move(Subs), false, Depth, std::move(Text)};
}

Access write(std::string Array, std::vector<std::string> Subs, unsigned Depth,
             std::string Text) {
  return {std::move(Array), std::move(Subs), true, Depth, std::move(Text)};
}

/// for (i = 0; i < n; ++i) with the given accesses, i parallel.
Nest loop1(std::vector<Access> Accesses) {
  Nest N;
  N.Params = {"n"};
  N.Loops = {loop("i", "0", "n", true)};
  N.Accesses = std::move(Accesses);
  return N;
}

/// Runs the analysis and expects it to succeed.
std::optional<Dependence> analyse(const Nest &N) {
  Result R = findDependence(N);
  EXPECT_TRUE(R.ok()) << R.Error;
  if (R.Dep) {
    EXPECT_TRUE(R.Dep->Source->Write);
    EXPECT_EQ(R.Dep->Source->Array, R.Dep->Sink->Array);
    auto Depth = [](const Access *A) {
      return A->Loops.empty() ? A->Depth : A->Loops.size();
    };
    EXPECT_EQ(R.Dep->SourceIter.size(), Depth(R.Dep->Source));
    EXPECT_EQ(R.Dep->SinkIter.size(), Depth(R.Dep->Sink));
    EXPECT_EQ(R.Dep->ParamValues.size(), N.Params.size());
  }
  return R.Dep;
}

TEST(DependenceTest, SameElementIsIndependent) {
  // a[i] = a[i] + 1
  Nest N = loop1({read("a", {"i"}, 1, "a[i]"), write("a", {"i"}, 1, "a[i]")});
  EXPECT_FALSE(analyse(N));
}

TEST(DependenceTest, PreviousElement) {
  // a[i] = a[i - 1]
  Nest N =
      loop1({read("a", {"i - 1"}, 1, "a[i-1]"), write("a", {"i"}, 1, "a[i]")});
  auto D = analyse(N);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Source, &N.Accesses[1]);
  EXPECT_EQ(D->Sink, &N.Accesses[0]);
  EXPECT_EQ(D->SourceIter[0], D->SinkIter[0] - 1);
  EXPECT_EQ(D->Message, "a[i] written at i=0 is read by a[i-1] at i=1 (n=2)");
}

TEST(DependenceTest, StridedWriteReadsAnEarlierWrite) {
  // a[2*i+1] = a[i] + 1: iteration 0 writes a[1], which iteration 1 reads.
  Nest N = loop1(
      {read("a", {"i"}, 1, "a[i]"), write("a", {"2*i + 1"}, 1, "a[2*i+1]")});
  auto D = analyse(N);
  ASSERT_TRUE(D);
  int64_t Src = D->SourceIter[0], Snk = D->SinkIter[0], Len = D->ParamValues[0];
  EXPECT_EQ(2 * Src + 1, Snk);
  EXPECT_NE(Src, Snk);
  EXPECT_TRUE(0 <= Src && Src < Len && 0 <= Snk && Snk < Len);
  EXPECT_EQ(D->Message, "a[2*i+1] written at i=0 is read by a[i] at i=1 (n=2)");
}

TEST(DependenceTest, ReadOfAFixedElement) {
  // a[i] = a[i] + a[0]: iteration 0 writes a[0], which all others read.
  Nest N = loop1({read("a", {"i"}, 1, "a[i]"), read("a", {"0"}, 1, "a[0]"),
                  write("a", {"i"}, 1, "a[i]")});
  auto D = analyse(N);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Sink, &N.Accesses[1]);
  EXPECT_EQ(D->SourceIter[0], 0);
  EXPECT_NE(D->SinkIter[0], 0);
  EXPECT_EQ(D->Message, "a[i] written at i=0 is read by a[0] at i=1 (n=2)");
}

TEST(DependenceTest, EveryIterationWritesOneElement) {
  // a[0] = i
  Nest N = loop1({write("a", {"0"}, 1, "a[0]")});
  auto D = analyse(N);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Source, D->Sink);
  EXPECT_NE(D->SourceIter[0], D->SinkIter[0]);
  EXPECT_EQ(D->Message, "a[0] written at i=0 is written at i=1 (n=2)");
}

TEST(DependenceTest, OtherArraysDoNotConflict) {
  // a[0] = b[0]
  Nest N = loop1({read("b", {"0"}, 1, "b[0]"), write("a", {"i"}, 1, "a[i]")});
  EXPECT_FALSE(analyse(N));
}

/// for i, for j, for k: C[i][j] += A[i][k] * B[k][j]
Nest gemm(bool ParallelJ) {
  Nest N;
  N.Params = {"n", "m", "p"};
  N.Loops = {loop("i", "0", "n", true), loop("j", "0", "m", ParallelJ),
             loop("k", "0", "p", false)};
  N.Accesses = {read("C", {"i", "j"}, 3, "C[i][j]"),
                read("A", {"i", "k"}, 3, "A[i][k]"),
                read("B", {"k", "j"}, 3, "B[k][j]"),
                write("C", {"i", "j"}, 3, "C[i][j]")};
  return N;
}

TEST(DependenceTest, GemmRowsAreIndependent) {
  EXPECT_FALSE(analyse(gemm(false)));
}

TEST(DependenceTest, GemmCollapsedIsIndependent) {
  EXPECT_FALSE(analyse(gemm(true)));
}

TEST(DependenceTest, GemmWithParallelReductionLoop) {
  // Marking k parallel (collapse(3)) makes the iterations race on C[i][j].
  Nest N = gemm(true);
  N.Loops[2].Parallel = true;
  auto D = analyse(N);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Source->Array, "C");
  EXPECT_EQ(D->SourceIter[0], D->SinkIter[0]);
  EXPECT_EQ(D->SourceIter[1], D->SinkIter[1]);
  EXPECT_NE(D->SourceIter[2], D->SinkIter[2]);
}

/// for i < n, for j < m, both parallel (collapse(2)).
Nest collapsed(std::vector<Access> Accesses) {
  Nest N;
  N.Params = {"n", "m"};
  N.Loops = {loop("i", "0", "n", true), loop("j", "1", "m", true)};
  N.Accesses = std::move(Accesses);
  return N;
}

TEST(DependenceTest, CollapsedCopyIsIndependent) {
  // B[i][j] = A[i][j-1]
  Nest N = collapsed({read("A", {"i", "j - 1"}, 2, "A[i][j-1]"),
                      write("B", {"i", "j"}, 2, "B[i][j]")});
  EXPECT_FALSE(analyse(N));
}

TEST(DependenceTest, CollapsedRecurrence) {
  // A[i][j] = A[i][j-1]: independent in i, dependent in j.
  Nest N = collapsed({read("A", {"i", "j - 1"}, 2, "A[i][j-1]"),
                      write("A", {"i", "j"}, 2, "A[i][j]")});
  auto D = analyse(N);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->SourceIter[0], D->SinkIter[0]);
  EXPECT_EQ(D->SourceIter[1], D->SinkIter[1] - 1);
  EXPECT_GE(D->SourceIter[1], 1);
  EXPECT_LT(D->SinkIter[1], D->ParamValues[1]);
  EXPECT_EQ(D->Message, "A[i][j] written at i=0, j=1 is read by A[i][j-1] at "
                        "i=0, j=2 (n=1, m=3)");

  // Only i parallel: the recurrence runs inside one thread.
  N.Loops[1].Parallel = false;
  EXPECT_FALSE(analyse(N));
}

/// for i < n (parallel), for j < Upper: A[i][j] = A[j][i]
Nest transpose(std::string Upper) {
  Nest N;
  N.Params = {"n"};
  N.Loops = {loop("i", "0", "n", true),
             loop("j", "0", std::move(Upper), false)};
  N.Accesses = {read("A", {"j", "i"}, 2, "A[j][i]"),
                write("A", {"i", "j"}, 2, "A[i][j]")};
  return N;
}

TEST(DependenceTest, Triangular) {
  // j < i writes the lower triangle and reads the upper one.
  EXPECT_FALSE(analyse(transpose("i")));
  // j <= i adds the diagonal, read and written by the same iteration.
  EXPECT_FALSE(analyse(transpose("i + 1")));
  // The full square: iteration 0 writes A[0][1], which iteration 1 reads.
  auto D = analyse(transpose("n"));
  ASSERT_TRUE(D);
  EXPECT_EQ(D->SourceIter[0], D->SinkIter[1]);
  EXPECT_EQ(D->SourceIter[1], D->SinkIter[0]);
  EXPECT_NE(D->SourceIter[0], D->SinkIter[0]);
}

TEST(DependenceTest, TriangularSharedWrite) {
  // for i, for j < i: b[j] = a[i] -- iterations 1 and 2 both write b[0].
  Nest N;
  N.Params = {"n"};
  N.Loops = {loop("i", "0", "n", true), loop("j", "0", "i", false)};
  N.Accesses = {read("a", {"i"}, 2, "a[i]"), write("b", {"j"}, 2, "b[j]")};
  auto D = analyse(N);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Message,
            "b[j] written at i=1, j=0 is written at i=2, j=0 (n=3)");
}

TEST(DependenceTest, Step) {
  // for (i = 0; i < n; i += 2) a[i] = a[i+1]: i+1 is odd, never written.
  Nest N =
      loop1({read("a", {"i + 1"}, 1, "a[i+1]"), write("a", {"i"}, 1, "a[i]")});
  N.Loops[0].Step = 2;
  EXPECT_FALSE(analyse(N));

  // From 1: writes the odd elements, reads the even ones.
  N.Loops[0].Lower = "1";
  EXPECT_FALSE(analyse(N));

  // Step 1: a[i+1] is written by the next iteration.
  N.Loops[0].Step = 1;
  N.Loops[0].Lower = "0";
  EXPECT_TRUE(analyse(N));

  // Step 2 reading a[i+2]: the next iteration's element.
  N.Loops[0].Step = 2;
  N.Accesses[0].Subscripts = {"i + 2"};
  N.Accesses[0].Text = "a[i+2]";
  auto D = analyse(N);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Message, "a[i] written at i=2 is read by a[i+2] at i=0 (n=3)");
}

TEST(DependenceTest, ParametersAndContext) {
  // a[i] = a[i + m]
  Nest N =
      loop1({read("a", {"i + m"}, 1, "a[i+m]"), write("a", {"i"}, 1, "a[i]")});
  N.Params = {"n", "m"};
  auto D = analyse(N);
  ASSERT_TRUE(D);
  int64_t Len = D->ParamValues[0], M = D->ParamValues[1];
  EXPECT_EQ(D->SourceIter[0], D->SinkIter[0] + M);
  EXPECT_NE(M, 0);
  EXPECT_LT(D->SourceIter[0], Len);
  EXPECT_LT(D->SinkIter[0], Len);
  EXPECT_EQ(D->Message, "a[i] written at i=1 is read by a[i+m] at i=0 (n=2, "
                        "m=1)");

  // The reads lie beyond the written range.
  N.Context = {"m >= n"};
  EXPECT_FALSE(analyse(N));
  N.Context = {"m = 0"};
  EXPECT_FALSE(analyse(N));
  // Negative offsets read an earlier iteration's element.
  N.Context = {"m < 0", "n >= 0"};
  D = analyse(N);
  ASSERT_TRUE(D);
  EXPECT_LT(D->ParamValues[1], 0);
  EXPECT_EQ(D->SourceIter[0], D->SinkIter[0] + D->ParamValues[1]);
}

TEST(DependenceTest, AccessesOutsideInnerLoops) {
  // for i { t[i] = 0; for j < m: t[i] += b[j]; s[0] = t[i]; }
  Nest N;
  N.Params = {"n", "m"};
  N.Loops = {loop("i", "0", "n", true), loop("j", "0", "m", false)};
  N.Accesses = {write("t", {"i"}, 1, "t[i]"), read("t", {"i"}, 2, "t[i]"),
                read("b", {"j"}, 2, "b[j]"), write("t", {"i"}, 2, "t[i]")};
  EXPECT_FALSE(analyse(N));
  N.Accesses.push_back(write("s", {"0"}, 1, "s[0]"));
  auto D = analyse(N);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Message, "s[0] written at i=0 is written at i=1 (n=2, m=0)");
}

TEST(DependenceTest, SiblingInnerLoops) {
  // for i { for j < m: t[i][j] = 0; for k < m: u[i] += t[i][k]; }
  // The two inner loops are siblings: each access names its own chain.
  Nest N;
  N.Params = {"n", "m"};
  N.Loops = {loop("i", "0", "n", true), loop("j", "0", "m", false),
             loop("k", "0", "m", false)};
  Access T = write("t", {"i", "j"}, 0, "t[i][j]");
  T.Loops = {0, 1};
  Access R = read("t", {"i", "k"}, 0, "t[i][k]");
  R.Loops = {0, 2};
  Access U = write("u", {"i"}, 0, "u[i]");
  U.Loops = {0, 2};
  N.Accesses = {T, R, U};
  EXPECT_FALSE(analyse(N));
  // Reading the next row carries a dependence between the siblings.
  N.Accesses[1].Subscripts = {"i + 1", "k"};
  N.Accesses[1].Text = "t[i+1][k]";
  auto D = analyse(N);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Message,
            "t[i][j] written at i=1, j=0 is read by t[i+1][k] at i=0, k=0 "
            "(n=2, m=1)");
}

TEST(DependenceTest, AlwaysWithin) {
  // for i < n: for j < m: A[i*m + j]: j stays in [0, m), i + j does not.
  Nest N;
  N.Params = {"n", "m"};
  N.Loops = {loop("i", "0", "n", true), loop("j", "0", "m", false)};
  N.Accesses = {write("A", {"i", "j"}, 2, "A[i*m + j]")};
  EXPECT_EQ(alwaysWithin(N, 0, "j", "0", "m"), std::optional<bool>(true));
  EXPECT_EQ(alwaysWithin(N, 0, "i + j", "0", "m"), std::optional<bool>(false));
  EXPECT_EQ(alwaysWithin(N, 0, "j +", "0", "m"), std::nullopt);
}

TEST(DependenceTest, UnboundedLoops) {
  // The caller could not express i's bounds: i ranges over all integers.
  // A[i][j] with j < m stays independent across i; A[i+1][j] conflicts.
  Nest N;
  N.Params = {"m"};
  N.Loops = {loop("i", "", "", true), loop("j", "0", "m", false)};
  N.Accesses = {write("A", {"i", "j"}, 2, "A[i][j]")};
  EXPECT_FALSE(analyse(N));
  N.Accesses.push_back(read("A", {"i + 1", "j"}, 2, "A[i+1][j]"));
  EXPECT_TRUE(analyse(N));
  EXPECT_EQ(alwaysWithin(N, 0, "j", "0", "m"), std::optional<bool>(true));
  EXPECT_EQ(alwaysWithin(N, 0, "i", "0", "m"), std::optional<bool>(false));
}

TEST(DependenceTest, Errors) {
  Nest N = loop1({write("a", {"i +"}, 1, "a[i+]")});
  Result R = findDependence(N);
  EXPECT_FALSE(R.ok());
  EXPECT_FALSE(R.Dep);
  EXPECT_NE(R.Error.find("a[i+]"), std::string::npos) << R.Error;

  // An identifier that is neither a parameter nor an enclosing loop.
  N = loop1({write("a", {"i + k"}, 1, "a[i+k]")});
  EXPECT_FALSE(findDependence(N).ok());
  N = loop1({write("a", {"i"}, 1, "a[i]")});
  N.Loops[0].Upper = "n +* 2";
  EXPECT_FALSE(findDependence(N).ok());
  N = loop1({write("a", {"i"}, 1, "a[i]")});
  N.Context = {"n >="};
  EXPECT_FALSE(findDependence(N).ok());
  N = loop1({write("a", {"i"}, 1, "a[i]")});
  N.Loops[0].Step = 0;
  EXPECT_FALSE(findDependence(N).ok());
  N = loop1(
      {write("a", {"i"}, 1, "a[i]"), read("a", {"i", "0"}, 1, "a[i][0]")});
  EXPECT_FALSE(findDependence(N).ok());
  N = loop1({write("a", {"i"}, 2, "a[i]")});
  EXPECT_FALSE(findDependence(N).ok());
  N = loop1({write("a", {"i"}, 1, "a[i]")});
  N.Params = {"n", "i"};
  EXPECT_FALSE(findDependence(N).ok());
  // A non-affine subscript.
  N = loop1({write("a", {"i * i"}, 1, "a[i*i]")});
  EXPECT_FALSE(findDependence(N).ok());
}

// isEmptySet: the question of fact accumulatorLoops, whether a subscript
// can equal another where the loops run.
TEST(IsEmptySet, DecidesOverParameters) {
  // lu: A[i][k] is never A[i][j] for k < i <= j.
  EXPECT_EQ(isEmptySet("[i, j, k] -> { : 0 <= k < i and j >= i and k = j }"),
            std::optional<bool>(true));
  // Without j >= i it can be.
  EXPECT_EQ(isEmptySet("[i, j, k] -> { : 0 <= k < i and k = j }"),
            std::optional<bool>(false));
  // Integer points only: 2k = 1 has none.
  EXPECT_EQ(isEmptySet("[k] -> { : 2k = 1 }"), std::optional<bool>(true));
  // Text isl cannot read, or a product of two unknowns: no answer.
  EXPECT_EQ(isEmptySet("[k] -> { : k <"), std::nullopt);
  EXPECT_EQ(isEmptySet("[i, k] -> { : i * k = 1 }"), std::nullopt);
}

} // namespace
