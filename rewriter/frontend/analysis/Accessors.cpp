//===- Accessors.cpp - Element accessors of a class as arrays -------------===//
//
// Classes keep their data in private members behind accessors that return
// a reference to one element. LULESH's take one index; an image or a matrix
// class takes two, and computes the element's place from a member:
//
// \code
//   Real_t &e(Index_t idx) { return m_e[idx]; }             // std::vector
//   float &at(int x, int y) { return px_[y * w_ + x]; }     // Image
//   T &operator()(int i, int j) { return d_[i * c_ + j]; }  // Matrix<T>
//   ...
//   out.at(x, y) = (in.at(x - 1, y) + in.at(x + 1, y)) / 2;
// \endcode
//
// A call of such an accessor (integer parameters; a body that is only
// `return m[e];` of a member m that is a std::vector or a pointer, e built
// from the parameters, integer constants and number members with + - * /
// %, and 0 when every parameter is; a reference to the element returned)
// is an element of an array whose first element the host reaches as
// `&obj.at(0, 0)`: a stand-in variable of pointer type, which the analysis
// treats like a pointer parameter and the kernel takes as one. Its
// subscript is e with the call's arguments in place of the parameters and
// the object's members in place of this's (`y * in.w_ + x`), so that the
// dependence test and the extents see the underlying array (issue 36 item
// 1). The host never names the private array.
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

bool isThisMember(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E);
  return ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
         isa<FieldDecl>(ME->getMemberDecl()) && ME->getType()->isIntegerType();
}

/// E is built of MD's parameters, integer constants and integer members of
/// this with + - * / %, through parentheses and implicit casts.
bool indexShape(const Expr *E, const CXXMethodDecl *MD) {
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    return (IC->getCastKind() == CK_LValueToRValue ||
            IC->getCastKind() == CK_IntegralCast) &&
           indexShape(IC->getSubExpr(), MD);
  if (isa<IntegerLiteral>(E) || isThisMember(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return llvm::is_contained(MD->parameters(), DRE->getDecl());
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return (BO->isAdditiveOp() || BO->isMultiplicativeOp()) &&
           indexShape(BO->getLHS(), MD) && indexShape(BO->getRHS(), MD);
  return false;
}

/// E is 0 whenever every parameter is: &obj.at(0, 0) is then the array's
/// first element.
bool zeroAtZero(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(E))
    return true; // a parameter (indexShape)
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp())
      return zeroAtZero(BO->getLHS()) && zeroAtZero(BO->getRHS());
    if (BO->getOpcode() == BO_Mul)
      return zeroAtZero(BO->getLHS()) || zeroAtZero(BO->getRHS());
    return zeroAtZero(BO->getLHS()); // x / c, x % c
  }
  return false;
}

struct Accessor {
  const FieldDecl *Member = nullptr;
  const Expr *Index = nullptr; // in the accessor's body
};

/// The member m and the index e of `return m[e];` in MD's body.
Accessor accessorOf(const CXXMethodDecl *MD) {
  if (!MD || MD->isVirtual() || MD->isStatic() || MD->getNumParams() == 0 ||
      !MD->hasBody())
    return {};
  for (const ParmVarDecl *P : MD->parameters())
    if (!P->getType()->isIntegerType())
      return {};
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
  if (!Base || !indexShape(Index, MD) || !zeroAtZero(Index))
    return {};
  const auto *ME = dyn_cast<MemberExpr>(Base->IgnoreParenImpCasts());
  const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!F || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return {};
  // Not an array member: that travels in the object's own bytes, where a
  // method's device copy reaches it.
  QualType FT = F->getType();
  if (!FT->isPointerType() && !isStdVector(FT))
    return {};
  // The element itself, by reference (the host takes &obj.at(0, 0)), of a
  // scalar type.
  QualType R = MD->getReturnType();
  if (!R->isReferenceType() || !isScalarType(R.getNonReferenceType()))
    return {};
  return {F, Index};
}

