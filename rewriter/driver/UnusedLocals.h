//===- UnusedLocals.h - Host locals that only the moved loops used -*- C++
//-*-===//
//
// A loop that goes to the GPU takes its uses of host locals with it: C code
// declares `int i, j, k;` at the top of a function, and once the loops that
// used them run as kernels, nvcc warns that each is declared but never
// referenced. Such a declaration gets [[maybe_unused]] (which changes
// nothing else).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_UNUSEDLOCALS_H
#define LOOP2CUDA_DRIVER_UNUSEDLOCALS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace clang {
class ASTContext;
class Rewriter;
} // namespace clang

namespace l2c {

/// Writes `[[maybe_unused]] ` before each declaration statement of
/// non-static locals of the main file one of which is used only inside the
/// Replaced ranges (the loops that became launches) and is not named by the
/// text of the Launches that replaced them.
void markLocalsLeftUnused(clang::ASTContext &Ctx, clang::Rewriter &RW,
                          const std::vector<clang::SourceRange> &Replaced,
                          llvm::StringRef Launches);

} // namespace l2c

#endif // LOOP2CUDA_DRIVER_UNUSEDLOCALS_H
