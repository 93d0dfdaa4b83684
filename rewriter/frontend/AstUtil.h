//===- AstUtil.h - Small queries on types and statements --------*- C++ -*-===//
//
// Type and statement queries shared by the loop analysis and the
// conversion of device code.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_ASTUTIL_H
#define LOOP2CUDA_FRONTEND_ASTUTIL_H

#include "frontend/Internal.h"

#include <set>
#include <string>

namespace clang {
class ParentMap;
}

namespace l2c {
namespace detail {

/// Whether a preprocessor directive other than #pragma (#else, #endif,
/// ...) starts a line in [From, To) of one file; Pragmas gets the '#' of
/// each #pragma line there.
bool directivesBetween(const clang::SourceManager &SM,
                       clang::SourceLocation From, clang::SourceLocation To,
                       std::vector<clang::SourceLocation> &Pragmas);

/// An arithmetic or enumeration type (through references).
bool isScalarType(clang::QualType T);

/// Why values of T (a struct; or the structs T points to or holds) cannot
/// go to the device as their bytes (a member that points into host memory,
/// virtual functions, a member that owns memory), or "" when they can.
/// With ArrayMembersApart, T's own pointer members do not count: they
/// travel as arrays of their own (s.a).
std::string deviceTypeProblem(clang::QualType T,
                              bool ArrayMembersApart = false);

/// Why evaluating E may have an effect or give another value each time
/// (an assignment, ++/--, a call to a user function or a non-const member
/// function), or "" when it has none. Functions of the system headers
/// (std::min, strlen, ...) count as pure.
std::string effectIn(const clang::Stmt *E);

/// The statement of `#pragma omp atomic` (no clause but `update`), or of
/// a `critical` section that holds one expression statement or one `if`
/// without `else`; null for any other statement (AtomicUpdates.cpp).
const clang::Stmt *atomicUpdateStmt(const clang::Stmt *S);

/// The parent of S in PM past any parentheses around it; Child becomes the
/// outermost of S and those parentheses (the operand the parent sees).
const clang::Stmt *parentPastParens(clang::ParentMap &PM, const clang::Stmt *S,
                                    const clang::Stmt *&Child);

/// Whether T (through references) is the class of a lambda.
bool isLambdaType(clang::QualType T);

/// size(), max_size() or empty() of std::array: constants.
bool constantArrayMethod(const clang::CXXMethodDecl *MD);

/// The integer offset of pointer arithmetic P from its base (a + e,
/// e + a, a + e - f: e, e - f), built in Ctx for the analysis only; null
/// when P is no such sum (Base is then P).
const clang::Expr *pointerOffset(clang::ASTContext &Ctx, const clang::Expr *P,
                                 const clang::Expr *&Base);

/// Whether S refers to V.
bool mentions(const clang::Stmt *S, const clang::VarDecl *V);

/// Whether S writes V anywhere (assignment, increment, address taken,
/// bound to a non-const reference).
bool writesVar(const clang::Stmt *S, const clang::VarDecl *V);

/// Whether the loop body S has a `continue` of its own loop (not of a loop
/// inside it).
bool continuesLoop(const clang::Stmt *S);

/// Adds the names of the variables S refers to to Out.
void collectVarNames(const clang::Stmt *S, std::set<std::string> &Out);

/// The value of `return e;` when it is the only statement of Body (a
/// compound statement), or null.
const clang::Expr *onlyReturnValue(const clang::Stmt *Body);

} // namespace detail
} // namespace l2c

#endif
