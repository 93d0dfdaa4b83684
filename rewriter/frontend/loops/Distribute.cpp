//===- Distribute.cpp - A rejected marked loop split into loops -----------===//
//
// PolyBench-ACC marks loops whose body mixes work that is parallel in the
// marked loop with work that is not (atax: `tmp[i] = A[i] . x` and then
// `y[j] += A[i][j] * tmp[i]` for every j; bicg: the same two updates in one
// j loop). The marked loop carries a dependence and stays on the CPU. When
// its body falls into parts that share no data, except arrays that each
// part touches only at the marked loop's counter (`tmp[i]`), the loop can
// be split into one loop per part, run one after the other (loop
// distribution): every dependence between two parts then goes from an
// iteration of the earlier part to the same iteration of the later one,
// which the split keeps. A loop of the body whose own statements fall into
// such parts is split first, the same way.
//
// Each part is then a loop nobody marked: it goes to the GPU when its
// independence is proven, either as it is or interchanged
// (InnerLoops.cpp, interchangedNest). When every part goes, their launches
// replace the marked loop, in order; otherwise the loop stays as it was.
// The parts keep the sequential order of every update (y[j] gets its
// terms in the order of i), so the result is the CPU's.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/pragmas/MarkLoops.h"

#include "llvm/ADT/EquivalenceClasses.h"

#include <functional>
#include <map>
#include <numeric>
#include <set>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The variable an lvalue names at its root (`a` in `a[i][j]`, `*p`), or
/// null.
const VarDecl *rootVar(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return rootVar(AS->getBase());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      return rootVar(UO->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// What one statement of the body reads and writes.
struct StmtUses {
  llvm::DenseSet<const VarDecl *> Written, Named;
  /// Per variable: how often it is named, and how often as `x[c]` with c
  /// the counter of the loop being split.
  llvm::DenseMap<const VarDecl *, std::pair<unsigned, unsigned>> Refs;
  /// Counters of the for loops in the statement, assigned by their headers.
  llvm::DenseSet<const VarDecl *> Counters;
  bool Unknown = false;
};

void collect(const Stmt *S, const VarDecl *C, StmtUses &U) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      U.Named.insert(V);
      ++U.Refs[V].first;
    }
    return;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    const auto *B = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
    const auto *I = dyn_cast<DeclRefExpr>(AS->getIdx()->IgnoreParenImpCasts());
    if (B && I && I->getDecl() == C)
      if (const auto *V = dyn_cast<VarDecl>(B->getDecl()))
        ++U.Refs[V].second;
  }
  auto Write = [&](const Expr *E) {
    if (const VarDecl *V = rootVar(E))
      U.Written.insert(V);
    else
      U.Unknown = true;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    Write(BO->getLHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      Write(UO->getSubExpr());
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F || !F->getBuiltinID())
      U.Unknown = true;
  }
  if (isa<GotoStmt, ReturnStmt, BreakStmt, ContinueStmt, OMPExecutableDirective,
          CXXThisExpr, LambdaExpr>(S))
    U.Unknown = true;
  if (const auto *F = dyn_cast<ForStmt>(S))
    if (const VarDecl *V = counter(F))
      U.Counters.insert(V);
  // A declaration writes its variable: a statement that uses it later
  // belongs to the same part (`double d = A[k][k]; ... B[k][j] * d`).
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        U.Named.insert(V);
        U.Written.insert(V);
        ++U.Refs[V].first;
      }
  for (const Stmt *Ch : S->children())
    collect(Ch, C, U);
}

