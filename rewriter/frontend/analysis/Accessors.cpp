//===- Accessors.cpp - Element accessors of a class as arrays -------------===//
//
// LULESH keeps its fields in private members behind accessors that return
// a reference to one element:
//
// \code
//   Real_t &e(Index_t idx) { return m_e[idx]; }     // std::vector<Real_t>
//   ...
//   #pragma omp parallel for
//   for (Index_t i = 0; i < numElem; ++i)
//     domain.p(i) = c * domain.e(i);
// \endcode
//
// A call `obj.e(k)` of such an accessor (one integer parameter, a body that
// is only `return m[param];` of a member m that is a std::vector or a
// pointer, a reference to the element returned) is the element k of an
// array whose first element the host reaches as `&obj.e(0)`: a stand-in
// variable of pointer type, which the analysis treats like a pointer parameter
// and the kernel takes as one. The host never names the private member.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/Internal.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <map>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The member `m` of `return m[param];` in MD's body, or null.
const FieldDecl *accessedMember(const CXXMethodDecl *MD) {
  if (!MD || MD->isVirtual() || MD->isStatic() || MD->getNumParams() != 1 ||
      !MD->getParamDecl(0)->getType()->isIntegerType() || !MD->hasBody())
    return nullptr;
  const Expr *V = onlyReturnValue(MD->getBody());
  V = V ? V->IgnoreParenImpCasts() : nullptr;
  const Expr *Base = nullptr, *Index = nullptr;
  if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(V)) {
    Base = AS->getBase();
    Index = AS->getIdx();
  } else if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(V);
             OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
             isStdVector(OC->getArg(0)->getType())) {
    Base = OC->getArg(0);
    Index = OC->getArg(1);
  }
  if (!Base || refVar(Index) != MD->getParamDecl(0))
    return nullptr;
  const auto *ME = dyn_cast<MemberExpr>(Base->IgnoreParenImpCasts());
  const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!F || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  // Not an array member: that travels in the object's own bytes, where a
  // method's device copy reaches it.
  QualType FT = F->getType();
  if (!FT->isPointerType() && !isStdVector(FT))
    return nullptr;
  // The element itself, by reference (the host takes &obj.e(0)), of a
  // scalar type.
  QualType R = MD->getReturnType();
  return R->isReferenceType() && isScalarType(R.getNonReferenceType())
             ? F
             : nullptr;
}

struct AccessorStandIn {
  const VarDecl *V = nullptr;
};
thread_local std::map<std::pair<const VarDecl *, const CXXMethodDecl *>,
                      AccessorStandIn>
    Accessors;

} // namespace

const VarDecl *accessorArray(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  if (!MD || MC->getNumArgs() != 1 || !accessedMember(MD))
    return nullptr;
  const Expr *Obj = MC->getImplicitObjectArgument();
  const auto *DRE =
      Obj ? dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts()) : nullptr;
  const auto *O = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!O || !O->getIdentifier() || !MD->getIdentifier())
    return nullptr;
  bool Arrow = O->getType().getNonReferenceType()->isPointerType();
  AccessorStandIn &A = Accessors[{O, MD->getCanonicalDecl()}];
  if (!A.V) {
    ASTContext &Ctx = MD->getASTContext();
    QualType PT = Ctx.getPointerType(MD->getReturnType().getNonReferenceType());
    std::string Name = O->getName().str() + "_" + MD->getName().str();
    A.V =
        ParmVarDecl::Create(Ctx, Ctx.getTranslationUnitDecl(), MC->getExprLoc(),
                            MC->getExprLoc(), &Ctx.Idents.get(Name), PT,
                            Ctx.getTrivialTypeSourceInfo(PT), SC_None, nullptr);
    registerStandIn(A.V, "(&" + O->getName().str() + (Arrow ? "->" : ".") +
                             MD->getName().str() + "(0))");
  }
  return A.V;
}

} // namespace detail
} // namespace l2c