/// E of the accessor's body with Args in place of its parameters and Obj's
/// members in place of this's: new nodes, owned by the AST context.
const Expr *substitute(ASTContext &Ctx, const Expr *E, const CXXMethodDecl *MD,
                       llvm::ArrayRef<const Expr *> Args, const Expr *Obj) {
  E = E->IgnoreParens();
  auto *Base = const_cast<Expr *>(Obj);
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    const Expr *Sub = substitute(Ctx, IC->getSubExpr(), MD, Args, Obj);
    if (IC->getCastKind() == CK_LValueToRValue && !Sub->isGLValue())
      return Sub; // a parameter replaced by its argument's value
    return ImplicitCastExpr::Create(Ctx, IC->getType(), IC->getCastKind(),
                                    const_cast<Expr *>(Sub), nullptr,
                                    IC->getValueKind(), FPOptionsOverride());
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    for (unsigned K = 0; K < MD->getNumParams(); ++K)
      if (DRE->getDecl() == MD->getParamDecl(K))
        return Args[K];
    return E;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return MemberExpr::CreateImplicit(
        Ctx, Base, Obj->getType()->isPointerType(), ME->getMemberDecl(),
        ME->getType(), VK_LValue, OK_Ordinary);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return BinaryOperator::Create(
        Ctx, const_cast<Expr *>(substitute(Ctx, BO->getLHS(), MD, Args, Obj)),
        const_cast<Expr *>(substitute(Ctx, BO->getRHS(), MD, Args, Obj)),
        BO->getOpcode(), BO->getType(), VK_PRValue, OK_Ordinary,
        BO->getOperatorLoc(), FPOptionsOverride());
  return E; // an integer constant
}

struct AccessorStandIn {
  const VarDecl *V = nullptr;
};
thread_local std::map<std::pair<const VarDecl *, const CXXMethodDecl *>,
                      AccessorStandIn>
    StandIns;
thread_local std::map<const Expr *, const Expr *> Indices;

} // namespace

std::optional<AccessorUse> accessorUse(const Expr *Call) {
  const CXXMethodDecl *MD = nullptr;
  const Expr *Obj = nullptr;
  std::vector<const Expr *> Args;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    MD = MC->getMethodDecl();
    Obj = MC->getImplicitObjectArgument();
    Args.assign(MC->arg_begin(), MC->arg_end());
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
             OC && OC->getOperator() == OO_Call && OC->getNumArgs() >= 2) {
    MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
    Obj = OC->getArg(0);
    Args.assign(OC->arg_begin() + 1, OC->arg_end());
  }
  if (!MD || !Obj || Args.size() != MD->getNumParams())
    return std::nullopt;
  Accessor A = accessorOf(MD);
  if (!A.Member)
    return std::nullopt;
  const auto *DRE = dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts());
  const auto *O = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!O || !O->getIdentifier())
    return std::nullopt;
  bool Arrow = O->getType().getNonReferenceType()->isPointerType();
  ASTContext &Ctx = MD->getASTContext();
  AccessorStandIn &S = StandIns[{O, MD->getCanonicalDecl()}];
  if (!S.V) {
    QualType PT = Ctx.getPointerType(MD->getReturnType().getNonReferenceType());
    std::string Method =
        MD->getIdentifier() ? MD->getName().str() : std::string("elements");
    std::string Name = O->getName().str() + "_" + Method;
    S.V = ParmVarDecl::Create(
        Ctx, Ctx.getTranslationUnitDecl(), Call->getExprLoc(),
        Call->getExprLoc(), &Ctx.Idents.get(Name), PT,
        Ctx.getTrivialTypeSourceInfo(PT), SC_None, nullptr);
    std::string Zeros;
    for (unsigned K = 0; K < Args.size(); ++K)
      Zeros += K ? ", 0" : "0";
    std::string Object = O->getName().str();
    registerStandIn(S.V, MD->getIdentifier()
                             ? "(&" + Object + (Arrow ? "->" : ".") +
                                   MD->getName().str() + "(" + Zeros + "))"
                             : "(&" + (Arrow ? "(*" + Object + ")" : Object) +
                                   "(" + Zeros + "))");
  }
  // `return m[i];`: the argument itself, as before two-index accessors.
  const auto *Direct = dyn_cast<DeclRefExpr>(A.Index->IgnoreParenImpCasts());
  if (Args.size() == 1 && Direct && Direct->getDecl() == MD->getParamDecl(0))
    return AccessorUse{S.V, Args[0]};
  // The index may use a parameter twice (d_[i * c_ + i]): an argument with
  // side effects would run twice.
  for (const Expr *X : Args)
    if (X->HasSideEffects(Ctx))
      return std::nullopt;
  const Expr *&Index = Indices[Call];
  if (!Index)
    Index = substitute(Ctx, A.Index, MD, Args, DRE);
  return AccessorUse{S.V, Index};
}

} // namespace detail
} // namespace l2c
