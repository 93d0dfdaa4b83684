//===- EngineTest.cpp - Terms, rule files, matching and strategies --------===//

#include "engine/Engine.h"
#include "engine/Facts.h"
#include "engine/RuleLibrary.h"
#include "term/TermReader.h"

#include "gtest/gtest.h"

#include <fstream>
#include <sstream>

using namespace l2c;

namespace {

Term term(llvm::StringRef Text) {
  auto T = parseTerm(Text);
  if (!T) {
    ADD_FAILURE() << llvm::toString(T.takeError());
    return Term::ident("<error>");
  }
  return *T;
}

struct Fixture : ::testing::Test {
  FactRegistry Facts;
  std::vector<RuleSet> Sets;
  std::vector<std::string> Trace;
  EngineOptions Opts;

  void SetUp() override {
    registerStandardFacts(Facts);
  }

  void load(llvm::StringRef Text) {
    auto S = parseRuleFile(Text, "test.rules", Facts);
    ASSERT_TRUE(static_cast<bool>(S)) << llvm::toString(S.takeError());
    Sets = std::move(*S);
  }

  std::string loadError(llvm::StringRef Text) {
    auto S = parseRuleFile(Text, "test.rules", Facts);
    if (S)
      return "<no error>";
    return llvm::toString(S.takeError());
  }

  std::string rewrite(llvm::StringRef Input, size_t Set = 0) {
    Engine E(Facts, Opts);
    auto Out = E.run(Sets.at(Set), term(Input));
    if (!Out)
      return "error: " + llvm::toString(Out.takeError());
    return Out->str();
  }
};

std::string readFile(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

// ---------------------------------------------------------------- terms

TEST(TermTest, RoundTripsExactly) {
  const char *Texts[] = {
      "f(x, 42, -7, 1.5f, \"a \\\"q\\\"\", [a, b : $t], $x, [], g())",
      "For(Decl(s, \"int\", 1), Lt(s, Dot(blockDim, x)), MulAssign(s, 2), [])",
      "[1, 2, 3]",
      "10ull",
      "std::max",
      "1e-3",
      "[x : F(y)]",
  };
  for (const char *Text : Texts) {
    Term T = term(Text);
    EXPECT_EQ(T.str(), Text);
    EXPECT_EQ(term(T.str()), T);
  }
}

TEST(TermTest, ListTailsFlatten) {
  EXPECT_EQ(Term::list({Term::ident("a")}, term("[b, c]")), term("[a, b, c]"));
  EXPECT_EQ(term("[a : [b : [c]]]").str(), "[a, b, c]");
  EXPECT_NE(term("[a, b]"), term("[a, [b]]"));
}

TEST(TermTest, EqualityAndSharing) {
  Term A = term("F(G(x), [1, 2])");
  Term B = term("F(G(x), [1, 2])");
  EXPECT_EQ(A, B);
  EXPECT_EQ(A.hash(), B.hash());
  EXPECT_FALSE(A.sameNode(B));
  Term C = A; // copying shares the node
  EXPECT_TRUE(C.sameNode(A));
  EXPECT_NE(A, term("F(G(y), [1, 2])"));
  EXPECT_NE(term("1"), term("1u"));
  EXPECT_NE(term("f"), term("f()"));
  EXPECT_EQ(A.size(), 6u);
}

TEST(TermTest, ReaderReportsPositions) {
  auto T = parseTerm("F(a,\n  b c)", "t.term");
  ASSERT_FALSE(static_cast<bool>(T));
  EXPECT_EQ(llvm::toString(T.takeError()),
            "t.term:2:5: error: expected ',' or ')', found identifier 'c'");
  auto U = parseTerm("[a, b", "u.term");
  ASSERT_FALSE(static_cast<bool>(U));
  EXPECT_EQ(llvm::toString(U.takeError()),
            "u.term:1:6: error: expected ',' or ']', found end of input");
}

// A backslash before a NUL or a line end used to put the NUL into the
// string, which then printed as text the reader refused (tests/fuzz found
// it). Every string the reader accepts prints back to itself.
TEST(TermTest, StringsRoundTrip) {
  std::string Nul("x(g, \"\\\0\")", 10);
  auto T = parseTerm(Nul, "n.term");
  ASSERT_FALSE(static_cast<bool>(T));
  EXPECT_NE(llvm::toString(T.takeError()).find("unterminated string"),
            std::string::npos);
  auto L = parseTerm("F(\"a\\\nb\")", "l.term");
  ASSERT_FALSE(static_cast<bool>(L));
  llvm::consumeError(L.takeError());
  for (const char *Text : {"F(\"a\\\\b\")", "F(\"q\\\"t\\tn\\n\")"}) {
    auto A = parseTerm(Text);
    ASSERT_TRUE(static_cast<bool>(A)) << Text;
    auto B = parseTerm(A->str());
    ASSERT_TRUE(static_cast<bool>(B)) << A->str();
    EXPECT_EQ(*A, *B);
  }
}

// ---------------------------------------------------------------- matching

TEST_F(Fixture, MatchesRepeatedVariablesOnlyWhenEqual) {
  load("ruleset s strategy once { rule same: F($x, $x) -> Same($x); }");
  EXPECT_EQ(rewrite("F(G(a), G(a))"), "Same(G(a))");
  EXPECT_EQ(rewrite("F(G(a), G(b))"), "F(G(a), G(b))");
}

TEST_F(Fixture, ListPatternsWithHeadAndTail) {
  load(R"(ruleset s strategy once {
    rule two: Pair([$a, $b : $rest]) -> Got($a, $b, $rest);
  })");
  EXPECT_EQ(rewrite("Pair([1, 2, 3, 4])"), "Got(1, 2, [3, 4])");
  EXPECT_EQ(rewrite("Pair([1, 2])"), "Got(1, 2, [])");
  EXPECT_EQ(rewrite("Pair([1])"), "Pair([1])");
}

TEST_F(Fixture, ListRulesMatchAtEverySuffix) {
  // A list pattern finds the adjacent pair anywhere in the list.
  load(R"(ruleset s strategy innermost {
    rule swap: [B, A : $r] -> [A, B : $r];
  })");
  EXPECT_EQ(rewrite("[x, B, y, B, A, z]"), "[x, B, y, A, B, z]");
  EXPECT_EQ(rewrite("Body([B, B, A])"), "Body([A, B, B])");
}

