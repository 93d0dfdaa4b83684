//===- InnerLoops.cpp - Loops tried in place of a rejected marked loop ----===//
//
// A marked loop whose iterations are not independent (lu's `k` loop, the
// `i` loop of symm) stays on the CPU. When its body is nothing but loops
// and statements on scalars, it can still run in order on the host while
// the loops of its body, when their own iterations are proven independent,
// run on the GPU: one launch per iteration of the marked loop, the arrays
// kept on the device over the host loop by move-copies (nothing else on
// the host touches them).
//
// The loops of the body were not marked: their dependences must be proven
// (as under --strict). They go to the GPU all together or not at all (one
// left on the host would move the arrays between host and device in every
// iteration); when one is not proven, or a statement of the body touches
// an array, the other statements between the parallel loops go to kernels
// of one thread (SerialKernels.cpp) or the marked loop stays on the CPU
// whole, with its own warning only. Aliasing between distinct
// pointers is assumed, with the usual remark, as it is for the marked loop
// the user wrote.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/pragmas/MarkLoops.h"

#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace l2c {
namespace detail {

std::unique_ptr<MarkedLoop> standIn(const MarkedLoop &ML, const ForStmt *For) {
  auto L = std::make_unique<MarkedLoop>();
  L->For = For;
  L->Outer = ML.Outer;
  L->Function = ML.Function;
  L->Region = ML.Region;
  L->Extents = ML.Extents;
  return L;
}

bool analyzeDeferred(FrontendContext &FC, MarkedLoop &L,
                     std::vector<std::function<void()>> &Diags) {
  FC.Deferred = &Diags;
  bool Ok = analyzeLoop(FC, L);
  FC.Deferred = nullptr;
  return Ok;
}

/// The variable that F's header counts with, when its init assigns or
/// declares one.
const VarDecl *counter(const ForStmt *F) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
    return DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl())
                              : nullptr;
  if (const auto *E = dyn_cast_or_null<Expr>(F->getInit()))
    if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts()))
      if (BO->getOpcode() == BO_Assign)
        return refVar(BO->getLHS());
  return nullptr;
}

/// A marked loop whose body is one loop whose header does not use the
/// marked loop's counter (adi's `for i1 { for i2 ... X[i1 - 1][i2] }`):
/// the nest with the two headers exchanged, built from the same parts.
/// When its outer loop, the body's, carries no dependence across the whole
/// nest, each of its iterations can run the marked loop in order on its
/// own: one launch instead of one per iteration of the marked loop, and
/// the same result (within each thread the marked loop keeps its order,
/// and no dependence joins two threads).
const ForStmt *interchangedNest(FrontendContext &FC, const ForStmt *F) {
  const Stmt *Body = F->getBody();
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Body = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *In = dyn_cast_or_null<ForStmt>(Body);
  const VarDecl *V = counter(F);
  if (!In || !V || !counter(In) || mentions(In->getInit(), V) ||
      mentions(In->getCond(), V) || mentions(In->getInc(), V) ||
      In->getConditionVariable() || F->getConditionVariable())
    return nullptr;
  ASTContext &C = FC.Ctx;
  auto *Inner = new (C) ForStmt(
      C, const_cast<Stmt *>(F->getInit()), const_cast<Expr *>(F->getCond()),
      nullptr, const_cast<Expr *>(F->getInc()),
      const_cast<Stmt *>(In->getBody()), F->getForLoc(), F->getLParenLoc(),
      F->getRParenLoc());
  return new (C) ForStmt(
      C, const_cast<Stmt *>(In->getInit()), const_cast<Expr *>(In->getCond()),
      nullptr, const_cast<Expr *>(In->getInc()), Inner, In->getForLoc(),
      In->getLParenLoc(), In->getRParenLoc());
}

namespace {

/// Whether host statement S touches only scalars: no subscripts, pointer
/// dereferences, calls, members, jumps or directives, and every variable it
/// names is of arithmetic type. Host code like this cannot read or write
/// an array that the kernels use.
bool scalarOnly(const Stmt *S) {
  if (!S)
    return true;
  if (isa<ArraySubscriptExpr, CallExpr, MemberExpr, CXXThisExpr, GotoStmt,
          ReturnStmt, BreakStmt, ContinueStmt, OMPExecutableDirective,
          CapturedStmt, LambdaExpr, CXXNewExpr, CXXDeleteExpr>(S))
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    if (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf)
      return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
    const auto *V = dyn_cast<VarDecl>(DR->getDecl());
    if (!V)
      return isa<EnumConstantDecl>(DR->getDecl());
    if (!V->getType()->isArithmeticType())
      return false;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->getType()->isArithmeticType() || V->isStaticLocal())
        return false;
      if (!scalarOnly(V->getInit()))
        return false;
    }
  for (const Stmt *C : S->children())
    if (!scalarOnly(C))
      return false;
  return true;
}

/// The directive's clauses leave the sequential meaning of its loop alone:
/// running the loop in order computes what the program means. private,
/// shared, default, schedule and nowait do; firstprivate (each thread's
/// copy starts from the value before the loop), collapse and the others
/// are left to the CPU.
bool plainClauses(const OMPLoopDirective *D) {
  for (const OMPClause *C : D->clauses())
    if (!isa<OMPPrivateClause, OMPSharedClause, OMPDefaultClause,
             OMPScheduleClause, OMPNowaitClause>(C))
      return false;
  return true;
}

void collectFors(const Stmt *S, llvm::DenseSet<const Stmt *> &Out) {
  if (!S)
    return;
  if (isa<ForStmt, CXXForRangeStmt>(S))
    Out.insert(S);
  for (const Stmt *C : S->children())
    collectFors(C, Out);
}

