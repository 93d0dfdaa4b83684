//===- CSplit.h - A C input as C host code plus a .cu -----------*- C++ -*-===//
//
// A C input whose text C++ cannot take (K&R definitions, C++ keywords used
// as names, implicit int, implicit declarations, a conversion that no edit
// can fix) is split in two, so that its host part stays C:
//
//  - <stem>.c, the host part: the file as written, for the user's C
//    compiler, with each function that has GPU code replaced by its
//    declaration;
//  - <stem>_gpu.cu, the GPU part: those functions (with the edits C++ needs,
//    their launches and their kernels), the file's declarations as
//    `extern "C"` declarations, and copies of the static functions they
//    call.
//
// Both keep C linkage, so the program's other files link with them
// unchanged. Nothing of the host part's text changes but bodies that move:
// a static function with GPU code keeps its header there (whatever macro
// spells `static`), and its body calls the .cu's C-linkage entry
// `l2c_<stem>_<name>`; a static variable that the .cu uses stays defined
// there and publishes its address (`l2c_<stem>_<name>_ref`), which the .cu
// binds to a reference of the variable's own name.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_CSPLIT_H
#define LOOP2CUDA_DRIVER_CSPLIT_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class FunctionDecl;
class Rewriter;
class VarDecl;
} // namespace clang

namespace l2c {

/// What C++ rejects in the main file of Ctx and no edit fixes.
struct CxxObstacles {
  /// One line each ("'squash' has a K&R definition"); empty when there is
  /// nothing.
  std::vector<std::string> Reasons;
  /// The C++ keywords that the file and its user headers use as names.
  std::set<std::string> Keywords;
};
CxxObstacles cxxObstacles(clang::ASTContext &Ctx);

/// Which declarations of the main file go where.
struct CSplitPlan {
  /// Definitions with GPU code: their bodies go to the .cu only.
  std::set<const clang::FunctionDecl *> Gpu;
  /// Static functions those call (transitively): defined in both files.
  std::set<const clang::FunctionDecl *> Copied;
  /// Static variables those use (with the rest of their declaration
  /// group): the host part publishes their addresses.
  std::set<const clang::VarDecl *> SharedStatics;
  /// Functions and variables of the file that the .cu part refers to.
  std::set<const clang::Decl *> Used;
  /// C++ keywords that the file uses as names.
  std::set<std::string> Keywords;
  /// The file's stem as part of an identifier.
  std::string Stem;

  /// Whether Loc lies in the part that goes to the .cu as written: outside
  /// the definitions of functions with no GPU code.
  bool inGpuPart(const clang::ASTContext &Ctx, clang::SourceLocation Loc) const;
};

/// Plans the split of the main file of Ctx, whose functions starting at
/// GpuStarts (any location inside each) have GPU code; Keywords from
/// cxxObstacles.
CSplitPlan planCSplit(clang::ASTContext &Ctx,
                      const std::vector<clang::SourceLocation> &GpuStarts,
                      const std::string &FileStem,
                      std::set<std::string> Keywords);

/// Edits RW (the text of the .cu) to the GPU part. Returns the lines that go
/// at the top of the .cu, after the runtime's include.
llvm::Expected<std::string> editGpuPart(clang::ASTContext &Ctx,
                                        clang::Rewriter &RW,
                                        const CSplitPlan &Plan);

/// The text of the host part (<stem>.c); GpuFile names the .cu.
llvm::Expected<std::string> hostPart(clang::ASTContext &Ctx,
                                     const CSplitPlan &Plan,
                                     const std::string &SourceName,
                                     const std::string &GpuFile);

} // namespace l2c

#endif
