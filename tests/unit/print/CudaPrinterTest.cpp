//===- CudaPrinterTest.cpp - Tests of the CUDA printer --------------------===//

#include "print/CudaPrinter.h"
#include "term/TermReader.h"

#include "gtest/gtest.h"

using namespace l2c;

namespace {

Term parse(llvm::StringRef Text) {
  auto T = parseTerm(Text);
  if (!T) {
    ADD_FAILURE() << llvm::toString(T.takeError());
    return Term();
  }
  return *T;
}

std::string expr(llvm::StringRef Text) {
  auto S = printExpr(parse(Text));
  if (!S)
    return "error: " + llvm::toString(S.takeError());
  return *S;
}

std::string stmts(llvm::StringRef Text, unsigned Indent = 0) {
  auto S = printStatements(parse(Text), Indent);
  if (!S)
    return "error: " + llvm::toString(S.takeError());
  return *S;
}

TEST(PrintExpr, Atoms) {
  EXPECT_EQ(expr("x"), "x");
  EXPECT_EQ(expr("42"), "42");
  EXPECT_EQ(expr("42u"), "42u");
  EXPECT_EQ(expr("1.5f"), "1.5f");
  EXPECT_EQ(expr("true"), "true");
  EXPECT_EQ(expr("\"a\\\"b\""), "\"a\\\"b\"");
  EXPECT_EQ(expr("std::max"), "std::max");
}

TEST(PrintExpr, NoNeedlessParens) {
  EXPECT_EQ(expr("Assign(Index(y, i), Add(Mul(a, Index(x, i)), Index(y, i)))"),
            "y[i] = a * x[i] + y[i]");
  EXPECT_EQ(expr("Sub(Sub(a, b), c)"), "a - b - c");
  EXPECT_EQ(expr("Add(a, Mul(b, c))"), "a + b * c");
  EXPECT_EQ(expr("LAnd(Lt(a, b), Ge(c, d))"), "a < b && c >= d");
  EXPECT_EQ(expr("BitAnd(BitAnd(a, b), c)"), "a & b & c");
  EXPECT_EQ(expr("Assign(a, Assign(b, c))"), "a = b = c");
}

TEST(PrintExpr, Precedence) {
  EXPECT_EQ(expr("Sub(a, Sub(b, c))"), "a - (b - c)");
  EXPECT_EQ(expr("Mul(Add(a, b), c)"), "(a + b) * c");
  EXPECT_EQ(expr("Div(a, Mul(b, c))"), "a / (b * c)");
  EXPECT_EQ(expr("Eq(BitAnd(i, k), 0)"), "(i & k) == 0");
  EXPECT_EQ(expr("Index(Add(p, 1), i)"), "(p + 1)[i]");
  EXPECT_EQ(expr("Deref(Add(p, i))"), "*(p + i)");
  EXPECT_EQ(expr("Mul(Neg(a), b)"), "-a * b");
  EXPECT_EQ(expr("Cast(\"float\", Add(a, b))"), "(float)(a + b)");
  EXPECT_EQ(expr("Add(Cast(\"float\", a), b)"), "(float)a + b");
  EXPECT_EQ(expr("Arrow(Add(p, 1), f)"), "(p + 1)->f");
  EXPECT_EQ(expr("PostInc(Deref(p))"), "(*p)++");
  EXPECT_EQ(expr("Mul(Assign(a, b), c)"), "(a = b) * c");
  EXPECT_EQ(expr("Call(f, [Assign(a, b), Add(c, d)])"), "f(a = b, c + d)");
}

TEST(PrintExpr, ShiftAndBitwiseMixing) {
  EXPECT_EQ(expr("Shl(Add(a, b), c)"), "(a + b) << c");
  EXPECT_EQ(expr("Shl(a, Add(b, c))"), "a << (b + c)");
  EXPECT_EQ(expr("Add(Shl(a, b), c)"), "(a << b) + c");
  EXPECT_EQ(expr("Shl(Mul(a, b), c)"), "a * b << c");
  EXPECT_EQ(expr("Shr(Shl(a, b), c)"), "a << b >> c");
  EXPECT_EQ(expr("Shl(a, Shl(b, c))"), "a << (b << c)");
  EXPECT_EQ(expr("BitOr(BitAnd(a, b), c)"), "(a & b) | c");
  EXPECT_EQ(expr("BitXor(Add(a, 1), b)"), "(a + 1) ^ b");
  EXPECT_EQ(expr("LOr(LAnd(a, b), c)"), "(a && b) || c");
  EXPECT_EQ(expr("LAnd(LOr(a, b), c)"), "(a || b) && c");
}

TEST(PrintExpr, Conditional) {
  EXPECT_EQ(expr("Cond(Lt(a, b), a, b)"), "a < b ? a : b");
  EXPECT_EQ(expr("Cond(a, b, Cond(c, d, e))"), "a ? b : c ? d : e");
  EXPECT_EQ(expr("Cond(Cond(a, b, c), d, e)"), "(a ? b : c) ? d : e");
  EXPECT_EQ(expr("Cond(a, Cond(b, c, d), e)"), "a ? b ? c : d : e");
  EXPECT_EQ(expr("Add(Cond(a, b, c), d)"), "(a ? b : c) + d");
  EXPECT_EQ(expr("Assign(x, Cond(a, b, c))"), "x = a ? b : c");
  EXPECT_EQ(expr("Cond(a, b, Assign(c, d))"), "a ? b : c = d");
  EXPECT_EQ(expr("Assign(Cond(a, b, c), d)"), "(a ? b : c) = d");
}

TEST(PrintExpr, Unary) {
  EXPECT_EQ(expr("Neg(Neg(x))"), "-(-x)");
  EXPECT_EQ(expr("Neg(PreDec(x))"), "-(--x)");
  EXPECT_EQ(expr("Neg(-1)"), "-(-1)");
  EXPECT_EQ(expr("Plus(PreInc(x))"), "+(++x)");
  EXPECT_EQ(expr("Neg(BitNot(x))"), "-~x");
  EXPECT_EQ(expr("Not(Lt(a, b))"), "!(a < b)");
  EXPECT_EQ(expr("Sub(a, -1)"), "a - -1");
  EXPECT_EQ(expr("AddrOf(Index(a, i))"), "&a[i]");
  EXPECT_EQ(expr("PostDec(x)"), "x--");
  EXPECT_EQ(expr("SizeOf(\"float\")"), "sizeof(float)");
  EXPECT_EQ(expr("Mul(n, SizeOf(\"float\"))"), "n * sizeof(float)");
}

TEST(PrintExpr, Braced) {
  EXPECT_EQ(expr("Braced(\"Vec2\", [1, Mul(a, b)])"), "Vec2{1, a * b}");
  EXPECT_EQ(expr("Braced(\"S\", [Braced(\"\", [1, 2]), 3])"), "S{{1, 2}, 3}");
  EXPECT_EQ(expr("Dot(Braced(\"Vec2\", []), x)"), "Vec2{}.x");
}

TEST(PrintExpr, PostfixAndCalls) {
  EXPECT_EQ(expr("Add(Mul(Dot(blockIdx, x), Dot(blockDim, x)), "
                 "Dot(threadIdx, x))"),
            "blockIdx.x * blockDim.x + threadIdx.x");
  EXPECT_EQ(expr("Call(std::max, [a, b])"), "std::max(a, b)");
  EXPECT_EQ(expr("Call(f, [])"), "f()");
  EXPECT_EQ(expr("Index(Index(m, i), j)"), "m[i][j]");
  EXPECT_EQ(expr("Index(a, Add(i, 1))"), "a[i + 1]");
  EXPECT_EQ(expr("Raw(\"l2c::warpReduce(v, l2c::Sum())\")"),
            "l2c::warpReduce(v, l2c::Sum())");
  // Raw text that is not one token is parenthesised: the printer cannot
  // know its precedence.
  EXPECT_EQ(expr("AddAssign(s, Raw(\"x<<1\"))"), "s += (x<<1)");
}

TEST(PrintStatements, Declarations) {
  EXPECT_EQ(stmts("[Decl(i, \"int\", 0), Decl(p, \"const float *\", x), "
                  "Decl(t, \"double\")]"),
            "int i = 0;\nconst float *p = x;\ndouble t;\n");
  EXPECT_EQ(stmts("[ArrayDecl(b, \"int\", 8), SharedArray(s, \"float\", 256)]"),
            "int b[8];\n__shared__ float s[256];\n");
}

TEST(PrintStatements, SimpleStatements) {
  EXPECT_EQ(stmts("[SyncThreads, SyncWarp, Break, Continue, Return, "
                  "Return(Add(a, b)), Comment(\"a note\"), PostInc(i)]",
                  1),
            "  __syncthreads();\n  __syncwarp();\n  break;\n  continue;\n"
            "  return;\n  return a + b;\n  // a note\n  i++;\n");
  EXPECT_EQ(stmts("[Comment(\"two\\nlines\")]"), "// two\n// lines\n");
  EXPECT_EQ(stmts("[Raw(\"asm volatile(\\\"\\\");\")]", 1),
            "  asm volatile(\"\");\n");
  EXPECT_EQ(stmts("[SyncThreads(), Nothing, Return()]"),
            "__syncthreads();\nreturn;\n");
}

TEST(PrintStatements, NestedListsAreSpliced) {
  EXPECT_EQ(stmts("[a, [b, [c], []], d]"), "a;\nb;\nc;\nd;\n");
  EXPECT_EQ(stmts("[]"), "");
}

TEST(PrintStatements, If) {
  EXPECT_EQ(stmts("[If(Lt(a, b), [Assign(a, b)])]"),
            "if (a < b) {\n  a = b;\n}\n");
  EXPECT_EQ(stmts("[If(c, [x], [y])]", 1),
            "  if (c) {\n    x;\n  } else {\n    y;\n  }\n");
  EXPECT_EQ(stmts("[If(c, [x], [If(d, [y], [z])])]"),
            "if (c) {\n  x;\n} else if (d) {\n  y;\n} else {\n  z;\n}\n");
  EXPECT_EQ(stmts("[If(c, [x], [])]"), "if (c) {\n  x;\n}\n");
  EXPECT_EQ(stmts("[If(c, [], [If(d, [y]), z])]"),
            "if (c) {\n} else {\n  if (d) {\n    y;\n  }\n  z;\n}\n");
}

TEST(PrintStatements, Loops) {
  EXPECT_EQ(stmts("[For(Decl(i, \"int\", 0), Lt(i, n), PreInc(i), "
                  "[AddAssign(s, Index(a, i))])]"),
            "for (int i = 0; i < n; ++i) {\n  s += a[i];\n}\n");
  EXPECT_EQ(stmts("[For(Nothing, Nothing, Nothing, [Break])]"),
            "for (;;) {\n  break;\n}\n");
  EXPECT_EQ(stmts("[For(Assign(i, 0), Gt(i, 0), ShrAssign(i, 1), [])]"),
            "for (i = 0; i > 0; i >>= 1) {\n}\n");
  EXPECT_EQ(stmts("[While(Gt(n, 0), [PostDec(n)])]"),
            "while (n > 0) {\n  n--;\n}\n");
  EXPECT_EQ(stmts("[DoWhile([PostDec(n)], Gt(n, 0))]"),
            "do {\n  n--;\n} while (n > 0);\n");
  EXPECT_EQ(stmts("[Block([Decl(t, \"int\", a), Assign(a, b)])]"),
            "{\n  int t = a;\n  a = b;\n}\n");
}

TEST(PrintStatements, Errors) {
  auto S = printStatements(parse("[Assign(x, Foo(y))]"), 0);
  ASSERT_FALSE(S);
  EXPECT_EQ(llvm::toString(S.takeError()),
            "cannot print term 'Foo(y)': unknown constructor 'Foo'");
  S = printStatements(parse("[Reduce(Add, s, Index(a, i))]"), 0);
  ASSERT_FALSE(S);
  EXPECT_NE(llvm::toString(S.takeError()).find("cannot print term 'Reduce("),
            std::string::npos);
  S = printStatements(parse("[Assign(x, $y)]"), 0);
  ASSERT_FALSE(S);
  EXPECT_EQ(llvm::toString(S.takeError()),
            "cannot print term '$y': unbound pattern variable");
  S = printStatements(parse("Assign(x, y)"), 0);
  ASSERT_FALSE(S);
  llvm::consumeError(S.takeError());
  auto E = printExpr(parse("Bar"));
  ASSERT_TRUE(bool(E)); // an identifier, not a constructor
  EXPECT_EQ(*E, "Bar");
}

const char *SaxpyKernel = R"(
Kernel(saxpy_L12,
       [Param(l2c_begin, "long long"), Param(l2c_end, "long long"),
        Param(a, "float"), Param(x, "const float *"), Param(y, "float *")],
       [For(Decl(i, "long long",
                 Add(l2c_begin, Add(Mul(Cast("long long", Dot(blockIdx, x)),
                                        Dot(blockDim, x)),
                                    Dot(threadIdx, x)))),
            Lt(i, l2c_end),
            AddAssign(i, Mul(Cast("long long", Dot(gridDim, x)),
                             Dot(blockDim, x))),
            [Assign(Index(y, i), Add(Mul(a, Index(x, i)), Index(y, i)))])])
)";

