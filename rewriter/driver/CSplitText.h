//===- CSplitText.h - Names and declarations of a split C file -*- C++ -*-===//
//
// The helpers that CSplit.cpp (the plan, the host part) and
// CSplitGpuPart.cpp (the .cu) share: what C++ rejects in a C file, the
// top-level declarations of the main file, and the text that joins the
// two parts (prototypes, entries, the names of published addresses).
// Driver-internal: it includes Clang's headers.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_CSPLITTEXT_H
#define LOOP2CUDA_DRIVER_CSPLITTEXT_H

#include "driver/CSplit.h"

#include "clang/AST/Decl.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace l2c {
namespace csplit {

using clang::ASTContext;
using clang::Decl;
using clang::FunctionDecl;
using clang::LangOptions;
using clang::NamedDecl;
using clang::PrintingPolicy;
using clang::SourceLocation;
using clang::SourceManager;
using clang::SourceRange;
using clang::VarDecl;
using llvm::StringRef;

/// Words that C++ reserves and C does not (C's own keywords and the names
/// its headers define as macros, such as bool or alignas, are not here:
/// a C file cannot declare them).
bool isCxxKeyword(StringRef Name);
/// A name that C++'s (and CUDA's) library headers declare as a function
/// where C's do not: a C file's own y1 or min clashes with it in C++.
bool isCxxLibraryName(StringRef Name);

bool inMainFile(const SourceManager &SM, SourceLocation Loc);

/// The main file's range of D, from its first to its last token.
SourceRange fileRange(const SourceManager &SM, const Decl *D);

bool contains(const SourceManager &SM, SourceRange R, SourceLocation Loc);

/// Called without any declaration (C89's implicit declaration). A library
/// function that a header declares has an implicit first declaration too.
bool undeclared(const FunctionDecl *FD);

bool isStatic(const FunctionDecl *FD);

/// A definition whose return type is not written (C89's implicit int).
bool hasImplicitInt(const FunctionDecl *FD);

/// A definition that C++ cannot read: K&R parameters or implicit int.
bool needsNewHeader(const FunctionDecl *FD);

PrintingPolicy policyOf(const ASTContext &Ctx);

/// The declaration of FD for C++: K&R parameters as their promoted types (a
/// caller converts arguments that way), a variably modified parameter as
/// void *, a declaration without parameter information as `(...)`. With
/// Names, parameters keep their names (a definition's header).
std::string cxxPrototype(const FunctionDecl *FD, bool Names,
                         std::string *Entry = nullptr);

/// The declaration of V as an `extern` declaration (C++ or C).
std::string externVar(const VarDecl *V);

/// Just past the `;` that ends the declaration whose last token is at End,
/// or an invalid location.
SourceLocation pastSemicolon(const SourceManager &SM, const LangOptions &LO,
                             SourceLocation End);

/// The top-level declarations of the main file, in groups that share their
/// first token (`int a, b;`, `struct S {...} s;`).
std::vector<std::vector<Decl *>> declGroups(ASTContext &Ctx);

std::string labelOf(const CSplitPlan &Plan, const NamedDecl *D);

/// Whether the .cu must name FD's symbol with a label: a function of C
/// linkage named by a C++ keyword, which the .cu renames.
bool needsLabel(const CSplitPlan &Plan, const FunctionDecl *FD);

/// The C-linkage entry of a static function with GPU code, which the host
/// part's copy of the function calls.
std::string entryName(const CSplitPlan &Plan, const FunctionDecl *FD);

/// The host address of a static variable that the .cu uses.
std::string refName(const CSplitPlan &Plan, const VarDecl *V);

/// FD's parameter types for an entry: K&R parameters promoted, variably
/// modified ones as void *; Names: l2c_a0, l2c_a1, ...
std::string entryParams(const FunctionDecl *FD, bool Names);

/// `RET NAME(PARAMS)` with the return type of FD.
std::string entryHead(const FunctionDecl *FD, const std::string &Name,
                      bool Names);

/// `return CALLEE(l2c_a0, ...);` (without `return` for void).
std::string forwardCall(const FunctionDecl *FD, const std::string &Callee);

/// Just past the `;` that ends the declaration group G, or an error.
llvm::Expected<SourceLocation> groupEnd(const SourceManager &SM,
                                        const LangOptions &LO,
                                        const std::vector<Decl *> &G);

/// `T *const l2c_<stem>_<name>_ref`: the declarator of the address of V
/// that the host part publishes.
std::string publishedPointer(const CSplitPlan &Plan, const VarDecl *V);

} // namespace csplit
} // namespace l2c

#endif
