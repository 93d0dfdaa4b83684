//===- Initialisers.cpp - Brace initialisation in device code -------------===//
//
// Vec2{1, 2}, Vec2 p = {a[i], b[i]}, return {x, y}, int x{3}: a list of
// initialisers of a type the device can hold prints as written, with its
// type in front (Braced("Vec2", [1, 2]) is Vec2{1, 2}), so the device
// compiler initialises the same members from the same values. A trivial
// copy is its source and a trivial default construction T{}; a
// user-written constructor is a host function and is rejected by name.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/device/DeviceCode.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace l2c {
namespace detail {

Term Converter::initList(const InitListExpr *IL, bool Nested) {
  // The list as written: the semantic form fills in members left out and
  // drops the braces of nested aggregates.
  const InitListExpr *Syn = IL->isSyntacticForm() ? IL : IL->getSyntacticForm();
  if (!Syn)
    Syn = IL;
  QualType T = IL->getType();
  if (!Nested && !T->isArrayType())
    if (std::string Why = deviceTypeProblem(T, false); !Why.empty())
      return fail(IL->getBeginLoc(), "brace initialisation of '" +
                                         FC.typeStr(T) +
                                         "' cannot run on the device: " + Why);
  if (!Nested && T->isArrayType())
    return fail(IL->getBeginLoc(), "brace initialisation of an array is not "
                                   "supported on the device");
  std::vector<Term> Inits;
  for (const Expr *I : Syn->inits()) {
    if (isa<DesignatedInitExpr>(I))
      return fail(I->getBeginLoc(), "designated initialisers are not "
                                    "supported on the device");
    if (const auto *Inner = dyn_cast<InitListExpr>(I->IgnoreImplicit()))
      Inits.push_back(initList(Inner, /*Nested=*/true));
    else
      Inits.push_back(expr(I));
  }
  return Term::app(
      "Braced",
      {Term::string(
           Nested ? "" : deviceSpelling(FC.typeStr(T.getUnqualifiedType()))),
       Term::list(std::move(Inits))});
}

Term Converter::compoundLiteral(const InitListExpr *IL) {
  // C converts each value to its member's type; C++ braces reject the
  // narrowing ones (int to double), so the casts are written out.
  const RecordDecl *RD = IL->getType()->getAsRecordDecl();
  const InitListExpr *Syn = IL->isSyntacticForm() ? IL : IL->getSyntacticForm();
  if (!Syn)
    Syn = IL;
  if (!RD || RD->isUnion())
    return initList(IL, /*Nested=*/false);
  std::vector<const FieldDecl *> Fields(RD->field_begin(), RD->field_end());
  if (Syn->getNumInits() > Fields.size())
    return initList(IL, /*Nested=*/false);
  for (unsigned I = 0; I < Syn->getNumInits(); ++I) {
    const Expr *Init = Syn->getInit(I);
    if (isa<DesignatedInitExpr, InitListExpr>(Init->IgnoreImplicit()) ||
        !isScalarType(Fields[I]->getType()))
      return initList(IL, /*Nested=*/false);
  }
  if (std::string Why = deviceTypeProblem(IL->getType(), false); !Why.empty())
    return fail(IL->getBeginLoc(), "compound literal of '" +
                                       FC.typeStr(IL->getType()) +
                                       "' cannot run on the device: " + Why);
  std::vector<Term> Inits;
  for (unsigned I = 0; I < Syn->getNumInits(); ++I) {
    const Expr *Init = Syn->getInit(I);
    QualType FT = Fields[I]->getType().getUnqualifiedType();
    Term V = expr(Init);
    if (!FC.Ctx.hasSameUnqualifiedType(Init->IgnoreImpCasts()->getType(), FT))
      V = Term::app("Cast", {Term::string(FC.typeStr(FT)), V});
    Inits.push_back(V);
  }
  return Term::app("Braced", {Term::string(deviceSpelling(FC.typeStr(
                                  IL->getType().getUnqualifiedType()))),
                              Term::list(std::move(Inits))});
}

Term Converter::construct(const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  QualType T = CE->getType().getUnqualifiedType();
  if (CE->getNumArgs() == 1 && Ctor->isTrivial() &&
      Ctor->isCopyOrMoveConstructor())
    return expr(CE->getArg(0));
  if (auto C = complexConstruct(CE))
    return *C;
  // Vec2() or Vec2{} of a type without a constructor of its own: zeroed.
  if (CE->getNumArgs() == 0 && Ctor->isTrivial()) {
    if (std::string Why = deviceTypeProblem(T, false); !Why.empty())
      return fail(CE->getExprLoc(), "construction of '" + FC.typeStr(T) +
                                        "' cannot run on the device: " + Why);
    return Term::app("Braced", {Term::string(FC.typeStr(T)), Term::list({})});
  }
  if (!Ctor->isImplicit() && !FC.inSystemHeader(Ctor->getLocation()))
    return fail(CE->getExprLoc(),
                "construction of '" + FC.typeStr(T) +
                    "' calls its constructor '" +
                    Ctor->getQualifiedNameAsString() +
                    "', which has no device version (an aggregate without "
                    "constructors, initialised with braces, has one)");
  return fail(CE->getExprLoc(), "construction of '" + FC.typeStr(T) +
                                    "' is not supported on the device");
}

} // namespace detail
} // namespace l2c