TEST(PrintKernel, Saxpy) {
  std::vector<std::string> Prov = {"from saxpy.cpp:12",
                                   "rules: extract-kernel"};
  auto K = printKernel(parse(SaxpyKernel), Prov);
  ASSERT_TRUE(bool(K)) << llvm::toString(K.takeError());
  EXPECT_EQ(*K, "// loop2cuda kernel saxpy_L12: from saxpy.cpp:12\n"
                "// rules: extract-kernel\n"
                "__global__ void saxpy_L12(long long l2c_begin, long long "
                "l2c_end, float a, const float *x, float *y) {\n"
                "  for (long long i = l2c_begin + ((long long)blockIdx.x * "
                "blockDim.x + threadIdx.x); i < l2c_end; i += (long "
                "long)gridDim.x * blockDim.x) {\n"
                "    y[i] = a * x[i] + y[i];\n"
                "  }\n"
                "}\n");
}

TEST(PrintKernel, LaunchBoundsAndNoProvenance) {
  auto K = printKernel(parse("Kernel(k, [Param(n, \"int\")], [SyncThreads], "
                             "Attrs([LaunchBounds(256)]))"),
                       {});
  ASSERT_TRUE(bool(K)) << llvm::toString(K.takeError());
  EXPECT_EQ(*K, "// loop2cuda kernel k\n"
                "__global__ void __launch_bounds__(256) k(int n) {\n"
                "  __syncthreads();\n"
                "}\n");
}

