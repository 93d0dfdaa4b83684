//===- InnerSimd.cpp - `omp simd` loops inside a marked loop --------------===//
//
// A `#pragma omp simd` (or `omp loop`) on a loop inside a marked loop asks
// that the inner loop's iterations may run in SIMD lanes of one thread.
// Running them in order, one after the other, is one of the executions that
// OpenMP allows (simdlen 1), so each GPU thread runs the inner loop as a
// plain sequential loop:
//
// \code
//   #pragma omp parallel for
//   for (i = 0; i < n; i++) {
//     double s = 0.0;
//     #pragma omp simd reduction(+: s)
//     for (j = 0; j < n; j++)
//       s += A[i][j] * x[j];
//     y[i] = s;
//   }
// \endcode
//
// spliceInnerSimdLoops replaces each such directive in the AST by its loop,
// before any analysis: the dependence test, the read and write sets and the
// device code then see the inner loop's accesses as those of any other
// inner loop. The source text keeps the pragma, so a loop that stays on the
// CPU is unchanged.
//
// The clauses are satisfied by the order, with conditions:
//   - safelen, simdlen, aligned, nontemporal, order, collapse: no effect;
//   - lastprivate: the variable holds the last iteration's value;
//   - reduction(op: x) over a scalar: when the loop only updates x in the
//     operator's form (x op= e, x = x op e, x = max(x, e), if (e > x) x = e),
//     the running value is the reduction's result;
//   - private(x): when the marked loop names x nowhere outside the inner
//     loop, no one can tell the private copy from x;
//   - linear(j): when j is the inner loop's own index.
// Anything else (if, linear of another variable, reduction modifiers, array
// sections, `bind(parallel)`, ...) keeps the directive, and the device code
// rejects the marked loop naming the clause (DeviceCode.cpp).
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/Internal.h"
#include "frontend/pragmas/MarkLoops.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"

#include <functional>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// A reduction list item: a variable, or an element of an array whose
/// subscript the loop does not change (`reduction(+: tmp[i])`, OpenMP 5).
struct Item {
  const VarDecl *Var = nullptr;
  std::string Element; // "tmp[i]", or "" for the variable itself
  bool is(FrontendContext &FC, const Expr *E) const {
    if (Element.empty())
      return refVar(E) == Var;
    const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
    return AS && refVar(AS->getBase()) == Var && FC.pretty(AS) == Element;
  }
};

/// Whether `L Opc R` (or `R Opc L`, for a commutative Opc) is `x op e` for
/// the reduction operator Op, e not naming X.
bool operatorForm(FrontendContext &FC, const BinaryOperator *BO, const Item &X,
                  StringRef Op) {
  BinaryOperatorKind K = BO->getOpcode();
  bool Matches = (Op == "+" && (K == BO_Add || K == BO_Sub)) ||
                 (Op == "*" && K == BO_Mul) || (Op == "&" && K == BO_And) ||
                 (Op == "|" && K == BO_Or) || (Op == "^" && K == BO_Xor) ||
                 (Op == "&&" && K == BO_LAnd) || (Op == "||" && K == BO_LOr);
  if (!Matches)
    return false;
  if (X.is(FC, BO->getLHS()))
    return !mentions(BO->getRHS(), X.Var);
  // e - x is no update of x.
  return K != BO_Sub && X.is(FC, BO->getRHS()) &&
         !mentions(BO->getLHS(), X.Var);
}

/// max(x, e), std::max(x, e), fmax(x, e), fmaxf, fmaxl (min alike).
bool minMaxCall(FrontendContext &FC, const Expr *E, const Item &X,
                StringRef Op) {
  const auto *CE = dyn_cast<CallExpr>(strip(E));
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || CE->getNumArgs() != 2 || !FD->getIdentifier())
    return false;
  StringRef N = FD->getName();
  bool Name = Op == "max" ? (N == "max" || N.starts_with("fmax"))
                          : (N == "min" || N.starts_with("fmin"));
  if (!Name)
    return false;
  const Expr *A = CE->getArg(0), *B = CE->getArg(1);
  if (X.is(FC, A))
    return !mentions(B, X.Var);
  return X.is(FC, B) && !mentions(A, X.Var);
}

