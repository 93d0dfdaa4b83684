//===- Pragmas.h - Statement pragmas in kernel code -------------*- C++ -*-===//
//
// Terms that put a `#pragma` line before the statement they wrap:
//   Unroll(s)   `#pragma unroll` then s (a loop with a constant trip count
//               that nvcc should unroll completely, so that the arrays it
//               indexes stay in registers)
// The CUDA printer prints the line, then the wrapped statement.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_PRINT_PRAGMAS_H
#define LOOP2CUDA_PRINT_PRAGMAS_H

#include "term/Term.h"

#include <optional>
#include <string>

namespace l2c {

/// The pragma line (no newline) of a pragma term, or nothing for any other
/// term. The wrapped statement is the term's only argument.
std::optional<std::string> statementPragma(const Term &S);

} // namespace l2c

#endif
