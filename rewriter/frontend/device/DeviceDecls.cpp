//===- DeviceDecls.cpp - Declarations of device code to terms -------------===//
//
// Converts the declarations of kernel bodies and device functions: scalars
// (Decl), local arrays, with their initialiser lists as written
// (ArrayDecl), lambdas; what the device cannot hold is the reason for a
// rejection.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/device/DeviceCode.h"

using namespace clang;

namespace l2c {
namespace detail {

std::optional<Term> Converter::staticConstTable(const VarDecl *VD) {
  QualType T = VD->getType();
  const Expr *Init = VD->getInit();
  if (!T.isConstQualified() || !Init || T.isVolatileQualified())
    return std::nullopt;
  auto Constant = [&](const Expr *E) {
    return E && !E->isValueDependent() &&
           E->isConstantInitializer(FC.Ctx, /*ForRef=*/false) &&
           E->getType()->isArithmeticType();
  };
  Term Name = Term::ident(VD->getNameAsString());
  if (isScalarType(T) && Constant(Init))
    return Term::app("Decl", {Name, Term::string(deviceSpelling(FC.typeStr(T))),
                              expr(Init)});
  const auto *CAT = FC.Ctx.getAsConstantArrayType(T);
  const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
  if (!CAT || !IL || !isScalarType(CAT->getElementType()) ||
      CAT->getSize().getZExtValue() > 64)
    return std::nullopt;
  for (const Expr *E : IL->inits())
    if (!Constant(E))
      return std::nullopt;
  return Term::app("ArrayDecl",
                   {Name,
                    Term::string(FC.typeStr(CAT->getElementType().withConst())),
                    Term::integer(CAT->getSize().getZExtValue()),
                    initList(IL, /*Nested=*/true)});
}

Term Converter::decl(const Decl *D) {
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD) {
    if (isa<TypedefNameDecl>(D) || isa<StaticAssertDecl>(D))
      return Term::list({});
    fail(D->getLocation(), "local declarations other than variables are "
                           "not supported on the device");
    return Term::list({});
  }
  Term Name = Term::ident(VD->getNameAsString());
  DeclaredHere.insert(VD);
  if (VD->isStaticLocal()) {
    // `static const double dist[12] = {...};` (a table XSBench's pick_mat
    // reads): a constant never changes, so a local copy is the same table.
    if (std::optional<Term> T = staticConstTable(VD))
      return *T;
    fail(VD->getLocation(), "static local variable '" + VD->getNameAsString() +
                                "' is not supported on the device");
    return Term::list({});
  }
  QualType T = VD->getType();
  if (isLambdaType(T))
    return lambdaDecl(VD);
  uint64_t StdSize = 0;
  QualType StdElem;
  if (isStdArray(T, &StdElem, &StdSize) && !T->isReferenceType()) {
    const auto *CE = dyn_cast_or_null<CXXConstructExpr>(strip(VD->getInit()));
    if (VD->getInit() && !(CE && CE->getNumArgs() == 0))
      fail(VD->getLocation(), "initialised local array '" +
                                  VD->getNameAsString() +
                                  "' is not supported on the device");
    return Term::app("ArrayDecl",
                     {Name, Term::string(deviceSpelling(FC.typeStr(StdElem))),
                      Term::integer(StdSize)});
  }
  if (const auto *CAT = FC.Ctx.getAsConstantArrayType(T)) {
    // `double w[3] = {0.25, 0.5, 0.25};`: the list as written.
    const auto *IL = dyn_cast_or_null<InitListExpr>(
        VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr);
    if (IL && isScalarType(CAT->getElementType()))
      return Term::app("ArrayDecl",
                       {Name, Term::string(FC.typeStr(CAT->getElementType())),
                        Term::integer(CAT->getSize().getZExtValue()),
                        initList(IL, /*Nested=*/true)});
    if (VD->getInit())
      fail(VD->getLocation(), "initialised local array '" +
                                  VD->getNameAsString() +
                                  "' is not supported on the device");
    if (CAT->getElementType()->isArrayType())
      fail(VD->getLocation(), "multi-dimensional local array '" +
                                  VD->getNameAsString() +
                                  "' is not supported on the device");
    return Term::app("ArrayDecl",
                     {Name, Term::string(FC.typeStr(CAT->getElementType())),
                      Term::integer(CAT->getSize().getZExtValue())});
  }
  if (T->isArrayType()) {
    fail(VD->getLocation(), "variable-length array '" + VD->getNameAsString() +
                                "' is not supported on the device");
    return Term::list({});
  }
  // `auto &row = m[e]` of a vector of vectors: a pointer into the device
  // row m[e], const where the kernel only reads m.
  if (auto It = RowRefs.find(VD); It != RowRefs.end()) {
    QualType S;
    isVectorOfVectors(It->second.first->getType(), &S);
    if (ConstPointees.count(VD) || T.getNonReferenceType().isConstQualified())
      S = S.withConst();
    return Term::app(
        "Decl",
        {Name,
         Term::string(deviceSpelling(FC.typeStr(FC.Ctx.getPointerType(S)))),
         expr(VD->getInit())});
  }
  if (ConstPointees.count(VD))
    T = FC.Ctx.getPointerType(T->getPointeeType().withConst());
  Term Ty = Term::string(deviceSpelling(FC.typeStr(T)));
  const Expr *Init = VD->getInit();
  if (Init) {
    // `T x;` of a trivial type leaves x uninitialised, as on the host;
    // `T x{}` zeroes it (an expression `T{}`).
    if (const auto *CE = dyn_cast<CXXConstructExpr>(strip(Init)))
      if (CE->getNumArgs() == 0 && CE->getConstructor()->isTrivial() &&
          !CE->requiresZeroInitialization() && !CE->isListInitialization())
        return Term::app("Decl", {Name, Ty});
    // `int x{3}`: the value itself.
    if (const auto *IL = dyn_cast<InitListExpr>(strip(Init)))
      if (isScalarType(T) && IL->getNumInits() == 1)
        return Term::app("Decl", {Name, Ty, expr(IL->getInit(0))});
    return Term::app("Decl", {Name, Ty, expr(Init)});
  }
  return Term::app("Decl", {Name, Ty});
}

} // namespace detail
} // namespace l2c