TEST(PrintKernel, Errors) {
  auto K = printKernel(parse("Kernel(k, [Param(n, \"int\")], [Foo(1)])"), {});
  ASSERT_FALSE(K);
  EXPECT_EQ(llvm::toString(K.takeError()),
            "cannot print term 'Foo(1)': unknown constructor 'Foo'");
  K = printKernel(parse("Kernel(k, [], [], Attrs([Inline]))"), {});
  ASSERT_FALSE(K);
  llvm::consumeError(K.takeError());
  K = printKernel(parse("Kern(k, [], [])"), {});
  ASSERT_FALSE(K);
  llvm::consumeError(K.takeError());
}

TEST(PrintDeviceFunction, Swap) {
  auto F = printDeviceFunction(parse(
      "DeviceFunction(swap, \"void\", [Param(x, \"int &\"), Param(y, \"int "
      "&\")], [Decl(t, \"int\", x), Assign(x, y), Assign(y, t)])"));
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  EXPECT_EQ(*F, "static __device__ void swap(int &x, int &y) {\n"
                "  int t = x;\n"
                "  x = y;\n"
                "  y = t;\n"
                "}\n");
  F = printDeviceFunction(
      parse("DeviceFunction(at, \"float *\", [Param(p, \"float *\"), "
            "Param(i, \"int\")], [Return(Add(p, i))])"));
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  EXPECT_EQ(*F, "static __device__ float *at(float *p, int i) {\n"
                "  return p + i;\n"
                "}\n");
}

} // namespace
