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
// Integers compare exactly; floating results within a relative 1e-5
// (1e-4 for reduction results, whose order of operations differs).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_VERIFY_H
#define LOOP2CUDA_DRIVER_VERIFY_H

#include "driver/HostEmitter.h"

#include <string>
#include <utility>
#include <vector>

namespace l2c {

/// (kernel name, harness text) for every kernel of Final.
llvm::Expected<std::vector<std::pair<std::string, std::string>>>
makeVerifyHarnesses(const EmitInput &In, clang::ASTContext &Ctx,
                    const Term &Final);

} // namespace l2c

#endif
