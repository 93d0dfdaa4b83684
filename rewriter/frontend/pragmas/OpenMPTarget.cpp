//===- OpenMPTarget.cpp - OpenMP offload constructs
//------------------------===//
//
// The OpenMP 4.5/5 device constructs that mark loops (`target teams
// distribute parallel for`, `target parallel for`, `target teams loop`, and
// `target` around one such loop directive), device regions whose body is
// nothing but such loops (`target` around `teams` around `distribute
// parallel for` loops: the body runs once, each loop a kernel), and the
// list items of their map clauses, which size a loop's copies the way a
// `copy(a[0:n])` clause does. The map types (to, from, tofrom, alloc) do
// not choose transfers: loop2cuda moves what the code reads and writes, so
// the program computes what its sequential build computes
// (docs/data-regions.md).
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"

#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace l2c {
namespace detail {

bool isDeviceLoop(const Stmt *S) {
  return isa<
      OMPTargetParallelForDirective, OMPTargetParallelForSimdDirective,
      OMPTargetTeamsDistributeParallelForDirective,
      OMPTargetTeamsDistributeParallelForSimdDirective,
      OMPTargetTeamsDistributeDirective, OMPTargetTeamsGenericLoopDirective,
      OMPTargetParallelGenericLoopDirective,
      OMPTeamsDistributeParallelForDirective,
      OMPTeamsDistributeParallelForSimdDirective, OMPTeamsDistributeDirective,
      OMPTeamsGenericLoopDirective, OMPParallelGenericLoopDirective,
      OMPDistributeParallelForDirective, OMPDistributeParallelForSimdDirective>(
      S);
}

const OMPLoopDirective *offloadedLoop(const OMPExecutableDirective *D) {
  if (!isa<OMPTargetDirective, OMPTargetTeamsDirective>(D))
    return nullptr;
  const Stmt *Body = ompBody(D);
  // `{ #pragma omp teams distribute parallel for ... }`: one statement.
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Body = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *L = dyn_cast_or_null<OMPLoopDirective>(Body);
  if (!L)
    return nullptr;
  if (isDeviceLoop(L) || isa<OMPParallelForDirective>(L) ||
      isa<OMPParallelForSimdDirective>(L))
    return L;
  return nullptr;
}

bool isDeviceRegion(const Stmt *S) {
  return isa<OMPTargetDirective, OMPTargetTeamsDirective, OMPTeamsDirective>(S);
}

std::string deviceRegionProblem(FrontendContext &FC,
                                const OMPExecutableDirective *D,
                                LoopClauses &Clauses) {
  if (auto R = readOpenMPClauses(FC, D->clauses(), Clauses))
    return R->Reason;
  if (!Clauses.Reductions.empty() || !Clauses.LastPrivate.empty() ||
      !Clauses.InScan.empty())
    return "a reduction or lastprivate clause on the region itself is not "
           "implemented";
  // Outside its `distribute` loops a `teams` region runs in every team, and
  // a `target` region runs its statements on the device: only loops (and
  // declarations without a value) may stand in the body.
  const Stmt *Body = ompBody(D);
  llvm::SmallVector<const Stmt *, 8> Items;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Items.append(CS->body_begin(), CS->body_end());
  else if (Body)
    Items.push_back(Body);
  for (const Stmt *I : Items) {
    if (isa<NullStmt>(I))
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(I)) {
      bool Plain = true;
      for (const Decl *X : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(X); !V || V->hasInit())
          Plain = false;
      if (Plain)
        continue;
    }
    if (isDeviceLoop(I) || isa<OMPParallelForDirective>(I) ||
        isa<OMPParallelForSimdDirective>(I))
      continue;
    if (const auto *Inner = dyn_cast<OMPExecutableDirective>(I);
        Inner && isDeviceRegion(Inner)) {
      LoopClauses Nested;
      if (std::string Why = deviceRegionProblem(FC, Inner, Nested);
          !Why.empty())
        return Why;
      continue;
    }
    return "line " + std::to_string(FC.line(I->getBeginLoc())) +
           " is not a loop directive, and outside its loops the region's "
           "body runs in every team";
  }
  return "";
}

const VarDecl *sectionVar(const Expr *E, const ArraySectionExpr *&First) {
  E = E->IgnoreParenImpCasts();
  First = nullptr;
  while (const auto *AS = dyn_cast<ArraySectionExpr>(E)) {
    First = AS;
    E = AS->getBase()->IgnoreParenImpCasts();
  }
  return refVar(E);
}

void mapExtents(FrontendContext &FC, const OMPMapClause *C,
                std::vector<DataClause> &Out) {
  for (const Expr *E : C->varlists()) {
    // `a[lo:len][:m]...`: the section right on the variable counts rows.
    const ArraySectionExpr *First;
    const VarDecl *V = sectionVar(E, First);
    if (!V)
      continue; // a member or an element: it sizes nothing
    DataClause D;
    D.Kind = DataClause::Extent;
    D.Var = V->getNameAsString();
    if (First) {
      if (!First->getLength() || First->getStride())
        continue;
      D.Lower = First->getLowerBound()
                    ? FC.text(First->getLowerBound()->getSourceRange())
                    : "0";
      D.Length = FC.text(First->getLength()->getSourceRange());
      if (D.Lower.empty() || D.Length.empty())
        continue; // spelled through a macro that the text does not show
    }
    Out.push_back(D);
  }
}

} // namespace detail
} // namespace l2c
