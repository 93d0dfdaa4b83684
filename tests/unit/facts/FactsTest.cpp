//===- FactsTest.cpp - Domain facts called from rules ---------------------===//
//
// The facts of rewriter/facts as the rules call them; the engine's own tests
// (tests/unit/engine) run without these facts.
//
//===----------------------------------------------------------------------===//
#include "engine/Engine.h"
#include "engine/Rules.h"
#include "facts/DomainFacts.h"
#include "term/TermReader.h"

#include <gtest/gtest.h>

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
  EngineOptions Opts;

  void SetUp() override {
    registerStandardFacts(Facts);
    registerDomainFacts(Facts);
  }

  void load(llvm::StringRef Text) {
    auto S = parseRuleFile(Text, "test.rules", Facts);
    ASSERT_TRUE(static_cast<bool>(S)) << llvm::toString(S.takeError());
    Sets = std::move(*S);
  }

  std::string rewrite(llvm::StringRef Input, size_t Set = 0) {
    Engine E(Facts, Opts);
    auto Out = E.run(Sets.at(Set), term(Input));
    if (!Out)
      return "error: " + llvm::toString(Out.takeError());
    return Out->str();
  }
};

TEST_F(Fixture, HostAccessFacts) {
  load(R"(ruleset s strategy innermost {
    rule up: [$h, CopyIn($a, $p, $n, $d) : $r] when !hostWrites($h, $a), !hostWritesAny($h, $d)
             -> [CopyIn($a, $p, $n, $d), $h : $r];
  })");
  EXPECT_EQ(rewrite("[Host(1, [a], [n]), Host(2, [a], [b]), "
                    "CopyIn(a, \"a\", \"n\", [a, n])]"),
            "[Host(1, [a], [n]), CopyIn(a, \"a\", \"n\", [a, n]), "
            "Host(2, [a], [b])]");
  EXPECT_EQ(rewrite("[Host(1, [*], [*]), CopyIn(a, \"a\", \"n\", [a, n])]"),
            "[Host(1, [*], [*]), CopyIn(a, \"a\", \"n\", [a, n])]");
}

// touchesAlias($t, $deps) looks at the Alias(b) entries only: host reads
// and writes of b, launches that write b, copies of b.
TEST_F(Fixture, TouchesAliasFact) {
  load(R"(ruleset s strategy once {
    rule t: Probe($t, $d) when touchesAlias($t, $d) -> Yes;
    rule f: Probe($t, $d) when !touchesAlias($t, $d) -> No;
  })");
  const char *D = "[a, n, Alias(b)]";
  auto Probe = [&](const std::string &T) {
    return rewrite("Probe(" + T + ", " + D + ")");
  };
  EXPECT_EQ(Probe("Host(1, [n, a], [a])"), "No"); // a and n themselves
  EXPECT_EQ(Probe("Host(1, [b], [])"), "Yes");    // a host read of b
  EXPECT_EQ(Probe("[Host(1, [x], [x]), Host(2, [b], [b])]"), "Yes");
  const char *WritesB =
      "Launch(k, \"f:1\", 1, Range(\"0\", \"n\", 1), Threads(256), "
      "[Array(b, \"float\", \"b\", \"n\", write, [b, n])])";
  const char *ReadsB =
      "Launch(k, \"f:1\", 1, Range(\"0\", \"n\", 1), Threads(256), "
      "[Array(b, \"float\", \"b\", \"n\", read, [b, n])])";
  EXPECT_EQ(Probe(WritesB), "Yes");
  EXPECT_EQ(Probe(ReadsB), "No");
  EXPECT_EQ(Probe("CopyOut(b, \"b\", \"n\", [b, n])"), "Yes");
  EXPECT_EQ(Probe("HostLoop(1, [], [], [CopyIn(b, \"b\", \"n\", [b, n])])"),
            "Yes");
  EXPECT_EQ(Probe("Free(b, \"b\", [b, n])"), "No");
  // hostWritesAny reads Alias(b) as b.
  load(R"(ruleset s strategy once {
    rule t: Probe($t, $d) when hostWritesAny($t, $d) -> Yes;
    rule f: Probe($t, $d) when !hostWritesAny($t, $d) -> No;
  })");
  EXPECT_EQ(Probe("Host(1, [b], [b])"), "Yes");
  EXPECT_EQ(Probe("Host(1, [b], [])"), "No");
}

// ---------------------------------------------------------------- switches

TEST_F(Fixture, UnknownFactNamesTheDomainFacts) {
  auto S = parseRuleFile(
      "ruleset s strategy once {\n  rule r: F($x) when wirtes($x) -> G;\n}",
      "test.rules", Facts);
  ASSERT_FALSE(static_cast<bool>(S));
  std::string E = llvm::toString(S.takeError());
  EXPECT_NE(E.find("hostWrites"), std::string::npos) << E;
}

} // namespace
