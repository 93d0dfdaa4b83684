//===- MarkLoops.h - Finding the marked loops -------------------*- C++ -*-===//
//
// The first step of the front end: the loops that the mark-loop matcher
// selects and that carry a mark (a loop2cuda pragma or an OpenMP loop
// directive), and the `omp parallel` regions around them.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_MARKLOOPS_H
#define LOOP2CUDA_FRONTEND_MARKLOOPS_H

#include "frontend/Internal.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace l2c {
namespace detail {

/// What findMarkedLoops finds in the user's function definitions.
struct MarkedLoops {
  /// Outer loops before the loops nested in them.
  std::vector<std::unique_ptr<MarkedLoop>> Loops;
  /// The functions that hold marked loops.
  std::vector<const clang::FunctionDecl *> Functions;
  /// The loop2cuda pragmas that stand right before a for loop.
  std::set<const LoopPragma *> UsedPragmas;
  /// The `omp parallel` regions (not in marked loops) and their functions.
  std::vector<std::pair<const clang::OMPParallelDirective *,
                        const clang::FunctionDecl *>>
      Regions;
};

/// Keeps the matcher expression of a clang-query style text: drops comment
/// lines and a leading `match` / `m` command.
std::string matcherExpression(llvm::StringRef Text);

/// Finds the marked loops among Candidates (the loops that the mark-loop
/// matcher selects) and the parallel regions; warns about the pragmas and
/// directives that mark no loop.
MarkedLoops
findMarkedLoops(FrontendContext &FC, const PragmaLog &Log,
                const llvm::DenseSet<const clang::Stmt *> &Candidates);

/// Replaces each `omp simd` (or `omp loop`) directive in the marked loops
/// by its loop, which each GPU thread then runs in order; a directive with a
/// clause that order does not satisfy stays, with the reason in
/// FrontendContext::KeptDirectives (InnerSimd.cpp).
void spliceInnerSimdLoops(FrontendContext &FC, const MarkedLoops &Marked);

/// Keeps on the CPU, with a warning, the accepted loops of each function
/// whose loops all sit in a loop of the host code and have a work bound of
/// at most FrontendOptions::MinLaunchWork (LaunchWork.cpp).
void keepSmallLoopsOnCpu(FrontendContext &FC, MarkedLoops &Marked);

/// A loop the front end tries in place of the rejected marked loop ML (a
/// loop of its body, its interchanged nest, a part of it): For, standing
/// for ML's statement, in ML's function and region, with ML's extents
/// (InnerLoops.cpp).
std::unique_ptr<MarkedLoop> standIn(const MarkedLoop &ML,
                                    const clang::ForStmt *For);

/// analyzeLoop, with the diagnostics kept in Diags: a loop tried in place
/// of another reports only when it is used (InnerLoops.cpp).
bool analyzeDeferred(FrontendContext &FC, MarkedLoop &L,
                     std::vector<std::function<void()>> &Diags);

/// The variable that F's header counts with, when its init assigns or
/// declares one (InnerLoops.cpp).
const clang::VarDecl *counter(const clang::ForStmt *F);

/// F's nest with its header and that of the one loop of its body
/// exchanged, built from the same statements, or null when the body is not
/// one loop or that loop's header uses F's counter (InnerLoops.cpp).
const clang::ForStmt *interchangedNest(FrontendContext &FC,
                                       const clang::ForStmt *F);

/// After Marked.Loops[At] was rejected and not interchanged: splits its
/// loop into loops of parts of its body (and of the body of a loop in it)
/// that share no data but arrays each part reads or writes only at the
/// loop's counter, when every such loop, or its interchanged nest, runs on
/// the GPU; appends them, accepted, and returns true (Distribute.cpp).
bool tryDistribution(FrontendContext &FC, MarkedLoops &Marked, size_t At);

/// Marked.Loops[At]'s body is statements and then one loop: the shape
/// analyzePeeled tries (Distribute.cpp).
bool peelShape(const MarkedLoop &ML);

/// Analyses Marked.Loops[At], of peelShape. When it is accepted as a kernel
/// whose threads each run the inner loop, and the statements before that
/// loop write only array elements: the two loops `for i { statements }`
/// and `for i { loop }`, appended in its place when both are accepted and
/// the second as a nest whose inner loop gets a grid axis (correlation's
/// `corr[i][i] = 1; for (j = i + 1; ...)`). Returns what analyzeLoop would
/// (true also when the loop was replaced) (Distribute.cpp).
bool analyzePeeled(FrontendContext &FC, MarkedLoops &Marked, size_t At);

/// After Marked.Loops[At] was rejected: analyses the loops of its body, to
/// run on the GPU while it runs in order on the host, and appends them,
/// accepted, when every one of them is accepted and the other statements
/// are on scalars only, or run in kernels of one thread (trySerialRuns)
/// (InnerLoops.cpp).
void tryInnerLoops(FrontendContext &FC, MarkedLoops &Marked, size_t At,
                   const llvm::DenseSet<const clang::Stmt *> &Candidates);

/// A loop of one iteration (`for (int l2c_once = 0; l2c_once < 1;
/// ++l2c_once)`) whose body is Stmts, consecutive statements of one block
/// of FD, and whose range ends with the last of them (SerialKernels.cpp).
const clang::ForStmt *onceLoop(FrontendContext &FC,
                               const clang::FunctionDecl *FD,
                               llvm::ArrayRef<const clang::Stmt *> Stmts);

/// For tryInnerLoops, when not every statement of ML's body is a parallel
/// loop (Parallel) or a host statement on scalars (HostScalar): each run
/// of the others between the parallel loops as a kernel of one thread.
/// Appends the runs' stand-ins to Tried (and their diagnostics to Diags)
/// and returns true when all of them are accepted and the parallel loops
/// hold deeper nests than the runs (SerialKernels.cpp).
bool trySerialRuns(FrontendContext &FC, const MarkedLoop &ML,
                   llvm::ArrayRef<const clang::Stmt *> Stmts,
                   const std::vector<bool> &Parallel,
                   const std::vector<bool> &HostScalar,
                   std::vector<std::unique_ptr<MarkedLoop>> &Tried,
                   std::vector<std::vector<std::function<void()>>> &Diags);

/// "axpy<float>" for an instantiation of a template, "" otherwise.
std::string instantiationName(FrontendContext &FC,
                              const clang::FunctionDecl *FD);
/// Keeps the loops of a template's instantiations all on the GPU or all on
/// the CPU (Instantiations.cpp).
void agreeOnInstantiations(FrontendContext &FC, MarkedLoops &Marked,
                           FrontendResult &Result);

} // namespace detail
} // namespace l2c

#endif // LOOP2CUDA_FRONTEND_MARKLOOPS_H
