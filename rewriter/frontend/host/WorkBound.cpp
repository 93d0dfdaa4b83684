//===- WorkBound.cpp - Upper bounds of a loop nest's iterations -----------===//
//
// The bound of a loop nest (LaunchWork.cpp's test of whether a marked loop
// is worth a launch) is the product of the trip counts of its loops (summed
// over sibling statements), each trip count taken from interval arithmetic
// over the loop's bounds. The values come from constant expressions
// (macros included), from parameters to which every call in the file passes
// the same constant (directly, or through a local that holds one and is
// never written again), from the ranges of enclosing loop variables, those
// of the host loops around the marked loop included (PolyBench 4.2's
// trisolv and durbin bound their marked loops by the host loop's counter:
// j < i), and from the statements just before the loop in its block: an
// assignment of a local, and a clamp of it (`if (v > c) v = c;`), as
// seidel-2d bounds its wavefront. Anything else (a while loop, a call, a
// bound read from memory) makes the bound unknown.
//
//===----------------------------------------------------------------------===//

#include "frontend/host/WorkBound.h"

#include "frontend/AstUtil.h"

#include <algorithm>

using namespace clang;

namespace l2c {
namespace detail {

namespace {
/// An inclusive range of values.
struct Interval {
  long long Lo = 0, Hi = 0;
};

constexpr long long Huge = 1LL << 50;

long long clampAdd(long long A, long long B) {
  return std::max(-Huge, std::min(Huge, A + B));
}
long long clampMul(long long A, long long B) {
  if (A == 0 || B == 0)
    return 0;
  if (std::llabs(A) > Huge / std::max(1LL, std::llabs(B)))
    return (A > 0) == (B > 0) ? Huge : -Huge;
  return A * B;
}

} // namespace

class WorkBound::Impl {
public:
  Impl(FrontendContext &FC, const FunctionDecl *FD) : FC(FC), FD(FD) {}

  /// An upper bound of the iterations of the statement's loops, or nothing.
  std::optional<long long> work(const Stmt *S) {
    if (!S || isa<NullStmt>(S) || isa<DeclStmt>(S))
      return isa_and_nonnull<DeclStmt>(S) && !pureDecl(cast<DeclStmt>(S))
                 ? std::nullopt
                 : std::optional<long long>(0);
    if (const auto *F = dyn_cast<ForStmt>(S))
      return loop(F);
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      long long Sum = 0;
      for (const Stmt *C : CS->body()) {
        auto W = work(C);
        if (!W)
          return std::nullopt;
        Sum = clampAdd(Sum, *W);
      }
      return Sum;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (!pure(If->getCond()))
        return std::nullopt;
      auto T = work(If->getThen()), E = work(If->getElse());
      if (!T || !E)
        return std::nullopt;
      return std::max<long long>(1, std::max(*T, *E));
    }
    if (const auto *E = dyn_cast<Expr>(S))
      return pure(E) ? std::optional<long long>(1) : std::nullopt;
    // while, do, switch, jumps, directives: unknown.
    return std::nullopt;
  }

  /// What the bound used: "n = 6 (the call at line 120)", ...
  const std::vector<std::string> &sources() const { return Sources; }

private:
  FrontendContext &FC;
  const FunctionDecl *FD;
  llvm::DenseMap<const VarDecl *, Interval> Ranges;
  std::vector<std::string> Sources;

  /// No calls other than builtins (sqrt, fabs, ...): the cost of a call to
  /// the user's code is unknown.
  bool pure(const Stmt *S) {
    if (!S)
      return true;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *F = CE->getDirectCallee();
      if (!F || (!F->getBuiltinID() && !FC.inSystemHeader(F->getLocation())))
        return false;
    }
    if (isa<CXXConstructExpr, CXXNewExpr, LambdaExpr>(S))
      return false;
    for (const Stmt *C : S->children())
      if (!pure(C))
        return false;
    return true;
  }

