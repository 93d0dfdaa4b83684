//===- CSource.h - Edits that let nvcc (C++) build a C input ----*- C++ -*-===//
//
// A .c input is parsed as C, but its .cu output is compiled as C++ by nvcc.
// The few C constructs that C++ rejects and that are frequent in C code get
// small edits of the original text (nothing is re-printed):
//
//  - an implicit conversion from void * to T * (malloc and friends) gets an
//    explicit cast `(T *)`; one from an integer to an enum type gets
//    `(enum E)(...)`;
//  - `restrict` is defined as `__restrict__` (cPrologue());
//  - each `#include` of a user (non-system) header at file scope is wrapped
//    in `extern "C" { ... }`, so that the functions those headers declare,
//    defined in other C files, keep C linkage.
//
// A construct that needs an edit the tool cannot make (the conversion sits
// inside a macro's body, or in a header) gets a warning tagged [c-source]:
// nvcc would reject it.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_CSOURCE_H
#define LOOP2CUDA_DRIVER_CSOURCE_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Frontend/FrontendAction.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class InitListExpr;
class ASTContext;
class Rewriter;
} // namespace clang

namespace l2c {

/// One `#include` directive of the main file.
struct IncludeDirective {
  clang::SourceLocation Hash;        // the '#'
  clang::SourceLocation FilenameEnd; // just past the file name
  bool UserHeader = false;           // resolved outside the system dirs
};

/// Wraps Inner so that the `#include` directives of the parsed file are
/// recorded into *Out (cleared when the source file begins).
std::unique_ptr<clang::FrontendAction>
recordIncludes(std::unique_ptr<clang::FrontendAction> Inner,
               std::shared_ptr<std::vector<IncludeDirective>> Out);

/// What editCSource could not edit, at its place.
struct CSourceWarning {
  clang::SourceLocation Loc;
  std::string Message;
};

/// Applies the edits above to the main file of Ctx through RW (call it
/// before the host code is emitted: a marked loop that becomes a launch
/// replaces its text, edits inside it included), and returns what it
/// cannot edit. With InScope, only code at the places it accepts is edited
/// (the part of a split C file that goes to the .cu, CSplit.h).
std::vector<CSourceWarning>
editCSource(clang::ASTContext &Ctx, clang::Rewriter &RW,
            const std::vector<IncludeDirective> &Includes,
            std::function<bool(clang::SourceLocation)> InScope = nullptr);

/// Reports editCSource's warnings through Ctx's diagnostics ([c-source]).
void reportCSource(clang::ASTContext &Ctx,
                   const std::vector<CSourceWarning> &Warnings);

/// The lines that go near the top of the .cu of a C input.
const char *cPrologue();

/// How C++ takes the designators of a C initialiser list (its syntactic
/// form): Fine (none, or field designators in the fields' order),
/// OutOfOrder (field designators only, in another order: C++ takes them
/// reordered), or NotCxx (array or nested designators, or designated and
/// plain initialisers mixed).
enum class Designators { Fine, OutOfOrder, NotCxx };
Designators designatorsOf(const clang::InitListExpr *Syn);

} // namespace l2c

#endif
