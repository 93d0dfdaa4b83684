//===- FrontendTest.cpp - Tests of the Clang front end --------------------===//

#include "frontend/Frontend.h"
#include "term/TermReader.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "gtest/gtest.h"

using namespace clang;
using namespace l2c;

namespace {

/// Collects diagnostics as "line: level: message".
class Collect : public DiagnosticConsumer {
public:
  std::string Out;
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    llvm::SmallString<128> Msg;
    Info.FormatDiagnostic(Msg);
    const char *Lvl = L == DiagnosticsEngine::Warning  ? "warning"
                      : L == DiagnosticsEngine::Remark ? "remark"
                      : L == DiagnosticsEngine::Note   ? "note"
                      : L >= DiagnosticsEngine::Error  ? "error"
                                                       : "ignored";
    unsigned Line = 0;
    if (Info.hasSourceManager() && Info.getLocation().isValid())
      Line = Info.getSourceManager().getExpansionLineNumber(Info.getLocation());
    Out += std::to_string(Line) + ": " + Lvl + ": " + Msg.str().str() + "\n";
  }
};

struct Outcome {
  bool Ok = false;
  std::string Error;
  std::string TU;
  std::vector<std::string> Devices;
  unsigned Accepted = 0, Rejected = 0, Assumed = 0;
  std::map<int64_t, std::string> RangeText;
  std::string Diags;
};

Outcome run(const std::string &Code, l2c::FrontendOptions Opts = {}) {
  Outcome O;
  auto Action = makeFrontendAction(Opts, [&](CompilerInstance &CI,
                                             llvm::Expected<FrontendResult> R) {
    if (!R) {
      O.Error = llvm::toString(R.takeError());
      return;
    }
    O.Ok = true;
    O.TU = R->TranslationUnit.str();
    for (const Term &T : R->DeviceFunctions)
      O.Devices.push_back(T.str());
    O.Accepted = R->Accepted;
    O.Rejected = R->Rejected;
    O.Assumed = R->Assumed;
    for (auto &[Id, Range] : R->Ranges)
      O.RangeText[Id] =
          clang::Lexer::getSourceText(CharSourceRange::getTokenRange(Range),
                                      CI.getSourceManager(), CI.getLangOpts())
              .str();
  });
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Mem(
      new llvm::vfs::InMemoryFileSystem);
  FS->pushOverlay(Mem);
  Mem->addFile("/src/input.cc", 0, llvm::MemoryBuffer::getMemBuffer(Code));
  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), FS));
  std::vector<std::string> Args = {"loop2cuda",
                                   "-fsyntax-only",
                                   "-fopenmp",
                                   "-std=c++17",
                                   "-resource-dir=" L2C_CLANG_RESOURCE_DIR,
                                   "/src/input.cc"};
  tooling::ToolInvocation Inv(Args, std::move(Action), Files.get());
  Collect Diags;
  Inv.setDiagnosticConsumer(&Diags);
  Inv.run();
  O.Diags = Diags.Out;
  return O;
}

bool has(const std::string &Hay, const std::string &Needle) {
  return Hay.find(Needle) != std::string::npos;
}

#define EXPECT_HAS(Hay, Needle)                                                \
  EXPECT_TRUE(has(Hay, Needle)) << "missing: " << (Needle) << "\nin:\n" << (Hay)
#define EXPECT_HASNT(Hay, Needle)                                              \
  EXPECT_FALSE(has(Hay, Needle)) << "unexpected: " << (Needle) << "\nin:\n"    \
                                 << (Hay)

TEST(Frontend, Saxpy) {
  Outcome O = run(R"(
void saxpy(int n, float a, const float *x, float *y) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u);
  EXPECT_EQ(O.Rejected, 0u);
  EXPECT_EQ(O.Assumed, 1u);
  // Two plain pointers, one written: the analysis cannot rule out overlap
  // and says that it assumes none.
  EXPECT_EQ(O.Diags, "4: remark: assuming iterations are independent: 'y' "
                     "and 'x' may point into the same memory [dependence]\n");
  EXPECT_EQ(O.TU,
            "TranslationUnit([Function(saxpy, 2, [ParallelLoop(Loop(saxpy_L4, "
            "\"input.cc:4\", 1), Index(i, \"int\"), Range(\"0\", \"n\", 1), "
            "[Assign(Index(y, i), Add(Mul(a, Index(x, i)), Index(y, i)))], "
            "[Param(y, \"float *\"), Param(a, \"float\"), Param(x, \"const "
            "float *\")], [Array(y, \"float\", \"y\", \"n\", readwrite, [n, "
            "y]), Array(x, \"float\", \"x\", \"n\", read, [n, x])], [])])])");
  // The loop's range starts at its pragma; the function's is the body.
  EXPECT_EQ(O.RangeText[1].substr(0, 26), "#pragma loop2cuda parallel");
  EXPECT_EQ(O.RangeText[1].back(), ';');
  EXPECT_EQ(O.RangeText[2].front(), '{');
}

