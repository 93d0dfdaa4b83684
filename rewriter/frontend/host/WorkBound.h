//===- WorkBound.h - Upper bounds of a loop nest's iterations ---*- C++ -*-===//
//
// Included by LaunchWork.cpp only (WorkBound.cpp explains the bound).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_WORKBOUND_H
#define LOOP2CUDA_FRONTEND_WORKBOUND_H

#include "frontend/Internal.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompoundStmt;
class ForStmt;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace l2c {
namespace detail {

/// Upper bounds of the iterations of the marked loops of one function.
class WorkBound {
public:
  WorkBound(FrontendContext &FC, const clang::FunctionDecl *FD);
  ~WorkBound();

  /// The bound of S (a marked loop), with the variables of the host loops
  /// around it (Around, outermost first) ranging over their values and the
  /// statements of Block, the block just around it, before Outer (the
  /// statement that holds S, its directive) setting the ranges of locals.
  std::optional<long long> workIn(const clang::Stmt *S,
                                  llvm::ArrayRef<const clang::ForStmt *> Around,
                                  const clang::CompoundStmt *Block,
                                  const clang::Stmt *Outer);

  /// What the bounds used: "n = 6 (the call at line 120)", ...
  const std::vector<std::string> &sources() const;

private:
  class Impl;
  std::unique_ptr<Impl> P;
};

/// The iteration counts of ML's nest as host texts, whose product is its
/// work at run time: the marked loop's and those of the loops perfectly
/// nested in it (bounds free of the nest's indices). Empty where the loop
/// cannot go under a run-time guard on its work (RuntimeWork.cpp says
/// which).
std::vector<std::string> runtimeWorkCounts(FrontendContext &FC,
                                           MarkedLoop &ML);

} // namespace detail
} // namespace l2c

#endif // LOOP2CUDA_FRONTEND_WORKBOUND_H
