//===- RuleIndexTest.cpp - Term symbol sets, names and the rule index ----===//

#include "engine/RuleIndex.h"
#include "engine/Facts.h"
#include "term/TermReader.h"

#include "gtest/gtest.h"

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

uint64_t bit(Term::Kind K, const char *Name) {
  return Term::symbolBit(K, Name);
}

// ------------------------------------------------------- Term::symbols

TEST(TermSymbolsTest, HoldTheHeadsAndIdentifiersOfEverySubterm) {
  Term T = term("F(G(x), [H(1) : T(y)], \"s\", 2.5)");
  uint64_t S = T.symbols();
  for (const char *Head : {"F", "G", "H", "T"})
    EXPECT_EQ(S & bit(Term::App, Head), bit(Term::App, Head)) << Head;
  for (const char *Id : {"x", "y"})
    EXPECT_EQ(S & bit(Term::Ident, Id), bit(Term::Ident, Id)) << Id;
  EXPECT_TRUE(S & Term::ListBit);
}

TEST(TermSymbolsTest, RecordNoListInAListFreeTerm) {
  EXPECT_FALSE(term("F(G(x), 1)").symbols() & Term::ListBit);
  EXPECT_TRUE(term("F([])").symbols() & Term::ListBit);
}

TEST(TermSymbolsTest, LiteralsAndVariablesHaveNoBit) {
  EXPECT_EQ(bit(Term::Int, "1"), 0u);
  EXPECT_EQ(bit(Term::String, "s"), 0u);
  EXPECT_EQ(bit(Term::Float, "1.5"), 0u);
  EXPECT_EQ(bit(Term::Var, "x"), 0u);
  EXPECT_EQ(term("7").symbols(), 0u);
  EXPECT_EQ(Term().symbols(), 0u);
}

TEST(TermSymbolsTest, AHeadAndAnIdentifierOfOneSpellingDiffer) {
  // Not required (bits may collide), but true of these two names, and what
  // keeps F(...) rules from visiting every term that mentions the atom F.
  EXPECT_NE(bit(Term::App, "F"), bit(Term::Ident, "F"));
}

TEST(TermSymbolsTest, AreTheSameWhenComputedAgainOrForAnEqualTerm) {
  Term A = term("Add(Mul(x, 1), [y, z])");
  uint64_t First = A.symbols();
  EXPECT_EQ(A.symbols(), First);
  EXPECT_EQ(term("Add(Mul(x, 1), [y, z])").symbols(), First);
}

// ------------------------------------------- Term::isApp, Term::isIdent

TEST(TermNameTest, IsAppComparesTheWholeHeadAndTheArity) {
  Term T = term("Host(1, [], [])");
  EXPECT_TRUE(T.isApp("Host"));
  EXPECT_TRUE(T.isApp("Host", 3));
  EXPECT_FALSE(T.isApp("Host", 2));
  EXPECT_FALSE(T.isApp("HostLoop")); // the head is a prefix of the name
  EXPECT_FALSE(T.isApp("Hos"));      // the name is a prefix of the head
  EXPECT_FALSE(T.isApp(""));
  EXPECT_FALSE(term("Host").isApp("Host")); // an identifier, not an app
}

TEST(TermNameTest, IsIdentStopsAtAnEmbeddedNul) {
  EXPECT_TRUE(term("InitDevice").isIdent("InitDevice"));
  EXPECT_FALSE(term("InitDevice").isIdent("Init"));
  EXPECT_FALSE(term("Init").isIdent("InitDevice"));
  // A name with a NUL inside is not equal to the C string before the NUL.
  EXPECT_FALSE(Term::ident(std::string("ab\0c", 4)).isIdent("ab"));
  EXPECT_TRUE(Term::ident("").isIdent(""));
}

TEST(TermHeightTest, CountsTheNodesOnTheLongestPath) {
  EXPECT_EQ(term("x").height(), 1u);
  EXPECT_EQ(term("F(x)").height(), 2u);
  EXPECT_EQ(term("F(x, G(H(y)))").height(), 4u);
  EXPECT_EQ(term("[a : F(G(b))]").height(), 4u); // the tail counts
  EXPECT_EQ(term("[]").height(), 1u);
  EXPECT_EQ(Term().height(), 0u);
}

// ------------------------------------------------------------ RuleIndex

struct IndexFixture : ::testing::Test {
  FactRegistry Facts;
  std::vector<RuleSet> Sets;
  llvm::StringSet<> Disabled;

  void SetUp() override { registerStandardFacts(Facts); }

  void load(llvm::StringRef Text) {
    auto S = parseRuleFile(Text, "test.rules", Facts);
    ASSERT_TRUE(static_cast<bool>(S)) << llvm::toString(S.takeError());
    Sets = std::move(*S);
  }

  std::vector<std::string> headRules(const RuleIndex &I, llvm::StringRef T) {
    Term X = term(T);
    return names(I.headRules(X));
  }

  static std::vector<std::string> names(llvm::ArrayRef<const Rule *> Rules) {
    std::vector<std::string> Names;
    for (const Rule *R : Rules)
      Names.push_back(R->Name);
    return Names;
  }
};

using Names = std::vector<std::string>;