TEST_F(Fixture, ListReplacementsOfElementsAreSpliced) {
  load(R"(ruleset s strategy innermost {
    rule dup: Twice($x) -> [$x, $x];
    rule drop: Nop -> [];
  })");
  EXPECT_EQ(rewrite("[a, Twice(b), Nop, c]"), "[a, b, b, c]");
  // A list that was already an element stays one.
  EXPECT_EQ(rewrite("[[a], Nop]"), "[[a]]");
}

// ---------------------------------------------------------------- strategies

TEST_F(Fixture, TopDownRewritesEachNodeOnceBeforeItsChildren) {
  load(R"(ruleset s strategy topdown {
    rule a-to-b: A($x) -> B($x);
    rule bb-to-c: B(B($x)) -> C($x);
  })");
  // The root is visited before its child changes, so bb-to-c never sees
  // B(B(c)); innermost would go on to C(c).
  EXPECT_EQ(rewrite("A(A(c))"), "B(B(c))");
}

TEST_F(Fixture, RunawayGrowthIsStopped) {
  load(R"(ruleset s strategy topdown {
    rule wrap: A($x) -> B(A($x));
  })");
  std::string Out = rewrite("A(c)");
  EXPECT_NE(Out.find("rule set 's' did not terminate"), std::string::npos)
      << Out;
  EXPECT_NE(Out.find("rule 'wrap' keeps firing"), std::string::npos) << Out;
}

TEST_F(Fixture, BottomUpRewritesChildrenFirst) {
  load(R"(ruleset s strategy bottomup {
    rule leaf: L -> M;
    rule up: N(M) -> Done;
  })");
  EXPECT_EQ(rewrite("N(L)"), "Done");
  // Topdown would see N(L) first and miss it.
  load(R"(ruleset s strategy topdown {
    rule leaf: L -> M;
    rule up: N(M) -> Done;
  })");
  EXPECT_EQ(rewrite("N(L)"), "N(M)");
}

