//===- Reductions.cpp - Reduction updates in a loop body ------------------===//
//
// Recognises the statements of a loop body that update a scalar as a
// reduction (s += e, s = max(s, e), if (e > s) s = e, ...), and the
// spellings of the reduction operators.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace l2c {
namespace detail {

/// Reduction operators: clause spelling <-> term atom.
const char *reductionAtom(StringRef Op) {
  if (Op == "+")
    return "add";
  if (Op == "*")
    return "mul";
  if (Op == "min")
    return "min";
  if (Op == "max")
    return "max";
  if (Op == "&")
    return "and";
  if (Op == "|")
    return "or";
  if (Op == "^")
    return "xor";
  if (Op == "&&")
    return "land";
  if (Op == "||")
    return "lor";
  return nullptr;
}

std::string reductionSpelling(StringRef Atom) {
  static const std::pair<const char *, const char *> Map[] = {
      {"add", "+"}, {"mul", "*"}, {"min", "min"}, {"max", "max"}, {"and", "&"},
      {"or", "|"},  {"xor", "^"}, {"land", "&&"}, {"lor", "||"}};
  for (auto &P : Map)
    if (Atom == P.first)
      return P.second;
  return Atom.str();
}

/// A free scalar variable that a reduction may update.
static bool reducibleVar(const VarDecl *V) {
  return V && isScalarType(V->getType()) &&
         !V->getType().getNonReferenceType().isConstQualified();
}

std::optional<ReductionUpdate> LoopAnalyzer::matchAssign(const VarDecl *V,
                                                         const Expr *RHS) {
  RHS = strip(RHS);
  auto Make = [&](const char *Atom, const Expr *E,
                  bool Negate = false) -> std::optional<ReductionUpdate> {
    if (mentions(E, V))
      return std::nullopt;
    Term T = Conv.expr(E);
    if (Negate)
      T = Term::app("Neg", {T});
    return ReductionUpdate{V, Atom, E, T};
  };
  // `stop = 1` under reduction(||: stop), `ok = 0` under reduction(&&:
  // ok): the flag of a BFS level, the same as stop = stop || 1.
  if (auto Clause = ClauseReductions.find(V->getNameAsString());
      Clause != ClauseReductions.end() &&
      (Clause->second == "||" || Clause->second == "&&")) {
    Expr::EvalResult R;
    if (!RHS->isValueDependent() && RHS->EvaluateAsInt(R, FC.Ctx)) {
      bool Or = Clause->second == "||";
      if (Or ? R.Val.getInt() == 1 : R.Val.getInt().isZero())
        return ReductionUpdate{V, Or ? "lor" : "land", RHS, Conv.expr(RHS)};
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(RHS)) {
    const char *Atom = nullptr;
    switch (BO->getOpcode()) {
    case BO_Add:
      Atom = "add";
      break;
    case BO_Sub:
      Atom = "add";
      break;
    case BO_Mul:
      Atom = "mul";
      break;
    case BO_And:
      Atom = "and";
      break;
    case BO_Or:
      Atom = "or";
      break;
    case BO_Xor:
      Atom = "xor";
      break;
    case BO_LAnd:
      Atom = "land";
      break;
    case BO_LOr:
      Atom = "lor";
      break;
    default:
      break;
    }
    if (Atom) {
      if (refVar(BO->getLHS()) == V)
        return Make(Atom, BO->getRHS(), BO->getOpcode() == BO_Sub);
      if (refVar(BO->getRHS()) == V && BO->getOpcode() != BO_Sub)
        return Make(Atom, BO->getLHS());
    }
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(RHS)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->getIdentifier() || CE->getNumArgs() != 2)
      return std::nullopt;
    StringRef N = FD->getName();
    const char *Atom =
        (N == "max" || N == "fmax" || N == "fmaxf" || N == "fmaxl")   ? "max"
        : (N == "min" || N == "fmin" || N == "fminf" || N == "fminl") ? "min"
                                                                      : nullptr;
    if (!Atom)
      return std::nullopt;
    if (refVar(CE->getArg(0)) == V)
      return Make(Atom, CE->getArg(1));
    if (refVar(CE->getArg(1)) == V)
      return Make(Atom, CE->getArg(0));
    return std::nullopt;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(RHS)) {
    const auto *C = dyn_cast<BinaryOperator>(strip(CO->getCond()));
    if (!C || !C->isRelationalOp())
      return std::nullopt;
    bool Greater = C->getOpcode() == BO_GT || C->getOpcode() == BO_GE;
    const Expr *A = C->getLHS(), *B = C->getRHS();
    const Expr *E = refVar(A) == V ? B : refVar(B) == V ? A : nullptr;
    if (!E || mentions(E, V))
      return std::nullopt;
    Term TA = Conv.expr(A), TB = Conv.expr(B);
    Term TT = Conv.expr(CO->getTrueExpr()), TF = Conv.expr(CO->getFalseExpr());
    const char *Atom = nullptr;
    if (TT == TA && TF == TB) // A > B ? A : B picks the larger
      Atom = Greater ? "max" : "min";
    else if (TT == TB && TF == TA)
      Atom = Greater ? "min" : "max";
    if (!Atom)
      return std::nullopt;
    return Make(Atom, E);
  }
  return std::nullopt;
}

std::optional<ReductionUpdate> LoopAnalyzer::matchUpdate(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = strip(E);
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      const VarDecl *V = refVar(UO->getSubExpr());
      if (!UO->isIncrementDecrementOp() || !reducibleVar(V) ||
          Locals.count(V) || V == Index)
        return std::nullopt;
      return ReductionUpdate{V, "add", nullptr,
                             Term::integer(UO->isIncrementOp() ? 1 : -1)};
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || !BO->isAssignmentOp())
      return std::nullopt;
    const VarDecl *V = refVar(BO->getLHS());
    if (!reducibleVar(V) || Locals.count(V) || V == Index)
      return std::nullopt;
    if (BO->getOpcode() == BO_Assign)
      return matchAssign(V, BO->getRHS());
    const char *Atom = nullptr;
    switch (BO->getOpcode()) {
    case BO_AddAssign:
      Atom = "add";
      break;
    case BO_SubAssign:
      Atom = "add";
      break;
    case BO_MulAssign:
      Atom = "mul";
      break;
    case BO_AndAssign:
      Atom = "and";
      break;
    case BO_OrAssign:
      Atom = "or";
      break;
    case BO_XorAssign:
      Atom = "xor";
      break;
    default:
      return std::nullopt;
    }
    if (mentions(BO->getRHS(), V))
      return std::nullopt;
    Term T = Conv.expr(BO->getRHS());
    if (BO->getOpcode() == BO_SubAssign)
      T = Term::app("Neg", {T});
    return ReductionUpdate{V, Atom, BO->getRHS(), T};
  }
  // if (e > s) s = e;
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return std::nullopt;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
    if (CS->size() != 1)
      return std::nullopt;
    Then = CS->body_front();
  }
  const auto *Asg = dyn_cast_or_null<BinaryOperator>(
      isa<Expr>(Then) ? strip(cast<Expr>(Then)) : nullptr);
  if (!Asg || Asg->getOpcode() != BO_Assign)
    return std::nullopt;
  const VarDecl *V = refVar(Asg->getLHS());
  if (!reducibleVar(V) || Locals.count(V) || V == Index)
    return std::nullopt;
  const auto *C = dyn_cast<BinaryOperator>(strip(If->getCond()));
  if (!C || !C->isRelationalOp())
    return std::nullopt;
  bool Greater = C->getOpcode() == BO_GT || C->getOpcode() == BO_GE;
  const Expr *E = nullptr;
  bool EFirst = false;
  if (refVar(C->getRHS()) == V) {
    E = C->getLHS();
    EFirst = true;
  } else if (refVar(C->getLHS()) == V) {
    E = C->getRHS();
  }
  if (!E || mentions(E, V) || mentions(Asg->getRHS(), V))
    return std::nullopt;
  Term TE = Conv.expr(E);
  if (TE != Conv.expr(Asg->getRHS()))
    return std::nullopt;
  // e > s: take e when larger -> max; s > e: take e when smaller -> min.
  const char *Atom = (Greater == EFirst) ? "max" : "min";
  return ReductionUpdate{V, Atom, E, TE};
}

