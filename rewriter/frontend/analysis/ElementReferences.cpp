//===- ElementReferences.cpp - References to elements of the loop's arrays ===//
//
// A reference to a number the loop reads,
//
// \code
//   double &r = a[500];                    // or a const double & parameter
//   #pragma omp parallel for                // that a caller binds to a[400]
//   for (int i = 0; i < n; i++)
//     a[i] = a[i] + r;
// \endcode
//
// goes to the kernel by value, as the number it holds at the launch; but it
// is the element a[500], which iteration 500 writes, so the iterations
// after it see another value in the sequential program. A local reference
// bound to an element of an array the loop writes is therefore that
// element to the dependence test (an access a[500] of the loop); a
// reference parameter that a caller of the file binds to an element of an
// array the loop writes rejects the loop, as two pointer parameters into
// one array do.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace l2c {
namespace detail {

/// The array of an element lvalue E (a[e][f], *(a + e), v[e]) with its
/// subscripts, outermost first; null when E is no such element.
static const VarDecl *elementOf(ASTContext &Ctx, const Expr *E,
                                std::vector<const Expr *> &Subs) {
  E = E->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Subs.insert(Subs.begin(), AS->getIdx());
    const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
    if (isa<ArraySubscriptExpr>(Base))
      return elementOf(Ctx, Base, Subs);
    return refVar(Base);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref) {
    const Expr *Base = nullptr;
    const Expr *Off = pointerOffset(Ctx, UO->getSubExpr(), Base);
    Subs.insert(Subs.begin(),
                Off ? Off
                    : IntegerLiteral::Create(Ctx, llvm::APInt(32, 0), Ctx.IntTy,
                                             UO->getExprLoc()));
    return refVar(Base);
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
      isStdVector(OC->getArg(0)->getType())) {
    Subs.insert(Subs.begin(), OC->getArg(1));
    return refVar(OC->getArg(0));
  }
  return nullptr;
}

bool LoopAnalyzer::writesArray(const VarDecl *A) {
  if (Info[A].OtherWrite)
    return true;
  for (const Access &X : Accesses)
    if (X.Array == A && (X.M & Write))
      return true;
  return false;
}

bool LoopAnalyzer::elementReferences() {
  std::vector<const VarDecl *> Refs;
  for (const VarDecl *V : Free)
    if (V->getType()->isReferenceType() &&
        isScalarType(V->getType().getNonReferenceType()) && !isArrayLike(V))
      Refs.push_back(V);
  for (const VarDecl *V : Refs) {
    if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
      for (const VarDecl *B : Free.getArrayRef())
        if (isArrayLike(B) && writesArray(B))
          if (const CallExpr *C =
                  aliasingCall(FC.callsOf(ML.Function), ML.Function, P, B))
            return reject(ML.For->getForLoc(),
                          "'" + V->getNameAsString() +
                              "' refers to an element of '" + hostName(B) +
                              "', which the loop writes: the call at line " +
                              std::to_string(FC.line(C->getBeginLoc())) +
                              " binds it to '" +
                              FC.pretty(C->getArg(P->getFunctionScopeIndex())) +
                              "'",
                          "dependence");
      continue;
    }
    if (!V->getInit() || Locals.count(V))
      continue;
    std::vector<const Expr *> Subs;
    const VarDecl *A = elementOf(FC.Ctx, V->getInit(), Subs);
    if (!A || A == V || !Free.count(A) || Locals.count(A) || !writesArray(A))
      continue;
    // The element as bound: its subscripts' variables keep their values in
    // the loop, or the element is not known.
    bool Stable = true;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        if (const auto *W = dyn_cast<VarDecl>(DRE->getDecl()))
          Stable &= W != Index && !Locals.count(W) &&
                    !(Info.count(W) && Info[W].Writes);
      for (const Stmt *C : S->children())
        Walk(C);
    };
    for (const Expr *S : Subs)
      Walk(S);
    if (!Stable)
      return reject(ML.For->getForLoc(),
                    "'" + V->getNameAsString() + "' refers to an element of '" +
                        hostName(A) +
                        "', which the loop writes, at a subscript the "
                        "dependence test cannot follow",
                    "dependence");
    recordAccess(A, Subs, V->getInit(), Info[V].Writes ? ReadWrite : Read);
  }
  return true;
}

} // namespace detail
} // namespace l2c