/// The parts of Stmts (indices, in an order that keeps every dependence
/// between parts), or nothing when the statements do not split.
std::optional<std::vector<std::vector<size_t>>>
parts(const std::vector<const Stmt *> &Stmts, const VarDecl *Counter) {
  size_t N = Stmts.size();
  std::vector<StmtUses> U(N);
  for (size_t I = 0; I < N; ++I) {
    collect(Stmts[I], Counter, U[I]);
    // The loop's own counter is the split loop's to write.
    if (U[I].Unknown || U[I].Written.count(Counter))
      return std::nullopt;
  }
  // A scalar that a statement's own for loop counts with, and that the
  // statement names nowhere else first, is that statement's private
  // variable; a top-level loop of the statement assigns it before use.
  auto PrivateIn = [&](size_t I, const VarDecl *V) {
    const auto *F = dyn_cast<ForStmt>(Stmts[I]);
    return F && counter(F) == V && V->getType()->isScalarType();
  };
  auto AtCounterOnly = [&](size_t I, const VarDecl *V) {
    auto It = U[I].Refs.find(V);
    return It == U[I].Refs.end() || It->second.first == It->second.second;
  };
  llvm::EquivalenceClasses<size_t> Same;
  for (size_t I = 0; I < N; ++I)
    Same.insert(I);
  std::vector<std::pair<size_t, size_t>> Before; // statement edges
  for (size_t A = 0; A < N; ++A)
    for (size_t B = A + 1; B < N; ++B)
      for (const VarDecl *V : U[A].Named) {
        if (!U[B].Named.count(V) ||
            (!U[A].Written.count(V) && !U[B].Written.count(V)))
          continue;
        if (PrivateIn(A, V) && PrivateIn(B, V))
          continue;
        bool ArrayAtCounter =
            !V->getType()->isScalarType() || V->getType()->isPointerType();
        if (ArrayAtCounter && AtCounterOnly(A, V) && AtCounterOnly(B, V) &&
            !(U[A].Written.count(V) && U[B].Written.count(V))) {
          Before.emplace_back(A, B);
          continue;
        }
        Same.unionSets(A, B);
      }
  // The parts, each named by its first statement, in source order.
  std::map<size_t, std::vector<size_t>> ByLeader;
  for (size_t I = 0; I < N; ++I)
    ByLeader[Same.getLeaderValue(I)].push_back(I);
  if (ByLeader.size() < 2)
    return std::nullopt;
  std::vector<std::vector<size_t>> Parts;
  std::map<size_t, size_t> PartOf;
  for (auto &[L, Members] : ByLeader) {
    for (size_t M : Members)
      PartOf[M] = Parts.size();
    Parts.push_back(Members);
  }
  // Order the parts: each edge says its first part goes before its second.
  // Parts are listed by their first statement; an edge that points back
  // along that order is a cycle unless a topological order resolves it.
  size_t P = Parts.size();
  std::vector<std::set<size_t>> Succ(P);
  std::vector<size_t> InDegree(P, 0);
  for (auto [A, B] : Before) {
    size_t X = PartOf[A], Y = PartOf[B];
    if (X != Y && Succ[X].insert(Y).second)
      ++InDegree[Y];
  }
  std::vector<std::vector<size_t>> Ordered;
  std::vector<bool> Done(P, false);
  for (size_t Round = 0; Round < P; ++Round) {
    size_t Pick = P;
    for (size_t X = 0; X < P && Pick == P; ++X)
      if (!Done[X] && InDegree[X] == 0)
        Pick = X;
    if (Pick == P)
      return std::nullopt; // the parts depend on each other both ways
    Done[Pick] = true;
    Ordered.push_back(Parts[Pick]);
    for (size_t Y : Succ[Pick])
      --InDegree[Y];
  }
  return Ordered;
}

std::vector<const Stmt *> bodyStmts(const Stmt *Body) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    return {CS->body_begin(), CS->body_end()};
  if (Body)
    return {Body};
  return {};
}

/// A loop with F's header and the statements Stmts as its body.
const ForStmt *loopOf(FrontendContext &FC, const ForStmt *F,
                      const std::vector<const Stmt *> &Stmts) {
  ASTContext &C = FC.Ctx;
  Stmt *Body;
  if (Stmts.size() == 1) {
    Body = const_cast<Stmt *>(Stmts.front());
  } else {
    std::vector<Stmt *> List;
    for (const Stmt *S : Stmts)
      List.push_back(const_cast<Stmt *>(S));
    SourceLocation L = F->getBody()->getBeginLoc(),
                   R = F->getBody()->getEndLoc();
    Body = CompoundStmt::Create(C, List, FPOptionsOverride(), L, R);
  }
  return new (C) ForStmt(C, const_cast<Stmt *>(F->getInit()),
                         const_cast<Expr *>(F->getCond()), nullptr,
                         const_cast<Expr *>(F->getInc()), Body, F->getForLoc(),
                         F->getLParenLoc(), F->getRParenLoc());
}

} // namespace