TEST_F(Fixture, InnermostReachesTheFixpoint) {
  load(R"(ruleset peano strategy innermost {
    rule add-zero: Add(Z, $y) -> $y;
    rule add-succ: Add(S($x), $y) -> S(Add($x, $y));
  })");
  EXPECT_EQ(rewrite("Add(S(S(Z)), Add(S(Z), S(Z)))"), "S(S(S(S(Z))))");
}

TEST_F(Fixture, OnceAppliesOneRuleAtTheFirstPosition) {
  load("ruleset s strategy once { rule r: X -> Y; }");
  EXPECT_EQ(rewrite("F(X, G(X), X)"), "F(Y, G(X), X)");
}

TEST_F(Fixture, TopDownAppliesListRulesAlongTheWholeList) {
  load(R"(ruleset s strategy topdown {
    rule dedup: [$x, $x : $r] -> [$x : $r];
  })");
  EXPECT_EQ(rewrite("[a, a, b, b, c, c]"), "[a, b, c]");
}

TEST_F(Fixture, ListRuleWithANonListReplacement) {
  load(R"(ruleset s strategy topdown {
    rule end: [Y : $r] -> Stop;
    rule all: [X : $r] -> Whole;
  })");
  EXPECT_EQ(rewrite("G([Y, Z])"), "G(Stop)");
  EXPECT_EQ(rewrite("G([W, Y, Z])"), "G([W : Stop])");
  EXPECT_EQ(rewrite("[X, Y]"), "Whole");
}

TEST_F(Fixture, VariablePatternsSeeListsUnderEveryStrategy) {
  for (const char *Strategy : {"topdown", "bottomup", "innermost", "once"}) {
    load(std::string("ruleset s strategy ") + Strategy +
         " { rule two: $x when length($x) == 2 -> Two; }");
    EXPECT_EQ(rewrite("F([a, b])"), "F(Two)") << Strategy;
  }
}

TEST_F(Fixture, StatsStartAfreshOnEveryRun) {
  load("ruleset s strategy innermost limit 5 { rule r: A -> B; }");
  Engine E(Facts, Opts);
  RunStats Stats;
  ASSERT_TRUE(static_cast<bool>(E.run(Sets[0], term("[A, A, A]"), &Stats)));
  auto Again = E.run(Sets[0], term("[A, A, A]"), &Stats);
  ASSERT_TRUE(static_cast<bool>(Again)) << llvm::toString(Again.takeError());
  EXPECT_EQ(Stats.Rewrites, 3u);
}

// ---------------------------------------------------------------- conditions

TEST_F(Fixture, ArithmeticInConditionsAndReplacements) {
  load(R"(ruleset halve strategy innermost {
    rule step: Halve($n) when $n > 1 -> [$n : Halve($n / 2)];
    rule stop: Halve(1) -> [1];
  })");
  EXPECT_EQ(rewrite("Halve(32)"), "[32, 16, 8, 4, 2, 1]");
  load(R"(ruleset calc strategy innermost {
    rule calc: Calc($a, $b) -> R($a + $b * 2, ($a + $b) * 2, $a % $b, -$a, $a - 1);
  })");
  EXPECT_EQ(rewrite("Calc(7, 3)"), "R(13, 20, 1, -7, 6)");
}

TEST_F(Fixture, FactsInConditionsAndLetBindings) {
  load(R"(ruleset s strategy innermost {
    rule pick: Pick($xs) when let Box($v) = last($xs), member($v, [a, b]), !isInt($v)
               -> Picked($v, length($xs));
  })");
  EXPECT_EQ(rewrite("Pick([Box(1), Box(a)])"), "Picked(a, 2)");
  EXPECT_EQ(rewrite("Pick([Box(a), Box(c)])"), "Pick([Box(a), Box(c)])");
  EXPECT_EQ(rewrite("Pick([Box(a), Other(a)])"), "Pick([Box(a), Other(a)])");
}

