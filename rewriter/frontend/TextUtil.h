//===- TextUtil.h - Helpers on host source text -----------------*- C++ -*-===//
//
// Small helpers on the source text that the analysis puts into terms
// (bounds, extents): identifiers, constants, the variables named.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_TEXTUTIL_H
#define LOOP2CUDA_FRONTEND_TEXTUTIL_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <set>
#include <string>

namespace l2c {
namespace detail {

/// Whether S is a C identifier.
bool isIdentifierText(llvm::StringRef S);

/// Whether S is an identifier or a number: it needs no parentheses.
bool isSimpleText(llvm::StringRef S);

/// Text for `Base + K` (K may be negative), folding a trailing constant of
/// Base: ("n - 1", 1) -> "n". Base is parenthesised where needed.
std::string addConstant(llvm::StringRef Base, int64_t K);

/// Identifiers in host text that look like variables (not calls, members
/// or keywords): the deps of a clause's texts.
void collectTextIdents(llvm::StringRef Text, std::set<std::string> &Out);

} // namespace detail
} // namespace l2c

#endif
