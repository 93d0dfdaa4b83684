//===- XorPairs.cpp - Iterations that swap the pair (i, i ^ c) ------------===//
//
// A bitonic sort's step and other butterflies touch a[i] and a[i ^ c] in
// iteration i, under `if ((i ^ c) > i)`: the iteration with the lower index
// of each pair does the pair's work. The affine test cannot read the XOR,
// but the accesses are independent: the pairs {i, i ^ c} of two iterations
// that both pass the guard are disjoint (equal pairs have one lower index).
// Bitonic sorting: Batcher, "Sorting networks and their applications"
// (1968).
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include "clang/AST/ParentMapContext.h"

#include <functional>

using namespace clang;

namespace l2c {
namespace detail {

const Expr *LoopAnalyzer::valueOf(const Expr *E, int Depth) {
  if (!E || Depth > 8)
    return E;
  E = E->IgnoreParenCasts();
  const VarDecl *V = varOf(E);
  if (!V || !isa<DeclRefExpr>(E) || !Locals.count(V))
    return E;
  auto It = Info.find(V);
  if ((It == Info.end() || It->second.Writes == 0) && V->getInit())
    return valueOf(V->getInit(), Depth + 1);
  if (const Expr *Def = singleDefinition(V))
    return valueOf(Def, Depth + 1);
  return E;
}

bool LoopAnalyzer::xorPairs(llvm::ArrayRef<const Access *> Acc) {
  if (CollapsedCount || Acc.empty())
    return false;
  // The c of i ^ c (or c ^ i), or null.
  auto Partner = [&](const Expr *E) -> const Expr * {
    const auto *BO = dyn_cast<BinaryOperator>(valueOf(E));
    if (!BO || BO->getOpcode() != BO_Xor)
      return nullptr;
    const Expr *L = valueOf(BO->getLHS()), *R = valueOf(BO->getRHS());
    if (varOf(L) == Index && isa<DeclRefExpr>(L) && invariant(R))
      return R;
    if (varOf(R) == Index && isa<DeclRefExpr>(R) && invariant(L))
      return L;
    return nullptr;
  };
  auto IsIndex = [&](const Expr *E) {
    const Expr *V = valueOf(E);
    return isa<DeclRefExpr>(V) && varOf(V) == Index;
  };
  std::string C;
  auto SameC = [&](const Expr *E) {
    std::string T = FC.pretty(E);
    if (C.empty())
      C = T;
    return T == C;
  };
  // `P > i` or `i < P` with P = i ^ c, or a conjunct of an `&&` that is.
  std::function<bool(const Expr *)> PairTest = [&](const Expr *Cond) {
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!BO)
      return false;
    if (BO->getOpcode() == BO_LAnd)
      return PairTest(BO->getLHS()) || PairTest(BO->getRHS());
    const Expr *Hi = nullptr, *Lo = nullptr;
    if (BO->getOpcode() == BO_GT)
      Hi = BO->getLHS(), Lo = BO->getRHS();
    else if (BO->getOpcode() == BO_LT)
      Hi = BO->getRHS(), Lo = BO->getLHS();
    else
      return false;
    const Expr *PC = Partner(Hi);
    return PC && IsIndex(Lo) && SameC(PC);
  };
  // The access runs only when a pair test holds: it is in the then branch
  // of an if, the right side of an `&&` or the true side of a `?:` whose
  // condition has one.
  auto Guarded = [&](const Access *X) {
    DynTypedNode Child = DynTypedNode::create(*X->Whole);
    for (int Up = 0; Up < 64; ++Up) {
      DynTypedNodeList Parents = FC.Ctx.getParents(Child);
      if (Parents.empty())
        return false;
      const Stmt *P = Parents[0].get<Stmt>();
      const Stmt *C = Child.get<Stmt>();
      if (!P && Parents[0].get<Decl>()) {
        Child = Parents[0]; // the initialiser of a local
        continue;
      }
      if (!P || P == ML.For)
        return false;
      if (const auto *If = dyn_cast<IfStmt>(P);
          If && C == If->getThen() && PairTest(If->getCond()))
        return true;
      if (const auto *BO = dyn_cast<BinaryOperator>(P);
          BO && BO->getOpcode() == BO_LAnd && C == BO->getRHS() &&
          PairTest(BO->getLHS()))
        return true;
      if (const auto *CO = dyn_cast<ConditionalOperator>(P);
          CO && C == CO->getTrueExpr() && PairTest(CO->getCond()))
        return true;
      Child = Parents[0];
    }
    return false;
  };
  for (const Access *X : Acc) {
    if (X->Subs.size() != 1 || X->Loops.size() != 0)
      return false;
    if (const Expr *PC = Partner(X->Subscript)) {
      if (!SameC(PC))
        return false;
    } else if (!IsIndex(X->Subscript)) {
      return false;
    }
  }
  for (const Access *X : Acc)
    if (!Guarded(X))
      return false;
  return !C.empty();
}

} // namespace detail
} // namespace l2c
