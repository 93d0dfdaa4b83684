//===- OpenMPRegions.cpp - `omp parallel` regions around `omp for` loops
//---===//
//
// An `omp parallel` region runs its body in every thread of a team; the
// `omp for` loops in it share their iterations among the threads. The tool
// runs the region's body once, on one host thread, with each `omp for` loop
// as a kernel. That is the same program only when the rest of the body does
// the same thing run once as run by every thread: blocks, declarations
// without effects, barriers, `single` and `master` blocks (which run once
// anyway, as does the body of `if (omp_get_thread_num() == 0)`), assignments
// that store the same value in every thread, and host loops and branches made
// of those. Anything else keeps the whole region on the CPU, with a warning
// that names the statement.
//
// One more statement runs once to the same effect: the merge of a partial
// result, the hand-written reduction of many OpenMP codes:
//
// \code
//   #pragma omp parallel
//   {
//     double local = 0.0;        // the identity of +
//   #pragma omp for
//     for (int i = 0; i < n; i++)
//       local += a[i];           // only such updates, in worksharing loops
//   #pragma omp critical         // or atomic
//     sum += local;
//   }
// \endcode
//
// The threads' partial sums add up to the sum over all iterations, which
// the one run computes (its loop reduces into local: Scalars.cpp).
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/Internal.h"

#include "clang/AST/OpenMPClause.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace l2c {
namespace detail {

const Stmt *ompBody(const OMPExecutableDirective *D) {
  if (!D->hasAssociatedStmt())
    return nullptr;
  const Stmt *A = D->getAssociatedStmt();
  while (const auto *CS = dyn_cast_or_null<CapturedStmt>(A))
    A = CS->getCapturedStmt();
  return A;
}

std::string ompDirectiveName(const OMPExecutableDirective *D) {
  return llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()).str();
}

bool isWorksharingLoop(const Stmt *S) {
  return isa<OMPForDirective>(S) || isa<OMPForSimdDirective>(S);
}

namespace {

class RegionChecker {
public:
  RegionChecker(FrontendContext &FC, const OMPParallelDirective *P)
      : FC(FC), P(P) {
    for (const auto *C : P->getClausesOfKind<OMPPrivateClause>())
      for (const Expr *E : C->varlists())
        if (const VarDecl *V = refVar(E))
          Private.insert(V);
    for (const auto *C : P->getClausesOfKind<OMPFirstprivateClause>())
      for (const Expr *E : C->varlists())
        if (const VarDecl *V = refVar(E))
          Private.insert(V);
  }

  std::optional<Rejection> check() {
    for (const OMPClause *C : P->clauses()) {
      if (C->isImplicit() || isa<OMPPrivateClause>(C) ||
          isa<OMPFirstprivateClause>(C) || isa<OMPSharedClause>(C) ||
          isa<OMPNumThreadsClause>(C) || isa<OMPProcBindClause>(C) ||
          isa<OMPIfClause>(C) || isSharedDefault(C))
        continue;
      return Rejection{"its clause '" + clauseText(FC, C) +
                           "' is not supported on a parallel region",
                       "mark-loop", C->getBeginLoc()};
    }
    if (!allowed(ompBody(P)))
      return Bad;
    return std::nullopt;
  }

private:
  FrontendContext &FC;
  const OMPParallelDirective *P;
  llvm::DenseSet<const VarDecl *> Private;
  std::optional<Rejection> Bad;

  bool fail(const Stmt *S, const std::string &What) {
    Bad = Rejection{"every thread of the region runs " + What +
                        "; only worksharing loops, declarations, barriers, "
                        "'single'/'master' blocks and assignments of one "
                        "value to a shared variable can run once instead",
                    "mark-loop", S->getBeginLoc()};
    return false;
  }

  /// Whether the variable a loop header assigns is private to the region.
  bool privateVar(const VarDecl *V) {
    if (!V)
      return false;
    if (Private.count(V))
      return true;
    // Declared inside the region.
    SourceManager &SM = FC.SM;
    SourceLocation L = SM.getExpansionLoc(V->getLocation());
    return !SM.isBeforeInTranslationUnit(L,
                                         SM.getExpansionLoc(P->getBeginLoc()));
  }

