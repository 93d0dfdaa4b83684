//===- MemberScalars.cpp - Methods that read only numbers of *this --------===//
//
// A marked loop in a method of a class that owns a std::vector calls
// another method of the object (`offset(v_[i])`, which reads `scale_`). The
// object cannot travel to the device (its vector owns host memory), but the
// method needs only some of its numbers: its device copy takes those members
// as parameters of their own (l2c_m_scale_), and the kernel passes its
// stand-ins for them (a member read in the loop is a kernel parameter
// already, StandIns.cpp). Issue 36 item 2. A const method may also read
// elements of std::vector members of numbers (`u_[i + 1] - u_[i]`): its
// copy takes each as a pointer to its elements (l2c_m_u_), and the loop
// reads the whole vector, at elements it cannot see (Accesses.cpp). An
// object that could travel takes this way too when the method reads a
// private or protected member, which the copy, no member, may not.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/device/DeviceCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include <functional>
#include <map>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

bool scalarField(const FieldDecl *F) {
  QualType T = F->getType().getCanonicalType();
  return F->getIdentifier() && !T->isReferenceType() &&
         (T->isArithmeticType() || T->isEnumeralType());
}

/// A read of a number member of *this: `this->m` or `m` under an
/// lvalue-to-rvalue conversion.
const MemberExpr *thisNumberRead(const Stmt *S) {
  const auto *IC = dyn_cast<ImplicitCastExpr>(S);
  if (!IC || IC->getCastKind() != CK_LValueToRValue)
    return nullptr;
  const auto *ME = dyn_cast<MemberExpr>(IC->getSubExpr()->IgnoreParens());
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  return F && scalarField(F) ? ME : nullptr;
}

/// A read of an element of a std::vector (or std::array) member of numbers
/// of *this in a const method (`u_[i + 1]`): the member. The method's copy
/// takes the member as a pointer to its elements.
const MemberExpr *thisVectorRead(const Stmt *S, const CXXMethodDecl *MD) {
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
  if (!OC || OC->getOperator() != OO_Subscript || OC->getNumArgs() != 2 ||
      !MD->isConst())
    return nullptr;
  const auto *ME = dyn_cast<MemberExpr>(OC->getArg(0)->IgnoreParenImpCasts());
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  QualType Elem;
  if (!F || !F->getIdentifier() ||
      !(isStdVector(F->getType(), &Elem) || isStdArray(F->getType(), &Elem)) ||
      !isScalarType(Elem) || Elem->isBooleanType())
    return nullptr;
  return ME;
}

bool collect(const CXXMethodDecl *MD, int Depth, MemberScalars &Out) {
  const FunctionDecl *Def = nullptr;
  if (!MD || Depth > 8 || MD->isStatic() || MD->isVirtual() ||
      !MD->hasBody(Def) || MD->getParent()->isLambda() ||
      isa<CXXConstructorDecl>(MD) || isa<CXXDestructorDecl>(MD))
    return false;
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    const MemberExpr *Vec = thisVectorRead(S, MD);
    if (const MemberExpr *ME = Vec ? Vec : thisNumberRead(S)) {
      const auto *F = cast<FieldDecl>(ME->getMemberDecl());
      bool Seen = false;
      for (const auto &[G, E] : Out)
        Seen |= G == F;
      if (!Seen)
        Out.push_back({F, ME});
      if (Vec)
        Walk(cast<CXXOperatorCallExpr>(S)->getArg(1)); // the subscript
      return;
    }
    // this->f(...) of a method that reads only numbers of the object too.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      const Expr *Obj = MC->getImplicitObjectArgument();
      if (Obj && isa<CXXThisExpr>(Obj->IgnoreParenImpCasts())) {
        if (!needsNoObject(MC->getMethodDecl()) &&
            !collect(MC->getMethodDecl(), Depth + 1, Out)) {
          Ok = false;
          return;
        }
        for (const Expr *A : MC->arguments())
          Walk(A);
        return;
      }
    }
    if (isa<CXXThisExpr>(S)) { // any other use: a write, an address, *this
      Ok = false;
      return;
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Def->getBody());
  return Ok;
}

} // namespace

std::optional<MemberScalars> memberScalars(const CXXMethodDecl *MD) {
  if (!MD || MD->isStatic() || needsNoObject(MD))
    return std::nullopt;
  MemberScalars Out;
  if (!collect(MD, 0, Out))
    return std::nullopt;
  // An object that travels as its bytes keeps the copy by value, unless
  // the copy reads a private or protected member: a function of the
  // generated code may not (the method's copy is no member).
  const CXXRecordDecl *RD = MD->getParent();
  bool Hidden = llvm::any_of(
      Out, [](const auto &FE) { return FE.first->getAccess() != AS_public; });
  if (!Hidden &&
      deviceTypeProblem(RD->getASTContext().getRecordType(RD), false).empty())
    return std::nullopt;
  // In the order of the class's fields: every caller passes them alike.
  llvm::sort(Out, [](const auto &A, const auto &B) {
    return A.first->getFieldIndex() < B.first->getFieldIndex();
  });
  return Out;
}

const MemberExpr *memberOf(const Expr *Obj, const FieldDecl *F) {
  static thread_local std::map<std::pair<const Expr *, const FieldDecl *>,
                               const MemberExpr *>
      Made;
  const MemberExpr *&ME = Made[{Obj, F}];
  if (!ME)
    ME = MemberExpr::CreateImplicit(F->getASTContext(), const_cast<Expr *>(Obj),
                                    Obj->getType()->isPointerType(),
                                    const_cast<FieldDecl *>(F), F->getType(),
                                    VK_LValue, OK_Ordinary);
  return ME;
}

std::optional<std::vector<const VarDecl *>>
numbersOfObject(const CXXMethodDecl *MD, const Expr *Obj) {
  const auto *Ref =
      Obj ? dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts()) : nullptr;
  if (!Ref || !isa<VarDecl>(Ref->getDecl()))
    return std::nullopt;
  std::optional<MemberScalars> Members = memberScalars(MD);
  if (!Members)
    return std::nullopt;
  std::vector<const VarDecl *> Out;
  for (const auto &[F, ME] : *Members) {
    const VarDecl *V = memberVar(memberOf(Ref, F));
    if (!V)
      return std::nullopt;
    Out.push_back(V);
  }
  return Out;
}

std::string memberParamName(const FieldDecl *F) {
  return "l2c_m_" + F->getNameAsString();
}

} // namespace detail
} // namespace l2c