/// Tries the interchanged nest of Marked.Loops[At]; appends it, accepted,
/// and returns true when it goes to the GPU.
bool tryInterchange(FrontendContext &FC, MarkedLoops &Marked, size_t At) {
  const MarkedLoop &ML = *Marked.Loops[At];
  const ForStmt *Nest = interchangedNest(FC, ML.For);
  if (!Nest)
    return false;
  auto L = standIn(ML, Nest);
  L->Interchanged = ML.For;
  std::vector<std::function<void()>> Diags;
  if (!analyzeDeferred(FC, *L, Diags)) {
    if (L->Accepted)
      FC.Result.Ranges.erase(L->Id);
    return false;
  }
  FC.remark(Nest->getForLoc(),
            "runs on the GPU interchanged with the loop at line " +
                std::to_string(FC.line(ML.For->getForLoc())) +
                ", which is not parallelized: one thread for each iteration "
                "of this loop runs that loop in order",
            "mark-loop");
  for (const auto &D : Diags)
    D();
  Marked.Loops.push_back(std::move(L));
  return true;
}

} // namespace

void tryInnerLoops(FrontendContext &FC, MarkedLoops &Marked, size_t At,
                   const llvm::DenseSet<const Stmt *> &Candidates) {
  const MarkedLoop &ML = *Marked.Loops[At];
  if (ML.RangeFor || ML.InOrderParent || ML.InnerAcc || ML.AccRegion ||
      !FC.Instantiation.empty())
    return;
  // Marked by the user as parallel: `omp for` / `omp parallel for` as the
  // statement itself, or `#pragma loop2cuda parallel`.
  if (ML.Omp) {
    if (ML.Outer != ML.Omp ||
        !isa<OMPForDirective, OMPParallelForDirective>(ML.Omp) ||
        !plainClauses(ML.Omp))
      return;
  } else if (!ML.Pragma || ML.Pragma->isAcc()) {
    return;
  }
  // A loop of the body that carries a mark of its own: leave the nest as
  // the user marked it.
  {
    llvm::DenseSet<const Stmt *> Fors;
    collectFors(ML.For->getBody(), Fors);
    for (const auto &O : Marked.Loops)
      if (O.get() != &ML && (Fors.count(O->For) || Fors.count(O->RangeFor)))
        return;
  }
  if ((FC.Opts.stepOn("interchange-loops") && tryInterchange(FC, Marked, At)) ||
      (FC.Opts.stepOn("distribute-loops") && tryDistribution(FC, Marked, At)) ||
      !FC.Opts.stepOn("inner-loops"))
    return;
  const Stmt *Body = ML.For->getBody();
  std::vector<const Stmt *> Stmts;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Stmts.assign(CS->body_begin(), CS->body_end());
  else if (Body)
    Stmts.push_back(Body);
  // Each loop of the body on its own, then the statements between the
  // parallel ones in kernels of one thread (SerialKernels.cpp) when there
  // are any that are not on scalars only.
  std::vector<bool> Parallel(Stmts.size()), HostScalar(Stmts.size());
  std::vector<std::unique_ptr<MarkedLoop>> Tried;
  std::vector<std::vector<std::function<void()>>> Diags;
  bool All = true, AnyLoop = false;
  auto Drop = [&] {
    for (const auto &L : Tried)
      if (L->Accepted)
        FC.Result.Ranges.erase(L->Id);
  };
  for (size_t I = 0; I < Stmts.size(); ++I) {
    const auto *F = dyn_cast<ForStmt>(Stmts[I]);
    if (!F || !Candidates.count(F)) {
      HostScalar[I] = scalarOnly(Stmts[I]);
      All &= HostScalar[I];
      continue;
    }
    AnyLoop = true;
    auto L = standIn(ML, F);
    L->Outer = F;
    L->Region = nullptr;
    L->InOrderParent = ML.For;
    std::vector<std::function<void()>> D;
    if (analyzeDeferred(FC, *L, D)) {
      Parallel[I] = true;
      Tried.push_back(std::move(L));
      Diags.push_back(std::move(D));
    } else {
      All = false;
    }
  }
  // All of them or none: a loop left on the host among kernels would move
  // the arrays they share between host and device in every iteration.
  if (!AnyLoop || (!All && !(FC.Opts.stepOn("serial-kernels") &&
                             trySerialRuns(FC, ML, Stmts, Parallel, HostScalar,
                                           Tried, Diags)))) {
    // The marked loop stays on the CPU whole, with its warning only.
    Drop();
    return;
  }
  // In the order of the statements.
  std::vector<size_t> Order(Tried.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return FC.SM.isBeforeInTranslationUnit(Tried[A]->Range.getBegin(),
                                           Tried[B]->Range.getBegin());
  });
  std::string Line = std::to_string(FC.line(ML.For->getForLoc()));
  for (size_t I : Order) {
    MarkedLoop &L = *Tried[I];
    if (L.Serial)
      FC.remark(FC.SM.getExpansionLoc(L.Outer->getBeginLoc()),
                "runs on the GPU in one thread, in order, launched once per "
                "iteration of the loop at line " +
                    Line +
                    ": the arrays stay on the device (statements to line " +
                    std::to_string(FC.line(L.Range.getEnd())) + ")",
                "serial-kernels");
    else
      FC.remark(L.For->getForLoc(),
                "runs on the GPU, launched once per iteration of the loop at "
                "line " +
                    Line +
                    ", which is not parallelized and runs in order on the host",
                "mark-loop");
    for (const auto &D : Diags[I])
      D();
    Marked.Loops.push_back(std::move(Tried[I]));
  }
}

} // namespace detail
} // namespace l2c