  bool loopHeaderOk(const ForStmt *F) {
    const Stmt *Init = F->getInit();
    if (Init && !isa<DeclStmt>(Init)) {
      const auto *BO = dyn_cast<BinaryOperator>(strip(cast<Expr>(Init)));
      if (!BO || BO->getOpcode() != BO_Assign ||
          !privateVar(refVar(BO->getLHS())))
        return fail(F, "the loop header at line " +
                           std::to_string(FC.line(F->getForLoc())) +
                           " on a shared counter (list it in private(...))");
    }
    for (const Expr *E : {F->getCond(), F->getInc()}) {
      if (!E)
        continue;
      if (const auto *UO = dyn_cast<UnaryOperator>(strip(E)))
        if (UO->isIncrementDecrementOp() &&
            privateVar(refVar(UO->getSubExpr())))
          continue;
      if (const auto *CA = dyn_cast<BinaryOperator>(strip(E)))
        if (CA->isAssignmentOp() && privateVar(refVar(CA->getLHS())) &&
            !CA->getRHS()->HasSideEffects(FC.Ctx))
          continue;
      if (E->HasSideEffects(FC.Ctx))
        return fail(F, "the loop header at line " +
                           std::to_string(FC.line(F->getForLoc())));
    }
    return true;
  }

  /// `x = e` or `a[i] = e` that every thread would run with the same
  /// result (ludcmp's `y[0] = b[0];` between its loops): a plain assignment
  /// without side effects elsewhere, whose target is not private to the
  /// region and is named nowhere else in the statement. Every thread reads
  /// the same shared values (the worksharing loops end in barriers) and
  /// stores the same value, so one store is the same program.
  bool sameValueAssignment(const Stmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || BO->getOpcode() != BO_Assign ||
        BO->getRHS()->HasSideEffects(FC.Ctx))
      return false;
    const Expr *Target = BO->getLHS()->IgnoreParenImpCasts();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Target)) {
      if (AS->getIdx()->HasSideEffects(FC.Ctx))
        return false;
      Target = AS->getBase()->IgnoreParenImpCasts();
    }
    const VarDecl *V = refVar(Target);
    if (!V || Private.count(V) || V->getType().isVolatileQualified())
      return false;
    unsigned Uses = 0;
    countUses(BO, V, Uses);
    return Uses == 1;
  }

  /// `shared op= local` under atomic or critical (S), local declared in
  /// the region with op's identity and otherwise only updated with op in
  /// worksharing loops (the file comment).
  bool mergeOfPartial(const Stmt *S) {
    const Stmt *X = atomicUpdateStmt(S);
    const auto *BO = X ? dyn_cast<BinaryOperator>(X) : nullptr;
    if (!BO || !BO->isCompoundAssignmentOp())
      return false;
    const VarDecl *Shared = refVar(BO->getLHS());
    const VarDecl *Local = refVar(BO->getRHS());
    if (!Shared || !Local || Shared == Local || privateVar(Shared) ||
        Private.count(Local) || !privateVar(Local) || !Local->getInit() ||
        !isScalarType(Local->getType()) || Local->isStaticLocal())
      return false;
    BinaryOperatorKind Op = BO->getOpcode();
    Expr::EvalResult R;
    if (!Local->getInit()->EvaluateAsRValue(R, FC.Ctx))
      return false;
    bool Zero = R.Val.isInt()     ? R.Val.getInt().isZero()
                : R.Val.isFloat() ? R.Val.getFloat().isZero()
                                  : false;
    bool One = R.Val.isInt()     ? R.Val.getInt() == 1
               : R.Val.isFloat() ? R.Val.getFloat().isExactlyValue(1.0)
                                 : false;
    bool Identity = Op == BO_MulAssign ? One
                    : Op == BO_AddAssign || Op == BO_SubAssign ||
                            Op == BO_OrAssign || Op == BO_XorAssign
                        ? Zero
                        : false;
    if (!Identity)
      return false;
    // `-=` merges a partial that the loops build with +=.
    BinaryOperatorKind Update = Op == BO_SubAssign ? BO_AddAssign : Op;
    return onlyUpdates(ompBody(P), Local, Update, X, false);
  }

  /// Every use of Local in S is the merge, or the target of `Local op= e`
  /// (e not naming Local; `Local++` for +) in a worksharing loop.
  bool onlyUpdates(const Stmt *S, const VarDecl *Local, BinaryOperatorKind Op,
                   const Stmt *Merge, bool InLoop) {
    if (!S || S == Merge)
      return true;
    // A directive's captures name the variable; its uses are inside.
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      return onlyUpdates(CS->getCapturedStmt(), Local, Op, Merge, InLoop);
    if (isWorksharingLoop(S))
      InLoop = true;
    if (const auto *U = dyn_cast<BinaryOperator>(S);
        U && U->getOpcode() == Op && refVar(U->getLHS()) == Local) {
      unsigned Uses = 0;
      countUses(U->getRHS(), Local, Uses);
      return InLoop && Uses == 0 &&
             onlyUpdates(U->getRHS(), Local, Op, Merge, InLoop);
    }
    if (const auto *U = dyn_cast<UnaryOperator>(S);
        U && U->isIncrementOp() && refVar(U->getSubExpr()) == Local)
      return InLoop && Op == BO_AddAssign;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      return DRE->getDecl() != Local;
    for (const Stmt *C : S->children())
      if (!onlyUpdates(C, Local, Op, Merge, InLoop))
        return false;
    return true;
  }

  /// `omp_get_thread_num() == 0`, `0 == omp_get_thread_num()` or
  /// `!omp_get_thread_num()`.
  static bool threadZeroTest(const Expr *E) {
    auto IsThreadNum = [](const Expr *X) {
      const auto *CE = dyn_cast<CallExpr>(X->IgnoreParenImpCasts());
      const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
      return FD && FD->getIdentifier() &&
             FD->getName() == "omp_get_thread_num" && CE->getNumArgs() == 0;
    };
    auto IsZero = [](const Expr *X) {
      const auto *L = dyn_cast<IntegerLiteral>(X->IgnoreParenImpCasts());
      return L && L->getValue().isZero();
    };
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return UO->getOpcode() == UO_LNot && IsThreadNum(UO->getSubExpr());
    const auto *BO = dyn_cast<BinaryOperator>(E);
    return BO && BO->getOpcode() == BO_EQ &&
           ((IsThreadNum(BO->getLHS()) && IsZero(BO->getRHS())) ||
            (IsZero(BO->getLHS()) && IsThreadNum(BO->getRHS())));
  }

  static void countUses(const Stmt *S, const VarDecl *V, unsigned &Uses) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
      ++Uses;
    for (const Stmt *C : S->children())
      countUses(C, V, Uses);
  }

  bool allowed(const Stmt *S) {
    if (!S || isa<NullStmt>(S) || isWorksharingLoop(S) ||
        isa<OMPBarrierDirective>(S) || isa<OMPFlushDirective>(S) ||
        isa<OMPSingleDirective>(S) || isa<OMPMasterDirective>(S) ||
        isa<OMPMaskedDirective>(S))
      return true;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        if (!allowed(C))
          return false;
      return true;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit() && V->getInit()->HasSideEffects(FC.Ctx))
            return fail(S, "the declaration of '" + V->getNameAsString() +
                               "' at line " +
                               std::to_string(FC.line(S->getBeginLoc())));
      return true;
    }
    if (const auto *F = dyn_cast<ForStmt>(S))
      return loopHeaderOk(F) && allowed(F->getBody());
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      // `if (omp_get_thread_num() == 0)`: a master block written by hand.
      // The one run is on thread 0 (outside any team), which takes it.
      if (!If->getElse() && !If->getInit() && threadZeroTest(If->getCond()))
        return true;
      if (If->getCond()->HasSideEffects(FC.Ctx) || If->getInit())
        return fail(S, "the condition at line " +
                           std::to_string(FC.line(S->getBeginLoc())));
      return allowed(If->getThen()) && allowed(If->getElse());
    }
    if (sameValueAssignment(S) || mergeOfPartial(S))
      return true;
    std::string What = "'" + FC.text(S->getSourceRange()) + "'";
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
      What = "'#pragma omp " + ompDirectiveName(D) + "'";
    if (What.size() > 60)
      What = What.substr(0, 57) + "...'";
    return fail(S,
                What + " at line " + std::to_string(FC.line(S->getBeginLoc())));
  }
};

} // namespace

std::optional<Rejection> checkParallelRegion(FrontendContext &FC,
                                             const OMPParallelDirective *P) {
  return RegionChecker(FC, P).check();
}

} // namespace detail
} // namespace l2c
