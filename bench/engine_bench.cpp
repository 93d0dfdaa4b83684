//===- engine_bench.cpp - Throughput of the rule engine -------------------===//
//
// Builds a translation-unit term of about 100,000 nodes (scale 1) in the
// vocabulary of docs/term-vocabulary.md: host functions whose statement lists
// hold thousands of Host(id, [reads], [writes]) items with CopyIn / Launch /
// CopyOut / Free glue between them, and kernels whose bodies hold arithmetic
// expressions. It then runs the rule sets of bench/bench.rules under each of
// the four strategies and prints, per set and strategy, the median time of a
// few runs and the rewrites and term nodes per second.
//
//   engine_bench [scale [functions [only [strategy]]]]
//
// scale multiplies the number of functions; functions (default 8) splits
// one scale unit into that many host functions (fewer functions: longer
// statement lists); only, if given, runs just the sets whose name contains
// it (for profiling one set under valgrind --tool=callgrind); strategy, if
// given, runs just that strategy (innermost, topdown, bottomup or once).
//
//===----------------------------------------------------------------------===//

#include "engine/Engine.h"
#include "engine/Facts.h"
#include "engine/Rules.h"
#include "facts/DomainFacts.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

using namespace l2c;

namespace {

/// A small deterministic generator, so that every run builds the same term.
struct Rng {
  uint64_t State;
  explicit Rng(uint64_t Seed) : State(Seed) {}
  uint32_t next() {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(State >> 33);
  }
  unsigned below(unsigned N) { return next() % N; }
  bool chance(unsigned Percent) { return below(100) < Percent; }
};

/// CPU seconds of this thread: on a machine that others share, wall time
/// would measure them too.
double cpuSeconds() {
  timespec TS;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &TS);
  return static_cast<double>(TS.tv_sec) +
         1e-9 * static_cast<double>(TS.tv_nsec);
}

constexpr unsigned NumScalars = 32;
constexpr unsigned NumArrays = 8;
constexpr unsigned NumCounts = 4;
constexpr unsigned SegmentsPerFunction = 70;
constexpr unsigned HostPerSegment = 4;

Term id(const std::string &S) { return Term::ident(S); }
Term str(const std::string &S) { return Term::string(S); }
Term app(const char *H, std::vector<Term> A) {
  return Term::app(H, std::move(A));
}
Term list(std::vector<Term> E) { return Term::list(std::move(E)); }

std::string scalar(unsigned I) { return "v" + std::to_string(I); }
std::string array(unsigned I) { return "a" + std::to_string(I); }
std::string count(unsigned I) { return "n" + std::to_string(I); }

/// Host(id, [reads], [writes]): mostly scalars; now and then an array
/// (which stops the copies of that array) or a count.
Term hostStatement(Rng &R, unsigned &NextId) {
  std::vector<Term> Reads, Writes;
  unsigned NR = 1 + R.below(3);
  for (unsigned I = 0; I < NR; ++I)
    Reads.push_back(id(R.chance(20) ? array(R.below(NumArrays))
                                    : scalar(R.below(NumScalars))));
  if (R.chance(6))
    Writes.push_back(id(array(R.below(NumArrays))));
  else if (R.chance(3))
    Writes.push_back(id(count(R.below(NumCounts))));
  else
    Writes.push_back(id(scalar(R.below(NumScalars))));
  return app("Host", {Term::integer(NextId++), list(std::move(Reads)),
                      list(std::move(Writes))});
}

/// A random kernel expression over the loop index i with identities for the
/// simplifier to remove: Add(e, 0), Mul(1, e), Add(3, 4), ...
Term expression(Rng &R, const std::string &In, unsigned Depth) {
  if (Depth == 0) {
    switch (R.below(4)) {
    case 0:
      return app("Index", {id(In), app("Add", {id("i"), Term::integer(0)})});
    case 1:
      return id(scalar(R.below(NumScalars)));
    case 2:
      return Term::integer(R.below(10));
    default:
      return app("Index", {id(In), id("i")});
    }
  }
  static const char *const Ops[] = {"Add", "Sub", "Mul", "Add", "Mul"};
  Term L = expression(R, In, Depth - 1);
  Term Rt = expression(R, In, Depth - 1);
  switch (R.below(5)) {
  case 0:
    return app("Add", {app(Ops[R.below(5)], {L, Rt}), Term::integer(0)});
  case 1:
    return app("Mul", {Term::integer(1), app(Ops[R.below(5)], {L, Rt})});
  default:
    return app(Ops[R.below(5)], {L, Rt});
  }
}

