//===- LoopShape.cpp - The shape of a marked loop -------------------------===//
//
// Checks that a marked loop is in canonical form (i = lb; i < ub; i += c)
// and reads its index, bounds and step; the element count an array needs
// for subscripts c*i + d.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"
#include "frontend/TextUtil.h"

using namespace clang;

namespace l2c {
namespace detail {

std::string LoopAnalyzer::loopShape(const ForStmt *F, LoopBounds &B) {
  B.For = F;
  auto NotCanonical = [&](const std::string &Why) { return Why; };
  const VarDecl *&Index = B.Index;
  std::string &LbText = B.LbText, &UbText = B.UbText, &EndText = B.EndText;
  int64_t &EndAdjust = B.EndAdjust, &Step = B.Step;
  bool &LbIsZero = B.LbIsZero;
  // Init: T i = lb  or  i = lb.
  const Stmt *Init = F->getInit();
  const Expr *LbExpr = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    if (!DS->isSingleDecl())
      return NotCanonical("the loop declares more than one variable");
    const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (!VD || !VD->getInit())
      return NotCanonical("the loop variable is not initialised");
    Index = VD;
    LbExpr = VD->getInit();
  } else if (const auto *E = dyn_cast_or_null<Expr>(Init)) {
    const auto *BO = dyn_cast<BinaryOperator>(strip(E));
    if (!BO || BO->getOpcode() != BO_Assign || !refVar(BO->getLHS()))
      return NotCanonical("the initialisation is not 'i = lb'");
    Index = refVar(BO->getLHS());
    LbExpr = BO->getRHS();
  } else {
    return NotCanonical("the loop has no initialisation");
  }
  if (!Index->getType()->isIntegerType() || Index->getType()->isBooleanType())
    return NotCanonical("the loop variable '" + Index->getNameAsString() +
                        "' is not an integer");
  LbText = FC.text(LbExpr->getSourceRange());
  Expr::EvalResult LbVal;
  LbIsZero =
      strip(LbExpr)->EvaluateAsInt(LbVal, FC.Ctx) && LbVal.Val.getInt() == 0;
  if (mentions(LbExpr, Index))
    return NotCanonical("the initial value depends on the loop variable");

  // Condition: i < ub, i <= ub, i != ub, ub > i, ub >= i.
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? strip(F->getCond()) : nullptr);
  if (!Cond)
    return NotCanonical("the condition is not 'i < ub' or 'i <= ub'");
  BinaryOperatorKind K = Cond->getOpcode();
  const Expr *Ub = nullptr;
  if (refVar(Cond->getLHS()) == Index) {
    Ub = Cond->getRHS();
  } else if (refVar(Cond->getRHS()) == Index) {
    Ub = Cond->getLHS();
    K = K == BO_GT ? BO_LT : K == BO_GE ? BO_LE : K == BO_NE ? BO_NE : BO_EQ;
  }
  if (!Ub || (K != BO_LT && K != BO_LE && K != BO_NE))
    return NotCanonical("the condition is not 'i < ub' or 'i <= ub'");
  if (mentions(Ub, Index))
    return NotCanonical("the bound depends on the loop variable");
  // The launch evaluates the bounds once, on the host; the loop evaluates
  // its condition in every iteration. They agree only for bounds without
  // effects.
  for (const Expr *Bound : {LbExpr, Ub})
    if (std::string Why = effectIn(Bound); !Why.empty())
      return NotCanonical("the bound '" + FC.text(Bound->getSourceRange()) +
                          "' " + Why + "; compute it before the loop");
  B.Lb = LbExpr;
  B.Ub = Ub;
  UbText = FC.text(Ub->getSourceRange());
  EndAdjust = K == BO_LE ? 1 : 0;

  // Increment: ++i, i++, i += c, i = i + c.
  const Expr *Inc = F->getInc() ? strip(F->getInc()) : nullptr;
  bool IncOk = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    IncOk = UO->isIncrementOp() && refVar(UO->getSubExpr()) == Index;
    Step = 1;
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    Expr::EvalResult R;
    if (CA->getOpcode() == BO_AddAssign && refVar(CA->getLHS()) == Index &&
        CA->getRHS()->EvaluateAsInt(R, FC.Ctx)) {
      Step = R.Val.getInt().getSExtValue();
      IncOk = true;
    }
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc)) {
    const auto *Add = dyn_cast<BinaryOperator>(strip(BO->getRHS()));
    Expr::EvalResult R;
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == Index && Add &&
        Add->getOpcode() == BO_Add) {
      const Expr *Other = refVar(Add->getLHS()) == Index   ? Add->getRHS()
                          : refVar(Add->getRHS()) == Index ? Add->getLHS()
                                                           : nullptr;
      if (Other && Other->EvaluateAsInt(R, FC.Ctx)) {
        Step = R.Val.getInt().getSExtValue();
        IncOk = true;
      }
    }
  }
  if (!IncOk)
    return NotCanonical("the increment is not '++i', 'i++' or 'i += c' with "
                        "a constant c");
  if (Step <= 0)
    return NotCanonical("the step is not positive");
  if (K == BO_NE && Step != 1)
    return NotCanonical("a '!=' condition needs step 1");

  // The end, exclusive.
  Expr::EvalResult UbVal;
  if (strip(Ub)->EvaluateAsInt(UbVal, FC.Ctx) && isa<IntegerLiteral>(strip(Ub)))
    EndText = std::to_string(UbVal.Val.getInt().getSExtValue() + EndAdjust);
  else
    EndText = addConstant(UbText, EndAdjust);
  return "";
}

bool LoopAnalyzer::shape() {
  LoopBounds B;
  std::string Why = loopShape(ML.For, B);
  if (!Why.empty())
    return reject(ML.For->getForLoc(), "loop is not in canonical form: " + Why,
                  "loop-shape");
  Marked = B;
  Index = B.Index;
  return true;
}

std::string LoopAnalyzer::countFromBounds(int64_t C, int64_t DMax) {
  return countFor(Marked, C, DMax);
}

std::string LoopAnalyzer::countFor(const LoopBounds &B, int64_t C,
                                   int64_t DMax) {
  // count = C * (end - 1) + DMax + 1 with end = ub + EndAdjust.
  int64_t K = C * (B.EndAdjust - 1) + DMax + 1;
  Expr::EvalResult R;
  if (isa<IntegerLiteral>(strip(B.Ub)) && strip(B.Ub)->EvaluateAsInt(R, FC.Ctx))
    return std::to_string(C * R.Val.getInt().getSExtValue() + K);
  if (C == 1)
    return addConstant(B.UbText, K);
  std::string Ub = isSimpleText(B.UbText) ? B.UbText : "(" + B.UbText + ")";
  return addConstant(std::to_string(C) + " * " + Ub, K);
}

} // namespace detail
} // namespace l2c