TEST_F(Fixture, RegisteredFactsAndActionsAreCalled) {
  std::vector<std::string> Seen;
  Facts.add("noted", 1, "records its argument",
            [&Seen](llvm::ArrayRef<Term> A) -> std::optional<Term> {
              Seen.push_back(A[0].str());
              return Term::boolean(true);
            });
  Facts.add("double", 1, "twice an integer",
            [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
              if (!A[0].is(Term::Int))
                return std::nullopt;
              return Term::integer(2 * A[0].intValue());
            });
  load(R"(ruleset s strategy innermost {
    rule r: N($x) when let $y = double($x) -> M($y) do noted($x);
  })");
  EXPECT_EQ(rewrite("[N(2), N(q)]"), "[M(4), N(q)]");
  ASSERT_EQ(Seen.size(), 1u);
  EXPECT_EQ(Seen[0], "2");
}

TEST_F(Fixture, DisabledRulesAndSetsDoNothing) {
  load(R"(ruleset s strategy innermost {
    rule a-to-b: A -> B;
    rule b-to-c: B -> C;
  })");
  EXPECT_EQ(rewrite("F(A)"), "F(C)");
  Opts.Disabled.insert("b-to-c");
  EXPECT_EQ(rewrite("F(A)"), "F(B)");
  Opts.Disabled.insert("s");
  EXPECT_EQ(rewrite("F(A)"), "F(A)");
}

TEST_F(Fixture, TraceReportsEveryApplication) {
  load(R"(ruleset s strategy innermost { rule r: A -> B; })");
  Opts.Trace = [this](const TraceEvent &E) {
    Trace.push_back(E.Set->Name + "/" + E.R->Name + " at " + E.Path + ": " +
                    E.Before.str() + " -> " + E.After.str());
  };
  EXPECT_EQ(rewrite("F(x, G(A))"), "F(x, G(B))");
  ASSERT_EQ(Trace.size(), 1u);
  EXPECT_EQ(Trace[0], "s/r at /1/0: A -> B");
}

// ---------------------------------------------------------------- errors

TEST_F(Fixture, MalformedRuleFilesGiveLocatedErrors) {
  EXPECT_EQ(loadError("ruleset s strategy innermost {\n  rule r: A => B;\n}"),
            "test.rules:2:13: error: expected '->' after the pattern of rule "
            "'r', found '='");
  EXPECT_EQ(loadError("ruleset s strategy innermost {\n  rule r: A B;\n}"),
            "test.rules:2:13: error: expected '->' after the pattern of rule "
            "'r', found identifier 'B'");
  EXPECT_EQ(loadError("ruleset s strategy sideways { }"),
            "test.rules:1:20: error: unknown strategy identifier 'sideways'; "
            "expected topdown, bottomup, innermost or once");
  EXPECT_EQ(loadError("ruleset s strategy once {\n rule r: A -> B"),
            "test.rules:2:16: error: expected ';' at the end of rule 'r', "
            "found end of input");
  EXPECT_EQ(loadError("ruleset s strategy once { rule r: F($x) -> [$x"),
            "test.rules:1:47: error: expected ',', ':' or ']' in a list, "
            "found end of input");
  EXPECT_EQ(loadError("rule r: A -> B;"),
            "test.rules:1:1: error: expected 'ruleset', found identifier "
            "'rule'");
}

TEST_F(Fixture, UnknownFactIsAnError) {
  std::string E = loadError(
      "ruleset s strategy once {\n  rule r: F($x) when wirtes($x) -> G;\n}");
  EXPECT_EQ(E.substr(0, E.find(';')),
            "test.rules:2:22: error: unknown fact 'wirtes'");
  EXPECT_NE(E.find("append"), std::string::npos) << E;
  EXPECT_EQ(loadError("ruleset s strategy once { rule r: F($x) when "
                      "member($x) -> G; }"),
            "test.rules:1:46: error: fact 'member' takes 2 argument(s), 1 "
            "given");
}