bool tryDistribution(FrontendContext &FC, MarkedLoops &Marked, size_t At) {
  const MarkedLoop &ML = *Marked.Loops[At];
  const VarDecl *Counter = counter(ML.For);
  if (!Counter)
    return false;
  // First the loops of the body whose own statements split.
  std::vector<const Stmt *> Stmts;
  for (const Stmt *S : bodyStmts(ML.For->getBody())) {
    const auto *F = dyn_cast<ForStmt>(S);
    const VarDecl *Inner = F ? counter(F) : nullptr;
    std::vector<const Stmt *> InnerStmts =
        F ? bodyStmts(F->getBody()) : std::vector<const Stmt *>();
    auto Split = Inner && InnerStmts.size() > 1 ? parts(InnerStmts, Inner)
                                                : std::nullopt;
    if (!Split) {
      Stmts.push_back(S);
      continue;
    }
    for (const auto &Part : *Split) {
      std::vector<const Stmt *> Of;
      for (size_t I : Part)
        Of.push_back(InnerStmts[I]);
      Stmts.push_back(loopOf(FC, F, Of));
    }
  }
  auto Split = Stmts.size() > 1 ? parts(Stmts, Counter) : std::nullopt;
  if (!Split)
    return false;

  std::vector<std::unique_ptr<MarkedLoop>> Tried;
  std::vector<std::vector<std::function<void()>>> Diags(Split->size());
  std::vector<bool> Swapped(Split->size(), false);
  bool All = true;
  for (size_t K = 0; K < Split->size() && All; ++K) {
    std::vector<const Stmt *> Of;
    for (size_t I : (*Split)[K])
      Of.push_back(Stmts[I]);
    const ForStmt *Loop = loopOf(FC, ML.For, Of);
    // As it is, else interchanged.
    const ForStmt *Nest = FC.Opts.stepOn("interchange-loops")
                              ? interchangedNest(FC, Loop)
                              : nullptr;
    for (const ForStmt *Try : {Loop, Nest}) {
      if (!Try)
        continue;
      auto L = standIn(ML, Try);
      L->Replaces = ML.For;
      L->Interchanged = Try == Loop ? nullptr : Loop;
      L->Part = static_cast<int>(K + 1);
      std::vector<std::function<void()>> D;
      if (analyzeDeferred(FC, *L, D)) {
        Diags[K] = std::move(D);
        Swapped[K] = Try != Loop;
        Tried.push_back(std::move(L));
        break;
      }
      if (L->Accepted)
        FC.Result.Ranges.erase(L->Id);
    }
    All = Tried.size() == K + 1;
  }
  if (!All) {
    for (const auto &L : Tried)
      FC.Result.Ranges.erase(L->Id);
    return false;
  }
  std::string Line = std::to_string(FC.line(ML.For->getForLoc()));
  FC.remark(ML.For->getForLoc(),
            "runs on the GPU split into " + std::to_string(Tried.size()) +
                " loops, one after the other, over parts of its body that "
                "share no data but arrays each part uses only at '" +
                Counter->getNameAsString() + "'",
            "mark-loop");
  MarkedLoop *Head = Tried.front().get();
  for (size_t K = 0; K < Tried.size(); ++K) {
    const Stmt *First = Stmts[(*Split)[K].front()];
    FC.remark(First->getBeginLoc(),
              "part " + std::to_string(K + 1) + " of the loop at line " + Line +
                  (Swapped[K] ? ", interchanged with the loop in it: one "
                                "thread for each iteration of that loop "
                                "runs the loop at line " +
                                    Line + " in order"
                              : ""),
              "mark-loop");
    for (const auto &D : Diags[K])
      D();
    if (K > 0) {
      Tried[K]->GroupHead = Head;
      Head->Group.push_back(Tried[K].get());
    }
  }
  for (auto &L : Tried)
    Marked.Loops.push_back(std::move(L));
  return true;
}

} // namespace detail
} // namespace l2c

//===--- Statements before the inner loop of an accepted loop

