//===- HostEmitter.h - Prints the rewritten translation unit ----*- C++ -*-===//
//
// Turns the final TranslationUnit term into the output .cu text: a header,
// then the user's source with only the marked loops replaced by launches and
// the glue terms (InitDevice, CopyIn, CopyOut, Free) inserted between the
// opaque host statements, through clang::Rewriter so that comments and
// layout survive. The device functions and kernels (printed from their
// terms) go before the declarations that use them (DevicePlacement.h).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_HOSTEMITTER_H
#define LOOP2CUDA_DRIVER_HOSTEMITTER_H

#include "driver/PassesLaunch.h"
#include "term/Term.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/Support/Error.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Rewriter;
} // namespace clang

namespace l2c {

struct EmitInput {
  Term TranslationUnit;
  /// The TranslationUnit term as the front end built it (for --verify).
  Term Initial;
  std::map<int64_t, clang::SourceRange> Ranges;
  /// HostData id -> the directive that ends it (FrontendResult::RegionEnds).
  std::map<int64_t, clang::SourceLocation> RegionEnds;
  /// Marked loop id -> pragma lines to comment out
  /// (FrontendResult::GapPragmas).
  std::map<int64_t, std::vector<clang::SourceLocation>> GapPragmas;
  /// The pragma lines of loops kept for a run on the host
  /// (FrontendResult::HostFallback).
  std::map<int64_t, std::vector<clang::SourceLocation>> HostFallback;
  /// Marked loop id -> its launch's arguments for members that travel
  /// alone (FrontendResult::HostArgs).
  std::map<int64_t, HostArgs> MemberArgs;
  /// Function id -> stand-in -> host expression (FrontendResult::GlueNames).
  std::map<int64_t, std::map<std::string, std::string>> GlueNames;
  /// HostLoop id -> its OpenMP directive (FrontendResult::InOrderLoops).
  std::map<int64_t, clang::SourceLocation> InOrderLoops;
  std::vector<Term> DeviceFunctions;
  /// Kernel name -> the rule sets that created or changed it, in order.
  std::map<std::string, std::vector<std::string>> Provenance;
  std::string SourceName; // as given on the command line
  /// Lines after the runtime #include (cPrologue() for a C input).
  std::string Prologue;
};

/// Returns the whole text of the output .cu file.
llvm::Expected<std::string> emitTranslationUnit(const EmitInput &In,
                                                clang::ASTContext &Ctx,
                                                clang::Rewriter &RW);

/// The checked launch statement (with a comment line above it) for
/// Launch(Kernel(...), "file:line", id, Range(lb, end, step), Threads(n),
/// [Array...]). Args: the host expressions of parameters that stand for
/// members (p->n for p_n); any other parameter passes its own name.
std::string launchStatement(const Term &Launch, const HostArgs *Args = nullptr);

/// All Kernel terms of T (inside Launch terms), first occurrence of each
/// name, in order.
std::vector<Term> collectKernels(const Term &T);

} // namespace l2c

#endif
