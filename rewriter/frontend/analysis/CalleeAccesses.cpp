//===- CalleeAccesses.cpp - Elements a helper of the file touches ---------===//
//
// A loop body that hands an array to a helper of the file,
//
// \code
//   static void step(double *a, int i) { a[i] = a[i - 1] + 1.0; }
//   #pragma omp parallel for
//   for (int i = 1; i < n; i++)
//     step(a, i);
// \endcode
//
// touches the elements the helper's subscripts name, with the call's
// arguments in place of the helper's parameters: a[i] and a[i - 1] here, a
// dependence the test must see. When every use of the pointer parameter in
// the helper is p[s] or *(p + s), and each s is built of integer constants
// and of integer parameters the helper never writes, the analysis records
// those accesses for the caller's array (the call is their place) instead
// of a use other than through a subscript. The device code still calls the
// helper as written.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The use of a pointer parameter at one element: its offset from the
/// parameter (null for *p) and whether it reads, writes or both.
struct ParamElement {
  const Expr *Offset;
  unsigned M;
};

/// Whether the helper's body S branches (an if, a loop, a ?:, && or ||, a
/// return before its end): its accesses then may not happen.
bool branches(const Stmt *S, const Stmt *Last) {
  if (!S)
    return false;
  if (isa<IfStmt>(S) || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
      isa<DoStmt>(S) || isa<SwitchStmt>(S) || isa<GotoStmt>(S) ||
      isa<ConditionalOperator>(S) || isa<CXXForRangeStmt>(S) ||
      (isa<ReturnStmt>(S) && S != Last))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isLogicalOp())
    return true;
  for (const Stmt *C : S->children())
    if (branches(C, Last))
      return true;
  return false;
}

} // namespace

/// E with the helper's parameters replaced by the call's arguments: null
/// when E holds anything but integer constants, the parameters named in
/// Ok, + - * / % and signs, and conversions that keep every value.
static const Expr *substituteParams(ASTContext &Ctx, const Expr *E,
                                    const CallExpr *CE,
                                    const FunctionDecl *Def) {
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    QualType To = IC->getType(), From = IC->getSubExpr()->getType();
    if (IC->getCastKind() == CK_LValueToRValue ||
        IC->getCastKind() == CK_NoOp)
      return substituteParams(Ctx, IC->getSubExpr(), CE, Def);
    // A widening integer conversion keeps every value; a narrowing one
    // wraps (Dependences.cpp's narrowingIntegerCast).
    if (IC->getCastKind() == CK_IntegralCast && To->isIntegerType() &&
        From->isIntegerType() &&
        Ctx.getIntWidth(To) > Ctx.getIntWidth(From) &&
        (To->isSignedIntegerType() || !From->isSignedIntegerType()))
      return substituteParams(Ctx, IC->getSubExpr(), CE, Def);
    return nullptr;
  }
  if (isa<IntegerLiteral>(E))
    return E;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
    if (!P || !P->getType()->isIntegerType() ||
        P->getType()->isBooleanType() || writesVar(Def->getBody(), P))
      return nullptr;
    unsigned N = P->getFunctionScopeIndex();
    if (N >= CE->getNumArgs())
      return nullptr;
    // The argument as the parameter receives it: an argument wider than
    // the parameter would wrap.
    const Expr *Arg = CE->getArg(N)->IgnoreParenImpCasts();
    if (!Arg->getType()->isIntegerType() ||
        Ctx.getIntWidth(Arg->getType()) > Ctx.getIntWidth(P->getType()) ||
        (Ctx.getIntWidth(Arg->getType()) == Ctx.getIntWidth(P->getType()) &&
         Arg->getType()->isSignedIntegerType() !=
             P->getType()->isSignedIntegerType()))
      return nullptr;
    return Arg;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_Minus && UO->getOpcode() != UO_Plus)
      return nullptr;
    const Expr *Sub = substituteParams(Ctx, UO->getSubExpr(), CE, Def);
    if (!Sub)
      return nullptr;
    return UnaryOperator::Create(Ctx, const_cast<Expr *>(Sub),
                                 UO->getOpcode(), Sub->getType(), VK_PRValue,
                                 OK_Ordinary, UO->getExprLoc(), false,
                                 FPOptionsOverride());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind K = BO->getOpcode();
    if (K != BO_Add && K != BO_Sub && K != BO_Mul && K != BO_Div &&
        K != BO_Rem)
      return nullptr;
    const Expr *L = substituteParams(Ctx, BO->getLHS(), CE, Def);
    const Expr *R = L ? substituteParams(Ctx, BO->getRHS(), CE, Def) : nullptr;
    if (!R)
      return nullptr;
    return BinaryOperator::Create(Ctx, const_cast<Expr *>(L),
                                  const_cast<Expr *>(R), K, BO->getType(),
                                  VK_PRValue, OK_Ordinary, BO->getExprLoc(),
                                  FPOptionsOverride());
  }
  return nullptr;
}