/// CopyIn(a) .. CopyIn(b), Launch(Kernel(..)), CopyOut(b), Free(a), Free(b).
void launchGroup(Rng &R, const std::string &Name, unsigned Line,
                 std::vector<Term> &Items) {
  unsigned InIdx = R.below(NumArrays);
  std::string In = array(InIdx);
  std::string Out = array((InIdx + 1 + R.below(NumArrays - 1)) % NumArrays);
  std::string N = count(R.below(NumCounts));
  auto Deps = [&](const std::string &A) { return list({id(A), id(N)}); };
  Term CopyIn = app("CopyIn", {id(In), str(In), str(N), Deps(In)});
  Items.push_back(CopyIn);
  if (R.chance(25)) // the same copy twice: a duplicate to remove
    Items.push_back(CopyIn);
  Items.push_back(app("CopyIn", {id(Out), str(Out), str(N), Deps(Out)}));

  Term Index = app("Add", {app("Mul", {app("Dot", {id("blockIdx"), id("x")}),
                                       app("Dot", {id("blockDim"), id("x")})}),
                           app("Dot", {id("threadIdx"), id("x")})});
  std::vector<Term> Body = {app("Decl", {id("i"), str("int"), Index})};
  std::vector<Term> Inner;
  for (unsigned K = 0; K < 2; ++K)
    Inner.push_back(app(
        "Assign", {app("Index", {id(Out), id("i")}), expression(R, In, 3)}));
  Body.push_back(app("If", {app("Lt", {id("i"), id(N)}), list(Inner)}));
  Term Kernel =
      app("Kernel", {id(Name),
                     list({app("Param", {id(In), str("const float *")}),
                           app("Param", {id(Out), str("float *")}),
                           app("Param", {id(N), str("int")})}),
                     list(std::move(Body))});
  Items.push_back(app(
      "Launch", {Kernel, str("bench.cpp:" + std::to_string(Line)),
                 app("Grid1D", {str(N), Term::integer(256)}),
                 list({str(In), str(Out), str(N)}), list({id(In), id(Out)})}));
  Items.push_back(app("CopyOut", {id(Out), str(Out), str(N), Deps(Out)}));
  Items.push_back(app("Free", {id(In), str(In), list({id(In)})}));
  Items.push_back(app("Free", {id(Out), str(Out), list({id(Out)})}));
}

Term buildTranslationUnit(unsigned Functions) {
  Rng R(12345);
  unsigned NextId = 1;
  std::vector<Term> Funcs;
  for (unsigned F = 0; F < Functions; ++F) {
    std::vector<Term> Items;
    for (unsigned S = 0; S < SegmentsPerFunction; ++S) {
      for (unsigned H = 0; H < HostPerSegment; ++H)
        Items.push_back(hostStatement(R, NextId));
      launchGroup(R, "k" + std::to_string(F) + "_" + std::to_string(S), NextId,
                  Items);
    }
    Funcs.push_back(
        app("Function", {id("f" + std::to_string(F)), Term::integer(NextId++),
                         list(std::move(Items))}));
  }
  return app("TranslationUnit", {list(std::move(Funcs))});
}

