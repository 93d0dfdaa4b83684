//===- LoopShape.cpp - The shape of a marked loop -------------------------===//
//
// Checks that a loop is in OpenMP's canonical form (i = lb; i < ub; i += c,
// or downward: i = hi; i >= lo; i -= c) and reads its index, the values it
// takes and its step; the element count an array needs for subscripts
// c*i + d.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"
#include "frontend/TextUtil.h"

#include "clang/AST/StmtCXX.h"

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
  if (mentions(LbExpr, Index))
    return NotCanonical("the initial value depends on the loop variable");

  // Condition: i < ub, i <= ub, i != ub, i > lb, i >= lb (either side).
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? strip(F->getCond()) : nullptr);
  const char *BadCond = "the condition is not 'i < ub', 'i <= ub', 'i != ub', "
                        "'i > lb' or 'i >= lb'";
  if (!Cond)
    return NotCanonical(BadCond);
  BinaryOperatorKind K = Cond->getOpcode();
  const Expr *Bound = nullptr;
  if (refVar(Cond->getLHS()) == Index) {
    Bound = Cond->getRHS();
  } else if (refVar(Cond->getRHS()) == Index) {
    Bound = Cond->getLHS();
    K = BinaryOperator::reverseComparisonOp(K);
  }
  if (!Bound ||
      (K != BO_LT && K != BO_LE && K != BO_NE && K != BO_GT && K != BO_GE))
    return NotCanonical(BadCond);
  if (mentions(Bound, Index))
    return NotCanonical("the bound depends on the loop variable");
  // The launch evaluates the bounds once, on the host; the loop evaluates
  // its condition in every iteration. They agree only for bounds without
  // effects.
  for (const Expr *E : {LbExpr, Bound})
    if (std::string Why = effectIn(E); !Why.empty())
      return NotCanonical("the bound '" + FC.text(E->getSourceRange()) + "' " +
                          Why + "; compute it before the loop");

  // Increment: ++i, i++, i += c, i = i + c; --i, i--, i -= c, i = i - c.
  const Expr *Inc = F->getInc() ? strip(F->getInc()) : nullptr;
  bool IncOk = false;
  auto Constant = [&](const Expr *E, int64_t Sign) {
    Expr::EvalResult R;
    if (!E || !E->EvaluateAsInt(R, FC.Ctx))
      return false;
    Step = Sign * R.Val.getInt().getSExtValue();
    return true;
  };
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    IncOk = UO->isIncrementDecrementOp() && refVar(UO->getSubExpr()) == Index;
    Step = UO->isIncrementOp() ? 1 : -1;
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if ((CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign) &&
        refVar(CA->getLHS()) == Index)
      IncOk = Constant(CA->getRHS(), CA->getOpcode() == BO_AddAssign ? 1 : -1);
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc)) {
    const auto *Add = dyn_cast<BinaryOperator>(strip(BO->getRHS()));
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == Index && Add) {
      if (Add->getOpcode() == BO_Add)
        IncOk = refVar(Add->getLHS()) == Index   ? Constant(Add->getRHS(), 1)
                : refVar(Add->getRHS()) == Index ? Constant(Add->getLHS(), 1)
                                                 : false;
      else if (Add->getOpcode() == BO_Sub && refVar(Add->getLHS()) == Index)
        IncOk = Constant(Add->getRHS(), -1);
    }
  }
  if (!IncOk)
    return NotCanonical("the increment is not '++i', 'i++', 'i += c', '--i', "
                        "'i--' or 'i -= c' with a constant c");
  if (Step == 0)
    return NotCanonical("the step is 0");
  bool Up = K == BO_LT || K == BO_LE || (K == BO_NE && Step > 0);
  if (Up != (Step > 0))
    return NotCanonical(Up ? "the index moves down while the condition wants "
                             "it to grow"
                           : "the index moves up while the condition wants "
                             "it to shrink");
  if (K == BO_NE && Step != 1 && Step != -1)
    return NotCanonical("a '!=' condition needs a step of 1 or -1");
  B.Init = LbExpr;
  B.Down = !Up;
  if (!Up) {
    Step = -Step;
    // i >= 0 never fails for an unsigned i: the loop would not end.
    Expr::EvalResult Zero;
    if (K == BO_GE && Index->getType()->isUnsignedIntegerType() &&
        strip(Bound)->EvaluateAsInt(Zero, FC.Ctx) && Zero.Val.getInt() == 0)
      return NotCanonical("'" + Index->getNameAsString() +
                          " >= 0' is always true for an unsigned index");
  }

  // The values: Lb + LbAdjust .. Ub + EndAdjust (exclusive).
  const Expr *Ub = Up ? Bound : LbExpr;
  B.Lb = Up ? LbExpr : Bound;
  B.Ub = Ub;
  B.LbAdjust = Up ? 0 : K == BO_GE ? 0 : 1;
  EndAdjust = Up ? (K == BO_LE ? 1 : 0) : 1;
  // A loop the front end built (SerialKernels.cpp) has literals without a
  // place in the text: print them.
  // A loop header that a macro writes (`FOR(i, 0, n)`) has no text of its
  // own for its bounds: print them.
  auto Text = [&](const Expr *E) {
    std::string T =
        E->getBeginLoc().isValid() ? FC.text(E->getSourceRange()) : "";
    return T.empty() ? FC.pretty(E) : T;
  };
  UbText = Text(Ub);
  std::string LoText = Text(B.Lb);
  LbText = addConstant(LoText, B.LbAdjust);
  Expr::EvalResult LbVal;
  LbIsZero = B.LbAdjust == 0 && strip(B.Lb)->EvaluateAsInt(LbVal, FC.Ctx) &&
             LbVal.Val.getInt() == 0;

  // The end, exclusive.
  Expr::EvalResult UbVal;
  if (strip(Ub)->EvaluateAsInt(UbVal, FC.Ctx) && isWrittenLiteral(Ub))
    EndText = std::to_string(UbVal.Val.getInt().getSExtValue() + EndAdjust);
  else
    EndText = addConstant(UbText, EndAdjust);
  // `i <= n` ends at n + 1, which overflows a type of 32 bits or less (the
  // comparison's, after promotion) at n == INT_MAX: in long long it does
  // not. OpenMP counts the iterations of `i <= INT_MAX` as INT_MAX + 1.
  if (EndAdjust > 0 && EndText == UbText + " + " + std::to_string(EndAdjust) &&
      FC.Ctx.getTypeSize(Cond->getLHS()->getType()) <= 32)
    EndText += "LL";
  // Downward by c > 1: the values are hi, hi - c, ...; the lowest is
  // hi - (hi - lo) / c * c when hi >= lo, and none is (an empty range
  // starting at hi + c) otherwise.
  if (!Up && Step > 1) {
    auto P = [](const std::string &T) {
      return isSimpleText(T) ? T : "(" + T + ")";
    };
    std::string C = std::to_string(Step);
    LbText = P(UbText) + " - (" + P(UbText) + " >= " + P(LbText) + " ? (" +
             P(UbText) + " - " + P(LbText) + ") / " + C + " : -1) * " + C;
    LbIsZero = false;
  }
  return "";
}

