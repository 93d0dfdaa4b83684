//===- ProbeFacts.cpp - Facts of the run-time probe of subscripts ---------===//
//
// A loop with a subscript the dependence test cannot decide runs after a
// probe (rule sets host-fallback and probe-accesses, front end Probes.cpp,
// runtime/loop2cuda_probe.cuh): two kernels made from the loop's kernel
// that record which elements of each such array every iteration writes,
// then check what every iteration reads. These facts give the parts the
// rules cannot spell: the accesses of a statement, the host statement that
// makes the probe and the condition that reads its verdict, and the
// launch's arrays as read-only.
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

#include "llvm/ADT/STLExtras.h"

#include <cstring>

namespace l2c {

namespace {

/// A statement that changes its first argument: an assignment, compound
/// assignment, increment or decrement (TileFacts.cpp's isWriteHead, less
/// AddrOf).
bool isUpdate(const Term &S) {
  return S.is(Term::App) && S.arity() >= 1 && !S.isApp("AddrOf") &&
         isWriteHead(S.name());
}

/// Appends Read(a, e) and Write(a, e) for the elements of the arrays in
/// Names that T touches, operands before the store (evaluation order does
/// not matter to the probe: it only needs them all).
void accesses(const Term &T, const Term &Names, std::vector<Term> &Out) {
  auto Probed = [&](const Term &X) {
    return X.isApp("Index", 2) && Names.is(Term::List) &&
           llvm::is_contained(Names.args(), X[0]);
  };
  if (isUpdate(T)) {
    const Term &L = T[0];
    for (size_t K = 0; K < L.arity(); ++K)
      if (!L.isApp("Index", 2) || K > 0)
        accesses(L[K], Names, Out);
    for (size_t K = 1; K < T.arity(); ++K)
      accesses(T[K], Names, Out);
    if (Probed(L)) {
      if (!T.isApp("Assign"))
        Out.push_back(Term::app("Read", {L[0], L[1]}));
      Out.push_back(Term::app("Write", {L[0], L[1]}));
    }
    return;
  }
  if (Probed(T)) {
    accesses(T[1], Names, Out);
    Out.push_back(Term::app("Read", {T[0], T[1]}));
    return;
  }
  if (T.is(Term::App) || T.is(Term::List))
    for (const Term &C : T.args())
      accesses(C, Names, Out);
}

} // namespace

std::string apartOrHostText(const std::string &Where,
                            const std::string &Ranges) {
  return "l2c::apartOrHost(" + Where + ", {" + Ranges + "})";
}

std::optional<std::string> hostRangeList(const Term &Arrays) {
  if (!Arrays.is(Term::List) || Arrays.tail())
    return std::nullopt;
  std::string Out;
  for (const Term &X : Arrays.args()) {
    if (!X.isApp("Array", 6) || !X[2].is(Term::String) ||
        !X[3].is(Term::String))
      return std::nullopt;
    bool Written = X[4].name() != "read";
    Out += std::string(Out.empty() ? "" : ", ") + "l2c::range(" +
           X[2].name() + ", (long long)(" + X[3].name() + "), " +
           (Written ? "true" : "false") + ")";
  }
  return Out;
}

void registerProbeFacts(FactRegistry &R) {
  // Answered per file from the front end (driver/TranslateFile.cpp).
  R.add("assumedSubscripts", 1,
        "assumedSubscripts($id): the arrays (a list of names) of the loop "
        "with id $id whose subscripts the dependence test could not decide "
        "and a probe checks at run time; no answer when there are none",
        [](llvm::ArrayRef<Term>) -> std::optional<Term> {
          return std::nullopt;
        });
  // Answered per file (driver/TranslateFile.cpp): rule set probe-loops
  // keeps the probe it builds from a loop until host-fallback guards the
  // loop's launch (by then the loop's body is a kernel of another shape).
  R.add("keepProbe", 2,
        "keepProbe($id, $probe): an action: keeps $probe for the loop with "
        "id $id",
        [](llvm::ArrayRef<Term>) -> std::optional<Term> {
          return std::nullopt;
        });
  R.add("keptProbe", 1,
        "keptProbe($id): the probe keepProbe kept for the loop with id $id; "
        "no answer when there is none",
        [](llvm::ArrayRef<Term>) -> std::optional<Term> {
          return std::nullopt;
        });
  R.add("probeAccesses", 2,
        "probeAccesses($s, $names): Read(a, e) and Write(a, e) for each "
        "element a[e] of an array named in $names that the statement or "
        "expression $s reads or writes",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[1].is(Term::List))
            return std::nullopt;
          std::vector<Term> Out;
          accesses(A[0], A[1], Out);
          return Term::list(std::move(Out));
        });
  R.add("localUpdate", 1,
        "localUpdate($s): $s assigns, increments or decrements a variable "
        "(not an element)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(isUpdate(A[0]) && A[0][0].is(Term::Ident));
        });
  R.add("hasEffects", 1,
        "hasEffects($t): $t assigns, increments, decrements or calls "
        "something",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          bool Found = false;
          forEachSubterm(A[0], [&](const Term &X) {
            Found |= isUpdate(X) || X.isApp("Call");
            return !Found;
          });
          return Term::boolean(Found);
        });
  R.add("probeStart", 4,
        "probeStart($p, $where, $names, $arrays): Raw(\"l2c::Probe p = "
        "l2c::probeStart(where, {count, ...});\"), one count (elements) for "
        "each name in $names, from its Array term in $arrays",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[0].is(Term::Ident) || !A[1].is(Term::String) ||
              !A[2].is(Term::List) || !A[3].is(Term::List))
            return std::nullopt;
          std::string Counts;
          for (const Term &N : A[2].args()) {
            const Term *Found = nullptr;
            for (const Term &X : A[3].args())
              if (X.isApp("Array", 6) && X[0] == N && X[3].is(Term::String))
                Found = &X;
            if (!Found)
              return std::nullopt;
            Counts += std::string(Counts.empty() ? "" : ", ") +
                      "(long long)(" + (*Found)[3].name() + ")";
          }
          return Term::app(
              "Raw", {Term::string("l2c::Probe " + A[0].name() +
                                   " = l2c::probeStart(" +
                                   cStringLiteral(A[1].name()) + ", {" + Counts +
                                   "});")});
        });
  R.add("probeCheck", 4,
        "probeCheck($p, $where, $arrays, $apart): Raw(\"l2c::probeOrHost(p, "
        "where, {l2c::range(...), ...})\"), and'ed with the apartOrHost "
        "check of the arrays when $apart is true",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          auto Rs = hostRangeList(A[2]);
          if (!A[0].is(Term::Ident) || !A[1].is(Term::String) || !Rs)
            return std::nullopt;
          std::string Where = cStringLiteral(A[1].name());
          std::string Text = "l2c::probeOrHost(" + A[0].name() + ", " + Where +
                             ", {" + *Rs + "})";
          if (A[3].isIdent("true"))
            Text += " && " + apartOrHostText(Where, *Rs);
          return Term::app("Raw", {Term::string(Text)});
        });
  R.add("unprobedCheck", 2,
        "unprobedCheck($where, $arrays): Raw(\"l2c::unprobedOnHost(where, "
        "{l2c::range(...), ...})\"): false, after preparing the host to run "
        "the loop",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          auto Rs = hostRangeList(A[1]);
          if (!A[0].is(Term::String) || !Rs)
            return std::nullopt;
          return Term::app("Raw", {Term::string(
                                      "l2c::unprobedOnHost(" +
                                      cStringLiteral(A[0].name()) + ", {" +
                                      *Rs + "})")});
        });
  R.add("readOnlyArrays", 1,
        "readOnlyArrays($arrays): the Array terms with what their launch "
        "says it writes replaced by Wrote(NoWrite): a probe's launch passes "
        "them with l2c::devReads",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[0].is(Term::List) || A[0].tail())
            return std::nullopt;
          std::vector<Term> Out;
          for (const Term &X : A[0].args()) {
            if (!X.isApp("Array", 6) || !X[5].is(Term::List))
              return std::nullopt;
            std::vector<Term> Deps;
            for (const Term &D : X[5].args())
              if (!D.isApp("Wrote") && !D.isApp("Rest"))
                Deps.push_back(D);
            Deps.push_back(Term::app("Wrote", {Term::ident("NoWrite")}));
            std::vector<Term> Args(X.args().begin(), X.args().end());
            Args[4] = Term::ident("read");
            Args[5] = Term::list(std::move(Deps));
            Out.push_back(Term::app("Array", std::move(Args)));
          }
          return Term::list(std::move(Out));
        });
  R.add("plainPointers", 1,
        "plainPointers($params): the Param terms without __restrict__: one "
        "kernel, launched whether or not its arrays are apart",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[0].is(Term::List) || A[0].tail())
            return std::nullopt;
          std::vector<Term> Out;
          for (const Term &P : A[0].args()) {
            if (!P.isApp("Param", 2) || !P[1].is(Term::String)) {
              Out.push_back(P);
              continue;
            }
            std::string T = P[1].name();
            for (size_t At; (At = T.find("__restrict__")) != std::string::npos;)
              T.erase(At, strlen("__restrict__"));
            while (!T.empty() && T.back() == ' ')
              T.pop_back();
            Out.push_back(Term::app("Param", {P[0], Term::string(T)}));
          }
          return Term::list(std::move(Out));
        });
}

} // namespace l2c
