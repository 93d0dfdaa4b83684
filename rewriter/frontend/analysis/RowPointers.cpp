//===- RowPointers.cpp - Local pointers into a row of an array ------------===//
//
// Real code walks a row through a pointer declared in the loop body:
//
// \code
//   #pragma omp parallel for
//   for (i = 0; i < n; i++) {
//     double *row = &A[i * m];     // or A + i * m, or A[i] of double A[][M]
//                                  // or of row pointers double **A
//     for (j = 0; j < m; j++)
//       s += row[j] * x[j];
//   }
// \endcode
//
// Without help, `&A[i * m]` is a use of A other than through a subscript:
// the dependence test cannot see which elements the loop touches, and the
// copies have no element count. When the pointer is used only as row[s]
// and nothing in its offset changes in the body, row[s] is the element
// A[i * m + s] (A[i][s] for a 2-D A): the analysis records that access in
// its place. The device code keeps the pointer as written; it points into
// the device copy of A.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// Whether every use of V in S passes Use: Use(X) answers for a use X it
/// knows (true, false), or nothing, and the walk goes into X's parts; any
/// other reference to V fails.
bool everyUse(const Stmt *S, const VarDecl *V,
              llvm::function_ref<std::optional<bool>(const Stmt *)> Use) {
  if (!S)
    return true;
  if (std::optional<bool> Known = Use(S))
    return *Known;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() != V;
  for (const Stmt *C : S->children())
    if (!everyUse(C, V, Use))
      return false;
  return true;
}

/// Whether every use of V in S is row[s] (s not using V) or *row.
bool onlySubscripted(const Stmt *S, const VarDecl *V) {
  return everyUse(S, V, [&](const Stmt *X) -> std::optional<bool> {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X);
        AS && refVar(AS->getBase()) == V)
      return !mentions(AS->getIdx(), V);
    if (const auto *UO = dyn_cast<UnaryOperator>(X);
        UO && UO->getOpcode() == UO_Deref && refVar(UO->getSubExpr()) == V)
      return true; // *row, row[0]
    return std::nullopt;
  });
}

/// Whether every use of V (a reference to a row of a vector of vectors) in
/// S is row[s] (s not using V) or row.size().
bool onlyRowUses(const Stmt *S, const VarDecl *V) {
  return everyUse(S, V, [&](const Stmt *X) -> std::optional<bool> {
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(X);
        OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
        refVar(OC->getArg(0)) == V)
      return !mentions(OC->getArg(1), V);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(X);
        MC && refVar(MC->getImplicitObjectArgument()) == V)
      return MC->getMethodDecl() && MC->getMethodDecl()->getName() == "size" &&
             MC->getNumArgs() == 0;
    return std::nullopt;
  });
}

/// Whether every use of the vector A in S is A[e].
bool onlyVectorSubscripts(const Stmt *S, const VarDecl *A) {
  return everyUse(S, A, [&](const Stmt *X) -> std::optional<bool> {
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(X);
        OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
        refVar(OC->getArg(0)) == A)
      return onlyVectorSubscripts(OC->getArg(1), A);
    return std::nullopt;
  });
}

/// Whether Body writes any variable that E reads.
bool changesIn(const Stmt *Body, const Expr *E) {
  std::set<std::string> Names;
  bool Changes = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Changes)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Changes = writesVar(Body, V);
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(E);
  return Changes;
}

} // namespace

void LoopAnalyzer::findRowPointers(const Stmt *Body) {
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    for (const Stmt *C : S->children())
      Walk(C);
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *V = DS && DS->isSingleDecl()
                        ? dyn_cast<VarDecl>(DS->getSingleDecl())
                        : nullptr;
    if (V && V->getInit() && V->getType()->isReferenceType() &&
        isStdVector(V->getType().getNonReferenceType()))
      return vectorRowRef(Body, V);
    if (!V || !V->getType()->isPointerType() || !V->getInit())
      return;
    QualType Pointee = V->getType()->getPointeeType();
    const Expr *Init = V->getInit()->IgnoreParens();
    // The pointer's conversions: array to pointer (A[e] of a 2-D A), T * to
    // const T *; nothing that changes the element type.
    while (const auto *IC = dyn_cast<ImplicitCastExpr>(Init)) {
      if (IC->getCastKind() != CK_ArrayToPointerDecay &&
          IC->getCastKind() != CK_NoOp)
        break;
      Init = IC->getSubExpr()->IgnoreParens();
    }
    RowPointer R;
    const Expr *Base = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(Init);
        UO && UO->getOpcode() == UO_AddrOf) {
      // &A[e]
      const auto *AS =
          dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens());
      if (!AS)
        return;
      Base = AS->getBase();
      R.Offset = AS->getIdx();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(Init);
               BO && BO->getOpcode() == BO_Add) {
      // A + e, e + A
      bool LeftPtr = BO->getLHS()->getType()->isPointerType();
      Base = LeftPtr ? BO->getLHS() : BO->getRHS();
      R.Offset = LeftPtr ? BO->getRHS() : BO->getLHS();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Init);
               AS && AS->getType()->isArrayType()) {
      // A[e] of a 2-D A: a row
      Base = AS->getBase();
      R.Row = AS->getIdx();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(
                   V->getInit()->IgnoreParenImpCasts());
               AS && AS->getType()->isPointerType()) {
      // A[e] of row pointers (double **A): the row A[e] itself
      Base = AS->getBase();
      R.Row = AS->getIdx();
    } else {
      return;
    }
    R.Array = refVar(Base);
    const VarDecl *A = R.Array;
    if (!A || Locals.count(A) || !isArrayLike(A) || A == V)
      return;
    // The element type of A (through its rows for A[e]) is the pointee.
    QualType AT = A->getType().getNonReferenceType();
    QualType Elem = AT->isPointerType() ? AT->getPointeeType()
                    : AT->isArrayType()
                        ? QualType(AT->getAsArrayTypeUnsafe()->getElementType())
                        : QualType();
    if (R.Row && !Elem.isNull() && Elem->isArrayType())
      Elem = QualType(Elem->getAsArrayTypeUnsafe()->getElementType());
    else if (R.Row && !Elem.isNull() && Elem->isPointerType())
      Elem = Elem->getPointeeType(); // a row of row pointers
    if (Elem.isNull() || Elem->isArrayType() || !isScalarType(Elem) ||
        !FC.Ctx.hasSameUnqualifiedType(Elem, Pointee))
      return;
    // A const row of a writable A is fine; the other way round is a cast.
    if (Elem.isConstQualified() && !Pointee.isConstQualified())
      return;
    const Expr *E = R.Offset ? R.Offset : R.Row;
    if (!E->getType()->isIntegerType() || changesIn(Body, E) ||
        writesVar(Body, A) || !onlySubscripted(Body, V))
      return;
    // The declaration's own initialiser names V nowhere; every other use
    // is row[s].
    RowPointers[V] = R;
  };
  Walk(Body);
}