void LoopAnalyzer::hiddenIndex(const VarDecl *V, const std::string &Count) {
  ASTContext &Ctx = FC.Ctx;
  SourceLocation Loc = ML.For->getForLoc();
  auto *I = ParmVarDecl::Create(Ctx, Ctx.getTranslationUnitDecl(), Loc, Loc,
                                &Ctx.Idents.get("l2c_i"), Ctx.LongLongTy,
                                Ctx.getTrivialTypeSourceInfo(Ctx.LongLongTy),
                                SC_None, nullptr);
  Marked = LoopBounds();
  Marked.For = ML.For;
  Marked.Index = Index = I;
  Marked.Lb =
      IntegerLiteral::Create(Ctx, llvm::APInt(64, 0), Ctx.LongLongTy, Loc);
  Marked.Init = Marked.Lb;
  Marked.LbText = "0";
  Marked.LbIsZero = true;
  Marked.UbText = Marked.EndText = Count;
  RangeArray = V;
  RangeSub =
      DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(), I,
                          false, Loc, Ctx.LongLongTy, VK_LValue);
  RangeElement = Term::app(
      "Index", {Term::ident(V->getNameAsString()), Term::ident("l2c_i")});
}

std::string LoopAnalyzer::elementCount(const VarDecl *V) {
  QualType T = V->getType().getNonReferenceType();
  uint64_t N = 0;
  if (isStdVector(T))
    return hostName(V) + ".size()";
  if (isStdArray(T, nullptr, &N))
    return std::to_string(N);
  if (const auto *CAT = FC.Ctx.getAsConstantArrayType(T))
    return std::to_string(CAT->getSize().getZExtValue());
  return "";
}

