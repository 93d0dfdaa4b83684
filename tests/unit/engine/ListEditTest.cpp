//===- ListEditTest.cpp - List rules that keep the rest of the list -------===//
//
// A list rule `[... : $r] -> [... : $r]` is applied as an edit of the list's
// elements (Innermost.cpp, Strategies.cpp) with replaceRange. These tests
// pin down that the edits give what rebuilding the list would: results,
// splicing, tails and --trace.
//
//===----------------------------------------------------------------------===//

#include "engine/Engine.h"
#include "engine/Runner.h"
#include "term/TermReader.h"

#include "gtest/gtest.h"

using namespace l2c;

namespace {

struct ListEdit : ::testing::Test {
  FactRegistry Facts;
  std::vector<RuleSet> Sets;
  EngineOptions Opts;
  std::vector<std::string> Trace;

  void SetUp() override {
    registerStandardFacts(Facts);
  }

  void load(llvm::StringRef Text) {
    auto S = parseRuleFile(Text, "test.rules", Facts);
    ASSERT_TRUE(static_cast<bool>(S)) << llvm::toString(S.takeError());
    Sets = std::move(*S);
  }

  std::string rewrite(llvm::StringRef Input, Strategy S = Strategy::Innermost,
                      RunStats *Stats = nullptr) {
    auto T = parseTerm(Input);
    if (!T)
      return "bad input: " + llvm::toString(T.takeError());
    RuleSet Set = Sets.at(0);
    Set.Strat = S;
    Engine E(Facts, Opts);
    auto Out = E.run(Set, *T, Stats);
    if (!Out)
      return "error: " + llvm::toString(Out.takeError());
    return Out->str();
  }
};

TEST_F(ListEdit, SwapMovesAnElementToTheFront) {
  load("ruleset s strategy innermost { rule swap: [B, A : $r] -> [A, B : $r]; "
       "}");
  EXPECT_EQ(rewrite("[x, B, y, B, A, z]"), "[x, B, y, A, B, z]");
  EXPECT_EQ(rewrite("Body([B, B, A])"), "Body([A, B, B])");
  EXPECT_EQ(rewrite("[B, B, B, A : T(q)]"), "[A, B, B, B : T(q)]");
}

TEST_F(ListEdit, ARuleThatReadsTheTailSeesARewriteBehindIt) {
  // mark sees the D that make-d writes two places behind it: the scan after
  // make-d must try mark from the start of the list again, although the
  // other rules resume just before the rewrite.
  load(R"(ruleset s strategy innermost {
    rule mark: [C : $r] when member(D, $r) -> [X : $r];
    rule make-d: [B, A : $r] -> [D, A : $r];
    rule end: [Z] -> [Y];
  })");
  EXPECT_EQ(rewrite("[C, q, B, A]"), "[X, q, D, A]");
  EXPECT_EQ(rewrite("[C, q, q, q, B, A, q]"), "[X, q, q, q, D, A, q]");
  EXPECT_EQ(rewrite("[C, q, Z]"), "[C, q, Y]");
}

TEST_F(ListEdit, DedupUnderEveryStrategy) {
  load("ruleset s strategy innermost { rule dedup: [$x, $x : $r] -> [$x : "
       "$r]; }");
  for (Strategy S :
       {Strategy::Innermost, Strategy::TopDown, Strategy::BottomUp})
    EXPECT_EQ(rewrite("F([a, a, b, b, c, c])", S), "F([a, b, c])")
        << strategyName(S);
  EXPECT_EQ(rewrite("F([a, a, b, b, c, c])", Strategy::Once),
            "F([a, b, b, c, c])");
  EXPECT_EQ(rewrite("[a, a, a, a]"), "[a]");
}

TEST_F(ListEdit, ProducedElementsAreNormalisedAndSpliced) {
  load(R"(ruleset s strategy innermost {
    rule wrap: [P($x) : $r] -> [Twice($x) : $r];
    rule dup: Twice($x) -> [$x, $x];
    rule drop: Nop -> [];
  })");
  EXPECT_EQ(rewrite("[a, P(b), c]"), "[a, b, b, c]");
  // Nop is an argument of Twice, not an element: it becomes [], unspliced.
  EXPECT_EQ(rewrite("[P(Nop), c]"), "[[], [], c]");
  EXPECT_EQ(rewrite("G([P(b) : T])"), "G([b, b : T])");
}

