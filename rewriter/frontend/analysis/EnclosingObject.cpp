//===- EnclosingObject.cpp - Methods of *this called from a kernel --------===//
//
// In a marked loop of a member function, `scale(in[i])` calls a method of
// the enclosing object. The kernel takes the object by value (the stand-in
// l2c_this, passed as *this) and calls the method's device copy on it. That
// is right only when the object can travel as its bytes, when the kernel
// can see its class, and when the method leaves the object alone: writes
// would change the kernel's copy, never the object.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/Internal.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// E names a part of the enclosing object: this->m, this->a[k], m.x, *this.
bool partOfThis(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(E))
      return true;
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_Deref)
      E = UO->getSubExpr();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase();
    else
      return false;
  }
}

bool mayWrite(const CXXMethodDecl *MD, int Depth);

/// S may change the object `this` points to (conservatively).
bool writesThis(const Stmt *S, int Depth) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && partOfThis(BO->getLHS()))
      return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        partOfThis(UO->getSubExpr()))
      return true;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    const Expr *Obj = MC->getImplicitObjectArgument();
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (Obj && partOfThis(Obj) && M && !M->isConst() &&
        (!isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()) || mayWrite(M, Depth)))
      return true;
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S))
    if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee()))
      if (!M->isConst() && OC->getNumArgs() && partOfThis(OC->getArg(0)))
        return true;
  // A part of the object bound to a reference or pointer that may write.
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    unsigned Skip =
        isa<CXXOperatorCallExpr>(CE) && FD && isa<CXXMethodDecl>(FD) ? 1 : 0;
    for (unsigned I = Skip; I < CE->getNumArgs(); ++I) {
      QualType PT = FD && I - Skip < FD->getNumParams()
                        ? FD->getParamDecl(I - Skip)->getType()
                        : QualType();
      bool ByRef =
          PT.isNull() ||
          (PT->isReferenceType() &&
           !PT.getNonReferenceType().isConstQualified()) ||
          (PT->isPointerType() && !PT->getPointeeType().isConstQualified());
      if (ByRef && partOfThis(CE->getArg(I)))
        return true;
    }
  }
  if (const auto *VD = dyn_cast<DeclStmt>(S))
    for (const Decl *D : VD->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->getInit() &&
            (V->getType()->isReferenceType() ||
             V->getType()->isPointerType()) &&
            !V->getType().getNonReferenceType().isConstQualified() &&
            partOfThis(V->getInit()))
          return true;
  for (const Stmt *C : S->children())
    if (writesThis(C, Depth))
      return true;
  return false;
}

bool mayWrite(const CXXMethodDecl *MD, int Depth) {
  if (MD->isConst())
    return false;
  // A non-const method that hands out a reference or a pointer that
  // writes (`double &at(int i) { return a[i]; }`): the caller may store
  // through it, into the kernel's copy of the object (found by a helper's
  // hunt: `at(i) = at(i) * 0.5` lost every store).
  QualType R = MD->getReturnType();
  if ((R->isReferenceType() && !R.getNonReferenceType().isConstQualified()) ||
      (R->isPointerType() && !R->getPointeeType().isConstQualified()))
    return true;
  const FunctionDecl *Def = nullptr;
  if (Depth > 8 || !MD->hasBody(Def))
    return true;
  return writesThis(Def->getBody(), Depth + 1);
}

} // namespace

std::string enclosingObjectProblem(const CXXMethodDecl *MD,
                                   const FunctionDecl *LoopFunction) {
  const auto *Loop = dyn_cast_or_null<CXXMethodDecl>(LoopFunction);
  if (!Loop)
    return "the loop is not in a member function";
  const CXXRecordDecl *RD = Loop->getParent();
  std::string Class = "'" + RD->getNameAsString() + "'";
  QualType T = RD->getASTContext().getRecordType(RD);
  if (std::string Why = deviceTypeProblem(T, false); !Why.empty())
    return "the kernel would take the object by value, and " + Why;
  if (Loop->getLexicalDeclContext()->isRecord())
    return "'" + Loop->getNameAsString() + "' is defined inside " + Class +
           ", and its kernel, which comes before " + Class +
           ", cannot take the object; define '" + Loop->getNameAsString() +
           "' after the class (" + RD->getNameAsString() +
           "::" + Loop->getNameAsString() + ")";
  if (mayWrite(MD, 0))
    return "'" + MD->getQualifiedNameAsString() +
           "' may change the object, and the kernel has a copy of it "
           "(declare it const if it does not)";
  return "";
}

} // namespace detail
} // namespace l2c
