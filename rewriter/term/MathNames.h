//===- MathNames.h - The math functions device code may call ----*- C++ -*-===//
//
// The <cmath> and <cstdlib> functions that CUDA declares for the device with
// the float and double overloads of C++. They take their arguments by value
// and touch no memory: the front end lets kernels call them, and the facts
// that ask what a kernel reads or writes look through them.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_TERM_MATHNAMES_H
#define LOOP2CUDA_TERM_MATHNAMES_H

#include "llvm/ADT/StringRef.h"

namespace l2c {

/// Name is one of those functions, unqualified: "sqrt", "fabsf", "fmax".
/// Not "abs": the front end gives its overloads a function of the runtime
/// (l2c::abs), and a template abs is no such function.
bool isMathName(llvm::StringRef Name);

/// The callee of a call names such a function or abs, as written in a term:
/// "std::sqrt", "l2c::abs", "fmax<float>".
bool isMathCallee(llvm::StringRef Callee);

} // namespace l2c

#endif
