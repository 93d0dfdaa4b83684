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

namespace l2c {
namespace detail {

/// An arithmetic or enumeration type (through references).
bool isScalarType(clang::QualType T);

/// The name of the user-defined type (class, struct, union, enum) that T is
/// or points to, or "" for built-in types. Kernels are printed before the
/// file's own declarations, so they can use built-in types only.
std::string userTypeIn(clang::QualType T);

/// Why What, of the user-defined type Type, cannot be on the device.
std::string userTypeReason(const std::string &What, const std::string &Type);

/// Why evaluating E may have an effect or give another value each time
/// (an assignment, ++/--, a call to a user function or a non-const member
/// function), or "" when it has none. Functions of the system headers
/// (std::min, strlen, ...) count as pure.
std::string effectIn(const clang::Stmt *E);

/// Whether T (through references) is the class of a lambda.
bool isLambdaType(clang::QualType T);

/// size(), max_size() or empty() of std::array: constants.
bool constantArrayMethod(const clang::CXXMethodDecl *MD);

/// Whether S refers to V.
bool mentions(const clang::Stmt *S, const clang::VarDecl *V);

/// Adds the names of the variables S refers to to Out.
void collectVarNames(const clang::Stmt *S, std::set<std::string> &Out);

} // namespace detail
} // namespace l2c

#endif
