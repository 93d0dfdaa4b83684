//===- Pragmas.cpp - Statement pragmas in kernel code ---------------------===//
//
// docs/term-vocabulary.md lists the pragma terms; Pragmas.h says how they
// print.
//
//===----------------------------------------------------------------------===//

#include "print/Pragmas.h"

namespace l2c {

std::optional<std::string> statementPragma(const Term &S) {
  if (S.isApp("Unroll", 1))
    return std::string("#pragma unroll");
  return std::nullopt;
}

} // namespace l2c