TEST_F(Fixture, UnboundReplacementVariableIsAnError) {
  EXPECT_EQ(loadError("ruleset s strategy once {\n  rule r: F($x) -> G($x, "
                      "$y);\n}"),
            "test.rules:2:20: error: variable '$y' in the replacement of rule "
            "'r' is not bound by its pattern or by a 'let' before it");
  EXPECT_EQ(loadError("ruleset s strategy once { rule r: F($x) when $z > 1 -> "
                      "G; }"),
            "test.rules:1:46: error: variable '$z' in a condition of rule 'r' "
            "is not bound by its pattern or by a 'let' before it");
}

TEST_F(Fixture, PatternsMayNotCallFactsOrOperators) {
  EXPECT_EQ(loadError("ruleset s strategy once { rule r: F(last($x)) -> G; }"),
            "test.rules:1:35: error: fact 'last' cannot be called in a "
            "pattern; patterns hold constructors (upper-case) only");
  EXPECT_EQ(loadError("ruleset s strategy once { rule r: F($x + 1) -> G; }"),
            "test.rules:1:35: error: operator '+' cannot appear in a pattern; "
            "compute it in a condition instead");
}

TEST_F(Fixture, DuplicateNamesAreErrors) {
  EXPECT_EQ(loadError("ruleset s strategy once { rule r: A -> B; rule r: C -> "
                      "D; }"),
            "test.rules:1:43: error: rule 'r' is defined twice in rule set "
            "'s'");
}

TEST_F(Fixture, NonTerminationNamesTheRule) {
  load(R"(ruleset loop strategy innermost limit 50 {
    rule grow: A($x) -> A(S($x));
  })");
  EXPECT_EQ(rewrite("A(Z)"),
            "error: test.rules:1:1: error: rule set 'loop' did not terminate: "
            "50 rewrites under strategy innermost; rule 'grow' keeps firing "
            "(51 times); the last to fire was rule 'grow' at test.rules:2:5");
}

TEST_F(Fixture, EvaluationErrorsNameTheRule) {
  load("ruleset s strategy once {\n rule div: D($x) -> $x / 2;\n}");
  EXPECT_EQ(rewrite("D(foo)"),
            "error: test.rules:2:2: error: in rule 'div' of rule set 's': "
            "operator '/' needs integers, got foo and 2");
}

TEST_F(Fixture, KebabCaseNames) {
  load("ruleset move-copies-up strategy once { rule swap-pair-2: A -> B; }");
  ASSERT_EQ(Sets.size(), 1u);
  EXPECT_EQ(Sets[0].Name, "move-copies-up");
  EXPECT_EQ(Sets[0].Rules[0].Name, "swap-pair-2");
}

TEST(PipelineTest, ReadsNamesAndRejectsJunk) {
  auto P = parsePipelineFile("# order\nmark-loop\n\nextract-kernel # x\n",
                             "pipeline.txt");
  ASSERT_TRUE(static_cast<bool>(P));
  EXPECT_EQ(*P, (std::vector<std::string>{"mark-loop", "extract-kernel"}));
  auto Q = parsePipelineFile("a\nb c\n", "pipeline.txt");
  ASSERT_FALSE(static_cast<bool>(Q));
  EXPECT_EQ(llvm::toString(Q.takeError()),
            "pipeline.txt:2:3: error: unknown word 'c' after rule set 'b' "
            "(expected 'off', 'nondeterministic' or 'deterministic')");
  auto R = parsePipelineFile("a+b\n", "pipeline.txt");
  ASSERT_FALSE(static_cast<bool>(R));
  EXPECT_EQ(llvm::toString(R.takeError()),
            "pipeline.txt:1:1: error: expected one rule-set name on the line, "
            "found 'a+b'");
}

