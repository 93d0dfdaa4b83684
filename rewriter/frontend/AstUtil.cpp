//===- AstUtil.cpp - Small queries on types and statements ----------------===//
//
// Type and statement queries shared by the loop analysis and the
// conversion of device code: scalar and user-defined types, effects of
// an expression, the variables a statement mentions.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace l2c {
namespace detail {

bool isScalarType(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  return T->isArithmeticType() || T->isEnumeralType();
}

/// The name of the user-defined type (class, struct, union, enum) that T is
/// or points to, or "" for built-in types. Kernels are printed before the
/// file's own declarations, so they can use built-in types only.
std::string userTypeIn(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  while (true) {
    if (T->isPointerType())
      T = T->getPointeeType().getCanonicalType();
    else if (T->isArrayType())
      T = QualType(T->getPointeeOrArrayElementType(), 0).getCanonicalType();
    else
      break;
  }
  if (const auto *TD = T->getAsTagDecl())
    return TD->getNameAsString().empty() ? "an unnamed type"
                                         : "'" + TD->getNameAsString() + "'";
  return "";
}

std::string userTypeReason(const std::string &What, const std::string &Type) {
  return What + " has the user-defined type " + Type +
         "; kernels come before the file's own declarations in the "
         "generated code, so they use built-in types only";
}

/// Why evaluating E may have an effect or give another value each time
/// (an assignment, ++/--, a call to a user function or a non-const member
/// function), or "" when it has none. Functions of the system headers
/// (std::min, strlen, ...) count as pure.
std::string effectIn(const Stmt *E) {
  if (!E)
    return "";
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->isAssignmentOp())
      return "assigns";
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->isIncrementDecrementOp())
      return "increments or decrements";
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || !MD->isConst())
      return "calls '" + (MD ? MD->getNameAsString() : std::string("?")) +
             "', which may change its object";
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return "calls through a pointer, which may have effects";
    const SourceManager &SM = FD->getASTContext().getSourceManager();
    if (!SM.isInSystemHeader(FD->getLocation()) && !FD->isConstexpr() &&
        !isa<CXXOperatorCallExpr>(CE))
      return "calls '" + FD->getNameAsString() + "', which may have effects";
  }
  for (const Stmt *C : E->children())
    if (std::string Why = effectIn(C); !Why.empty())
      return Why;
  return "";
}

bool isLambdaType(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->isLambda();
}

bool constantArrayMethod(const CXXMethodDecl *MD) {
  return MD && MD->getIdentifier() &&
         (MD->getName() == "size" || MD->getName() == "max_size" ||
          MD->getName() == "empty");
}

bool mentions(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (DRE->getDecl() == V)
      return true;
  for (const Stmt *C : S->children())
    if (mentions(C, V))
      return true;
  return false;
}

void collectVarNames(const Stmt *S, std::set<std::string> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      Out.insert(VD->getNameAsString());
  for (const Stmt *C : S->children())
    collectVarNames(C, Out);
}

} // namespace detail
} // namespace l2c