TEST_F(ListEdit, AListThatLosesAllItsElementsIsItsTail) {
  load(R"(ruleset s strategy innermost {
    rule wrap: [P($x) : $r] -> [Nop : $r];
    rule drop: Nop -> [];
    rule t: T(q) -> Done;
  })");
  // [P(a) : T(q)] -> [Nop : T(q)] -> T(q) -> Done: the tail is tried again
  // once the list is gone.
  EXPECT_EQ(rewrite("G([P(a) : T(q)])"), "G(Done)");
  EXPECT_EQ(rewrite("G([P(a), P(b)])"), "G([])");
}

TEST_F(ListEdit, CopiesRiseToTheLastWrite) {
  load(R"(ruleset s strategy innermost {
    rule up: [$s, CopyIn($a) : $r] when !occurs($a, $s)
             -> [CopyIn($a), $s : $r];
    rule twice: [CopyIn($a), CopyIn($a) : $r] -> [CopyIn($a) : $r];
  })");
  EXPECT_EQ(rewrite("[W(a), h1, h2, CopyIn(a), h3, CopyIn(b), CopyIn(a)]"),
            "[CopyIn(b), W(a), CopyIn(a), h1, h2, h3]");
  RunStats Stats;
  rewrite("[W(a), h1, h2, CopyIn(a), h3, CopyIn(b), CopyIn(a)]",
          Strategy::Innermost, &Stats);
  EXPECT_EQ(Stats.Rewrites, 11u);
  EXPECT_EQ(Stats.PerRule["up"], 10u);
  EXPECT_EQ(Stats.PerRule["twice"], 1u);
}

TEST_F(ListEdit, TraceShowsTheSuffixBeforeAndAfter) {
  load("ruleset s strategy innermost { rule swap: [B, A : $r] -> [A, B : $r]; "
       "}");
  Opts.Trace = [this](const TraceEvent &E) { Trace.push_back(traceText(E)); };
  EXPECT_EQ(rewrite("F([x, B, A, z])"), "F([x, A, B, z])");
  ASSERT_EQ(Trace.size(), 1u);
  EXPECT_EQ(Trace[0], "trace: s/swap at /0/1..\n"
                      "  before: [B, A, z]\n"
                      "  after:  [A, B, z]\n");
}

TEST_F(ListEdit, StepLimitCountsEdits) {
  load("ruleset s strategy innermost limit 3 { rule swap: [B, A : $r] -> [A, "
       "B : $r]; }");
  EXPECT_EQ(rewrite("[B, B, B, B, A]").substr(0, 45),
            "error: test.rules:1:1: error: rule set 's' di");
}

} // namespace

// ------------------------------------------------------------ replaceRange

namespace {

std::string join(const std::vector<Term> &V) { return Term::list(V).str(); }

std::vector<Term> atoms(std::initializer_list<const char *> Names) {
  std::vector<Term> V;
  for (const char *N : Names)
    V.push_back(Term::ident(N));
  return V;
}

TEST(ReplaceRangeTest, SameLengthOverwritesInPlace) {
  std::vector<Term> V = atoms({"a", "b", "c", "d"});
  const Term *Data = V.data();
  replaceRange(V, 1, 3, atoms({"x", "y"}));
  EXPECT_EQ(join(V), "[a, x, y, d]");
  EXPECT_EQ(V.data(), Data);
}

TEST(ReplaceRangeTest, ShorterAndLongerReplacements) {
  std::vector<Term> V = atoms({"a", "b", "c", "d"});
  replaceRange(V, 1, 3, atoms({"x"}));
  EXPECT_EQ(join(V), "[a, x, d]");
  replaceRange(V, 0, 1, atoms({"p", "q", "r"}));
  EXPECT_EQ(join(V), "[p, q, r, x, d]");
  replaceRange(V, 5, 5, atoms({"z"}));
  EXPECT_EQ(join(V), "[p, q, r, x, d, z]");
  replaceRange(V, 0, 6, atoms({}));
  EXPECT_EQ(join(V), "[]");
}

} // namespace
