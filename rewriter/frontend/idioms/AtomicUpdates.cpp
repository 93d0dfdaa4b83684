//===- AtomicUpdates.cpp - OpenMP atomic updates in a marked loop ---------===//
//
// `#pragma omp atomic` (or `atomic update`) before `h[k] += w;`, `h[k]++;`
// or `s += e;`, and a `critical` section that holds one such statement (or
// `if (e > m) m = e;`), as
// real OpenMP code writes a histogram or a sum without a reduction clause:
//
// \code
//   #pragma omp parallel for
//   for (int i = 0; i < n; i++) {
//     int b = key(a[i]);
//   #pragma omp atomic
//     hist[b]++;
//   }
// \endcode
//
// Every iteration's update is applied once, in some order, to the shared
// variable: what a reduction computes. The loop analysis reads the update
// as if the pragma named the variable in reduction(op: ...)
// (LoopAnalyzer::findUpdates), so the histogram and reduction rule sets
// run it; a directive whose statement is no such update keeps the loop on
// the CPU (DeviceCode.cpp).
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"

#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace l2c {
namespace detail {

const Stmt *atomicUpdateStmt(const Stmt *S) {
  const auto *D = dyn_cast_or_null<OMPExecutableDirective>(S);
  if (!D || !D->hasAssociatedStmt())
    return nullptr;
  if (isa<OMPAtomicDirective>(D)) {
    for (const OMPClause *C : D->clauses())
      if (C->getClauseKind() != llvm::omp::OMPC_update)
        return nullptr; // read, write, capture, compare, memory orders
  } else if (!isa<OMPCriticalDirective>(D) || !D->clauses().empty()) {
    return nullptr;
  }
  const Stmt *X = D->getAssociatedStmt();
  if (const auto *CS = dyn_cast<CapturedStmt>(X))
    X = CS->getCapturedStmt();
  while (const auto *Block = dyn_cast<CompoundStmt>(X)) {
    if (Block->size() != 1)
      return nullptr;
    X = Block->body_front();
  }
  // critical may also hold the max form `if (a[i] > m) m = a[i];`.
  if (const auto *If = dyn_cast<IfStmt>(X);
      If && isa<OMPCriticalDirective>(D) && !If->getElse())
    return X;
  return isa<Expr>(X) ? X : nullptr;
}

} // namespace detail
} // namespace l2c
