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

namespace {

/// E reads only the constructor's parameters and constants, through
/// arithmetic, comparisons and casts: it means the same on the device.
bool plainInit(const Expr *E, const CXXConstructorDecl *Ctor) {
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr,
          CharacterLiteral, ImplicitValueInitExpr>(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
    return P && P->getDeclContext() == Ctor;
  }
  if (const auto *C = dyn_cast<CastExpr>(E))
    return isScalarType(C->getType()) && plainInit(C->getSubExpr(), Ctor);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_Deref &&
           U->getOpcode() != UO_AddrOf && plainInit(U->getSubExpr(), Ctor);
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && !B->isCommaOp() &&
           plainInit(B->getLHS(), Ctor) && plainInit(B->getRHS(), Ctor);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return plainInit(CO->getCond(), Ctor) &&
           plainInit(CO->getTrueExpr(), Ctor) &&
           plainInit(CO->getFalseExpr(), Ctor);
  return false;
}

} // namespace

bool Converter::deviceReadyConstructor(const CXXConstructorDecl *Ctor) {
  const CXXRecordDecl *RD = Ctor->getParent();
  const auto *Def = dyn_cast_or_null<CXXConstructorDecl>(Ctor->getDefinition());
  if (!Def || !Ctor->isUserProvided() || RD->getNumBases() ||
      RD->isPolymorphic() || Def->isVariadic() ||
      !FC.SM.isInMainFile(FC.SM.getExpansionLoc(Def->getLocation())) ||
      !deviceTypeProblem(FC.Ctx.getRecordType(RD), false).empty())
    return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || !Body->body_empty())
    return false;
  for (const CXXCtorInitializer *I : Def->inits()) {
    if (!I->isMemberInitializer() || !I->isWritten() ||
        !isScalarType(I->getMember()->getType()) ||
        !plainInit(I->getInit(), Def))
      return false;
  }
  return true;
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
  // A constructor that only sets scalar members from its parameters
  // (`V3(double a, double b, double c) : x(a), y(b), z(c) {}`): the output
  // declares it __host__ __device__ (FrontendResult::DeviceConstructors),
  // and the kernel calls it as written, with braces.
  if (deviceReadyConstructor(Ctor) &&
      CE->getNumArgs() == Ctor->getNumParams()) {
    std::vector<Term> Args;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      QualType PT = Ctor->getParamDecl(I)->getType().getUnqualifiedType();
      Term A = expr(CE->getArg(I));
      // Braces do not narrow: each argument in its parameter's type.
      if (!FC.Ctx.hasSameUnqualifiedType(
              CE->getArg(I)->IgnoreImpCasts()->getType(), PT))
        A = Term::app("Cast", {Term::string(FC.typeStr(PT)), A});
      Args.push_back(A);
    }
    for (const FunctionDecl *D : Ctor->redecls())
      FC.Result.DeviceConstructors.insert(
          FC.SM.getExpansionLoc(D->getBeginLoc()).getRawEncoding());
    return Term::app("Braced", {Term::string(deviceSpelling(FC.typeStr(T))),
                                Term::list(std::move(Args))});
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
