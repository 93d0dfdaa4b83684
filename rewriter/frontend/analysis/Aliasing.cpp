//===- Aliasing.cpp - Arrays of one function that may share memory --------===//
//
// move-copies keeps one device copy per array and moves its transfers across
// the function. Two arrays that are really one piece of memory (a caller's
// f(x, x + 1)) would then have two device copies that drift apart: a kernel
// writes through one, a later kernel reads the other. Each Array term's
// list of dependencies therefore also names, as Alias(b), every other array
// of the function that may share its memory, and the move-copies rules keep
// a transfer of a from passing anything that touches such a b
// (docs/rules/move-copies.md). Pointer parameters that no loop copies count
// as such b too: host code may write through them. A pair that one loop
// uses together, writing one of them, is left out: that loop already
// assumes they do not overlap (the dependence remark; --strict rejects it).
//
// Two arrays may share memory when either is a plain pointer (not
// __restrict__; the same test as the dependence remark within one loop)
// and their element types may alias: the same type up to qualifiers, or
// one of them a character type (C++ [basic.lval]: the types through which
// an object may be accessed).
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"
#include "frontend/analysis/PointerOrigins.h"

#include <map>

using namespace clang;

namespace l2c {
namespace detail {

bool isPlainPointer(const VarDecl *V) {
  QualType T = V->getType().getNonReferenceType();
  if (T->isPointerType())
    return !T.isRestrictQualified();
  // A std::span views memory as a pointer does: two may overlap.
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->isInStdNamespace() && RD->getName() == "span";
}

namespace {

bool isCharacter(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isCharType())
    return true;
  if (const auto *E = T->getAs<EnumType>())
    return E->getDecl()->getName() == "byte" &&
           E->getDecl()->isInStdNamespace();
  return false;
}

/// What the file shows of A and B (PointerOrigins.h): Distinct, one array
/// (Same or Shared), or Unknown.
ArrayRelation::Kind relation(FrontendContext &FC, const FunctionDecl *FD,
                             const ArrayVar &A, const ArrayVar &B) {
  ArrayRelation::Kind K = ArrayRelation::Distinct;
  for (const ArrayRelation &R : relateArrays(FC, FD, A.Var, B.Var)) {
    if (R.K == ArrayRelation::Same || R.K == ArrayRelation::Shared)
      return R.K;
    if (R.K == ArrayRelation::Unknown)
      K = R.K;
  }
  return K;
}

bool mayShareMemory(FrontendContext &FC, const FunctionDecl *FD,
                    const ArrayVar &A, const ArrayVar &B) {
  if (A.Var == B.Var)
    return false;
  ArrayRelation::Kind K = relation(FC, FD, A, B);
  if (K == ArrayRelation::Same || K == ArrayRelation::Shared)
    return true;
  if (K == ArrayRelation::Distinct ||
      !(isPlainPointer(A.Var) || isPlainPointer(B.Var)))
    return false;
  ASTContext &Ctx = FC.Ctx;
  return Ctx.hasSameUnqualifiedType(A.Elem, B.Elem) || isCharacter(A.Elem) ||
         isCharacter(B.Elem);
}

/// Array(a, ..., deps) with Alias(b) appended to deps for each b.
Term withAliases(const Term &Array, const std::set<std::string> &Partners) {
  std::vector<Term> Deps = Array[5].args();
  for (const std::string &B : Partners)
    Deps.push_back(Term::app("Alias", {Term::ident(B)}));
  std::vector<Term> Args = Array.args();
  Args[5] = Term::list(std::move(Deps));
  return Array.withArgs(std::move(Args));
}

} // namespace

void linkAliasedArrays(FrontendContext &FC, const FunctionDecl *FD,
                       const std::vector<MarkedLoop *> &Loops) {
  // Every array of the function once, with the loops that use it (and
  // whether each writes it).
  std::vector<ArrayVar> All;
  std::map<const VarDecl *, std::map<const MarkedLoop *, bool>> UsedBy;
  for (const MarkedLoop *ML : Loops)
    for (const ArrayVar &A : ML->Arrays) {
      if (!UsedBy.count(A.Var))
        All.push_back(A);
      UsedBy[A.Var][ML] = A.Written;
    }
  auto FirstLoop = [&](const VarDecl *V) -> const MarkedLoop * {
    for (const MarkedLoop *ML : Loops)
      if (UsedBy[V].count(ML))
        return ML;
    return Loops.front();
  };
  std::map<std::string, std::set<std::string>> Partners;
  // The pairs that no loop uses together, by the loop that uses the
  // second array first (in source order, so remarks come out in order).
  std::map<size_t, std::vector<std::string>> Remarks;
  auto Position = [&](const MarkedLoop *L) {
    return static_cast<size_t>(std::find(Loops.begin(), Loops.end(), L) -
                               Loops.begin());
  };
  for (size_t I = 0; I < All.size(); ++I)
    for (size_t J = I + 1; J < All.size(); ++J) {
      const ArrayVar &A = All[I], &B = All[J];
      if (!mayShareMemory(FC, FD, A, B))
        continue;
      std::string NA = A.Var->getNameAsString(), NB = B.Var->getNameAsString();
      // A loop that uses both and writes one of them already assumes they
      // do not overlap (the dependence remark; --strict rejects it).
      bool Together = false, AssumedApart = false;
      for (const auto &[L, WritesA] : UsedBy[A.Var]) {
        auto It = UsedBy[B.Var].find(L);
        if (It == UsedBy[B.Var].end())
          continue;
        Together = true;
        AssumedApart |= WritesA || It->second;
      }
      // Names of one array that a loop uses together were proven
      // independent there, but their copies must still not drift apart.
      if (AssumedApart && relation(FC, FD, A, B) == ArrayRelation::Unknown)
        continue;
      Partners[NA].insert(NB);
      Partners[NB].insert(NA);
      // Two arrays that one loop only reads need no word: their copies
      // rarely have anywhere to go.
      if (!Together)
        Remarks[Position(FirstLoop(B.Var))].push_back(
            "'" + NB + "' and '" + NA + "' (line " +
            std::to_string(FC.line(FirstLoop(A.Var)->For->getForLoc())) + ")");
    }
  for (const auto &[At, Pairs] : Remarks) {
    std::string List;
    for (const std::string &P : Pairs)
      List += (List.empty() ? "" : ", ") + P;
    FC.remark(Loops[At]->For->getForLoc(),
              "arrays that may share memory: " + List +
                  "; their copies stay next to the loops that use them "
                  "(declare the pointers __restrict__ if they never overlap)",
              "move-copies");
  }
  // The array a name derives from (`float *p = a.data()`, `s.p` of `S s =
  // {a, n}`, a reference): host code that touches it touches the name's
  // memory, so the name's copies must not pass it (PointerOrigins.h).
  for (const ArrayVar &A : All)
    for (const Origin &O : originsOf(FD, A.Var).List)
      if (O.Root && O.Root != A.Var && O.Root->getIdentifier()) {
        Partners[A.Var->getNameAsString()].insert(O.Root->getNameAsString());
        if (UsedBy.count(O.Root))
          Partners[O.Root->getNameAsString()].insert(
              A.Var->getNameAsString());
      }
  // Pointer parameters that no loop copies: host code may still write the
  // arrays' memory through them (b[0] = 1 between the loops).
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType().getNonReferenceType();
    if (!T->isPointerType() || UsedBy.count(P) || !P->getIdentifier())
      continue;
    ArrayVar PV{P, T->getPointeeType()};
    for (const ArrayVar &A : All)
      if (mayShareMemory(FC, FD, A, PV))
        Partners[A.Var->getNameAsString()].insert(P->getNameAsString());
  }
  if (Partners.empty())
    return;
  for (MarkedLoop *ML : Loops) {
    // ParallelLoop(..., arrays at 5, reductions), ParallelNest(..., arrays).
    size_t At = ML->Loop.isApp("ParallelNest") ? 4 : 5;
    std::vector<Term> Arrays;
    for (const Term &A : ML->Loop[At].args()) {
      auto It = Partners.find(A[0].name());
      Arrays.push_back(It == Partners.end() ? A : withAliases(A, It->second));
    }
    std::vector<Term> Args = ML->Loop.args();
    Args[At] = Term::list(std::move(Arrays));
    ML->Loop = ML->Loop.withArgs(std::move(Args));
  }
}

} // namespace detail
} // namespace l2c