TEST_F(IndexFixture, HeadRulesMatchKindHeadAndArityInFileOrder) {
  load(R"(ruleset s strategy innermost {
    rule f2a: F($x, $y) -> A;
    rule g1:  G($x) -> A;
    rule f1:  F($x) -> A;
    rule f2b: F(a, $y) -> B;
    rule atom-f: F -> C;
    rule one: 1 -> one;
    rule any: $x when false -> $x;
    rule lst: [F($x) : $r] -> $r;
  })");
  RuleIndex I(Sets[0], Disabled);
  EXPECT_EQ(headRules(I, "F(p, q)"), (Names{"f2a", "f2b"}));
  EXPECT_EQ(headRules(I, "F(p)"), (Names{"f1"}));
  EXPECT_EQ(headRules(I, "F"), (Names{"atom-f"}));
  EXPECT_EQ(headRules(I, "1"), (Names{"one"}));
  EXPECT_EQ(headRules(I, "1u"), (Names{"one"})); // the match decides
  EXPECT_EQ(headRules(I, "H(p)"), Names{});
  EXPECT_EQ(headRules(I, "[F(p)]"), Names{}); // lists: listRules()
  EXPECT_EQ(names(I.anyRules()), (Names{"any"}));
  EXPECT_EQ(names(I.listRules()), (Names{"lst"}));
}

TEST_F(IndexFixture, RescanRulesReadTheTailOrHaveNone) {
  load(R"(ruleset s strategy innermost {
    rule swap: [B, A : $r] -> [A, B : $r];
    rule last: [Done] -> [Finished];
    rule reads: [C : $r] when member(D, $r) -> $r;
    rule let-reads: [E : $r] when let [$h : $t] = $r -> $t;
    rule rep-only: [F : $r] -> [G : $r];
  }
  ruleset t strategy innermost {
    rule swap: [B, A : $r] -> [A, B : $r];
    rule last: [Done] -> [Finished];
  })");
  RuleIndex I(Sets[0], Disabled);
  EXPECT_EQ(names(I.rescanRules()), (Names{"last", "reads", "let-reads"}));
  EXPECT_TRUE(I.listTailInConditions());
  EXPECT_FALSE(I.rescans(Sets[0].Rules[0]));
  EXPECT_TRUE(I.rescans(Sets[0].Rules[2]));
  // No rule reads its tail: nothing is tried again from the start, as
  // before (the tailless rule resumes with the others).
  RuleIndex J(Sets[1], Disabled);
  EXPECT_TRUE(J.rescanRules().empty());
  EXPECT_FALSE(J.rescans(Sets[1].Rules[1]));
}

TEST_F(IndexFixture, DisabledRulesAreLeftOut) {
  load(R"(ruleset s strategy innermost {
    rule a: F($x) -> A;
    rule b: F($x) -> B;
    rule c: [F($x) : $r] -> $r;
  })");
  Disabled.insert("a");
  Disabled.insert("c");
  RuleIndex I(Sets[0], Disabled);
  EXPECT_EQ(headRules(I, "F(p)"), (Names{"b"}));
  EXPECT_TRUE(I.listRules().empty());
  EXPECT_FALSE(I.mayMatchWithin(term("[G(F)]")));
  EXPECT_TRUE(I.mayMatchWithin(term("G([F(p)])")));
}

TEST_F(IndexFixture, MayMatchWithinNeedsEverySymbolOfSomePattern) {
  load(R"(ruleset s strategy innermost {
    rule add-zero: Add($x, 0) -> $x;
    rule nested: Mul(Neg($x), y) -> $x;
    rule copy: [$s, CopyIn($a) : $r] -> [CopyIn($a), $s : $r];
  })");
  RuleIndex I(Sets[0], Disabled);
  EXPECT_TRUE(I.mayMatchWithin(term("F(G(Add(p, q)))")));
  EXPECT_FALSE(I.mayMatchWithin(term("F(G(Sub(p, q)))")));
  // Mul(Neg(..), y) needs Mul, Neg and the identifier y, anywhere.
  EXPECT_FALSE(I.mayMatchWithin(term("Mul(Neg(p), z)")));
  EXPECT_TRUE(I.mayMatchWithin(term("F(Mul(Neg(p), q), y)")));
  // The list rule needs a list and CopyIn.
  EXPECT_FALSE(I.mayMatchWithin(term("F([a, b], c)")));
  EXPECT_FALSE(I.mayMatchWithin(term("F(CopyIn(a))")));
  EXPECT_TRUE(I.mayMatchWithin(term("F([a, CopyIn(b)])")));
}

TEST_F(IndexFixture, AVariablePatternMayMatchAnything) {
  load(R"(ruleset s strategy innermost {
    rule a: F($x) -> A;
    rule any: $x when false -> $x;
  })");
  RuleIndex I(Sets[0], Disabled);
  EXPECT_TRUE(I.mayMatchWithin(term("x")));
  EXPECT_TRUE(I.mayMatchWithin(term("7")));
}

TEST_F(IndexFixture, ListPatternFacts) {
  load(R"(ruleset s strategy innermost {
    rule a: [X, Y, Z : $r] -> $r;
    rule b: [$h : $r] when length($r) > 2 -> $r;
    rule c: [W] -> [];
  })");
  RuleIndex I(Sets[0], Disabled);
  EXPECT_EQ(I.maxListPattern(), 3u);
  EXPECT_TRUE(I.listTailInConditions());
  EXPECT_EQ(I.position(Sets[0].Rules[2]), 2u);
  Disabled.insert("b");
  RuleIndex J(Sets[0], Disabled);
  EXPECT_FALSE(J.listTailInConditions());
}

TEST(RequiredSymbolsTest, AreTheSymbolsOfTheNonVariableNodes) {
  uint64_t Need = RuleIndex::requiredSymbols(term("[F($x), y : $r]"));
  EXPECT_EQ(Need, Term::ListBit | bit(Term::App, "F") | bit(Term::Ident, "y"));
  EXPECT_EQ(RuleIndex::requiredSymbols(term("$x")), 0u);
  EXPECT_EQ(RuleIndex::requiredSymbols(term("Add($x, 0)")),
            bit(Term::App, "Add"));
}

} // namespace
