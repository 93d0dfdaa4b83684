//===- InlineCalls.h - The body of a helper, in its caller's terms -*- C++
//-*-===//
//
// The fact inlineCall of rule set inline-calls: a call statement of a small
// void device function (`swap_el(a, i, ixj)`, whose body swaps a[p] and
// a[q]) becomes the function's body with the parameters replaced by the
// arguments, so that the rules that follow see the accesses as the loop
// makes them (docs/rules/inline-calls.md).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_INLINECALLS_H
#define LOOP2CUDA_DRIVER_INLINECALLS_H

#include "term/Term.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <vector>

namespace l2c {

/// Block([body]) of the DeviceFunction(name, "void", [Param…], [body]) of
/// Functions named F, its parameters replaced by Args and its locals
/// renamed l2c_<F>_<local>; std::nullopt when there is none, it returns or
/// calls anything, or an argument is not a variable or a constant.
std::optional<Term> inlineCall(llvm::ArrayRef<Term> Functions, const Term &F,
                               const Term &Args);

} // namespace l2c

#endif