bool LoopAnalyzer::ownElementUpdate(const Stmt *Dir, const Stmt *X) {
  // `a[i] += e` (or a[i][j] op= e) under atomic, i the marked loop's index:
  // each iteration updates elements of its own, so the statement runs as
  // written and the dependence test checks it as any other.
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(X);
      BO && BO->isCompoundAssignmentOp())
    Target = BO->getLHS();
  else if (const auto *UO = dyn_cast<UnaryOperator>(X);
           UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  const Expr *First = nullptr;
  for (const Expr *E = Target ? Target->IgnoreParenImpCasts() : nullptr;
       const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(E);
       E = AS->getBase()->IgnoreParenImpCasts())
    First = AS->getIdx();
  if (!First || !Index || refVar(First) != Index ||
      !isa<OMPAtomicDirective>(Dir))
    return false;
  Conv.AtomicUpdates.insert(X);
  OwnElementUpdates.insert(X);
  FC.remark(Dir->getBeginLoc(),
            "the atomic update of '" + FC.pretty(Target) +
                "' touches an element of this iteration only: it runs as "
                "written",
            "dependence");
  return true;
}

void LoopAnalyzer::findAtomicUpdate(const Stmt *Dir, const Stmt *X) {
  if (ownElementUpdate(Dir, X))
    return;
  const VarDecl *V = nullptr;
  std::string Atom;
  auto H = matchHistogram(X);
  auto U = H ? std::nullopt : matchUpdate(X);
  if (H) {
    V = H->Array;
    Atom = H->Atom;
  } else if (U) {
    V = U->Var;
    Atom = U->Atom;
  } else {
    return; // the device code names the directive (DeviceCode.cpp)
  }
  std::string Name = V->getNameAsString(), Op = reductionSpelling(Atom);
  auto [It, New] = ClauseReductions.emplace(Name, Op);
  if (It->second != Op)
    return;
  if (H)
    HistUpdates[X] = *H;
  else
    Updates[X] = *U;
  Conv.AtomicUpdates.insert(X);
  if (New)
    FC.remark(Dir->getBeginLoc(),
              std::string("the ") +
                  (isa<OMPCriticalDirective>(Dir) ? "critical" : "atomic") +
                  " update of '" + Name + "' runs as reduction(" + Op + ": " +
                  Name + "): each update is applied once",
              "reduction");
}