TEST(PipelineTest, ReadsOffAndNondeterministic) {
  auto P = parsePipelineEntries("a\nb off\n  c nondeterministic off # why\n",
                                "pipeline.txt");
  ASSERT_TRUE(static_cast<bool>(P));
  ASSERT_EQ(P->size(), 3u);
  EXPECT_EQ((*P)[0].Name, "a");
  EXPECT_FALSE((*P)[0].Off || (*P)[0].Nondeterministic);
  EXPECT_EQ((*P)[1].Name, "b");
  EXPECT_TRUE((*P)[1].Off);
  EXPECT_FALSE((*P)[1].Nondeterministic);
  EXPECT_EQ((*P)[2].Name, "c");
  EXPECT_EQ((*P)[2].Loc.Col, 3u);
  EXPECT_TRUE((*P)[2].Off && (*P)[2].Nondeterministic);
}

// ---------------------------------------------------------------- the paper

struct PaperTest : Fixture {
  void loadFile(const std::string &Name) {
    load(readFile(std::string(L2C_TEST_DATA) + "/" + Name));
  }
};

TEST_F(PaperTest, WarpUnrollingRules) {
  loadFile("paper-warp-unroll.rules");
  // The reduction loop of section 3.5/3.6 inside the kernel body.
  std::string In =
      "[Decl(tid, \"int\", Dot(threadIdx, x)), "
      "For(Decl(s, \"int\", Div(Dot(blockDim, x), 2)), Gt(s, 0), "
      "ShrAssign(s, 1), [If(Lt(tid, s), [AddAssign(Index(localData, tid), "
      "Index(localData, Add(tid, s)))]), SyncThreads]), Done]";
  std::string Step = "AddAssign(Index(localData, tid), Index(localData, "
                     "Add(tid, N)))";
  std::string Unrolled;
  for (int N = 32; N >= 1; N /= 2) {
    std::string S = Step;
    S.replace(S.find('N'), 1, std::to_string(N));
    Unrolled += (Unrolled.empty() ? "" : ", ") + S;
  }
  EXPECT_EQ(rewrite(In),
            "[Decl(tid, \"int\", Dot(threadIdx, x)), "
            "For(Decl(s, \"int\", Div(Dot(blockDim, x), 2)), Gt(s, 32), "
            "ShrAssign(s, 1), [If(Lt(tid, s), [AddAssign(Index(localData, "
            "tid), Index(localData, Add(tid, s)))]), SyncThreads]), "
            "If(Lt(tid, 32), [" +
                Unrolled + "]), Done]");
}

TEST_F(PaperTest, SharedMemoryRules) {
  loadFile("paper-shared-memory.rules");
  std::string Params = "[Param(inData, \"int *\"), Param(outData, \"int *\")]";
  std::string In =
      "Kernel(parallelAdd, " + Params +
      ", [Decl(tid, \"int\", Dot(threadIdx, x)), Decl(i, \"int\", "
      "Add(Mul(Dot(blockIdx, x), Dot(blockDim, x)), Dot(threadIdx, x))), "
      "Assign(Index(outData, i), Index(inData, i)), SyncThreads, "
      "For(Decl(s, \"int\", 1), Lt(s, Dot(blockDim, x)), MulAssign(s, 2), "
      "[If(Eq(Rem(tid, Mul(2, s)), 0), [AddAssign(Index(outData, i), "
      "Index(outData, Add(i, s)))]), SyncThreads])])";
  EXPECT_EQ(
      rewrite(In),
      "Kernel(parallelAdd1, " + Params +
          ", [SharedArray(localData, \"int\", BLOCK_SIZE), "
          "Decl(tid, \"int\", Dot(threadIdx, x)), Decl(i, \"int\", "
          "Add(Mul(Dot(blockIdx, x), Dot(blockDim, x)), Dot(threadIdx, x))), "
          "Assign(Index(localData, tid), Index(inData, i)), SyncThreads, "
          "For(Decl(s, \"int\", 1), Lt(s, Dot(blockDim, x)), MulAssign(s, 2), "
          "[If(Eq(Rem(tid, Mul(2, s)), 0), [AddAssign(Index(localData, tid), "
          "Index(localData, Add(tid, s)))]), SyncThreads]), "
          "If(Eq(tid, 0), [Assign(Index(outData, Dot(blockIdx, x)), "
          "Index(localData, 0))])])");
}

} // namespace