struct Row {
  std::string Set;
  const char *Strat;
  size_t Nodes;
  size_t Rewrites;
  unsigned Runs;
  double Seconds;
};

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  unsigned Scale = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 1;
  unsigned PerScale = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 8;
  std::string Only = argc > 3 ? argv[3] : "";
  std::string OnlyStrategy = argc > 4 ? argv[4] : "";
  if (Scale == 0 || PerScale == 0) {
    std::fprintf(stderr, "usage: %s [scale [functions [only [strategy]]]]\n",
                 argv[0]);
    return 2;
  }

  FactRegistry Facts;
  registerStandardFacts(Facts);
  registerDomainFacts(Facts);
  // rules/move-copies uses isGlue; register it here if the engine does not.
  if (!Facts.lookup("isGlue"))
    Facts.add("isGlue", 1, "isGlue($t): $t is a copy, a free or InitDevice",
              [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
                const Term &T = A[0];
                return Term::boolean(T.isIdent("InitDevice") ||
                                     T.isApp("CopyIn") || T.isApp("CopyOut") ||
                                     T.isApp("Free"));
              });

  auto Buf = llvm::MemoryBuffer::getFile(L2C_BENCH_RULES);
  if (!Buf) {
    std::fprintf(stderr, "cannot read %s\n", L2C_BENCH_RULES);
    return 1;
  }
  auto Sets = parseRuleFile((*Buf)->getBuffer(), L2C_BENCH_RULES, Facts);
  if (!Sets) {
    std::fprintf(stderr, "%s\n", llvm::toString(Sets.takeError()).c_str());
    return 1;
  }

  auto T0 = std::chrono::steady_clock::now();
  Term TU = buildTranslationUnit(Scale * PerScale);
  double BuildSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  std::printf("term: %zu nodes, %u functions of %u statements, built in "
              "%.3f s\n\n",
              TU.size(), Scale * PerScale,
              SegmentsPerFunction * (HostPerSegment + 7), BuildSeconds);

  const Strategy Strategies[] = {Strategy::Innermost, Strategy::TopDown,
                                 Strategy::BottomUp, Strategy::Once};
  Engine E(Facts);
  std::vector<Row> Rows;
  for (const RuleSet &Original : *Sets) {
    if (Original.Name.find(Only) == std::string::npos)
      continue;
    for (Strategy S : Strategies) {
      if (!OnlyStrategy.empty() && OnlyStrategy != strategyName(S))
        continue;
      RuleSet Set = Original;
      Set.Strat = S;
      std::vector<double> Times;
      size_t Rewrites = 0;
      // At least 3 runs and 0.3 s, at most 7 runs; a run slower than 2 s
      // is not repeated (the whole benchmark stays well under 20 s).
      double Total = 0;
      for (int Rep = 0; Rep < 7 && (Rep < 3 || Total < 0.3) && Total < 2.0;
           ++Rep) {
        RunStats Stats; // fresh each run: RunStats accumulates across runs
        double Start = cpuSeconds();
        auto Out = E.run(Set, TU, &Stats);
        double Sec = cpuSeconds() - Start;
        if (!Out) {
          std::fprintf(stderr, "%s\n", llvm::toString(Out.takeError()).c_str());
          return 1;
        }
        Times.push_back(Sec);
        Total += Sec;
        Rewrites = Stats.Rewrites;
      }
      Rows.push_back({Set.Name, strategyName(S), TU.size(), Rewrites,
                      static_cast<unsigned>(Times.size()), median(Times)});
    }
  }

  std::printf("%-18s %-10s %8s %9s %7s %10s %12s %12s\n", "rule set",
              "strategy", "nodes", "rewrites", "runs", "seconds", "rewrites/s",
              "nodes/s");
  for (const Row &R : Rows)
    std::printf("%-18s %-10s %8zu %9zu %7u %10.5f %12.0f %12.0f\n",
                R.Set.c_str(), R.Strat, R.Nodes, R.Rewrites, R.Runs, R.Seconds,
                R.Rewrites / R.Seconds, R.Nodes / R.Seconds);
  std::printf("\nseconds: median of the runs, in CPU time of the thread "
              "that runs them.\nnodes/s: nodes of the input "
              "term / seconds,\nthe traversal's throughput (for once, which "
              "stops at its first rewrite,\nonly the nodes before that one "
              "were visited).\n");
  return 0;
}
