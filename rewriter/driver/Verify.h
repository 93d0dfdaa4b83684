//===- Verify.h - Verification harnesses for --verify -----------*- C++ -*-===//
//
// For each kernel, a stand-alone .cu program that runs the original loop on
// the CPU and the kernel on the GPU over the same pseudo-random inputs,
// compares every element of every array the loop writes (and every
// reduction result), and prints PASS or FAIL with both times.
//
// Inputs: the loop runs over [0, N) with N = 2^16 (a power of two, so that
// subscripts such as i ^ j stay inside [0, N)); every array holds 8 N + 4096
// elements; an integer scalar that the loop's end bound names gets N, any
// other integer scalar a value in [1, 7], a floating scalar one in [-1, 1].
// Integers compare exactly; floating array elements within a relative
// 1e-5; floating reduction results, whose order of operations differs,
// within a relative 1e-3 (float) or 1e-9 (double) of max(|cpu|, 1): over
// 2^16 terms in [-1, 1] that is far above the rounding either order makes
// and far below a wrong result.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_VERIFY_H
#define LOOP2CUDA_DRIVER_VERIFY_H

#include "driver/HostEmitter.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

namespace l2c {

/// (kernel name, harness text) for every kernel of Final. A kernel that
/// gets no harness gets a note on Notes instead.
llvm::Expected<std::vector<std::pair<std::string, std::string>>>
makeVerifyHarnesses(const EmitInput &In, clang::ASTContext &Ctx,
                    const Term &Final, llvm::raw_ostream &Notes);

} // namespace l2c

#endif