namespace l2c {
namespace detail {

namespace {

/// The kernel of Loop runs the marked loop's iterations on one axis and
/// holds nothing that ties its statements to one kernel: no reduction, no
/// lastprivate store, no scan, no array of its own (a private array the
/// statements fill for the loop would not outlive the first kernel).
bool oneAxisKernel(const Term &Loop) {
  if (!Loop.isApp("ParallelLoop") || Loop.arity() != 7 ||
      !Loop[6].is(Term::List) || Loop[6].arity() != 0)
    return false;
  bool Tied = false;
  forEachSubterm(Loop[3], [&](const Term &T) {
    Tied |= T.isApp("LastPrivate") || T.isApp("ScanInput") ||
            T.isApp("Reduce") || T.isApp("ArrayDecl");
    return !Tied;
  });
  return !Tied;
}

/// The nest Loop (a ParallelNest) gives its innermost loop that may take
/// a grid axis (the last Dim, or the ParallelFor its body offers to
/// map-nest) fewer than 32 iterations by constant bounds (`for (d = 0;
/// d < 3; d++)`).
bool fewInnerIterations(const Term &Loop) {
  if (!Loop.isApp("ParallelNest") || Loop.arity() < 3 ||
      !Loop[1].is(Term::List) || Loop[1].arity() == 0)
    return false;
  const Term *D = &Loop[1][Loop[1].arity() - 1];
  for (const Term *Body = &Loop[2];
       Body->is(Term::List) && Body->arity() == 1 &&
       (*Body)[0].isApp("ParallelFor", 2) && (*Body)[0][1].isApp("For", 4);
       Body = &(*Body)[0][1][3])
    D = &(*Body)[0][0];
  if (!D->isApp("Dim") || D->arity() < 2 || !(*D)[1].isApp("Bounds", 3))
    return false;
  auto Constant = [](const Term *T) -> std::optional<int64_t> {
    while (T->isApp("Cast", 2))
      T = &(*T)[1];
    return T->is(Term::Int) ? std::optional(T->intValue()) : std::nullopt;
  };
  const Term &B = (*D)[1];
  auto Lo = Constant(&B[0]), End = Constant(&B[1]), Step = Constant(&B[2]);
  return Lo && End && Step && *Step > 0 &&
         (*End - *Lo + *Step - 1) / *Step < 32;
}

} // namespace

bool peelShape(const MarkedLoop &ML) {
  if (ML.RangeFor || ML.Serial || !ML.For || !counter(ML.For))
    return false;
  std::vector<const Stmt *> Stmts = bodyStmts(ML.For->getBody());
  return Stmts.size() >= 2 && isa<ForStmt>(Stmts.back());
}

bool analyzePeeled(FrontendContext &FC, MarkedLoops &Marked, size_t At) {
  MarkedLoop &ML = *Marked.Loops[At];
  std::vector<std::function<void()>> Own;
  bool Ok = analyzeDeferred(FC, ML, Own);
  auto Report = [&] {
    for (const auto &D : Own)
      D();
  };
  const VarDecl *Counter = counter(ML.For);
  std::vector<const Stmt *> Stmts = bodyStmts(ML.For->getBody());
  if (!Ok || !oneAxisKernel(ML.Loop)) {
    Report();
    return Ok;
  }
  // The statements before the loop write array elements only, so that no
  // value reaches the loop through a scalar, and read no scalar the loop
  // writes.
  const auto *Inner = cast<ForStmt>(Stmts.back());
  std::vector<const Stmt *> Before(Stmts.begin(), Stmts.end() - 1);
  StmtUses Head, Tail;
  for (const Stmt *S : Before)
    collect(S, Counter, Head);
  collect(Inner, Counter, Tail);
  bool Splits = !Head.Unknown && !Tail.Unknown;
  for (const VarDecl *V : Head.Written)
    Splits &= !V->getType()->isScalarType() || V->getType()->isPointerType();
  for (const VarDecl *V : Head.Named)
    Splits &= !(Tail.Written.count(V) && V->getType()->isScalarType() &&
                !V->getType()->isPointerType());
  for (const Stmt *S : Before)
    Splits &= !isa<DeclStmt, ForStmt, WhileStmt, DoStmt>(S);
  if (!Splits) {
    Report();
    return true;
  }
  // Both parts on the GPU, the loop's with a grid axis of its own.
  std::vector<std::unique_ptr<MarkedLoop>> Parts;
  for (const std::vector<const Stmt *> &Of :
       {Before, std::vector<const Stmt *>{Inner}}) {
    auto L = standIn(ML, loopOf(FC, ML.For, Of));
    L->Replaces = ML.For;
    L->Part = static_cast<int>(Parts.size() + 1);
    std::vector<std::function<void()>> Ignored;
    bool Taken = analyzeDeferred(FC, *L, Ignored);
    Parts.push_back(std::move(L));
    if (!Taken)
      break;
  }
  // An inner loop of a few iterations would leave most threads of each
  // block of the nest's x axis idle: the kernel of one axis, each thread
  // running it, is faster.
  if (Parts.size() != 2 || !Parts[1]->Accepted ||
      !Parts[1]->Loop.isApp("ParallelNest") ||
      fewInnerIterations(Parts[1]->Loop)) {
    for (const auto &L : Parts)
      if (L->Accepted)
        FC.Result.Ranges.erase(L->Id);
    Report();
    return true;
  }
  // The marked loop's iterations are independent (its own analysis, whose
  // remarks stand): no element one iteration writes is touched by
  // another, so running every iteration's statements before every
  // iteration's loop keeps each element's order.
  FC.Result.Ranges.erase(ML.Id);
  ML.Accepted = false;
  Report();
  FC.remark(ML.For->getForLoc(),
            "runs on the GPU as two loops: the statements before the loop at "
            "line " +
                std::to_string(FC.line(Inner->getForLoc())) + " for every '" +
                Counter->getNameAsString() +
                "' first, then that loop nested in this one, which gets a "
                "grid axis of its own",
            "peel-statements");
  MarkedLoop *First = Parts[0].get();
  Parts[1]->GroupHead = First;
  First->Group.push_back(Parts[1].get());
  for (auto &L : Parts)
    Marked.Loops.push_back(std::move(L));
  return true;
}

} // namespace detail
} // namespace l2c
