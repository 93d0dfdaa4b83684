//===- ExtentFacts.cpp - One extent per array and function ----------------===//
//
// The facts of rule set whole-arrays (rules/whole-arrays.rules): each array
// of a function gets one device buffer, sized by the union of the extents
// that the function's kernels touch (and that their clauses name), so that
// every transfer of the array carries the same count and move-copies can
// merge and hoist them (docs/data-regions.md).
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

#include "llvm/ADT/STLExtras.h"

#include <cctype>
#include <cstdint>
#include <map>
#include <set>

namespace l2c {

namespace {

/// Every Array(a, "T", "ptr", "count", access, [deps]) of the marked loops
/// in T, in order.
void collectArrays(const Term &T, std::vector<Term> &Out) {
  if (T.isApp("ParallelLoop", 7) || T.isApp("ParallelNest", 5)) {
    for (const Term &A : T[T.isApp("ParallelLoop") ? 5 : 4].args())
      if (A.isApp("Array", 6))
        Out.push_back(A);
    return;
  }
  if (T.isApp("Host") || T.isApp("Kernel"))
    return;
  if (T.is(Term::App) || T.is(Term::List)) {
    for (const Term &E : T.args())
      collectArrays(E, Out);
    if (T.is(Term::List) && T.tail())
      collectArrays(T.tail(), Out);
  }
}

bool usesArrayIn(const Term &T, const Term &Name) {
  std::vector<Term> As;
  collectArrays(T, As);
  for (const Term &A : As)
    if (A[0] == Name)
      return true;
  return false;
}

/// Does a write set hold V, or `*`? With Rebind, only a write of the
/// variable itself counts (Rebind(v) in the set, or `*`), not one of the
/// elements it points to.
bool setWrites(const Term &Set, const Term &V, bool Rebind) {
  if (!Set.is(Term::List))
    return true;
  for (const Term &E : Set.args()) {
    if (E.isIdent("*"))
      return true;
    if (Rebind ? E.isApp("Rebind", 1) && E[0] == V : E == V)
      return true;
  }
  return false;
}

/// Does user host code in T write V (Rebind: rebind the variable V)?
bool hostWrites(const Term &T, const Term &V, bool Rebind) {
  if (T.is(Term::List)) {
    for (const Term &E : T.args())
      if (hostWrites(E, V, Rebind))
        return true;
    return T.tail() && hostWrites(T.tail(), V, Rebind);
  }
  if (!T.is(Term::App))
    return false;
  if (T.isApp("Host", 3))
    return setWrites(T[2], V, Rebind);
  if (T.isApp("HostLoop", 4))
    return setWrites(T[2], V, Rebind) || hostWrites(T[3], V, Rebind);
  if (T.isApp("HostIf", 5))
    return setWrites(T[2], V, Rebind) || hostWrites(T[3], V, Rebind) ||
           hostWrites(T[4], V, Rebind);
  if (T.isApp("HostBlock", 2) || T.isApp("HostRegion", 2))
    return hostWrites(T[1], V, Rebind);
  if (T.isApp("HostData", 3))
    return hostWrites(T[2], V, Rebind);
  return false;
}

/// A count as `base + k`: "n - 1" is (n, -1), "7" is ("", 7), "n * m" is
/// ("n * m", 0).
std::pair<std::string, int64_t> splitCount(const std::string &C) {
  auto IsInt = [](const std::string &S) {
    if (S.empty() || S.size() > 15)
      return false;
    for (char Ch : S)
      if (!std::isdigit(static_cast<unsigned char>(Ch)))
        return false;
    return true;
  };
  if (IsInt(C))
    return {"", std::stoll(C)};
  for (const char *Op : {" + ", " - "}) {
    size_t At = C.rfind(Op);
    if (At == std::string::npos)
      continue;
    std::string Base = C.substr(0, At), K = C.substr(At + 3);
    // Only a top-level `base +/- k`: the base must not end inside
    // parentheses that the constant closes.
    int Depth = 0;
    for (char Ch : Base)
      Depth += Ch == '(' ? 1 : Ch == ')' ? -1 : 0;
    if (IsInt(K) && Depth == 0)
      return {Base, Op[1] == '+' ? std::stoll(K) : -std::stoll(K)};
  }
  return {C, 0};
}

/// The union of the counts: the largest one when they differ by constants,
/// l2c::extent(c1, c2, ...) (the runtime's maximum) otherwise.
std::string unionCount(const std::vector<std::string> &Counts) {
  std::set<std::string> Distinct(Counts.begin(), Counts.end());
  if (Distinct.size() == 1)
    return *Distinct.begin();
  std::string Base = splitCount(*Distinct.begin()).first;
  bool SameBase = true;
  int64_t Max = INT64_MIN;
  for (const std::string &C : Distinct) {
    auto [B, K] = splitCount(C);
    SameBase &= B == Base;
    Max = std::max(Max, K);
  }
  if (SameBase) {
    if (Base.empty())
      return std::to_string(Max);
    if (Max == 0)
      return Base;
    return Base + (Max > 0 ? " + " : " - ") +
           std::to_string(Max > 0 ? Max : -Max);
  }
  std::string Out = "l2c::extent(";
  bool First = true;
  for (const std::string &C : Distinct) {
    Out += (First ? "" : ", ") + C;
    First = false;
  }
  return Out + ")";
}

/// wholeExtents($items): [Extent(a, "count", [deps]), ...] for each array
/// of the function body $items whose kernels do not all carry the union
/// count and dependencies already. An array is left out (keeps the extent
/// of each loop) when its kernels name it through different pointers or
/// element types, or when host code between the top-level statements that
/// hold its first and its last use may change what a count means: it
/// writes a variable the counts read, rebinds the array's pointer, or may
/// do anything (`*`: a jump, a call through this).
std::optional<Term> wholeExtents(const Term &Items) {
  if (!Items.is(Term::List))
    return std::nullopt;
  std::vector<Term> Arrays;
  collectArrays(Items, Arrays);
  std::map<std::string, std::vector<Term>> ByName;
  std::vector<std::string> Order;
  for (const Term &A : Arrays) {
    auto &V = ByName[A[0].name()];
    if (V.empty())
      Order.push_back(A[0].name());
    V.push_back(A);
  }
  std::vector<Term> Out;
  for (const std::string &Name : Order) {
    const std::vector<Term> &Occ = ByName[Name];
    bool Ok = true;
    std::vector<std::string> Counts;
    std::vector<Term> Deps;
    std::set<std::string> SeenDeps;
    for (const Term &A : Occ) {
      Ok &= A[1] == Occ[0][1] && A[2] == Occ[0][2] && A[5].is(Term::List);
      Counts.push_back(A[3].name());
      if (!A[5].is(Term::List))
        continue;
      for (const Term &D : A[5].args())
        if (SeenDeps.insert(D.str()).second)
          Deps.push_back(D);
    }
    // A count from the record of allocations is 0 where the record knows
    // no block: only the loops whose launches check that (rule set
    // host-fallback) may carry it, so it joins no union.
    bool FromRecord = llvm::any_of(Counts, [](const std::string &C) {
      return C.find("l2c::recordedCount(") != std::string::npos;
    });
    if (!Ok || (FromRecord &&
                std::set<std::string>(Counts.begin(), Counts.end()).size() > 1))
      continue;
    // Host code from the first top-level item that uses the array to the
    // last one: what runs before the first kernel or after the last does
    // not matter.
    Term Var = Term::ident(Name);
    llvm::ArrayRef<Term> All = Items.args();
    size_t First = 0, Last = All.size();
    while (First < All.size() && !usesArrayIn(All[First], Var))
      ++First;
    while (Last > First && !usesArrayIn(All[Last - 1], Var))
      --Last;
    std::vector<Term> Rest(All.begin() + First, All.begin() + Last);
    Term After = Term::list(std::move(Rest));
    for (const Term &D : Deps) {
      if (D.isApp("Alias"))
        continue;
      if (hostWrites(After, D, /*Rebind=*/D == Var))
        Ok = false;
    }
    if (!Ok)
      continue;
    std::string Union = unionCount(Counts);
    Term DepList = Term::list(Deps);
    bool Done = true;
    for (const Term &A : Occ)
      Done &= A[3].name() == Union && A[5] == DepList;
    if (!Done)
      Out.push_back(Term::app("Extent", {Var, Term::string(Union), DepList}));
  }
  return Term::list(std::move(Out));
}

} // namespace

void registerExtentFacts(FactRegistry &R) {
  R.add("wholeExtents", 1,
        "wholeExtents($items): Extent(a, \"count\", [deps]) for each array of "
        "the function body $items whose loops do not yet all carry the union "
        "of their extents (arrays whose counts or pointer host code may "
        "change after their first use are left out)",
        [](llvm::ArrayRef<Term> A) { return wholeExtents(A[0]); });
  R.add("lookup", 2,
        "lookup($key, $list): the first element F($key, ...) of $list; no "
        "answer when there is none",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[1].is(Term::List))
            return std::nullopt;
          for (const Term &E : A[1].args())
            if (E.is(Term::App) && E.arity() > 0 && E[0] == A[0])
              return E;
          return std::nullopt;
        });
}

} // namespace l2c