void LoopAnalyzer::rangeAccess(const Expr *E, unsigned M) {
  use(RangeArray, Read, E->getExprLoc());
  Accesses.push_back(
      Access{RangeArray, RangeSub, E, M, CondDepth > 0, {RangeSub}, LoopStack});
}

bool LoopAnalyzer::rangeShape() {
  const CXXForRangeStmt *R = ML.RangeFor;
  const Expr *Range = R->getRangeInit();
  const VarDecl *V = Range ? refVar(Range) : nullptr;
  std::string Count = V ? elementCount(V) : "";
  if (Count.empty())
    return reject(R->getForLoc(),
                  "loop is not in canonical form: a range-based for runs on "
                  "the GPU over a std::vector, a std::array or an array "
                  "named by a variable, not over '" +
                      (Range ? FC.text(Range->getSourceRange()) : "?") + "'",
                  "loop-shape");
  hiddenIndex(V, Count);
  // The loop variable is the iteration's element.
  Locals.insert(R->getLoopVariable());
  return true;
}

namespace {

/// E without the implicit nodes around it and an iterator's copy.
const Expr *bare(const Expr *E) {
  E = E ? E->IgnoreImplicit() : nullptr;
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E))
    if (CE->getNumArgs() == 1)
      return CE->getArg(0)->IgnoreImplicit();
  return E;
}

/// The object of a `v.begin()`-like call (one of Names), or null.
const VarDecl *calledOn(const Expr *E,
                        std::initializer_list<const char *> Names) {
  const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(bare(E));
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier() || MC->getNumArgs() != 0)
    return nullptr;
  for (const char *N : Names)
    if (MD->getName() == N)
      return refVar(MC->getImplicitObjectArgument());
  return nullptr;
}

} // namespace

bool LoopAnalyzer::iteratorShape() {
  const ForStmt *F = ML.For;
  const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
  const auto *It = DS && DS->isSingleDecl()
                       ? dyn_cast<VarDecl>(DS->getSingleDecl())
                       : nullptr;
  if (!It || !It->getType()->isRecordType())
    return false;
  const VarDecl *V = calledOn(It->getInit(), {"begin", "cbegin"});
  const auto *Cond = dyn_cast_or_null<CXXOperatorCallExpr>(bare(F->getCond()));
  const auto *Inc = dyn_cast_or_null<CXXOperatorCallExpr>(bare(F->getInc()));
  if (!V || !Cond || Cond->getNumArgs() != 2 ||
      (Cond->getOperator() != OO_ExclaimEqual &&
       Cond->getOperator() != OO_Less) ||
      refVar(Cond->getArg(0)) != It ||
      calledOn(Cond->getArg(1), {"end", "cend"}) != V || !Inc ||
      Inc->getOperator() != OO_PlusPlus || refVar(Inc->getArg(0)) != It)
    return false;
  std::string Count = elementCount(V);
  if (Count.empty())
    return false;
  hiddenIndex(V, Count);
  Locals.insert(It);
  Conv.Iterator = It;
  Conv.IteratorElement = RangeElement;
  return true;
}

bool LoopAnalyzer::shape() {
  if (ML.RangeFor)
    return rangeShape();
  LoopBounds B;
  std::string Why = loopShape(ML.For, B);
  // Random-access iterators: it = v.begin(); it != v.end(); ++it.
  if (!Why.empty() && iteratorShape())
    return true;
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
  if (isWrittenLiteral(B.Ub) && strip(B.Ub)->EvaluateAsInt(R, FC.Ctx))
    return std::to_string(C * R.Val.getInt().getSExtValue() + K);
  if (C == 1)
    return addConstant(B.UbText, K);
  std::string Ub = isSimpleText(B.UbText) ? B.UbText : "(" + B.UbText + ")";
  return addConstant(std::to_string(C) + " * " + Ub, K);
}

} // namespace detail
} // namespace l2c