void LoopAnalyzer::vectorRowRef(const Stmt *Body, const VarDecl *V) {
  // `auto &row = m[e]` of a free vector of vectors m.
  const auto *OC =
      dyn_cast<CXXOperatorCallExpr>(V->getInit()->IgnoreParenImpCasts());
  if (!OC || OC->getOperator() != OO_Subscript || OC->getNumArgs() != 2 ||
      !isVectorOfVectors(OC->getArg(0)->getType()))
    return;
  const VarDecl *A = refVar(OC->getArg(0));
  const Expr *E = OC->getArg(1);
  if (!A || Locals.count(A) || hostName(A) != A->getNameAsString() ||
      !E->getType()->isIntegerType() || changesIn(Body, E) ||
      !onlyVectorSubscripts(Body, A) || !onlyRowUses(Body, V))
    return;
  RowPointer R;
  R.Array = A;
  R.Row = E;
  R.VectorRef = true;
  RowPointers[V] = R;
  Conv.RowRefs[V] = {A, E};
}

bool LoopAnalyzer::scanRowPointerDecl(const VarDecl *V) {
  auto It = RowPointers.find(V);
  if (It == RowPointers.end())
    return false;
  const RowPointer &R = It->second;
  use(R.Array, Read, V->getLocation());
  scan(R.Offset ? R.Offset : R.Row, Read);
  return true;
}

bool LoopAnalyzer::rowPointerAccess(const ArraySubscriptExpr *AS, unsigned M) {
  const VarDecl *V = refVar(AS->getBase());
  auto It = V ? RowPointers.find(V) : RowPointers.end();
  if (It == RowPointers.end())
    return false;
  const RowPointer &R = It->second;
  std::vector<const Expr *> Subs;
  if (R.Row) {
    Subs = {R.Row, AS->getIdx()};
  } else {
    // e + s, a subscript only the analysis reads.
    Expr *Sum = BinaryOperator::Create(
        FC.Ctx, const_cast<Expr *>(R.Offset), const_cast<Expr *>(AS->getIdx()),
        BO_Add, R.Offset->getType(), VK_PRValue, OK_Ordinary, AS->getExprLoc(),
        FPOptionsOverride());
    Subs = {Sum};
  }
  recordAccess(R.Array, Subs, AS, M);
  scan(AS->getIdx(), Read);
  return true;
}

bool LoopAnalyzer::derefAccess(const UnaryOperator *UO, unsigned M) {
  // A row of a pointer to arrays, *(a + i) of double (*a)[M], is no
  // element.
  if (UO->getOpcode() != UO_Deref || UO->getType()->isArrayType())
    return false;
  const Expr *P = UO->getSubExpr()->IgnoreParenImpCasts();
  const Expr *Zero = IntegerLiteral::Create(FC.Ctx, llvm::APInt(32, 0),
                                            FC.Ctx.IntTy, UO->getExprLoc());
  // *row of a row pointer: row[0].
  if (const VarDecl *V = refVar(P); V && RowPointers.count(V)) {
    const RowPointer &R = RowPointers[V];
    std::vector<const Expr *> Subs;
    if (R.Row)
      Subs = {R.Row, Zero};
    else
      Subs = {R.Offset};
    recordAccess(R.Array, Subs, UO, M);
    return true;
  }
  // *(a + e), *(e + a), *(a + e - f), *a of an array of the loop: a[e],
  // a[e - f], a[0].
  const Expr *Base = P, *Sub = Zero;
  if (const Expr *Off = pointerOffset(FC.Ctx, P, Base))
    Sub = Off;
  const VarDecl *A = refVar(Base);
  QualType T = A ? A->getType().getNonReferenceType() : QualType();
  if (!A || Locals.count(A) || !isArrayLike(A) || isStdVector(T) ||
      isStdArray(T) || !Sub->getType()->isIntegerType() ||
      (T->isArrayType() &&
       FC.Ctx.getAsArrayType(T)->getElementType()->isArrayType()))
    return false;
  recordAccess(A, {Sub}, UO, M);
  if (Sub != Zero)
    scan(Sub, Read);
  return true;
}

} // namespace detail
} // namespace l2c
