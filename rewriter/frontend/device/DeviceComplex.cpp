//===- DeviceComplex.cpp - std::complex in device code --------------------===//
//
// libstdc++'s std::complex operators are host functions. Device code uses
// l2c::complex<T> of runtime/loop2cuda_math.cuh instead, which has the
// same layout: types print as l2c::complex<T>, operators as operators,
// std::real/imag/abs/arg/norm/conj/polar/exp and z.real()/z.imag() as the
// l2c:: functions, and a kernel parameter that holds std::complex values
// (an array, a vector's data, a scalar) is seen through l2c::cx(...), which
// reinterprets its bytes. docs/device-library.md describes it.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/device/DeviceCode.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace l2c {
namespace detail {

bool isStdComplex(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  return Spec && Spec->isInStdNamespace() && Spec->getName() == "complex";
}

/// T holds std::complex values: std::complex itself, a pointer to or an
/// array of them, a vector or std::array of them.
static bool holdsComplex(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  QualType Elem;
  if (T->isPointerType())
    return isStdComplex(T->getPointeeType());
  if (T->isArrayType())
    return isStdComplex(QualType(T->getPointeeOrArrayElementType(), 0));
  if (isStdVector(T, &Elem) || isStdArray(T, &Elem))
    return isStdComplex(Elem);
  return isStdComplex(T);
}

std::string deviceSpelling(std::string Type) {
  static const std::string From = "std::complex<", To = "l2c::complex<";
  for (size_t At = Type.find(From); At != std::string::npos;
       At = Type.find(From, At + To.size()))
    Type.replace(At, From.size(), To);
  return Type;
}

std::optional<Term> Converter::complexVar(const VarDecl *VD) {
  if (!InKernel || DeclaredHere.count(VD) || !holdsComplex(VD->getType()))
    return std::nullopt;
  return Term::app("Call", {Term::ident("l2c::cx"),
                            Term::list({Term::ident(VD->getNameAsString())})});
}

std::optional<Term> Converter::complexOperator(const CXXOperatorCallExpr *OC) {
  bool Any = false;
  for (const Expr *A : OC->arguments())
    Any |= isStdComplex(A->getType());
  if (!Any)
    return std::nullopt;
  const char *N = nullptr;
  unsigned Args = OC->getNumArgs();
  switch (OC->getOperator()) {
  case OO_Plus:
    N = Args == 1 ? "Plus" : "Add";
    break;
  case OO_Minus:
    N = Args == 1 ? "Neg" : "Sub";
    break;
  case OO_Star:
    N = Args == 2 ? "Mul" : nullptr;
    break;
  case OO_Slash:
    N = "Div";
    break;
  case OO_PlusEqual:
    N = "AddAssign";
    break;
  case OO_MinusEqual:
    N = "SubAssign";
    break;
  case OO_StarEqual:
    N = "MulAssign";
    break;
  case OO_SlashEqual:
    N = "DivAssign";
    break;
  case OO_Equal:
    N = "Assign";
    break;
  case OO_EqualEqual:
    N = "Eq";
    break;
  case OO_ExclaimEqual:
    N = "Ne";
    break;
  default:
    break;
  }
  if (!N)
    return fail(OC->getExprLoc(),
                "operator '" +
                    std::string(getOperatorSpelling(OC->getOperator())) +
                    "' of std::complex cannot run on the device: kernels "
                    "have + - * / += -= *= /= = == !=",
                "device-call");
  std::vector<Term> Ts;
  for (const Expr *A : OC->arguments())
    Ts.push_back(expr(A));
  return Term::app(N, std::move(Ts));
}

/// The std::complex functions that l2c:: repeats for the device.
static bool isComplexFunction(StringRef N) {
  static const llvm::StringSet<> Names = {"real", "imag", "abs",   "arg",
                                          "norm", "conj", "polar", "exp"};
  return Names.count(N) != 0;
}

std::optional<Term> Converter::complexCall(const CallExpr *CE,
                                           const FunctionDecl *FD) {
  bool Any = FD->isInStdNamespace() && FD->getName() == "polar";
  for (const Expr *A : CE->arguments())
    Any |= isStdComplex(A->getType());
  if (!Any || !FD->isInStdNamespace() || !FD->getIdentifier())
    return std::nullopt;
  if (!isComplexFunction(FD->getName()))
    return fail(CE->getExprLoc(),
                "call to 'std::" + FD->getName().str() +
                    "' on std::complex cannot run on the device: of "
                    "std::complex, kernels have + - * /, real, imag, abs, "
                    "arg, norm, conj, polar and exp",
                "device-call");
  std::vector<Term> Args;
  for (const Expr *A : CE->arguments())
    Args.push_back(expr(A));
  std::string Callee = "l2c::" + FD->getName().str();
  // polar's T, as std::polar<T> deduces it from the arguments.
  if (FD->getName() == "polar")
    if (const TemplateArgumentList *TA = FD->getTemplateSpecializationArgs())
      Callee += "<" + FC.typeStr(TA->get(0).getAsType()) + ">";
  return Term::app("Call", {Term::ident(Callee), Term::list(std::move(Args))});
}

std::optional<Term> Converter::complexMethod(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  const Expr *Obj = MC->getImplicitObjectArgument();
  if (!MD || !Obj || !isStdComplex(Obj->getType()))
    return std::nullopt;
  StringRef N = MD->getName();
  if ((N == "real" || N == "imag") && MC->getNumArgs() == 0)
    return Term::app("Call",
                     {Term::ident("l2c::" + N.str()), Term::list({expr(Obj)})});
  // z.real(x): the setter.
  if ((N == "real" || N == "imag") && MC->getNumArgs() == 1)
    return Term::app(
        "Assign",
        {Term::app("Dot", {expr(Obj), Term::ident(N == "real" ? "re" : "im")}),
         expr(MC->getArg(0))});
  return fail(MC->getExprLoc(),
              "call to 'std::complex::" + N.str() +
                  "' cannot run on the device: of std::complex's methods, "
                  "kernels have real() and imag()",
              "device-call");
}

std::optional<Term> Converter::complexConstruct(const CXXConstructExpr *CE) {
  if (!isStdComplex(CE->getType()))
    return std::nullopt;
  std::vector<Term> Args;
  for (const Expr *A : CE->arguments())
    Args.push_back(expr(A));
  return Term::app("Call", {Term::ident(deviceSpelling(FC.typeStr(
                                CE->getType().getUnqualifiedType()))),
                            Term::list(std::move(Args))});
}

} // namespace detail
} // namespace l2c