/// Whether S is one update of X in the form of the reduction operator Op.
bool isUpdate(FrontendContext &FC, const Stmt *S, const Item &X, StringRef Op) {
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = strip(E);
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return UO->isIncrementDecrementOp() && Op == "+" &&
             X.is(FC, UO->getSubExpr());
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || !BO->isAssignmentOp() || !X.is(FC, BO->getLHS()) ||
        mentions(BO->getRHS(), X.Var) != (BO->getOpcode() == BO_Assign))
      return false;
    switch (BO->getOpcode()) {
    case BO_Assign:
      if (const auto *R = dyn_cast<BinaryOperator>(strip(BO->getRHS())))
        return operatorForm(FC, R, X, Op);
      return (Op == "max" || Op == "min") &&
             minMaxCall(FC, BO->getRHS(), X, Op);
    case BO_AddAssign:
    case BO_SubAssign:
      return Op == "+";
    case BO_MulAssign:
      return Op == "*";
    case BO_AndAssign:
      return Op == "&";
    case BO_OrAssign:
      return Op == "|";
    case BO_XorAssign:
      return Op == "^";
    default:
      return false;
    }
  }
  // if (e > x) x = e; (max) or if (e < x) x = e; (min)
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
      (Op != "max" && Op != "min"))
    return false;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    Then = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *Asg = dyn_cast_or_null<BinaryOperator>(
      isa_and_nonnull<Expr>(Then) ? strip(cast<Expr>(Then)) : nullptr);
  const auto *C = dyn_cast<BinaryOperator>(strip(If->getCond()));
  if (!Asg || Asg->getOpcode() != BO_Assign || !X.is(FC, Asg->getLHS()) || !C ||
      !C->isRelationalOp())
    return false;
  bool Greater = C->getOpcode() == BO_GT || C->getOpcode() == BO_GE;
  const Expr *E = X.is(FC, C->getRHS())   ? C->getLHS()
                  : X.is(FC, C->getLHS()) ? C->getRHS()
                                          : nullptr;
  if (!E || mentions(E, X.Var) || mentions(Asg->getRHS(), X.Var) ||
      FC.pretty(E) != FC.pretty(Asg->getRHS()))
    return false;
  // e > x (e first) takes the larger; x > e takes the smaller.
  bool Max = Greater == (E == C->getLHS());
  return Max == (Op == "max");
}

/// Whether every use of X in S is an update in the form of Op.
bool onlyUpdates(FrontendContext &FC, const Stmt *S, const Item &X,
                 StringRef Op) {
  if (!S)
    return true;
  if (isUpdate(FC, S, X, Op))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() != X.Var;
  for (const Stmt *C : S->children())
    if (!onlyUpdates(FC, C, X, Op))
      return false;
  return true;
}

/// Whether S names V outside the statement Inside.
bool mentionsOutside(const Stmt *S, const VarDecl *V, const Stmt *Inside) {
  if (!S || S == Inside)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() == V;
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return mentionsOutside(CS->getCapturedStmt(), V, Inside);
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
    return mentionsOutside(ompBody(D), V, Inside);
  for (const Stmt *C : S->children())
    if (mentionsOutside(C, V, Inside))
      return true;
  return false;
}

/// The list item E of a reduction clause on Loop: a scalar variable, or
/// an element a[k] of an array of scalars whose subscript k names no
/// variable the loop writes.
std::optional<Item> reductionItem(FrontendContext &FC, const Expr *E,
                                  const Stmt *Loop) {
  if (const VarDecl *V = refVar(E))
    return isScalarType(V->getType()) ? std::optional<Item>(Item{V, ""})
                                      : std::nullopt;
  const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
  const VarDecl *A = AS ? refVar(AS->getBase()) : nullptr;
  if (!A || !isScalarType(AS->getType()) ||
      AS->getIdx()->HasSideEffects(FC.Ctx))
    return std::nullopt;
  bool Changes = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Changes |= V == A || writesVar(Loop, V);
    if (S)
      for (const Stmt *C : S->children())
        Walk(C);
  };
  Walk(AS->getIdx());
  if (Changes)
    return std::nullopt;
  return Item{A, FC.pretty(AS)};
}