  bool pureDecl(const DeclStmt *DS) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (!pure(V->getInit()))
          return false;
    return true;
  }

  /// The one value that every call of FD in the file passes as P.
  std::optional<long long> paramValue(const ParmVarDecl *P) {
    if (writesVar(FD->getBody(), P))
      return std::nullopt;
    unsigned Index = P->getFunctionScopeIndex();
    const auto &Calls = FC.callsOf(FD);
    if (Calls.empty())
      return std::nullopt;
    std::optional<long long> Value;
    for (const CallExpr *CE : Calls) {
      if (Index >= CE->getNumArgs())
        return std::nullopt;
      auto V = constantArg(CE->getArg(Index));
      if (!V || (Value && *Value != *V))
        return std::nullopt;
      Value = V;
    }
    std::string Source =
        P->getNameAsString() + " = " + std::to_string(*Value) + " from " +
        (Calls.size() == 1
             ? "the call at line " +
                   std::to_string(FC.line(Calls.front()->getBeginLoc()))
             : "its " + std::to_string(Calls.size()) + " calls");
    if (std::find(Sources.begin(), Sources.end(), Source) == Sources.end())
      Sources.push_back(Source);
    return Value;
  }

  /// A call's argument: a constant, or a local of the caller initialised
  /// to one and never written again.
  std::optional<long long> constantArg(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    Expr::EvalResult R;
    if (!E->isValueDependent() && E->EvaluateAsInt(R, FC.Ctx))
      return R.Val.getInt().getExtValue();
    const VarDecl *V = refVar(E);
    if (!V || !V->isLocalVarDecl() || !V->getInit() ||
        !V->getType()->isIntegerType())
      return std::nullopt;
    const auto *Caller = dyn_cast_or_null<FunctionDecl>(V->getDeclContext());
    if (!Caller || !Caller->getBody() || writesVar(Caller->getBody(), V))
      return std::nullopt;
    const Expr *Init = V->getInit()->IgnoreParenImpCasts();
    if (Init->isValueDependent() || !Init->EvaluateAsInt(R, FC.Ctx))
      return std::nullopt;
    return R.Val.getInt().getExtValue();
  }

  std::optional<Interval> eval(const Expr *E) {
    if (!E)
      return std::nullopt;
    E = E->IgnoreParenImpCasts();
    Expr::EvalResult R;
    if (!E->isValueDependent() && E->EvaluateAsInt(R, FC.Ctx)) {
      long long V = R.Val.getInt().getExtValue();
      return Interval{V, V};
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        return std::nullopt;
      auto It = Ranges.find(V);
      if (It != Ranges.end())
        return It->second;
      if (const auto *P = dyn_cast<ParmVarDecl>(V))
        if (P->getType()->isIntegerType())
          if (auto C = paramValue(P)) {
            Ranges[V] = Interval{*C, *C};
            return Interval{*C, *C};
          }
      return std::nullopt;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      auto L = eval(BO->getLHS()), Rr = eval(BO->getRHS());
      if (!L || !Rr)
        return std::nullopt;
      switch (BO->getOpcode()) {
      case BO_Add:
        return Interval{clampAdd(L->Lo, Rr->Lo), clampAdd(L->Hi, Rr->Hi)};
      case BO_Sub:
        return Interval{clampAdd(L->Lo, -Rr->Hi), clampAdd(L->Hi, -Rr->Lo)};
      case BO_Mul: {
        long long C[] = {clampMul(L->Lo, Rr->Lo), clampMul(L->Lo, Rr->Hi),
                         clampMul(L->Hi, Rr->Lo), clampMul(L->Hi, Rr->Hi)};
        return Interval{*std::min_element(C, C + 4),
                        *std::max_element(C, C + 4)};
      }
      case BO_Div: // by a positive constant: monotone, truncated or not
        if (Rr->Lo == Rr->Hi && Rr->Lo > 0)
          return Interval{L->Lo / Rr->Lo, L->Hi / Rr->Lo};
        return std::nullopt;
      default:
        return std::nullopt;
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_Minus)
        if (auto V = eval(UO->getSubExpr()))
          return Interval{-V->Hi, -V->Lo};
    return std::nullopt;
  }

public:
  /// The work of S (a marked loop) with the variables of the host loops
  /// around it (Around, outermost first) ranging over their values: trisolv's
  /// `for (j = 0; j < i; j++)` inside the host's `for (i = 0; i < n; i++)`.
  /// Block, the statements of the block just around it, set before S.
  std::optional<long long> workIn(const Stmt *S,
                                  llvm::ArrayRef<const ForStmt *> Around,
                                  const CompoundStmt *Block,
                                  const Stmt *Outer) {
    llvm::DenseMap<const VarDecl *, Interval> Saved = Ranges;
    for (const ForStmt *F : Around)
      if (auto H = header(F))
        Ranges[H->Var] = H->Values;
    if (Block)
      for (const Stmt *C : Block->body()) {
        if (C == Outer)
          break;
        setBy(C);
      }
    auto W = work(S);
    Ranges = std::move(Saved);
    return W;
  }

private:
  /// The ranges that statement C of the block before the marked loop
  /// leaves: `v = e` sets v's, `if (v > c) v = d;` (or <, >=, <=) clamps
  /// it (seidel-2d's wavefront bounds, `ilo = ...; if (ilo < 1) ilo = 1;`),
  /// and anything else that writes a variable forgets its range.
  void setBy(const Stmt *C) {
    const auto *E = dyn_cast<Expr>(C);
    const auto *BO =
        E ? dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts()) : nullptr;
    if (BO && BO->getOpcode() == BO_Assign) {
      const VarDecl *V = refVar(BO->getLHS()->IgnoreParenImpCasts());
      if (V && V->isLocalVarDecl() && V->getType()->isIntegerType() &&
          pure(BO->getRHS())) {
        if (auto R = eval(BO->getRHS()))
          Ranges[V] = *R;
        else
          Ranges.erase(V);
        return;
      }
    }
    if (const auto *If = dyn_cast<IfStmt>(C); If && clamp(If))
      return;
    for (auto It = Ranges.begin(); It != Ranges.end();) {
      auto Next = std::next(It);
      if (writesVar(C, It->first))
        Ranges.erase(It);
      It = Next;
    }
  }

  /// `if (v OP c) v = d;` for v with a range: v's range after it.
  bool clamp(const IfStmt *If) {
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
      Then = CS->body_front();
    const auto *Cond =
        dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
    const auto *Set = dyn_cast_or_null<BinaryOperator>(
        isa_and_nonnull<Expr>(Then) ? cast<Expr>(Then)->IgnoreParenImpCasts()
                                    : nullptr);
    if (If->getElse() || If->getInit() || !Cond || !Set ||
        Set->getOpcode() != BO_Assign)
      return false;
    const VarDecl *V = refVar(Cond->getLHS()->IgnoreParenImpCasts());
    if (!V || refVar(Set->getLHS()->IgnoreParenImpCasts()) != V ||
        !Ranges.count(V))
      return false;
    auto C = eval(Cond->getRHS()), D = eval(Set->getRHS());
    if (!C || !D)
      return false;
    Interval X = Ranges[V], Kept = X; // Kept: v where the condition fails
    switch (Cond->getOpcode()) {
    case BO_GT:
      Kept.Hi = std::min(X.Hi, C->Hi);
      break;
    case BO_GE:
      Kept.Hi = std::min(X.Hi, C->Hi - 1);
      break;
    case BO_LT:
      Kept.Lo = std::max(X.Lo, C->Lo);
      break;
    case BO_LE:
      Kept.Lo = std::max(X.Lo, C->Lo + 1);
      break;
    default:
      return false;
    }
    Ranges[V] = Kept.Lo > Kept.Hi ? *D
                                  : Interval{std::min(Kept.Lo, D->Lo),
                                             std::max(Kept.Hi, D->Hi)};
    return true;
  }

  struct Header {
    const VarDecl *Var;
    Interval Values;
    long long Trips;
  };

  /// F's variable, the values it takes and F's trip count, for a counted
  /// loop (++, --, += c, -= c; <, <=, !=, >, >=) whose bounds eval knows.
  std::optional<Header> header(const ForStmt *F) {
    const VarDecl *V = nullptr;
    const Expr *Start = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
      if (!DS->isSingleDecl())
        return std::nullopt;
      V = dyn_cast<VarDecl>(DS->getSingleDecl());
      Start = V ? V->getInit() : nullptr;
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(
                   F->getInit()
                       ? cast<Expr>(F->getInit())->IgnoreParenImpCasts()
                       : nullptr)) {
      if (BO->getOpcode() == BO_Assign) {
        V = refVar(BO->getLHS()->IgnoreParenImpCasts());
        Start = BO->getRHS();
      }
    }
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(
        F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
    if (!V || !Start || !Cond || !V->getType()->isIntegerType() ||
        refVar(Cond->getLHS()->IgnoreParenImpCasts()) != V ||
        writesVar(F->getBody(), V))
      return std::nullopt;
    // The step: ++, --, += c, -= c.
    long long Step = 0;
    const Expr *Inc =
        F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
      if (UO->isIncrementOp())
        Step = 1;
      else if (UO->isDecrementOp())
        Step = -1;
    } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
      Expr::EvalResult R;
      if (CA->getRHS()->EvaluateAsInt(R, FC.Ctx)) {
        long long C = R.Val.getInt().getExtValue();
        Step = CA->getOpcode() == BO_AddAssign   ? C
               : CA->getOpcode() == BO_SubAssign ? -C
                                                 : 0;
      }
    }
    auto S = eval(Start), B = eval(Cond->getRHS());
    if (!Step || !S || !B)
      return std::nullopt;
    Interval Var;
    long long Span;
    BinaryOperatorKind Op = Cond->getOpcode();
    if (Step > 0 && (Op == BO_LT || Op == BO_LE || Op == BO_NE)) {
      long long Last = Op == BO_LE ? B->Hi : B->Hi - 1;
      Var = Interval{S->Lo, Last};
      Span = Last - S->Lo + 1;
    } else if (Step < 0 && (Op == BO_GT || Op == BO_GE)) {
      long long Last = Op == BO_GE ? B->Lo : B->Lo + 1;
      Var = Interval{Last, S->Hi};
      Span = S->Hi - Last + 1;
    } else {
      return std::nullopt;
    }
    long long Trips =
        Span <= 0 ? 0 : (Span + std::llabs(Step) - 1) / std::llabs(Step);
    return Header{V, Var, Trips};
  }

  /// trips(F) x work(body), with F's variable ranging over its values
  /// while the body is bounded.
  std::optional<long long> loop(const ForStmt *F) {
    auto H = header(F);
    if (!H)
      return std::nullopt;
    const VarDecl *V = H->Var;
    Interval Var = H->Values;
    long long Trips = H->Trips;
    if (Trips == 0)
      return 0;
    auto Saved = Ranges.find(V) != Ranges.end()
                     ? std::optional<Interval>(Ranges[V])
                     : std::nullopt;
    Ranges[V] = Var;
    auto Body = work(F->getBody());
    if (Saved)
      Ranges[V] = *Saved;
    else
      Ranges.erase(V);
    if (!Body)
      return std::nullopt;
    return clampMul(Trips, std::max<long long>(1, *Body));
  }
};

WorkBound::WorkBound(FrontendContext &FC, const FunctionDecl *FD)
    : P(std::make_unique<Impl>(FC, FD)) {}
WorkBound::~WorkBound() = default;

std::optional<long long>
WorkBound::workIn(const Stmt *S, llvm::ArrayRef<const ForStmt *> Around,
                  const CompoundStmt *Block, const Stmt *Outer) {
  return P->workIn(S, Around, Block, Outer);
}

const std::vector<std::string> &WorkBound::sources() const {
  return P->sources();
}

} // namespace detail
} // namespace l2c
