//===- SubscriptReasons.cpp - What keeps a subscript from the exact test -===//
//
// Why a subscript is not affine, in the words of the probe's remark
// (notAffineReason), and whether it reads memory at all (readsMemory): an
// update at a subscript that only computes is no histogram.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

using namespace clang;

namespace l2c {
namespace detail {

std::string LoopAnalyzer::notAffineReason(const Expr *E, int Depth) {
  if (!E || Depth > 8)
    return "";
  Expr::EvalResult R;
  if (E->getType()->isIntegerType() && !E->HasSideEffects(FC.Ctx) &&
      E->EvaluateAsInt(R, FC.Ctx))
    return "";
  // A cast to a narrower type wraps (LoopAnalyzer::affine).
  for (const Expr *C = E->IgnoreParens(); isa<CastExpr>(C);
       C = cast<CastExpr>(C)->getSubExpr()->IgnoreParens())
    if (narrowingIntegerCast(cast<CastExpr>(C), FC.Ctx))
      return "converts '" + FC.pretty(cast<CastExpr>(C)->getSubExpr()) +
             "' to '" + cast<CastExpr>(C)->getType().getAsString() +
             "', whose values wrap around";
  E = E->IgnoreParenCasts();
  if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E)) {
    const VarDecl *V = varOf(E);
    std::string Name = "'" + FC.pretty(E) + "'";
    if (!V || !V->getType()->isIntegerType())
      return "uses " + Name + ", which is not an integer variable";
    if (V == Index || (NestVarsAffine && NestIndices.count(V)))
      return "";
    if (auto It = Info.find(V); It != Info.end() && It->second.Writes)
      return "uses " + Name + ", which changes inside the loop";
    if (Locals.count(V) && V->getInit() && !V->getType()->isReferenceType()) {
      std::string Init = notAffineReason(V->getInit(), Depth + 1);
      return Init.empty() ? "" : Init + " (the value of " + Name + ")";
    }
    return "";
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus))
    return notAffineReason(UO->getSubExpr(), Depth);
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub ||
             BO->getOpcode() == BO_Mul)) {
    std::string L = notAffineReason(BO->getLHS(), Depth);
    return L.empty() ? notAffineReason(BO->getRHS(), Depth) : L;
  }
  if (isa<ArraySubscriptExpr, CallExpr>(E) ||
      (isa<UnaryOperator>(E) &&
       cast<UnaryOperator>(E)->getOpcode() == UO_Deref))
    return "reads '" + FC.pretty(E) + "' from memory";
  return "computes '" + FC.pretty(E) +
         "', which is not a sum of products of integer variables";
}

bool LoopAnalyzer::readsMemory(const Expr *E, int Depth) {
  if (!E)
    return false;
  if (Depth > 8)
    return true;
  E = E->IgnoreParenCasts();
  if (isa<ArraySubscriptExpr, CallExpr>(E) ||
      (isa<UnaryOperator>(E) &&
       cast<UnaryOperator>(E)->getOpcode() == UO_Deref) ||
      (isa<MemberExpr>(E) && cast<MemberExpr>(E)->isArrow()))
    return true;
  if (const VarDecl *V = varOf(E); V && isa<DeclRefExpr>(E)) {
    if (!Locals.count(V))
      return false;
    // A local the body assigns again may take its value from anywhere.
    if (auto It = Info.find(V); It != Info.end() && It->second.Writes)
      return !NestIndices.count(V);
    return V->getType()->isReferenceType() ||
           readsMemory(V->getInit(), Depth + 1);
  }
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C);
        CE && readsMemory(CE, Depth))
      return true;
  return false;
}

} // namespace detail
} // namespace l2c