/// Why D (a simd or loop directive in Scope, the marked loop) cannot run
/// as its loop in order, or "".
std::string problem(FrontendContext &FC, const OMPLoopDirective *D,
                    const Stmt *Scope) {
  const Stmt *Loop = ompBody(D);
  std::string Name = "'#pragma omp " + ompDirectiveName(D) + "'";
  if (!isa_and_nonnull<ForStmt>(Loop))
    return "the loop of the inner " + Name + " is not a 'for' loop";
  for (const OMPClause *C : D->clauses()) {
    std::string Clause =
        "the '" + llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
        "' clause of the inner " + Name;
    if (isa<OMPSafelenClause, OMPSimdlenClause, OMPAlignedClause,
            OMPNontemporalClause, OMPOrderClause, OMPCollapseClause,
            OMPLastprivateClause>(C))
      continue;
    if (const auto *B = dyn_cast<OMPBindClause>(C)) {
      if (B->getBindKind() == OMPC_BIND_thread)
        continue;
      return Clause + " shares the loop among threads; only 'bind(thread)' "
                      "runs it in one";
    }
    if (const auto *L = dyn_cast<OMPLinearClause>(C)) {
      for (const Expr *E : L->varlists())
        if (refVar(E) != counter(cast<ForStmt>(Loop)))
          return Clause + " names '" + FC.pretty(E) +
                 "', which is not the loop's index; running in order would "
                 "not step it";
      continue;
    }
    if (const auto *P = dyn_cast<OMPPrivateClause>(C)) {
      for (const Expr *E : P->varlists()) {
        const VarDecl *V = refVar(E);
        if (!V || mentionsOutside(Scope, V, D))
          return Clause + " names '" + FC.pretty(E) +
                 "', which the marked loop also uses outside the inner "
                 "loop; in order, the inner loop would change it there";
      }
      continue;
    }
    if (const auto *R = dyn_cast<OMPReductionClause>(C)) {
      // "operator+" for the built-in operators, "max" and "min" as named.
      std::string Op = R->getNameInfo().getName().getAsString();
      if (StringRef(Op).starts_with("operator"))
        Op = Op.substr(8);
      if (R->getModifier() != OMPC_REDUCTION_unknown &&
          R->getModifier() != OMPC_REDUCTION_default)
        return Clause + " has a modifier, which the tool does not implement";
      if (Op == "-")
        Op = "+";
      for (const Expr *E : R->varlists()) {
        std::optional<Item> X = reductionItem(FC, E, Loop);
        if (!X || !reductionAtom(Op))
          return Clause + " reduces '" + FC.pretty(E) +
                 "', which is not a scalar (or an element whose subscript "
                 "the loop keeps) with a built-in operator";
        if (!onlyUpdates(FC, Loop, *X, Op))
          return Clause + " reduces '" + FC.pretty(E) +
                 "', which the loop uses other than in updates '" +
                 (Op == "max" || Op == "min" ? "x = " + Op + "(x, e)"
                                             : "x " + Op + "= e") +
                 "'; in order, those uses would see the running value";
      }
      continue;
    }
    return Clause + " is not implemented";
  }
  return "";
}

/// The directives loop2cuda runs as their loop in order.
bool isInnerSimd(const Stmt *S) {
  return isa<OMPSimdDirective, OMPGenericLoopDirective>(S);
}

class Splicer {
public:
  Splicer(FrontendContext &FC, const Stmt *Scope) : FC(FC), Scope(Scope) {}

  void walk(Stmt *S) {
    if (!S)
      return;
    // The whole body of another directive (`critical`, ...) cannot be
    // replaced; the marked loop is rejected for that directive anyway.
    if (auto *CS = dyn_cast<CapturedStmt>(S)) {
      walk(CS->getCapturedStmt());
      return;
    }
    if (auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (D->hasAssociatedStmt())
        walk(D->getAssociatedStmt());
      return;
    }
    for (Stmt *&C : S->children()) {
      if (Stmt *Loop = replacement(C))
        C = Loop;
      walk(C);
    }
  }

private:
  FrontendContext &FC;
  const Stmt *Scope;

  /// The loop to put in place of S, or null.
  Stmt *replacement(Stmt *S) {
    if (!S || !isInnerSimd(S))
      return nullptr;
    const auto *D = cast<OMPLoopDirective>(S);
    std::string Why = problem(FC, D, Scope);
    if (!Why.empty()) {
      FC.KeptDirectives[D] = Why;
      return nullptr;
    }
    Stmt *Loop = const_cast<Stmt *>(ompBody(D));
    FC.SplicedDirectives[Loop] = D;
    return Loop;
  }
};

} // namespace

void spliceInnerSimdLoops(FrontendContext &FC, const MarkedLoops &Marked) {
  // The header too: a directive may be the body itself, with no braces.
  for (const auto &ML : Marked.Loops)
    if (ML->For)
      Splicer(FC, ML->For).walk(const_cast<ForStmt *>(ML->For));
}

} // namespace detail
} // namespace l2c
