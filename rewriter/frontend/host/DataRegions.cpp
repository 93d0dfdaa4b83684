//===- DataRegions.cpp - The arrays of data regions, enter/exit pairs -----===//
//
// The arrays a data region maps (MarkLoops.cpp records the regions,
// Host.cpp makes them HostData terms), and its enter/exit form.
//
// OpenMP programs often write their data region as two standalone
// directives in one block:
//
//   #pragma omp target enter data map(to: u[0:n], v[0:n])
//   for (t = 0; t < steps; t++) { ...kernels... }
//   #pragma omp target exit data map(from: u[0:n]) map(release: v[0:n])
//
// The statements between the two are a data region like `target data`'s
// block: the front end makes them HostData(id, [arrays], [items]) for rule
// set data-regions, and the map clauses of both directives size the copies
// of the loops between (docs/data-regions.md). An `enter data` without an
// `exit data` later in the same block keeps its remark.
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"

#include <functional>
#include <map>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// Appends the extents of D's map clauses; false for a clause that changes
/// more than the copies (nowait, depend), which leaves D unpaired.
bool enterExitExtents(FrontendContext &FC, const OMPExecutableDirective *D,
                      std::vector<DataClause> &Out) {
  for (const OMPClause *C : D->clauses()) {
    if (const auto *M = dyn_cast<OMPMapClause>(C))
      mapExtents(FC, M, Out);
    else if (!isa<OMPIfClause, OMPDeviceClause>(C))
      return false;
  }
  return true;
}

} // namespace

/// The pointers and arrays among the variables of Extents that the
/// statements Body name, in clause order.
std::vector<std::string> regionArrays(llvm::ArrayRef<const Stmt *> Body,
                                      const std::vector<DataClause> &Extents) {
  std::map<std::string, const VarDecl *> Named;
  std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        Named.emplace(V->getNameAsString(), V);
    for (const Stmt *C : S->children())
      Find(C);
  };
  for (const Stmt *S : Body)
    Find(S);
  std::vector<std::string> Out;
  for (const DataClause &D : Extents) {
    auto It = Named.find(D.Var);
    if (It == Named.end() ||
        std::find(Out.begin(), Out.end(), D.Var) != Out.end())
      continue;
    QualType T = It->second->getType();
    if (T->isPointerType() || T->isArrayType())
      Out.push_back(D.Var);
  }
  return Out;
}

std::vector<EnterExitPair> findEnterExitPairs(FrontendContext &FC,
                                              const CompoundStmt *CS) {
  std::vector<EnterExitPair> Pairs;
  std::vector<const Stmt *> Body(CS->body_begin(), CS->body_end());
  for (size_t I = 0; I < Body.size(); ++I) {
    const auto *Enter = dyn_cast<OMPTargetEnterDataDirective>(Body[I]);
    if (!Enter)
      continue;
    for (size_t J = I + 1; J < Body.size(); ++J) {
      if (isa<OMPTargetEnterDataDirective>(Body[J]))
        break; // nested or chained regions: each pair must be plain
      const auto *Exit = dyn_cast<OMPTargetExitDataDirective>(Body[J]);
      if (!Exit)
        continue;
      EnterExitPair P;
      P.Enter = Enter;
      P.Exit = Exit;
      P.First = I + 1;
      P.End = J;
      if (enterExitExtents(FC, Enter, P.Extents) &&
          enterExitExtents(FC, Exit, P.Extents))
        Pairs.push_back(std::move(P));
      I = J;
      break;
    }
  }
  return Pairs;
}

} // namespace detail
} // namespace l2c