// Arrays of different loops that may share memory name each other as
// Alias(...) in their dependencies; so do pointer parameters that no loop
// copies. __restrict__, a different element type, or one loop that writes
// one of a pair (and so assumes they are apart) leaves a pair out.
TEST(Frontend, AliasesAcrossLoops) {
  Outcome O = run(R"(
void f(float *a, const float *b, float *c, const int *k, float *p,
       float *__restrict__ r, unsigned char *bytes, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = 2.0f * a[i] + r[i];
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    c[i] = b[i] + k[i];
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 2u);
  // a: b and c (arrays of the other loop), p and bytes (parameters); not k
  // (int), not r (the first loop writes a beside r: assumed apart).
  EXPECT_HAS(O.TU, "Array(a, \"float\", \"a\", \"n\", readwrite, [a, n, "
                   "Alias(b), Alias(bytes), Alias(c), Alias(p)])");
  // r is __restrict__, but b and c are not: like the dependence remark,
  // only two __restrict__ pointers are known apart.
  EXPECT_HAS(O.TU, "Array(r, \"float\", \"r\", \"n\", read, [n, r, "
                   "Alias(b), Alias(bytes), Alias(c), Alias(p)])");
  // Not each other: the second loop writes c beside b.
  EXPECT_HAS(O.TU, "Array(c, \"float\", \"c\", \"n\", write, [c, n, "
                   "Alias(a), Alias(bytes), Alias(p), Alias(r)])");
  EXPECT_HAS(O.TU, "Array(b, \"float\", \"b\", \"n\", read, [b, n, "
                   "Alias(a), Alias(bytes), Alias(p), Alias(r)])");
  EXPECT_HAS(O.TU, "Array(k, \"int\", \"k\", \"n\", read, [k, n, "
                   "Alias(bytes)])");
  EXPECT_HAS(O.Diags, "8: remark: arrays that may share memory: 'c' and 'a' "
                      "(line 5), 'b' and 'a' (line 5), 'c' and 'r' (line 5), "
                      "'b' and 'r' (line 5); their copies stay next to the "
                      "loops that use them (declare the pointers __restrict__ "
                      "if they never overlap) [move-copies]");
}

TEST(Frontend, WriteOnlyArrayAndNamedLoop) {
  Outcome O = run(R"(
void fill(int n, float *out, float v) {
#pragma loop2cuda parallel name(fill_kernel)
  for (int i = 0; i <= n; i++) {
    out[i] = v;
  }
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_HAS(O.TU, "Loop(fill_kernel, \"input.cc:4\"");
  EXPECT_HAS(O.TU, "Range(\"0\", \"n + 1LL\", 1)");
  EXPECT_HAS(O.TU,
             "Array(out, \"float\", \"out\", \"n + 1\", write, [n, out])");
}

TEST(Frontend, VectorsAndCArrays) {
  Outcome O = run(R"(
#include <vector>
float table[256];
void scale(std::vector<float> &v, const std::vector<float> &w) {
  float local[64];
#pragma loop2cuda parallel
  for (unsigned long i = 0; i < v.size(); i += 2)
    v[i] = 2.0f * w[i] + table[i] + local[i];
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_HAS(O.TU, "Range(\"0\", \"v.size()\", 2)");
  EXPECT_HAS(O.TU, "Array(v, \"float\", \"v.data()\", \"v.size()\", "
                   "readwrite, [v])");
  EXPECT_HAS(O.TU,
             "Array(w, \"float\", \"w.data()\", \"w.size()\", read, [w])");
  EXPECT_HAS(O.TU,
             "Array(table, \"float\", \"table\", \"256\", read, [table])");
  EXPECT_HAS(O.TU, "Array(local, \"float\", \"local\", \"64\", read, [local])");
  EXPECT_HAS(O.TU, "Param(w, \"const float *\")");
  EXPECT_HAS(O.TU, "Param(v, \"float *\")");
  EXPECT_HAS(O.TU, "Assign(Index(v, i), Add(Add(Mul(2.0f, Index(w, i)), "
                   "Index(table, i)), Index(local, i)))");
}

TEST(Frontend, AffineExtents) {
  Outcome O = run(R"(
void f(int n, const float *a, float *b) {
#pragma loop2cuda parallel
  for (int i = 1; i < n - 1; ++i)
    b[2 * i + 1] = a[i - 1] + a[i + 1];
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_HAS(O.TU, "Array(a, \"float\", \"a\", \"n\", read, [a, n])");
  EXPECT_HAS(O.TU, "Array(b, \"float\", \"b\", \"2 * (n - 1)\", "
                   "readwrite, [b, n])");
}

TEST(Frontend, LoopCarriedDependence) {
  // A recurrence that is no scan (docs/scans.md): the dependence test.
  Outcome O = run(R"(
void prefix(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i)
    a[i] = a[i - 1] * 2.0f + 1.0f;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_EQ(O.Rejected, 1u);
  EXPECT_EQ(O.Assumed, 0u);
  EXPECT_HAS(O.Diags, "4: warning: loop not parallelized: iterations are "
                      "not independent: a[i] written at i=1 is read by "
                      "a[i - 1] at i=2 (n=3) [dependence]");
  EXPECT_EQ(O.TU, "TranslationUnit([])");
}

TEST(Frontend, RecurrenceIsScan) {
  Outcome O = run(R"(
void prefix(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i)
    a[i] = a[i - 1] + 1.0f;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u);
  EXPECT_HAS(O.TU, "[ScanInput(1.0f)]");
  EXPECT_HAS(O.TU, "Scan(add, \"float\", inclusive, Out(Index(a, i)), "
                   "Carry(Index(a, Sub(l2c_begin, 1)), []), NoResult)");
}

TEST(Frontend, DisjointSubscriptsAreIndependent) {
  Outcome O = run(R"(
void f(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    a[2 * i] = a[2 * i + 1];
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_EQ(O.Diags, "");
}

TEST(Frontend, WriteNotDependingOnIndex) {
  Outcome O = run(R"(
void f(int n, float *a, const float *b) {
#pragma loop2cuda parallel copy(a[0:1])
  for (int i = 0; i < n; ++i)
    a[0] = b[i];
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "warning: loop not parallelized: iterations are not "
                      "independent: a[0] written at i=0 is written at i=1 "
                      "(n=2) [dependence]");
}

TEST(Frontend, BreakRejected) {
  Outcome O = run(R"(
void f(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0)
      break;
    a[i] = 1;
  }
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "4: warning: loop not parallelized: early exit by "
                      "'break' [extract-kernel]");
  EXPECT_HAS(O.Diags, "6: note: found here");
}

TEST(Frontend, InnerBreakIsFine) {
  Outcome O = run(R"(
void f(int n, int m, float *a) {
#pragma loop2cuda parallel copy(a[0:n])
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < m; ++j) {
      if (j > i)
        break;
      a[i] += 1.0f;
    }
  }
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_HAS(O.TU, "For(Decl(j, \"int\", 0), Lt(j, m), PreInc(j), "
                   "[If(Gt(j, i), [Break]), AddAssign(Index(a, i), 1.0f)])");
}

TEST(Frontend, PrintfRejected) {
  Outcome O = run(R"(
#include <cstdio>
void f(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    printf("%f\n", a[i]);
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "5: warning: loop not parallelized: call to 'printf' "
                      "cannot run on the device [device-call]");
}

// A scalar read before it is assigned carries a value between iterations.
// (One assigned first is private: tests/lit/private-scalars.cpp.)
TEST(Frontend, ScalarWriteRejected) {
  Outcome O = run(R"(
void f(int n, float *a, float *b) {
  float t = 0;
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i) {
    b[i] = t;
    t = a[i] * 2;
  }
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "warning: loop not parallelized: scalar 't' is written "
                      "in the loop, and an iteration may read the value of "
                      "an earlier one: iterations are not independent "
                      "[dependence]");
}

const char *Bitonic = R"(
void step(int *a, int n, int j, int k) {
#pragma loop2cuda parallel copy(a[0:n])
  for (int i = 0; i < n; i++) {
    int ixj = i ^ j;
    if (ixj > i) {
      if ((i & k) == 0 && a[i] > a[ixj]) {
        int t = a[i];
        a[i] = a[ixj];
        a[ixj] = t;
      }
    }
  }
}
)";

// The bitonic step touches a[i] and a[i ^ j] only under (i ^ j) > i: the
// pairs of two iterations are disjoint, which the test proves (XorPairs.cpp),
// with no remark, under --strict too.
TEST(Frontend, XorPairsProven) {
  Outcome O = run(Bitonic);
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_EQ(O.Diags.find("remark:"), std::string::npos) << O.Diags;
  EXPECT_HAS(O.TU, "Array(a, \"int\", \"a\", \"n\", readwrite, [a, n])");
  EXPECT_HAS(O.TU, "Decl(ixj, \"int\", BitXor(i, j))");
  l2c::FrontendOptions Opts;
  Opts.Strict = true;
  Outcome S = run(Bitonic, Opts);
  ASSERT_TRUE(S.Ok) << S.Error;
  EXPECT_EQ(S.Accepted, 1u) << S.Diags;
}

// Without the guard, the subscript is checked at run time (a probe), with a
// remark; --strict rejects the loop.
static const char *Unguarded = R"(
void step(int *a, int n, int j) {
#pragma loop2cuda parallel copy(a[0:n])
  for (int i = 0; i < n; i++) {
    int ixj = i ^ j;
    int t = a[i];
    a[i] = a[ixj];
    a[ixj] = t;
  }
}
)";

TEST(Frontend, NonAffineRemark) {
  Outcome O = run(Unguarded);
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_HAS(O.Diags, "remark: iterations are checked at run time: subscript "
                      "'a[ixj]' computes 'i ^ j', which is not a sum of "
                      "products of integer variables (the value of 'ixj'); "
                      "a probe records the elements each iteration touches");
}

TEST(Frontend, NonAffineRejectedWhenStrict) {
  l2c::FrontendOptions Opts;
  Opts.Strict = true;
  Outcome O = run(Unguarded, Opts);
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "warning: loop not parallelized: subscript 'a[ixj]' "
                      "computes 'i ^ j', which is not a sum of products of "
                      "integer variables (the value of 'ixj') [dependence]");
}

TEST(Frontend, SeesThroughLocalSubscripts) {
  Outcome O = run(R"(
void f(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i) {
    int k = i - 1;
    a[i] = a[k];
  }
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_HAS(O.Diags, "a[i] written at i=1 is read by a[k] at i=2 (n=3)");
}

TEST(Frontend, MissingExtent) {
  // Without the record of allocations (front-end step allocation-record).
  l2c::FrontendOptions Opts;
  Opts.DisabledSteps.insert("allocation-record");
  Outcome O = run(R"(
void hist(int n, const int *idx, int *bins) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    bins[idx[i]] = i;
}
)",
                  Opts);
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "warning: loop not parallelized: cannot tell how many "
                      "elements of 'bins' the loop touches (N, the "
                      "elements it reaches): its subscript 'bins[idx[i]]' "
                      "is not a polynomial of the loop indices and sizes; "
                      "add copy(bins[0:N]) to the pragma [extract-kernel]");
}

TEST(Frontend, ExtentFromTheRecordOfAllocations) {
  // A gather through a pointer from another file: the block it starts, at
  // run time; a scatter the same, and a probe of its targets.
  Outcome O = run(R"(
void gather(int n, const int *idx, const float *src, float *dst) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    dst[i] = src[idx[i]];
}
void scatter(int n, const int *idx, const float *src, float *dst) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    dst[idx[i]] = src[i];
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 2u);
  EXPECT_HAS(O.TU, "\"l2c::recordedCount(src)\"");
  EXPECT_HAS(O.TU, "\"l2c::recordedCount(dst)\"");
  EXPECT_HAS(O.Diags, "remark: the subscripts give no count of 'src'");
  EXPECT_HAS(O.Diags, "remark: the subscripts give no count of 'dst'");
  EXPECT_HAS(O.Diags, "iterations are checked at run time: subscript "
                      "'dst[idx[i]]'");
}

TEST(Frontend, CopyClauses) {
  Outcome O = run(R"(
void f(int n, int m, const int *idx, float *src, float *dst) {
#pragma loop2cuda parallel copyin(src[0:m]) copyout(dst[0:m * 2])
  for (int i = 0; i < n; ++i)
    dst[idx[i]] = src[idx[i]];
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_HAS(O.TU, "Array(src, \"float\", \"src\", \"m\", read, [m, src])");
  EXPECT_HAS(O.TU,
             "Array(dst, \"float\", \"dst\", \"m * 2\", write, [dst, m])");
  EXPECT_HAS(O.Diags, "remark: iterations are checked at run time: subscript "
                      "'dst[idx[i]]' reads 'idx[i]' from memory; a probe");
}

// A clause the tool cannot read rejects the loop: translating it without
// the clause could change what it computes.
TEST(Frontend, MalformedClauseRejectsTheLoop) {
  Outcome O = run(R"(
void f(int n, float *a) {
#pragma loop2cuda parallel copy(a[0:n) name(ok)
  for (int i = 0; i < n; ++i)
    a[i] = 0;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_HAS(O.Diags, "4: warning: loop not parallelized: malformed 'copy' "
                      "clause");
  EXPECT_HAS(O.Diags, "3: note: found here");
  EXPECT_EQ(O.Accepted, 0u) << O.Diags;
  EXPECT_EQ(O.Rejected, 1u) << O.Diags;
}

struct ReductionCase {
  const char *Clause;
  const char *Decl;
  const char *Update;
  const char *Expected;
};

class ReductionForms : public ::testing::TestWithParam<ReductionCase> {};

TEST_P(ReductionForms, Recognised) {
  const ReductionCase &C = GetParam();
  std::string Code = std::string("#include <cmath>\n#include <algorithm>\n"
                                 "void f(int n, const float *a, const int *c) "
                                 "{\n  ") +
                     C.Decl + ";\n#pragma loop2cuda parallel " + C.Clause +
                     "\n  for (int i = 0; i < n; ++i) {\n    " + C.Update +
                     "\n  }\n}\n";
  Outcome O = run(Code);
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags << Code;
  EXPECT_HAS(O.TU, C.Expected);
}

INSTANTIATE_TEST_SUITE_P(
    Frontend, ReductionForms,
    ::testing::Values(
        ReductionCase{"reduction(+:s)", "float s = 0", "s += a[i];",
                      "[Reduce(add, s, Index(a, i))]"},
        ReductionCase{"reduction(+:s)", "float s = 0", "s = s + a[i];",
                      "[Reduce(add, s, Index(a, i))]"},
        ReductionCase{"reduction(+:s)", "float s = 0", "s = a[i] + s;",
                      "[Reduce(add, s, Index(a, i))]"},
        ReductionCase{"reduction(+:s)", "float s = 0", "s -= a[i];",
                      "[Reduce(add, s, Neg(Index(a, i)))]"},
        ReductionCase{"reduction(+:s)", "int s = 0", "if (c[i] > 0) s++;",
                      "[If(Gt(Index(c, i), 0), [Reduce(add, s, 1)])]"},
        ReductionCase{"reduction(*:p)", "float p = 1", "p *= a[i];",
                      "[Reduce(mul, p, Index(a, i))]"},
        ReductionCase{"reduction(*:p)", "float p = 1", "p = p * a[i];",
                      "[Reduce(mul, p, Index(a, i))]"},
        ReductionCase{"reduction(max:m)", "float m = 0",
                      "m = std::max(m, a[i]);",
                      "[Reduce(max, m, Index(a, i))]"},
        ReductionCase{"reduction(max:m)", "float m = 0", "m = fmaxf(a[i], m);",
                      "[Reduce(max, m, Index(a, i))]"},
        ReductionCase{"reduction(max:m)", "float m = 0", "m = fmax(m, a[i]);",
                      "[Reduce(max, m, Index(a, i))]"},
        ReductionCase{"reduction(max:m)", "float m = 0",
                      "m = a[i] > m ? a[i] : m;",
                      "[Reduce(max, m, Index(a, i))]"},
        ReductionCase{"reduction(max:m)", "float m = 0",
                      "m = m > a[i] ? m : a[i];",
                      "[Reduce(max, m, Index(a, i))]"},
        ReductionCase{"reduction(max:m)", "float m = 0",
                      "if (a[i] > m) m = a[i];",
                      "[Reduce(max, m, Index(a, i))]"},
        ReductionCase{"reduction(max:m)", "float m = 0",
                      "if (m <= a[i]) { m = a[i]; }",
                      "[Reduce(max, m, Index(a, i))]"},
        ReductionCase{"reduction(min:m)", "float m = 0",
                      "m = std::min(a[i], m);",
                      "[Reduce(min, m, Index(a, i))]"},
        ReductionCase{"reduction(min:m)", "float m = 0",
                      "m = a[i] < m ? a[i] : m;",
                      "[Reduce(min, m, Index(a, i))]"},
        ReductionCase{"reduction(min:m)", "float m = 0",
                      "if (a[i] < m) m = a[i];",
                      "[Reduce(min, m, Index(a, i))]"},
        ReductionCase{"reduction(min:m)", "float m = 0",
                      "if (m >= a[i]) m = a[i];",
                      "[Reduce(min, m, Index(a, i))]"},
        ReductionCase{"reduction(&:b)", "int b = -1", "b &= c[i];",
                      "[Reduce(and, b, Index(c, i))]"},
        ReductionCase{"reduction(|:b)", "int b = 0", "b |= c[i];",
                      "[Reduce(or, b, Index(c, i))]"},
        ReductionCase{"reduction(^:b)", "int b = 0", "b ^= c[i];",
                      "[Reduce(xor, b, Index(c, i))]"},
        ReductionCase{"reduction(&&:b)", "bool b = true", "b = b && c[i] > 0;",
                      "[Reduce(land, b, Gt(Index(c, i), 0))]"},
        ReductionCase{"reduction(||:b)", "bool b = false", "b = b || c[i] > 0;",
                      "[Reduce(lor, b, Gt(Index(c, i), 0))]"}));

TEST(Frontend, ReductionTermsAndTypes) {
  Outcome O = run(R"(
float dot(int n, const float *x, const float *y, float *z) {
  float s = 0;
  int cnt = 0;
#pragma loop2cuda parallel reduction(+:s, cnt)
  for (int i = 0; i < n; ++i) {
    s += x[i] * y[i];
    cnt++;
    z[i] = x[i];
  }
  return s + cnt;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_HAS(O.TU,
             "[Reduction(add, s, \"float\"), Reduction(add, cnt, \"int\")]");
  EXPECT_HASNT(O.TU, "Param(s,");
}

TEST(Frontend, ReductionWithoutClause) {
  Outcome O = run(R"(
void f(int n, const float *a, float &out) {
  float m = a[0];
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    if (a[i] > m)
      m = a[i];
  out = m;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "warning: loop not parallelized: scalar 'm' is written "
                      "in the loop and is not a reduction; add "
                      "reduction(max:m) to the pragma [reduction]");
}

TEST(Frontend, ReductionInWrongForm) {
  Outcome O = run(R"(
void f(int n, const float *a, float &out) {
  float m = 0;
#pragma loop2cuda parallel reduction(max:m)
  for (int i = 0; i < n; ++i)
    m += a[i];
  out = m;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_HAS(O.Diags, "scalar 'm' is updated in a form that is not a 'max' "
                      "reduction [reduction]");
}

TEST(Frontend, ReductionVarReadElsewhere) {
  Outcome O = run(R"(
void f(int n, float *a, float &out) {
  float s = 0;
#pragma loop2cuda parallel reduction(+:s)
  for (int i = 0; i < n; ++i) {
    s += a[i];
    a[i] = s;
  }
  out = s;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "reduction variable 's' is read in the loop outside "
                      "its update [reduction]");
}

TEST(Frontend, OpenMPParallelFor) {
  Outcome O = run(R"(
double sum(int n, const double *a) {
  double s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_HAS(O.TU, "Reduction(add, s, \"double\")");
  EXPECT_HAS(O.TU, "Loop(sum_L5, \"input.cc:5\"");
  bool Found = false;
  for (auto &[Id, Text] : O.RangeText)
    Found |=
        Text.rfind("#pragma omp parallel for", 0) == 0 && Text.back() == ';';
  EXPECT_TRUE(Found);
}

TEST(Frontend, DeviceFunctions) {
  Outcome O = run(R"(
#include <cmath>
static float sq(float x) { return x * x; }
float norm2(float a, float b) { return std::sqrt(sq(a) + sq(b)); }
void clampRef(float &v) { if (v > 1.0f) v = 1.0f; }
void f(int n, const float *x, const float *y, float *r) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i) {
    float v = norm2(x[i], y[i]);
    clampRef(v);
    r[i] = (float)v;
  }
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  ASSERT_EQ(O.Devices.size(), 3u);
  EXPECT_EQ(O.Devices[0], "DeviceFunction(sq, \"float\", [Param(x, "
                          "\"float\")], [Return(Mul(x, x))])");
  EXPECT_EQ(O.Devices[1],
            "DeviceFunction(norm2, \"float\", [Param(a, \"float\"), Param(b, "
            "\"float\")], [Return(Call(sqrt, [Add(Call(sq, [a]), Call(sq, "
            "[b]))]))])");
  EXPECT_EQ(O.Devices[2],
            "DeviceFunction(clampRef, \"void\", [Param(v, \"float &\")], "
            "[If(Gt(v, 1.0f), [Assign(v, 1.0f)])])");
  EXPECT_HAS(O.TU, "Cast(\"float\", v)");
}

TEST(Frontend, DeviceFunctionWithPrintfRejected) {
  Outcome O = run(R"(
#include <cstdio>
int g;
float noisy(float x) { printf("x"); return x; }
float global(float x) { return x + g; }
void f(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    a[i] = noisy(a[i]);
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    a[i] = global(a[i]);
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "loop not parallelized: call to 'noisy' cannot run on "
                      "the device: call to 'printf' cannot run on the device "
                      "[device-call]");
  EXPECT_HAS(O.Diags, "loop not parallelized: call to 'global' cannot run on "
                      "the device: it uses the global variable 'g', which is "
                      "not on the device [device-call]");
}

TEST(Frontend, ShapeRejections) {
  Outcome O = run(R"(
void f(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = n; i < 0; --i)
    a[i] = 0;
#pragma loop2cuda parallel
  for (int i = 0; i < n; i *= 2)
    a[i] = 0;
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    i += 1;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Rejected, 3u);
  EXPECT_HAS(O.Diags, "4: warning: loop not parallelized: loop is not in "
                      "canonical form: the index moves down while the "
                      "condition wants it to grow [loop-shape]");
  EXPECT_HAS(O.Diags, "7: warning: loop not parallelized: loop is not in "
                      "canonical form: the increment");
  EXPECT_HAS(O.Diags, "10: warning: loop not parallelized: loop index 'i' is "
                      "modified in the loop body [loop-shape]");
}

TEST(Frontend, IndexDeclaredBeforeLoop) {
  Outcome O = run(R"(
void f(long n, float *a) {
  long i;
#pragma loop2cuda parallel
  for (i = 0; i < n; i++)
    a[i] = 1;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_HAS(O.TU, "Index(i, \"long\")");
  EXPECT_HASNT(O.TU, "Param(i,");
}

TEST(Frontend, IndexUsedAfterLoop) {
  Outcome O = run(R"(
int f(int n, float *a) {
  int i;
#pragma loop2cuda parallel
  for (i = 0; i < n; i++)
    a[i] = 1;
  return i;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "loop index 'i' is used outside the loop");
}

TEST(Frontend, InclusiveBoundFolds) {
  Outcome O = run(R"(
void f(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 0; i <= n - 1; i++)
    a[i] = 1;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_HAS(O.TU, "Range(\"0\", \"n\", 1)");
  EXPECT_HAS(O.TU, "Array(a, \"float\", \"a\", \"n\", write, [a, n])");
}

TEST(Frontend, OpenMPPrivateAndRoundTrip) {
  Outcome O = run(R"(
void f(int n, const float *a, float *b) {
  float t;
#pragma omp parallel for private(t)
  for (int i = 0; i < n; i++) {
    t = a[i] * 0.5f;
    b[i] = t > 1e-3f ? t : -t;
  }
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_HAS(O.TU, "[Decl(t, \"float\"), Assign(t, Mul(Index(a, i), 0.5f)), "
                   "Assign(Index(b, i), Cond(Gt(t, 1e-3f), t, Neg(t)))]");
  EXPECT_HASNT(O.TU, "Param(t,");
  auto T = parseTerm(O.TU, "tu");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  EXPECT_EQ(T->str(), O.TU);
}

TEST(Frontend, HostReadWriteSets) {
  Outcome O = run(R"(
int g;
void use(float *p);
void f(int n, float *a, float *b) {
  int k = n * 2;
  a[0] = 1.0f;
  use(b);
  float *alias = a;
  alias[1] = 2.0f;
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i) a[i] = b[i] + k;
  for (int t = 0; t < 10; ++t) {
#pragma loop2cuda parallel
    for (int i = 0; i < n; ++i) b[i] = a[i];
  }
  if (n > 3) {
    return;
  } else {
#pragma loop2cuda parallel
    for (int i = 0; i < n; ++i) b[i] = 0;
  }
  n++;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 3u) << O.Diags;
  // Ids 1-3 are the loops, 4 the function, then the items in order.
  // Rebind(x): x itself gets a value (a declaration, an assignment to
  // the variable, ++), not only what it points to.
  EXPECT_HAS(O.TU, "TranslationUnit([Function(f, 4, [Host(5, [n], [k, "
                   "Rebind(k)]), "
                   "Host(6, [a, alias], [a, alias]), "
                   "Host(7, [b, g], [b, g]), "
                   "Host(8, [a, alias], [a, alias, Rebind(alias)]), "
                   "Host(9, [a, alias], [a, alias]), ParallelLoop(");
  EXPECT_HAS(O.TU,
             "HostLoop(10, [t], [t, Rebind(t)], [ParallelLoop(Loop(f_L14");
  EXPECT_HAS(O.TU, "HostIf(11, [n], [], [Host(12, [*], [*])], "
                   "[ParallelLoop(Loop(f_L20");
  EXPECT_HAS(O.TU, "Host(13, [n], [n, Rebind(n)])])])");
  EXPECT_EQ(O.RangeText[6], "a[0] = 1.0f;");
  EXPECT_EQ(O.RangeText[5], "int k = n * 2;");
  EXPECT_EQ(O.RangeText[12], "return;");
  EXPECT_EQ(O.RangeText[13], "n++;");
}

TEST(Frontend, HostVectorReadsAreNotWrites) {
  Outcome O = run(R"(
#include <vector>
#include <algorithm>
void show(int);
void f(std::vector<int> &v, int n) {
  show(v[0]);
  int x = v[1];
  v[2] = x;
  std::sort(v.begin(), v.end());
  int &r = v[3];
  r = 4;
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i) v[i] = i;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  // r aliases v (function-wide), so it follows v everywhere.
  // std::sort moves elements, not the buffer: no Rebind(v).
  EXPECT_HAS(O.TU, "[Host(3, [r, v], []), Host(4, [r, v], [x, Rebind(x)]), "
                   "Host(5, [r, v, x], [r, v]), Host(6, [r, v], [r, v]), "
                   "Host(7, [r, v], [r, v, Rebind(r)]), Host(8, [r, v], [r, "
                   "v]), ParallelLoop(");
}

TEST(Frontend, LoopInsideSwitchStaysOnCpu) {
  Outcome O = run(R"(
void f(int n, int mode, float *a) {
  switch (mode) {
  case 0:
#pragma loop2cuda parallel
    for (int i = 0; i < n; ++i) a[i] = 0;
    break;
  }
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_EQ(O.Rejected, 1u);
  EXPECT_HAS(O.Diags, "6: warning: loop not parallelized: it is inside a "
                      "statement");
  EXPECT_EQ(O.TU, "TranslationUnit([])");
}

TEST(Frontend, NestedMarkedLoops) {
  Outcome O = run(R"(
void f(int n, float *a) {
#pragma loop2cuda parallel copy(a[0:n * n])
  for (int i = 0; i < n; ++i) {
#pragma loop2cuda parallel
    for (int j = 0; j < n; ++j) a[i * n + j] = 0;
  }
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u) << O.Diags;
  EXPECT_HAS(O.Diags, "6: warning: loop not parallelized: it is nested in "
                      "the parallelized loop at line 4 [mark-loop]");
}

TEST(Frontend, MatcherSelectsCandidates) {
  l2c::FrontendOptions Opts;
  Opts.MarkMatcher =
      "# only loops in functions named 'kern'\n"
      "match forStmt(hasAncestor(functionDecl(hasName(\"kern\"))))";
  Outcome O = run(R"(
void kern(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i) a[i] = 0;
}
void other(int n, float *a) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i) a[i] = 0;
}
)",
                  Opts);
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 1u);
  EXPECT_HAS(O.TU, "Function(kern");
  EXPECT_HASNT(O.TU, "Function(other");
  EXPECT_HAS(O.Diags, "7: warning: the loop after this pragma is not "
                      "selected by the mark-loop matcher [mark-loop]");
}

TEST(Frontend, MatcherParseError) {
  l2c::FrontendOptions Opts;
  Opts.MarkMatcher = "forStmt(hasAncestor(";
  Outcome O = run("void f() {}\n", Opts);
  EXPECT_FALSE(O.Ok);
  EXPECT_HAS(O.Error, "cannot parse the mark-loop matcher");
}

TEST(Frontend, StrayPragma) {
  Outcome O = run(R"(
void f(int n, float *a) {
#pragma loop2cuda parallel
  n = 3;
  for (int i = 0; i < n; ++i) a[i] = 0;
}
)");
  ASSERT_TRUE(O.Ok) << O.Error;
  EXPECT_EQ(O.Accepted, 0u);
  EXPECT_HAS(O.Diags, "3: warning: '#pragma loop2cuda parallel' is not "
                      "followed by a for loop");
}

} // namespace