bool LoopAnalyzer::calleeAccesses(const CallExpr *CE, unsigned I) {
  const FunctionDecl *FD = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!FD || I >= FD->getNumParams() || !FD->hasBody(Def) ||
      I >= Def->getNumParams() || FD->isVariadic())
    return false;
  const ParmVarDecl *P = Def->getParamDecl(I);
  QualType PT = P->getType();
  if (!PT->isPointerType() || !isScalarType(PT->getPointeeType()) ||
      PT->getPointeeType()->isPointerType())
    return false;
  // The argument: a, a + e, &a[e] of a one-dimensional array of the loop
  // whose elements the parameter points to.
  const Expr *Arg = CE->getArg(I)->IgnoreParenImpCasts();
  const Expr *Base = Arg, *ArgOffset = nullptr;
  if (const auto *UO = dyn_cast<UnaryOperator>(Arg);
      UO && UO->getOpcode() == UO_AddrOf) {
    const auto *AS =
        dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens());
    if (!AS)
      return false;
    Base = AS->getBase();
    ArgOffset = AS->getIdx();
  } else {
    ArgOffset = pointerOffset(Arg, Base);
  }
  const VarDecl *A = refVar(Base);
  QualType AT = A ? A->getType().getNonReferenceType() : QualType();
  if (!A || Locals.count(A) || !isArrayLike(A) || isStdVector(AT) ||
      isStdArray(AT))
    return false;
  QualType Elem = AT->isPointerType() ? AT->getPointeeType()
                  : AT->isArrayType()
                      ? QualType(AT->getAsArrayTypeUnsafe()->getElementType())
                      : QualType();
  if (Elem.isNull() || Elem->isArrayType() ||
      !FC.Ctx.hasSameUnqualifiedType(Elem, PT->getPointeeType()))
    return false;
  if (ArgOffset && !ArgOffset->getType()->isIntegerType())
    return false;
  // Every use of p in the helper: p[s], *(p + s), *p, with its mode.
  std::vector<ParamElement> Uses;
  bool Other = false;
  std::function<void(const Stmt *, unsigned)> Walk = [&](const Stmt *S,
                                                         unsigned M) {
    if (!S || Other)
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      S = E->IgnoreParens();
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp()) {
      Walk(BO->getLHS(), BO->isCompoundAssignmentOp() ? ReadWrite : Write);
      Walk(BO->getRHS(), Read);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp()) {
        Walk(UO->getSubExpr(), ReadWrite);
        return;
      }
      if (UO->getOpcode() == UO_Deref) {
        const Expr *PB = nullptr;
        const Expr *Off = pointerOffset(UO->getSubExpr(), PB);
        if (refVar(PB) == P) {
          Uses.push_back({Off, M});
          if (Off)
            Walk(Off, Read);
          return;
        }
      }
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S);
        AS && refVar(AS->getBase()) == P) {
      Uses.push_back({AS->getIdx(), M});
      Walk(AS->getIdx(), Read);
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == P) {
      Other = true; // p passed on, stored, moved, compared
      return;
    }
    for (const Stmt *C : S->children())
      Walk(C, Read);
  };
  const Stmt *Body = Def->getBody();
  Walk(Body, Read);
  if (Other)
    return false;
  // Each subscript in the caller's terms.
  std::vector<std::pair<const Expr *, unsigned>> Subs;
  for (const ParamElement &U : Uses) {
    const Expr *S = U.Offset ? substituteParams(FC.Ctx, U.Offset, CE, Def)
                             : nullptr;
    if (U.Offset && !S)
      return false;
    if (!S && !ArgOffset)
      S = IntegerLiteral::Create(FC.Ctx, llvm::APInt(32, 0), FC.Ctx.IntTy,
                                 CE->getExprLoc());
    else if (ArgOffset)
      S = S ? BinaryOperator::Create(
                  FC.Ctx, const_cast<Expr *>(ArgOffset), const_cast<Expr *>(S),
                  BO_Add, ArgOffset->getType(), VK_PRValue, OK_Ordinary,
                  CE->getExprLoc(), FPOptionsOverride())
            : ArgOffset;
    Subs.push_back({S, U.M});
  }
  const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
  bool Branches = branches(Body, CS && !CS->body_empty() ? CS->body_back()
                                                         : nullptr);
  use(A, Read, CE->getExprLoc());
  for (const auto &[S, M] : Subs) {
    recordAccess(A, {S}, CE, M);
    Accesses.back().Conditional |= Branches;
  }
  if (ArgOffset)
    scan(ArgOffset, Read);
  return true;
}

} // namespace detail
} // namespace l2c
