//===- HostHeaders.cpp - The headers of host loops as terms ---------------===//
//
// Host statements stay opaque; only the header of a host `for` that holds a
// marked loop is described, as For(Decl(k, "T", init), cond, inc), so that
// rules can ask what a host loop counts (fact hostLoopHeader; the rule set
// bitonic-shared checks that `k` doubles from 2 and `j` halves from k >> 1
// to 1). Only literals, variables and + - * / << >> are described; any
// other header has no term, and the rules that need one do not apply.
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"

namespace l2c {
namespace detail {

using namespace clang;

namespace {

std::optional<Term> hostExpr(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *L = dyn_cast<IntegerLiteral>(E)) {
    if (L->getValue().getActiveBits() > 62)
      return std::nullopt;
    return Term::integer(static_cast<int64_t>(L->getValue().getZExtValue()));
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (!isa<VarDecl>(D->getDecl()))
      return std::nullopt;
    return Term::ident(D->getDecl()->getNameAsString());
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  const char *Head = nullptr;
  switch (B->getOpcode()) {
  case BO_Add:
    Head = "Add";
    break;
  case BO_Sub:
    Head = "Sub";
    break;
  case BO_Mul:
    Head = "Mul";
    break;
  case BO_Div:
    Head = "Div";
    break;
  case BO_Shl:
    Head = "Shl";
    break;
  case BO_Shr:
    Head = "Shr";
    break;
  case BO_LT:
    Head = "Lt";
    break;
  case BO_GT:
    Head = "Gt";
    break;
  case BO_LE:
    Head = "Le";
    break;
  case BO_GE:
    Head = "Ge";
    break;
  case BO_NE:
    Head = "Ne";
    break;
  case BO_Assign:
    Head = "Assign";
    break;
  case BO_AddAssign:
    Head = "AddAssign";
    break;
  case BO_SubAssign:
    Head = "SubAssign";
    break;
  case BO_MulAssign:
    Head = "MulAssign";
    break;
  case BO_DivAssign:
    Head = "DivAssign";
    break;
  case BO_ShlAssign:
    Head = "ShlAssign";
    break;
  case BO_ShrAssign:
    Head = "ShrAssign";
    break;
  default:
    return std::nullopt;
  }
  auto L = hostExpr(B->getLHS()), R = hostExpr(B->getRHS());
  if (!L || !R)
    return std::nullopt;
  return Term::app(Head, {*L, *R});
}

} // namespace

std::optional<Term> hostLoopHeader(const FrontendContext &FC,
                                   const ForStmt *F) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
  if (!DS || !DS->isSingleDecl() || !F->getCond() || !F->getInc() ||
      F->getConditionVariable())
    return std::nullopt;
  const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!V || !V->getInit() || !V->getType()->isIntegerType())
    return std::nullopt;
  auto Init = hostExpr(V->getInit());
  auto Cond = hostExpr(F->getCond());
  auto Inc = hostExpr(F->getInc());
  if (!Init || !Cond || !Inc)
    return std::nullopt;
  return Term::app(
      "For",
      {Term::app("Decl", {Term::ident(V->getNameAsString()),
                          Term::string(FC.typeStr(V->getType())), *Init}),
       *Cond, *Inc});
}

} // namespace detail
} // namespace l2c