void LoopAnalyzer::findUpdates(const Stmt *S) {
  if (!S)
    return;
  if (const Stmt *X = atomicUpdateStmt(S)) {
    findAtomicUpdate(S, X);
    return;
  }
  if (isa<Expr>(S))
    if (auto H = matchHistogram(S)) {
      // Without a clause, the dependence test explains what to add.
      if (!ClauseReductions.count(H->Array->getNameAsString())) {
        UnclausedHistograms.emplace(H->Array, *H);
        return;
      }
      HistUpdates[S] = *H;
      return;
    }
  if (isa<Expr>(S) || isa<IfStmt>(S))
    if (auto U = matchUpdate(S)) {
      Updates[S] = *U;
      return;
    }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body())
      findUpdates(C);
  } else if (const auto *If = dyn_cast<IfStmt>(S)) {
    findUpdates(If->getThen());
    findUpdates(If->getElse());
  } else if (const auto *F = dyn_cast<ForStmt>(S)) {
    findUpdates(F->getBody());
  } else if (const auto *W = dyn_cast<WhileStmt>(S)) {
    findUpdates(W->getBody());
  } else if (const auto *D = dyn_cast<DoStmt>(S)) {
    findUpdates(D->getBody());
  } else if (const auto *A = dyn_cast<AttributedStmt>(S)) {
    findUpdates(A->getSubStmt());
  } else if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
    findUpdates(Sw->getBody());
  } else if (const auto *SC = dyn_cast<SwitchCase>(S)) {
    findUpdates(SC->getSubStmt()); // the statement a case label labels
  }
}

} // namespace detail
} // namespace l2c
